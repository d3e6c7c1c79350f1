package engine

import (
	"fmt"
	"slices"

	"pelennor/engine/geom"
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
				side := sideBySide(a, b) || sideBySide(b, a)
				if side || inColumn(a, b) || inColumn(b, a) {
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
			if sideBySide(a, b) {
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
	if column && a.Wheel != 0 {
		return illegal("group.column_wheel", "a column moves straight ahead; wheel its elements singly (docs/rulings.md D3)")
	}
	wheel := geom.Angle(a.Wheel)
	var arc geom.Sub
	ends := make([]geom.Base, len(es))
	pivot, outer := wheelPivot(es, wheel > 0)
	if wheel != 0 {
		arc = geom.Sub(geom.DivRound(int64(geom.Len(outer.Sub(pivot)))*int64(abs(a.Wheel))*twoPi, int64(geom.Turn)*geom.One))
	}
	for i, e := range es {
		b := e.Base
		b.Front = rotateAbout(b.Front, pivot, wheel)
		b.Facing = (b.Facing + wheel).Norm()
		ends[i] = b.Forward(geom.Paces(a.Forward))
	}
	dist := (arc + geom.Paces(a.Forward)).Paces()
	for i, e := range es {
		if !column && t.sc.inBad(geom.Swept(e.Base, ends[i]), e.Type) {
			return illegal("group.bad_going", "a group may move in or into bad going only as a column; %s would", t.name(e))
		}
		allow, going, err := t.allowance(e, e.Base, ends[i])
		if err != nil {
			return err
		}
		if dist > allow {
			return illegal("move.too_far", "%s can move %s %s, so the group can too; this move is %s", e.Type, paces(allow), going, paces(dist))
		}
		if err := t.pathBlock(e, e.Base, ends[i], ids...); err != nil {
			return err
		}
	}
	charged := make([]int, len(es))
	for i, e := range es {
		if charged[i], err = t.touchCheck(e, ends[i], ids...); err != nil {
			return err
		}
	}
	cost, why := t.moveCost(pay, es)
	if err := t.spend(pay, cost, fmt.Sprintf("moving a group of %d (%s)", len(es), why)); err != nil {
		return err
	}
	for i, e := range es {
		t.place(e, ends[i], dist)
		e.Charged = charged[i]
	}
	return t.hooks.AfterMove(t, ids)
}

// Groupable reports whether the elements would form a group (RULES.md
// §4.3), for the user interface.
func (g *Game) Groupable(ids []int) error {
	t := g.begin()
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
