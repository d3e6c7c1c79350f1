package engine

import (
	"testing"

	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

func grp(forward, wheel int, ids ...int) Action {
	return Action{Kind: ActGroup, IDs: ids, Forward: forward, Wheel: wheel}
}

// line puts side a elements of the given types side by side, facing
// north, front edges on y, the first centred on x.
func line(tb *table, id, x, y int, ts ...rules.Type) *table {
	for i, ty := range ts {
		tb.add(id+i, "ca", ty, x+160*i, y, 0)
	}
	return tb
}

// corner checks a corner of an element, to the pace.
func corner(id int, c geom.Corner, x, y int) func(*testing.T, *Game, []Event) {
	return func(t *testing.T, g *Game, _ []Event) {
		t.Helper()
		p := el(t, g, id).Base.Corners()[c]
		if want := (geom.Point{X: geom.Paces(x), Y: geom.Paces(y)}); geom.Len(p.Sub(want)) > geom.Paces(1) {
			t.Errorf("corner %d of element %d at (%d, %d) sub-paces, want (%d, %d) p", c, id, p.X, p.Y, x, y)
		}
	}
}

func facing(id, f int) func(*testing.T, *Game, []Event) {
	return func(t *testing.T, g *Game, _ []Event) {
		t.Helper()
		if got := el(t, g, id).Base.Facing.Norm(); int(got) != f {
			t.Errorf("element %d faces %d, want %d", id, got, f)
		}
	}
}

// §4.3: groups.
func TestGroup(t *testing.T) {
	b3 := func() *table { return line(newTable(), 1, 540, 1900, rules.Blades, rules.Blades, rules.Blades) }
	column := func() *table {
		return newTable().add(1, "ca", rules.Blades, 700, 1900, 0).add(2, "ca", rules.Blades, 700, 1960, 0)
	}
	wood := func(tb *table) *table {
		return tb.terrain("wood", [2]int{300, 1500}, [2]int{1100, 1500}, [2]int{1100, 1780}, [2]int{300, 1780})
	}
	k2 := func() *table { return line(newTable(), 1, 620, 1900, rules.Knights, rules.Knights) }
	runActs(t, []actCase{
		{name: "a line of three straight ahead for 1 PIP", tb: b3(), act: grp(200, 0, 1, 2, 3),
			check: both(at(1, 540, 1700, 0), at(2, 700, 1700, 0), at(3, 860, 1700, 0), pipsLeft(5), movedBy(2, 200))},
		{name: "a line of three one pace too far", tb: b3(), act: grp(201, 0, 1, 2, 3), code: "move.too_far",
			reason: `Blades can move 200 p (2") in good going, so the group can too; this move is 201 p`},
		{name: "the slowest element sets the allowance", tb: line(newTable(), 1, 540, 1900, rules.Knights, rules.Blades),
			act: grp(250, 0, 1, 2), code: "move.too_far", reason: "Blades can move 200 p"},
		{name: "Knights and Riders: 300", tb: line(newTable(), 1, 540, 1900, rules.Riders, rules.Knights),
			act: grp(300, 0, 1, 2), check: both(at(1, 540, 1600, 0), at(2, 700, 1600, 0))},
		// Wheeling right 45° about the right front corner (860, 1900): the
		// outer corner, 320 p out, travels 320·π/4 = 251.3 p.
		{name: "a wheel measures the outer corner's arc", tb: k2(), act: grp(0, 512, 1, 2),
			check: both(movedBy(1, 251), facing(1, 512), facing(2, 512), corner(2, geom.FrontRight, 860, 1900),
				corner(1, geom.FrontLeft, 860-226, 1900-226))},
		{name: "a wheel and 49 p forward: 300", tb: k2(), act: grp(49, 512, 1, 2), check: movedBy(1, 300)},
		{name: "a wheel and 50 p forward: 301", tb: k2(), act: grp(50, 512, 1, 2), code: "move.too_far", reason: "this move is 301 p"},
		{name: "a wheel to the left turns about the left front corner", tb: k2(), act: grp(0, -512, 1, 2),
			check: both(facing(1, 4096-512), corner(1, geom.FrontLeft, 540, 1900), corner(2, geom.FrontRight, 540+226, 1900-226))},
		{name: "a quarter wheel of Knights is too far", tb: k2(), act: grp(0, 1024, 1, 2), code: "move.too_far", reason: "this move is 503 p"},
		{name: "not in contact", tb: newTable().add(1, "ca", rules.Blades, 540, 1900, 0).add(2, "ca", rules.Blades, 710, 1900, 0),
			act: grp(100, 0, 1, 2), code: "group.apart"},
		{name: "side by side but not lined up", tb: newTable().add(1, "ca", rules.Blades, 540, 1900, 0).add(2, "ca", rules.Blades, 700, 1930, 0),
			act: grp(100, 0, 1, 2), code: "group.apart"},
		{name: "different facing", tb: newTable().add(1, "ca", rules.Blades, 540, 1900, 0).add(2, "ca", rules.Blades, 704, 1900, 20),
			act: grp(100, 0, 1, 2), code: "group.facing"},
		{name: "different commands", tb: twoCommands().add(6, "ca", rules.Blades, 540, 1900, 0).add(7, "ca2", rules.Blades, 700, 1900, 0),
			dice: []int{6, 6}, act: grp(100, 0, 6, 7), code: "group.commands"},
		{name: "an enemy element", tb: newTable().add(1, "ca", rules.Blades, 540, 1900, 0).add(2, "cb", rules.Blades, 700, 1900, 0),
			act: grp(100, 0, 1, 2), code: "element.enemy"},
		{name: "one element is no group", tb: b3(), act: grp(100, 0, 1, 1), code: "group.size"},
		{name: "a line may not enter bad going", tb: wood(b3()), act: grp(150, 0, 1, 2, 3), code: "group.bad_going",
			reason: "a group may move in or into bad going only as a column"},
		{name: "a line short of the wood", tb: wood(b3()), act: grp(120, 0, 1, 2, 3)},
		{name: "a line in a marsh may not move out of it",
			tb:  b3().terrain("marsh", [2]int{300, 1850}, [2]int{1100, 1850}, [2]int{1100, 2000}, [2]int{300, 2000}),
			act: grp(150, 0, 1, 2, 3), code: "group.bad_going"},
		{name: "a column moves straight ahead", tb: column(), act: grp(200, 0, 1, 2),
			check: both(at(1, 700, 1700, 0), at(2, 700, 1760, 0), pipsLeft(5))},
		{name: "a column may enter bad going", tb: wood(column()), act: grp(200, 0, 1, 2), check: at(1, 700, 1700, 0)},
		{name: "a column in bad going: its bad going allowance",
			tb:  wood(newTable().add(1, "ca", rules.Knights, 700, 1900, 0).add(2, "ca", rules.Knights, 700, 2020, 0)),
			act: grp(250, 0, 1, 2), code: "move.too_far", reason: "Knights can move 200 p (2\") in bad going"},
		{name: "a column does not wheel", tb: column(), act: grp(0, 256, 1, 2), code: "group.column_wheel"},
		{name: "a group with an aerial element costs 2",
			tb:  line(newTable(), 1, 540, 1900, rules.Flyers, rules.Flyers),
			act: grp(300, 0, 1, 2), check: pipsLeft(4)},
		{name: "a group beyond command range costs +1 once", tb: line(newTable(), 1, 1500, 900, rules.Blades, rules.Blades, rules.Blades),
			act: grp(100, 0, 1, 2, 3), check: pipsLeft(4)},
		{name: "a group in close combat", tb: b3().add(4, "cb", rules.Blades, 700, 1900, 2048),
			act: grp(100, 0, 1, 2, 3), code: "group.engaged"},
		{name: "a group into an enemy", tb: b3().add(4, "cb", rules.Blades, 860, 1760, 2048),
			act: grp(200, 0, 1, 2, 3), code: "move.overlap"},
		{name: "a group into contact", tb: b3().add(4, "cb", rules.Blades, 860, 1700, 2048),
			act: grp(200, 0, 1, 2, 3), check: func(t *testing.T, g *Game, _ []Event) {
				if c := el(t, g, 3).Charged; c != 4 {
					t.Errorf("element 3 charged %d, want 4", c)
				}
			}},
		{name: "a group through friends it may not pass", tb: b3().add(4, "ca", rules.Blades, 700, 1800, 0),
			act: grp(200, 0, 1, 2, 3), code: "move.blocked"},
	})
}
