package engine

import (
	"errors"
	"slices"
	"testing"

	"pelennor/engine/geom"
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
	want := []CostItem{{CostMove, 1}, {CostAerial, 1}}
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

// A Shooter facing three enemies in range: the nearest in its arc is
// the one target; one further ahead is not the nearest, one behind the
// target is out of sight behind it, one to its flank is out of arc.
func TestFireOptionsNonTargets(t *testing.T) {
	tb := newTable().add(1, "ca", rules.Shooters, 700, 1900, 0).
		add(2, "cb", rules.Blades, 700, 1800, 2048).
		add(3, "cb", rules.Blades, 850, 1730, 2048).
		add(4, "cb", rules.Blades, 900, 1900, 3072).
		add(5, "cb", rules.Blades, 640, 1720, 2048)
	g := tb.game(t, 6, 3, 4)
	must(t, g, endPhase)
	f, err := g.FireOptions(1)
	if err != nil {
		t.Fatal(err)
	}
	if f.Refusal != nil || f.Kind != ActShoot || f.Range != rules.ShooterRange {
		t.Fatalf("fire options %+v", f)
	}
	if len(f.Targets) != 1 || f.Targets[0].ID != 2 || f.Targets[0].Odds == nil || f.Targets[0].Dist != 100 {
		t.Errorf("targets %+v, want Blades 2 at 100 p with its odds", f.Targets)
	}
	want := map[int]NonTarget{
		3: {ID: 3, Code: FireNotNearest},
		4: {ID: 4, Code: FireOutOfArc},
		5: {ID: 5, Code: FireSightElement, Blocker: 2},
	}
	for _, n := range f.NonTargets {
		w, ok := want[n.ID]
		if !ok {
			t.Errorf("unexpected non-target %+v", n)
			continue
		}
		if n.Code != w.Code || n.Blocker != w.Blocker {
			t.Errorf("non-target %d: %s (blocker %d), want %s (blocker %d)", n.ID, n.Code, n.Blocker, w.Code, w.Blocker)
		}
		delete(want, n.ID)
	}
	for id := range want {
		t.Errorf("enemy %d in range is missing from the non-targets", id)
	}
	// What the query calls legal the engine accepts, and the rest it refuses.
	if err := g.Check(Action{Kind: ActShoot, ID: 1, Target: 2}); err != nil {
		t.Errorf("shooting the listed target: %v", err)
	}
	for _, n := range f.NonTargets {
		var ie *IllegalError
		if err := g.Check(Action{Kind: ActShoot, ID: 1, Target: n.ID}); !errors.As(err, &ie) || ie.Code != "shoot.not_target" {
			t.Errorf("shooting non-target %d: %v, want shoot.not_target", n.ID, err)
		}
	}
	// Having shot, the Shooter's every enemy in range says so.
	must(t, g, Action{Kind: ActShoot, ID: 1, Target: 2})
	if f, _ = g.FireOptions(1); f.Refusal == nil || f.Refusal.Code != FireHasShot || len(f.Targets) != 0 {
		t.Errorf("after shooting: %+v", f)
	}
}

// The lost Hordes' return strip on side a's south edge: legal poses are
// sampled along it, none within 200 p of the enemy Blades standing on it.
func TestArrivalsHordesStrip(t *testing.T) {
	tb, ds, setup := hordesLost(6)
	g := tb.game(t, ds...)
	must(t, g, setup...)
	var h *Arrival
	as := g.Arrivals(0)
	for i := range as {
		if as[i].ID == 1 {
			h = &as[i]
		}
	}
	if h == nil {
		t.Fatalf("arrivals %+v lack the lost Hordes", as)
	}
	if h.Kind != ActReplace || !h.Allowed || h.Cost.Total != 1 || h.Edge != "south" {
		t.Errorf("Hordes arrival %+v", h)
	}
	if !slices.Contains(h.Exclusions, Exclusion{Code: "arrive.overlap", ID: 6}) {
		t.Errorf("exclusions %+v lack Blades 6 on the strip", h.Exclusions)
	}
	xs := map[int]bool{}
	for _, p := range h.Poses {
		xs[p.X] = true
		if p.Facing != 0 || p.Y != 2400-el(t, g, 1).Base.Depth.Paces() {
			t.Errorf("pose %+v does not face north with its rear on the south edge", p)
		}
		if err := g.Check(replace(1, p.X, p.Y, p.Facing)); err != nil {
			t.Errorf("listed pose %+v refused: %v", p, err)
		}
	}
	// Blades 6 spans x 1420–1580: a Hordes base (160 p wide) centred
	// within 360 p of 1500 would be within 200 p of it; General A's base
	// covers the corner.
	for x, in := range map[int]bool{80: false, 700: true, 1120: true, 1140: false, 1500: false, 1860: false, 1880: true} {
		if xs[x] != in {
			t.Errorf("a pose at x=%d listed: %v, want %v", x, xs[x], in)
		}
	}
}

// Command range is 1200 p in sight and 600 p out of it (R12): an element
// 740 p from its general is beyond range only with a wood between them.
func TestCommandRangesUnseenBehindWood(t *testing.T) {
	pos := func() *table {
		return newTable().add(1, "ca", rules.Blades, 700, 1400, 0).add(2, "ca", rules.Blades, 1000, 2100, 0).
			add(10, "ca", rules.Heroes, 700, 2200, 0).general(10)
	}
	for _, c := range []struct {
		name         string
		tb           *table
		seen, beyond bool
	}{
		{"in the open", pos(), true, false},
		{"behind a wood", pos().area("wood", 600, 1750, 800, 1850), false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := c.tb.game(t, 6)
			rs := g.CommandRanges(0)
			if len(rs) != 1 || rs[0].General != 10 || !rs[0].OnTable || rs[0].Radius != 1200 || rs[0].Unseen != 600 {
				t.Fatalf("ranges %+v", rs)
			}
			for _, x := range rs[0].Elements {
				switch x.ID {
				case 1:
					if x.Seen != c.seen || x.Beyond != c.beyond || x.Dist != 740 {
						t.Errorf("Blades 1: %+v, want seen %v beyond %v at 740 p", x, c.seen, c.beyond)
					}
					if in, _ := g.InCommandRange(1, ""); in == x.Beyond {
						t.Errorf("InCommandRange says %v, the query beyond=%v", in, x.Beyond)
					}
				case 2:
					if x.Beyond {
						t.Errorf("Blades 2 next to its general is beyond range")
					}
				}
			}
		})
	}
}

// On the Pelennor table in Mordor's first bound, for every element free
// to move: each listed contact is an action Check accepts, at the pose
// and distance its move reports; and every enemy edge Check accepts
// straight is listed. Its cost is what the move spends.
func TestMoveOptionsAgreeWithCheck(t *testing.T) {
	g := pelennor(t, nil, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6)
	must(t, g, Action{Kind: ActEndBound})
	total := 0
	for _, e := range g.Elements() {
		if e.Side != 1 || !e.OnTable() {
			continue
		}
		o, err := g.MoveOptions(e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !o.Ways[0].Allowed {
			continue
		}
		for _, c := range o.Contacts {
			total++
			evs, err := g.Preview(c.Action)
			if err != nil {
				t.Errorf("element %d: listed contact %+v refused: %v", e.ID, c, err)
				continue
			}
			for _, ev := range evs {
				if ev.Kind == EvMoved && ev.ID == e.ID && (ev.Value != c.Dist || *ev.To != c.Pose) {
					t.Errorf("element %d contact %d %s: moves %d to %+v, listed %d to %+v", e.ID, c.Target, c.Edge, ev.Value, *ev.To, c.Dist, c.Pose)
				}
				if ev.Kind == EvSpent && ev.Value != c.Cost.Total {
					t.Errorf("element %d contact %d %s: spends %d PIPs, listed %+v", e.ID, c.Target, c.Edge, ev.Value, c.Cost)
				}
			}
		}
		for _, x := range g.Elements() {
			if x.Side == e.Side || !x.OnTable() {
				continue
			}
			for _, edge := range sideNames {
				if g.Check(Action{Kind: ActMove, ID: e.ID, Contact: contact(x.ID, edge)}) != nil {
					continue
				}
				if _, ok := findContact(o.Contacts, x.ID, edge); !ok {
					t.Errorf("element %d: the straight contact with %d's %s edge is legal but not listed", e.ID, x.ID, edge)
				}
			}
		}
	}
	if total == 0 {
		t.Fatal("no contacts listed at all: the position tests nothing")
	}
	t.Logf("%d contacts checked", total)
}

// Two Blades side by side may charge as a group, the left one meeting
// the enemy's front; one behind the other they form a column; with an
// enemy's element they are no group at all.
func TestGroupOptions(t *testing.T) {
	tb := newTable().add(1, "ca", rules.Blades, 700, 1900, 0).add(2, "ca", rules.Blades, 860, 1900, 0).
		add(3, "ca", rules.Blades, 700, 1960, 0).add(4, "cb", rules.Blades, 700, 1700, 2048)
	g := tb.game(t, 6)
	o, err := g.GroupOptions([]int{2, 1})
	if err != nil {
		t.Fatal(err)
	}
	if !o.Allowed || o.Way != WayGroup || o.Cost.Total != 1 || !slices.Equal(o.IDs, []int{1, 2}) {
		t.Fatalf("group options %+v", o)
	}
	var hit *ContactOption
	for i, c := range o.Contacts {
		if c.Target == 4 && c.Edge == "front" && c.By == 1 {
			hit = &o.Contacts[i]
		}
		if err := g.Check(c.Action); err != nil {
			t.Errorf("listed group contact %+v refused: %v", c, err)
		}
	}
	if hit == nil || hit.Dist != 200 {
		t.Errorf("contacts %+v lack Blades 1 charging Blades 4's front 200 p away", o.Contacts)
	}
	if c, _ := g.GroupOptions([]int{1, 3}); !c.Allowed || c.Way != WayColumn {
		t.Errorf("one behind another: %+v, want a column", c)
	}
	if x, _ := g.GroupOptions([]int{1, 4}); x.Allowed || x.Refusal == nil || x.Refusal.Code != "group.commands" {
		t.Errorf("with an enemy: %+v, want group.commands", x)
	}
}

// The reach outline of Knights (300 p in good going) in the open is a
// circle of 300 p about the front-edge centre; a friend's Knights 200 p
// ahead, which they may not pass, cut the rays that would cross them.
func TestMoveOptionsReach(t *testing.T) {
	dist := func(p Pose) int {
		dx, dy := p.X-700, p.Y-1900
		return int(geom.Len(geom.Point{X: geom.Paces(dx), Y: geom.Paces(dy)}).Paces())
	}
	open := newTable().add(1, "ca", rules.Knights, 700, 1900, 0)
	o, err := open.game(t, 6).MoveOptions(1)
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Reach) != reachRays {
		t.Fatalf("%d reach points, want %d", len(o.Reach), reachRays)
	}
	for k, p := range o.Reach {
		if d := dist(p); d < 296 || d > 300 || p.Facing != 0 {
			t.Errorf("ray %d reaches %+v, %d p: want 296–300 p facing north", k, p, d)
		}
	}
	if o.Reach[0].X != 700 || o.Reach[0].Y >= 1900 {
		t.Errorf("the first ray %+v is not straight ahead (north)", o.Reach[0])
	}
	blocked := newTable().add(1, "ca", rules.Knights, 700, 1900, 0).add(2, "ca", rules.Knights, 700, 1700, 0)
	b, _ := blocked.game(t, 6).MoveOptions(1)
	// Straight ahead the front meets the friend's rear edge at 80 p.
	if d := dist(b.Reach[0]); d > 80 {
		t.Errorf("straight ahead reaches %d p through the friend, want at most 80", d)
	}
	// Straight back is open.
	if d := dist(b.Reach[reachRays/2]); d < 296 {
		t.Errorf("straight back reaches only %d p", d)
	}
}

// A Magician far beyond its general's command range: its move costs 1,
// +1 for a Magician, +1 beyond range, as the move spends; it may bespell
// the enemy within 600 p, not the stronghold, and once moved may not.
func TestCostItemsAndBespell(t *testing.T) {
	tb := newTable().add(1, "ca", rules.Magicians, 1800, 900, 0).add(2, "cb", rules.Blades, 1800, 500, 2048).
		stronghold(3, "cb", 2000, 400, 2048, 200, 200)
	g := tb.game(t, 6, 3, 4)
	o, err := g.MoveOptions(1)
	if err != nil {
		t.Fatal(err)
	}
	want := []CostItem{{CostMove, 1}, {CostMagician, 1}, {CostOutOfRange, 1}}
	if o.Cost == nil || o.Cost.Total != 3 || !slices.Equal(o.Cost.Items, want) || o.Cost.Left != 6 {
		t.Fatalf("cost %+v, want %v of 6 PIPs", o.Cost, want)
	}
	must(t, g, endPhase)
	f, err := g.FireOptions(1)
	if err != nil {
		t.Fatal(err)
	}
	if f.Kind != ActBespell || f.Refusal != nil || len(f.Targets) != 1 || f.Targets[0].ID != 2 || f.Targets[0].Odds == nil || f.Targets[0].Cost.Total != rules.CostBespell {
		t.Fatalf("bespell options %+v", f)
	}
	if len(f.NonTargets) != 1 || f.NonTargets[0].ID != 3 || f.NonTargets[0].Code != FireStronghold {
		t.Errorf("non-targets %+v, want the stronghold", f.NonTargets)
	}
	g2 := tb.game(t, 6, 3, 4)
	evs := must(t, g2, mv(1, 1800, 850, 0), endPhase)
	for _, ev := range evs {
		if ev.Kind == EvSpent && ev.Value != 3 {
			t.Errorf("the move spent %d PIPs, the query said 3", ev.Value)
		}
	}
	if f, _ := g2.FireOptions(1); f.Refusal == nil || f.Refusal.Code != FireMoved || len(f.Targets) != 0 || f.NonTargets[0].Code != FireMoved {
		t.Errorf("after moving: %+v, want fire.moved for every enemy", f)
	}
}

// Arrivals with fixed places and companions: the ensorcelled Witch-King
// returns where the scenario says (PELENNOR.md §5.5), for 6 PIPs; all the
// Dragons come on together (§9.4).
func TestArrivalsFixedAndTogether(t *testing.T) {
	g := pelennor(t, nil, 1, 1, 6, 6)
	must(t, g, endBound)
	i := g.sc.byID[pWitchKing]
	g.st.Elements[i].Status, g.st.Elements[i].Lost = Ensorcelled, true
	var wk *Arrival
	for _, a := range g.Arrivals(1) {
		if a.ID == pWitchKing {
			wk = &a
		}
	}
	if wk == nil || wk.Kind != ActDesorcel || wk.Cost.Total != rules.CostDesorcel || wk.Edge != "" {
		t.Fatalf("Witch-King arrival %+v", wk)
	}
	if want := []Pose{{X: 7040, Y: 2400, Facing: 3072}}; !slices.Equal(wk.Poses, want) {
		t.Errorf("poses %+v, want %+v", wk.Poses, want)
	}
	if wk.Allowed != (g.st.Commands[g.st.Elements[i].Cmd].PIPs >= rules.CostDesorcel) {
		t.Errorf("allowed %v with %d PIPs", wk.Allowed, g.st.Commands[g.st.Elements[i].Cmd].PIPs)
	}

	d := newTable().reserve(1, "ca", rules.Dragons).reserve(2, "ca", rules.Dragons).game(t, 6)
	as := d.Arrivals(0)
	if len(as) != 2 || !slices.Equal(as[0].Together, []int{2}) || !slices.Equal(as[1].Together, []int{1}) {
		t.Fatalf("dragon arrivals %+v", as)
	}
	if as[0].Kind != ActSummon || as[0].Cost.Total != rules.CostSummon || !as[0].Allowed || len(as[0].Poses) == 0 {
		t.Errorf("dragon arrival %+v", as[0])
	}
	// Not in the other side's bound.
	if b := d.Arrivals(1); len(b) != 0 {
		t.Errorf("side b has arrivals %+v", b)
	}
}

// Reach and Contacts answer what MoveOptions does, alone; for an
// element that may not move, nothing.
func TestReachAndContactsAlone(t *testing.T) {
	g := newTable().add(1, "ca", rules.Knights, 700, 1900, 0).add(2, "cb", rules.Blades, 700, 1700, 2048).game(t, 6)
	o, _ := g.MoveOptions(1)
	r, err := g.Reach(1)
	if err != nil || !slices.Equal(r, o.Reach) {
		t.Errorf("Reach %v (%v), MoveOptions %v", r, err, o.Reach)
	}
	cs, err := g.Contacts(1)
	if err != nil || len(cs) != len(o.Contacts) || len(cs) == 0 {
		t.Errorf("Contacts %+v (%v), MoveOptions %+v", cs, err, o.Contacts)
	}
	if r, _ := g.Reach(2); r != nil {
		t.Errorf("the enemy's Blades reach %v in side a's bound", r)
	}
	if cs, _ := g.Contacts(2); len(cs) != 0 {
		t.Errorf("the enemy's Blades have contacts %+v", cs)
	}
	if _, err := g.Reach(99); err == nil {
		t.Error("no error for an element not in the game")
	}
}

// In close combat only breaking off is open, and only to the faster
// element (R7): Knights may leave Blades, Blades may not leave Knights.
func TestWaysBreakOff(t *testing.T) {
	for _, c := range []struct {
		mover, foe rules.Type
		code       string
	}{
		{rules.Knights, rules.Blades, ""},
		{rules.Blades, rules.Knights, "move.breakoff_slow"},
	} {
		g := newTable().add(1, "ca", c.mover, 700, 1900, 0).add(2, "cb", c.foe, 700, 1900, 2048).game(t, 6)
		o, err := g.MoveOptions(1)
		if err != nil {
			t.Fatal(err)
		}
		b, m := o.Ways[0], o.Ways[1]
		if b.Way != WayBreakOff || m.Way != WayMove || m.Allowed || m.Refusal.Code != "move.engaged" {
			t.Fatalf("%s against %s: ways %+v", c.mover, c.foe, o.Ways)
		}
		if c.code == "" && !b.Allowed || c.code != "" && (b.Allowed || b.Refusal.Code != c.code) {
			t.Errorf("%s against %s: break off %+v, want code %q", c.mover, c.foe, b, c.code)
		}
		if len(o.Contacts) != 0 || o.Reach != nil {
			t.Errorf("%s in close combat lists contacts %v or reach %v", c.mover, o.Contacts, o.Reach)
		}
		// The engine agrees: straight back 200 p.
		err = g.Check(mv(1, 700, 2100, 0))
		if (err == nil) != b.Allowed {
			t.Errorf("%s against %s: breaking off 200 p: %v, query says allowed %v", c.mover, c.foe, err, b.Allowed)
		}
	}
}
