package control

import (
	"math"

	"pelennor/engine"
	"pelennor/game/table"
)

// contactCandidate is a legal contact the ghost may snap to.
type contactCandidate struct {
	action engine.Action // the contact move, with its path of legs
	pose   table.Pose    // where the engine puts the mover
	dist   float64       // from the free ghost's front centre, paces
}

// nearestContact picks, among the legal contacts the engine lists for
// the mover (engine.Game.Contacts: every enemy edge it may reach this
// bound, by a path of legs if need be), the one whose conformed pose is
// nearest the free ghost pose, within reach paces; a contact the ghost
// faces toward counts as nearer.
func nearestContact(cs []engine.ContactOption, mover engine.Element, ghost table.Pose, reach float64) (contactCandidate, bool) {
	best, found := contactCandidate{}, false
	for _, c := range cs {
		p := table.FromEngine(c.Pose, table.PoseOf(mover.Base))
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
func groupGhost(from []table.Pose, forward, wheel float64) []table.Pose {
	if len(from) == 0 {
		return nil
	}
	_, right := from[0].Dirs()
	along := func(p table.Pt) float64 { return p.X*right.X + p.Y*right.Y }
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
	out := make([]table.Pose, len(from))
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
