package engine

import (
	"slices"
	"testing"

	"pelennor/engine/rules"
)

// findContact returns the listed contact on target's edge, if any.
func findContact(cs []ContactOption, target int, edge string) (ContactOption, bool) {
	for _, c := range cs {
		if c.Target == target && c.Edge == edge {
			return c, true
		}
	}
	return ContactOption{}, false
}

// A Nazgûl whose straight flight to Imrahil's left flank passes through
// another Nazgûl: the flank is among its contacts, reached by waypoints,
// and every contact listed is an action the engine accepts.
func TestMoveOptionsFlyerFlankByLegs(t *testing.T) {
	tb := newTable().add(1, "ca", rules.Flyers, 700, 1900, 0).add(2, "cb", rules.Knights, 700, 1500, 2048).
		add(3, "ca", rules.Flyers, 780, 1750, 0)
	g := tb.game(t, 6)
	o, err := g.MoveOptions(1)
	if err != nil {
		t.Fatal(err)
	}
	if !o.Ways[0].Allowed || o.Ways[0].Way != WayMove {
		t.Fatalf("ways = %+v, want move allowed first", o.Ways)
	}
	c, ok := findContact(o.Contacts, 2, "left")
	if !ok {
		t.Fatalf("contacts %+v lack Imrahil's left flank", o.Contacts)
	}
	if len(c.Via) == 0 {
		t.Errorf("the left flank is listed as a straight move; the straight flight is blocked by Flyers 3")
	}
	if c.Dist > 1200 {
		t.Errorf("dist %d beyond the Flyers' 1200 p", c.Dist)
	}
	if c.Pose != (Pose{X: 780, Y: 1420, Facing: 3072}) {
		t.Errorf("pose %+v, want conformed to the flank at (780, 1420) facing west", c.Pose)
	}
	// 1 to move, +1 aerial (R5 §3).
	want := []CostItem{{CostBase, 1}, {CostAerial, 1}}
	if c.Cost.Total != 2 || !slices.Equal(c.Cost.Items, want) {
		t.Errorf("cost %+v, want %v", c.Cost, want)
	}
	// Flyers 3 also stands in the straight flight to Imrahil's front.
	if front, ok := findContact(o.Contacts, 2, "front"); !ok || len(front.Via) == 0 {
		t.Errorf("Imrahil's front should be reached round Flyers 3: %+v, %v", front, ok)
	}
	for _, c := range o.Contacts {
		if err := g.Check(c.Action); err != nil {
			t.Errorf("listed contact %s %s refused: %v", itoa(c.Target), c.Edge, err)
		}
	}
}
