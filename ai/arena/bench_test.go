package arena

import (
	"slices"
	"testing"
	"time"
)

// thinkBounds is how many bounds of each game BenchmarkThinkBound plays:
// enough for the armies to close and fight, few enough that a run of
// make bench stays short.
const thinkBounds = 40

// BenchmarkThinkBound is the computer's think time per bound on the
// Pelennor (issue 14: p99 ≤ 300 ms native at normal): the computer at
// the level plays both sides of seeded games (seed 1, 2, … one a
// benchmark iteration), and each bound's time is what the side whose
// bound it is spent in Player.Next over the whole bound. It reports the
// median, the 99th percentile and the worst over every bound played.
// Wall-clock on a shared machine: compare runs made back to back.
func BenchmarkThinkBound(b *testing.B) {
	sc := load(b, "pelennor")
	for _, level := range []string{"normal", "hard"} {
		b.Run(level, func(b *testing.B) {
			sp := spec(b, "ai:"+level)
			var times []time.Duration
			for i := range b.N {
				seed := uint64(1 + i)
				out, err := Play(sc, seed, thinkBounds, Players([2]Spec{sp, sp}, seed, [2]string{}))
				if err != nil {
					b.Fatal(err)
				}
				for _, bt := range out.Think {
					if bt.Bound > 0 {
						times = append(times, bt.Time[bt.Mover])
					}
				}
			}
			p50, p99, worst := percentiles(times)
			b.ReportMetric(float64(p50)/1e6, "p50-ms/bound")
			b.ReportMetric(float64(p99)/1e6, "p99-ms/bound")
			b.ReportMetric(float64(worst)/1e6, "max-ms/bound")
			b.ReportMetric(float64(len(times))/float64(b.N), "bounds/op")
		})
	}
}

// percentiles are the median, the 99th percentile (nearest rank) and the
// largest of ts.
func percentiles(ts []time.Duration) (p50, p99, worst time.Duration) {
	if len(ts) == 0 {
		return 0, 0, 0
	}
	s := slices.Sorted(slices.Values(ts))
	rank := func(p int) time.Duration { return s[(len(s)*p+99)/100-1] }
	return rank(50), rank(99), s[len(s)-1]
}

func TestPercentiles(t *testing.T) {
	var ts []time.Duration
	for i := 100; i >= 1; i-- {
		ts = append(ts, time.Duration(i))
	}
	if p50, p99, worst := percentiles(ts); p50 != 50 || p99 != 99 || worst != 100 {
		t.Errorf("1..100: %v %v %v, want 50 99 100", p50, p99, worst)
	}
	if p50, p99, worst := percentiles([]time.Duration{7}); p50 != 7 || p99 != 7 || worst != 7 {
		t.Errorf("one: %v %v %v", p50, p99, worst)
	}
}
