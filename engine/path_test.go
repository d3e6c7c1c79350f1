package engine

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"pelennor/engine/dice"

	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// path is a move along waypoints (R21): via poses, then to.
func path(id int, dest Pose, via ...Pose) Action {
	return Action{Kind: ActMove, ID: id, Via: via, To: &dest}
}

func pose(x, y, facing int) Pose { return Pose{X: x, Y: y, Facing: facing} }

// R21, §4.1: a move is up to four straight legs, each measured by its
// furthest-moving corner, summed; every leg obeys the going, passing
// through and the table edge.
func TestMovePathOfLegs(t *testing.T) {
	k := func() *table { return newTable().add(1, "ca", rules.Knights, 700, 1900, 0) }
	// Riders with a friend's Knights straight ahead of them.
	round := func() *table {
		return newTable().add(1, "ca", rules.Riders, 700, 2100, 0).add(2, "ca", rules.Knights, 700, 1900, 0)
	}
	// A wood touched only where the second leg begins: the path climbs to
	// a waypoint in it and comes down again.
	apex := func(tb *table) *table { return tb.area("wood", 760, 1760, 840, 1840) }
	road := func(tb *table) *table { return tb.path("road", 100, [2]int{700, 2400}, [2]int{700, 0}) }
	runActs(t, []actCase{
		{name: "two legs summed: 100 + 200", tb: k(), act: path(1, pose(900, 1800, 0), pose(700, 1800, 0)),
			check: both(at(1, 900, 1800, 0), movedBy(1, 300), pipsLeft(5))},
		{name: "two legs summed: one pace too far", tb: k(), act: path(1, pose(901, 1800, 0), pose(700, 1800, 0)),
			code: "move.too_far", reason: "Knights can move 300 p (3\") in good going; this move is 301 p"},
		{name: "three waypoints: four legs", tb: k(),
			act:   path(1, pose(700, 1860, 0), pose(700, 1800, 0), pose(760, 1800, 0), pose(760, 1860, 0)),
			check: both(at(1, 700, 1860, 0), movedBy(1, 280))},
		{name: "four waypoints: five legs", tb: k(),
			act:  path(1, pose(700, 1880, 0), pose(700, 1890, 0), pose(700, 1880, 0), pose(700, 1870, 0), pose(700, 1860, 0)),
			code: "move.legs", reason: "at most 4 legs"},
		{name: "straight past a friend: blocked", tb: round(), act: mv(1, 860, 1800, 0),
			code: "move.blocked", reason: "cannot pass through Knights 2"},
		{name: "round the friend by two legs", tb: round(), act: path(1, pose(860, 1800, 0), pose(860, 2100, 0)),
			check: both(at(1, 860, 1800, 0), movedBy(1, 460))},
		{name: "a waypoint on a friend it may not pass", tb: round(), act: path(1, pose(700, 1700, 0), pose(700, 1950, 0)),
			code: "move.blocked", reason: "cannot pass through Knights 2"},
		{name: "a waypoint off the table", tb: newTable().add(1, "ca", rules.Knights, 100, 1900, 0),
			act: path(1, pose(100, 1800, 0), pose(50, 1900, 0)), code: "move.off_table"},
		// Each leg 100 across and 150 up or down: 180.28 p, 361 p in all.
		{name: "up and down again in good going", tb: newTable().add(1, "ca", rules.Riders, 700, 1900, 0),
			act: path(1, pose(900, 1900, 0), pose(800, 1750, 0)), check: both(at(1, 900, 1900, 0), movedBy(1, 361))},
		{name: "the worst going of any leg: a wood at the waypoint", tb: apex(newTable().add(1, "ca", rules.Riders, 700, 1900, 0)),
			act: path(1, pose(900, 1900, 0), pose(800, 1750, 0)), code: "move.too_far", reason: "200 p (2\") in bad going; this move is 361 p"},
		{name: "the straight move beside that wood is good going", tb: apex(newTable().add(1, "ca", rules.Riders, 700, 1900, 0)),
			act: mv(1, 900, 1900, 0)},
		{name: "road speed when every leg runs along the road", tb: road(k()),
			act: path(1, pose(700, 1500, 0), pose(700, 1700, 0)), check: at(1, 700, 1500, 0)},
		{name: "no road speed when a leg leaves it", tb: road(k()),
			act: path(1, pose(760, 1560, 0), pose(700, 1700, 0)), code: "move.too_far", reason: "in good going"},
		{name: "breaking off is one straight leg", tb: k().add(2, "cb", rules.Blades, 700, 1900, 2048),
			act: path(1, pose(700, 2150, 0), pose(700, 2100, 0)), code: "move.engaged", reason: "in one leg"},
	})
}

// R22: a side or rear edge may be reached by any legal path within the
// allowance, never through anything the mover may not pass.
func TestMoveFlankByAnyPath(t *testing.T) {
	// A Nazgûl (Flyers, 1200 p) south of Imrahil's Knights, who face it;
	// another Nazgûl stands where the straight flight to Imrahil's left
	// flank would pass: an aerial does not fly through an aerial (§4.4).
	nazgul := func() *table {
		tb := newTable().add(1, "ca", rules.Flyers, 700, 1900, 0).add(2, "cb", rules.Knights, 700, 1500, 2048).
			add(3, "ca", rules.Flyers, 780, 1750, 0)
		tb.sc.Elements[1].Name = "Imrahil"
		return tb
	}
	// Imrahil's left edge, facing south, is his east side: the Nazgûl ends
	// east of him facing west, front corner on his front left corner.
	onFlank := func(t *testing.T, g *Game, _ []Event) {
		t.Helper()
		n, im := el(t, g, 1), el(t, g, 2)
		if l := geom.EdgesAgainst(n.Base, geom.Front, im.Base, geom.Left); l != geom.Paces(120) {
			t.Errorf("the Nazgûl's front lies %d sub-paces along Imrahil's left edge, want all of it (%d)", l, geom.Paces(120))
		}
		if n.Charged != 2 {
			t.Errorf("the Nazgûl charged %d, want Imrahil", n.Charged)
		}
	}
	flank := func(via ...Pose) Action {
		return Action{Kind: ActMove, ID: 1, Via: via, Contact: contact(2, "left")}
	}
	// Riders facing the front of enemy Blades, 100 p away.
	riders := func() *table {
		return newTable().add(1, "ca", rules.Riders, 700, 1900, 0).add(2, "cb", rules.Blades, 700, 1800, 2048)
	}
	runActs(t, []actCase{
		{name: "a Nazgûl straight to the flank: through a Nazgûl", tb: nazgul(), act: flank(),
			code: "move.blocked", reason: "cannot pass through Flyers 3"},
		{name: "a Nazgûl round it to Imrahil's flank by two legs", tb: nazgul(), act: flank(pose(1050, 1900, 0)),
			check: both(onFlank, at(1, 780, 1420, 3072), pipsLeft(4))},
		{name: "the same two legs beyond a Flyer's 1200 p", tb: nazgul(), act: flank(pose(1700, 1900, 0)),
			code: "move.too_far", reason: "Flyers can move 1200 p"},
		// A ground element reaches a flank only round the enemy.
		{name: "Riders to the flank straight through the enemy", tb: riders(), act: mvContact(1, 2, "left"),
			code: "move.blocked", reason: "cannot pass through Blades 2"},
		{name: "a single move's contact made by another element", tb: riders(),
			act: Action{Kind: ActMove, ID: 1, Contact: &Contact{Target: 2, Edge: "front", By: 2}}, code: "move.form"},
		{name: "Riders round the enemy to its flank by two legs", tb: riders(),
			act: Action{Kind: ActMove, ID: 1, Via: []Pose{pose(860, 1900, 0)}, Contact: contact(2, "left")},
			check: both(at(1, 780, 1720, 3072), func(t *testing.T, g *Game, _ []Event) {
				if c := el(t, g, 1).Charged; c != 2 {
					t.Errorf("the Riders charged %d, want 2", c)
				}
			})},
	})
}

// §4.2: the conforming slide is not a leg, so it is not checked against
// the mover's neighbours: a charge straight into an enemy's front beside
// a friend already fighting is legal.
func TestMoveChargeBesideAFriend(t *testing.T) {
	// Friend Knights 2 fight Blades 3; Blades 4 stand beside Blades 3.
	// Knights 1 start 100 p right of Knights 2 and 200 p back: straight
	// ahead they would clip Knights 2; the 60 p slide is free.
	line := func() *table {
		return newTable().add(1, "ca", rules.Knights, 800, 1800, 0).add(2, "ca", rules.Knights, 700, 1600, 0).
			add(3, "cb", rules.Blades, 700, 1600, 2048).add(4, "cb", rules.Blades, 860, 1600, 2048)
	}
	runActs(t, []actCase{
		{name: "a charge beside a friend", tb: line(), act: mvContact(1, 4, "front"),
			check: both(at(1, 860, 1600, 0), movedBy(1, 209), func(t *testing.T, g *Game, _ []Event) {
				if c := el(t, g, 1).Charged; c != 4 {
					t.Errorf("Knights 1 charged %d, want 4", c)
				}
			})},
		{name: "a free move to the same place is swept and blocked", tb: line(), act: mv(1, 860, 1600, 0),
			code: "move.blocked", reason: "cannot pass through Knights 2"},
		{name: "the end must still be free", tb: line().add(5, "ca", rules.Blades, 860, 1660, 0),
			act: mvContact(1, 4, "front"), code: "move.overlap", reason: "would end on top of Blades 5"},
	})
}

// docs/formats.md §2: waypoints and a group's contacting member are saved
// with the actions and replay to the same game; a file without them is a
// one-leg move as before.
func TestPathsSaveAndReplay(t *testing.T) {
	tb := newTable().add(1, "ca", rules.Riders, 700, 2100, 0).add(2, "ca", rules.Knights, 700, 1900, 0).
		add(3, "ca", rules.Knights, 1100, 1900, 0).add(4, "ca", rules.Knights, 1260, 1900, 0).
		add(5, "cb", rules.Blades, 1220, 1650, 2048)
	sc := tb.scenario(t)
	actions := []Action{
		path(1, pose(860, 1800, 0), pose(860, 2100, 0)),
		grpContact(5, "front", 4, 3, 4),
	}
	s, g, err := Record(sc, nil, []int{6}, Options{}, actions)
	if err != nil {
		t.Fatal(err)
	}
	data, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"via": [`, `"by": 4`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the save lacks %s:\n%s", want, data)
		}
	}
	back, err := ParseSave("paths.json", data)
	if err != nil {
		t.Fatal(err)
	}
	again, _, err := Replay(back, sc)
	if err != nil {
		t.Fatal(err)
	}
	if again.Hash() != g.Hash() {
		t.Errorf("replayed hash %s, recorded %s", again.Hash(), g.Hash())
	}
	wantAt(t, again, 1, 860, 1800, 0)
	wantAt(t, again, 4, 1220, 1650, 0)
	// The old form: no via, one leg.
	var a Action
	if err := json.Unmarshal([]byte(`{"kind": "move", "id": 1, "to": {"x": 620, "y": 2100, "facing": 0}}`), &a); err != nil {
		t.Fatal(err)
	}
	if a.Via != nil {
		t.Errorf("an old action decoded with waypoints: %+v", a.Via)
	}
	g2 := tb.game(t, 6)
	must(t, g2, a)
	wantAt(t, g2, 1, 620, 2100, 0)
}

// R21: a straight move without a turn, split at its middle into two legs,
// is the same move: legal or refused alike, with the same code, and as
// long to the pace. Checked over many random scenes with friends, enemies
// and a wood in the way.
func TestMoveSplitLegIsTheSameMove(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 21))
	types := []rules.Type{rules.Blades, rules.Knights, rules.Riders, rules.Flyers, rules.Sneakers, rules.Magicians}
	legal := 0
	for n := range 300 {
		tb := newTable().add(1, "ca", types[rng.IntN(len(types))], 1200, 1400, 0).
			area("wood", 1000+rng.IntN(400), 900+rng.IntN(300), 1450+rng.IntN(300), 1250+rng.IntN(100))
		// Four ground elements in distinct cells of a 4 × 2 grid north of
		// the mover, each jittered within its cell so that none overlap.
		for i, cell := range rng.Perm(8)[:4] {
			side := []string{"ca", "cb"}[rng.IntN(2)]
			x, y := 700+cell%4*300+rng.IntN(41)-20, 800+cell/4*300+rng.IntN(41)-20
			tb.add(2+i, side, types[rng.IntN(3)], x, y, rng.IntN(4)*1024)
		}
		g, _, err := New(tb.scenario(t), dice.NewPCG(1), rules.Rulings{})
		if err != nil {
			t.Fatal(err)
		}
		dx, dy := rng.IntN(801)-400, -rng.IntN(500)
		dx, dy = dx/2*2, dy/2*2 // an exact middle
		whole := mv(1, 1200+dx, 1400+dy, 0)
		split := path(1, pose(1200+dx, 1400+dy, 0), pose(1200+dx/2, 1400+dy/2, 0))
		ew, es := g.Check(whole), g.Check(split)
		if code(ew) != code(es) {
			t.Errorf("scene %d, move (%d, %d): straight %v, split %v", n, dx, dy, ew, es)
			continue
		}
		if ew != nil {
			continue
		}
		legal++
		a, _ := g.Preview(whole)
		b, _ := g.Preview(split)
		if d, e := moved(a), moved(b); d-e > 1 || e-d > 1 {
			t.Errorf("scene %d: straight %d p, split %d p", n, d, e)
		}
	}
	t.Logf("%d of 300 moves legal", legal)
	if legal < 30 {
		t.Errorf("only %d legal moves among the scenes: the test proves little", legal)
	}
}

func code(err error) string {
	var ie *IllegalError
	if errors.As(err, &ie) {
		return ie.Code
	}
	if err != nil {
		return err.Error()
	}
	return ""
}

func moved(evs []Event) int {
	for _, e := range evs {
		if e.Kind == EvMoved {
			return e.Value
		}
	}
	return -1
}
