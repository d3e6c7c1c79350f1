package engine

import (
	"slices"

	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// scanBuf is the room on the stack for the element indices a scan of
// nearby elements returns: more than stand near one element on most
// tables (a longer list goes to the heap).
const scanBuf = 32

// flankedBy returns the side or rear edge of x that z's front edge is
// against, or -1: z is a flank or rear attacker of x (R23). A front edge
// against a side is never also against the front (their directions
// differ by a quarter turn).
func flankedBy(z, x *Element) geom.Edge {
	// The one edge z's front may be against: if that is x's front, z is
	// no flank attacker, and the contact need not be measured.
	ed := edgeFacing(z.Base.Facing, &x.Base)
	if ed <= geom.Front || geom.EdgesAgainst(z.Base, geom.Front, x.Base, ed) == 0 {
		return -1
	}
	return ed
}

// againstEdge returns the edge of b that a's front edge is flush
// against, or -1, with one contact test instead of one for each of b's
// edges: an edge is flush only against an edge facing the opposite way
// within AngleTol, and of b's four edges, a quarter turn apart, at most
// one does (TestCheapContactTestsAgree holds it to the four tests).
func againstEdge(a, b *Element) geom.Edge {
	ed := edgeFacing(a.Base.Facing, &b.Base)
	if ed < 0 || geom.EdgesAgainst(a.Base, geom.Front, b.Base, ed) == 0 {
		return -1
	}
	return ed
}

// edgeFacing returns the edge of b whose outward direction is opposite
// to out within geom.AngleTol (the only one geom.EdgesAgainst may find
// flush against an edge facing out), or -1.
func edgeFacing(out geom.Angle, b *geom.Base) geom.Edge {
	d := (out - b.Facing - geom.South).Norm()
	ed := geom.Edge((d+geom.East/2)/geom.East) & 3
	if diff := geom.AngleDiff(out, b.Facing+geom.Angle(ed)*geom.East+geom.South); diff < -geom.AngleTol || diff > geom.AngleTol {
		return -1
	}
	return ed
}

// openClose is enterClose for an action that ends there (end_phase):
// the table's index goes back to the pool.
func (t *tx) openClose() error {
	defer t.dropSpots()
	return t.enterClose()
}

// roomFor reports whether e could stand at pose b, ignoring the element
// it turns to face.
func (t *tx) roomFor(e *Element, b geom.Base, ignore *Element) bool {
	p := b.Poly()
	if !t.sc.onTable(p) || t.sc.terrainBlock(e.Type, p, p) != "" {
		return false
	}
	box := geom.BoxOf(p)
	var buf [scanBuf]int
	for _, i := range t.meeting(buf[:0], box) {
		o := &t.st.Elements[i]
		if o != e && o != ignore && o.OnTable() && overlapsBase(p, box, o.Base) {
			return false
		}
	}
	return true
}

// Combats lists the close combats still to be fought this bound.
func (g *Game) Combats() [][2]int {
	var out [][2]int
	for _, p := range g.st.Pending {
		out = append(out, [2]int{p.A, p.B})
	}
	return out
}

func (t *tx) combatAction(a Action) error {
	if err := t.needPhase("combat", PhaseClose); err != nil {
		return err
	}
	p, err := t.pendingFor(a.ID, a.Target)
	if err != nil {
		return err
	}
	t.keepSpots()
	defer t.dropSpots()
	return t.fight(p)
}

// pendingFor finds the pending close combat of element id (against
// target, if not 0).
func (t *tx) pendingFor(id, target int) (pair, error) {
	for _, p := range t.st.Pending {
		if (p.A == id || p.B == id) && (target == 0 || p.A == target || p.B == target) {
			return p, nil
		}
	}
	x, y := t.el(id), t.el(target)
	switch {
	case x == nil:
		return pair{}, illegal("element.unknown", "no element with id %d", id)
	case target != 0 && y == nil:
		return pair{}, illegal("element.unknown", "no element with id %d", target)
	case y != nil:
		return pair{}, illegal("combat.none", "%s and %s are not in close combat, or have fought this bound", t.name(x), t.name(y))
	}
	return pair{}, illegal("combat.none", "%s has no close combat left to fight this bound", t.name(x))
}

// fight resolves one pending close combat, if its elements are still in
// contact.
func (t *tx) fight(p pair) error {
	c, ok := t.prepareClose(p)
	if !ok {
		return nil
	}
	if t.IsDuel(c.a.e.ID, c.b.e.ID) {
		return t.fightDuel(c)
	}
	return t.rollAndResolve(c)
}

// prepareClose takes a pending combat off the list and sets it up to the
// dice, or reports that its elements are no longer in contact.
func (t *tx) prepareClose(p pair) (*prepared, bool) {
	if pend := t.st.Pending; len(pend) > 0 && pend[0] == p {
		t.st.Pending = pend[1:] // the default order fights the first
	} else {
		t.st.Pending = slices.DeleteFunc(pend, func(q pair) bool { return q == p })
	}
	x, y := t.el(p.A), t.el(p.B)
	if !x.OnTable() || !y.OnTable() {
		t.addEl(EvCombat, CodeApart, x, y)
		return nil, false
	}
	// Every element the factors, flankers and supporters concern touches
	// x or y, so two scans of the table serve them all: nothing moves
	// before the dice. What both sides ask of each is worked out once.
	t.nearX, t.nearY = t.nearBoth(x, y, t.nearX[:0], t.nearY[:0])
	sx, sy := t.closeSide(x, t.nearX, t.edgeX[:0]), t.closeSide(y, t.nearY, t.edgeY[:0])
	t.edgeX, t.edgeY = sx.edge, sy.edge
	// Still in contact (results earlier in the phase may have moved them
	// apart): one's front against the other's front, flank or rear, as
	// the edges just worked out say.
	if sy.edgeOf(x) < geom.Front && sx.edgeOf(y) < geom.Front {
		t.addEl(EvCombat, CodeApart, x, y)
		return nil, false
	}
	// The combat is set up in t's own, reused: a transaction prepares one
	// close combat at a time. Each side's factors are gathered where the
	// combat's event keeps them, in t's slab of factors.
	if t.close == nil {
		t.close = new(prepared)
	}
	c := t.close
	// Every field is set below (not zeroed first: it holds pointers,
	// and zeroing them is work for the collector's barriers).
	c.kind, c.aiders = rules.Close, nil
	c.a = t.fighter(&sx, &sy, t.factorTail())
	c.a.factors, c.a.kept = t.keepTail(c.a.factors), true
	c.b = t.fighter(&sy, &sx, t.factorTail())
	c.b.factors, c.b.kept = t.keepTail(c.b.factors), true
	// Remember what the results will change before applying them.
	c.flankA, c.flankB = t.flankers(x, &sy, c.flankA[:0]), t.flankers(y, &sx, c.flankB[:0])
	c.supA, c.supB = idOf(sx.sup), idOf(sy.sup)
	return c, true
}

// closeSide is what both sides' factors, flankers and supporters ask of
// one element of a close combat.
type closeSide struct {
	e       *Element
	near    []*Element  // nearOf(e)
	edge    []geom.Edge // edge[k]: againstEdge(near[k], e) for an enemy, else -1
	corners [4]geom.Point
	bad     bool     // in bad going for its type
	sup     *Element // its rear supporter (supporter)
}

// closeSide works out e's closeSide, its edges appended to edges; nx is
// nearOf(e).
func (t *tx) closeSide(e *Element, nx []*Element, edges []geom.Edge) closeSide {
	if cap(edges) < len(nx) {
		edges = make([]geom.Edge, 0, max(len(nx), scanBuf))
	}
	for _, z := range nx {
		ed := geom.Edge(-1)
		if z.Side != e.Side {
			ed = againstEdge(z, e)
		}
		edges = append(edges, ed)
	}
	s := closeSide{e: e, near: nx, edge: edges, corners: e.Base.Corners()}
	s.bad = t.sc.inBad(s.corners[:], e.Type)
	s.sup = t.supporter(&s)
	return s
}

// prepared is a close combat, shot or bespell set up to the dice: both
// sides' fighters and what its results will touch. A is the moving side
// in close combat, the shooter or the Magician in distant combat.
type prepared struct {
	kind           rules.Contest
	a, b           fighter
	flankA, flankB []int // friends that recoil if A (B) loses (§6.3)
	supA, supB     int   // A's (B's) rear supporter, 0 if none
	aiders         []int // shots and bespells
}

// rollAndResolve rolls the contest's dice, A's first (§11), and resolves it.
func (t *tx) rollAndResolve(c *prepared) error {
	da, err := t.rollFor(CodeAttackerDie, c.kind, &c.a)
	if err != nil {
		return err
	}
	db, err := t.rollFor(CodeDefenderDie, c.kind, &c.b)
	if err != nil {
		return err
	}
	t.resolve(c, da, db)
	return nil
}

// rollFor is roll for fighter f's die in contest k, its event built in
// place.
func (t *tx) rollFor(code Code, k rules.Contest, f *fighter) (int, error) {
	v, err := t.draw()
	if err != nil {
		return 0, err
	}
	ev := t.add(EvDie, code)
	ev.Purpose, ev.ID, ev.Name, ev.Value, ev.Draw = diePurpose[k], f.e.ID, f.name, v, t.dice.Draws()
	return v, nil
}

// diePurpose is what a contest's dice are rolled for, by rules.Contest.
var diePurpose = [...]DiePurpose{rules.Close: DieClose, rules.Shoot: DieShoot, rules.Bespell: DieBespell}

// resolve applies a contest's dice: the totals decide, then every result
// and what follows from it. Everything after the dice is here, so that
// Odds, which runs it on copies of the state, foresees exactly what a
// fight does.
func (t *tx) resolve(c *prepared, da, db int) {
	ra, rb := decide(c.kind, &c.a, &c.b, c.a.score+da, c.b.score+db, nil)
	t.report(c.kind, c.a, c.b, da, db, ra, rb, c.aiders)
	t.applyResults(c, ra, rb)
	t.afterResults(c, ra, rb, da, db)
}

// applyResults applies both sides' results and what follows from them.
// It depends on the dice only through the results (odds.go relies on it).
func (t *tx) applyResults(c *prepared, ra, rb rules.Result) {
	x, y := t.el(c.a.e.ID), t.el(c.b.e.ID)
	switch c.kind {
	case rules.Close:
		t.closeResult(x, y, ra, t.els(c.flankA), t.el(c.supA))
		t.closeResult(y, x, rb, t.els(c.flankB), t.el(c.supB))
	default:
		t.suffer(y, rb, x, c.kind)
		t.suffer(x, ra, y, c.kind)
	}
}

// afterResults runs what the totals themselves decide once the results
// stand: the scenario's hook, which reads only their parity (PELENNOR.md
// §5.5, the Witch-King's odd total), and a bespelling Magician's 1 (R16).
func (t *tx) afterResults(c *prepared, ra, rb rules.Result, da, db int) {
	x, y := t.el(c.a.e.ID), t.el(c.b.e.ID)
	t.hooks.Contested(t, c.kind, x, y, ra, rb, c.a.score+da, c.b.score+db)
	if c.kind == rules.Bespell {
		t.spendPOW(x)
	}
	if c.kind == rules.Bespell && da == 1 {
		x.Ones++
		if x.Ones == 2 && x.OnTable() {
			t.note(x, CauseSecondOne)
			t.remove(x, Ensorcelled, CodeSecondOne, nil, "")
		}
	}
}

// els returns the elements with the given ids.
func (t *tx) els(ids []int) []*Element {
	var out []*Element
	for _, id := range ids {
		out = append(out, t.el(id))
	}
	return out
}

func idOf(e *Element) int {
	if e == nil {
		return 0
	}
	return e.ID
}

// edgeOf is the edge of s's element that enemy z's front is against
// (againstEdge), or -1: also when z is not near it.
func (s *closeSide) edgeOf(z *Element) geom.Edge {
	for k, o := range s.near {
		if o == z {
			return s.edge[k]
		}
	}
	return -1
}

// closeResult applies a close combat result to e, then what follows from
// it: friends on the victor's flanks recoil with it, a supporting element
// dies with it, the victor follows up.
func (t *tx) closeResult(e, victor *Element, r rules.Result, flank []*Element, sup *Element) {
	if r == rules.NoResult {
		return
	}
	moved := t.suffer(e, r, victor, rules.Close)
	switch r {
	case rules.Recoil, rules.Flee, rules.Destroyed, rules.Ensorcelled:
		for _, z := range flank {
			if z.OnTable() {
				t.recoil(z, victor)
			}
		}
	}
	// Destroyed by the result, or because it could not recoil (also when
	// fleeing), not by a flight's end (docs/rulings.md D23).
	if sup != nil && e.Status == Destroyed && (r == rules.Destroyed || t.noted(e.ID, CauseRecoilBlocked)) && sup.OnTable() {
		t.note(sup, CauseSupporter)
		t.remove(sup, Destroyed, CodeSupporter, e, "")
	}
	if victor.OnTable() && (r == rules.Recoil || r == rules.Flee || !e.OnTable()) {
		t.followUp(victor, e, moved)
	}
}

// flankers lists the ids of x's friends that recoil if x loses to y
// (§6.3): those against y's side or rear, and those against y's front
// that fight no one else (they count as side contacts, §6.1, or help
// against a stronghold). They are appended to out.
func (t *tx) flankers(x *Element, sy *closeSide, out []int) []int {
	y := sy.e
	for k, z := range sy.near {
		if z == x || z.Side != x.Side {
			continue
		}
		switch sy.edge[k] { // againstEdge(z, y)
		case geom.Front:
			if t.onlyFoe(z, y) {
				out = append(out, z.ID)
			}
		case geom.Right, geom.Rear, geom.Left:
			out = append(out, z.ID)
		}
	}
	return out
}

// nearOf appends to buf the elements on the table near x (near), x
// among them, in index order: a superset of all that touch x.
func (t *tx) nearOf(x *Element, buf []*Element) []*Element {
	if cap(buf) == 0 {
		buf = make([]*Element, 0, scanBuf)
	}
	var ib [scanBuf]int
	for _, i := range t.nearby(ib[:0], x) {
		if z := &t.st.Elements[i]; z.OnTable() && near(z, x) {
			buf = append(buf, z)
		}
	}
	return buf
}

// nearBoth is nearOf(x, bx) and nearOf(y, by) from one search of the
// spots, about both: the two stand in contact, and most of what is near
// one is near the other.
func (t *tx) nearBoth(x, y *Element, bx, by []*Element) ([]*Element, []*Element) {
	if t.spots == nil {
		return t.nearOf(x, bx), t.nearOf(y, by)
	}
	if cap(bx) == 0 {
		bx = make([]*Element, 0, scanBuf)
	}
	if cap(by) == 0 {
		by = make([]*Element, 0, scanBuf)
	}
	// The box holding both of nearby's windows.
	lx, ly := boundsReach(&x.Base)+t.spots.reach+nearTol, boundsReach(&y.Base)+t.spots.reach+nearTol
	fx, fy := x.Base.Front, y.Base.Front
	var ib [2 * scanBuf]int
	// near(z, x) and near(z, y), each reach worked out once.
	rx, ry := boundsReach(&x.Base)+nearTol, boundsReach(&y.Base)+nearTol
	for _, i := range t.spots.within(ib[:0], min(fx.X-lx, fy.X-ly), min(fx.Y-lx, fy.Y-ly), max(fx.X+lx, fy.X+ly), max(fx.Y+lx, fy.Y+ly)) {
		z := &t.st.Elements[i]
		if !z.OnTable() {
			continue
		}
		rz := boundsReach(&z.Base)
		if closeTo(z.Base.Front, fx, rz+rx) {
			bx = append(bx, z)
		}
		if closeTo(z.Base.Front, fy, rz+ry) {
			by = append(by, z)
		}
	}
	return bx, by
}

// onlyFoe reports whether y is the only enemy whose front edge is
// against z's front.
func (t *tx) onlyFoe(z, y *Element) bool {
	var buf [scanBuf]int
	for _, i := range t.nearby(buf[:0], z) {
		o := &t.st.Elements[i]
		if o != y && o.Side != z.Side && o.OnTable() && near(o, z) && geom.EdgesAgainst(o.Base, geom.Front, z.Base, geom.Front) > 0 {
			return false
		}
	}
	return true
}

// supporter returns the element giving x rear support, or nil (§6.2):
// one of those near it, as a supporter touches x.
func (t *tx) supporter(sx *closeSide) *Element {
	x := sx.e
	if !rules.Supported.Has(x.Type) || sx.bad {
		return nil
	}
	for _, b := range sx.near {
		if b.Side == x.Side && b.Type == x.Type && inColumn(x, b) && !t.sc.inBad(b.Base.Poly(), b.Type) {
			return b
		}
	}
	return nil
}

// fighter holds one side of a contest before the dice.
type fighter struct {
	e       *Element
	name    string
	factors []Factor
	score   int
	inBad   bool
	charged bool // moved into contact with its opponent this bound
	ignores bool // ignores a loss (§6.3)
	broken  bool
	winsAs  bool // a Magician whose win uses the bespell outcomes
	kept    bool // its factors are in t's slab already (keepTail)
}

// add counts a factor, its Value and reason given in fc.
func (f *fighter) add(v int, fc Factor) {
	fc.Value = v
	f.factors = append(f.factors, fc)
	f.score += v
}

// factorRoom is the room made for one side's close combat factors.
const factorRoom = 5

// fighter works out x's close combat factors against y (RULES.md §6.2),
// appending them to fs.
func (t *tx) fighter(sx, sy *closeSide, fs []Factor) fighter {
	const c = rules.Close
	x, y, nx := sx.e, sy.e, sx.near
	f := fighter{e: x, name: t.name(x), inBad: sx.bad, charged: x.Charged == y.ID,
		broken: t.st.Commands[x.Cmd].Broken, factors: fs}
	f.add(x.Type.Factor(y.Type), Factor{Code: FactorType, Type: x.Type.String(), Class: y.Type.Info().Class.String()})
	if x.General {
		f.add(rules.General, Factor{Code: FactorGeneral})
	}
	if y.Type.Ground() && len(t.sc.terrain) > 0 { // hills and rivers
		if t.sc.upslope(x.Base, y.Base) {
			f.add(rules.Uphill, Factor{Code: FactorUphill})
		}
		if t.sc.inRiver(sy.corners[:]) && !t.sc.inRiver(sx.corners[:]) {
			f.add(rules.RiverBank, Factor{Code: FactorRiverBank})
		}
	}
	if sx.sup != nil {
		f.add(rules.RearSupport, Factor{Code: FactorRearSupport})
	}
	for _, o := range t.overlaps(x, y, nx, &sx.corners) {
		if o.by != nil {
			f.add(rules.Overlapped, Factor{Code: FactorOverlap, ID: o.by.ID, Name: t.name(o.by), Edge: o.side})
		}
	}
	for k, z := range nx {
		if z.Side == x.Side {
			continue
		}
		switch e := sx.edge[k]; { // againstEdge(z, x)
		case e > geom.Front:
			f.add(rules.FlankOrRear, Factor{Code: FactorFlank, ID: z.ID, Name: t.name(z), Edge: edgeWord[e]})
		case e == geom.Front && z != y:
			// A second enemy against its front counts as a side contact (§6.1).
			f.add(rules.FlankOrRear, Factor{Code: FactorFrontAlso, ID: z.ID, Name: t.name(z)})
		}
	}
	// The −2 for an opponent in bad going is not added to its own (§6.2).
	switch {
	case f.inBad && !rules.BadGoingExempt.Has(x.Type):
		f.add(rules.BadGoing, Factor{Code: FactorBadGoing})
	case rules.HinderedByBad.Has(x.Type) && sy.bad:
		f.add(rules.OpponentInBad, Factor{Code: FactorOpponentBad})
	}
	t.commonFactors(&f, x, y, c)
	// A loss to Sneakers is ignored except by generals, strongholds and Sneakers.
	f.ignores = y.Type == rules.Sneakers && !x.General && !rules.SneakerProof.Has(x.Type)
	return f
}

// commonFactors adds what applies in every kind of contest.
func (t *tx) commonFactors(f *fighter, x, y *Element, c rules.Contest) {
	if f.broken {
		f.add(-1, Factor{Code: FactorBroken})
	}
	for _, sf := range t.hooks.Factors(t, x, y, c) {
		f.add(sf.Value, sf)
	}
}

// edgeWord names an edge (never -1) for the log.
var edgeWord = [...]string{geom.Front: "front", geom.Right: "right flank", geom.Rear: "rear", geom.Left: "left flank"}

// overlap is a side on which an element is overlapped, and by whom.
type overlap struct {
	side string
	by   *Element
}

// overlaps returns the sides on which x is overlapped while fighting y
// (§6.2, R11, docs/rulings.md D18): an enemy other than y, facing x, front
// corner to front corner with x, and with no enemy against its own front;
// by is nil on a side not overlapped. nx is nearOf(x).
func (t *tx) overlaps(x, y *Element, nx []*Element, xc *[4]geom.Point) [2]overlap {
	corners := [2]geom.Corner{geom.FrontLeft, geom.FrontRight}
	var found [2]*Element // left, right
	// One pass finds, for each corner, the first overlapping enemy in ID
	// order, as a pass per corner would.
	for _, z := range nx {
		if found[0] != nil && found[1] != nil {
			break
		}
		if z == y || z.Side == x.Side || z.Type == rules.Stronghold {
			continue
		}
		if d := geom.AngleDiff(z.Base.Facing, x.Base.Facing+geom.South); d < -geom.AngleTol || d > geom.AngleTol {
			continue
		}
		// Front corners lie within half a width (and a rounding) of the
		// front centre: fronts further apart have none touching.
		reach := x.Base.Width/2 + z.Base.Width/2 + 4 + geom.Tol
		if dx, dy := z.Base.Front.X-x.Base.Front.X, z.Base.Front.Y-x.Base.Front.Y; dx > reach || -dx > reach || dy > reach || -dy > reach {
			continue
		}
		zc := z.Base.Corners()
		for k, c := range corners {
			touch := geom.CornersTouch(zc[geom.FrontLeft], xc[c]) || geom.CornersTouch(zc[geom.FrontRight], xc[c])
			if found[k] == nil && touch && !t.frontBusy(z) { // the cheap tests first
				found[k] = z
			}
		}
	}
	return [2]overlap{{"left", found[0]}, {"right", found[1]}}
}

// overlapsBase is geom.Overlap(p, b.Poly()) for box the bounding box of
// p: most bases on the table are rejected by their bounds alone, before
// their corners are worked out.
func overlapsBase(p geom.Poly, box geom.Box, b geom.Base) bool {
	return box.Meets(b.Bounds()) && geom.Overlap(p, b.Poly())
}

// near reports whether two bases may touch: a cheap bound on the
// distance of their front centres, before any corner arithmetic. Every
// corner of a base lies within its bounds' reach of its front centre
// (geom.Base.Bounds), and every contact test forgives gaps under 2·Tol
// (flush edges, touching corners), so bases further apart than both
// reaches and nearTol along x or y touch in no way.
func near(a, b *Element) bool {
	return closeTo(a.Base.Front, b.Base.Front, boundsReach(&a.Base)+boundsReach(&b.Base)+nearTol)
}

// closeTo reports whether p and q are at most r apart along x and along y.
func closeTo(p, q geom.Point, r geom.Sub) bool {
	dx, dy := p.X-q.X, p.Y-q.Y
	return dx <= r && -dx <= r && dy <= r && -dy <= r
}

// nearTol is the gap near allows beyond the bases' reaches: twice what
// any contact test forgives.
const nearTol = 4 * geom.Tol

// boundsReach is how far b's bounds reach from its front centre along x
// and y (geom.Base.Bounds).
func boundsReach(b *geom.Base) geom.Sub { return b.Width/2 + b.Depth + 2 }

// frontBusy reports whether an enemy of z has an edge flush against z's
// front edge: z is fighting to its front, or against an enemy's flank or
// rear, and cannot overlap another (R11).
func (t *tx) frontBusy(z *Element) bool {
	var buf [scanBuf]int
	for _, i := range t.nearby(buf[:0], z) {
		o := &t.st.Elements[i]
		if o.Side == z.Side || !o.OnTable() || !near(o, z) {
			continue
		}
		if onFront(o, z) {
			return true
		}
	}
	return false
}

// onFront reports whether an edge of o is flush against z's front edge,
// trying only the edge of o that faces z's front (as edgeFacing, from
// o's side): the others face another way.
func onFront(o, z *Element) bool {
	d := (z.Base.Facing + geom.South - o.Base.Facing).Norm()
	ed := geom.Edge((d+geom.East/2)/geom.East) & 3
	return geom.EdgesAgainst(o.Base, ed, z.Base, geom.Front) > 0
}
