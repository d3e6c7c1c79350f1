package game

import (
	"math"

	"pelennor/engine"
	"pelennor/engine/geom"
	"pelennor/engine/rules"
	"pelennor/game/render"
)

// going is the going a move or a base is in, worked out from the
// scenario's public terrain as the engine does (RULES.md §4.1, R3, R4).
// The engine does not export its allowance; see the report in the
// commit that added this file.
type going struct {
	allow int    // paces; rules.Cannot if the element may not go there
	name  string // "good going", "bad going", "crossing a river", "along a road"
}

func overlapsAny(f engine.Feature, p geom.Poly) bool {
	for _, part := range f.Parts {
		if geom.Overlap(part, p) {
			return true
		}
	}
	return false
}

func onRoad(feats []engine.Feature, p geom.Point) bool {
	for _, f := range feats {
		if !f.Kind.Road {
			continue
		}
		for _, part := range f.Parts {
			if geom.Contains(part, p) {
				return true
			}
		}
	}
	return false
}

func alongRoad(feats []engine.Feature, from, to geom.Base) bool {
	a, b := from.Center(), to.Center()
	d := geom.Len(b.Sub(a))
	steps := int64(d/geom.Paces(10)) + 1
	for i := int64(0); i <= steps; i++ {
		p := geom.Point{
			X: a.X + geom.Sub(geom.DivRound(int64(b.X-a.X)*i, steps)),
			Y: a.Y + geom.Sub(geom.DivRound(int64(b.Y-a.Y)*i, steps)),
		}
		if !onRoad(feats, p) {
			return false
		}
	}
	return true
}

// goingOf returns the allowance of an element of type t moving between
// two bases under rulings r.
func goingOf(sc *engine.Scenario, r rules.Rulings, t rules.Type, from, to geom.Base) going {
	good, bad, road := r.Move(t)
	feats := sc.Features()
	path := geom.Swept(from, to)
	river, badGoing := false, false
	for _, f := range feats {
		if !overlapsAny(f, path) {
			continue
		}
		if f.Kind.River && t.Ground() {
			river = true
		}
		if (t.Aerial() && f.Kind.Cover) || (!t.Aerial() && f.Kind.Bad) {
			badGoing = true
		}
	}
	switch {
	case river:
		if t == rules.Artillery {
			return going{rules.Cannot, "a river"}
		}
		return going{rules.RiverMove, "crossing a river"}
	case badGoing:
		if bad == rules.Cannot {
			return going{rules.Cannot, "bad going"}
		}
		return going{bad, "bad going"}
	case alongRoad(feats, from, to) && road > good:
		return going{road, "along a road"}
	}
	return going{good, "good going"}
}

// poseToBase turns a pose in whole paces into the engine's base of an
// element of the given size.
func poseToBase(p engine.Pose, w, d geom.Sub) geom.Base {
	return geom.Base{Front: geom.Point{X: geom.Paces(p.X), Y: geom.Paces(p.Y)}, Facing: geom.Angle(p.Facing).Norm(), Width: w, Depth: d}
}

// enginePose rounds a render pose to the engine's whole paces and
// 4096ths of a turn.
func enginePose(p render.Pose) engine.Pose {
	f := int(math.Round(p.Facing)) % 4096
	if f < 0 {
		f += 4096
	}
	return engine.Pose{X: int(math.Round(p.X)), Y: int(math.Round(p.Y)), Facing: f}
}

// moved returns pose p translated by (dx, dy) and turned by rot
// (4096ths of a turn) about its centre.
func moved(p render.Pose, dx, dy, rot float64) render.Pose {
	c := p.Center()
	c.X += dx
	c.Y += dy
	q := p
	q.Facing = math.Mod(p.Facing+rot+4096*4, 4096)
	fwd, _ := q.Dirs()
	q.X, q.Y = c.X+fwd.X*p.D/2, c.Y+fwd.Y*p.D/2
	return q
}

var edgeNames = [4]string{"front", "right", "rear", "left"}

// contactCandidate is a conformed contact the ghost may snap to.
type contactCandidate struct {
	target int
	edge   geom.Edge
	pose   render.Pose // where the engine would put the mover
	dist   float64     // from the free ghost's front centre, paces
}

// nearestContact finds the enemy edge whose conformed contact pose is
// nearest the free ghost pose, within reach paces.
func nearestContact(g *engine.Game, mover engine.Element, ghost render.Pose, reach float64) (contactCandidate, bool) {
	best := contactCandidate{dist: math.Inf(1)}
	w, d := mover.Base.Width, mover.Base.Depth
	for _, o := range g.Elements() {
		if o.Side == mover.Side || !o.OnTable() {
			continue
		}
		for e := geom.Front; e <= geom.Left; e++ {
			to := geom.Against(o.Base, e, w, d)
			p := render.PoseOf(to)
			dd := math.Hypot(p.X-ghost.X, p.Y-ghost.Y)
			// Prefer the edge the ghost is facing toward.
			turn := math.Abs(math.Remainder(p.Facing-ghost.Facing, 4096))
			dd += turn / 4096 * 200
			if dd < best.dist {
				best = contactCandidate{target: o.ID, edge: e, pose: p, dist: dd}
			}
		}
	}
	return best, best.dist <= reach
}

// groupGhost works out where a group would stand after wheeling by wheel
// (4096ths, + clockwise) about its front corner and going forward, for
// drawing when the engine refuses the move (the engine's own poses are
// used when it accepts it).
func groupGhost(from []render.Pose, forward, wheel float64) []render.Pose {
	if len(from) == 0 {
		return nil
	}
	_, right := from[0].Dirs()
	along := func(p render.Pt) float64 { return p.X*right.X + p.Y*right.Y }
	pivot := from[0].Corners()[1]
	outer := from[0].Corners()[0]
	for _, p := range from {
		c := p.Corners()
		if along(c[1]) > along(pivot) {
			pivot = c[1]
		}
		if along(c[0]) < along(outer) {
			outer = c[0]
		}
	}
	if wheel < 0 {
		pivot = outer
	}
	a := wheel * 2 * math.Pi / 4096
	sin, cos := math.Sin(a), math.Cos(a)
	out := make([]render.Pose, len(from))
	for i, p := range from {
		dx, dy := p.X-pivot.X, p.Y-pivot.Y
		q := p
		q.X, q.Y = pivot.X+dx*cos-dy*sin, pivot.Y+dx*sin+dy*cos
		q.Facing = math.Mod(p.Facing+wheel+4096*4, 4096)
		fwd, _ := q.Dirs()
		q.X += fwd.X * forward
		q.Y += fwd.Y * forward
		out[i] = q
	}
	return out
}
