package engine

import (
	"math/rand/v2"
	"testing"

	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

func grpContact(target int, edge string, by int, ids ...int) Action {
	return Action{Kind: ActGroup, IDs: ids, Contact: &Contact{Target: target, Edge: edge, By: by}}
}

func grpPath(dest Pose, via []Pose, ids ...int) Action {
	return Action{Kind: ActGroup, IDs: ids, Via: via, To: &dest}
}

func charged(id, target int) func(*testing.T, *Game, []Event) {
	return func(t *testing.T, g *Game, _ []Event) {
		t.Helper()
		if c := el(t, g, id).Charged; c != target {
			t.Errorf("element %d charged %d, want %d", id, c, target)
		}
	}
}

// inLine checks that a and b still stand side by side, a on the left.
func inLine(a, b int) func(*testing.T, *Game, []Event) {
	return func(t *testing.T, g *Game, _ []Event) {
		t.Helper()
		x, y := el(t, g, a), el(t, g, b)
		if !sideBySide(&x, &y) {
			t.Errorf("elements %d and %d are no longer side by side: %+v, %+v", a, b, poseOf(x.Base), poseOf(y.Base))
		}
	}
}

// §4.2: a group that ends with a front edge against an enemy conforms
// like a single element, the rest keeping their places beside the
// member that makes the contact; it never ends offset against an enemy.
func TestGroupContact(t *testing.T) {
	// Two Knights side by side, fronts at y 1900, centres x 620 and 780.
	k2 := func() *table { return line(newTable(), 1, 620, 1900, rules.Knights, rules.Knights) }
	runActs(t, []actCase{
		{name: "a group charge that conforms: ahead 250, a slide of 40",
			tb:    k2().add(3, "cb", rules.Blades, 740, 1650, 2048),
			act:   grpContact(3, "front", 2, 1, 2),
			check: both(at(2, 740, 1650, 0), at(1, 580, 1650, 0), charged(2, 3), charged(1, 0), movedBy(2, 250), pipsLeft(5))},
		{name: "a group charge into a line conforms both",
			tb:    k2().add(3, "cb", rules.Blades, 740, 1650, 2048).add(4, "cb", rules.Blades, 580, 1650, 2048),
			act:   grpContact(3, "front", 2, 1, 2),
			check: both(charged(2, 3), charged(1, 4), inLine(1, 2))},
		{name: "a group charge on an enemy at an angle wheels to conform",
			tb:  k2().add(3, "cb", rules.Blades, 780, 1650, 2048+128),
			act: grpContact(3, "front", 2, 1, 2),
			check: both(facing(1, 128), facing(2, 128), inLine(1, 2), charged(2, 3), func(t *testing.T, g *Game, _ []Event) {
				a, b := el(t, g, 2), el(t, g, 3)
				if l := geom.EdgesAgainst(a.Base, geom.Front, b.Base, geom.Front); l != geom.Paces(160) {
					t.Errorf("front of 2 against the front of 3 for %d sub-paces, want all 160 p", l)
				}
			})},
		{name: "a group charge needing more than the 80 p slide",
			tb:  k2().add(3, "cb", rules.Blades, 900, 1650, 2048),
			act: grpContact(3, "front", 2, 1, 2), code: "group.contact_slide", reason: "slide 120 p"},
		{name: "a group charge beyond the slowest allowance",
			tb:  line(newTable(), 1, 620, 1900, rules.Knights, rules.Spears).add(3, "cb", rules.Blades, 740, 1650, 2048),
			act: grpContact(3, "front", 2, 1, 2), code: "move.too_far", reason: "Spears can move 200 p"},
		{name: "a group charge by an element not in it",
			tb:  k2().add(3, "cb", rules.Blades, 740, 1650, 2048),
			act: grpContact(3, "front", 3, 1, 2), code: "group.contact_by"},
		{name: "a group charge whose other member would meet an enemy's front with its flank",
			tb:  k2().add(3, "cb", rules.Blades, 740, 1650, 2048).add(4, "cb", rules.Blades, 500, 1590, 1024),
			act: grpContact(3, "front", 2, 1, 2), code: "move.exposed"},
		{name: "a group charge through an enemy in the way",
			tb:  k2().add(3, "cb", rules.Blades, 740, 1650, 2048).add(4, "cb", rules.Blades, 580, 1800, 0),
			act: grpContact(3, "front", 2, 1, 2), code: "move.blocked", reason: "cannot pass through Blades 4"},
		{name: "a plain group move may not end offset against an enemy front",
			tb:  k2().add(3, "cb", rules.Blades, 740, 1650, 2048),
			act: grp(250, 0, 1, 2), code: "group.unconformed", reason: "without lining up"},
		{name: "a column charges straight ahead",
			tb:    newTable().add(1, "ca", rules.Knights, 700, 1900, 0).add(2, "ca", rules.Knights, 700, 2020, 0).add(3, "cb", rules.Blades, 720, 1700, 2048),
			act:   grpContact(3, "front", 1, 1, 2),
			check: both(at(1, 720, 1700, 0), at(2, 720, 1820, 0), charged(1, 3))},
		{name: "a column does not wheel to conform",
			tb:  newTable().add(1, "ca", rules.Knights, 700, 1900, 0).add(2, "ca", rules.Knights, 700, 2020, 0).add(3, "cb", rules.Blades, 720, 1700, 2048+64),
			act: grpContact(3, "front", 1, 1, 2), code: "group.column_wheel"},
		{name: "a group contact is the whole move", tb: k2().add(3, "cb", rules.Blades, 740, 1650, 2048),
			act: Action{Kind: ActGroup, IDs: []int{1, 2}, Forward: 10, Contact: &Contact{Target: 3, Edge: "front", By: 2}}, code: "group.form"},
	})
}

// §4.3: the group's allowance is that of its slowest element, and a
// refusal names that element, whatever the order of the ids.
func TestGroupSlowestNamed(t *testing.T) {
	runActs(t, []actCase{
		{name: "Knights first, Spears slowest", tb: line(newTable(), 1, 620, 1900, rules.Knights, rules.Spears),
			act: grp(350, 0, 1, 2), code: "move.too_far", reason: `Spears can move 200 p (2") in good going, so the group can too; this move is 350 p`},
		{name: "Spears first, Knights in bad going slowest",
			tb:  line(newTable(), 1, 620, 1900, rules.Spears, rules.Knights).area("marsh", 700, 1840, 900, 2100),
			act: grp(150, 0, 1, 2), code: "group.bad_going"},
	})
}

// §4.3: a column follows its leader's path of legs, every element the
// same distance along the trail, so it can turn onto a road.
func TestColumnPath(t *testing.T) {
	// Two Riders in column facing north, the leader's front at (700,
	// 1700); a road runs east-west along y 1500.
	col := func() *table {
		return newTable().add(1, "ca", rules.Riders, 700, 1700, 0).add(2, "ca", rules.Riders, 700, 1820, 0).
			path("road", 100, [2]int{0, 1500}, [2]int{2400, 1500})
	}
	// Two Knights in column on that road, facing east.
	onRoad := func() *table {
		return newTable().add(1, "ca", rules.Knights, 900, 1500, 1024).add(2, "ca", rules.Knights, 780, 1500, 1024).
			path("road", 100, [2]int{0, 1500}, [2]int{2400, 1500})
	}
	stillGroup := func(t *testing.T, g *Game, _ []Event) {
		t.Helper()
		if err := g.Groupable([]int{1, 2}); err != nil {
			t.Errorf("the column is no longer a group: %v", err)
		}
	}
	// The leader's second leg turns it east on the road: its front-left
	// corner travels furthest, from (620, 1500) to (850, 1420), 243.5 p:
	// 443.5 p in all, 444 to the pace.
	runActs(t, []actCase{
		{name: "a column turning onto a road", tb: col(),
			act:   grpPath(pose(850, 1500, 1024), []Pose{pose(700, 1500, 0)}, 1, 2),
			check: both(at(1, 850, 1500, 1024), at(2, 730, 1500, 1024), pipsLeft(5), movedBy(1, 444), movedBy(2, 444), stillGroup)},
		{name: "the follower stops clear of the leader at the bend", tb: col(),
			act:   grpPath(pose(800, 1500, 1024), []Pose{pose(700, 1500, 0)}, 1, 2),
			check: both(at(1, 800, 1500, 1024), at(2, 700, 1580, 0))},
		{name: "a column's path beyond its allowance", tb: col(),
			act: grpPath(pose(920, 1500, 1024), []Pose{pose(700, 1500, 0)}, 1, 2), code: "move.too_far", reason: "Riders can move 500 p"},
		{name: "a column faces along its path", tb: col(),
			act: grpPath(pose(850, 1500, 0), []Pose{pose(700, 1500, 0)}, 1, 2), code: "group.leg_facing", reason: "bearing 1024"},
		{name: "a column's leg that goes nowhere", tb: col(),
			act: grpPath(pose(700, 1500, 0), []Pose{pose(700, 1500, 0)}, 1, 2), code: "group.leg"},
		{name: "a column blocked at the bend by a friend", tb: col().add(3, "ca", rules.Knights, 900, 1500, 0),
			act: grpPath(pose(850, 1500, 1024), []Pose{pose(700, 1500, 0)}, 1, 2), code: "move.overlap"},
		{name: "a line does not follow a path", tb: line(newTable(), 1, 620, 1900, rules.Knights, rules.Knights),
			act: grpPath(pose(620, 1700, 0), nil, 1, 2), code: "group.path"},
		{name: "a column along the road at road speed", tb: onRoad(),
			act: grpPath(pose(1300, 1500, 1024), nil, 1, 2), check: both(at(1, 1300, 1500, 1024), at(2, 1180, 1500, 1024))},
		{name: "a column along the road: one pace too far", tb: onRoad(),
			act: grpPath(pose(1301, 1500, 1024), nil, 1, 2), code: "move.too_far", reason: `400 p (4") along a road`},
		{name: "a column's follower leaving the road leaves road speed", tb: onRoad(),
			act:  grpPath(pose(1300, 1400, 1024), []Pose{pose(1100, 1500, 1024), pose(1200, 1400, 512)}, 1, 2),
			code: "move.too_far", reason: "in good going"},
	})
}

// PELENNOR.md event 3, P7: Gothmog's command enters as a legal group that
// marches off the Osgiliath edge for one PIP.
func TestPelennorGothmogEntersAsABody(t *testing.T) {
	// As TestPelennorOneEventPerBound: event 3 in bound 4, Mordor PIPs 4, 4, 4.
	g := pelennor(t, nil, 1, 3, 6, 4, 4, 2, 2, 6, 4, 4, 4)
	g.st.Hook[hookEvents] = 1
	g.st.Commands[cmdIndex(g, "imrahil")].Active = true
	must(t, g, endBound, endBound, endBound)
	var ids []int
	for _, e := range g.Elements() {
		if e.Cmd == cmdIndex(g, "gothmog") {
			if !e.OnTable() {
				t.Fatalf("%d did not enter", e.ID)
			}
			ids = append(ids, e.ID)
		}
	}
	if len(ids) != 15 {
		t.Fatalf("%d elements of Gothmog's command, want 15", len(ids))
	}
	if err := g.Groupable(ids); err != nil {
		t.Fatalf("Gothmog's command is not a group: %v", err)
	}
	before := map[int]geom.Point{}
	for _, id := range ids {
		before[id] = el(t, g, id).Base.Front
	}
	pips := g.st.Commands[cmdIndex(g, "gothmog")].PIPs
	evs := must(t, g, grp(200, 0, ids...))
	if !has(evs, func(e Event) bool { return e.Code == CodeSpentGroup && e.N == 15 && e.Value == 1 }) {
		t.Errorf("the first group move should cost 1 PIP:\n%s", texts(evs))
	}
	if got := g.st.Commands[cmdIndex(g, "gothmog")].PIPs; got != pips-1 {
		t.Errorf("Gothmog's command has %d PIPs, want %d", got, pips-1)
	}
	for _, id := range ids {
		if d := before[id].Sub(el(t, g, id).Base.Front); d != (geom.Point{X: geom.Paces(200)}) {
			t.Errorf("element %d moved by %v sub-paces, want 200 p west", id, d)
		}
	}
}

// P7: when enemies stand where the block would enter, the whole block
// shifts along the edge to the nearest free place, still a group.
func TestPelennorGothmogEntersBesideAnEnemy(t *testing.T) {
	// A mûmak of the Haradrim is Mordor's; put Gondor's Dernhelm where
	// the block's northern file would stand.
	g := pelennor(t, func(sc *Scenario) { put(sc, pDernhelm, 6900, 1400, 1024) }, 1, 3, 6, 4, 4, 2, 2, 6, 4, 4, 4)
	g.st.Hook[hookEvents] = 1
	g.st.Commands[cmdIndex(g, "imrahil")].Active = true
	must(t, g, endBound, endBound, endBound)
	var ids []int
	for _, e := range g.Elements() {
		if e.Cmd == cmdIndex(g, "gothmog") && e.OnTable() {
			ids = append(ids, e.ID)
		}
	}
	if len(ids) != 15 {
		t.Fatalf("%d of Gothmog's 15 elements entered", len(ids))
	}
	if err := g.Groupable(ids); err != nil {
		t.Fatalf("Gothmog's command did not enter as a group: %v", err)
	}
	if y := el(t, g, pGothmog).Base.Front.Y.Paces(); y == 1800 {
		t.Errorf("Gothmog's block did not shift away from Dernhelm")
	}
}

// §4.3, D40: a column on a straight path of one leg is the old straight
// column move: the same ends, the same refusals, over random scenes.
func TestColumnStraightPathIsForward(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 40))
	types := []rules.Type{rules.Blades, rules.Knights, rules.Riders, rules.Hordes}
	agree := 0
	for n := range 200 {
		tb := newTable()
		y := 1600
		for id := 1; id <= 3; id++ {
			ty := types[rng.IntN(len(types))]
			tb.add(id, "ca", ty, 1200, y, 0)
			y += ty.Info().Depth
		}
		for i, cell := range rng.Perm(8)[:3] {
			x, y := 700+cell%4*300+rng.IntN(41)-20, 900+cell/4*300+rng.IntN(41)-20
			tb.add(4+i, []string{"ca", "cb"}[rng.IntN(2)], types[rng.IntN(len(types))], x, y, rng.IntN(4)*1024)
		}
		if rng.IntN(2) == 0 {
			tb.area("wood", 1100, 1300+rng.IntN(200), 1300, 1550)
		}
		g := tb.game(t, 6)
		d := rng.IntN(520)
		fwd, onPath := grp(d, 0, 1, 2, 3), grpPath(pose(1200, 1600-d, 0), nil, 1, 2, 3)
		if d == 0 {
			continue
		}
		ef, ep := g.Check(fwd), g.Check(onPath)
		if code(ef) != code(ep) {
			t.Errorf("scene %d, %d p: forward %v, path %v", n, d, ef, ep)
			continue
		}
		if ef != nil {
			continue
		}
		agree++
		a, _ := g.Preview(fwd)
		b, _ := g.Preview(onPath)
		for _, id := range []int{1, 2, 3} {
			if pa, pb := movedTo(a, id), movedTo(b, id); pa != pb {
				t.Errorf("scene %d: element %d ends at %+v forward, %+v on the path", n, id, pa, pb)
			}
		}
	}
	t.Logf("%d of 200 column moves legal", agree)
	if agree < 30 {
		t.Errorf("only %d legal column moves: the test proves little", agree)
	}
}

func movedTo(evs []Event, id int) Pose {
	for _, e := range evs {
		if e.Kind == EvMoved && e.ID == id {
			return *e.To
		}
	}
	return Pose{}
}
