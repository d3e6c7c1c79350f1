package geom

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestBoxMeets holds Meets to its definition: the intervals overlap, or
// touch, along both axes.
func TestBoxMeets(t *testing.T) {
	meets := func(a, b Box) bool { return a.L <= b.R && b.L <= a.R && a.T <= b.B && b.T <= a.B }
	rng := rand.New(rand.NewPCG(1, 2))
	// Small coordinates meet, touch and miss often; the extremes of Sub
	// must not overflow.
	coord := func() Sub {
		switch rng.IntN(8) {
		case 0:
			return math.MaxInt32 - Sub(rng.IntN(3))
		case 1:
			return math.MinInt32 + Sub(rng.IntN(3))
		}
		return Sub(rng.IntN(21) - 10)
	}
	for range 200000 {
		a := Box{coord(), coord(), coord(), coord()}
		b := Box{coord(), coord(), coord(), coord()}
		if got, want := a.Meets(b), meets(a, b); got != want {
			t.Fatalf("%v.Meets(%v) = %v, want %v", a, b, got, want)
		}
	}
}
