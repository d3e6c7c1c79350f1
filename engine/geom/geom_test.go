package geom

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"
)

func TestPaces(t *testing.T) {
	tests := []struct {
		s    Sub
		want int
	}{
		{0, 0}, {31, 0}, {32, 1}, {33, 1}, {64, 1}, {95, 1}, {96, 2},
		{-31, 0}, {-32, -1}, {-96, -2}, {Paces(160), 160}, {Paces(-7), -7},
	}
	for _, tt := range tests {
		if got := tt.s.Paces(); got != tt.want {
			t.Errorf("Sub(%d).Paces() = %d, want %d", tt.s, got, tt.want)
		}
	}
	if got := Paces(3); got != 192 {
		t.Errorf("Paces(3) = %d, want 192", got)
	}
}

func TestPointOps(t *testing.T) {
	p, q := Point{3, -4}, Point{-10, 20}
	if got := p.Add(q); got != (Point{-7, 16}) {
		t.Errorf("Add = %v", got)
	}
	if got := p.Sub(q); got != (Point{13, -24}) {
		t.Errorf("Sub = %v", got)
	}
	if got := p.Neg(); got != (Point{-3, 4}) {
		t.Errorf("Neg = %v", got)
	}
}

func TestNorm(t *testing.T) {
	tests := []struct{ a, want Angle }{
		{0, 0}, {1, 1}, {4095, 4095}, {4096, 0}, {4097, 1}, {-1, 4095},
		{-4096, 0}, {-4097, 4095}, {3 * 4096, 0}, {math.MinInt32, 0}, {math.MaxInt32, 4095},
	}
	for _, tt := range tests {
		if got := tt.a.Norm(); got != tt.want {
			t.Errorf("Angle(%d).Norm() = %d, want %d", tt.a, got, tt.want)
		}
	}
}

func TestAngleDiff(t *testing.T) {
	tests := []struct{ a, b, want Angle }{
		{0, 0, 0}, {10, 0, 10}, {0, 10, -10}, {4090, 10, -16}, {10, 4090, 16},
		{2048, 0, 2048}, {0, 2048, 2048}, {2049, 0, -2047}, {2047, 0, 2047},
		{-5, 5, -10}, {East, West, 2048}, {North, West, East},
	}
	for _, tt := range tests {
		if got := AngleDiff(tt.a, tt.b); got != tt.want {
			t.Errorf("AngleDiff(%d, %d) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestSinTable(t *testing.T) {
	for a := Angle(0); a < Turn; a++ {
		rad := float64(a) * 2 * math.Pi / float64(Turn)
		if got, want := float64(Sin(a)), math.Sin(rad)*One; math.Abs(got-want) > 1 {
			t.Errorf("Sin(%d) = %v, want %v ± 1", a, got, want)
		}
		if got, want := float64(Cos(a)), math.Cos(rad)*One; math.Abs(got-want) > 1 {
			t.Errorf("Cos(%d) = %v, want %v ± 1", a, got, want)
		}
	}
	for a := -2 * Turn; a <= 2*Turn; a++ {
		if Sin(a+East) != Cos(a) {
			t.Errorf("Sin(%d+1024) = %d, Cos = %d", a, Sin(a+East), Cos(a))
		}
		if Sin(-a) != -Sin(a) {
			t.Errorf("Sin(-%d) = %d, -Sin = %d", a, Sin(-a), -Sin(a))
		}
		if Cos(a+South) != -Cos(a) {
			t.Errorf("Cos(%d+2048) = %d, -Cos = %d", a, Cos(a+South), -Cos(a))
		}
		if Sin(a+Turn) != Sin(a) {
			t.Errorf("Sin(%d+Turn) != Sin", a)
		}
	}
	cardinal := []struct {
		a        Angle
		sin, cos int32
	}{{North, 0, One}, {East, One, 0}, {South, 0, -One}, {West, -One, 0}}
	for _, c := range cardinal {
		if Sin(c.a) != c.sin || Cos(c.a) != c.cos {
			t.Errorf("Sin, Cos(%d) = %d, %d, want %d, %d", c.a, Sin(c.a), Cos(c.a), c.sin, c.cos)
		}
	}
}

func TestDivRound(t *testing.T) {
	tests := []struct{ a, b, want int64 }{
		{0, 5, 0}, {1, 2, 1}, {-1, 2, -1}, {1, -2, -1}, {-1, -2, 1},
		{3, 2, 2}, {5, 2, 3}, {7, 3, 2}, {8, 3, 3}, {-7, 3, -2}, {-8, 3, -3},
		{4, 4, 1}, {1, 3, 0}, {-1, 3, 0}, {10, 4, 3}, {-10, 4, -3},
		{math.MaxInt64, 1, math.MaxInt64}, {math.MinInt64, 1, math.MinInt64},
		{math.MaxInt64, 2, 1 << 62}, {math.MinInt64, 2, -(1 << 62)},
		{math.MaxInt64, math.MaxInt64, 1}, {math.MinInt64, math.MaxInt64, -1},
		{math.MaxInt64 / 2, math.MaxInt64, 0}, {math.MaxInt64/2 + 1, math.MaxInt64, 1},
		{1, math.MinInt64, 0}, {math.MinInt64 / 2, math.MinInt64, 1},
	}
	for _, tt := range tests {
		if got := DivRound(tt.a, tt.b); got != tt.want {
			t.Errorf("DivRound(%d, %d) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
	for a := int64(-2000); a <= 2000; a++ {
		for b := int64(1); b <= 70; b++ {
			got := DivRound(a, b)
			if want := int64(math.Round(float64(a) / float64(b))); got != want {
				t.Fatalf("DivRound(%d, %d) = %d, want %d", a, b, got, want)
			}
			if DivRound(-a, b) != -got || DivRound(a, -b) != -got || DivRound(-a, -b) != got {
				t.Fatalf("DivRound(±%d, ±%d) not symmetric", a, b)
			}
		}
	}
}

// checkIsqrt checks r*r <= n < (r+1)*(r+1) in 128-bit arithmetic.
func checkIsqrt(t *testing.T, n uint64) {
	t.Helper()
	r := Isqrt(n)
	hi, lo := bits.Mul64(r, r)
	if hi != 0 || lo > n {
		t.Fatalf("Isqrt(%d) = %d: square exceeds n", n, r)
	}
	hi, lo = bits.Mul64(r+1, r+1)
	if hi == 0 && lo <= n {
		t.Fatalf("Isqrt(%d) = %d: too small", n, r)
	}
}

func TestIsqrt(t *testing.T) {
	tests := []struct{ n, want uint64 }{
		{0, 0}, {1, 1}, {2, 1}, {3, 1}, {4, 2}, {8, 2}, {9, 3}, {99, 9}, {100, 10},
		{1<<62 - 1, 1<<31 - 1}, {1 << 62, 1 << 31},
		{math.MaxUint64, 1<<32 - 1}, {(1<<32 - 1) * (1<<32 - 1), 1<<32 - 1},
		{(1<<32-1)*(1<<32-1) - 1, 1<<32 - 2},
	}
	for _, tt := range tests {
		if got := Isqrt(tt.n); got != tt.want {
			t.Errorf("Isqrt(%d) = %d, want %d", tt.n, got, tt.want)
		}
	}
	for n := uint64(0); n < 100000; n++ {
		checkIsqrt(t, n)
	}
	for n := uint64(math.MaxUint64); n > math.MaxUint64-100000; n-- {
		checkIsqrt(t, n)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		n := r.Uint64() >> r.UintN(64)
		checkIsqrt(t, n)
		s := n >> 32 // around perfect squares
		checkIsqrt(t, s*s)
		checkIsqrt(t, s*s-1)
		checkIsqrt(t, s*s+1)
	}
}

func FuzzIsqrt(f *testing.F) {
	for _, n := range []uint64{0, 1, 2, 3, 4, 15, 16, 17, 1 << 32, 1<<62 - 1, 1 << 62,
		(1<<32 - 1) * (1<<32 - 1), math.MaxUint64 - 1, math.MaxUint64} {
		f.Add(n)
	}
	f.Fuzz(func(t *testing.T, n uint64) {
		checkIsqrt(t, n)
	})
}

func TestLen(t *testing.T) {
	tests := []struct {
		v    Point
		want Sub
	}{
		{Point{}, 0}, {Point{3, 4}, 5}, {Point{-3, -4}, 5}, {Point{1, 1}, 1},
		{Point{Paces(100), 0}, Paces(100)}, {Point{0, -Paces(100)}, Paces(100)},
		{Point{Paces(160), Paces(40)}, 10555}, // √(10240²+2560²) = 10555.1
		{Point{math.MaxInt32, math.MaxInt32}, math.MaxInt32},
		{Point{math.MinInt32, 0}, math.MaxInt32},
	}
	for _, tt := range tests {
		if got := Len(tt.v); got != tt.want {
			t.Errorf("Len(%v) = %d, want %d", tt.v, got, tt.want)
		}
	}
	// Along the axes Len takes no root: it must still be the root's.
	for _, a := range []Sub{0, 1, 2, 7, Paces(160), 1 << 20, math.MaxInt32 - 1, math.MaxInt32, math.MinInt32 + 1, math.MinInt32, -1, -Paces(60)} {
		for _, v := range []Point{{a, 0}, {0, a}} {
			if got, want := Len(v), lenOf(norm2(v)); got != want {
				t.Errorf("Len(%v) = %d, the root gives %d", v, got, want)
			}
		}
	}
}

func TestOffset(t *testing.T) {
	l := Paces(80)
	tests := []struct {
		a    Angle
		want Point
	}{
		{North, Point{0, -l}}, {East, Point{l, 0}}, {South, Point{0, l}}, {West, Point{-l, 0}},
		{Turn + East, Point{l, 0}}, {-East, Point{-l, 0}},
		{512, Point{3620, -3620}}, // 5120 × 11585 / 16384 = 3620.3
	}
	for _, tt := range tests {
		if got := Offset(tt.a, l); got != tt.want {
			t.Errorf("Offset(%d, %d) = %v, want %v", tt.a, l, got, tt.want)
		}
	}
	for a := Angle(0); a < Turn; a++ {
		for _, l := range []Sub{1, 7, 33, Paces(1), Paces(40), Paces(160), -Paces(55)} {
			o := Offset(a, l)
			if m := Offset(-a, l); m != (Point{-o.X, o.Y}) {
				t.Fatalf("Offset(-%d, %d) = %v, not the mirror of %v", a, l, m, o)
			}
			if r := Offset(a+South, l); r != o.Neg() {
				t.Fatalf("Offset(%d+2048, %d) = %v, not -%v", a, l, r, o)
			}
			if r := Offset(a, -l); r != o.Neg() {
				t.Fatalf("Offset(%d, -%d) = %v, not -%v", a, l, r, o)
			}
			rad := float64(a) * 2 * math.Pi / float64(Turn)
			x, y := float64(l)*math.Sin(rad), -float64(l)*math.Cos(rad)
			// Table rounding (±1/One of l) plus result rounding (½).
			tol := 0.5 + math.Abs(float64(l))/One + 1e-9
			if math.Abs(float64(o.X)-x) > tol || math.Abs(float64(o.Y)-y) > tol {
				t.Fatalf("Offset(%d, %d) = %v, want (%.2f, %.2f)", a, l, o, x, y)
			}
		}
	}
}

func TestBearing(t *testing.T) {
	tests := []struct {
		v    Point
		want Angle
	}{
		{Point{}, North}, {Point{0, -1}, North}, {Point{1, 0}, East}, {Point{0, 1}, South},
		{Point{-1, 0}, West}, {Point{5, -5}, 512}, {Point{5, 5}, 1536}, {Point{-5, 5}, 2560},
		{Point{-5, -5}, 3584}, {Point{math.MinInt32, 0}, West}, {Point{0, math.MinInt32}, North},
		{Point{math.MaxInt32, math.MinInt32}, 512}, {Point{math.MinInt32, math.MaxInt32}, 2560},
	}
	for _, tt := range tests {
		if got := Bearing(tt.v); got != tt.want {
			t.Errorf("Bearing(%v) = %d, want %d", tt.v, got, tt.want)
		}
	}
	// Round trip through Offset for lengths from 14 paces up.
	for a := Angle(0); a < Turn; a++ {
		for _, l := range []Sub{Paces(14), Paces(20), Paces(80), Paces(160), Paces(1000), Paces(100000)} {
			if got := Bearing(Offset(a, l)); got != a {
				t.Fatalf("Bearing(Offset(%d, %d)) = %d", a, l, got)
			}
			if got := Bearing(Offset(a-Turn, l)); got != a {
				t.Fatalf("Bearing(Offset(%d, %d)) = %d", a-Turn, l, got)
			}
		}
	}
	// Against atan2, and mirror images.
	r := rand.New(rand.NewPCG(3, 4))
	for range 100000 {
		v := Point{Sub(r.Int32N(1<<20) - 1<<19), Sub(r.Int32N(1<<20) - 1<<19)}
		if r.IntN(4) == 0 {
			v.X >>= r.UintN(20) // some near the axes
		}
		got := Bearing(v)
		want := math.Atan2(float64(v.X), -float64(v.Y)) * float64(Turn) / (2 * math.Pi)
		if d := math.Abs(math.Remainder(float64(got)-want, float64(Turn))); d > 0.5+0.05 {
			t.Fatalf("Bearing(%v) = %d, want %.3f", v, got, want)
		}
		if m := Bearing(Point{-v.X, v.Y}); m != (-got).Norm() {
			t.Fatalf("Bearing of the mirror of %v = %d, want %d", v, m, (-got).Norm())
		}
		if m := Bearing(Point{v.X, -v.Y}); m != (South - got).Norm() {
			t.Fatalf("Bearing of the flip of %v = %d, want %d", v, m, (South - got).Norm())
		}
		if got < 0 || got >= Turn {
			t.Fatalf("Bearing(%v) = %d, out of range", v, got)
		}
	}
}

func TestRoundOne(t *testing.T) {
	check := func(a int64) {
		if got, want := roundOne(a), DivRound(a, One); got != want {
			t.Fatalf("roundOne(%d) = %d, DivRound = %d", a, got, want)
		}
	}
	// Every remainder about zero and about large values, both signs;
	// the halves (…8192) are the ties broken away from zero.
	for _, c := range []int64{0, 1 << 20, 1 << 40, 1<<62 - 2*One} {
		for d := int64(-3 * One); d <= 3*One; d++ {
			check(c + d)
			check(-c + d)
		}
	}
	for _, a := range []int64{1<<62 - 1, -(1<<62 - 1), One / 2, -One / 2, One/2 - 1, -(One/2 - 1)} {
		check(a)
	}
}

func TestTowardsIsSinCos(t *testing.T) {
	for a := -2 * Turn; a <= 2*Turn; a++ {
		if got, want := Towards(a), (Dir{int64(Sin(a)), int64(Cos(a))}); got != want {
			t.Fatalf("Towards(%d) = %v, want %v", a, got, want)
		}
	}
}
