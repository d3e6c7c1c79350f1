package game

import (
	"fmt"
	"testing"

	"pelennor/engine"
	"pelennor/game/internal/ebitest"
	"pelennor/standard"
	"pelennor/terrain"
)

// setupMatch is a standard battle between the built-in Gondor and Mordor
// armies, in its set-up, started on an app driven by a script.
func setupMatch(t *testing.T, seed uint64) (*App, *Match) {
	t.Helper()
	a, _ := app(t, Options{})
	return setupMatchOn(t, a, seed)
}

// setupMatchOn starts the Gondor–Mordor standard battle on a.
func setupMatchOn(t *testing.T, a *App, seed uint64) (*App, *Match) {
	t.Helper()
	_, sc, err := standard.Builtin("gondor", "mordor")
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewMatch(sc, seed, [2]string{"Aragorn", "Gothmog"}, false)
	if err != nil {
		t.Fatal(err)
	}
	a.Reset(OpenMatch(a, m))
	return a, m
}

// playUntil submits standard.Next's actions until the set-up reaches
// step (the terrain laid by the seeded generator).
func playUntil(t *testing.T, m *Match, step engine.SetupStep) {
	t.Helper()
	lay := standard.Generated(m.Seed, [2]string{})
	for {
		if st, _ := m.G.SetupStep(); st >= step {
			return
		}
		act, ok := standard.Next(m.G, lay)
		if !ok {
			t.Fatalf("the set-up ended before step %s", step)
		}
		if _, err := m.Submit(act); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSetupScreenshots writes the terrain step (a layout part laid, so
// the problems show, a feature selected) and the stronghold step into
// $PELENNOR_SHOTS (skipped when unset). Run it at each size:
//
//	PELENNOR_SHOTS=docs EBITEST_SIZE=390x844 xvfb-run -a -s "-screen 0 1280x1200x24" go test -run SetupScreenshots ./game/
func TestSetupScreenshots(t *testing.T) {
	save := shotWriter(t)
	size := fmt.Sprintf("%dx%d", ebitest.Width, ebitest.Height)
	a, m := setupMatch(t, 3)
	playUntil(t, m, engine.StepTerrain)
	fs := standardLayout(m)
	for _, f := range fs[:3] {
		if _, err := m.Submit(engine.Action{Kind: engine.ActTerrain, Op: engine.OpPlace, Feature: &f}); err != nil {
			t.Fatal(err)
		}
	}
	// A marsh laid over the edge of the first feature: the overlap is
	// listed and both are outlined in red.
	marsh := terrain.Feature{Name: "Marsh 1", Kind: "marsh", Shape: "oval", X: fs[0].X + fs[0].Width/2, Y: fs[0].Y, Width: 360, Depth: 260}
	if _, err := m.Submit(engine.Action{Kind: engine.ActTerrain, Op: engine.OpPlace, Feature: &marsh}); err != nil {
		t.Fatal(err)
	}
	a.Reset(OpenMatch(a, m))
	sf := a.Top().(*SetupField)
	sf.Ctl.Sel = 3
	save("screenshot-setup-terrain-"+size+".png", ebitest.Run(t, a, 4))
	if ps := m.G.SetupProblems(); len(ps) == 0 || ps[0].Code != terrain.Overlapping {
		t.Errorf("the screenshot's layout has problems %v, want the marsh's overlap", ps)
	}
	if size != "1280x800" {
		return
	}
	if _, err := m.Submit(engine.Action{Kind: engine.ActTerrain, Op: engine.OpRemove, Index: 3}); err != nil {
		t.Fatal(err)
	}
	for _, f := range fs[3:] {
		if _, err := m.Submit(engine.Action{Kind: engine.ActTerrain, Op: engine.OpPlace, Feature: &f}); err != nil {
			t.Fatal(err)
		}
	}
	playUntil(t, m, engine.StepStronghold)
	a.Reset(OpenMatch(a, m))
	save("screenshot-setup-stronghold-"+size+".png", ebitest.Run(t, a, 4))
}

// standardLayout is the generator's layout for the match's seed.
func standardLayout(m *Match) []terrain.Feature {
	def, _ := m.G.Defender()
	return standard.Generated(m.Seed, [2]string{})(def)
}
