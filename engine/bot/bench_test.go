package bot

import "testing"

// BenchmarkPelennorGame times one whole bot game of the Pelennor (up to
// 150 bounds), seeds 1 to 32 in turn.
func BenchmarkPelennorGame(b *testing.B) {
	sc := load(b, "pelennor")
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		if _, err := Play(sc, uint64(i%32)+1, 150); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}
