// Package table holds the game's view of the tabletop in float paces:
// points and base poses, for drawing and for following the pointer. It
// imports no Ebitengine, so the controller (game/control) and the
// renderer (game/render) share it. Rules are never worked out here: the
// engine decides, this package only places what it says.
package table

import "math"

// Pt is a point in paces (world) or pixels (screen).
type Pt struct{ X, Y float64 }

// Pose is a base's position in paces: the centre of its front edge, its
// facing in 4096ths of a turn (0 north, clockwise), and its size.
type Pose struct {
	X, Y   float64
	Facing float64
	W, D   float64
}

// Dirs returns the unit vectors ahead of and to the right of the base.
func (p Pose) Dirs() (fwd, right Pt) {
	a := p.Facing * 2 * math.Pi / 4096
	s, c := math.Sin(a), math.Cos(a)
	return Pt{s, -c}, Pt{c, s}
}

// Local maps base-local coordinates to the world: u to the right of the
// front-edge centre, v ahead of it (negative v is inside the base).
func (p Pose) Local(u, v float64) Pt {
	f, r := p.Dirs()
	return Pt{p.X + r.X*u + f.X*v, p.Y + r.Y*u + f.Y*v}
}

// Corners returns front-left, front-right, rear-right, rear-left.
func (p Pose) Corners() [4]Pt {
	return [4]Pt{p.Local(-p.W/2, 0), p.Local(p.W/2, 0), p.Local(p.W/2, -p.D), p.Local(-p.W/2, -p.D)}
}

// Center is the middle of the base.
func (p Pose) Center() Pt { return p.Local(0, -p.D/2) }

// Contains reports whether world point q lies on the base.
func (p Pose) Contains(q Pt) bool {
	f, r := p.Dirs()
	dx, dy := q.X-p.X, q.Y-p.Y
	u, v := dx*r.X+dy*r.Y, dx*f.X+dy*f.Y
	return u >= -p.W/2 && u <= p.W/2 && v <= 0 && v >= -p.D
}

// Moved returns pose p translated by (dx, dy) and turned by rot
// (4096ths of a turn) about its centre.
func (p Pose) Moved(dx, dy, rot float64) Pose {
	c := p.Center()
	c.X += dx
	c.Y += dy
	q := p
	q.Facing = math.Mod(p.Facing+rot+4096*4, 4096)
	fwd, _ := q.Dirs()
	q.X, q.Y = c.X+fwd.X*p.D/2, c.Y+fwd.Y*p.D/2
	return q
}
