package engine

import (
	"os"
	"testing"

	"pelennor/engine/dice"
)

// goldenPelennor loads the golden Pelennor save and its scenario.
func goldenPelennor(t testing.TB) (*Save, *Scenario) {
	t.Helper()
	data, err := os.ReadFile("testdata/golden/pelennor.json")
	if err != nil {
		t.Fatal(err)
	}
	s, err := ParseSave("pelennor.json", data)
	if err != nil {
		t.Fatal(err)
	}
	scData, err := os.ReadFile("../scenarios/pelennor.json")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := ParseScenario("pelennor.json", scData)
	if err != nil {
		t.Fatal(err)
	}
	return s, sc
}

// simDelta runs f and returns the games started and actions applied in it.
func simDelta(f func()) (games, actions int64) {
	g0, a0 := Simulated()
	f()
	g1, a1 := Simulated()
	return g1 - g0, a1 - a0
}

// Resuming the golden game simulates it once; every position At restores
// is the one a simulation from the start reaches (hash, dice, events and
// bound), and applies fewer than snapEvery actions to get there.
func TestHistoryAtEveryPosition(t *testing.T) {
	s, sc := goldenPelennor(t)
	var h *History
	var err error
	games, actions := simDelta(func() { h, err = Resume(s, sc) })
	if err != nil {
		t.Fatal(err)
	}
	if games != 1 || actions != int64(len(s.Actions)) {
		t.Fatalf("resuming simulated %d games and %d actions; want 1 and %d", games, actions, len(s.Actions))
	}
	g, evs, err := NewGame(sc, dice.NewPCG(*s.Seed), Options{Rulings: s.Rulings, Deployment: s.Deployment})
	if err != nil {
		t.Fatal(err)
	}
	bound, seen := 0, 0
	for n := 0; n <= len(s.Actions); n++ {
		if n > 0 {
			e, err := g.Apply(s.Actions[n-1])
			if err != nil {
				t.Fatal(err)
			}
			evs = append(evs, e...)
		}
		for ; seen < len(evs); seen++ {
			if evs[seen].Kind == EvBound {
				bound = evs[seen].Value
			}
		}
		var at *Game
		var atEvs []Event
		games, actions := simDelta(func() { at, atEvs, err = h.At(n) })
		if err != nil {
			t.Fatal(err)
		}
		if games != 0 || actions >= snapEvery {
			t.Fatalf("At(%d) started %d games and applied %d actions", n, games, actions)
		}
		if at.Hash() != g.Hash() || at.Draws() != g.Draws() || len(atEvs) != len(evs) || h.BoundAt(n) != bound {
			t.Fatalf("At(%d): hash %s draws %d, %d events, bound %d; simulated %s %d, %d events, bound %d",
				n, at.Hash(), at.Draws(), len(atEvs), h.BoundAt(n), g.Hash(), g.Draws(), len(evs), bound)
		}
		if n > 0 && len(h.ActionEvents(n-1)) != len(evs)-h.EventCount(n-1) {
			t.Fatalf("action %d has %d events recorded", n-1, len(h.ActionEvents(n-1)))
		}
	}
	// Every bound's start is where its event lies.
	for b := 1; b <= h.Game().Bound(); b++ {
		k := h.BoundStart(b)
		if k < 0 || h.BoundAt(k) != b || k > 0 && h.BoundAt(k-1) == b {
			t.Errorf("bound %d starts after %d actions, but the bound there is %d", b, k, h.BoundAt(k))
		}
		if evs := h.BoundEvents(b); len(evs) == 0 || evs[0].Kind != EvBound || evs[0].Value != b {
			t.Errorf("bound %d's events do not begin with its start: %v", b, evs[:min(1, len(evs))])
		}
	}
}

// The save a history writes from its record is the file Record writes
// by simulating the actions, after every number of actions.
func TestHistorySaveIsRecord(t *testing.T) {
	s, sc := goldenPelennor(t)
	h, err := Resume(s, sc)
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Rulings: s.Rulings, Deployment: s.Deployment}
	for _, n := range []int{0, 1, 7, len(s.Actions) / 2, len(s.Actions)} {
		b, err := h.Branch(n)
		if err != nil {
			t.Fatal(err)
		}
		got, err := b.Save([]string{"A", "B"})
		if err != nil {
			t.Fatal(err)
		}
		want, _, err := Record(sc, s.Seed, nil, opts, s.Actions[:n])
		if err != nil {
			t.Fatal(err)
		}
		want.Players = []string{"A", "B"}
		gj, _ := got.Marshal()
		wj, _ := want.Marshal()
		if string(gj) != string(wj) {
			t.Errorf("after %d actions the history's save differs from Record's:\n%s\n%s", n, gj, wj)
		}
	}
}
