package bot

import "testing"

// BenchmarkPelennorGame times one whole bot game of the Pelennor (up to
// 150 bounds), a fresh seed each iteration; games/s is 1e9 / ns/op.
func BenchmarkPelennorGame(b *testing.B) {
	sc := load(b, "pelennor")
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		if _, err := Play(sc, uint64(i%32)+1, 150); err != nil {
			b.Fatal(err)
		}
	}
}
