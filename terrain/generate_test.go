package terrain

import (
	"fmt"
	"slices"
	"testing"
)

// Every one of 1000 seeds gives a layout that passes Check, the same one
// each time, without the fallback; and the layouts vary.
func TestGenerateProperty(t *testing.T) {
	seeds := 1000
	if testing.Short() {
		seeds = 200
	}
	for _, style := range []string{""} {
		distinct := map[string]bool{}
		counts := map[int]int{}
		rivers, roads, attempts := 0, 0, 0
		for seed := range uint64(seeds) {
			fs, n := generate(seed, Options{Style: style})
			if n == 0 {
				t.Errorf("seed %d: every attempt failed; the fallback was used", seed)
			}
			attempts += n
			if probs := Check(fs); len(probs) > 0 {
				t.Errorf("seed %d: %d problems, first: %s", seed, len(probs), probs[0].Describe())
			}
			again := Generate(seed, Options{Style: style})
			if !slices.EqualFunc(fs, again, sameFeature) {
				t.Errorf("seed %d: a second run gave another layout", seed)
			}
			distinct[fmt.Sprint(fs)] = true
			counts[len(fs)]++
			for _, f := range fs {
				rivers += b2i(f.Kind == "river")
				roads += b2i(f.Kind == "road")
			}
		}
		t.Logf("style %q: %d distinct of %d, feature counts %v, %d rivers, %d roads, %.2f attempts a layout",
			style, len(distinct), seeds, counts, rivers, roads, float64(attempts)/float64(seeds))
		if len(distinct) < seeds*99/100 {
			t.Errorf("only %d distinct layouts from %d seeds", len(distinct), seeds)
		}
		if len(counts) < 3 {
			t.Errorf("layouts have only %d different numbers of features", len(counts))
		}
		if rivers < seeds/5 || rivers > seeds*7/10 || roads < seeds/5 {
			t.Errorf("%d rivers and %d roads in %d layouts: not the mix the style asks", rivers, roads, seeds)
		}
	}
}

func sameFeature(a, b Feature) bool {
	return a.Name == b.Name && a.Kind == b.Kind && a.Shape == b.Shape && a.X == b.X && a.Y == b.Y &&
		a.Facing == b.Facing && a.Width == b.Width && a.Depth == b.Depth && slices.Equal(a.Path, b.Path)
}
