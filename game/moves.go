package game

import (
	"math"

	"pelennor/engine"
	"pelennor/engine/geom"
	"pelennor/engine/rules"
	"pelennor/game/render"
)

// going is what the engine says of a move's going: the allowance of the
// worst going on the way (engine.Game.Allowance) and that going in words
// ("in good going", "crossing a river", "along a road").
type going struct {
	allow int    // paces; rules.Cannot if the element may not go there
	name  string // the going, or why it may not go there
}

// allowanceOf asks the engine how far element id may move to pose to.
func allowanceOf(g *engine.Game, id int, to engine.Pose) going {
	n, name, err := g.Allowance(id, to)
	if err != nil {
		return going{rules.Cannot, reason(err)}
	}
	return going{n, name}
}

// poseOfBase returns an element's pose in the engine's terms.
func poseOfBase(e engine.Element) *engine.Pose {
	return &engine.Pose{X: e.Base.Front.X.Paces(), Y: e.Base.Front.Y.Paces(), Facing: int(e.Base.Facing.Norm())}
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

// contactCandidate is a legal contact the ghost may snap to.
type contactCandidate struct {
	action engine.Action // the contact move, with its path of legs
	pose   render.Pose   // where the engine puts the mover
	dist   float64       // from the free ghost's front centre, paces
}

// nearestContact picks, among the legal contacts the engine lists for
// the mover (engine.Game.Contacts: every enemy edge it may reach this
// bound, by a path of legs if need be), the one whose conformed pose is
// nearest the free ghost pose, within reach paces; a contact the ghost
// faces toward counts as nearer.
func nearestContact(cs []engine.ContactOption, mover engine.Element, ghost render.Pose, reach float64) (contactCandidate, bool) {
	best, found := contactCandidate{}, false
	for _, c := range cs {
		p := poseFromEngine(c.Pose, render.PoseOf(mover.Base))
		dd := math.Hypot(p.X-ghost.X, p.Y-ghost.Y)
		turn := math.Abs(math.Remainder(p.Facing-ghost.Facing, 4096))
		dd += turn / 4096 * 200
		if dd <= reach && (!found || dd < best.dist) {
			best, found = contactCandidate{action: c.Action, pose: p, dist: dd}, true
		}
	}
	return best, found
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
