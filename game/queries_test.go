package game

import (
	"encoding/json"
	"strconv"
	"testing"

	"pelennor/engine"
	"pelennor/engine/dice"
	"pelennor/engine/rules"
	"pelennor/game/render"
)

// flankGame: a Nazgûl (1) south of enemy Knights (2) facing it, with a
// friendly Nazgûl (3) in the straight flight to the Knights' left flank.
func flankGame(t *testing.T) *engine.Game {
	t.Helper()
	el := func(id int, cmd, ty string, x, y, f int) engine.ElementSpec {
		return engine.ElementSpec{ID: id, Command: cmd, Type: ty, Name: ty + " " + string(rune('0'+id)), X: x, Y: y, Facing: f}
	}
	sc := engine.Scenario{Format: engine.ScenarioFormat, ID: "t", Version: 1, Name: "t", Rules: "standard",
		Table: engine.TableSpec{Width: 2400, Height: 2400},
		Sides: []engine.SideSpec{{ID: "a", Name: "A"}, {ID: "b", Name: "B"}},
		Commands: []engine.CommandSpec{{ID: "ca", Side: "a", Name: "A", General: 4, BaseEdge: "south"},
			{ID: "cb", Side: "b", Name: "B", General: 5, BaseEdge: "north"}},
		Elements: []engine.ElementSpec{el(1, "ca", "Flyers", 700, 1900, 0), el(2, "cb", "Knights", 700, 1500, 2048),
			el(3, "ca", "Flyers", 780, 1750, 0), el(4, "ca", "Heroes", 160, 2240, 0), el(5, "cb", "Heroes", 2240, 160, 2048)},
	}
	data, err := json.Marshal(sc)
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := engine.ParseScenario("t.json", data)
	if err != nil {
		t.Fatal(err)
	}
	src, _ := dice.NewScripted([]int{6})
	g, _, err := engine.New(parsed, src, rules.Rulings{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// A ghost dropped beside the Knights' left flank snaps to the engine's
// contact there, path of legs and all, and the action is legal.
func TestSnapToFlankByPath(t *testing.T) {
	g := flankGame(t)
	cs, err := g.Contacts(1)
	if err != nil {
		t.Fatal(err)
	}
	mover, _ := g.Element(1)
	ghost := render.Pose{X: 790, Y: 1430, Facing: 3072, W: 160, D: 120}
	c, ok := nearestContact(cs, mover, ghost, 90)
	if !ok {
		t.Fatalf("no snap among %+v", cs)
	}
	if a := c.action; a.Contact == nil || a.Contact.Target != 2 || a.Contact.Edge != "left" || len(a.Via) == 0 {
		t.Fatalf("snapped to %+v, want the left flank by a path", c.action)
	}
	if err := g.Check(c.action); err != nil {
		t.Errorf("the snapped action is refused: %v", err)
	}
	if c.pose.X != 780 || c.pose.Y != 1420 || c.pose.Facing != 3072 {
		t.Errorf("ghost pose %+v, want the conformed (780, 1420) facing west", c.pose)
	}
	// Far from every contact, nothing snaps.
	if _, ok := nearestContact(cs, mover, render.Pose{X: 1800, Y: 600}, 90); ok {
		t.Error("a ghost far from every enemy snapped")
	}
}

// The card's command-range line is the engine's answer worded.
func TestCommandRangeLine(t *testing.T) {
	rs := []engine.CommandRange{{Command: "ca", General: 10, OnTable: true, Radius: 1200, Unseen: 600,
		Elements: []engine.InRange{{ID: 1, Dist: 740, Seen: false, Beyond: true}, {ID: 2, Dist: 300, Seen: true}}}}
	dist := func(p float64) string { return strconv.Itoa(int(p)) + " p" }
	for _, c := range []struct {
		id     int
		want   string
		beyond bool
	}{
		{1, "beyond command range: out of its general's sight, 740 p away (+1 PIP to move)", true},
		{2, "within command range (300 p from its general)", false},
		{3, "", false},
	} {
		got, beyond := commandRangeLine(rs, c.id, dist)
		if got != c.want || beyond != c.beyond {
			t.Errorf("element %d: %q (beyond %v), want %q (%v)", c.id, got, beyond, c.want, c.beyond)
		}
	}
}
