package render

import (
	"math"

	"pelennor/game/table"
)

// Pt is a point in paces (world) or pixels (screen).
type Pt = table.Pt

// Pose is a base's position in paces (table.Pose).
type Pose = table.Pose

// PtOf converts an engine point (sub-paces) to paces.
var PtOf = table.PtOf

// PoseOf converts an engine base.
var PoseOf = table.PoseOf

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
	return Pt{X: c.X / n, Y: c.Y / n}
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
		out[i] = Pt{X: c.X + (p.X-c.X)*f, Y: c.Y + (p.Y-c.Y)*f}
	}
	return out
}
