package geom

import (
	"cmp"
	"slices"
)

// Poly is a convex polygon, in either winding. Functions taking a Poly
// expect it convex; Dist and SegmentCrosses also accept a segment or a
// point for one of their arguments.
type Poly []Point

// Convex reports whether p is a convex polygon with at least three corners,
// no two equal and no three in a line.
func Convex(p Poly) bool {
	n := len(p)
	if n < 3 {
		return false
	}
	// Every other corner must lie strictly on the same side of every
	// edge. Checking all of them, not just the next corner, also rejects
	// polygons that wind round more than once, such as a pentagram.
	var sign int64
	for i := range n {
		a, b := p[i], p[(i+1)%n]
		for j := range n {
			if j == i || j == (i+1)%n {
				continue
			}
			c := cross(b.Sub(a), p[j].Sub(a))
			switch {
			case c == 0:
				return false
			case sign == 0:
				sign = c
			case (c > 0) != (sign > 0):
				return false
			}
		}
	}
	return true
}

// Hull returns the convex hull of pts, without repeated or collinear
// corners, wound like Base.Poly (clockwise on the screen). Fewer than three
// distinct points, or points all in a line, give the extreme points only.
func Hull(pts []Point) Poly {
	ps := slices.Clone(pts)
	slices.SortFunc(ps, comparePoints)
	return chain(slices.Compact(ps))
}

// comparePoints orders points by x, then y.
func comparePoints(a, b Point) int {
	if c := cmp.Compare(a.X, b.X); c != 0 {
		return c
	}
	return cmp.Compare(a.Y, b.Y)
}

// chain is the hull of ps, sorted by comparePoints and without repeats.
func chain(ps []Point) Poly {
	if len(ps) < 3 {
		return Poly(slices.Clone(ps))
	}
	return chainIn(make(Poly, 0, len(ps)+1), ps)
}

// chainIn is chain built in h, which has room for len(ps)+1 points.
func chainIn(h Poly, ps []Point) Poly {
	if len(ps) < 3 {
		return append(h, ps...)
	}
	// Andrew's monotone chain: one half-hull left to right, the other
	// back, each dropping corners that do not turn the same way.
	for _, p := range ps {
		for len(h) >= 2 && cross(h[len(h)-1].Sub(h[len(h)-2]), p.Sub(h[len(h)-2])) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, p)
	}
	lower := len(h) + 1
	for i := len(ps) - 2; i >= 0; i-- {
		p := ps[i]
		for len(h) >= lower && cross(h[len(h)-1].Sub(h[len(h)-2]), p.Sub(h[len(h)-2])) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, p)
	}
	return h[:len(h)-1] // the last point is the first again
}

// project returns the extent of p along axis, in units of the axis length.
func project(p Poly, axis Point) (lo, hi int64) {
	lo = dot(p[0], axis)
	hi = lo
	for _, v := range p[1:] {
		d := dot(v, axis)
		lo, hi = min(lo, d), max(hi, d)
	}
	return lo, hi
}

// everyAxis is the separating-axis test. It reports whether ok holds on
// every axis normal to an edge of p or q, given the depth pen by which the
// projections of p and q overlap (negative for a gap): the least distance
// either would have to move along the axis to part them, in units of the
// axis length.
//
// An edge opposite and parallel to an earlier one, as a base's back is to
// its front, gives the same axis negated, whose test is the same: an even
// polygon's second half of edges is skipped where it mirrors the first.
func everyAxis(p, q Poly, ok func(pen int64, axis Point) bool) bool {
	for _, poly := range [2]Poly{p, q} {
		n := len(poly)
		for i := range poly {
			e := poly[(i+1)%n].Sub(poly[i])
			axis := Point{-e.Y, e.X}
			if axis == (Point{}) {
				continue
			}
			if h := n / 2; n%2 == 0 && i >= h && poly[i-h+1].Sub(poly[i-h]) == e.Neg() {
				continue
			}
			loP, hiP := project(p, axis)
			loQ, hiQ := project(q, axis)
			if !ok(min(hiP-loQ, hiQ-loP), axis) {
				return false
			}
		}
	}
	return true
}

// deeperThanTol is the test of Overlap and SegmentCrosses: an overlap of
// more than Tol along the axis. The axis length is rounded down, which can
// only lower the bar by less than Tol/|axis| of a sub-pace.
//
// It is pen > Tol·⌊√n⌋ with n = |axis|², decided without the root: for
// pen ≥ 1 that holds exactly when ⌊√n⌋ ≤ m−1 with m = ⌊(pen−1)/Tol⌋+1,
// that is when n < m².
func deeperThanTol(pen int64, axis Point) bool {
	if pen <= 0 {
		return false
	}
	m := uint64(pen-1)/uint64(Tol) + 1
	if m >= 1<<32 {
		return true // m² ≥ 2^64 exceeds any n
	}
	return norm2(axis) < m*m
}

// Overlap reports whether the interiors of p and q intersect by more than
// Tol: touching or nearly touching polygons, whose rotated corners may
// have been rounded a little into each other, do not overlap. A polygon
// with fewer than three corners has no interior.
func Overlap(p, q Poly) bool {
	if len(p) < 3 || len(q) < 3 || !boxesMeet(p, q) {
		return false
	}
	return everyAxis(p, q, deeperThanTol)
}

// boxesMeet reports whether the bounding boxes of p and q overlap: a
// cheap test that rules out most pairs before the separating axes.
func boxesMeet(p, q Poly) bool {
	pl, pt, pr, pb := box(p)
	ql, qt, qr, qb := box(q)
	return pl < qr && ql < pr && pt < qb && qt < pb
}

func box(p Poly) (left, top, right, bottom Sub) {
	left, top, right, bottom = p[0].X, p[0].Y, p[0].X, p[0].Y
	for _, v := range p[1:] {
		left, right = min(left, v.X), max(right, v.X)
		top, bottom = min(top, v.Y), max(bottom, v.Y)
	}
	return left, top, right, bottom
}

// SegmentCrosses reports whether the segment a–b passes more than Tol into
// the interior of p. Running along an edge or clipping a corner by less
// than Tol is not crossing.
func SegmentCrosses(a, b Point, p Poly) bool {
	if len(p) < 3 {
		return false
	}
	return everyAxis(Poly{a, b}, p, deeperThanTol)
}

// Dist returns the distance between the nearest points of p and q, rounded
// down: 0 if they touch or overlap.
func Dist(p, q Poly) Sub {
	if len(p) == 0 || len(q) == 0 {
		return 0
	}
	// The separating-axis test is exact for closed sets as long as one of
	// them has an area (two segments in line could fool it).
	// Boxes apart, the polygons are apart: no need to test for contact.
	if !boxesApart(p, q, 0) && (len(p) >= 3 || len(q) >= 3) && everyAxis(p, q, func(pen int64, _ Point) bool { return pen >= 0 }) {
		return 0
	}
	// Apart, the nearest points of convex polygons include a corner of
	// one. Floors of square roots keep the order of their arguments, so
	// take the root of the least squared distance only.
	best := ^uint64(0)
	for _, pair := range [2][2]Poly{{p, q}, {q, p}} {
		pts, poly := pair[0], pair[1]
		for _, pt := range pts {
			for i := range poly {
				best = min(best, segDist2(pt, poly[i], poly[(i+1)%len(poly)]))
			}
		}
	}
	r := Isqrt(best)
	if r > 1<<31-1 {
		return 1<<31 - 1
	}
	return Sub(r)
}

// Within reports whether Dist(p, q) <= r, the cheap answers first: the
// gap between the polygons' boxes is no more than their distance, and the
// distance between a corner of each no less.
func Within(p, q Poly, r Sub) bool {
	if r < 0 {
		return false
	}
	if len(p) == 0 || len(q) == 0 {
		return true // Dist is 0
	}
	pl, pt, pr, pb := box(p)
	ql, qt, qr, qb := box(q)
	if max(int64(ql)-int64(pr), int64(pl)-int64(qr), int64(qt)-int64(pb), int64(pt)-int64(qb)) > int64(r) {
		return false
	}
	// Dist is the floor of a root: at most r while the square is below (r+1)².
	if norm2(p[0].Sub(q[0])) < (uint64(r)+1)*(uint64(r)+1) {
		return true
	}
	return Dist(p, q) <= r
}

// segDist2 returns the squared distance from pt to the segment a–b, rounded
// down.
func segDist2(pt, a, b Point) uint64 {
	ab, ap := b.Sub(a), pt.Sub(a)
	t := dot(ap, ab)
	if t <= 0 {
		return norm2(ap)
	}
	l2 := norm2(ab)
	if uint64(t) >= l2 {
		return norm2(pt.Sub(b))
	}
	// The foot of the perpendicular is inside the segment: the squared
	// distance is cross²/|ab|², at most |ap|², so the quotient fits.
	return squareDiv(cross(ab, ap), l2)
}

// Contains reports whether pt lies inside p or on its boundary.
func Contains(p Poly, pt Point) bool {
	switch len(p) {
	case 0:
		return false
	case 1:
		return pt == p[0]
	case 2:
		return segDist2(pt, p[0], p[1]) == 0 && cross(p[1].Sub(p[0]), pt.Sub(p[0])) == 0
	}
	// Inside a convex polygon, pt is on the same side of every edge,
	// whichever way the polygon winds.
	var pos, neg bool
	for i := range p {
		c := cross(p[(i+1)%len(p)].Sub(p[i]), pt.Sub(p[i]))
		pos = pos || c > 0
		neg = neg || c < 0
	}
	return !(pos && neg)
}

// Touching reports whether p and q are in contact: not overlapping, and no
// more than Tol apart.
func Touching(p, q Poly) bool {
	if len(p) > 0 && len(q) > 0 && boxesApart(p, q, Tol) {
		// The gap between the boxes is a lower bound on the distance.
		return false
	}
	return !Overlap(p, q) && Dist(p, q) <= Tol
}

// boxesApart reports whether the bounding boxes of p and q are more than
// gap apart along x or y: then so are p and q.
func boxesApart(p, q Poly, gap Sub) bool {
	pl, pt, pr, pb := box(p)
	ql, qt, qr, qb := box(q)
	return int64(ql)-int64(pr) > int64(gap) || int64(pl)-int64(qr) > int64(gap) ||
		int64(qt)-int64(pb) > int64(gap) || int64(pt)-int64(qb) > int64(gap)
}

// CornersTouch reports whether p and q are no more than Tol apart.
func CornersTouch(p, q Point) bool {
	return norm2(p.Sub(q)) <= uint64(Tol)*uint64(Tol)
}
