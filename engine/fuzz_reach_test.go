package engine

import (
	"math/rand/v2"
	"testing"

	"pelennor/engine/dice"
	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// fzReach names the kinds of path actions the fuzzer must make legal now
// and then, so that its invariants are tried on real paths.
type fzReach struct {
	name string
	is   func(g *Game, a Action) bool // on the game before a is applied
}

var fzReaches = []fzReach{
	{"single move with waypoints", func(g *Game, a Action) bool { return a.Kind == ActMove && a.To != nil && len(a.Via) > 0 }},
	{"contact with waypoints", func(g *Game, a Action) bool { return a.Kind == ActMove && a.Contact != nil && len(a.Via) > 0 }},
	{"contact on a flank or rear by a path", func(g *Game, a Action) bool {
		return a.Kind == ActMove && a.Contact != nil && len(a.Via) > 0 && a.Contact.Edge != "front"
	}},
	{"group contact", func(g *Game, a Action) bool { return a.Kind == ActGroup && a.Contact != nil }},
	{"column path with a bend", func(g *Game, a Action) bool {
		if a.Kind != ActGroup || a.To == nil || len(a.Via) == 0 {
			return false
		}
		return a.To.Facing&int(geom.Turn-1) != a.Via[0].Facing&int(geom.Turn-1)
	}},
	{"column path onto a road", func(g *Game, a Action) bool {
		return a.Kind == ActGroup && a.To != nil && len(a.Via) > 0 && g.Scenario().onRoad(fzPoint(a.Via[0].X, a.Via[0].Y)) &&
			g.Scenario().onRoad(fzPoint(a.To.X, a.To.Y))
	}},
}

// The decoder's path actions are legal often enough on the corpus's
// random inputs: each kind in fzReaches is applied at least a few times
// in the 300 inputs TestFuzzApplyCorpus plays.
func TestFuzzPathsReached(t *testing.T) {
	sc := sharedFuzzScenario(t)
	rng := rand.New(rand.NewPCG(20261130, 7)) // TestFuzzApplyCorpus's inputs
	got := make([]int, len(fzReaches))
	for range 300 {
		in := &fzBytes{b: fzRandomInput(rng)}
		seed := uint64(in.byte())<<8 | uint64(in.byte())
		opt := in.byte()
		o := Options{Rulings: rules.Rulings{PrintedMoves: opt%4 == 0}, Deployment: opt&12 == 0}
		g, _, err := NewGame(sc, dice.NewPCG(seed), o)
		if err != nil {
			t.Fatal(err)
		}
		d := &fzDecoder{in: in, g: g}
		for _, e := range sc.Elements {
			d.ids = append(d.ids, e.ID)
		}
		for n := 0; in.more() && n < fuzzMaxActions; n++ {
			a := d.next()
			if g.Check(a) == nil {
				for i, r := range fzReaches {
					if r.is(g, a) {
						got[i]++
					}
				}
			}
			g.Apply(a)
		}
	}
	for i, r := range fzReaches {
		t.Logf("%s: %d legal", r.name, got[i])
		if got[i] < 3 {
			t.Errorf("%s: only %d legal in 300 fuzz inputs; the decoder should make at least 3", r.name, got[i])
		}
	}
}
