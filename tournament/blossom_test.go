package tournament

import "testing"

// bruteMin is the least cost of a perfect matching of n vertices (n even)
// by trying them all.
func bruteMin(n int, cost func(i, j int) int64) int64 {
	used := make([]bool, n)
	var rec func() int64
	rec = func() int64 {
		i := 0
		for i < n && used[i] {
			i++
		}
		if i == n {
			return 0
		}
		used[i] = true
		best := int64(-1)
		for j := i + 1; j < n; j++ {
			if used[j] {
				continue
			}
			used[j] = true
			if c := cost(i, j) + rec(); best < 0 || c < best {
				best = c
			}
			used[j] = false
		}
		used[i] = false
		return best
	}
	return rec()
}

// The matching is a perfect matching of least cost on random complete
// graphs (many ties, so many blossoms), checked against every matching.
func TestMatchingAgainstBruteForce(t *testing.T) {
	rng := splitmix{state: 7}
	for trial := range 3000 {
		n := 2 + 2*int(rng.next()%5) // 2..10
		spread := int64(1 + rng.next()%20)
		scale := int64(1)
		if trial%3 == 0 {
			scale = 1 << 50 // weights of the pairing's magnitude
		}
		w := make([][]int64, n)
		for i := range w {
			w[i] = make([]int64, n)
		}
		for i := range n {
			for j := i + 1; j < n; j++ {
				w[i][j] = int64(rng.next() % uint64(spread))
				w[j][i] = w[i][j]
			}
		}
		top := 1000 * scale
		var edges []edge
		for i := range n {
			for j := i + 1; j < n; j++ {
				w[i][j] *= scale
				w[j][i] = w[i][j]
				edges = append(edges, edge{i, j, top - w[i][j]})
			}
		}
		mate := maxWeightMatching(n, edges)
		var got int64
		for i, j := range mate {
			if j < 0 || mate[j] != i {
				t.Fatalf("trial %d: not a perfect matching: %v", trial, mate)
			}
			if i < j {
				got += w[i][j]
			}
		}
		if want := bruteMin(n, func(i, j int) int64 { return w[i][j] }); got != want {
			t.Fatalf("trial %d (n %d): cost %d, the least is %d; weights %v", trial, n, got, want, w)
		}
	}
}

// On a sparse graph with no perfect matching, the matching is of largest
// cardinality before weight: on the path 0–1–2–3 the heavy middle edge
// alone weighs more, but the two light end edges match every vertex.
func TestMatchingLargestCardinality(t *testing.T) {
	edges := []edge{{0, 1, 1}, {1, 2, 100}, {2, 3, 1}}
	mate := maxWeightMatching(4, edges)
	matched := 0
	for _, j := range mate {
		if j >= 0 {
			matched++
		}
	}
	if matched != 4 {
		t.Fatalf("mate %v: %d vertices matched, want 4", mate, matched)
	}
}
