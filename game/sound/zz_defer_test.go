package sound

import "testing"

// Held back by Defer (the browser, until its first frame), sound asked
// for makes no audio context: Begin makes it. It leaves a context made
// (one a process), so it runs last: go test runs the files' tests in
// the files' name order, hence zz_.
func TestDeferHoldsTheContextUntilBegin(t *testing.T) {
	Defer()
	Init(false)
	Play(Dice)
	if Active() {
		t.Fatal("an audio context was made before Begin")
	}
	if Muted() {
		t.Fatal("Init(false) is muted")
	}
	Begin()
	if !Active() {
		t.Fatal("no audio context after Begin")
	}
	Begin() // a second Begin changes nothing
	if !Active() {
		t.Fatal("the audio context went")
	}
}
