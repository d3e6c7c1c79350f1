package engine

import (
	"slices"

	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// twoPi is 2π scaled by geom.One, for measuring a wheel's arc.
const twoPi = 102944

// sideBySide reports whether b stands flush to the right of a, front
// corners level, facing the same way (§4.3).
func sideBySide(a, b *Element) bool {
	return geom.EdgesAgainst(a.Base, geom.Right, b.Base, geom.Left) > 0 &&
		geom.CornersTouch(a.Base.Corners()[geom.FrontRight], b.Base.Corners()[geom.FrontLeft])
}

// inColumn reports whether b stands directly behind a, facing the same way.
func inColumn(a, b *Element) bool {
	return geom.AngleDiff(a.Base.Facing, b.Base.Facing) == 0 &&
		geom.EdgesAgainst(a.Base, geom.Rear, b.Base, geom.Front) > 0
}

// groupShape checks that the elements form a group and reports whether
// it is a column (RULES.md §4.3).
func (t *tx) groupShape(es []*Element) (column bool, err error) {
	for _, e := range es[1:] {
		if geom.AngleDiff(e.Base.Facing, es[0].Base.Facing) != 0 {
			return false, illegal("group.facing", "%s does not face the same way as %s", t.name(e), t.name(es[0]))
		}
	}
	column = true
	linked := make([]bool, len(es))
	linked[0] = true
	for grown := true; grown; {
		grown = false
		for i, a := range es {
			for j, b := range es {
				if !linked[i] || linked[j] {
					continue
				}
				// Flush edges are near: most pairs are rejected by that.
				side := near(a, b) && (sideBySide(a, b) || sideBySide(b, a))
				if side || near(a, b) && (inColumn(a, b) || inColumn(b, a)) {
					linked[j], grown = true, true
				}
			}
		}
	}
	for i, a := range es {
		if !linked[i] {
			return false, illegal("group.apart", "%s is not in side or front-to-rear contact with the rest of the group", t.name(a))
		}
		for _, b := range es {
			if near(a, b) && sideBySide(a, b) {
				column = false
			}
		}
	}
	return column, nil
}

// wheelPivot returns the front corner a group wheels about (its right end
// when wheeling clockwise) and the far front corner whose arc is measured.
func wheelPivot(es []*Element, clockwise bool) (pivot, outer geom.Point) {
	right := geom.Offset(es[0].Base.Facing+geom.East, geom.One)
	along := func(p geom.Point) int64 { return int64(p.X)*int64(right.X) + int64(p.Y)*int64(right.Y) }
	pivot = es[0].Base.Corners()[geom.FrontRight]
	outer = es[0].Base.Corners()[geom.FrontLeft]
	for _, e := range es {
		c := e.Base.Corners()
		if along(c[geom.FrontRight]) > along(pivot) {
			pivot = c[geom.FrontRight]
		}
		if along(c[geom.FrontLeft]) < along(outer) {
			outer = c[geom.FrontLeft]
		}
	}
	if !clockwise {
		pivot, outer = outer, pivot
	}
	return pivot, outer
}

// groupMove is where a group move takes each member: its legs (start
// first, D14 per leg), where it ends, and, for a contact, the free slide
// that ends the last leg (R8).
type groupMove struct {
	legs  [][]geom.Base
	ends  []geom.Base
	slide geom.Point
	dist  int // paces, measured as §4.3 says
	by    int // index of the member making the contact, or -1
	hit   *Element
}

func (t *tx) moveGroup(a Action) error {
	ids := slices.Clone(a.IDs)
	slices.Sort(ids)
	ids = slices.Compact(ids)
	if len(ids) < 2 {
		return illegal("group.size", "a group needs two or more elements")
	}
	if a.Forward < 0 || a.Wheel < -int(geom.South) || a.Wheel > int(geom.South) {
		return illegal("group.form", "a group moves forward (0 or more paces) after a wheel of at most half a turn")
	}
	var es []*Element
	pay := 0
	for i, id := range ids {
		e, p, err := t.mover(id, a.Pay)
		if err != nil {
			return err
		}
		if i > 0 && e.Cmd != es[0].Cmd {
			return illegal("group.commands", "%s and %s are of different commands", t.name(es[0]), t.name(e))
		}
		if t.engaged(e) {
			return illegal("group.engaged", "%s is in close combat and can only break off on its own", t.name(e))
		}
		es, pay = append(es, e), p
	}
	column, err := t.groupShape(es)
	if err != nil {
		return err
	}
	var m groupMove
	switch {
	case a.Contact != nil:
		if a.Forward != 0 || a.Wheel != 0 || a.To != nil || len(a.Via) > 0 {
			return illegal("group.form", "a group contact is the whole move: give no forward, wheel, to or via with it")
		}
		m, err = t.groupContact(es, a.Contact, column)
	case a.To != nil || len(a.Via) > 0:
		if !column {
			return illegal("group.path", "only a column follows a path of legs; a line wheels and moves forward (§4.3)")
		}
		if a.Forward != 0 || a.Wheel != 0 {
			return illegal("group.form", "a column on a path is given its leader's legs (via, to), not forward or wheel")
		}
		m, err = t.columnPath(es, a.Via, a.To)
	default:
		if column && a.Wheel != 0 {
			return illegal("group.column_wheel", "a column does not wheel: give its leader's path of legs (via, to) instead (§4.3)")
		}
		m = wheelForward(es, geom.Angle(a.Wheel), a.Forward)
	}
	if err != nil {
		return err
	}
	if err := t.groupLegal(es, ids, column, &m); err != nil {
		return err
	}
	charged := make([]int, len(es))
	for i, e := range es {
		if charged[i], err = t.groupTouch(e, m.ends[i], i == m.by, ids); err != nil {
			return err
		}
	}
	if m.hit != nil {
		charged[m.by] = m.hit.ID
	}
	cost := t.moveCost(pay, es)
	if err := t.spend(pay, cost, Event{Code: CodeSpentGroup, N: len(es)}); err != nil {
		return err
	}
	for i, e := range es {
		t.place(e, m.ends[i], m.dist)
		e.Charged = charged[i]
	}
	return t.hooks.AfterMove(t, ids)
}

// wheelForward wheels the group about a front corner (the right one when
// clockwise) and moves it straight ahead: the outer front corner's arc
// plus the forward distance is measured (§4.3).
func wheelForward(es []*Element, wheel geom.Angle, forward int) groupMove {
	m := groupMove{by: -1}
	pivot, outer := wheelPivot(es, wheel > 0)
	var arc geom.Sub
	if wheel != 0 {
		arc = geom.Sub(geom.DivRound(int64(geom.Len(outer.Sub(pivot)))*int64(abs(int(wheel)))*twoPi, int64(geom.Turn)*geom.One))
	}
	for _, e := range es {
		b := e.Base
		b.Front = rotateAbout(b.Front, pivot, wheel)
		b.Facing = (b.Facing + wheel).Norm()
		end := b.Forward(geom.Paces(forward))
		m.legs = append(m.legs, []geom.Base{e.Base, end})
		m.ends = append(m.ends, end)
	}
	m.dist = (arc + geom.Paces(forward)).Paces()
	return m
}

// groupContact moves a group so that member c.By's front edge conforms to
// edge c.Edge of the enemy c.Target, the rest keeping their places beside
// it (§4.2): the group wheels to the facing that conforming needs (the
// arc measured), moves straight ahead, and slides along the enemy's edge
// by at most 80 p beyond its allowance (R8, D42).
func (t *tx) groupContact(es []*Element, c *Contact, column bool) (groupMove, error) {
	by := slices.IndexFunc(es, func(e *Element) bool { return e.ID == c.By })
	if by < 0 {
		return groupMove{}, illegal("group.contact_by", "say which member of the group makes the contact (contact.by); %d is not one", c.By)
	}
	to, target, err := t.contactPose(es[by], c)
	if err != nil {
		return groupMove{}, err
	}
	if target == nil {
		return groupMove{}, illegal("group.contact_friend", "a group makes contact only with an enemy; move it beside a friend by wheel and forward")
	}
	wheel := geom.AngleDiff(to.Facing, es[0].Base.Facing)
	if column && wheel != 0 {
		// A column does not wheel (§4.3): swung about its leader's corner,
		// its rear would travel far beyond the arc measured.
		return groupMove{}, illegal("group.column_wheel", "a column makes contact only straight ahead; %s would have to turn to conform: follow a path first (via, to)", t.name(es[by]))
	}
	m := wheelForward(es, wheel, 0)
	m.by, m.hit = by, target
	// What is left after the wheel: straight ahead along the new facing,
	// and across it (the slide).
	v := to.Front.Sub(m.ends[by].Front)
	ahead, across := geom.Offset(to.Facing, geom.One), geom.Offset(to.Facing+geom.East, geom.One)
	fwd := geom.Sub(geom.DivRound(int64(v.X)*int64(ahead.X)+int64(v.Y)*int64(ahead.Y), geom.One))
	side := geom.Sub(geom.DivRound(int64(v.X)*int64(across.X)+int64(v.Y)*int64(across.Y), geom.One))
	if fwd < -geom.Tol {
		return groupMove{}, illegal("group.contact_back", "%s would have to go back %s to reach %s: a group moves forward", t.name(es[by]), paces((-fwd).Paces()), t.name(target))
	}
	if side > geom.Paces(rules.ConformSlide)+geom.Tol || side < -geom.Paces(rules.ConformSlide)-geom.Tol {
		return groupMove{}, illegal("group.contact_slide", "%s would have to slide %s along the edge of %s to conform; a slide may be at most %s (R8): wheel or move the group nearer first",
			t.name(es[by]), paces(abs(side.Paces())), t.name(target), paces(rules.ConformSlide))
	}
	fwd = max(fwd, 0)
	step := geom.Offset(to.Facing, fwd)
	m.slide = v.Sub(step)
	for i := range es {
		pre := m.ends[i].Translate(step)
		m.ends[i] = pre.Translate(m.slide)
		m.legs[i] = []geom.Base{es[i].Base, pre}
	}
	m.dist += fwd.Paces()
	return m, nil
}

// groupLegal checks a group move: bad going only for a column, every
// member within the allowance of the slowest (named in a refusal), every
// leg clear.
func (t *tx) groupLegal(es []*Element, ids []int, column bool, m *groupMove) error {
	slow, allow, where := -1, 0, ""
	for i, e := range es {
		going := m.legs[i]
		if m.by >= 0 {
			going = append(slices.Clip(going), m.ends[i])
		}
		if !column && t.anyBad(e, going) {
			return illegal("group.bad_going", "a group may move in or into bad going only as a column; %s would", t.name(e))
		}
		a, w, err := t.allowance(e, going)
		if err != nil {
			return err
		}
		if slow < 0 || a < allow {
			slow, allow, where = i, a, w
		}
	}
	if m.dist > allow {
		return illegal("move.too_far", "%s can move %s %s, so the group can too; this move is %s", es[slow].Type, paces(allow), where, paces(m.dist))
	}
	for i, e := range es {
		var err error
		if m.by >= 0 {
			err = t.contactRoute(e, m.legs[i], m.ends[i], m.slide, ids...)
		} else {
			err = t.routeBlock(e, m.legs[i], ids...)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// anyBad reports whether any leg of a route touches bad going for e.
func (t *tx) anyBad(e *Element, r []geom.Base) bool {
	for i := 1; i < len(r); i++ {
		if t.sc.inBad(geom.Swept(r[i-1], r[i]), e.Type) {
			return true
		}
	}
	return false
}

// groupTouch vets the enemies a member touches where the group ends: as
// for a single element (touchCheck), and a member other than the one
// making the contact that meets an enemy's edge must meet it exactly
// conformed: a group never ends offset against an enemy (§4.2).
func (t *tx) groupTouch(e *Element, to geom.Base, contacting bool, ids []int) (int, error) {
	charged, err := t.touchCheck(e, to, ids...)
	if err != nil || contacting || charged == 0 {
		return charged, err
	}
	o := t.el(charged)
	mover := *e
	mover.Base = to
	want := geom.Against(o.Base, againstEdge(&mover, o), to.Width, to.Depth)
	if geom.Len(want.Front.Sub(to.Front)) > geom.Tol || geom.AngleDiff(want.Facing, to.Facing) != 0 {
		return 0, illegal("group.unconformed", "%s would meet %s without lining up: a group conforms through the member that makes the contact (contact.by)", t.name(e), t.name(o))
	}
	return charged, nil
}

// Groupable reports whether the elements would form a group (RULES.md
// §4.3), for the user interface.
func (g *Game) Groupable(ids []int) error {
	t := g.reader() // groupShape only reads
	defer t.done()
	var es []*Element
	for _, id := range ids {
		e := t.el(id)
		if e == nil || !e.OnTable() {
			return illegal("element.unknown", "no element %d on the table", id)
		}
		if len(es) > 0 && e.Cmd != es[0].Cmd {
			return illegal("group.commands", "%s and %s are of different commands", t.name(es[0]), t.name(e))
		}
		es = append(es, e)
	}
	if len(es) < 2 {
		return illegal("group.size", "a group needs two or more elements")
	}
	_, err := t.groupShape(es)
	return err
}
