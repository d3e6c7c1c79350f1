package game

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
	"pelennor/game/saves"
)

// layTwo lays the first two features of the generator's layout.
func layTwo(t *testing.T, m *Match) {
	t.Helper()
	for _, f := range standardLayout(m)[:2] {
		if _, err := m.Submit(engine.Action{Kind: engine.ActTerrain, Op: engine.OpPlace, Feature: &f}); err != nil {
			t.Fatal(err)
		}
	}
}

// topSetup is the set-up screen under a hand-over, if any (dismissed
// with Space).
func topSetup(t *testing.T, a *App, s *input.Script) *SetupField {
	t.Helper()
	if _, ok := a.Top().(*Handover); ok {
		step(t, a, s, 4, input.Tap(0, ebiten.KeySpace)...)
	}
	sf, ok := a.Top().(*SetupField)
	if !ok {
		t.Fatalf("opened on %T, want the set-up screen", a.Top())
	}
	return sf
}

// A match saved, or left, in the middle of its set-up reopens on the
// set-up screen where it was: from the save, and with Continue from its
// journal in a new program over the same files.
func TestSetupResumes(t *testing.T) {
	st := memStorage()
	a, _ := app(t, Options{Storage: st})
	_, m := setupMatchOn(t, a, 7)
	playUntil(t, m, engine.StepTerrain)
	layTwo(t, m)
	ebitest.Run(t, a, 2)
	want := positionOf(m)
	name, err := a.SaveMatch(m, "mid set-up")
	if err != nil {
		t.Fatal(err)
	}
	b, sb := app(t, Options{Storage: st})
	if err := b.OpenSaved(saves.Info{Area: saves.AreaSaves, Name: name}); err != nil {
		t.Fatal(err)
	}
	if got := positionOf(topSetup(t, b, sb).M); got != want {
		t.Errorf("the save reopened at %+v, want %+v", got, want)
	}
	c, sc := app(t, Options{Storage: st})
	continued(t, c, sc)
	sf := topSetup(t, c, sc)
	if got := positionOf(sf.M); got != want || len(sf.M.G.SetupTerrain()) != 2 {
		t.Errorf("Continue resumed at %+v with %d features, want %+v", got, len(sf.M.G.SetupTerrain()), want)
	}
}

// Undo in the set-up: a feature laid is taken back, a die rolled cannot
// be (the button is disabled); a stronghold placed is taken back from
// the battle screen's deployment, which returns to the set-up screen.
func TestSetupUndo(t *testing.T) {
	a, s := app(t, Options{})
	_, m := setupMatchOn(t, a, 7)
	playUntil(t, m, engine.StepTerrain)
	sf := topSetup(t, a, s)
	ebitest.Run(t, a, 2)
	if !sf.undo.Disabled {
		t.Error("Undo is enabled after the roll for who defends")
	}
	layTwo(t, m)
	ebitest.Run(t, a, 2)
	r := sf.undo.Rect
	step(t, a, s, 4, input.Click(0, r.CX(), r.CY())...)
	if n := len(m.G.SetupTerrain()); n != 1 {
		t.Fatalf("after Undo: %d features, want 1", n)
	}
	playUntil(t, m, engine.StepDone)
	a.Reset(OpenMatch(a, m))
	if _, ok := a.Top().(*Battle); !ok || m.G.Phase() != engine.PhaseDeploy {
		t.Fatalf("after the stronghold: %T in %s", a.Top(), m.G.Phase())
	}
	step(t, a, s, 4, ctrl(ebiten.KeyZ, false)...)
	if st, _ := m.G.SetupStep(); st != engine.StepStronghold {
		t.Fatalf("after Ctrl+Z in the deployment: step %s", st)
	}
	if _, ok := a.Top().(*SetupField); !ok {
		t.Errorf("the stronghold taken back leaves %T on top", a.Top())
	}
}
