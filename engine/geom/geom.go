// Package geom is the integer fixed-point geometry of the rules engine.
//
// Every rules decision must come out the same on every platform, so nothing
// here uses floating point (DESIGN.md §3.3). Lengths are int32 sub-paces,
// angles are 4096ths of a turn, sines come from a checked-in table, and
// products are taken in int64. Signed division rounds half away from zero
// (DivRound) so that mirror-image positions give mirror-image results.
//
// Coordinates are expected to stay within ±2^29 sub-paces (over 8 million
// paces), far beyond any table; within that range no product overflows.
package geom

import "math/bits"

//go:generate go run gen_sintab.go

// Sub is a length or coordinate in sub-paces.
type Sub int32

// PerPace is the number of sub-paces in one pace; 100 paces make an inch.
const PerPace = 64

// Paces returns p paces in sub-paces.
func Paces(p int) Sub { return Sub(p) * PerPace }

// Paces returns s in whole paces, rounded half away from zero.
func (s Sub) Paces() int { return int(DivRound(int64(s), PerPace)) }

// Point is a position or vector on the table. X grows east and Y grows
// south, as on the screen.
type Point struct{ X, Y Sub }

// Add returns p+q.
func (p Point) Add(q Point) Point { return Point{p.X + q.X, p.Y + q.Y} }

// Sub returns p−q.
func (p Point) Sub(q Point) Point { return Point{p.X - q.X, p.Y - q.Y} }

// Neg returns −p.
func (p Point) Neg() Point { return Point{-p.X, -p.Y} }

// Angle is a compass bearing in 4096ths of a turn: 0 is north (−y), 1024
// east (+x), increasing clockwise on the screen.
type Angle int32

// Compass points.
const (
	Turn  Angle = 4096
	North Angle = 0
	East  Angle = 1024
	South Angle = 2048
	West  Angle = 3072
)

// Norm returns a reduced into [0, Turn).
func (a Angle) Norm() Angle {
	// Turn is a power of two, so masking is a modulo that also works for
	// negative angles (two's complement).
	return a & (Turn - 1)
}

// AngleDiff returns the signed smallest difference a−b, in (−2048, 2048].
func AngleDiff(a, b Angle) Angle {
	d := (a - b).Norm()
	if d > Turn/2 {
		d -= Turn
	}
	return d
}

// One is the scale of Sin and Cos: Sin(East) == One.
const One = 1 << oneShift

const oneShift = 14

// roundOne is DivRound(a, One) by shifts, One being a power of two: a
// base's corners and every Offset divide by it, many times per move.
// |a| must stay below 2^62.
func roundOne(a int64) int64 {
	s := a >> 63     // 0, or −1 if a < 0
	m := (a ^ s) - s // |a|
	// Half away from zero: the rounding of |a|, given a's sign back.
	return ((m+One/2)>>oneShift ^ s) - s
}

// Sin returns the sine of a, scaled by One.
func Sin(a Angle) int32 {
	a = a.Norm()
	r := a & (Turn/4 - 1)
	// Every quadrant reads the same quarter-wave table, so the symmetries
	// Sin(−a) == −Sin(a) and Sin(a+2048) == −Sin(a) hold exactly.
	switch a / (Turn / 4) {
	case 0:
		return sinTab[r]
	case 1:
		return sinTab[Turn/4-r]
	case 2:
		return -sinTab[r]
	default:
		return -sinTab[Turn/4-r]
	}
}

// Cos returns the cosine of a, scaled by One.
func Cos(a Angle) int32 { return Sin(a + Turn/4) }

// Offset returns the vector of the given length along bearing a, each
// component rounded half away from zero.
func Offset(a Angle, length Sub) Point { return Towards(a).Offset(length) }

// Dir is a bearing's sine and cosine, looked up once for many Offsets
// along it.
type Dir struct{ sin, cos int64 }

// Towards returns the direction of bearing a: Dir{Sin(a), Cos(a)}, from
// one look-up of the quadrant (every corner of a base needs both).
func Towards(a Angle) Dir {
	a = a.Norm()
	r := a & (Turn/4 - 1)
	s, c := int64(sinTab[r]), int64(sinTab[Turn/4-r])
	// Cos(a) is Sin(a + Turn/4): the next quadrant's reading of r.
	switch a / (Turn / 4) {
	case 0:
		return Dir{s, c}
	case 1:
		return Dir{c, -s}
	case 2:
		return Dir{-s, -c}
	default:
		return Dir{-c, s}
	}
}

// Offset is Offset(a, length) for d = Towards(a).
func (d Dir) Offset(length Sub) Point {
	l := int64(length)
	return Point{X: Sub(roundOne(l * d.sin)), Y: Sub(-roundOne(l * d.cos))}
}

// DivRound returns a/b rounded half away from zero; b must not be 0.
// Rounding to nearest keeps results within half a unit of the truth;
// breaking ties away from zero (not upward, nor by shifting, which floors)
// keeps DivRound(−a, b) == −DivRound(a, b), so mirror-image positions give
// mirror-image results.
func DivRound(a, b int64) int64 {
	q, r := a/b, a%b
	ar, ab := absU(r), absU(b)
	// 2|r| >= |b|, written so it cannot overflow.
	if ar >= ab-ar {
		if (a < 0) != (b < 0) {
			q--
		} else {
			q++
		}
	}
	return q
}

// absU returns |x| as a uint64, correct even for the most negative int64.
func absU(x int64) uint64 {
	if x < 0 {
		return uint64(-x)
	}
	return uint64(x)
}

// Isqrt returns the floor of the square root of n.
func Isqrt(n uint64) uint64 {
	if n < 2 {
		return n
	}
	// Newton's method from above, in integers: x0 = 2^⌈len/2⌉ exceeds √n,
	// and x ← ⌊(x + ⌊n/x⌋)/2⌋ falls strictly while x > ⌊√n⌋, then stops
	// there. x + n/x < 2^33, so nothing overflows.
	x := uint64(1) << ((bits.Len64(n) + 1) / 2)
	for {
		y := (x + n/x) >> 1
		if y >= x {
			return x
		}
		x = y
	}
}

// norm2 returns the squared length of v; it cannot overflow a uint64.
func norm2(v Point) uint64 {
	x, y := int64(v.X), int64(v.Y)
	return uint64(x*x) + uint64(y*y)
}

// Len returns the length of v, rounded down.
func Len(v Point) Sub {
	// Along an axis the length is exact without a root: the edges of
	// bases facing a compass point, most of them.
	const least = -1 << 31 // whose negation does not fit
	switch {
	case v.X == 0 && v.Y != least:
		return max(v.Y, -v.Y)
	case v.Y == 0 && v.X != least:
		return max(v.X, -v.X)
	}
	return lenOf(norm2(v))
}

// lenOf is the length whose square is n, rounded down and capped.
func lenOf(n uint64) Sub {
	r := Isqrt(n)
	if r > 1<<31-1 {
		// Only vectors between far corners of the int32 range get here.
		return 1<<31 - 1
	}
	return Sub(r)
}

// Bearing returns the compass bearing of v to the nearest unit, North for
// the zero vector. It inverts Offset: Bearing(Offset(a, l)) == a.Norm() for
// lengths l of 14 paces or more (shorter offsets are too coarse).
func Bearing(v Point) Angle {
	x, u := int64(v.X), -int64(v.Y) // u: the northward component
	ax, au := x, u
	if ax < 0 {
		ax = -ax
	}
	if au < 0 {
		au = -au
	}
	// r: the bearing of (|x|, |u|) in the first quadrant, found in the
	// octant nearer north by symmetry. Working on absolute values makes
	// the mirror image of a vector give exactly the negated bearing.
	var r Angle
	if ax <= au {
		r = octant(ax, au)
	} else {
		r = Turn/4 - octant(au, ax)
	}
	switch {
	case x >= 0 && u >= 0:
		return r
	case x >= 0:
		return Turn/2 - r
	case u < 0:
		return Turn/2 + r
	default:
		return (Turn - r).Norm()
	}
}

// octant returns the angle in [0, 512] from north of the vector with east
// component e and north component n, 0 <= e <= n.
func octant(e, n int64) Angle {
	if e == 0 {
		return 0
	}
	// f(i) = n·sin(i) − e·cos(i) is |v|·One·sin(i − θ): it rises through
	// zero at the bearing θ. Find the first table angle where f >= 0.
	f := func(i Angle) int64 { return n*int64(sinTab[i]) - e*int64(sinTab[Turn/4-i]) }
	lo, hi := Angle(0), Turn/8 // f(hi) >= 0 because e <= n
	for lo < hi {
		mid := (lo + hi) / 2
		if f(mid) >= 0 {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	// Nearest of lo−1 and lo: |f| grows with the angular distance.
	if lo > 0 && -f(lo-1) < f(lo) {
		lo--
	}
	return lo
}

// cross returns the z component of a×b.
func cross(a, b Point) int64 {
	return int64(a.X)*int64(b.Y) - int64(a.Y)*int64(b.X)
}

// dot returns a·b.
func dot(a, b Point) int64 {
	return int64(a.X)*int64(b.X) + int64(a.Y)*int64(b.Y)
}

// squareDiv returns floor(c²/d) for d > 0, taking c² in 128 bits. The
// caller ensures the quotient fits in 64 bits. Isqrt of the result is the
// floor of |c|/sqrt(d), exactly.
func squareDiv(c int64, d uint64) uint64 {
	hi, lo := bits.Mul64(absU(c), absU(c))
	q, _ := bits.Div64(hi, lo, d)
	return q
}
