package engine

import (
	"math/rand/v2"
	"testing"

	"pelennor/engine/geom"
)

// fzReach names the kinds of path actions the fuzzer must make legal now
// and then, so that its invariants are tried on real paths.
type fzReach struct {
	name string
	min  int                          // legal ones wanted in the 300 inputs
	is   func(g *Game, a Action) bool // on the game before a is applied
}

var fzReaches = []fzReach{
	{"single move with waypoints", 20, func(g *Game, a Action) bool { return a.Kind == ActMove && a.To != nil && len(a.Via) > 0 }},
	{"contact with waypoints", 20, func(g *Game, a Action) bool { return a.Kind == ActMove && a.Contact != nil && len(a.Via) > 0 }},
	{"contact on a flank or rear by a path", 2, func(g *Game, a Action) bool {
		return a.Kind == ActMove && a.Contact != nil && len(a.Via) > 0 && a.Contact.Edge != "front"
	}},
	{"group contact", 5, func(g *Game, a Action) bool { return a.Kind == ActGroup && a.Contact != nil }},
	{"column path with a bend", 20, func(g *Game, a Action) bool {
		if a.Kind != ActGroup || a.To == nil || len(a.Via) == 0 {
			return false
		}
		return a.To.Facing&int(geom.Turn-1) != a.Via[0].Facing&int(geom.Turn-1)
	}},
	{"column path onto a road", 5, func(g *Game, a Action) bool {
		return a.Kind == ActGroup && a.To != nil && len(a.Via) > 0 && g.Scenario().onRoad(fzPoint(a.Via[0].X, a.Via[0].Y)) &&
			g.Scenario().onRoad(fzPoint(a.To.X, a.To.Y))
	}},
	{"column path into contact", 2, func(g *Game, a Action) bool {
		lead, ok := g.Element(fzFirst(a.IDs))
		if a.Kind != ActGroup || a.To == nil || !ok {
			return false
		}
		for _, o := range g.Elements() {
			if o.Side != lead.Side && o.OnTable() && *poseOf(geom.Against(o.Base, geom.Front, lead.Base.Width, lead.Base.Depth)) == *a.To {
				return true
			}
		}
		return false
	}},
}

// The decoder's path actions are legal often enough on the corpus's
// random inputs: each kind in fzReaches is legal at least its minimum
// number of times in the 300 inputs TestFuzzApplyCorpus plays (the rare
// ones, flank contacts and charging columns, need a long path and a free
// edge).
func TestFuzzPathsReached(t *testing.T) {
	rng := rand.New(rand.NewPCG(20261130, 7)) // TestFuzzApplyCorpus's inputs
	got := make([]int, len(fzReaches))
	for range 300 {
		g, d, _, _ := fzStart(t, fzRandomInput(rng))
		for n := 0; d.in.more() && n < fuzzMaxActions; n++ {
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
		if got[i] < r.min {
			t.Errorf("%s: only %d legal in 300 fuzz inputs; the decoder should make at least %d", r.name, got[i], r.min)
		}
	}
}

// fzFirst is the first of ids (a column's leader, as the decoder lists
// it), or 0.
func fzFirst(ids []int) int {
	if len(ids) == 0 {
		return 0
	}
	return ids[0]
}
