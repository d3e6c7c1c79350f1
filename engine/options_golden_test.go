package engine

import (
	"errors"
	"testing"
)

// Along the golden Pelennor game, at the start of every fifth bound's
// move phase and in its distant phase, every answer the queries give as
// legal is one the engine accepts, and every non-target is refused.
func TestOptionsAlongGoldenGame(t *testing.T) {
	s, sc := goldenPelennor(t)
	g, _, err := s.start(sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	checked := map[string]int{}
	lastBound, lastPhase := -1, Phase(-1)
	for i, a := range s.Actions {
		if b, ph := g.Bound(), g.Phase(); b%5 == 0 && (b != lastBound || ph != lastPhase) {
			switch ph {
			case PhaseMove:
				checkMoveQueries(t, g, checked)
			case PhaseDistant:
				checkFireQueries(t, g, checked)
			}
			lastBound, lastPhase = b, ph
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatalf("action %d: %v", i, err)
		}
	}
	for _, what := range []string{"contact", "arrival", "target", "non-target"} {
		if checked[what] == 0 {
			t.Errorf("the golden game checked no %s", what)
		}
	}
	t.Logf("checked %v", checked)
}

func checkMoveQueries(t *testing.T, g *Game, checked map[string]int) {
	t.Helper()
	_, side := g.ToAct()
	for _, e := range g.Elements() {
		if e.Side != side || !e.OnTable() {
			continue
		}
		cs, err := g.Contacts(e.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cs {
			checked["contact"]++
			if err := g.Check(c.Action); err != nil {
				t.Errorf("bound %d: %d's listed contact on %d %s refused: %v", g.Bound(), e.ID, c.Target, c.Edge, err)
			}
		}
	}
	for _, a := range g.Arrivals(side) {
		if a.Kind == ActPlace || a.Together != nil {
			continue
		}
		if !a.Allowed {
			checked["refused arrival"]++
			for _, p := range a.Poses[:min(1, len(a.Poses))] {
				if g.Check(Action{Kind: a.Kind, ID: a.ID, To: &p}) == nil {
					t.Errorf("bound %d: arrival of %d refused (%s) but Check accepts it at %+v", g.Bound(), a.ID, a.Refusal.Code, p)
				}
			}
			continue
		}
		for k, p := range a.Poses {
			if k%10 != 0 {
				continue
			}
			checked["arrival"]++
			if err := g.Check(Action{Kind: a.Kind, ID: a.ID, To: &p}); err != nil {
				t.Errorf("bound %d: arrival of %d at %+v refused: %v", g.Bound(), a.ID, p, err)
			}
		}
	}
}

func checkFireQueries(t *testing.T, g *Game, checked map[string]int) {
	t.Helper()
	_, side := g.ToAct()
	for _, e := range g.Elements() {
		if e.Side != side || !e.OnTable() {
			continue
		}
		f, err := g.FireOptions(e.ID)
		if err != nil {
			t.Fatal(err)
		}
		kind := f.Kind
		for _, x := range f.Targets {
			checked["target"]++
			if err := g.Check(Action{Kind: kind, ID: e.ID, Target: x.ID}); err != nil {
				var ie *IllegalError
				if errors.As(err, &ie) {
					t.Errorf("bound %d: %d's listed target %d refused: %v", g.Bound(), e.ID, x.ID, err)
				}
			}
		}
		for _, x := range f.NonTargets {
			checked["non-target"]++
			if g.Check(Action{Kind: kind, ID: e.ID, Target: x.ID}) == nil {
				t.Errorf("bound %d: %d may %s non-target %d (%s)", g.Bound(), e.ID, kind, x.ID, x.Code)
			}
		}
	}
}
