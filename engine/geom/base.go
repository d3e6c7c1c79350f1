package geom

import "slices"

// Base is an element's rectangular base. Front is the centre of its front
// edge; the base extends Depth behind it and Width across, facing Facing.
type Base struct {
	Front  Point
	Facing Angle
	Width  Sub
	Depth  Sub
}

// Corner names a corner of a base. Left and right are as seen by the
// element looking along its facing. The corners go clockwise on the screen.
type Corner int

// The corners, in the order Corners returns them.
const (
	FrontLeft Corner = iota
	FrontRight
	RearRight
	RearLeft
)

// Edge names an edge of a base. Edge e runs from corner e to corner e+1.
type Edge int

// The edges, clockwise from the front.
const (
	Front Edge = iota
	Right
	Rear
	Left
)

// Corners returns the corners of b, indexed by Corner.
//
// Every corner is the front centre plus whole Offsets, and Offset(a+2048, l)
// is exactly −Offset(a, l), so a base built by Against, Beside or Behind
// lands its corners exactly on the target's: integer sums of the same
// offsets are equal in any order.
func (b Base) Corners() [4]Point {
	// As fl = Front + Offset(Facing−East, half), fr = Front +
	// Offset(Facing+East, half) and back = Offset(Facing+South, Depth),
	// from one look-up: the table's symmetries make Offset(a+2048, l)
	// exactly −Offset(a, l), Sin(a−East) exactly −Cos(a) and Cos(a−East)
	// exactly Sin(a) (TestCornersFromOneLookup holds it to the formula).
	d := Towards(b.Facing)
	side := b.side(d)
	back := d.Offset(b.Depth).Neg()
	fl, fr := b.Front.Add(side), b.Front.Sub(side)
	return [4]Point{fl, fr, fr.Add(back), fl.Add(back)}
}

// side is the offset from b's front centre to its front left corner, d
// being Towards(b.Facing).
func (b Base) side(d Dir) Point {
	return Point{X: Sub(-roundOne(int64(b.Width/2) * d.cos)), Y: Sub(-roundOne(int64(b.Width/2) * d.sin))}
}

// Edge returns the endpoints of edge e, going clockwise round the base:
// Front FL→FR, Right FR→RR, Rear RR→RL, Left RL→FL.
func (b Base) Edge(e Edge) (p, q Point) {
	if e == Front { // the front corners alone, as Corners works them out
		side := b.side(Towards(b.Facing))
		return b.Front.Add(side), b.Front.Sub(side)
	}
	c := b.Corners()
	return c[e], c[(e+1)%4]
}

// Center returns the middle of b, rounded half away from zero.
func (b Base) Center() Point {
	back := Offset(b.Facing+South, b.Depth)
	return b.Front.Add(Point{Sub(DivRound(int64(back.X), 2)), Sub(DivRound(int64(back.Y), 2))})
}

// Forward returns b moved d along its facing (backwards if d < 0).
func (b Base) Forward(d Sub) Base {
	b.Front = b.Front.Add(Offset(b.Facing, d))
	return b
}

// Translate returns b moved by v.
func (b Base) Translate(v Point) Base {
	b.Front = b.Front.Add(v)
	return b
}

// Poly returns the corners of b as a polygon.
func (b Base) Poly() Poly {
	c := b.Corners()
	return Poly(c[:])
}

// Swept returns the convex hull of the corners of both poses: the area a
// move from one to the other passes over.
func Swept(from, to Base) Poly {
	var ps [8]Point
	return chain(sweptCorners(&ps, from, to))
}

// AppendSwept is Swept built in dst's memory (from its start), so that a
// caller sweeping many legs into the same buffers allocates none.
func AppendSwept(dst Poly, from, to Base) Poly {
	var ps [8]Point
	return chainIn(dst[:0], sweptCorners(&ps, from, to))
}

// SweptIn is Swept built in buf: for callers that use the area only
// while buf lives, so that it need not be allocated.
func SweptIn(buf *[9]Point, from, to Base) Poly {
	var ps [8]Point
	return chainIn(buf[:0], sweptCorners(&ps, from, to))
}

// sweptCorners puts the corners of both poses in ps, sorted by
// comparePoints, and returns them without repeats.
func sweptCorners(ps *[8]Point, from, to Base) []Point {
	a := from.Corners()
	if to.Facing == from.Facing && to.Width == from.Width && to.Depth == from.Depth {
		return movedCorners(ps, a, to.Front.Sub(from.Front))
	}
	b := to.Corners()
	// Sorted on the stack: a move checks several legs, each swept twice.
	copy(ps[:4], a[:])
	copy(ps[4:], b[:])
	for i := 1; i < len(ps); i++ { // insertion sort: eight points
		for j := i; j > 0 && comparePoints(ps[j-1], ps[j]) > 0; j-- {
			ps[j-1], ps[j] = ps[j], ps[j-1]
		}
	}
	return slices.Compact(ps[:])
}

// movedCorners is sweptCorners for a move by v without turning, from a
// base whose corners are a. The corners after it are exactly a's moved by
// v (Corners adds the same offsets to the front centre), and moving keeps
// their order: four sorted and four merged do what sorting eight would.
func movedCorners(ps *[8]Point, a [4]Point, v Point) []Point {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && comparePoints(a[j-1], a[j]) > 0; j-- {
			a[j-1], a[j] = a[j], a[j-1]
		}
	}
	i, j := 0, 0
	for n := range ps {
		if j == len(a) || i < len(a) && comparePoints(a[i], a[j].Add(v)) <= 0 {
			ps[n] = a[i]
			i++
		} else {
			ps[n] = a[j].Add(v)
			j++
		}
	}
	return slices.Compact(ps[:])
}

// MoveDist returns the straight-line travel of the corner that moves
// furthest between the two poses, rounded down (RULES.md R6).
func MoveDist(from, to Base) Sub { return CornersDist(from.Corners(), to.Corners()) }

// CornersDist is MoveDist for poses whose corners are a and b: for
// searches that measure many moves between a few poses.
func CornersDist(a, b [4]Point) Sub {
	// The floor of a root is monotonic: root the longest only.
	var n uint64
	for i := range a {
		n = max(n, norm2(b[i].Sub(a[i])))
	}
	return lenOf(n)
}

// Against returns a base of the given size whose front edge lies flush on
// edge e of target, facing into the target:
//   - Front or Rear: its front edge centred on that edge, facing
//     target.Facing+2048 or target.Facing. With equal widths both front
//     corners are exactly the target's corners on that edge.
//   - Left or Right: facing the target's side, its front edge running back
//     along that side from a front corner placed exactly on the target's
//     front corner.
func Against(target Base, e Edge, width, depth Sub) Base {
	f := target.Facing
	c := target.Corners()
	var front Point
	var facing Angle
	switch e {
	case Front:
		front, facing = target.Front, f+South
	case Rear:
		front, facing = target.Front.Add(Offset(f+South, target.Depth)), f
	case Right:
		// Facing f−1024, the element's right front corner points along f:
		// put it on the target's front right corner.
		front, facing = c[FrontRight].Add(Offset(f+South, width/2)), f-East
	case Left:
		front, facing = c[FrontLeft].Add(Offset(f+South, width/2)), f+East
	default:
		panic("geom: bad edge")
	}
	return Base{Front: front, Facing: facing.Norm(), Width: width, Depth: depth}
}

// Beside returns a base of the given size with the target's facing, front
// edges in line and side edges flush: to the target's right if right, else
// to its left. Its near front corner is exactly the target's.
func Beside(target Base, right bool, width, depth Sub) Base {
	c := target.Corners()
	var front Point
	if right {
		front = c[FrontRight].Add(Offset(target.Facing+East, width/2))
	} else {
		front = c[FrontLeft].Add(Offset(target.Facing-East, width/2))
	}
	return Base{Front: front, Facing: target.Facing.Norm(), Width: width, Depth: depth}
}

// Behind returns a base of the target's facing and width whose front edge
// lies on the target's rear edge, as in a column.
func Behind(target Base, depth Sub) Base {
	return Against(target, Rear, target.Width, depth)
}

// Contact tolerances: Tol absorbs the rounding of rotated corners, AngleTol
// that of bearings.
const (
	Tol      Sub   = PerPace / 4
	AngleTol Angle = 6
)

// EdgesAgainst returns the length of the stretch where edge ea of a lies
// flush on edge eb of b, or 0 if the edges are not against each other. They
// are when their outward directions are opposite within AngleTol, the gap
// between them is at most Tol along the whole shared stretch, and that
// stretch is longer than Tol. Ends of the edges within Tol of each other
// count as level, so corner-to-corner edges share their full length.
func EdgesAgainst(a Base, ea Edge, b Base, eb Edge) Sub {
	out := a.Facing + Angle(ea)*East
	in := b.Facing + Angle(eb)*East + South
	if d := AngleDiff(out, in); d < -AngleTol || d > AngleTol {
		return 0
	}
	// Bases whose front centres are further apart than both bases' widths
	// and depths together cannot touch: skip the corner arithmetic.
	reach := int64(a.Width) + int64(a.Depth) + int64(b.Width) + int64(b.Depth) + int64(Tol)
	if dx := int64(a.Front.X) - int64(b.Front.X); dx > reach || -dx > reach {
		return 0
	}
	if dy := int64(a.Front.Y) - int64(b.Front.Y); dy > reach || -dy > reach {
		return 0
	}
	if ea == Front && eb == Front && frontsApart(a, b) {
		return 0
	}
	return flushLength(a, ea, b, eb)
}

// flushLength is EdgesAgainst after its cheap rejects.
func flushLength(a Base, ea Edge, b Base, eb Edge) Sub {
	pa, qa := a.Edge(ea)
	// Each end of the shared stretch is an end of one edge lying alongside
	// the other; the gap is widest at one of those ends. The square roots
	// of the two edge lengths are taken once, not once per test.
	l := Len(qa.Sub(pa))
	var pb, qb Point
	if ea == Front && eb == Front && a.Width == b.Width && (b.Facing-a.Facing-South).Norm() == 0 {
		// Fronts of one width facing exactly apart, as a conformed contact
		// stands: b's corners are a's offsets from its front centre
		// negated (Towards and the rounding are symmetric), so the tests
		// of b's ends against a's edge are those of a's against b's
		// (TestFlushOppositeFronts).
		pb, qb = b.Front.Add(qa.Sub(a.Front)), b.Front.Add(pa.Sub(a.Front))
		if !flushEnd(pb, pa, qa, l) || !flushEnd(qb, pa, qa, l) {
			return 0
		}
	} else {
		pb, qb = b.Edge(eb)
		lb := Len(qb.Sub(pb))
		if !flushEnd(pb, pa, qa, l) || !flushEnd(qb, pa, qa, l) || !flushEnd(pa, pb, qb, lb) || !flushEnd(qa, pb, qb, lb) {
			return 0
		}
	}
	if l == 0 {
		return 0
	}
	// m: twice the offset of b's edge centre from a's along a's edge.
	mx := int64(pb.X) + int64(qb.X) - int64(pa.X) - int64(qa.X)
	my := int64(pb.Y) + int64(qb.Y) - int64(pa.Y) - int64(qa.Y)
	m := DivRound(mx*int64(qa.X-pa.X)+my*int64(qa.Y-pa.Y), int64(l))
	if m < 0 {
		m = -m
	}
	la, lb := int64(edgeLen(a, ea)), int64(edgeLen(b, eb))
	// Twice the shared length of two centred intervals of half-lengths la
	// and lb whose centres are m/2 apart.
	full := 2 * min(la, lb)
	shared := la + lb - m
	if shared >= full-2*int64(Tol) {
		shared = full
	}
	if shared <= 2*int64(Tol) {
		return 0
	}
	return Sub(shared / 2)
}

// frontsApart reports whether two front edges are too far apart to be
// flush: their midpoints are the front centres, exactly, and flush edges
// share a stretch, so their midpoints are at most half their lengths
// apart along them, and across them the tolerance plus what an angle of
// AngleTol (under 1/100) opens over an edge. Widths/64 covers that
// opening; a few units more cover rounded corners.
func frontsApart(a, b Base) bool {
	lim := int64(a.Width)/2 + int64(b.Width)/2 + 2*int64(Tol) + (int64(a.Width)+int64(b.Width))/64 + 4
	dx, dy := int64(a.Front.X)-int64(b.Front.X), int64(a.Front.Y)-int64(b.Front.Y)
	return dx > lim || -dx > lim || dy > lim || -dy > lim
}

// edgeLen returns the nominal length of edge e of b.
func edgeLen(b Base, e Edge) Sub {
	if e&1 == 0 {
		return b.Width
	}
	return b.Depth
}

// flushEnd reports whether pt is within Tol of the line through a and b,
// or does not lie alongside the segment a–b at all; abLen is Len(b−a).
func flushEnd(pt, a, b Point, abLen Sub) bool {
	ab, ap := b.Sub(a), pt.Sub(a)
	l := int64(abLen)
	t := dot(ap, ab)
	if t < -int64(Tol)*l || t > int64(norm2(ab))+int64(Tol)*l {
		return true
	}
	c := cross(ab, ap)
	return c >= -int64(Tol)*l && c <= int64(Tol)*l
}
