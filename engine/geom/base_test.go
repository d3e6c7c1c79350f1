package geom

import (
	"fmt"
	"slices"
	"testing"
)

var (
	bw    = Paces(160) // a base width
	sizes = []struct{ w, d Sub }{
		{bw, Paces(40)}, {bw, Paces(80)}, {bw, Paces(120)}, {Paces(80), Paces(160)}, {bw, bw}, {Paces(101), Paces(33)},
	}
)

// angles returns every 37th unit round the circle, plus the cardinal ones.
func angles() []Angle {
	as := []Angle{North, East, South, West}
	for a := Angle(5); a < Turn; a += 37 {
		as = append(as, a)
	}
	return as
}

func pt(x, y int) Point { return Point{Paces(x), Paces(y)} }

func TestCorners(t *testing.T) {
	w, d := Paces(160), Paces(40)
	f := pt(1000, 500)
	tests := []struct {
		facing Angle
		want   [4]Point
	}{
		{North, [4]Point{pt(920, 500), pt(1080, 500), pt(1080, 540), pt(920, 540)}},
		{East, [4]Point{pt(1000, 420), pt(1000, 580), pt(960, 580), pt(960, 420)}},
		{South, [4]Point{pt(1080, 500), pt(920, 500), pt(920, 460), pt(1080, 460)}},
		{West, [4]Point{pt(1000, 580), pt(1000, 420), pt(1040, 420), pt(1040, 580)}},
		{West - Turn, [4]Point{pt(1000, 580), pt(1000, 420), pt(1040, 420), pt(1040, 580)}},
	}
	for _, tt := range tests {
		b := Base{Front: f, Facing: tt.facing, Width: w, Depth: d}
		if got := b.Corners(); got != tt.want {
			t.Errorf("facing %d: Corners() = %v, want %v", tt.facing, got, tt.want)
		}
		poly := b.Poly()
		for i, c := range tt.want {
			if poly[i] != c {
				t.Errorf("facing %d: Poly()[%d] = %v, want %v", tt.facing, i, poly[i], c)
			}
		}
		if !Convex(poly) {
			t.Errorf("facing %d: Poly() not convex", tt.facing)
		}
		if got, want := b.Center(), f.Add(Offset(tt.facing+South, d/2)); got != want {
			t.Errorf("facing %d: Center() = %v, want %v", tt.facing, got, want)
		}
	}
}

func TestEdge(t *testing.T) {
	for _, a := range angles() {
		b := Base{Front: pt(300, 200), Facing: a, Width: bw, Depth: Paces(40)}
		c := b.Corners()
		for e, want := range [4][2]Point{{c[FrontLeft], c[FrontRight]}, {c[FrontRight], c[RearRight]},
			{c[RearRight], c[RearLeft]}, {c[RearLeft], c[FrontLeft]}} {
			if p, q := b.Edge(Edge(e)); p != want[0] || q != want[1] {
				t.Errorf("facing %d: Edge(%d) = %v, %v, want %v, %v", a, e, p, q, want[0], want[1])
			}
		}
		// Clockwise on the screen: every turn has a positive cross product.
		for i := range c {
			if cross(c[(i+1)%4].Sub(c[i]), c[(i+2)%4].Sub(c[(i+1)%4])) <= 0 {
				t.Errorf("facing %d: corners not clockwise at %d", a, i)
			}
		}
	}
}

func TestForwardTranslate(t *testing.T) {
	b := Base{Front: pt(100, 100), Facing: East, Width: bw, Depth: Paces(40)}
	if got := b.Forward(Paces(30)).Front; got != pt(130, 100) {
		t.Errorf("Forward(30p).Front = %v", got)
	}
	if got := b.Forward(-Paces(30)).Front; got != pt(70, 100) {
		t.Errorf("Forward(-30p).Front = %v", got)
	}
	if got := b.Translate(pt(5, -7)); got.Front != pt(105, 93) || got.Facing != East {
		t.Errorf("Translate = %+v", got)
	}
	for _, a := range angles() {
		b.Facing = a
		if got := b.Forward(Paces(50)).Forward(-Paces(50)); got != b {
			t.Errorf("facing %d: forward and back = %+v, want %+v", a, got, b)
		}
	}
}

// checkMeet fails unless corner i of b is exactly corner j of target.
func checkMeet(t *testing.T, what string, b Base, i Corner, target Base, j Corner) {
	t.Helper()
	if got, want := b.Corners()[i], target.Corners()[j]; got != want {
		t.Errorf("%s: corner %d = %v, want target's corner %d = %v", what, i, got, j, want)
	}
}

// checkContact fails unless b touches target without overlapping it and
// edge eb of b lies against edge et of the target for want.
func checkContact(t *testing.T, what string, target Base, et Edge, b Base, eb Edge, want Sub) {
	t.Helper()
	if Overlap(target.Poly(), b.Poly()) || Overlap(b.Poly(), target.Poly()) {
		t.Errorf("%s: overlaps the target", what)
	}
	if !Touching(target.Poly(), b.Poly()) {
		t.Errorf("%s: not touching the target (Dist %d)", what, Dist(target.Poly(), b.Poly()))
	}
	if got := EdgesAgainst(target, et, b, eb); got != want {
		t.Errorf("%s: EdgesAgainst(target, %d, b, %d) = %d, want %d", what, et, eb, got, want)
	}
	if got := EdgesAgainst(b, eb, target, et); got != want {
		t.Errorf("%s: EdgesAgainst(b, %d, target, %d) = %d, want %d", what, eb, et, got, want)
	}
}

func TestAgainst(t *testing.T) {
	for _, a := range angles() {
		for _, ts := range sizes {
			target := Base{Front: pt(1200, 800), Facing: a, Width: ts.w, Depth: ts.d}
			for _, s := range sizes {
				what := func(e string) string {
					return fmt.Sprintf("facing %d, %d×%d against %s of %d×%d", a, s.w, s.d, e, ts.w, ts.d)
				}

				b := Against(target, Front, s.w, s.d)
				if b.Facing != (a+South).Norm() || b.Width != s.w || b.Depth != s.d {
					t.Fatalf("%s: got %+v", what("front"), b)
				}
				if s.w/2 == ts.w/2 {
					checkMeet(t, what("front"), b, FrontLeft, target, FrontRight)
					checkMeet(t, what("front"), b, FrontRight, target, FrontLeft)
				}
				checkContact(t, what("front"), target, Front, b, Front, min(s.w, ts.w))

				b = Against(target, Rear, s.w, s.d)
				if b.Facing != a.Norm() {
					t.Fatalf("%s: got %+v", what("rear"), b)
				}
				if s.w/2 == ts.w/2 {
					checkMeet(t, what("rear"), b, FrontLeft, target, RearLeft)
					checkMeet(t, what("rear"), b, FrontRight, target, RearRight)
				}
				checkContact(t, what("rear"), target, Rear, b, Front, min(s.w, ts.w))

				b = Against(target, Right, s.w, s.d)
				if b.Facing != (a - East).Norm() {
					t.Fatalf("%s: got %+v", what("right"), b)
				}
				checkMeet(t, what("right"), b, FrontRight, target, FrontRight)
				checkContact(t, what("right"), target, Right, b, Front, min(s.w, ts.d))

				b = Against(target, Left, s.w, s.d)
				if b.Facing != (a + East).Norm() {
					t.Fatalf("%s: got %+v", what("left"), b)
				}
				checkMeet(t, what("left"), b, FrontLeft, target, FrontLeft)
				checkContact(t, what("left"), target, Left, b, Front, min(s.w, ts.d))
			}
		}
	}
}

func TestBesideBehind(t *testing.T) {
	for _, a := range angles() {
		for _, ts := range sizes {
			target := Base{Front: pt(-700, 300), Facing: a, Width: ts.w, Depth: ts.d}
			for _, s := range sizes {
				what := fmt.Sprintf("facing %d, %d×%d beside %d×%d", a, s.w, s.d, ts.w, ts.d)
				r := Beside(target, true, s.w, s.d)
				if r.Facing != a.Norm() {
					t.Fatalf("%s: got %+v", what, r)
				}
				checkMeet(t, what+" (right)", r, FrontLeft, target, FrontRight)
				checkContact(t, what+" (right)", target, Right, r, Left, min(s.d, ts.d))
				l := Beside(target, false, s.w, s.d)
				checkMeet(t, what+" (left)", l, FrontRight, target, FrontLeft)
				checkContact(t, what+" (left)", target, Left, l, Right, min(s.d, ts.d))
				if s.d == ts.d {
					checkMeet(t, what+" (right)", r, RearLeft, target, RearRight)
					checkMeet(t, what+" (left)", l, RearRight, target, RearLeft)
				}
				// Front edges in line, not against each other.
				if got := EdgesAgainst(target, Front, r, Front); got != 0 {
					t.Errorf("%s: front edges against for %d", what, got)
				}
			}
			b := Behind(target, Paces(40))
			what := fmt.Sprintf("facing %d, behind %d×%d", a, ts.w, ts.d)
			if b.Facing != a.Norm() || b.Width != ts.w || b.Depth != Paces(40) {
				t.Fatalf("%s: got %+v", what, b)
			}
			checkMeet(t, what, b, FrontLeft, target, RearLeft)
			checkMeet(t, what, b, FrontRight, target, RearRight)
			checkContact(t, what, target, Rear, b, Front, ts.w)
			if got := EdgesAgainst(target, Front, b, Rear); got != 0 {
				t.Errorf("%s: far edges against for %d", what, got)
			}
		}
	}
}

func TestEdgesAgainst(t *testing.T) {
	target := Base{Front: pt(0, 0), Facing: North, Width: bw, Depth: Paces(40)}
	front := Against(target, Front, bw, Paces(40))
	tests := []struct {
		name string
		b    Base
		eb   Edge
		want Sub
	}{
		{"flush", front, Front, bw},
		{"wrong edge", front, Rear, 0},
		{"wrong target edge", front, Left, 0},
		{"gap of Tol", front.Translate(Point{0, -Tol}), Front, bw},
		{"gap over Tol", front.Translate(Point{0, -Tol - 1}), Front, 0},
		{"into by Tol", front.Translate(Point{0, Tol}), Front, bw},
		{"into over Tol", front.Translate(Point{0, Tol + 1}), Front, 0},
		{"slid by Tol", front.Translate(Point{Tol, 0}), Front, bw},
		{"slid half", front.Translate(pt(80, 0)), Front, Paces(80)},
		{"slid the other way", front.Translate(pt(-120, 0)), Front, Paces(40)},
		{"corners only", front.Translate(pt(160, 0)), Front, 0},
		{"slid nearly off", front.Translate(Point{bw - Tol - 1, 0}), Front, Tol + 1},
		{"turned AngleTol", Base{Front: front.Front, Facing: South + AngleTol, Width: bw, Depth: Paces(40)}, Front, 0},
		{"turned a unit", Base{Front: front.Front, Facing: South + 1, Width: bw, Depth: Paces(40)}, Front, bw},
		{"turned AngleTol, short", Base{Front: front.Front, Facing: South - AngleTol, Width: Paces(40), Depth: Paces(40)}, Front, Paces(40)},
		{"turned over AngleTol, short", Base{Front: front.Front, Facing: South - AngleTol - 1, Width: Paces(40), Depth: Paces(40)}, Front, 0},
		{"same facing", Base{Front: front.Front, Facing: North, Width: bw, Depth: Paces(40)}, Rear, 0},
	}
	for _, tt := range tests {
		if got := EdgesAgainst(target, Front, tt.b, tt.eb); got != tt.want {
			t.Errorf("%s: EdgesAgainst = %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestAgainstBadEdge(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Against(…, Edge(4), …) did not panic")
		}
	}()
	Against(Base{Width: bw, Depth: bw}, Edge(4), bw, bw)
}

func TestMoveDist(t *testing.T) {
	for _, a := range angles() {
		from := Base{Front: pt(400, 400), Facing: a, Width: bw, Depth: Paces(80)}
		for _, v := range []Point{pt(30, 40), pt(-100, 0), {7, -3}, {}} {
			if got, want := MoveDist(from, from.Translate(v)), Len(v); got != want {
				t.Errorf("facing %d: MoveDist of translation by %v = %d, want %d", a, v, got, want)
			}
		}
		if got := MoveDist(from, from.Forward(Paces(100))); got < Paces(100)-1 || got > Paces(100)+1 {
			t.Errorf("facing %d: MoveDist of 100p forward = %d", a, got)
		}
		// About face in place: the front edge becomes the rear edge, so
		// each corner crosses the diagonal.
		about := Base{Front: from.Front.Add(Offset(a+South, from.Depth)), Facing: a + South, Width: bw, Depth: Paces(80)}
		if got := about.Corners()[FrontLeft]; got != from.Corners()[RearRight] {
			t.Errorf("facing %d: about face moved FL to %v, not RR %v", a, got, from.Corners()[RearRight])
		}
		diag := Len(from.Corners()[RearRight].Sub(from.Corners()[FrontLeft]))
		if got := MoveDist(from, about); got != diag {
			t.Errorf("facing %d: MoveDist of about face = %d, want %d", a, got, diag)
		}
		// Wheeling forward 90° about the front left corner: the far corner
		// travels the chord, √2 × its distance from the pivot.
		c := from.Corners()
		wheel := Base{Front: c[FrontLeft].Add(Offset(a, bw/2)), Facing: a - East, Width: bw, Depth: Paces(80)}
		if got := wheel.Corners()[FrontLeft]; got != c[FrontLeft] {
			t.Errorf("facing %d: wheel moved the pivot to %v from %v", a, got, c[FrontLeft])
		}
		want := Sub(Isqrt(2 * uint64(norm2(c[RearRight].Sub(c[FrontLeft])))))
		if got := MoveDist(from, wheel); got < want-2 || got > want+2 {
			t.Errorf("facing %d: MoveDist of wheel = %d, want %d", a, got, want)
		}
	}
	from := Base{Front: pt(0, 0), Facing: North, Width: bw, Depth: Paces(40)}
	about := Base{Front: pt(0, 40), Facing: South, Width: bw, Depth: Paces(40)}
	if got, want := MoveDist(from, about), Sub(10555); got != want { // √(160² + 40²) paces
		t.Errorf("MoveDist of about face = %d, want %d", got, want)
	}
}

func TestSwept(t *testing.T) {
	from := Base{Front: pt(0, 0), Facing: North, Width: bw, Depth: Paces(40)}
	to := from.Forward(Paces(100))
	want := Poly{pt(-80, -100), pt(80, -100), pt(80, 40), pt(-80, 40)}
	got := Swept(from, to)
	if !samePoly(got, want) {
		t.Errorf("Swept = %v, want %v", got, want)
	}
	for _, a := range angles() {
		from.Facing = a
		to := Base{Front: from.Front.Add(pt(30, 70)), Facing: a + 700, Width: bw, Depth: Paces(40)}
		s := Swept(from, to)
		if !Convex(s) {
			t.Errorf("facing %d: Swept not convex: %v", a, s)
		}
		for _, c := range append(from.Poly(), to.Poly()...) {
			if !Contains(s, c) {
				t.Errorf("facing %d: Swept %v does not contain %v", a, s, c)
			}
		}
	}
}

// samePoly reports whether p and q list the same corners in the same cyclic
// order.
func samePoly(p, q Poly) bool {
	if len(p) != len(q) {
		return false
	}
	for s := range q {
		same := true
		for i := range p {
			if p[i] != q[(i+s)%len(q)] {
				same = false
				break
			}
		}
		if same {
			return true
		}
	}
	return len(p) == 0
}

// Bounds holds every corner of a base at any facing and size.
func TestBoundsHoldCorners(t *testing.T) {
	for a := Angle(0); a < Turn; a += 37 {
		for _, wd := range [][2]Sub{{Paces(40), Paces(15)}, {Paces(40), Paces(80)}, {Paces(160), Paces(40)}, {1, 1}, {0, 0}} {
			b := Base{Front: pt(1234, -567), Facing: a, Width: wd[0], Depth: wd[1]}
			box := b.Bounds()
			for _, c := range b.Corners() {
				if c.X < box.L || c.X > box.R || c.Y < box.T || c.Y > box.B {
					t.Fatalf("%+v: corner %v outside its bounds %+v", b, c, box)
				}
			}
		}
	}
}

// Swept sorts on the stack; it and SweptIn must give exactly Hull of
// both poses' corners, corner for corner, including for poses that share
// corners.
func TestSweptIsHullOfCorners(t *testing.T) {
	for i := range 400 {
		a := Base{Front: pt(i*7%300, i*13%200), Facing: Angle(i * 97 % 4096), Width: bw, Depth: Paces(15 + i%70)}
		moves := []Base{a, a.Forward(Paces(i % 250)), a.Translate(Point{Sub(i * 31 % 900), -Sub(i * 17 % 700)}),
			Against(a, Edge(i%4), bw, Paces(40)), {Front: a.Front, Facing: a.Facing + Angle(i%600), Width: bw, Depth: a.Depth},
			a.Forward(-Paces(i % 40)), a.Translate(Point{1, 0}), a.Translate(Point{0, -1}), a.Translate(Point{-Sub(i % 5), Sub(i % 3)})}
		for _, b := range moves {
			ca, cb := a.Corners(), b.Corners()
			want := Hull(append(ca[:], cb[:]...))
			if got := Swept(a, b); !slices.Equal(got, want) {
				t.Fatalf("Swept(%+v, %+v) = %v, Hull gives %v", a, b, got, want)
			}
			var buf [9]Point
			if got := SweptIn(&buf, a, b); !slices.Equal(got, want) {
				t.Fatalf("SweptIn(%+v, %+v) = %v, Hull gives %v", a, b, got, want)
			}
		}
	}
}

// Corners works its offsets out from one sine and cosine; it must equal
// the formula it stands for, at every facing.
func TestCornersFromOneLookup(t *testing.T) {
	for a := Angle(-Turn); a < 2*Turn; a++ {
		for _, s := range append(sizes, struct{ w, d Sub }{Paces(160) + 1, Paces(15) + 3}) {
			b := Base{Front: Point{Sub(int(a) * 37), Sub(-int(a) * 11)}, Facing: a, Width: s.w, Depth: s.d}
			half := b.Width / 2
			fl := b.Front.Add(Offset(b.Facing-East, half))
			fr := b.Front.Add(Offset(b.Facing+East, half))
			back := Offset(b.Facing+South, b.Depth)
			if want := [4]Point{fl, fr, fr.Add(back), fl.Add(back)}; b.Corners() != want {
				t.Fatalf("%+v: corners %v, the formula gives %v", b, b.Corners(), want)
			}
		}
	}
}

// frontsApart only rejects front edges that are not flush: slid along
// each other, pushed apart and turned within AngleTol, any pair it calls
// apart has no flush stretch.
func TestFrontsApartOnlyRejectsApart(t *testing.T) {
	flush, rejected := 0, 0
	for i := range 20000 {
		a := Base{Front: pt(i%97*13, i%89*7), Facing: Angle(i * 131 % 4096), Width: bw, Depth: Paces(40)}
		w := []Sub{bw, Paces(80), Paces(120)}[i%3]
		b := Against(a, Front, w, Paces(15+i%60))
		b = b.Translate(Offset(a.Facing+East, Sub(i*53%(2*int(bw)+600)-int(bw)-300)))
		b = b.Translate(Offset(a.Facing, Sub(i*7%48-24)))
		b.Facing += Angle(i%13 - 6)
		l := flushLength(a, Front, b, Front)
		if l > 0 {
			flush++
		}
		if frontsApart(a, b) {
			rejected++
			if l > 0 {
				t.Fatalf("%+v and %+v: fronts called apart, but flush for %d", a, b, l)
			}
		}
	}
	if flush < 1000 || rejected < 1000 {
		t.Fatalf("%d flush, %d rejected: the test proves little", flush, rejected)
	}
}

// Edge gives the corners Corners gives, every edge at every facing.
func TestEdgeIsCorners(t *testing.T) {
	for a := Angle(-Turn); a < 2*Turn; a += 7 {
		b := Base{Front: pt(int(a)%300, int(a)%170), Facing: a, Width: bw + Sub(a%5), Depth: Paces(15 + int(a)%70)}
		c := b.Corners()
		for e := Front; e <= Left; e++ {
			if p, q := b.Edge(e); p != c[e] || q != c[(e+1)%4] {
				t.Fatalf("%+v edge %d is %v–%v; its corners are %v", b, e, p, q, c)
			}
		}
	}
}

// Fronts of one width facing exactly apart: b's front edge is a's offsets
// from b's front centre, swapped, and the tests of a's ends against b's
// edge give what those of b's ends against a's give, as flushLength
// relies on, at every facing, near and far, slid and pushed across.
func TestFlushOppositeFronts(t *testing.T) {
	flush := 0
	for i := range 20000 {
		w := []Sub{bw, Paces(80), Paces(101), Paces(120)}[i%4]
		a := Base{Front: pt(i%97*13, i%89*7), Facing: Angle(i * 131 % 4096), Width: w, Depth: Paces(40)}
		b := Against(a, Front, w, Paces(15+i%60))
		b = b.Translate(Offset(a.Facing+East, Sub(i*53%(2*int(w)+600)-int(w)-300)))
		b = b.Translate(Offset(a.Facing, Sub(i*7%48-24)))
		b.Facing += Angle(i%3-1) * Turn // the same facing, written otherwise
		pa, qa := a.Edge(Front)
		pb, qb := b.Edge(Front)
		if pb != b.Front.Add(qa.Sub(a.Front)) || qb != b.Front.Add(pa.Sub(a.Front)) {
			t.Fatalf("%+v against %+v: front %v–%v, not a's offsets swapped", b, a, pb, qb)
		}
		l, lb := Len(qa.Sub(pa)), Len(qb.Sub(pb))
		if flushEnd(pa, pb, qb, lb) != flushEnd(pb, pa, qa, l) || flushEnd(qa, pb, qb, lb) != flushEnd(qb, pa, qa, l) {
			t.Fatalf("%+v and %+v: the ends' tests differ", a, b)
		}
		if flushLength(a, Front, b, Front) > 0 {
			flush++
		}
	}
	if flush < 1000 {
		t.Fatalf("%d flush: the test proves little", flush)
	}
}
