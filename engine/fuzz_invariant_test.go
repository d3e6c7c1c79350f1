package engine

import (
	"strings"
	"testing"

	"pelennor/engine/dice"
	"pelennor/engine/geom"
)

// The fuzzer's path invariants catch what they are there to catch: each
// case breaks one on a real position of the fuzz table (a legal move, then
// a doctored outcome) and expects the named complaint; the legal outcome
// itself passes.
func TestFuzzPathInvariantsCatch(t *testing.T) {
	sc := sharedFuzzScenario(t)
	g, _, err := NewGame(sc, dice.NewPCG(3), Options{})
	if err != nil {
		t.Fatal(err)
	}
	before := g.Elements()
	// Blades 8 steps 40 p right round nothing and 100 p ahead: 140 p.
	a := Action{Kind: ActMove, ID: 8, Via: []Pose{{X: 2000, Y: 1250}}, To: &Pose{X: 2000, Y: 1150}}
	evs := must(t, g, a)
	if err := fzPathMoved(g, a, before, evs); err != nil {
		t.Fatalf("a legal move by a waypoint: %v", err)
	}
	idx := func(id int) int {
		for i, e := range g.st.Elements {
			if e.ID == id {
				return i
			}
		}
		t.Fatalf("no element %d", id)
		return -1
	}
	doctored := func(f func(evs []Event, before []Element)) ([]Event, []Element) {
		e2, b2 := append([]Event(nil), evs...), append([]Element(nil), before...)
		f(e2, b2)
		return e2, b2
	}
	cases := []struct {
		name string
		evs  []Event
		bef  []Element
		want string
	}{
		{"reported distance not the legs'", func() []Event {
			e, _ := doctored(func(evs []Event, _ []Element) {
				for i := range evs {
					if evs[i].Kind == EvMoved {
						evs[i].Value += 5
					}
				}
			})
			return e
		}(), before, "its event reports"},
		{"further than any allowance over the legs", evs, func() []Element {
			_, b := doctored(func(_ []Event, b []Element) {
				b[idx(8)].Base = b[idx(8)].Base.Forward(geom.Paces(300))
			})
			return b
		}(), "more than it ever may"},
	}
	for _, c := range cases {
		err := fzPathMoved(g, a, c.bef, c.evs)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error saying %q", c.name, err, c.want)
		}
	}

	// Shooters 3 set front-edge flush on the front of Spears 23 but 40 p
	// off its corners: a lone move may stand so (D11), a group member not.
	g.st.Elements[idx(3)].Base.Front = geom.Point{X: geom.Paces(1000), Y: geom.Paces(1050)}
	e3, _ := g.Element(3)
	if err := fzTouches(g, e3, false); err != nil {
		t.Errorf("an offset front contact by a single move: %v", err)
	}
	if err := fzTouches(g, e3, true); err == nil || !strings.Contains(err.Error(), "unconformed") {
		t.Errorf("an offset front contact by a group member: got %v, want unconformed", err)
	}
	g.st.Elements[idx(3)].Base.Front = geom.Point{X: geom.Paces(960), Y: geom.Paces(1050)}
	if e3, _ = g.Element(3); fzTouches(g, e3, true) != nil {
		t.Errorf("a conformed front contact by a group member: %v", fzTouches(g, e3, true))
	}

	// A leg of Blades 7 straight through Spears 22 and 23 is caught; the
	// same leg for Sneakers 2 is not.
	b7, _ := g.Element(7)
	route := []geom.Base{b7.Base, b7.Base.Translate(geom.Point{X: geom.Paces(-900), Y: geom.Paces(-250)}), b7.Base}
	if err := fzLegsClear(g, b7, route, g.Elements(), nil, 0); err == nil || !strings.Contains(err.Error(), "passes through enemy") {
		t.Errorf("a leg through the enemy line: got %v, want passes through enemy", err)
	}
	b2, _ := g.Element(2)
	b2.Base = b7.Base
	if err := fzLegsClear(g, b2, route, g.Elements(), nil, 0); err != nil {
		t.Errorf("Sneakers passing through: %v", err)
	}
}
