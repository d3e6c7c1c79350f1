package engine

import (
	"errors"
	"strings"
	"testing"

	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// A position for a rules test: a table, the dice, legal actions that set
// the scene, then the action under test with what it must do.
type actCase struct {
	name   string
	tb     *table
	dice   []int // default: side a rolls 6 PIPs
	setup  []Action
	act    Action
	code   string // the *IllegalError code wanted, "" if legal
	reason string // a part of the reason wanted, if refused
	check  func(t *testing.T, g *Game, evs []Event)
}

// runActs plays each case. A refused action must leave the game's hash and
// draw count as they were (DESIGN.md §8).
func runActs(t *testing.T, cs []actCase) {
	t.Helper()
	for _, c := range cs {
		t.Run(c.name, func(t *testing.T) {
			ds := c.dice
			if ds == nil {
				ds = []int{6}
			}
			g := c.tb.game(t, ds...)
			must(t, g, c.setup...)
			hash, draws := g.Hash(), g.Draws()
			evs, err := g.Apply(c.act)
			if c.code == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
			} else {
				var ie *IllegalError
				if !errors.As(err, &ie) {
					t.Fatalf("got %v (%T), want an *IllegalError %s", err, err, c.code)
				}
				if ie.Code != c.code {
					t.Fatalf("code %q (%s), want %q", ie.Code, ie.Reason, c.code)
				}
				if !strings.Contains(ie.Reason, c.reason) {
					t.Errorf("reason %q does not contain %q", ie.Reason, c.reason)
				}
				if g.Hash() != hash || g.Draws() != draws {
					t.Errorf("an illegal action changed the game: hash %s -> %s, draws %d -> %d", hash, g.Hash(), draws, g.Draws())
				}
				if err := g.Check(c.act); err == nil || err.Error() != ie.Reason {
					t.Errorf("Check says %v, Apply said %v", err, ie)
				}
			}
			if c.check != nil {
				c.check(t, g, evs)
			}
		})
	}
}

func mv(id, x, y, facing int) Action { return Action{Kind: ActMove, ID: id, To: to(x, y, facing)} }

func mvContact(id, target int, edge string) Action {
	return Action{Kind: ActMove, ID: id, Contact: contact(target, edge)}
}

// at checks an element's front-edge centre and facing, in paces.
func at(id, x, y, facing int) func(*testing.T, *Game, []Event) {
	return func(t *testing.T, g *Game, _ []Event) {
		t.Helper()
		wantAt(t, g, id, x, y, facing)
	}
}

func wantAt(t *testing.T, g *Game, id, x, y, facing int) {
	t.Helper()
	e := el(t, g, id)
	p := poseOf(e.Base)
	if e.Status != OnTable || p.X != x || p.Y != y || p.Facing != facing {
		t.Errorf("element %d is %v at (%d, %d) facing %d, want on the table at (%d, %d) facing %d",
			id, e.Status, p.X, p.Y, p.Facing, x, y, facing)
	}
}

// pipsLeft checks side a's first command's PIPs after the action.
func pipsLeft(n int) func(*testing.T, *Game, []Event) {
	return func(t *testing.T, g *Game, _ []Event) {
		t.Helper()
		if got := g.Commands()[0].PIPs; got != n {
			t.Errorf("%d PIPs left, want %d", got, n)
		}
	}
}

func both(fs ...func(*testing.T, *Game, []Event)) func(*testing.T, *Game, []Event) {
	return func(t *testing.T, g *Game, evs []Event) {
		t.Helper()
		for _, f := range fs {
			f(t, g, evs)
		}
	}
}

// movedBy checks the distance a move event reports.
func movedBy(id, d int) func(*testing.T, *Game, []Event) {
	return func(t *testing.T, _ *Game, evs []Event) {
		t.Helper()
		for _, e := range evs {
			if e.Kind == EvMoved && e.ID == id {
				if e.Value != d {
					t.Errorf("element %d moved %d p, want %d", id, e.Value, d)
				}
				return
			}
		}
		t.Errorf("no move of element %d in %v", id, evs)
	}
}

// The scenes stand near side a's general (far south-west corner), well
// within its 1200 p command range, unless a case is about range.

// §2 and §4.1: the allowance of each type in good going, R6.
func TestMoveAllowanceGoodGoing(t *testing.T) {
	var cs []actCase
	for _, c := range []struct {
		ty   rules.Type
		good int
	}{
		{rules.Blades, 200}, {rules.Spears, 200}, {rules.Warband, 300}, {rules.Shooters, 200},
		{rules.Hordes, 200}, {rules.Artillery, 200}, {rules.Sneakers, 300}, {rules.Magicians, 500},
		{rules.Clerics, 200}, {rules.Knights, 300}, {rules.Riders, 500}, {rules.Beasts, 400},
		{rules.Behemoths, 300}, {rules.Heroes, 500}, {rules.Paladins, 500}, {rules.Flyers, 1200},
		{rules.Airboats, 500}, {rules.AerialHeroes, 1200},
	} {
		tb := newTable().add(1, "ca", c.ty, 700, 1900, 0)
		cs = append(cs,
			actCase{name: c.ty.String() + " full move", tb: tb, act: mv(1, 700, 1900-c.good, 0),
				check: both(at(1, 700, 1900-c.good, 0), movedBy(1, c.good))},
			actCase{name: c.ty.String() + " one pace more", tb: tb, act: mv(1, 700, 1899-c.good, 0),
				code: "move.too_far", reason: paces(c.good) + " in good going; this move is " + paces(c.good+1)},
		)
	}
	cs = append(cs,
		actCase{name: "Knights 340 p: the reason in inches", tb: newTable().add(1, "ca", rules.Knights, 700, 1900, 0),
			act: mv(1, 700, 1560, 0), code: "move.too_far",
			reason: `Knights can move 300 p (3") in good going; this move is 340 p (3.4")`},
		actCase{name: "diagonal: 180, 240 is 300 p", tb: newTable().add(1, "ca", rules.Knights, 700, 1900, 0),
			act: mv(1, 880, 1660, 0), check: movedBy(1, 300)},
		actCase{name: "diagonal: 180, 241 is 301 p", tb: newTable().add(1, "ca", rules.Knights, 700, 1900, 0),
			act: mv(1, 880, 1659, 0), code: "move.too_far"},
		// R2: the printed moves are a switch, off by default (covered by
		// the Warband and Shooters rows above).
	)
	runActs(t, cs)
}

// R6: the corner that travels furthest is measured, so turning costs.
func TestMoveMeasureFurthestCorner(t *testing.T) {
	runActs(t, []actCase{
		{name: "Knights about-face on the spot: the diagonal, 200 p",
			tb:  newTable().add(1, "ca", rules.Knights, 700, 1900, 0),
			act: mv(1, 700, 2020, 2048), check: both(at(1, 700, 2020, 2048), movedBy(1, 200))},
		{name: "Knights quarter turn about the front centre: rear corner 204 p",
			tb:  newTable().add(1, "ca", rules.Knights, 700, 1900, 0),
			act: mv(1, 700, 1900, 1024), check: movedBy(1, 204)},
		{name: "Artillery about-face on the spot: 226 p is beyond its 200 p",
			tb:  newTable().add(1, "ca", rules.Artillery, 700, 1900, 0),
			act: mv(1, 700, 2060, 2048), code: "move.too_far", reason: "this move is 226 p"},
		{name: "Blades about-face on the spot: 171 p",
			tb:  newTable().add(1, "ca", rules.Blades, 700, 1900, 0),
			act: mv(1, 700, 1960, 2048), check: movedBy(1, 171)},
	})
}

// §4.1, §5: bad going touched at the start, along the path or at the end.
func TestMoveBadGoing(t *testing.T) {
	wood := func(tb *table) *table {
		return tb.terrain("wood", [2]int{600, 1400}, [2]int{800, 1400}, [2]int{800, 1600}, [2]int{600, 1600})
	}
	marsh := func(tb *table) *table {
		return tb.terrain("marsh", [2]int{600, 1400}, [2]int{800, 1400}, [2]int{800, 1600}, [2]int{600, 1600})
	}
	k := func() *table { return newTable().add(1, "ca", rules.Knights, 700, 1900, 0) }
	runActs(t, []actCase{
		{name: "Knights stop short of the wood: good going", tb: wood(k()), act: mv(1, 700, 1600, 0),
			check: movedBy(1, 300)},
		{name: "Knights end in the wood: bad going 200", tb: wood(newTable().add(1, "ca", rules.Knights, 700, 1800, 0)), act: mv(1, 700, 1550, 0),
			code: "move.too_far", reason: `Knights can move 200 p (2") in bad going; this move is 250 p`},
		{name: "Knights end in the wood within 200", tb: wood(newTable().add(1, "ca", rules.Knights, 700, 1750, 0)),
			act: mv(1, 700, 1550, 0), check: at(1, 700, 1550, 0)},
		{name: "Knights start touching the wood", tb: wood(newTable().add(1, "ca", rules.Knights, 700, 1590, 0)),
			act: mv(1, 1000, 1590, 0), code: "move.too_far", reason: "in bad going; this move is 300 p"},
		{name: "Knights start touching the wood, 200 p", tb: wood(newTable().add(1, "ca", rules.Knights, 700, 1590, 0)),
			act: mv(1, 900, 1590, 0)},
		{name: "Knights cut across a corner of the wood", tb: wood(newTable().add(1, "ca", rules.Knights, 750, 1700, 0)),
			act: mv(1, 520, 1510, 0), code: "move.too_far", reason: "in bad going; this move is 298 p"},
		{name: "Knights pass beside the wood", tb: wood(newTable().add(1, "ca", rules.Knights, 500, 1700, 0)),
			act: mv(1, 500, 1400, 0), check: movedBy(1, 300)},
		{name: "Knights end in a marsh: bad going", tb: marsh(newTable().add(1, "ca", rules.Knights, 700, 1800, 0)), act: mv(1, 700, 1550, 0),
			code: "move.too_far", reason: "bad going"},
		{name: "Warband in the wood: 300 in bad going too", tb: wood(newTable().add(1, "ca", rules.Warband, 700, 1800, 0)),
			act: mv(1, 700, 1500, 0)},
		{name: "Beasts through the wood: 400", tb: wood(newTable().add(1, "ca", rules.Beasts, 700, 1900, 0)),
			act: mv(1, 700, 1500, 0)},
		{name: "Artillery cannot enter the wood", tb: wood(newTable().add(1, "ca", rules.Artillery, 700, 1750, 0)),
			act: mv(1, 700, 1590, 0), code: "move.bad_going", reason: "Artillery cannot enter bad going"},
		{name: "Artillery cannot enter a marsh", tb: marsh(newTable().add(1, "ca", rules.Artillery, 700, 1750, 0)),
			act: mv(1, 700, 1590, 0), code: "move.bad_going"},
		{name: "Artillery beside the wood", tb: wood(newTable().add(1, "ca", rules.Artillery, 500, 1700, 0)),
			act: mv(1, 500, 1500, 0)},
		// Aerials: only woods and built-up areas are bad going, and they may
		// not end a move in them.
		{name: "Airboats over a marsh, ending in it", tb: marsh(newTable().add(1, "ca", rules.Airboats, 700, 1900, 0)),
			act: mv(1, 700, 1500, 0)},
		{name: "Flyers over the wood", tb: wood(newTable().add(1, "ca", rules.Flyers, 700, 1900, 0)),
			act: mv(1, 700, 1250, 0), check: at(1, 700, 1250, 0)},
		{name: "Airboats may not end in the wood", tb: wood(newTable().add(1, "ca", rules.Airboats, 700, 1900, 0)),
			act: mv(1, 700, 1500, 0), code: "move.terrain", reason: "may not end a move in wood"},
		{name: "Flyers may not end in a built-up area",
			tb: newTable().add(1, "ca", rules.Flyers, 700, 1900, 0).
				terrain("built-up", [2]int{600, 1400}, [2]int{800, 1400}, [2]int{800, 1600}, [2]int{600, 1600}),
			act: mv(1, 700, 1500, 0), code: "move.terrain", reason: "built-up"},
	})
}

// R3: road speed only when the whole move is along a road; R4: rivers.
func TestMoveRoadsAndRivers(t *testing.T) {
	road := func(tb *table) *table { return tb.path("road", 100, [2]int{700, 2400}, [2]int{700, 0}) }
	river := func(tb *table) *table { return tb.path("river", 60, [2]int{0, 1600}, [2]int{2400, 1600}) }
	wood := func(tb *table) *table {
		return tb.terrain("wood", [2]int{500, 1400}, [2]int{900, 1400}, [2]int{900, 1600}, [2]int{500, 1600})
	}
	runActs(t, []actCase{
		{name: "Knights along the road: 400", tb: road(newTable().add(1, "ca", rules.Knights, 700, 1900, 0)),
			act: mv(1, 700, 1500, 0)},
		{name: "Knights along the road: 401", tb: road(newTable().add(1, "ca", rules.Knights, 700, 1900, 0)),
			act: mv(1, 700, 1499, 0), code: "move.too_far", reason: `400 p (4") along a road`},
		{name: "Knights leaving the road: good going", tb: road(newTable().add(1, "ca", rules.Knights, 700, 1900, 0)),
			act: mv(1, 900, 1600, 0), code: "move.too_far", reason: "300 p (3\") in good going; this move is 361 p"},
		{name: "Knights onto the road from beside it", tb: road(newTable().add(1, "ca", rules.Knights, 900, 1900, 0)),
			act: mv(1, 700, 1600, 0), code: "move.too_far", reason: "good going"},
		{name: "Artillery along the road: 300", tb: road(newTable().add(1, "ca", rules.Artillery, 700, 1900, 0)),
			act: mv(1, 700, 1600, 0)},
		{name: "Artillery along the road: 301", tb: road(newTable().add(1, "ca", rules.Artillery, 700, 1900, 0)),
			act: mv(1, 700, 1599, 0), code: "move.too_far", reason: "300 p (3\") along a road"},
		{name: "Riders along the road: 500, no more", tb: road(newTable().add(1, "ca", rules.Riders, 700, 1900, 0)),
			act: mv(1, 700, 1399, 0), code: "move.too_far", reason: "500 p"},
		// A base is wider than a road: on a road through a wood it still
		// touches the wood, the worst going (§4.1).
		{name: "Blades along the road into a wood: bad going",
			tb:  wood(road(newTable().add(1, "ca", rules.Blades, 700, 1900, 0))),
			act: mv(1, 700, 1500, 0), code: "move.too_far", reason: `200 p (2") in bad going`},
		{name: "Artillery along the road into a wood",
			tb:  wood(road(newTable().add(1, "ca", rules.Artillery, 700, 1800, 0))),
			act: mv(1, 700, 1550, 0), code: "move.bad_going"},
		{name: "Knights wade into the river: 100", tb: river(newTable().add(1, "ca", rules.Knights, 700, 1700, 0)),
			act: mv(1, 700, 1600, 0)},
		{name: "Knights wade into the river: 101", tb: river(newTable().add(1, "ca", rules.Knights, 700, 1701, 0)),
			act: mv(1, 700, 1600, 0), code: "move.too_far", reason: `100 p (1") crossing a river; this move is 101 p`},
		{name: "Knights cross the river in one move: too far", tb: river(newTable().add(1, "ca", rules.Knights, 700, 1650, 0)),
			act: mv(1, 700, 1450, 0), code: "move.too_far", reason: "crossing a river"},
		{name: "Knights leave the river: still 100", tb: river(newTable().add(1, "ca", rules.Knights, 700, 1600, 0)),
			act: mv(1, 700, 1400, 0), code: "move.too_far", reason: "crossing a river"},
		{name: "Knights short of the river: 300", tb: river(newTable().add(1, "ca", rules.Knights, 700, 1930, 0)),
			act: mv(1, 700, 1630, 0)},
		{name: "Artillery cannot wade", tb: river(newTable().add(1, "ca", rules.Artillery, 700, 1700, 0)),
			act: mv(1, 700, 1620, 0), code: "move.river", reason: "Artillery cannot wade rivers"},
		{name: "Flyers ignore the river", tb: river(newTable().add(1, "ca", rules.Flyers, 700, 1900, 0)),
			act: mv(1, 700, 1000, 0)},
	})
}

// §4.1: impassable terrain and the table edge.
func TestMoveImpassableAndTableEdge(t *testing.T) {
	rock := func(tb *table) *table {
		return tb.terrain("impassable", [2]int{600, 1500}, [2]int{800, 1500}, [2]int{800, 1600}, [2]int{600, 1600})
	}
	runActs(t, []actCase{
		{name: "Riders cannot ride through a cliff", tb: rock(newTable().add(1, "ca", rules.Riders, 700, 1900, 0)),
			act: mv(1, 700, 1450, 0), code: "move.terrain", reason: "impassable"},
		{name: "Knights cannot end on a cliff", tb: rock(newTable().add(1, "ca", rules.Knights, 700, 1800, 0)),
			act: mv(1, 700, 1580, 0), code: "move.terrain"},
		{name: "Knights up to the cliff", tb: rock(newTable().add(1, "ca", rules.Knights, 700, 1800, 0)),
			act: mv(1, 700, 1600, 0)},
		{name: "Flyers over a cliff", tb: rock(newTable().add(1, "ca", rules.Flyers, 700, 1900, 0)),
			act: mv(1, 700, 1300, 0)},
		{name: "Flyers may not land in the city",
			tb: newTable().add(1, "ca", rules.Flyers, 700, 1900, 0).
				terrain("city", [2]int{600, 1500}, [2]int{800, 1500}, [2]int{800, 1600}, [2]int{600, 1600}),
			act: mv(1, 700, 1550, 0), code: "move.terrain"},
		{name: "Knights off the south edge", tb: newTable().add(1, "ca", rules.Knights, 700, 2200, 2048),
			act: mv(1, 700, 2420, 2048), code: "move.off_table", reason: "would leave the table"},
		{name: "Knights to the south edge", tb: newTable().add(1, "ca", rules.Knights, 700, 2200, 2048),
			act: mv(1, 700, 2400, 2048)},
		{name: "Knights off the west edge", tb: newTable().add(1, "ca", rules.Knights, 200, 1900, 3072),
			act: mv(1, -10, 1900, 3072), code: "move.off_table"},
	})
}

// §4.4: every row of the pass-through table, allowed and refused. The
// mover goes 300 p north; the element in its way stands between.
func TestMovePassThrough(t *testing.T) {
	mover := func(ty rules.Type) *table { return newTable().add(1, "ca", ty, 700, 1900, 0) }
	runActs(t, []actCase{
		// Sneakers and Gods: anything.
		{name: "Sneakers through an enemy", tb: mover(rules.Sneakers).add(2, "cb", rules.Blades, 700, 1800, 2048),
			act: mv(1, 700, 1600, 0)},
		{name: "Blades not through an enemy", tb: mover(rules.Blades).add(2, "cb", rules.Blades, 700, 1850, 2048),
			act: mv(1, 700, 1700, 0), code: "move.blocked", reason: "cannot pass through Blades 2"},
		// Magicians: friends only.
		{name: "Magicians through a friend", tb: mover(rules.Magicians).add(2, "ca", rules.Spears, 700, 1700, 0),
			act: mv(1, 700, 1500, 0)},
		{name: "Magicians not through an enemy", tb: mover(rules.Magicians).add(2, "cb", rules.Spears, 700, 1800, 2048),
			act: mv(1, 700, 1500, 0), code: "move.blocked"},
		// Aerials: any ground element, not other aerials.
		{name: "Airboats over enemy Knights", tb: mover(rules.Airboats).add(2, "cb", rules.Knights, 700, 1820, 2048),
			act: mv(1, 700, 1500, 0)},
		{name: "Airboats not through enemy Flyers", tb: mover(rules.Airboats).add(2, "cb", rules.Flyers, 700, 1820, 2048),
			act: mv(1, 700, 1500, 0), code: "move.blocked"},
		{name: "Airboats not through friendly Flyers", tb: mover(rules.Airboats).add(2, "ca", rules.Flyers, 700, 1700, 0),
			act: mv(1, 700, 1500, 0), code: "move.blocked"},
		// Ground elements: friendly aerials; enemy Flyers and Aerial Heroes
		// not in close combat.
		{name: "Blades through friendly Airboats", tb: mover(rules.Blades).add(2, "ca", rules.Airboats, 700, 1770, 0),
			act: mv(1, 700, 1700, 0)},
		{name: "Blades through enemy Flyers", tb: mover(rules.Blades).add(2, "cb", rules.Flyers, 700, 1890, 2048),
			act: mv(1, 700, 1700, 0)},
		{name: "Warband through enemy Aerial Heroes", tb: mover(rules.Warband).add(2, "cb", rules.AerialHeroes, 700, 1860, 2048),
			act: mv(1, 700, 1600, 0)},
		{name: "Blades not through enemy Airboats", tb: mover(rules.Blades).add(2, "cb", rules.Airboats, 700, 1890, 2048),
			act: mv(1, 700, 1700, 0), code: "move.blocked"},
		{name: "Blades not through enemy Flyers in close combat",
			tb: mover(rules.Blades).add(2, "ca", rules.Spears, 780, 1830, 3072).
				add(3, "cb", rules.Flyers, 700, 1890, 2048),
			// the Spears' front is against the Flyers' left flank: close combat
			act: mv(1, 700, 1700, 0), code: "move.blocked"},
		// Mounted: friendly foot facing the same or the opposite way.
		{name: "Knights through friendly Blades facing the same way", tb: mover(rules.Knights).add(2, "ca", rules.Blades, 700, 1760, 0),
			act: mv(1, 700, 1600, 0)},
		{name: "Knights through friendly Blades facing the other way", tb: mover(rules.Knights).add(2, "ca", rules.Blades, 700, 1820, 2048),
			act: mv(1, 700, 1600, 0)},
		{name: "Knights not through friendly Blades facing sideways", tb: mover(rules.Knights).add(2, "ca", rules.Blades, 670, 1800, 3072),
			act: mv(1, 700, 1600, 0), code: "move.blocked"},
		{name: "Knights not through friendly Knights", tb: mover(rules.Knights).add(2, "ca", rules.Knights, 700, 1750, 0),
			act: mv(1, 700, 1600, 0), code: "move.blocked"},
		{name: "Blades not through friendly Blades", tb: mover(rules.Blades).add(2, "ca", rules.Blades, 700, 1800, 0),
			act: mv(1, 700, 1700, 0), code: "move.blocked"},
		// Anything: Sneakers, friend or enemy.
		{name: "Blades through enemy Sneakers", tb: mover(rules.Blades).add(2, "cb", rules.Sneakers, 700, 1880, 2048),
			act: mv(1, 700, 1700, 0)},
		{name: "Knights through friendly Sneakers", tb: mover(rules.Knights).add(2, "ca", rules.Sneakers, 740, 1810, 1024),
			act: mv(1, 700, 1600, 0)},
		// Passing through, but never ending on top.
		{name: "Sneakers may not end on an enemy", tb: mover(rules.Sneakers).add(2, "cb", rules.Blades, 700, 1650, 2048),
			act: mv(1, 700, 1600, 0), code: "move.overlap", reason: "would end on top of Blades 2"},
		{name: "Knights may not end on friendly Blades", tb: mover(rules.Knights).add(2, "ca", rules.Blades, 700, 1640, 0),
			act: mv(1, 700, 1600, 0), code: "move.overlap"},
	})
}

// §4.4: Gods pass through anything. They arrive in one bound and move in
// the next.
func TestMoveGodPassesThrough(t *testing.T) {
	g := newTable().reserve(1, "ca", rules.Gods).add(2, "cb", rules.Blades, 700, 1900, 2048).
		game(t, 6, 1, 6)
	must(t, g, Action{Kind: ActSummon, ID: 1, To: to(700, 2240, 0)}, Action{Kind: ActEndBound})
	must(t, g, Action{Kind: ActEndBound})
	must(t, g, mv(1, 700, 1500, 0))
	wantAt(t, g, 1, 700, 1500, 0)
}

// §4.2, R8: contact moves conform; the slide may add up to 80 p.
func TestMoveContact(t *testing.T) {
	k := func() *table { return newTable().add(1, "ca", rules.Knights, 700, 1900, 0) }
	flush := func(a, b int, edge geom.Edge) func(*testing.T, *Game, []Event) {
		return func(t *testing.T, g *Game, _ []Event) {
			t.Helper()
			x, y := el(t, g, a), el(t, g, b)
			want := min(x.Base.Width, y.Base.Width)
			if edge == geom.Left || edge == geom.Right {
				want = min(x.Base.Width, y.Base.Depth)
			}
			if l := geom.EdgesAgainst(x.Base, geom.Front, y.Base, edge); l != want {
				t.Errorf("front of %d against edge %d of %d for %d sub-paces, want %d", a, edge, b, l, want)
			}
			if x.Charged != b {
				t.Errorf("element %d charged %d, want %d", a, x.Charged, b)
			}
		}
	}
	runActs(t, []actCase{
		{name: "front, straight ahead 300", tb: k().add(2, "cb", rules.Blades, 700, 1600, 2048),
			act: mvContact(1, 2, "front"), check: both(at(1, 700, 1600, 0), flush(1, 2, geom.Front), movedBy(1, 300))},
		{name: "front, straight ahead 301", tb: k().add(2, "cb", rules.Blades, 700, 1599, 2048),
			act: mvContact(1, 2, "front"), code: "move.too_far", reason: "this move is 301 p"},
		{name: "front, 340 straight: no slide to add", tb: k().add(2, "cb", rules.Blades, 700, 1560, 2048),
			act: mvContact(1, 2, "front"), code: "move.too_far",
			reason: `Knights can move 300 p (3") in good going; this move is 340 p (3.4")`},
		{name: "front, 300 ahead and a slide of 80", tb: k().add(2, "cb", rules.Blades, 780, 1600, 2048),
			act: mvContact(1, 2, "front"), check: both(at(1, 780, 1600, 0), flush(1, 2, geom.Front), movedBy(1, 310))},
		{name: "front, 300 ahead and 120 across: 40 beyond the slide", tb: k().add(2, "cb", rules.Blades, 820, 1600, 2048),
			act: mvContact(1, 2, "front"), code: "move.too_far", reason: "this move is 303 p"},
		{name: "front of an enemy at an angle: turns to conform",
			tb:  k().add(2, "cb", rules.Blades, 700, 1700, 2048+200),
			act: mvContact(1, 2, "front"), check: both(flush(1, 2, geom.Front))},
		{name: "right flank of an enemy facing east", tb: k().add(2, "cb", rules.Blades, 700, 1600, 1024),
			act: mvContact(1, 2, "right"), check: both(flush(1, 2, geom.Right), at(1, 620, 1680, 0))},
		// R22: no start-position rule; the far flank is simply too far
		// to reach round the enemy.
		{name: "left flank: too far round the enemy", tb: k().add(2, "cb", rules.Blades, 700, 1600, 1024),
			act: mvContact(1, 2, "left"), code: "move.too_far", reason: "this move is 640 p"},
		{name: "rear of an enemy facing away", tb: k().add(2, "cb", rules.Blades, 700, 1600, 0),
			act: mvContact(1, 2, "rear"), check: both(flush(1, 2, geom.Rear), at(1, 700, 1660, 0))},
		// R22: a ground element may not pass through the enemy it
		// contacts, so it cannot reach the rear straight through it.
		{name: "rear straight through the enemy",
			tb:  newTable().add(1, "ca", rules.Riders, 700, 1900, 0).add(2, "cb", rules.Blades, 700, 1800, 2048),
			act: mvContact(1, 2, "rear"), code: "move.blocked", reason: "cannot pass through Blades 2"},
		{name: "rear of the same enemy by a flyer, over it",
			tb:  newTable().add(1, "ca", rules.Flyers, 700, 1900, 0).add(2, "cb", rules.Blades, 700, 1800, 2048),
			act: mvContact(1, 2, "rear"), check: both(flush(1, 2, geom.Rear), at(1, 700, 1740, 2048))},
		{name: "no such edge", tb: k().add(2, "cb", rules.Blades, 700, 1600, 2048),
			act: mvContact(1, 2, "top"), code: "contact.edge"},
		{name: "contact blocked by a friend in front of the enemy",
			tb:  k().add(2, "cb", rules.Blades, 700, 1600, 2048).add(3, "ca", rules.Knights, 700, 1720, 0),
			act: mvContact(1, 2, "front"), code: "move.blocked"},
		{name: "line up beside a friend", tb: k().add(2, "ca", rules.Blades, 900, 1700, 0),
			act: mvContact(1, 2, "left"), check: at(1, 740, 1700, 0)},
		{name: "a free move ending flush front to front is a contact", tb: k().add(2, "cb", rules.Blades, 700, 1600, 2048),
			act: mv(1, 700, 1600, 0), check: flush(1, 2, geom.Front)},
		{name: "a free move ending with its flank against an enemy front",
			tb:  newTable().add(1, "ca", rules.Riders, 700, 1900, 0).add(2, "cb", rules.Blades, 700, 1600, 2048),
			act: mv(1, 780, 1680, 1024), code: "move.exposed"},
		{name: "a free move ending side to side, not lined up",
			tb:  newTable().add(1, "ca", rules.Riders, 1000, 1900, 0).add(2, "cb", rules.Blades, 700, 1600, 2048),
			act: mv(1, 860, 1570, 0), code: "move.unconformed"},
		{name: "a free move ending corner to corner",
			tb:  newTable().add(1, "ca", rules.Riders, 1000, 1900, 0).add(2, "cb", rules.Blades, 700, 1600, 2048),
			act: mv(1, 860, 1600, 0)},
	})
}

// R7: breaking off.
func TestMoveBreakOff(t *testing.T) {
	runActs(t, []actCase{
		{name: "Riders break off from Blades: 200 straight back",
			tb:  newTable().add(1, "ca", rules.Riders, 700, 1700, 0).add(2, "cb", rules.Blades, 700, 1700, 2048),
			act: mv(1, 700, 1900, 0), check: at(1, 700, 1900, 0)},
		{name: "Riders break off: 199 is too short",
			tb:  newTable().add(1, "ca", rules.Riders, 700, 1700, 0).add(2, "cb", rules.Blades, 700, 1700, 2048),
			act: mv(1, 700, 1899, 0), code: "move.breakoff_short", reason: "at least 200 p"},
		{name: "Riders break off: only straight back",
			tb:  newTable().add(1, "ca", rules.Riders, 700, 1700, 0).add(2, "cb", rules.Blades, 700, 1700, 2048),
			act: mv(1, 800, 1900, 0), code: "move.engaged"},
		{name: "Riders break off: not forward",
			tb:  newTable().add(1, "ca", rules.Riders, 700, 1700, 0).add(2, "cb", rules.Blades, 700, 1700, 2048),
			act: mv(1, 900, 1700, 1024), code: "move.engaged"},
		{name: "Knights cannot break off from Knights",
			tb:  newTable().add(1, "ca", rules.Knights, 700, 1700, 0).add(2, "cb", rules.Knights, 700, 1700, 2048),
			act: mv(1, 700, 1900, 0), code: "move.breakoff_slow"},
		{name: "Knights break off from Blades (300 against 200)",
			tb:  newTable().add(1, "ca", rules.Knights, 700, 1700, 0).add(2, "cb", rules.Blades, 700, 1700, 2048),
			act: mv(1, 700, 1900, 0)},
		{name: "Blades cannot break off from Blades",
			tb:  newTable().add(1, "ca", rules.Blades, 700, 1700, 0).add(2, "cb", rules.Blades, 700, 1700, 2048),
			act: mv(1, 700, 1900, 0), code: "move.breakoff_slow"},
		{name: "Riders cannot break off from Riders and Blades",
			tb: newTable().add(1, "ca", rules.Riders, 700, 1700, 0).add(2, "cb", rules.Blades, 700, 1700, 2048).
				add(3, "cb", rules.Riders, 620, 1820, 1024),
			act: mv(1, 700, 1900, 0), code: "move.breakoff_slow"},
		{name: "Airboats always break off, even from faster Riders",
			tb:  newTable().add(1, "ca", rules.Airboats, 700, 1700, 0).add(2, "cb", rules.Riders, 700, 1700, 2048),
			act: mv(1, 700, 1900, 0)},
		{name: "Airboats break off: still straight back",
			tb:  newTable().add(1, "ca", rules.Airboats, 700, 1700, 0).add(2, "cb", rules.Riders, 700, 1700, 2048),
			act: mv(1, 800, 1900, 0), code: "move.engaged"},
	})
}

// §3, R12: PIP costs and command range.
func TestMoveCosts(t *testing.T) {
	// Side a's general stands at (160, 2240), its base x 80–240, y 2240–2400.
	runActs(t, []actCase{
		{name: "one element: 1 PIP", tb: newTable().add(1, "ca", rules.Blades, 700, 1900, 0),
			act: mv(1, 700, 1800, 0), check: pipsLeft(5)},
		{name: "aerial: +1", tb: newTable().add(1, "ca", rules.Flyers, 700, 1900, 0),
			act: mv(1, 700, 1800, 0), check: pipsLeft(4)},
		{name: "Magician: +1", tb: newTable().add(1, "ca", rules.Magicians, 700, 1900, 0),
			act: mv(1, 700, 1800, 0), check: pipsLeft(4)},
		{name: "1200 p from the general: in range", tb: newTable().add(1, "ca", rules.Blades, 1520, 2300, 0),
			act: mv(1, 1520, 2200, 0), check: pipsLeft(5)},
		{name: "1201 p from the general: +1", tb: newTable().add(1, "ca", rules.Blades, 1521, 2300, 0),
			act: mv(1, 1521, 2200, 0), check: pipsLeft(4)},
		{name: "a Flyer out of range costs 3", tb: newTable().add(1, "ca", rules.Flyers, 1900, 1000, 0),
			act: mv(1, 1900, 900, 0), check: pipsLeft(3)},
		{name: "a Flyer out of range with 2 PIPs", tb: newTable().add(1, "ca", rules.Flyers, 1900, 1000, 0),
			dice: []int{2}, act: mv(1, 1900, 900, 0), code: "pips.short", reason: "costs 3 PIPs"},
		{name: "a Magician out of range costs 3", tb: newTable().add(1, "ca", rules.Magicians, 1900, 1000, 0),
			act: mv(1, 1900, 900, 0), check: pipsLeft(3)},
		{name: "the general itself: never out of range", tb: newTable().add(1, "ca", rules.Blades, 1900, 1000, 0).general(1),
			act: mv(1, 1900, 900, 0), check: pipsLeft(5)},
		{name: "behind a wood: 600 p", tb: newTable().add(1, "ca", rules.Blades, 1000, 2300, 0).
			terrain("wood", [2]int{400, 2250}, [2]int{500, 2250}, [2]int{500, 2350}, [2]int{400, 2350}),
			act: mv(1, 1000, 2200, 0), check: pipsLeft(4)},
		{name: "behind a wood, within 600 p", tb: newTable().add(1, "ca", rules.Blades, 800, 2300, 0).
			terrain("wood", [2]int{400, 2250}, [2]int{500, 2250}, [2]int{500, 2350}, [2]int{400, 2350}),
			act: mv(1, 800, 2200, 0), check: pipsLeft(5)},
		// Elements never block a general's sight (R12).
		{name: "behind an element: still 1200 p", tb: newTable().add(1, "ca", rules.Blades, 1000, 2300, 0).
			add(2, "ca", rules.Spears, 450, 2290, 0),
			act: mv(1, 1000, 2200, 0), check: pipsLeft(5)},
	})
}

// §3: one tactical move per bound; only the moving side, in its move phase.
func TestMoveOncePerBound(t *testing.T) {
	tb := newTable().add(1, "ca", rules.Blades, 700, 1900, 0).add(2, "cb", rules.Blades, 1700, 500, 2048).
		add(3, "ca", rules.Blades, 1000, 1900, 0)
	runActs(t, []actCase{
		{name: "a second move", tb: tb, setup: []Action{mv(1, 700, 1800, 0)}, act: mv(1, 700, 1700, 0),
			code: "move.again", reason: "already moved"},
		{name: "a second move as part of a group", tb: tb, setup: []Action{mv(1, 700, 1800, 0)},
			act: Action{Kind: ActGroup, IDs: []int{1, 3}, Forward: 100}, code: "move.again"},
		{name: "an enemy element", tb: tb, act: mv(2, 1700, 600, 2048), code: "element.enemy"},
		{name: "after the move phase", tb: tb, setup: []Action{{Kind: ActEndPhase}}, act: mv(1, 700, 1800, 0),
			code: "move.phase"},
		{name: "out of PIPs", tb: tb, dice: []int{1}, setup: []Action{mv(1, 700, 1800, 0)}, act: mv(3, 1000, 1800, 0),
			code: "pips.short"},
	})
}

// twoCommands is a table whose side a has two commands, "ca" (general 3,
// Heroes) and "ca2" (general 4, Heroes), each rolling its own PIP die,
// against side b's "cb" (general 5). The caller adds elements from id 6 up.
func twoCommands() *table {
	tb := newTable().add(3, "ca", rules.Heroes, 800, 2100, 0).add(4, "ca2", rules.Heroes, 1100, 2100, 0).
		add(5, "cb", rules.Heroes, 2000, 200, 2048)
	tb.sc.Rules = "commands"
	tb.sc.Commands = []CommandSpec{
		{ID: "ca", Side: "a", Name: "A", General: 3, BaseEdge: "south", BreakPoint: 4},
		{ID: "ca2", Side: "a", Name: "A2", General: 4, BaseEdge: "south", BreakPoint: 4},
		{ID: "cb", Side: "b", Name: "B", General: 5, BaseEdge: "north", BreakPoint: 4},
	}
	return tb
}

// R5: PIPs of one command are never spent on another's elements.
func TestMovePIPsNeverPooled(t *testing.T) {
	tb := twoCommands().add(6, "ca", rules.Blades, 700, 1900, 0).add(7, "ca2", rules.Blades, 1000, 1900, 0)
	runActs(t, []actCase{
		{name: "own command's PIPs", tb: tb, dice: []int{3, 3}, act: mv(7, 1000, 1800, 0),
			check: func(t *testing.T, g *Game, _ []Event) {
				if c := g.Commands(); c[0].PIPs != 3 || c[1].PIPs != 2 {
					t.Errorf("PIPs %d and %d, want 3 and 2", c[0].PIPs, c[1].PIPs)
				}
			}},
		{name: "another command's PIPs", tb: tb, dice: []int{3, 3}, act: Action{Kind: ActMove, ID: 7, To: to(1000, 1800, 0), Pay: "ca"},
			code: "pay.other", reason: "never pooled"},
	})
}
