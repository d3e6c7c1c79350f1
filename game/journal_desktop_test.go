//go:build !js

package game

import (
	"errors"
	"strings"
	"testing"

	"pelennor/engine"
	"pelennor/game/store"
)

// A power cut in the middle of a journal write (the new file written,
// never renamed over the old) leaves the journal of the action before,
// whole: the next program continues from there. The failed write is
// shown at once.
func TestPowerCutDuringAJournalWrite(t *testing.T) {
	st := memStorage()
	dir := store.NewDir(t.TempDir())
	st.Journals = dir
	a, s := app(t, Options{Seed: 11, Show: "battle", Storage: st})
	b := a.Top().(*Battle)
	moveKnight(t, a, s, b)
	kept := positionOf(b.M)
	dir.Rename = func(string, string) error { return errors.New("power cut") }
	if _, err := b.M.Submit(engine.Action{Kind: engine.ActEndPhase}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(a.Toasts(), "\n"), "could not be kept") || b.M.keepErr == nil {
		t.Errorf("the failed write is not shown: %q", a.Toasts())
	}
	dir.Rename = nil
	after, as := app(t, Options{Storage: st})
	if got := positionOf(continued(t, after, as)); got != kept {
		t.Fatalf("after the power cut: %+v, want the journal before it %+v", got, kept)
	}
}
