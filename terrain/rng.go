package terrain

import "math/rand/v2"

// rng draws the generator's numbers from math/rand/v2's PCG, reduced by
// this file's own arithmetic (as engine/dice does), so a seed gives the
// same layout on every platform and Go release: PCG is a fixed algorithm,
// Rand's derived methods are not promised to be.
type rng struct{ pcg rand.PCG }

// pcgStream is the fixed second word of the seed ("terrain!" in ASCII).
const pcgStream uint64 = 0x7465727261696e21

func newRNG(seed uint64) *rng { return &rng{pcg: *rand.NewPCG(seed, pcgStream)} }

// intn returns a uniform integer in [0, n); n must be positive.
func (r *rng) intn(n int) int {
	u := uint64(n)
	limit := ^uint64(0) - ^uint64(0)%u // a multiple of n: no bias
	for {
		if v := r.pcg.Uint64(); v < limit {
			return int(v % u)
		}
	}
}

// between returns a uniform integer in [lo, hi].
func (r *rng) between(lo, hi int) int {
	if hi <= lo {
		return lo
	}
	return lo + r.intn(hi-lo+1)
}

// percent reports true with chance p in 100.
func (r *rng) percent(p int) bool { return r.intn(100) < p }

// pick returns an index chosen by weight; weights must not all be zero.
func (r *rng) pick(weights []int) int {
	total := 0
	for _, w := range weights {
		total += w
	}
	v := r.intn(total)
	for i, w := range weights {
		if v < w {
			return i
		}
		v -= w
	}
	return len(weights) - 1
}
