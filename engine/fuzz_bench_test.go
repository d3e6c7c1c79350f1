package engine

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkFuzzApplyBody times FuzzApply's body on a fixed set of
// pseudo-random inputs, one input an op: the fuzzer's executions per
// second are bounded by it (make bench).
func BenchmarkFuzzApplyBody(b *testing.B) {
	rng := rand.New(rand.NewPCG(20261201, 10))
	inputs := make([][]byte, 64)
	for i := range inputs {
		inputs[i] = fzRandomInput(rng)
	}
	sharedFuzzScenario(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		fuzzGame(b, inputs[i%len(inputs)])
	}
}
