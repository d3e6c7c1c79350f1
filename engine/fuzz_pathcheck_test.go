package engine

import (
	"fmt"

	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// The fuzzer's invariants for paths of legs (fzMoved calls
// fzPathMoved): distances over legs, reported distances, conformed
// contacts, legs clear of what they may not cross.

// fzRoute is a moved element's path as its action gives it: where it
// stood, each waypoint, where it ended.
func fzRoute(b, e Element, via []Pose) []geom.Base {
	r := []geom.Base{b.Base}
	for _, p := range via {
		r = append(r, geom.Base{Front: fzPoint(p.X, p.Y), Facing: geom.Angle(p.Facing).Norm(), Width: b.Base.Width, Depth: b.Base.Depth})
	}
	return append(r, e.Base)
}

// fzBest is the longest move e's type ever has: good going, bad going or
// road, whichever the rulings make longest.
func fzBest(g *Game, t rules.Type) int {
	good, bad, road := g.Rulings().Move(t)
	return max(good, bad, road)
}

// fzPathMoved checks the distance of a legal move or group move measured
// over its legs (R21), the distance its events report, and that group
// members ending against an enemy are conformed (D11).
//
// A single element: the sum over its legs (start, waypoints, end) of each
// leg's furthest-moving corner is exactly the distance its event reports
// (the log runs to the conformed pose, D41), and within its allowance,
// plus the free conforming slide (80 p, R8) for a contact: the slide only
// lengthens the last leg, and by at most its own length.
//
// A group: every member reports the group's one distance, within its
// slowest member's allowance (§4.3). In a line (forward, wheel or
// contact) no front corner of the front rank travels further than that
// distance (a wheel's chord is shorter than the outer corner's arc
// measured), plus the slide for a contact. A rear corner, or a rear
// rank's front corner, is further from the pivot than the outer corner
// and may swing a little wider in a wheel (the fuzzer found a rear rank's
// corner 93 p on a 91 p wheel): for those only the allowance plus 80 p
// holds.
// A column on a path (D40) is charged its leader's path: the leader's
// legs are measured as a single element's. A follower's corners may
// travel more than that round a bend (its rear swings wide as it turns),
// so for it what is bounded is its front-edge centre, which runs along
// the trail the same distance as the leader's or less (a bunched column
// stops short): its straight travel is within the distance charged.
func fzPathMoved(g *Game, a Action, before []Element, evs []Event) error {
	moved := map[int]Element{}
	for _, b := range before {
		if e, _ := g.Element(b.ID); b.OnTable() && e.Base != b.Base {
			moved[b.ID] = b
		}
	}
	reported := map[int]int{}
	for _, ev := range evs {
		if ev.Kind == EvMoved {
			reported[ev.ID] = ev.Value
		}
	}
	switch a.Kind {
	case ActMove:
		b, ok := moved[a.ID]
		if !ok {
			return nil
		}
		e, _ := g.Element(a.ID)
		limit := fzBest(g, b.Type)
		if a.Contact != nil {
			limit += rules.ConformSlide
		}
		d := routeDist(fzRoute(b, e, a.Via)).Paces()
		if d > limit {
			return fmt.Errorf("element %d (%s) moved %d p over its %d legs, more than it ever may (%d p)", b.ID, b.Type, d, len(a.Via)+1, limit)
		}
		if r, ok := reported[a.ID]; !ok || r != d {
			return fmt.Errorf("element %d (%s) moved %d p over its %d legs, but its event reports %d p", b.ID, b.Type, d, len(a.Via)+1, r)
		}
		var target *Element
		var edge geom.Edge
		if a.Contact != nil {
			if o, _ := g.Element(a.Contact.Target); o.Side != e.Side {
				target, edge = &o, edgeByName[a.Contact.Edge]
			}
		}
		if err := fzLegsClear(g, b, fzRoute(b, e, a.Via), before, target, edge); err != nil {
			return err
		}
		if a.Contact != nil {
			if o, _ := g.Element(a.Contact.Target); o.Side != e.Side {
				want := geom.Against(o.Base, edgeByName[a.Contact.Edge], e.Base.Width, e.Base.Depth)
				if !fzSamePose(e.Base, want) {
					return fmt.Errorf("element %d contacted the %s edge of %d but stands at %+v, not conformed at %+v",
						e.ID, a.Contact.Edge, o.ID, *poseOf(e.Base), *poseOf(want))
				}
			}
		}
		return fzTouches(g, e, false)
	case ActGroup:
	default:
		return nil
	}
	limit, dist := -1, -1
	for id, b := range moved {
		if l := fzBest(g, b.Type); limit < 0 || l < limit {
			limit = l
		}
		r, ok := reported[id]
		if !ok || dist >= 0 && r != dist {
			return fmt.Errorf("group member %d (%s) reports a move of %d p (reported: %v); the group moves one distance", id, b.Type, r, reported)
		}
		dist = r
	}
	if dist > limit {
		return fmt.Errorf("the group moved %d p, more than its slowest member ever may (%d p)", dist, limit)
	}
	path := a.Contact == nil && (a.To != nil || len(a.Via) > 0)
	var lead Element
	if path {
		for id := range moved {
			// The leader ends on the destination, facing along its last
			// leg, which the pose gives within the angle tolerance (D40).
			e, _ := g.Element(id)
			if p := *poseOf(e.Base); p.X == a.To.X && p.Y == a.To.Y && abs(int(geom.AngleDiff(geom.Angle(p.Facing), geom.Angle(a.To.Facing)))) <= int(geom.AngleTol) {
				lead = moved[id]
			}
		}
		if lead.ID == 0 {
			return fmt.Errorf("column on a path: no member ended on its leader's destination %+v", *a.To)
		}
		// The waypoints' facings are the legs' within the tolerance, so
		// the leader's path measures the distance charged to a pace or so.
		e, _ := g.Element(lead.ID)
		if d := routeDist(fzRoute(lead, e, a.Via)).Paces(); d > dist+2 || d < dist-2 {
			return fmt.Errorf("column leader %d (%s) moved %d p over its path, but the column was charged %d p", lead.ID, lead.Type, d, dist)
		}
	}
	slack := 1 // rounding to the pace
	if a.Contact != nil {
		slack += rules.ConformSlide
	}
	for id, b := range moved {
		e, _ := g.Element(id)
		switch {
		case path && id != lead.ID:
			if d := geom.Len(e.Base.Front.Sub(b.Base.Front)).Paces(); d > dist+1 {
				return fmt.Errorf("column follower %d (%s): its front edge moved %d p, beyond the %d p the column was charged", id, b.Type, d, dist)
			}
		case !path:
			if !fzFrontRank(b, moved) {
				break // further from the pivot than the outer corner: see below
			}
			c0, c1 := b.Base.Corners(), e.Base.Corners()
			for _, k := range []geom.Corner{geom.FrontLeft, geom.FrontRight} {
				if d := geom.Len(c1[k].Sub(c0[k])).Paces(); d > dist+slack {
					return fmt.Errorf("group member %d (%s): a front corner moved %d p, beyond the group's %d p", id, b.Type, d, dist)
				}
			}
			if d := geom.MoveDist(b.Base, e.Base).Paces(); d > limit+rules.ConformSlide {
				return fmt.Errorf("group member %d (%s) moved %d p, more than the slowest member ever may (%d p + the slide)", id, b.Type, d, limit)
			}
		}
		if err := fzTouches(g, e, true); err != nil {
			return err
		}
	}
	return nil
}

// fzSamePose reports whether two bases stand in the same place, within
// the contact tolerance.
func fzSamePose(a, b geom.Base) bool {
	return geom.Len(a.Front.Sub(b.Front)) <= geom.Tol && geom.AngleDiff(a.Facing, b.Facing) == 0
}

// fzTouches checks how a moved element touches enemies where it ended:
// never with its side or rear against an enemy's front, never at an
// angle (only edge to edge or corner to corner), and, for a group member
// (conformed), with its front edge exactly conformed on any enemy edge it
// meets (§4.2, D11).
func fzTouches(g *Game, e Element, conformed bool) error {
	for _, o := range g.st.Elements { // by value, read only
		if o.Side == e.Side || !o.OnTable() || !geom.Touching(e.Base.Poly(), o.Base.Poly()) {
			continue
		}
		edge := frontAgainst(&e, &o)
		switch {
		case edge >= 0:
			if want := geom.Against(o.Base, edge, e.Base.Width, e.Base.Depth); conformed && !fzSamePose(e.Base, want) {
				return fmt.Errorf("group member %d ended against enemy %d's %d edge unconformed: at %+v, conformed is %+v",
					e.ID, o.ID, edge, *poseOf(e.Base), *poseOf(want))
			}
		case frontAgainst(&o, &e) >= 0:
			return fmt.Errorf("element %d ended with its side or rear against the front of enemy %d", e.ID, o.ID)
		case !cornersMeet(e.Base, o.Base):
			return fmt.Errorf("element %d ended touching enemy %d at an angle: %+v, %+v", e.ID, o.ID, *poseOf(e.Base), *poseOf(o.Base))
		}
	}
	return nil
}

// fzLegsClear checks the legs of a legal single move (R21, §4.1, §4.4):
// none leaves the table, none of a ground element crosses impassable
// terrain, and none of a ground element that is neither Sneakers nor a
// God passes through an enemy ground element other than Sneakers. The
// last leg of a contact may be made before its free slide or after it
// (D41): one of the two must be clear.
func fzLegsClear(g *Game, b Element, route []geom.Base, before []Element, target *Element, edge geom.Edge) error {
	sc := g.Scenario()
	leg := func(from, to geom.Base) error {
		h := geom.Swept(from, to)
		if !sc.onTable(h) {
			return fmt.Errorf("a leg of element %d (%s) from %+v to %+v leaves the table", b.ID, b.Type, *poseOf(from), *poseOf(to))
		}
		if !b.Type.Ground() {
			return nil
		}
		for _, f := range sc.terrain {
			if f.kind.Impassable && f.overlaps(h) {
				return fmt.Errorf("a leg of element %d (%s) from %+v to %+v crosses impassable %s", b.ID, b.Type, *poseOf(from), *poseOf(to), f.name)
			}
		}
		if b.Type == rules.Sneakers || b.Type == rules.Gods {
			return nil
		}
		for _, o := range before {
			if o.Side != b.Side && o.OnTable() && o.Type.Ground() && o.Type != rules.Sneakers && geom.Overlap(h, o.Base.Poly()) {
				return fmt.Errorf("a leg of element %d (%s) from %+v to %+v passes through enemy %d (%s) at %+v",
					b.ID, b.Type, *poseOf(from), *poseOf(to), o.ID, o.Type, *poseOf(o.Base))
			}
		}
		return nil
	}
	n := len(route)
	for i := 1; i < n-1; i++ {
		if err := leg(route[i-1], route[i]); err != nil {
			return err
		}
	}
	if target == nil {
		return leg(route[n-2], route[n-1])
	}
	pre, slide := slideLeg(route[n-2], route[n-1], target.Base, edge)
	err := leg(route[n-2], pre)
	if err != nil && leg(route[n-2].Translate(slide), route[n-1]) == nil {
		err = nil
	}
	return err
}

// fzFrontRank reports whether group member b (as it stood) has no other
// member directly ahead of it: its front edge is on the group's front.
func fzFrontRank(b Element, group map[int]Element) bool {
	for _, o := range group {
		rear := o.Base.Forward(-o.Base.Depth).Front
		if o.ID != b.ID && o.Base.Facing.Norm() == b.Base.Facing.Norm() && geom.Len(b.Base.Front.Sub(rear)) <= geom.Tol {
			return false
		}
	}
	return true
}
