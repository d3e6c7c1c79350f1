package engine

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"pelennor/engine/dice"
	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// The fuzz position: two armies in contact range on a standard table, with
// every kind of element the actions care about (Behemoths, Sneakers,
// Shooters, Magicians, Flyers, Hordes to replace, Gods, Dragons and Lurkers
// to bring on, Artillery, a stronghold) and some terrain of every kind the
// movement rules read. Side a (south edge) faces north with its front edges
// at y=1250; side b (north edge) faces south with its front edges at y=1050,
// 200 p away: Shooters start in range, most moves can reach a contact.
func fuzzTable() *table {
	const n, s = 0, 2048
	return newTable().
		add(1, "ca", rules.Behemoths, 600, 1250, n).
		add(2, "ca", rules.Sneakers, 800, 1250, n).
		add(3, "ca", rules.Shooters, 1000, 1250, n).
		add(4, "ca", rules.Shooters, 1160, 1250, n). // beside 3: a group
		add(5, "ca", rules.Magicians, 1400, 1250, n).
		add(6, "ca", rules.Flyers, 1600, 1250, n).
		add(7, "ca", rules.Hordes, 1800, 1250, n).
		add(8, "ca", rules.Blades, 1960, 1250, n).     // beside 7
		add(9, "ca", rules.Spears, 1960, 1310, n).     // behind 8: a column
		add(10, "ca", rules.Magicians, 1400, 1600, n). // a second Magician to aid
		reserve(11, "ca", rules.Gods).
		reserve(12, "ca", rules.Lurkers).
		add(21, "cb", rules.Knights, 600, 1050, s).
		add(22, "cb", rules.Spears, 800, 1050, s).
		add(23, "cb", rules.Spears, 960, 1050, s). // beside 22
		add(24, "cb", rules.Shooters, 1160, 1050, s).
		add(25, "cb", rules.Magicians, 1400, 1050, s).
		add(26, "cb", rules.Behemoths, 1600, 1050, s).
		add(27, "cb", rules.Warband, 1800, 1050, s).
		add(28, "cb", rules.Warband, 1800, 970, s). // behind 27: rear support
		add(29, "cb", rules.Flyers, 2030, 1050, s).
		add(30, "cb", rules.Artillery, 2230, 1000, s).
		add(31, "cb", rules.Hordes, 400, 1050, s).
		add(32, "cb", rules.Sneakers, 1250, 700, s).
		reserve(33, "cb", rules.Dragons).
		reserve(34, "cb", rules.Dragons).
		general(6). // front-line generals, so that games end
		general(26)
}

// fuzzScenario is the fuzz position with its stronghold and terrain.
func fuzzScenario(t testing.TB) *Scenario {
	tb := fuzzTable()
	tb.sc.Elements = append(tb.sc.Elements, ElementSpec{ID: 40, Command: "cb", Type: "Stronghold",
		Name: "Keep", X: 1200, Y: 240, Facing: 2048, Width: 320, Depth: 200})
	tb.terrain("wood", [2]int{100, 1100}, [2]int{300, 1100}, [2]int{300, 1350}, [2]int{100, 1350})
	tb.terrain("marsh", [2]int{2050, 1400}, [2]int{2300, 1400}, [2]int{2300, 1550}, [2]int{2050, 1550})
	tb.terrain("hill", [2]int{500, 1500}, [2]int{900, 1500}, [2]int{900, 1800}, [2]int{500, 1800})
	tb.terrain("water", [2]int{1900, 1900}, [2]int{2150, 1900}, [2]int{2150, 2050}, [2]int{1900, 2050})
	tb.terrain("built-up", [2]int{1700, 500}, [2]int{1900, 500}, [2]int{1900, 650}, [2]int{1700, 650})
	tb.path("river", 60, [2]int{0, 800}, [2]int{500, 800})
	tb.path("road", 80, [2]int{1200, 1420}, [2]int{1200, 2400})
	// A second road across the gap, in front of both columns (8, 9 and
	// 27, 28), for column paths that bend onto it (fzRoads).
	tb.path("road", 80, [2]int{1500, 1150}, [2]int{2380, 1150})
	tb.sc.Zones = []ZoneSpec{
		{ID: "da", Name: "A's deployment", Kind: "deploy", Commands: []string{"ca"},
			Polygon: [][2]int{{0, 1200}, {2400, 1200}, {2400, 2400}, {0, 2400}}},
		{ID: "db", Name: "B's deployment", Kind: "deploy", Commands: []string{"cb"},
			Polygon: [][2]int{{0, 0}, {2400, 0}, {2400, 1100}, {0, 1100}}},
	}
	return tb.scenario(t)
}

var (
	fzOnce     sync.Once
	fzScenario *Scenario
	fzErr      string
)

// sharedFuzzScenario parses the fuzz scenario once per process: a game
// never writes to its scenario.
func sharedFuzzScenario(t testing.TB) *Scenario {
	fzOnce.Do(func() {
		rec := &fzRecorder{TB: t}
		func() {
			defer func() { recover() }()
			fzScenario = fuzzScenario(rec)
		}()
		fzErr = rec.msg
	})
	if fzScenario == nil {
		t.Fatalf("fuzz scenario: %s", fzErr)
	}
	return fzScenario
}

// fzRecorder keeps a fatal message instead of stopping the goroutine of the
// test that first built the shared scenario.
type fzRecorder struct {
	testing.TB
	msg string
}

func (r *fzRecorder) Helper() {}
func (r *fzRecorder) Fatal(args ...any) {
	r.msg = fmt.Sprint(args...)
	panic(r.msg)
}
func (r *fzRecorder) Fatalf(format string, args ...any) {
	r.msg = fmt.Sprintf(format, args...)
	panic(r.msg)
}

// fzBytes hands out the fuzz input; past its end it gives zeros.
type fzBytes struct {
	b []byte
	i int
}

func (r *fzBytes) more() bool { return r.i < len(r.b) }

func (r *fzBytes) byte() byte {
	if r.i >= len(r.b) {
		return 0
	}
	r.i++
	return r.b[r.i-1]
}

func (r *fzBytes) int8() int { return int(int8(r.byte())) }

// fzDecoder turns fuzz bytes into actions, reading the game so that a good
// share of them are legal.
type fzDecoder struct {
	in  *fzBytes
	g   *Game
	ids []int // every element id, in scenario order
	// els are g's elements after elsAfter actions of elsOf: decoding one
	// action reads them many times over, and only Apply changes them.
	els      []Element
	elsOf    *Game
	elsAfter int
	paired   map[[2]int]bool // pairs asked of Groupable in that position
	picks    []int           // pick's candidates, reused
}

// pairs reports whether Groupable accepts elements a and b as a group,
// asked once a position for each pair: for two elements its answer does
// not depend on their order.
func (d *fzDecoder) pairs(a, b int) bool {
	d.elements() // the position the answers are kept for
	k := [2]int{min(a, b), max(a, b)}
	ok, asked := d.paired[k]
	if !asked {
		ok = d.g.Groupable([]int{a, b}) == nil
		d.paired[k] = ok
	}
	return ok
}

// elements returns the game's elements, the same slice until the game
// changes: read it, never change it.
func (d *fzDecoder) elements() []Element {
	if d.elsOf != d.g || d.elsAfter != d.g.Actions() || d.els == nil {
		d.els, d.elsOf, d.elsAfter = d.g.AppendElements(d.els[:0]), d.g, d.g.Actions()
		if d.paired == nil {
			d.paired = map[[2]int]bool{}
		}
		clear(d.paired)
	}
	return d.els
}

// acting is the side that submits the next action.
func (d *fzDecoder) acting() int { _, a := d.g.ToAct(); return a }

// pick chooses an element: usually one of those for which ok holds, else
// any id or one that does not exist.
func (d *fzDecoder) pick(ok func(e Element) bool) int {
	b := d.in.byte()
	if b&0xC0 != 0xC0 {
		c := d.picks[:0]
		for _, e := range d.elements() {
			if ok(e) {
				c = append(c, e.ID)
			}
		}
		d.picks = c
		if len(c) > 0 {
			return c[int(b&0x3F)%len(c)]
		}
	}
	// Any id, or one that is no element's: ids then 0, 999 and -1.
	bad := [...]int{0, 999, -1}
	n := int(b) % (len(d.ids) + len(bad))
	if n < len(d.ids) {
		return d.ids[n]
	}
	return bad[n-len(d.ids)]
}

func (d *fzDecoder) own(e Element) bool   { return e.Side == d.acting() && e.OnTable() }
func (d *fzDecoder) enemy(e Element) bool { return e.Side != d.acting() && e.OnTable() }
func (d *fzDecoder) movable(e Element) bool {
	return d.own(e) && !e.Moved && e.Type != rules.Stronghold
}
func (d *fzDecoder) absent(e Element) bool {
	return e.Side == d.acting() && !e.OnTable()
}

func (d *fzDecoder) el(id int) (Element, bool) { return d.g.Element(id) }

var fzTurns = []int{0, 0, 0, 0, 1024, -1024, 2048, 512, -512, 256, -256, 128, -128, 64, -64}

// pose is a destination near element id: a free offset or a move along
// its facing, with a turn.
func (d *fzDecoder) pose(id int) *Pose {
	e, ok := d.el(id)
	mode, a, b, f := d.in.byte(), d.in.int8(), d.in.int8(), d.in.byte()
	if !ok || !e.OnTable() {
		return &Pose{X: int(mode) * 10, Y: (a + 128) * 10, Facing: int(f) * 16}
	}
	face := int(e.Base.Facing)
	turn := fzTurns[int(f)%len(fzTurns)]
	if int(f) >= 240 {
		turn = int(f) * 17
	}
	var p geom.Point
	if mode&1 == 0 {
		p = e.Base.Front.Add(geom.Point{X: geom.Paces(a * 2), Y: geom.Paces(b * 2)})
	} else {
		p = e.Base.Front.Add(geom.Offset(e.Base.Facing, geom.Paces(a*2))).Add(geom.Offset(e.Base.Facing+geom.East, geom.Paces(b)))
	}
	if mode&2 != 0 { // turn about the centre instead of the front edge
		c := e.Base.Center()
		nb := geom.Base{Front: c, Facing: geom.Angle(face + turn), Depth: e.Base.Depth}
		p = nb.Forward(e.Base.Depth / 2).Front.Add(p.Sub(e.Base.Front))
	}
	return &Pose{X: p.X.Paces(), Y: p.Y.Paces(), Facing: int(geom.Angle(face + turn).Norm())}
}

// edgePose is a pose touching the entry edge of id's command (§9), nudged
// now and then.
func (d *fzDecoder) edgePose(id int) *Pose {
	x, nudge := int(d.in.byte())*9+80, d.in.byte()
	e, ok := d.el(id)
	depth := 120
	if ok {
		depth = e.Type.Info().Depth
	}
	p := &Pose{X: x, Y: 2400 - depth, Facing: 0}
	if ok && d.g.Scenario().entryEdge(e.Cmd) == "north" {
		p = &Pose{X: x, Y: depth, Facing: 2048}
	}
	if nudge >= 224 {
		p.Y += int(nudge) - 240
	}
	return p
}

func (d *fzDecoder) pay() string {
	switch d.in.byte() % 32 {
	case 0:
		return "ca"
	case 1:
		return "cb"
	case 2:
		return "nobody"
	}
	return ""
}

var fzEdges = []string{"front", "front", "front", "left", "right", "rear", "side"}

// Action kinds by the number next decodes; fzPhaseKinds weights them by
// phase so that most actions are tried where they may be legal. The kinds
// of paths of legs (21–24, fuzz_path_test.go) come last in the move
// phase's list, so inputs made before them still decode as they did.
var fzPhaseKinds = map[Phase][]int{
	PhaseMove: {0, 0, 0, 0, 0, 0, 4, 4, 4, 4, 6, 6, 15, 16, 17, 11, 11, 14,
		21, 21, 21, 22, 22, 22, 23, 23, 24, 24},
	PhaseDistant: {7, 7, 7, 8, 8, 8, 11, 11, 14, 0},
	PhaseReply:   {7, 7, 7, 7, 11, 11, 14, 8},
	PhaseClose:   {9, 9, 9, 9, 9, 9, 11, 14, 0},
	PhaseOver:    {11, 14, 0},
	PhaseDeploy:  {20, 20, 20, 20, 20, 11, 11, 14, 0},
}

// next decodes one action: mostly of a kind the phase allows, now and
// then any kind.
func (d *fzDecoder) next() Action {
	k := int(d.in.byte())
	if k < 224 {
		ks := fzPhaseKinds[d.g.Phase()]
		k = ks[k%len(ks)]
	} else {
		k %= 21
	}
	switch k {
	case 0, 1, 2, 3: // a move to a pose
		id := d.pick(d.movable)
		return Action{Kind: ActMove, ID: id, To: d.pose(id), Pay: d.pay()}
	case 4, 5: // a move into contact, mostly with an enemy within reach
		id := d.pick(d.movable)
		near := func(e Element) bool {
			m, ok := d.el(id)
			return d.enemy(e) && ok && m.OnTable() && geom.Dist(m.Base.Poly(), e.Base.Poly()) <= geom.Paces(400)
		}
		a := Action{Kind: ActMove, ID: id, Contact: &Contact{Target: d.pick(near), Edge: fzEdges[int(d.in.byte())%len(fzEdges)]}}
		if d.in.byte()%8 == 0 { // a friend: line up beside, behind or before it
			a.Contact.Target = d.pick(d.own)
		}
		if d.in.byte()%16 == 0 {
			a.To = d.pose(id)
		}
		return a
	case 6: // a group
		first := d.pick(func(e Element) bool {
			if !d.movable(e) {
				return false
			}
			for _, x := range d.elements() {
				if x.ID != e.ID && d.movable(x) && d.pairs(e.ID, x.ID) {
					return true
				}
			}
			return false
		})
		ids := []int{first}
		for n := int(d.in.byte() % 3); n >= 0; n-- {
			switch c := d.in.byte(); c % 4 {
			case 0:
				ids = append(ids, d.pick(d.own))
			default: // one that joins the group so far
				ids = append(ids, d.pick(func(e Element) bool {
					return d.own(e) && d.g.Groupable(append(append([]int(nil), ids...), e.ID)) == nil
				}))
			}
		}
		return Action{Kind: ActGroup, IDs: ids, Forward: int(d.in.byte()), Wheel: d.in.int8() * 6, Pay: d.pay()}
	case 7: // a shot, at a target the shooter may choose
		s := d.pick(func(e Element) bool { return e.Side == d.acting() && len(d.g.Targets(e.ID)) > 0 })
		a := Action{Kind: ActShoot, ID: s}
		if ts := d.g.Targets(s); len(ts) > 0 {
			a.Target = ts[int(d.in.byte())%len(ts)]
		} else {
			a.Target = d.pick(d.enemy)
		}
		for _, e := range d.elements() {
			if e.ID != s && e.Side == d.acting() && len(d.g.Targets(e.ID)) > 0 && d.in.byte()%2 == 0 {
				a.Aiders = append(a.Aiders, e.ID)
			}
		}
		return a
	case 8: // a bespell
		m := d.pick(func(e Element) bool { return d.own(e) && e.Type == rules.Magicians })
		a := Action{Kind: ActBespell, ID: m, Target: d.pick(d.enemy), Pay: d.pay()}
		if d.in.byte()%3 == 0 {
			a.Aiders = append(a.Aiders, d.pick(func(e Element) bool { return d.own(e) && e.Type == rules.Magicians }))
		}
		return a
	case 9, 10: // a close combat
		cs := d.g.Combats()
		b := d.in.byte()
		if len(cs) == 0 && b < 192 {
			return Action{Kind: ActEndPhase} // nothing to fight: get on
		}
		if len(cs) == 0 || b >= 240 {
			return Action{Kind: ActCombat, ID: d.pick(d.own), Target: d.pick(d.enemy)}
		}
		c := cs[int(b)%len(cs)]
		a := Action{Kind: ActCombat, ID: c[b/16%2]}
		if b%3 == 0 {
			a.Target = c[1-b/16%2]
		}
		return a
	case 11, 12, 13:
		return Action{Kind: ActEndPhase}
	case 14:
		return Action{Kind: ActEndBound}
	case 15:
		id := d.pick(d.absent)
		return Action{Kind: ActReplace, ID: id, To: d.edgePose(id), Pay: d.pay()}
	case 16:
		id := d.pick(d.absent)
		return Action{Kind: ActDesorcel, ID: id, To: d.edgePose(id), Pay: d.pay()}
	case 17: // bring on a God, a Lurker, or all the Dragons
		id := d.pick(d.absent)
		e, ok := d.el(id)
		if !ok || e.Type != rules.Dragons || d.in.byte()%4 == 0 {
			return Action{Kind: ActSummon, ID: id, To: d.edgePose(id)}
		}
		a := Action{Kind: ActSummon}
		for _, x := range d.elements() {
			if x.Side == e.Side && x.Type == rules.Dragons && !x.OnTable() {
				a.Place = append(a.Place, Placement{ID: x.ID, Pose: *d.edgePose(x.ID)})
			}
		}
		return a
	case 18:
		return Action{Kind: ActDeclare, Choice: fmt.Sprint(d.in.byte())}
	case 21: // a move by 1–3 waypoints
		return d.pathMove()
	case 22: // a contact by a path, to any edge
		return d.pathContact()
	case 23: // a group contact naming its contacting member
		return d.groupContact()
	case 24: // a column along its leader's path
		return d.columnPath()
	case 20: // before the first bound: rearrange within the deployment zone
		id := d.pick(d.own)
		return Action{Kind: ActDeploy, ID: id, To: d.pose(id)}
	default: // an unknown, out of place or malformed action
		switch d.in.byte() % 4 {
		case 0:
			return Action{Kind: "charge", ID: d.pick(d.own)}
		case 1:
			return Action{Kind: ActMove, ID: d.pick(d.own)} // neither to nor contact
		case 2:
			id := d.pick(d.own)
			return Action{Kind: ActPlace, ID: id, To: d.pose(id)}
		}
		return Action{Kind: ActGroup, IDs: []int{d.pick(d.own)}}
	}
}

// fuzzStep is one action tried and its outcome, for failure reports.
type fuzzStep struct {
	A   Action
	Err string
}

func (s fuzzStep) String() string {
	b, _ := json.Marshal(s.A)
	if s.Err != "" {
		return fmt.Sprintf("%s  -> illegal: %s", b, s.Err)
	}
	return string(b)
}

// fuzzFail reports a broken invariant with the actions that led to it.
func fuzzFail(t testing.TB, seed uint64, r Options, steps []fuzzStep, format string, args ...any) {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "seed %d, options %+v; actions:\n", seed, r)
	for i, s := range steps {
		fmt.Fprintf(&b, "  %2d %s\n", i, s)
	}
	t.Fatalf("%s\n%s", fmt.Sprintf(format, args...), b.String())
}

// fzInvariants checks what must hold after every action (DESIGN.md §7, §8).
func fzInvariants(g *Game) error {
	sc := g.Scenario()
	els := g.st.Elements // read, never changed: no copy
	// Each base's corners and box once, for the pairs: the boxes first,
	// as bases whose boxes do not meet cannot overlap.
	polys, boxes := make([]geom.Poly, len(els)), make([]geom.Box, len(els))
	corners := make([]geom.Point, 4*len(els))
	for i := range els {
		if els[i].OnTable() {
			c := els[i].Base.Corners()
			polys[i] = append(corners[4*i:4*i:4*i+4], c[:]...)
			boxes[i] = geom.BoxOf(polys[i])
		}
	}
	for i := range els {
		e := &els[i]
		switch {
		case e.OnTable() && e.Lost:
			return fmt.Errorf("element %d (%s) is on the table but counts as lost", e.ID, e.Type)
		case !e.OnTable() && e.Status != Reserve && !e.Lost:
			return fmt.Errorf("element %d (%s) is %s but does not count as lost (§9.1)", e.ID, e.Type, e.Status)
		case e.Status == Reserve && e.Lost:
			return fmt.Errorf("element %d (%s) is in reserve but counts as lost", e.ID, e.Type)
		}
		if !e.OnTable() {
			continue
		}
		p := polys[i]
		if !sc.onTable(p) {
			return fmt.Errorf("element %d (%s) at %+v is not wholly on the table", e.ID, e.Type, *poseOf(e.Base))
		}
		if e.Type.Ground() {
			for _, f := range sc.terrain {
				if f.kind.Impassable && f.overlaps(p) {
					return fmt.Errorf("element %d (%s) at %+v stands in impassable %s", e.ID, e.Type, *poseOf(e.Base), f.name)
				}
			}
		}
		for j := i + 1; j < len(els); j++ {
			o := &els[j]
			if o.OnTable() && boxes[i].Meets(boxes[j]) && geom.Overlap(p, polys[j]) {
				return fmt.Errorf("bases overlap: element %d (%s) at %+v and element %d (%s) at %+v",
					e.ID, e.Type, *poseOf(e.Base), o.ID, o.Type, *poseOf(o.Base))
			}
		}
	}
	for c, cmd := range g.Commands() {
		want := cmd.ExtraAP
		for _, e := range els {
			if e.Cmd == c && e.Lost {
				want += e.Type.Info().AP
			}
		}
		if got := g.LostAP(c); got != want {
			return fmt.Errorf("command %d: LostAP %d, but its lost elements' AP plus ExtraAP is %d", c, got, want)
		}
		if cmd.PIPs < 0 {
			return fmt.Errorf("command %d has %d PIPs", c, cmd.PIPs)
		}
	}
	if (g.Phase() == PhaseOver) != (g.Winner() >= 0) {
		return fmt.Errorf("phase %s with winner %d", g.Phase(), g.Winner())
	}
	for _, p := range g.Combats() {
		for _, id := range p {
			if _, ok := g.Element(id); !ok {
				return fmt.Errorf("pending combat %v names no element %d", p, id)
			}
		}
	}
	return nil
}

// fzMoved checks where a legal move put its element: on the pose asked
// for, or with its front edge flush on the chosen edge of the enemy.
func fzMoved(g *Game, a Action, before []Element, cmds []Command, bound int, evs []Event) error {
	// PIPs: what the events say was spent is what the commands lost.
	if g.Bound() == bound && g.Phase() != PhaseDeploy {
		spent := map[string]int{}
		for _, e := range evs {
			if e.Kind == EvSpent {
				spent[e.Command] += e.Value
			}
		}
		for c, cmd := range g.Commands() {
			id := g.Scenario().Commands[c].ID
			if cmds[c].PIPs-cmd.PIPs != spent[id] {
				return fmt.Errorf("command %s: PIPs %d -> %d, but the events spent %d", id, cmds[c].PIPs, cmd.PIPs, spent[id])
			}
		}
	}
	// R6: no element moves further than its best allowance (plus the
	// conforming slide, R8), and none moves twice in a bound.
	if a.Kind == ActMove || a.Kind == ActGroup {
		for _, b := range before {
			e, _ := g.Element(b.ID)
			if e.Base == b.Base || !b.OnTable() {
				continue
			}
			if b.Moved && bound == g.Bound() {
				return fmt.Errorf("element %d (%s) moved a second time in bound %d", b.ID, b.Type, bound)
			}
			good, bad, road := g.Rulings().Move(b.Type)
			limit := max(good, bad, road) + rules.ConformSlide
			if d := geom.MoveDist(b.Base, e.Base).Paces(); d > limit {
				return fmt.Errorf("element %d (%s) moved %d p, more than it ever may (%d p)", b.ID, b.Type, d, limit)
			}
		}
	}
	if err := fzPathMoved(g, a, before, evs); err != nil {
		return err
	}
	if a.Kind != ActMove {
		return nil
	}
	e, _ := g.Element(a.ID)
	if a.To != nil {
		want := *a.To
		want.Facing &= int(geom.Turn - 1)
		if got := *poseOf(e.Base); got != want {
			return fmt.Errorf("element %d moved to %+v, not to %+v as asked", e.ID, got, want)
		}
		return nil
	}
	o, _ := g.Element(a.Contact.Target)
	if o.Side == e.Side {
		return nil
	}
	if l := geom.EdgesAgainst(e.Base, geom.Front, o.Base, edgeByName[a.Contact.Edge]); l <= 0 {
		return fmt.Errorf("element %d moved into contact with the %s edge of %d but is not flush against it: %+v, %+v",
			e.ID, a.Contact.Edge, o.ID, *poseOf(e.Base), *poseOf(o.Base))
	}
	return nil
}

// fzPreview is what the read-only queries the user interface uses to
// preview an action said before it was applied.
type fzPreview struct {
	contact    *Pose // ContactPose
	contactErr error
	allow      int // Allowance, -1 if not asked or refused
	spell      []int
	spellAsked bool
	returnable map[int]string
	previewed  bool // Preview was asked: its events and error
	events     []Event
	previewErr error
}

func fzPreviewOf(g *Game, a Action) fzPreview {
	pv := fzPreview{allow: -1}
	switch {
	case a.Kind == ActMove && a.Contact != nil && a.To == nil && a.Pay == "":
		p, err := g.ContactPose(a.ID, *a.Contact)
		pv.contact, pv.contactErr = &p, err
	case a.Kind == ActMove && a.To != nil && a.Contact == nil && len(a.Via) == 0:
		// Allowance is asked for a straight move; a path may avoid the
		// going a straight line would cross.
		if n, _, err := g.Allowance(a.ID, *a.To); err == nil {
			pv.allow = n
		}
	case a.Kind == ActBespell && a.Pay == "" && len(a.Aiders) == 0:
		pv.spell, pv.spellAsked = g.SpellTargets(a.ID), true
	case a.Kind == ActReplace || a.Kind == ActDesorcel || a.Kind == ActSummon:
		_, side := g.ToAct()
		pv.returnable = g.Returnable(side)
	}
	if a.Kind == ActMove || a.Kind == ActGroup {
		pv.previewed = true
		pv.events, pv.previewErr = g.Preview(a)
	}
	return pv
}

// agrees checks the outcome of a against its preview: the contact pose
// and its legality, the allowance, the spell targets, what may return.
func (pv fzPreview) agrees(g *Game, a Action, before []Element, evs []Event, applyErr error) error {
	legal := applyErr == nil
	if pv.previewed {
		if fmt.Sprint(pv.previewErr) != fmt.Sprint(applyErr) {
			return fmt.Errorf("Preview said %v, Apply %v", pv.previewErr, applyErr)
		}
		if legal && !reflect.DeepEqual(pv.events, evs) {
			return fmt.Errorf("Preview's events differ from Apply's:\n%v\n%v", pv.events, evs)
		}
	}
	// ContactPose asks for a straight contact: with waypoints only the
	// pose it gives must agree.
	if pv.contact != nil && len(a.Via) == 0 {
		if (pv.contactErr == nil) != legal {
			return fmt.Errorf("ContactPose said %v, Apply %v", pv.contactErr, applyErr)
		}
	}
	if pv.contact != nil {
		if e, _ := g.Element(a.ID); legal && *poseOf(e.Base) != *pv.contact {
			return fmt.Errorf("the contact move ended at %+v; ContactPose said %+v", *poseOf(e.Base), *pv.contact)
		}
	}
	if pv.allow >= 0 && legal {
		e, _ := g.Element(a.ID)
		for _, b := range before {
			if d := geom.MoveDist(b.Base, e.Base).Paces(); b.ID == a.ID && d > pv.allow {
				return fmt.Errorf("element %d moved %d p; Allowance said %d p", a.ID, d, pv.allow)
			}
		}
	}
	if pv.spellAsked && slices.Contains(pv.spell, a.Target) != legal {
		return fmt.Errorf("SpellTargets(%d) = %v, but bespelling %d: %v", a.ID, pv.spell, a.Target, applyErr)
	}
	if pv.returnable != nil && legal {
		ids := []int{a.ID}
		for _, p := range a.Place {
			ids = append(ids, p.ID)
		}
		for _, id := range ids {
			if id != 0 && pv.returnable[id] != a.Kind {
				return fmt.Errorf("%s of element %d was legal, but Returnable said %q", a.Kind, id, pv.returnable[id])
			}
		}
	}
	return nil
}

// fzQueries calls the read-only views on the game; none may change it or
// draw a die (DESIGN.md §8).
func fzQueries(g *Game, d *fzDecoder) error {
	// The game's own elements, by value: a query that changed them is
	// caught by the caller's comparison.
	for _, e := range g.st.Elements {
		for _, id := range g.Targets(e.ID) {
			if o, ok := g.Element(id); !ok || o.Side == e.Side || !o.OnTable() {
				return fmt.Errorf("Targets(%d) lists %d, not an enemy on the table", e.ID, id)
			}
		}
	}
	check := func(r *OddsReport, err error) error {
		if err != nil {
			return nil
		}
		for _, s := range []OddsSide{r.Attacker, r.Defender} {
			n := 0
			for _, c := range s.Outcomes {
				n += c.In36
			}
			if n != 36 || r.Equal > 36 {
				return fmt.Errorf("odds %+v: %d of 36 dice pairs for %s", r, n, s.Name)
			}
		}
		return nil
	}
	for _, c := range g.Combats() {
		if err := check(Odds(g, c[0], c[1], "close", nil)); err != nil {
			return err
		}
	}
	a, b := d.pick(d.own), d.pick(d.enemy)
	for _, k := range []string{"close", "shoot", "bespell", "bogus"} {
		if err := check(Odds(g, a, b, k, nil)); err != nil {
			return err
		}
	}
	g.Groupable([]int{a, a + 1})
	g.InCommandRange(a, "")
	g.InCommandRange(a, "cb")
	g.Allowance(a, Pose{X: 1200, Y: 1200})
	g.SpellTargets(a)
	g.ContactPose(a, Contact{Target: b, Edge: "front"})
	g.Returnable(0)
	g.Returnable(1)
	g.EntryEdge(a)
	g.ScenarioEvents()
	return nil
}

const fuzzMaxActions = 80

// fzState is a copy of a game's state, taken to show that what must not
// change the game did not: comparing copies is exact, and much cheaper
// than hashing at every step (fuzzing throughput).
type fzState struct{ st *state }

func fzSnap(g *Game) fzState { return fzState{g.st.clone()} }

// same reports whether g's state equals the copy, field for field: every
// field of state (TestFuzzSnapshotCoversState keeps the count).
func (s fzState) same(g *Game) bool {
	a, b := s.st, g.st
	return a.Bound == b.Bound && a.Side == b.Side && a.Phase == b.Phase && a.Winner == b.Winner &&
		a.Captured == b.Captured && a.Segment == b.Segment && a.Awaiting == b.Awaiting &&
		slices.Equal(a.Elements, b.Elements) && slices.Equal(a.Commands, b.Commands) &&
		slices.Equal(a.Pending, b.Pending) && slices.Equal(a.Hook, b.Hook) &&
		a.TimeCalled == b.TimeCalled && a.Setup.equal(b.Setup) && slices.Equal(a.Hurt, b.Hurt)
}

// fzStateFields is how many fields of state fzState.same compares, and
// serial, which names a position and is not part of it.
const fzStateFields = 15

// hash is the hash the game had when the copy was taken (for messages).
func (s fzState) hash(g *Game) string {
	c := g.clone()
	c.st = s.st
	return c.Hash()
}

// fuzzGame is the body of FuzzApply: it plays the actions decoded from
// data and checks the invariants after each.
// fzStart sets up the game a fuzz input asks for: its first two bytes
// are the dice's seed, the third the options; the decoder reads the rest
// as actions.
func fzStart(t testing.TB, data []byte) (g *Game, d *fzDecoder, seed uint64, o Options) {
	t.Helper()
	sc := sharedFuzzScenario(t)
	in := &fzBytes{b: data}
	seed = uint64(binary.BigEndian.Uint16([]byte{in.byte(), in.byte()}))
	opt := in.byte()
	o = Options{Rulings: rules.Rulings{PrintedMoves: opt%4 == 0}, Deployment: opt&12 == 0}
	g, _, err := NewGame(sc, dice.NewPCG(seed), o)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	d = &fzDecoder{in: in, g: g}
	for _, e := range sc.Elements {
		d.ids = append(d.ids, e.ID)
	}
	return g, d, seed, o
}

func fuzzGame(t testing.TB, data []byte) {
	g, d, seed, o := fzStart(t, data)
	sc, in := sharedFuzzScenario(t), d.in
	var steps []fuzzStep
	var legal []Action
	var events [][]Event
	// A step's copies of the game, in buffers reused from step to step.
	snap := fzState{new(state)}
	var before []Element
	var cmds []Command
	for n := 0; in.more() && n < fuzzMaxActions; n++ {
		a := d.next()
		copyState(snap.st, g.st)
		draws, acts := g.Draws(), g.Actions()
		before, cmds = g.AppendElements(before[:0]), append(cmds[:0], g.st.Commands...)
		bound := g.Bound()
		steps = append(steps, fuzzStep{A: a})
		var evs []Event
		var checkErr, applyErr error
		var pv fzPreview
		func() {
			defer func() {
				if p := recover(); p != nil {
					fuzzFail(t, seed, o, steps, "panic: %v", p)
				}
			}()
			if n%7 == 3 {
				if err := fzQueries(g, d); err != nil {
					fuzzFail(t, seed, o, steps, "%v", err)
				}
				if !snap.same(g) || g.Draws() != draws {
					fuzzFail(t, seed, o, steps, "a read-only query changed the game: hash %s -> %s, draws %d -> %d", snap.hash(g), g.Hash(), draws, g.Draws())
				}
			}
			pv = fzPreviewOf(g, a)
			checkErr = g.Check(a)
			if a.Kind == ActMove {
				if allowed := g.Allowed(a); allowed != (checkErr == nil) {
					fuzzFail(t, seed, o, steps, "Allowed says %v, Check %v", allowed, checkErr)
				}
			}
			if !snap.same(g) || g.Draws() != draws {
				fuzzFail(t, seed, o, steps, "Check or Allowed changed the game: hash %s -> %s, draws %d -> %d", snap.hash(g), g.Hash(), draws, g.Draws())
			}
			evs, applyErr = g.Apply(a)
		}()
		if (checkErr == nil) != (applyErr == nil) {
			fuzzFail(t, seed, o, steps, "Check says %v, Apply says %v", checkErr, applyErr)
		}
		if err := pv.agrees(g, a, before, evs, applyErr); err != nil {
			fuzzFail(t, seed, o, steps, "%v", err)
		}
		if applyErr != nil {
			steps[len(steps)-1].Err = applyErr.Error()
			var ie *IllegalError
			if !errors.As(applyErr, &ie) || ie.Code == "" || ie.Reason == "" {
				fuzzFail(t, seed, o, steps, "an illegal action returned %T %q, not an *IllegalError with a code and a reason", applyErr, applyErr)
			}
			if checkErr.Error() != applyErr.Error() {
				fuzzFail(t, seed, o, steps, "Check refused with %q, Apply with %q", checkErr, applyErr)
			}
			if !snap.same(g) || g.Draws() != draws || g.Actions() != acts {
				fuzzFail(t, seed, o, steps, "illegal action changed the game: hash %s -> %s, draws %d -> %d, actions %d -> %d",
					snap.hash(g), g.Hash(), draws, g.Draws(), acts, g.Actions())
			}
			continue
		}
		// Every die drawn is logged, in draw order (§8).
		next := draws
		for _, e := range evs {
			if e.Kind == EvDie {
				if next++; e.Draw != next || e.Value < 1 || e.Value > 6 {
					fuzzFail(t, seed, o, steps, "die event %+v: want draw %d, value 1..6", e, next)
				}
			}
		}
		if next != g.Draws() {
			fuzzFail(t, seed, o, steps, "%d dice logged, but the draw count went from %d to %d", next-draws, draws, g.Draws())
		}
		if g.Actions() != acts+1 {
			fuzzFail(t, seed, o, steps, "Actions() went from %d to %d", acts, g.Actions())
		}
		if err := fzInvariants(g); err != nil {
			fuzzFail(t, seed, o, steps, "%v", err)
		}
		if err := fzMoved(g, a, before, cmds, bound, evs); err != nil {
			fuzzFail(t, seed, o, steps, "%v", err)
		}
		legal = append(legal, a)
		events = append(events, evs)
	}
	// The legal actions replay to the same game and the same events, in a
	// History whose undo and redo re-simulate to the same positions.
	h, err := NewHistory(sc, &seed, nil, o)
	if err != nil {
		t.Fatalf("NewHistory: %v", err)
	}
	// Undo goes back at most fzUndos actions: only the positions it may
	// reach are kept, as copies of the state (exact, and cheaper than
	// hashing every step).
	const fzUndos = 3
	keep := max(0, len(legal)-fzUndos)
	var kept []fzState // the positions after keep, keep+1... actions
	if keep == 0 {
		kept = append(kept, fzSnap(h.Game()))
	}
	draws := []int{h.Game().Draws()}
	var actors, actingAfter []int // who made each action, who acts after it
	for i, a := range legal {
		_, actor := h.Game().ToAct()
		actors = append(actors, actor)
		evs, err := h.Apply(a)
		if err != nil {
			fuzzFail(t, seed, o, steps, "replaying legal action %d: %v", i, err)
		}
		if !reflect.DeepEqual(evs, events[i]) {
			fuzzFail(t, seed, o, steps, "replaying legal action %d gave other events:\n%v\n%v", i, evs, events[i])
		}
		if i+1 >= keep {
			kept = append(kept, fzSnap(h.Game()))
		}
		draws = append(draws, h.Game().Draws())
		_, next := h.Game().ToAct()
		actingAfter = append(actingAfter, next)
	}
	played := fzSnap(g)
	if !played.same(h.Game()) || h.Game().Draws() != g.Draws() {
		fuzzFail(t, seed, o, steps, "replay hash %s, played %s", h.Game().Hash(), g.Hash())
	}
	undone := 0
	for n := len(legal); n > 0 && undone < fzUndos; n-- {
		noDice := draws[n] == draws[n-1]
		sameSide := actors[n-1] == actingAfter[n-1]
		if h.CanUndo() != (noDice && sameSide) {
			fuzzFail(t, seed, o, steps, "legal action %d drew %d dice (side %d acted, %d acts next), but CanUndo is %v (undo never crosses a die roll or a hand-over)",
				n-1, draws[n]-draws[n-1], actors[n-1], actingAfter[n-1], h.CanUndo())
		}
		if !noDice || !sameSide {
			break
		}
		if err := h.Undo(); err != nil {
			fuzzFail(t, seed, o, steps, "undoing legal action %d: %v", n-1, err)
		}
		if was := kept[n-1-keep]; !was.same(h.Game()) || h.Game().Draws() != draws[n-1] {
			fuzzFail(t, seed, o, steps, "undoing legal action %d: hash %s, was %s before it", n-1, h.Game().Hash(), was.hash(h.Game()))
		}
		undone++
	}
	for ; undone > 0; undone-- {
		if _, err := h.Redo(); err != nil {
			fuzzFail(t, seed, o, steps, "redo: %v", err)
		}
	}
	if !played.same(h.Game()) || h.Game().Draws() != g.Draws() {
		fuzzFail(t, seed, o, steps, "after undo and redo: hash %s, played %s", h.Game().Hash(), g.Hash())
	}
	// And so does their save, through JSON: the history's own, which is
	// the file Record writes (Record plays the game once more, so that is
	// checked on the inputs whose seed is a multiple of 4).
	s, err := h.Save(nil)
	if err != nil {
		fuzzFail(t, seed, o, steps, "Save: %v", err)
	}
	if seed%4 == 0 {
		r, _, err := Record(sc, &seed, nil, o, legal)
		if err != nil {
			fuzzFail(t, seed, o, steps, "Record: %v", err)
		}
		if !reflect.DeepEqual(r, s) {
			fuzzFail(t, seed, o, steps, "Record wrote %+v; the history saves %+v", *r, *s)
		}
	}
	data2, err := s.Marshal()
	if err != nil {
		t.Fatalf("Marshal: %v", err)
	}
	s2, err := ParseSave("fuzz.json", data2)
	if err != nil {
		fuzzFail(t, seed, o, steps, "ParseSave of a recorded save: %v", err)
	}
	g3, _, err := Replay(s2, sc)
	if err != nil {
		fuzzFail(t, seed, o, steps, "Replay of a recorded save: %v", err)
	}
	if !played.same(g3) || g3.Draws() != g.Draws() {
		fuzzFail(t, seed, o, steps, "replayed save hash %s, played %s", g3.Hash(), g.Hash())
	}
}

// fuzzSeeds are hand-made inputs for the corpus: seed (2 bytes), rulings,
// then actions.
var fuzzSeeds = [][]byte{
	{0, 1, 1},
	{0, 42, 1, 11, 11, 11, 9, 0, 11, 14, 14, 14},
	// Moves forward, contacts, then to close combat and fight.
	{0, 7, 1, 0, 0, 1, 60, 0, 0, 4, 2, 0, 0, 0, 1, 4, 5, 1, 0, 0, 11, 11, 11, 9, 0, 9, 1, 9, 2, 14},
	// Shooting and bespelling in the distant phase.
	{1, 2, 3, 11, 7, 0, 0, 0, 8, 4, 0, 0, 1, 11, 7, 0, 0, 11, 9, 0, 14},
	// Groups, a wheel, the column.
	{0, 9, 1, 6, 2, 0, 0, 50, 10, 6, 5, 1, 0, 40, 0, 14, 6, 0, 0, 0, 100, 0},
	// Returns and arrivals.
	{0, 3, 1, 15, 0, 50, 0, 16, 0, 50, 0, 17, 0, 100, 0, 17, 1, 100, 0, 14, 17, 0, 1, 50, 0, 14},
	// Malformed and unknown actions.
	{0, 5, 0, 19, 0, 0, 19, 1, 0, 19, 2, 0, 18, 3, 5, 255, 255, 255, 255},
}

func FuzzApply(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 8 {
		f.Add(fzRandomInput(rng))
	}
	f.Fuzz(func(t *testing.T, data []byte) { fuzzGame(t, data) })
}

func fzRandomInput(rng *rand.Rand) []byte {
	b := make([]byte, 40+rng.IntN(360))
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return b
}

// TestFuzzApplyCorpus runs the fuzz body on the seeds and on 300
// pseudo-random inputs, so that plain `go test` exercises it.
func TestFuzzApplyCorpus(t *testing.T) {
	for i, s := range fuzzSeeds {
		t.Run(fmt.Sprint("seed", i), func(t *testing.T) { fuzzGame(t, s) })
	}
	n := 300
	if testing.Short() {
		n = 50
	}
	rng := rand.New(rand.NewPCG(20261130, 7))
	for i := range n {
		data := fzRandomInput(rng)
		t.Run(fmt.Sprint("random", i), func(t *testing.T) { fuzzGame(t, data) })
	}
}

// A game set up with the deployment step starts in it (not in a bound):
// the side moving second rearranges first, then the other, and only then
// does the first bound begin with its PIP die.
func TestFuzzDeploymentPhase(t *testing.T) {
	sc := sharedFuzzScenario(t)
	g, _, err := NewGame(sc, dice.NewPCG(1), Options{Deployment: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, acting := g.ToAct(); g.Phase() != PhaseDeploy || acting != 1 || g.Draws() != 0 {
		t.Fatalf("NewGame with deployment: phase %s, bound %d, side %d acting, %d dice drawn; want deployment, side 1, no dice",
			g.Phase(), g.Bound(), acting, g.Draws())
	}
	must(t, g, Action{Kind: ActDeploy, ID: 21, To: &Pose{X: 600, Y: 950, Facing: 2048}}, endPhase)
	if _, acting := g.ToAct(); g.Phase() != PhaseDeploy || acting != 0 {
		t.Fatalf("after side 1 deployed: phase %s, side %d acting; want deployment, side 0", g.Phase(), acting)
	}
	must(t, g, Action{Kind: ActDeploy, ID: 1, To: &Pose{X: 600, Y: 1350, Facing: 0}}, endPhase)
	if _, acting := g.ToAct(); g.Phase() != PhaseMove || acting != 0 || g.Bound() != 1 || g.Draws() != 1 {
		t.Fatalf("after deployment: phase %s, bound %d, side %d acting, %d dice; want move, bound 1, side 0, 1 die",
			g.Phase(), g.Bound(), acting, g.Draws())
	}
}

// A field added to state must be compared by fzState.same too.
func TestFuzzSnapshotCoversState(t *testing.T) {
	if n := reflect.TypeFor[state]().NumField(); n != fzStateFields {
		t.Fatalf("state has %d fields; fzState.same compares %d: compare the new ones", n, fzStateFields)
	}
}
