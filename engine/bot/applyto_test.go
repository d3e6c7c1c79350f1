package bot

import (
	"errors"
	"reflect"
	"testing"

	"pelennor/engine"
	"pelennor/engine/dice"
)

// ApplyTo appends to its buffer exactly the events Apply returns, through
// a whole game, whether the move was kept by Allowed or made afresh, and
// an illegal action leaves the buffer as it was.
func TestApplyToAppendsApplysEvents(t *testing.T) {
	sc := load(t, "pelennor")
	const seed = 3
	want, _, err := engine.New(sc, dice.NewPCG(seed), *rulingsOf(sc))
	if err != nil {
		t.Fatal(err)
	}
	got, _, _ := engine.New(sc, dice.NewPCG(seed), *rulingsOf(sc))
	b := newFor(seed)
	mark := engine.Event{Kind: engine.EvBound, Value: -7, Detail: "before"}
	buf := make([]engine.Event, 0, 4)
	kept := 0
	for n := 0; want.Winner() < 0 && want.Bound() <= 40; n++ {
		a := b.Next(want) // asks want, so want keeps the move it chose
		if n%2 == 0 && got.Allowed(a) {
			kept++ // got commits the move it kept, too
		}
		evs, err := want.Apply(a)
		if err != nil {
			t.Fatal(err)
		}
		buf, err = got.ApplyTo(append(buf[:0], mark), a)
		if err != nil {
			t.Fatalf("action %d: ApplyTo refused what Apply took: %v", n, err)
		}
		if buf[0].Detail != mark.Detail || !reflect.DeepEqual(buf[1:], evs) && len(evs)+len(buf[1:]) > 0 {
			t.Fatalf("action %d (%s): ApplyTo appended %v\nApply returned %v", n, a.Kind, buf[1:], evs)
		}
		if n%50 == 0 {
			before := append(buf[:0], mark)
			after, err := got.ApplyTo(before, engine.Action{Kind: engine.ActMove, ID: -1})
			var ill *engine.IllegalError
			if !errors.As(err, &ill) || len(after) != 1 || after[0].Detail != mark.Detail {
				t.Fatalf("an illegal action: %v, buffer %v", err, after)
			}
		}
	}
	if want.Hash() != got.Hash() {
		t.Errorf("the games parted: %s and %s", want.Hash(), got.Hash())
	}
	t.Logf("%d moves kept, bound %d", kept, want.Bound())
	if kept == 0 {
		t.Error("no move was kept by Allowed: the fast path went untried")
	}
}
