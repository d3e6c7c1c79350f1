package geom

import (
	"fmt"
	"slices"
	"testing"
)

func square(x, y, side int) Poly {
	return Poly{pt(x, y), pt(x+side, y), pt(x+side, y+side), pt(x, y+side)}
}

func TestConvex(t *testing.T) {
	sq := square(0, 0, 10)
	rev := slices.Clone(sq)
	slices.Reverse(rev)
	tests := []struct {
		name string
		p    Poly
		want bool
	}{
		{"square", sq, true},
		{"square, other winding", rev, true},
		{"triangle", Poly{pt(0, 0), pt(10, 0), pt(0, 10)}, true},
		{"base", Base{Front: pt(3, 4), Facing: 333, Width: bw, Depth: Paces(40)}.Poly(), true},
		{"empty", nil, false},
		{"point", Poly{pt(1, 1)}, false},
		{"segment", Poly{pt(0, 0), pt(1, 1)}, false},
		{"collinear triangle", Poly{pt(0, 0), pt(5, 5), pt(10, 10)}, false},
		{"collinear corner", Poly{pt(0, 0), pt(5, 0), pt(10, 0), pt(10, 10), pt(0, 10)}, false},
		{"repeated corner", Poly{pt(0, 0), pt(10, 0), pt(10, 0), pt(10, 10), pt(0, 10)}, false},
		{"concave", Poly{pt(0, 0), pt(10, 0), pt(5, 3), pt(10, 10), pt(0, 10)}, false},
		{"bow tie", Poly{pt(0, 0), pt(10, 10), pt(10, 0), pt(0, 10)}, false},
		{"pentagram", Poly{pt(0, -10), pt(6, 8), pt(-10, -3), pt(10, -3), pt(-6, 8)}, false},
	}
	for _, tt := range tests {
		if got := Convex(tt.p); got != tt.want {
			t.Errorf("%s: Convex = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestHull(t *testing.T) {
	tests := []struct {
		name string
		pts  []Point
		want Poly
	}{
		{"empty", nil, nil},
		{"point", []Point{pt(1, 2), pt(1, 2)}, Poly{pt(1, 2)}},
		{"segment", []Point{pt(5, 5), pt(0, 0), pt(2, 2), pt(5, 5)}, Poly{pt(0, 0), pt(5, 5)}},
		{"square with insides", []Point{pt(5, 5), pt(0, 0), pt(10, 10), pt(0, 10), pt(3, 7), pt(10, 0), pt(5, 0), pt(10, 5)},
			square(0, 0, 10)},
		{"triangle", []Point{pt(0, 0), pt(0, 10), pt(10, 0), pt(2, 2), pt(0, 5)}, Poly{pt(0, 0), pt(10, 0), pt(0, 10)}},
	}
	for _, tt := range tests {
		got := Hull(tt.pts)
		if !samePoly(got, tt.want) {
			t.Errorf("%s: Hull = %v, want %v", tt.name, got, tt.want)
		}
	}
	// Hulls of corners of random bases: convex, wound like bases, and
	// holding every point.
	for _, a := range angles() {
		b1 := Base{Front: pt(0, 0), Facing: a, Width: bw, Depth: Paces(40)}
		b2 := Base{Front: pt(50, -20), Facing: a * 3, Width: Paces(80), Depth: Paces(80)}
		pts := append(b1.Poly(), b2.Poly()...)
		pts = append(pts, b1.Center(), b2.Center())
		h := Hull(pts)
		if !Convex(h) {
			t.Fatalf("facing %d: hull %v not convex", a, h)
		}
		if cross(h[1].Sub(h[0]), h[2].Sub(h[1])) <= 0 {
			t.Errorf("facing %d: hull %v wound the wrong way", a, h)
		}
		for _, p := range pts {
			if !Contains(h, p) {
				t.Errorf("facing %d: hull %v misses %v", a, h, p)
			}
		}
	}
}

func TestContains(t *testing.T) {
	sq := square(0, 0, 10)
	rev := slices.Clone(sq)
	slices.Reverse(rev)
	tests := []struct {
		p    Poly
		pt   Point
		want bool
	}{
		{sq, pt(5, 5), true}, {sq, pt(0, 0), true}, {sq, pt(10, 5), true}, {sq, pt(5, 10), true},
		{sq, pt(11, 5), false}, {sq, Point{Paces(10) + 1, 0}, false}, {sq, pt(-1, -1), false},
		{rev, pt(5, 5), true}, {rev, pt(10, 10), true}, {rev, pt(5, 11), false},
		{nil, pt(0, 0), false}, {Poly{pt(1, 1)}, pt(1, 1), true}, {Poly{pt(1, 1)}, pt(1, 2), false},
		{Poly{pt(0, 0), pt(4, 4)}, pt(2, 2), true}, {Poly{pt(0, 0), pt(4, 4)}, pt(5, 5), false},
		{Poly{pt(0, 0), pt(4, 4)}, pt(2, 3), false},
	}
	for _, tt := range tests {
		if got := Contains(tt.p, tt.pt); got != tt.want {
			t.Errorf("Contains(%v, %v) = %v, want %v", tt.p, tt.pt, got, tt.want)
		}
	}
}

func TestOverlapAxisAligned(t *testing.T) {
	a := square(0, 0, 100)
	tests := []struct {
		name string
		q    Poly
		want bool
	}{
		{"same", square(0, 0, 100), true},
		{"inside", square(40, 40, 10), true},
		{"by 1 pace", square(99, 0, 100), true},
		{"by Tol+1", Poly{{Paces(100) - Tol - 1, 0}, {Paces(200), 0}, {Paces(200), Paces(100)}, {Paces(100) - Tol - 1, Paces(100)}}, true},
		{"by Tol", Poly{{Paces(100) - Tol, 0}, {Paces(200), 0}, {Paces(200), Paces(100)}, {Paces(100) - Tol, Paces(100)}}, false},
		{"edge to edge", square(100, 0, 100), false},
		{"edge to edge, offset", square(100, 50, 100), false},
		{"corner to corner", square(100, 100, 100), false},
		{"corners overlapping by 1 pace", square(99, 99, 100), true},
		{"apart", square(200, 0, 100), false},
		{"diamond touching", Poly{pt(150, 50), pt(200, 100), pt(150, 150), pt(100, 100)}, false},
		{"diamond into", Poly{pt(149, 50), pt(199, 100), pt(149, 150), pt(99, 100)}, true},
		{"segment", Poly{pt(-10, 50), pt(110, 50)}, false},
	}
	for _, tt := range tests {
		if got := Overlap(a, tt.q); got != tt.want {
			t.Errorf("%s: Overlap = %v, want %v", tt.name, got, tt.want)
		}
		if got := Overlap(tt.q, a); got != tt.want {
			t.Errorf("%s: Overlap reversed = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestOverlapRotated(t *testing.T) {
	for _, a := range angles() {
		target := Base{Front: pt(500, 500), Facing: a, Width: bw, Depth: Paces(40)}
		tp := target.Poly()
		front := Against(target, Front, bw, Paces(80))
		right := Against(target, Right, Paces(80), Paces(40))
		beside := Beside(target, true, bw, Paces(40))
		diag := Behind(beside, Paces(40)) // corner to corner with the target
		tests := []struct {
			name    string
			b       Base
			overlap bool
			dist    Sub // -1: do not check
		}{
			{"front", front, false, -1},
			{"front, 1 pace in", front.Forward(Paces(1)), true, 0},
			{"front, 1 pace off", front.Forward(-Paces(1)), false, Paces(1)},
			{"front, 100 paces off", front.Forward(-Paces(100)), false, Paces(100)},
			{"right", right, false, -1},
			{"right, 1 pace in", right.Forward(Paces(1)), true, 0},
			{"right, 1 pace off", right.Forward(-Paces(1)), false, Paces(1)},
			{"beside", beside, false, -1},
			{"beside, 1 pace in", beside.Translate(Offset(a-East, Paces(1))), true, 0},
			{"beside, 1 pace off", beside.Translate(Offset(a+East, Paces(1))), false, Paces(1)},
			{"corner to corner", diag, false, -1},
			{"corner to corner, 1 pace in", diag.Translate(Offset(a-512, Paces(2))), true, 0},
			{"corner to corner, 3 paces off", diag.Translate(Offset(a+East, Paces(3))), false, Paces(3)},
		}
		for _, tt := range tests {
			bp := tt.b.Poly()
			if got := Overlap(tp, bp); got != tt.overlap {
				t.Errorf("facing %d, %s: Overlap = %v, want %v", a, tt.name, got, tt.overlap)
			}
			if got := Overlap(bp, tp); got != tt.overlap {
				t.Errorf("facing %d, %s: Overlap reversed = %v, want %v", a, tt.name, got, tt.overlap)
			}
			d := Dist(tp, bp)
			if d != Dist(bp, tp) {
				t.Errorf("facing %d, %s: Dist not symmetric", a, tt.name)
			}
			if tt.dist < 0 {
				if !Touching(tp, bp) {
					t.Errorf("facing %d, %s: not Touching, Dist %d", a, tt.name, d)
				}
			} else if d < tt.dist-2 || d > tt.dist+2 {
				// Rotated corners are each rounded by up to ½ a sub-pace.
				t.Errorf("facing %d, %s: Dist = %d, want %d ± 2", a, tt.name, d, tt.dist)
			}
		}
	}
}

func TestDist(t *testing.T) {
	a := Base{Front: pt(0, 0), Facing: North, Width: bw, Depth: Paces(40)}
	tests := []struct {
		name string
		p, q Poly
		want Sub
	}{
		{"100 paces ahead", a.Poly(), a.Forward(Paces(140)).Poly(), Paces(100)},
		{"100 paces aside", a.Poly(), a.Translate(pt(260, 0)).Poly(), Paces(100)},
		{"corner to corner 3-4-5", a.Poly(), a.Translate(pt(160+30, 40+40)).Poly(), Paces(50)},
		{"overlapping", a.Poly(), a.Translate(pt(10, 10)).Poly(), 0},
		{"inside", square(0, 0, 100), square(10, 10, 10), 0},
		{"touching", a.Poly(), a.Translate(pt(160, 0)).Poly(), 0},
		{"crossing without corners inside", Poly{pt(0, 10), pt(100, 10), pt(100, 20), pt(0, 20)},
			Poly{pt(40, 0), pt(50, 0), pt(50, 100), pt(40, 100)}, 0},
		{"point", square(0, 0, 100), Poly{pt(103, 104)}, Paces(5)},
		{"point inside", square(0, 0, 100), Poly{pt(50, 50)}, 0},
		{"segment through", square(0, 0, 100), Poly{pt(-10, 50), pt(110, 50)}, 0},
		{"segment beside", square(0, 0, 100), Poly{pt(-10, 120), pt(110, 120)}, Paces(20)},
		{"two points", Poly{pt(0, 0)}, Poly{pt(3, 4)}, Paces(5)},
		{"segments in line", Poly{pt(0, 0), pt(10, 0)}, Poly{pt(20, 0), pt(30, 0)}, Paces(10)},
		{"floor", Poly{{0, 0}}, shift(square(0, 0, 1), 1, 1), 1}, // √2 sub-paces
	}
	for _, tt := range tests {
		if got := Dist(tt.p, tt.q); got != tt.want {
			t.Errorf("%s: Dist = %d, want %d", tt.name, got, tt.want)
		}
		if got := Dist(tt.q, tt.p); got != tt.want {
			t.Errorf("%s: Dist reversed = %d, want %d", tt.name, got, tt.want)
		}
	}
	// The perpendicular distance to a slanted edge is the exact floor.
	tri := Poly{{0, 0}, {3000, 4000}, {3000, 5000}}
	for k := Sub(1); k < 300; k += 7 {
		for j := Sub(0); j < 5; j++ {
			p := Point{1500 + 4*k + j, 2000 - 3*k} // outside the edge (0,0)–(3000,4000)
			want := Sub((4*int64(p.X) - 3*int64(p.Y)) / 5)
			if got := Dist(tri, Poly{p}); got != want {
				t.Fatalf("Dist(triangle, %v) = %d, want %d", p, got, want)
			}
		}
	}
}

// shift returns p moved by (dx, dy) sub-paces.
func shift(p Poly, dx, dy Sub) Poly {
	q := slices.Clone(p)
	for i := range q {
		q[i] = q[i].Add(Point{dx, dy})
	}
	return q
}

func TestTouching(t *testing.T) {
	a := square(0, 0, 100)
	tests := []struct {
		name string
		q    Poly
		want bool
	}{
		{"edge", square(100, 0, 100), true},
		{"corner", square(100, 100, 100), true},
		{"gap of Tol", shift(a, Paces(100)+Tol, 0), true},
		{"gap over Tol", shift(a, Paces(100)+Tol+1, 0), false},
		{"into by Tol", shift(a, Paces(100)-Tol, 0), true},
		{"into by more", shift(a, Paces(100)-Tol-1, 0), false},
	}
	for _, tt := range tests {
		if got := Touching(a, tt.q); got != tt.want {
			t.Errorf("%s: Touching = %v, want %v", tt.name, got, tt.want)
		}
	}
	for _, tt := range []struct {
		p, q Point
		want bool
	}{
		{Point{0, 0}, Point{0, 0}, true}, {Point{0, 0}, Point{Tol, 0}, true}, {Point{0, 0}, Point{0, -Tol - 1}, false},
		{Point{0, 0}, Point{11, 11}, true}, {Point{0, 0}, Point{12, 12}, false}, // 11√2 < 16 < 12√2
	} {
		if got := CornersTouch(tt.p, tt.q); got != tt.want {
			t.Errorf("CornersTouch(%v, %v) = %v, want %v", tt.p, tt.q, got, tt.want)
		}
	}
}

func TestSegmentCrosses(t *testing.T) {
	sq := square(0, 0, 100)
	tests := []struct {
		name string
		a, b Point
		want bool
	}{
		{"through the middle", pt(-50, 50), pt(150, 50), true},
		{"diagonal", pt(-10, -10), pt(110, 110), true},
		{"along an edge", pt(-50, 0), pt(150, 0), false},
		{"along, Tol inside", Point{-Paces(50), Tol}, Point{Paces(150), Tol}, false},
		{"along, Tol+1 inside", Point{-Paces(50), Tol + 1}, Point{Paces(150), Tol + 1}, true},
		{"touching a corner", pt(-50, 50), pt(50, -50), false},
		{"clipping a corner", pt(-50, 51), pt(51, -50), true},
		{"passing a corner", pt(-50, 49), pt(49, -50), false},
		{"ending at the edge", pt(-50, 50), pt(0, 50), false},
		{"ending Tol inside", pt(-50, 50), Point{Tol, Paces(50)}, false},
		{"ending inside", pt(-50, 50), pt(1, 50), true},
		{"starting inside", pt(50, 50), pt(150, 150), true},
		{"wholly inside", pt(20, 20), pt(30, 30), true},
		{"point inside", pt(20, 20), pt(20, 20), true},
		{"point on the edge", pt(0, 20), pt(0, 20), false},
		{"missing", pt(-50, 150), pt(150, 150), false},
		{"missing, in line with an edge", pt(-50, 100), pt(-10, 100), false},
		{"short of it", pt(-50, 50), pt(-1, 50), false},
	}
	for _, tt := range tests {
		if got := SegmentCrosses(tt.a, tt.b, sq); got != tt.want {
			t.Errorf("%s: SegmentCrosses = %v, want %v", tt.name, got, tt.want)
		}
		if got := SegmentCrosses(tt.b, tt.a, sq); got != tt.want {
			t.Errorf("%s: SegmentCrosses reversed = %v, want %v", tt.name, got, tt.want)
		}
	}
	if SegmentCrosses(pt(0, 0), pt(1, 1), nil) {
		t.Error("SegmentCrosses an empty polygon")
	}
	// Rotated: the line between two bases in contact does not cross
	// either, the line through a base does.
	for _, a := range angles() {
		target := Base{Front: pt(-300, 200), Facing: a, Width: bw, Depth: Paces(40)}
		c := target.Corners()
		if SegmentCrosses(c[FrontLeft], c[FrontRight], target.Poly()) {
			t.Errorf("facing %d: front edge crosses its own base", a)
		}
		front := target.Front.Add(Offset(a, Paces(50)))
		back := target.Front.Add(Offset(a+South, Paces(90)))
		if !SegmentCrosses(front, back, target.Poly()) {
			t.Errorf("facing %d: segment through the middle does not cross", a)
		}
		if SegmentCrosses(front, target.Front, target.Poly()) {
			t.Errorf("facing %d: segment to the front edge crosses", a)
		}
	}
}

// mirror reflects p in the north–south axis x = 0.
func mirror(p Point) Point { return Point{-p.X, p.Y} }

func mirrorBase(b Base) Base {
	return Base{Front: mirror(b.Front), Facing: (-b.Facing).Norm(), Width: b.Width, Depth: b.Depth}
}

func mirrorPoly(p Poly) Poly {
	q := make(Poly, len(p))
	for i, v := range p {
		q[i] = mirror(v)
	}
	return q
}

// mirrorEdge swaps left and right.
func mirrorEdge(e Edge) Edge {
	switch e {
	case Left:
		return Right
	case Right:
		return Left
	}
	return e
}

// TestMirror checks that the mirror image of a position gives the mirror
// image of every result, exactly.
func TestMirror(t *testing.T) {
	swap := [4]Corner{FrontRight, FrontLeft, RearLeft, RearRight}
	for _, a := range angles() {
		for i, s := range sizes {
			b := Base{Front: Point{Paces(37*i) + Sub(a), 1000 - Sub(a)}, Facing: a, Width: s.w, Depth: s.d}
			m := mirrorBase(b)
			bc, mc := b.Corners(), m.Corners()
			for c := range bc {
				if mc[c] != mirror(bc[swap[c]]) {
					t.Fatalf("facing %d: mirrored corner %d = %v, want %v", a, c, mc[c], mirror(bc[swap[c]]))
				}
			}
			if m.Center() != mirror(b.Center()) {
				t.Errorf("facing %d: mirrored centre %v, want %v", a, m.Center(), mirror(b.Center()))
			}
			if m.Forward(333) != mirrorBase(b.Forward(333)) {
				t.Errorf("facing %d: mirrored Forward differs", a)
			}
			for e := Front; e <= Left; e++ {
				for _, o := range sizes[:3] {
					got := Against(m, mirrorEdge(e), o.w, o.d)
					if want := mirrorBase(Against(b, e, o.w, o.d)); got != want {
						t.Fatalf("facing %d: Against mirrored edge %d = %+v, want %+v", a, e, got, want)
					}
				}
			}
			if got, want := Beside(m, false, bw, Paces(40)), mirrorBase(Beside(b, true, bw, Paces(40))); got != want {
				t.Errorf("facing %d: Beside mirrored = %+v, want %+v", a, got, want)
			}
			if got, want := Behind(m, Paces(40)), mirrorBase(Behind(b, Paces(40))); got != want {
				t.Errorf("facing %d: Behind mirrored = %+v, want %+v", a, got, want)
			}
			// Pairs in all kinds of relation to b.
			others := []Base{
				Against(b, Right, bw, Paces(40)).Forward(7),
				Against(b, Front, Paces(80), Paces(80)).Translate(Point{40, 9}),
				Beside(b, false, bw, Paces(40)).Translate(Point{-3, 20}),
				{Front: b.Front.Add(pt(100, 3)), Facing: a*5 + 11, Width: bw, Depth: Paces(80)},
				{Front: b.Front.Add(Point{-Paces(10) - 7, Paces(20) + 5}), Facing: a + 100, Width: bw, Depth: Paces(80)},
			}
			for j, o := range others {
				what := fmt.Sprintf("facing %d, size %d, other %d", a, i, j)
				mo := mirrorBase(o)
				bp, op, mp, mop := b.Poly(), o.Poly(), m.Poly(), mo.Poly()
				if Overlap(bp, op) != Overlap(mp, mop) {
					t.Errorf("%s: Overlap differs in the mirror", what)
				}
				if Dist(bp, op) != Dist(mp, mop) {
					t.Errorf("%s: Dist %d, mirrored %d", what, Dist(bp, op), Dist(mp, mop))
				}
				if Touching(bp, op) != Touching(mp, mop) {
					t.Errorf("%s: Touching differs in the mirror", what)
				}
				if MoveDist(b, o) != MoveDist(m, mo) {
					t.Errorf("%s: MoveDist differs in the mirror", what)
				}
				if !samePoly(Swept(m, mo), reversed(mirrorPoly(Swept(b, o)))) {
					t.Errorf("%s: Swept differs in the mirror", what)
				}
				for e := Front; e <= Left; e++ {
					for f := Front; f <= Left; f++ {
						got := EdgesAgainst(m, mirrorEdge(e), mo, mirrorEdge(f))
						if want := EdgesAgainst(b, e, o, f); got != want {
							t.Errorf("%s: EdgesAgainst(%d, %d) = %d, mirrored %d", what, e, f, want, got)
						}
					}
				}
				c, mc := o.Corners()[0], mo.Corners()[1]
				if SegmentCrosses(b.Front, c, bp) != SegmentCrosses(m.Front, mc, mp) {
					t.Errorf("%s: SegmentCrosses differs in the mirror", what)
				}
				v := o.Front.Sub(b.Front)
				if Bearing(mirror(v)) != (-Bearing(v)).Norm() {
					t.Errorf("%s: Bearing differs in the mirror", what)
				}
			}
		}
	}
}

func reversed(p Poly) Poly {
	q := slices.Clone(p)
	slices.Reverse(q)
	return q
}

func benchBases() (Poly, Poly) {
	a := Base{Front: pt(500, 500), Facing: 300, Width: bw, Depth: Paces(40)}
	b := Against(a, Right, bw, Paces(80)).Forward(-Paces(3)).Translate(Point{5, -9})
	return a.Poly(), b.Poly()
}

func BenchmarkOverlap(b *testing.B) {
	p, q := benchBases()
	for b.Loop() {
		Overlap(p, q)
	}
}

func BenchmarkDist(b *testing.B) {
	p, q := benchBases()
	for b.Loop() {
		Dist(p, q)
	}
}

// deeperThanTol decides pen > Tol·Len(axis) without a square root: it
// must agree with the root on every depth near each threshold, for axes
// short and long.
func TestDeeperThanTolMatchesRoot(t *testing.T) {
	axes := []Point{{0, 0}, {1, 0}, {3, 4}, {-7, 24}, {Paces(40), -Paces(13)}, {1<<28 + 3, -(1<<28 - 5)}, {-(1 << 29), 1 << 29}}
	for x := Sub(-40); x <= 40; x += 7 {
		for y := Sub(-40); y <= 40; y += 3 {
			axes = append(axes, Point{x * 977, y * 1013})
		}
	}
	for _, axis := range axes {
		bar := int64(Tol) * int64(Len(axis))
		for _, pen := range []int64{-1, 0, 1, bar - 1, bar, bar + 1, bar + int64(Tol), 1 << 62} {
			if got, want := deeperThanTol(pen, axis), pen > bar; got != want {
				t.Errorf("deeperThanTol(%d, %v) = %v, want %v (bar %d)", pen, axis, got, want, bar)
			}
		}
	}
}

// Polygons whose boxes are more than Tol apart never touch; at Tol apart
// they do.
func TestTouchingBoxReject(t *testing.T) {
	sq := func(x, y Sub) Poly { return Poly{{x, y}, {x + 640, y}, {x + 640, y + 640}, {x, y + 640}} }
	cases := []struct {
		gap  Sub
		want bool
	}{{0, true}, {Tol, true}, {Tol + 1, false}, {-Tol, true}}
	for _, c := range cases {
		for _, q := range []Poly{sq(640+c.gap, 0), sq(0, 640+c.gap), sq(-640-c.gap, 0), sq(0, -640-c.gap)} {
			if got := Touching(sq(0, 0), q); got != c.want {
				t.Errorf("gap %d, %v: Touching = %v, want %v", c.gap, q, got, c.want)
			}
		}
	}
}

// everyAxis skips the axes an even polygon's opposite edges repeat; that
// answers as testing every axis does, for bases, their sweeps and
// polygons whose opposite edges are nearly but not quite parallel.
func TestEveryAxisSkipsOnlyRepeats(t *testing.T) {
	all := func(p, q Poly, ok func(int64, Point) bool) bool {
		for _, poly := range [2]Poly{p, q} {
			for i := range poly {
				e := poly[(i+1)%len(poly)].Sub(poly[i])
				axis := Point{-e.Y, e.X}
				if axis == (Point{}) {
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
	apart := func(pen int64, _ Point) bool { return pen >= 0 }
	r := uint64(1)
	next := func(n int) int { r = r*6364136223846793005 + 1442695040888963407; return int(r>>33) % n }
	base := func() Base {
		return Base{Front: Point{Sub(next(40000)), Sub(next(40000))}, Facing: Angle(next(int(Turn))), Width: Sub(2000 + next(12000)), Depth: Sub(1000 + next(12000))}
	}
	skipped := 0
	for k := range 20000 {
		a, b := base(), base()
		if k%2 == 0 { // near each other, where the axes decide
			b.Front = a.Front.Add(Point{Sub(next(16000) - 8000), Sub(next(16000) - 8000)})
		}
		to := a
		to.Front = a.Front.Add(Point{Sub(next(9000) - 4500), Sub(next(9000) - 4500)})
		if k%3 == 0 {
			to.Facing += Angle(next(600) - 300)
		}
		skew := b.Poly()
		skew[2].X++ // opposite edges no longer parallel
		for _, pq := range [][2]Poly{{a.Poly(), b.Poly()}, {Swept(a, to), b.Poly()}, {b.Poly(), Swept(a, to)}, {skew, a.Poly()}, {Poly{a.Front, to.Front}, b.Poly()}} {
			p, q := pq[0], pq[1]
			for _, ok := range []func(int64, Point) bool{deeperThanTol, apart} {
				if got, want := everyAxis(p, q, ok), all(p, q, ok); got != want {
					t.Fatalf("case %d: everyAxis(%v, %v) = %v, every axis tested: %v", k, p, q, got, want)
				}
			}
		}
		if c := a.Corners(); c[2].Sub(c[1]) == c[3].Sub(c[0]) {
			skipped++
		}
	}
	if skipped < 15000 {
		t.Fatalf("only %d of 20000 bases have parallel opposite edges to skip", skipped)
	}
}

// Within is Dist(p, q) <= r, at the distance itself and either side of it.
func TestWithinIsDistAtMost(t *testing.T) {
	r := uint64(7)
	next := func(n int) int { r = r*6364136223846793005 + 1442695040888963407; return int(r>>33) % n }
	for k := range 20000 {
		a := Base{Front: Point{Sub(next(40000)), Sub(next(40000))}, Facing: Angle(next(int(Turn))), Width: Sub(2000 + next(12000)), Depth: Sub(1000 + next(12000))}
		b := a
		b.Front = a.Front.Add(Point{Sub(next(60000) - 30000), Sub(next(60000) - 30000)})
		b.Facing = Angle(next(int(Turn)))
		p, q := a.Poly(), b.Poly()
		if k%5 == 0 {
			q = Poly{b.Front} // a point
		}
		d := Dist(p, q)
		for _, lim := range []Sub{-1, 0, d - 1, d, d + 1, Tol, 1 << 30} {
			if got, want := Within(p, q, lim), d <= lim; got != want {
				t.Fatalf("Within(%v, %v, %d) = %v; Dist is %d", p, q, lim, got, d)
			}
		}
	}
	if !Within(nil, square(0, 0, 10), 0) || Within(nil, nil, -1) {
		t.Errorf("Within of an empty polygon: Dist 0")
	}
}
