package engine

import (
	"pelennor/engine/geom"
)

// A column following its leader's path of legs (RULES.md §4.3, D40).
//
// The trail is the line the leader's front-edge centre traces: from where
// it stands through each waypoint to its destination, extended backwards
// through the column along its facing. Every member moves the same
// distance along the trail: its front-edge centre ends on the trail that
// far ahead of where it stood, facing along the trail there. Where a bend
// would make a member overlap one ahead of it, it stops short on the
// trail, to the pace, just clear: a column bunches round a corner.

// trail is a polyline of front-edge centres, with a straight extension
// backwards from its first point.
type trail struct {
	pts    []geom.Point
	lens   []geom.Sub   // lens[j]: length of the stretch pts[j]–pts[j+1]
	dirs   []geom.Angle // its bearing
	facing geom.Angle   // the column's facing before the move
}

// at returns the point of the trail at distance u along it (negative:
// behind its start) and the bearing of the stretch that leads to it.
func (tr *trail) at(u geom.Sub) (geom.Point, geom.Angle) {
	if u <= 0 {
		return tr.pts[0].Add(geom.Offset(tr.facing, u)), tr.facing
	}
	for j, l := range tr.lens {
		if u <= l || j == len(tr.lens)-1 {
			v := tr.pts[j+1].Sub(tr.pts[j])
			return tr.pts[j].Add(geom.Point{
				X: geom.Sub(geom.DivRound(int64(v.X)*int64(u), int64(l))),
				Y: geom.Sub(geom.DivRound(int64(v.Y)*int64(u), int64(l))),
			}), tr.dirs[j]
		}
		u -= l
	}
	panic("engine: empty trail")
}

// length is the distance along the trail from its start to its end.
func (tr *trail) length() geom.Sub {
	var l geom.Sub
	for _, s := range tr.lens {
		l += s
	}
	return l
}

// base is the pose of a member whose front-edge centre is at u.
func (tr *trail) base(e geom.Base, u geom.Sub) geom.Base {
	p, f := tr.at(u)
	return geom.Base{Front: p, Facing: f, Width: e.Width, Depth: e.Depth}
}

// file orders a column from its leader back, and checks that it is one
// straight file: each member's front-edge centre on the rear-edge centre
// of the one ahead.
func (t *tx) file(es []*Element) ([]*Element, error) {
	var lead *Element
	for _, e := range es {
		ahead := false
		for _, o := range es {
			ahead = ahead || o != e && inColumn(o, e)
		}
		if !ahead {
			if lead != nil {
				return nil, illegal("group.file", "%s and %s both lead the column: a column on a path is one file", t.name(lead), t.name(e))
			}
			lead = e
		}
	}
	order := []*Element{lead}
	for len(order) < len(es) {
		last := order[len(order)-1]
		rear := last.Base.Forward(-last.Base.Depth).Front
		next := -1
		for i, o := range es {
			if o != last && inColumn(last, o) && geom.Len(o.Base.Front.Sub(rear)) <= geom.Tol {
				next = i
			}
		}
		if next < 0 {
			return nil, illegal("group.file", "the column is not one straight file behind %s: line it up first", t.name(last))
		}
		order = append(order, es[next])
	}
	return order, nil
}

// columnPath moves a column along its leader's path: via and to give the
// leader's front-edge centre at each waypoint, each facing along the leg
// that arrives there.
func (t *tx) columnPath(es []*Element, via []Pose, to *Pose) (groupMove, error) {
	if to == nil {
		return groupMove{}, illegal("group.form", "a column on a path needs its leader's destination (to)")
	}
	if err := checkLegs(via); err != nil {
		return groupMove{}, err
	}
	order, err := t.file(es)
	if err != nil {
		return groupMove{}, err
	}
	lead := order[0]
	tr := &trail{pts: []geom.Point{lead.Base.Front}, facing: lead.Base.Facing}
	for i, p := range append(append([]Pose(nil), via...), *to) {
		pt := geom.Point{X: geom.Paces(p.X), Y: geom.Paces(p.Y)}
		v := pt.Sub(tr.pts[len(tr.pts)-1])
		l := geom.Len(v)
		if l <= geom.Tol {
			return groupMove{}, illegal("group.leg", "leg %d of the column's path goes nowhere: a column turns only by marching round", i+1)
		}
		dir := geom.Bearing(v)
		if d := geom.AngleDiff(geom.Angle(p.Facing).Norm(), dir); d < -geom.AngleTol || d > geom.AngleTol {
			return groupMove{}, illegal("group.leg_facing", "a column faces along its path: leg %d runs at bearing %d, its pose says %d", i+1, dir, geom.Angle(p.Facing).Norm())
		}
		tr.pts, tr.lens, tr.dirs = append(tr.pts, pt), append(tr.lens, l), append(tr.dirs, dir)
	}
	// Each member's place on the trail before and after the move.
	total := tr.length()
	var behind geom.Sub
	starts, ends := make([]geom.Sub, len(order)), make([]geom.Sub, len(order))
	bases := make([]geom.Base, len(order))
	for i, e := range order {
		starts[i], ends[i] = -behind, total-behind
		bases[i] = tr.base(e.Base, ends[i])
		for k := overlapsAny(bases[:i], bases[i]); k >= 0; k = overlapsAny(bases[:i], bases[i]) {
			if ends[i] <= starts[i] {
				return groupMove{}, illegal("group.bunched", "%s would end on top of %s at a bend of the path", t.name(e), t.name(order[k]))
			}
			ends[i] = max(ends[i]-geom.Paces(1), starts[i])
			bases[i] = tr.base(e.Base, ends[i])
		}
		behind += e.Base.Depth
	}
	m := groupMove{by: -1}
	index := make(map[*Element]int, len(es))
	for i, e := range es {
		index[e] = i
	}
	m.legs, m.ends = make([][]geom.Base, len(es)), make([]geom.Base, len(es))
	for i, e := range order {
		legs := []geom.Base{e.Base}
		// The trail's bends this member passes, the start of the
		// leader's path first.
		corner := geom.Sub(0)
		for j := 0; j < len(tr.pts)-1; j++ {
			if corner > starts[i] && corner < ends[i] {
				legs = append(legs, tr.base(e.Base, corner))
			}
			corner += tr.lens[j]
		}
		legs = append(legs, bases[i])
		m.legs[index[e]], m.ends[index[e]] = legs, bases[i]
	}
	// The column moves as far as its leader's path measures (R21): the
	// others go the same distance along the trail.
	m.dist = routeDist(m.legs[index[lead]]).Paces()
	return m, nil
}

// overlapsAny returns the index of a base in bs that b overlaps, or -1.
func overlapsAny(bs []geom.Base, b geom.Base) int {
	p := b.Poly()
	for k, o := range bs {
		if geom.Overlap(p, o.Poly()) {
			return k
		}
	}
	return -1
}
