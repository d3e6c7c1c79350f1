package render

import (
	"math"

	"pelennor/engine/geom"
)

// Pt is a point in paces (world) or pixels (screen).
type Pt struct{ X, Y float64 }

// PtOf converts an engine point (sub-paces) to paces.
func PtOf(p geom.Point) Pt {
	return Pt{float64(p.X) / geom.PerPace, float64(p.Y) / geom.PerPace}
}

// Pose is a base's position in paces: the centre of its front edge, its
// facing in 4096ths of a turn (0 north, clockwise), and its size.
type Pose struct {
	X, Y   float64
	Facing float64
	W, D   float64
}

// PoseOf converts an engine base.
func PoseOf(b geom.Base) Pose {
	return Pose{
		X: float64(b.Front.X) / geom.PerPace, Y: float64(b.Front.Y) / geom.PerPace,
		Facing: float64(b.Facing.Norm()),
		W:      float64(b.Width) / geom.PerPace, D: float64(b.Depth) / geom.PerPace,
	}
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

// polyContains reports whether q is inside polygon pts (even-odd rule).
func polyContains(pts []Pt, q Pt) bool {
	in := false
	for i, j := 0, len(pts)-1; i < len(pts); j, i = i, i+1 {
		a, b := pts[i], pts[j]
		if (a.Y > q.Y) != (b.Y > q.Y) && q.X < (b.X-a.X)*(q.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}

// centroid is the mean of the vertices.
func centroid(pts []Pt) Pt {
	var c Pt
	for _, p := range pts {
		c.X += p.X
		c.Y += p.Y
	}
	n := float64(len(pts))
	return Pt{c.X / n, c.Y / n}
}

// bounds returns the bounding box of pts.
func bounds(pts []Pt) (x0, y0, x1, y1 float64) {
	x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range pts {
		x0, y0 = math.Min(x0, p.X), math.Min(y0, p.Y)
		x1, y1 = math.Max(x1, p.X), math.Max(y1, p.Y)
	}
	return
}

// clipSegment clips the line through p along d to convex polygon pts
// (clockwise or anticlockwise), returning the parameters of the inside
// part; ok is false if the line misses.
func clipSegment(pts []Pt, p, d Pt) (t0, t1 float64, ok bool) {
	t0, t1 = math.Inf(-1), math.Inf(1)
	// Orientation of the polygon.
	area := 0.0
	for i := range pts {
		a, b := pts[i], pts[(i+1)%len(pts)]
		area += a.X*b.Y - b.X*a.Y
	}
	sgn := 1.0
	if area < 0 {
		sgn = -1
	}
	for i := range pts {
		a, b := pts[i], pts[(i+1)%len(pts)]
		// Inside is where cross(b-a, x-a)*sgn >= 0.
		ex, ey := b.X-a.X, b.Y-a.Y
		num := sgn * (ex*(p.Y-a.Y) - ey*(p.X-a.X))
		den := sgn * (ex*d.Y - ey*d.X)
		if math.Abs(den) < 1e-12 {
			if num < 0 {
				return 0, 0, false
			}
			continue
		}
		t := -num / den
		if den > 0 {
			t0 = math.Max(t0, t)
		} else {
			t1 = math.Min(t1, t)
		}
	}
	return t0, t1, t0 < t1
}

// shrink scales polygon pts toward its centroid by f.
func shrink(pts []Pt, f float64) []Pt {
	c := centroid(pts)
	out := make([]Pt, len(pts))
	for i, p := range pts {
		out[i] = Pt{c.X + (p.X-c.X)*f, c.Y + (p.Y-c.Y)*f}
	}
	return out
}
