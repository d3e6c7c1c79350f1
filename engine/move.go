package engine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// inches shows a distance in paces as inches for players: 340 -> 3.4".
func inches(p int) string {
	if p < 0 {
		return inchesFmt(p)
	}
	// As inchesFmt, without fmt: every refused move names distances.
	whole, frac := strconv.Itoa(p/100), p%100
	switch {
	case frac == 0:
		return whole + `"`
	case frac%10 == 0:
		return whole + "." + string(rune('0'+frac/10)) + `"`
	}
	return whole + "." + string(rune('0'+frac/10)) + string(rune('0'+frac%10)) + `"`
}

// inchesFmt is inches written plainly (and for negative distances).
func inchesFmt(p int) string {
	s := fmt.Sprintf("%d.%02d", p/100, p%100)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s + `"`
}

func paces(p int) string { return strconv.Itoa(p) + " p (" + inches(p) + ")" }

var edgeByName = map[string]geom.Edge{"front": geom.Front, "right": geom.Right, "rear": geom.Rear, "left": geom.Left}

// size returns the width and depth of an element's base.
func (t *tx) size(e *Element) (geom.Sub, geom.Sub) {
	if e.Type == rules.Stronghold {
		b := t.sc.startBase(t.sc.byID[e.ID])
		return b.Width, b.Depth
	}
	return geom.Paces(rules.BaseWidth), geom.Paces(e.Type.Info().Depth)
}

// engaged reports whether e is in close combat: its front edge against an
// enemy, or an enemy's front edge against any edge of it.
func (t *tx) engaged(e *Element) bool {
	if !e.OnTable() {
		return false
	}
	// As contacts, without building the list: this is asked for every
	// element a move passes and every mover. Those near e are those
	// whose bounds meet e's grown by nearTol.
	var buf [scanBuf]int
	box := e.Base.Bounds().Grow(nearTol)
	var cands []int
	if t.spots != nil {
		cands = t.meeting(buf[:0], box) // fewer candidates, the same answer: near decides
	} else {
		cands = t.bounding(buf[:0], box)
	}
	for _, i := range cands {
		o := &t.st.Elements[i]
		if o.Side != e.Side && o.OnTable() && near(o, e) && (againstEdge(o, e) >= 0 || againstEdge(e, o) >= 0) {
			return true
		}
	}
	return false
}

// contacts lists the enemies in close combat with e.
func (t *tx) contacts(e *Element) []*Element {
	var out []*Element
	var buf [scanBuf]int
	for _, i := range t.bounding(buf[:0], e.Base.Bounds().Grow(nearTol)) { // as engaged
		o := &t.st.Elements[i]
		if o.Side == e.Side || !o.OnTable() || !e.OnTable() || !near(o, e) {
			continue
		}
		if againstEdge(o, e) >= 0 || againstEdge(e, o) >= 0 {
			out = append(out, o)
		}
	}
	return out
}

// pathBlock returns why e may not make one straight leg from one pose to
// another, or nil: table edges, terrain, elements it may not pass through,
// and, when final is set, where it ends (RULES.md §4.1, §4.4). Elements in
// skip are ignored (the rest of a group).
func (t *tx) pathBlock(e *Element, from, to geom.Base, final bool, skip ...int) error {
	switch code, o, why := t.pathStop(e, from, to, final, skip); code {
	case "move.off_table":
		return illegal(code, "%s would leave the table", t.name(e))
	case "move.terrain":
		return illegal(code, "%s cannot go there: %s", t.name(e), why)
	case "move.overlap":
		return illegal(code, "%s would end on top of %s", t.name(e), t.name(o))
	case "move.blocked":
		return illegal(code, "%s cannot pass through %s", t.name(e), t.name(o))
	}
	return nil
}

// pathStop is pathBlock's test without the message, for searches that
// only ask whether a leg is clear: the refusal's code ("" if none), the
// element in the way and the terrain's words.
func (t *tx) pathStop(e *Element, from, to geom.Base, final bool, skip []int) (code string, o *Element, why string) {
	var eb [4]geom.Point
	path, end := t.legAreas(from, to, final, &eb)
	if code, why := t.groundStop(e, path, end); code != "" {
		return code, nil, why
	}
	if code, o := t.elementStop(e, path, end, skip); code != "" {
		return code, o, ""
	}
	return "", nil, ""
}

// legAreas are the area a leg sweeps and, for a last leg, where it ends,
// built in eb: the caller's, so that the many legs a search checks
// allocate no corners.
func (t *tx) legAreas(from, to geom.Base, final bool, eb *[4]geom.Point) (path, end geom.Poly) {
	path = t.sweep(from, to)
	if final {
		*eb = to.Corners()
		end = eb[:]
	}
	return path, end
}

// groundStop is pathStop's test of the table and the terrain.
func (t *tx) groundStop(e *Element, path, end geom.Poly) (code, why string) {
	if !t.sc.onTable(path) {
		return "move.off_table", ""
	}
	if why := t.sc.terrainBlock(e.Type, path, end); why != "" {
		return "move.terrain", why
	}
	return "", ""
}

// elementStop is pathStop's test of the elements: the first one in ID
// order that the end overlaps or that e may not pass through.
func (t *tx) elementStop(e *Element, path, end geom.Poly, skip []int) (code string, o *Element) {
	// Neither the path nor where it ends reaches beyond the path's box.
	reach := geom.BoxOf(path)
	var buf [2 * scanBuf]int
	for _, i := range t.bounding(buf[:0], reach) {
		o := &t.st.Elements[i]
		if o == e || !o.OnTable() || slices.Contains(skip, o.ID) {
			continue
		}
		op := o.Base.Poly()
		if geom.Overlap(end, op) {
			return "move.overlap", o
		}
		if !t.mayPass(e, o, false) && geom.Overlap(path, op) { // the cheap test first
			return "move.blocked", o
		}
	}
	return "", nil
}

// mayPass applies the pass-through table (§4.4).
func (t *tx) mayPass(e, o *Element, retreating bool) bool {
	d := geom.AngleDiff(e.Base.Facing, o.Base.Facing)
	sameAxis := abs(int(d)) <= int(geom.AngleTol) || abs(int(d)) >= int(geom.South-geom.AngleTol)
	pass := func(fighting bool) bool {
		return rules.PassThrough(e.Type, o.Type, e.Side == o.Side, sameAxis, fighting, retreating)
	}
	// Whether o is fighting (a scan of the table) is asked only if it
	// matters.
	if p := pass(false); p == pass(true) {
		return p
	}
	return pass(t.engaged(o))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// touchCheck vets the enemies an element touches where it ends a move
// that was not a contact move: front-to-edge contacts are contacts (it
// returns the first such enemy), corner-to-corner is allowed (overlap
// positions); any other touch would be unconformed.
func (t *tx) touchCheck(e *Element, to geom.Base, skip ...int) (int, error) {
	mover := *e
	mover.Base = to
	charged := 0
	tp := to.Poly()
	reach := geom.BoxOf(tp).Grow(geom.Tol) // what it can touch
	var buf [scanBuf]int
	for _, i := range t.bounding(buf[:0], reach) {
		o := &t.st.Elements[i]
		if o.Side == e.Side || !o.OnTable() || slices.Contains(skip, o.ID) || !geom.Touching(tp, o.Base.Poly()) {
			continue
		}
		if againstEdge(&mover, o) >= 0 {
			if charged == 0 {
				charged = o.ID
			}
			continue
		}
		if againstEdge(o, &mover) >= 0 {
			return 0, illegal("move.exposed", "%s would end with its side or rear against the front of %s", t.name(e), t.name(o))
		}
		if !cornersMeet(to, o.Base) {
			return 0, illegal("move.unconformed", "%s would touch %s without lining up: move into contact with it to conform", t.name(e), t.name(o))
		}
	}
	return charged, nil
}

func cornersMeet(a, b geom.Base) bool {
	for _, p := range a.Corners() {
		for _, q := range b.Corners() {
			if geom.CornersTouch(p, q) {
				return true
			}
		}
	}
	return false
}

// contactPose is where a contact move puts e: its front against an edge
// of an enemy (conformed, §4.2), or beside, behind or before a friend.
func (t *tx) contactPose(e *Element, c *Contact) (geom.Base, *Element, error) {
	o := t.el(c.Target)
	if o == nil || !o.OnTable() || o == e {
		return geom.Base{}, nil, illegal("contact.target", "no element %d on the table to contact", c.Target)
	}
	edge, ok := edgeByName[c.Edge]
	if !ok {
		return geom.Base{}, nil, illegal("contact.edge", "edge %q is not front, right, rear or left", c.Edge)
	}
	w, d := t.size(e)
	if o.Side != e.Side {
		// Any edge may be reached by a legal path (R22): the legs, not
		// where the mover starts, decide.
		return geom.Against(o.Base, edge, w, d), o, nil
	}
	var to geom.Base
	switch edge {
	case geom.Left, geom.Right:
		to = geom.Beside(o.Base, edge == geom.Right, w, d)
	case geom.Rear:
		to = geom.Behind(o.Base, d)
	case geom.Front:
		to = geom.Base{Front: o.Base.Front.Add(geom.Offset(o.Base.Facing, d)), Facing: o.Base.Facing, Width: w, Depth: d}
	}
	return to, nil, nil
}

// sees reports whether general g can see e for command range: the line
// between their centres crosses no wood, built-up area, city or hill;
// elements never block it (R12, docs/rulings.md D5, D51).
func (t *tx) sees(g, e *Element) bool {
	return !t.sc.blocksSight(g.Base.Center(), e.Base.Center(), true)
}

// outOfRange reports whether e is beyond the command range of the
// command paying for its move (§3, R12, PELENNOR.md P4, P5).
func (t *tx) outOfRange(pay int, e *Element) bool {
	if t.st.Commands[pay].NoLeader {
		return true
	}
	if in, ok := t.hooks.InRange(t, pay, e); ok {
		return !in
	}
	g := t.el(t.sc.Commands[pay].General)
	if g == e {
		return false
	}
	if !g.OnTable() {
		return true
	}
	r := rules.CommandRange
	if !t.sees(g, e) {
		r = rules.CommandRangeUnseen
	}
	return !geom.Within(g.Base.Poly(), e.Base.Poly(), geom.Paces(r))
}

// moveExtras are the PIPs a move costs beyond its one, each item charged
// once if any element moving has it, in this order (RULES.md §3).
var moveExtras = [...]struct {
	code   CostCode
	pips   int
	has    func(t *tx, pay int, e *Element) bool
	costly bool // asks geometry: moveShort asks it only if it matters
}{
	{CostAerial, rules.CostAerialExtra, func(_ *tx, _ int, e *Element) bool { return e.Type.Aerial() }, false},
	{CostMagician, rules.CostMagicianExtra, func(_ *tx, _ int, e *Element) bool { return e.Type == rules.Magicians }, false},
	{CostOutOfRange, rules.CostOutOfRange, func(t *tx, pay int, e *Element) bool { return t.outOfRange(pay, e) }, true},
	{CostBroken, 1, func(t *tx, _ int, e *Element) bool { return t.st.Commands[e.Cmd].Broken }, false},
}

// moveCost is the PIP cost of moving the elements together, item by
// item (RULES.md §3).
func (t *tx) moveCost(pay int, es []*Element) []CostItem {
	cost := []CostItem{{CostMove, rules.CostMove}}
	for _, x := range moveExtras {
		if slices.ContainsFunc(es, func(e *Element) bool { return x.has(t, pay, e) }) {
			cost = append(cost, CostItem{x.code, x.pips})
		}
	}
	return cost
}

// moveShort reports whether command pay lacks the PIPs to move e alone:
// CostTotal(moveCost(pay, {e})) > its PIPs, found without building the
// items, and asking the costly items only if the others leave it open.
func (t *tx) moveShort(pay int, e *Element) bool {
	left := t.st.Commands[pay].PIPs
	n, open := rules.CostMove, 0
	for _, x := range moveExtras {
		switch {
		case x.costly:
			open += x.pips
		case x.has(t, pay, e):
			n += x.pips
		}
	}
	if n > left || n+open <= left {
		return n > left
	}
	for _, x := range moveExtras {
		if x.costly && x.has(t, pay, e) {
			n += x.pips
		}
	}
	return n > left
}

// mover checks that e may make a tactical move now, and who pays.
func (t *tx) mover(id int, pay string) (*Element, int, error) {
	if err := t.needPhase("move", PhaseMove); err != nil {
		return nil, 0, err
	}
	e, err := t.own(id, "move")
	if err != nil {
		return nil, 0, err
	}
	switch {
	case e.Type == rules.Stronghold:
		return nil, 0, illegal("move.immobile", "a stronghold never moves")
	case e.Moved:
		return nil, 0, illegal("move.again", "%s has already moved this bound", t.name(e))
	case !t.st.Commands[e.Cmd].Active:
		return nil, 0, illegal("move.inactive", "%s cannot move: %s is not yet active", t.name(e), t.sc.Commands[e.Cmd].Name)
	}
	p, err := t.payer(e, pay)
	if err != nil {
		return nil, 0, err
	}
	if !t.st.Commands[p].Active {
		return nil, 0, illegal("move.inactive", "%s is not yet active", t.sc.Commands[p].Name)
	}
	return e, p, nil
}

func (t *tx) moveOne(a Action) error {
	e, pay, err := t.mover(a.ID, a.Pay)
	if err != nil {
		return err
	}
	var buf [maxLegs + 1]geom.Base
	route, err := t.viaRoute(e, a.Via, buf[:0])
	if err != nil {
		return err
	}
	var to geom.Base
	var target *Element
	switch {
	case a.Contact != nil && a.To != nil:
		return illegal("move.form", "give a destination or a contact, not both")
	case a.Contact != nil:
		if a.Contact.By != 0 && a.Contact.By != e.ID {
			return illegal("move.form", "contact.by names a group's contacting member; a single move is made by %s itself", t.name(e))
		}
		if to, target, err = t.contactPose(e, a.Contact); err != nil {
			return err
		}
	case a.To != nil:
		to = t.poseBase(e, a.To)
	default:
		return illegal("move.form", "a move needs a destination (to) or a contact")
	}
	if t.engaged(e) {
		if len(a.Via) > 0 {
			return illegal("move.engaged", "%s is in close combat: it may only break off, straight back in one leg (R7)", t.name(e))
		}
		if err := t.breakOff(e, to); err != nil {
			return err
		}
	}
	// The last leg of a contact move ends before the free conforming slide
	// (R8); the going is still that of every place the base touches.
	last, slide := to, geom.Point{}
	if target != nil {
		last, slide = slideLeg(route[len(route)-1], to, target.Base, edgeByName[a.Contact.Edge])
	}
	legs := append(route, last)
	going := legs
	if last != to {
		var gbuf [maxLegs + 2]geom.Base
		going = append(append(gbuf[:0], legs...), to)
	}
	allow, where, err := t.allowance(e, going)
	if err != nil {
		return err
	}
	dist := routeDist(legs).Paces()
	if dist > allow {
		extra := ""
		if target != nil {
			extra = slideNote
		}
		return illegal("move.too_far", "%s can move %s %s; this move is %s%s", e.Type, paces(allow), where, paces(dist), extra)
	}
	if target == nil {
		err = t.routeBlock(e, legs)
	} else {
		err = t.contactRoute(e, legs, to, slide)
	}
	if err != nil {
		return err
	}
	var skip []int
	if target != nil {
		skip = append(skip, target.ID)
	}
	charged, err := t.touchCheck(e, to, skip...)
	if err != nil {
		return err
	}
	if target != nil {
		charged = target.ID
	}
	cost := t.moveCost(pay, []*Element{e})
	if err := t.spend(pay, cost, Event{Code: CodeSpentMove, ID: e.ID, Name: t.name(e)}); err != nil {
		return err
	}
	// The move reported runs to where the element ends, slide included.
	t.place(e, to, (routeDist(route) + geom.MoveDist(route[len(route)-1], to)).Paces())
	e.Charged = charged
	return t.hooks.AfterMove(t, []int{e.ID})
}

// slideNote ends the reason of a contact move that is too far.
var slideNote = fmt.Sprintf(" even after the conforming slide of up to %s (R8)", paces(rules.ConformSlide))

// place moves e and reports it.
func (t *tx) place(e *Element, to geom.Base, dist int) {
	t.setBase(e, to)
	e.Moved = true
	t.emitEl(EvMoved, CodeMoved, e, nil, Event{Value: dist, To: poseOf(to)})
}

// breakOff checks a move by an element in close combat: straight back at
// least 200 p, and only if it moves further than every enemy in contact;
// aerials always may (R7).
func (t *tx) breakOff(e *Element, to geom.Base) error {
	d := geom.Len(e.Base.Front.Sub(to.Front))
	if to.Facing != e.Base.Facing.Norm() || geom.Len(e.Base.Forward(-d).Front.Sub(to.Front)) > geom.Tol {
		return illegal("move.engaged", "%s is in close combat: it may only break off straight back", t.name(e))
	}
	if d < geom.Paces(rules.BreakOffMin) {
		return illegal("move.breakoff_short", "breaking off must go back at least %s; this is %s", paces(rules.BreakOffMin), paces(d.Paces()))
	}
	if e.Type.Aerial() {
		return nil
	}
	mine, _, _ := t.allowance(e, []geom.Base{e.Base})
	for _, o := range t.contacts(e) {
		theirs, _, _ := t.allowance(o, []geom.Base{o.Base})
		if mine <= theirs {
			return illegal("move.breakoff_slow", "%s cannot break off: %s in contact moves %s, not less than its %s",
				t.name(e), t.name(o), paces(theirs), paces(mine))
		}
	}
	return nil
}
