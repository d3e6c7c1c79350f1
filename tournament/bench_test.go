package tournament

import (
	"fmt"
	"testing"
)

// Pairing round 7 of a 128-player Swiss (goal: at most 50 ms).
func BenchmarkPair128Round7(b *testing.B) {
	tour, err := New(Config{Name: "Big", Seed: 7, Pairing: Swiss, Rounds: 7, Scoring: Scoring{Preset: PresetBerkeley}})
	if err != nil {
		b.Fatal(err)
	}
	for i := range 128 {
		tour.AddPlayer(fmt.Sprint("P", i+1), fmt.Sprint("club ", i%20), "")
	}
	rng := splitmix{state: 1}
	for r := 1; r <= 6; r++ {
		rd, err := tour.Pair()
		if err != nil {
			b.Fatal(err)
		}
		for _, pr := range rd.Pairings {
			tour.SetResult(r, pr.Table, 1, randomResult(&rng, tour.AP))
		}
	}
	if _, err := tour.Pair(); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := tour.Repair(); err != nil {
			b.Fatal(err)
		}
	}
}

// The exact weights hold for 256 players on the widest scores (Berkeley)
// in round 8, with no rematch.
func TestPairLargeEvent(t *testing.T) {
	if testing.Short() {
		t.Skip("pairs 8 rounds of 256 players")
	}
	tour, _ := New(Config{Name: "Huge", Seed: 8, Pairing: Swiss, Rounds: 8, Scoring: Scoring{Preset: PresetBerkeley}})
	for i := range 256 {
		tour.AddPlayer(fmt.Sprint("P", i+1), "", "")
	}
	rng := splitmix{state: 3}
	for r := 1; r <= 8; r++ {
		met, _ := tour.history(r)
		rd, err := tour.Pair()
		if err != nil {
			t.Fatalf("round %d: %v", r, err)
		}
		for _, pr := range rd.Pairings {
			if met[key(pr.A, pr.B)] > 0 {
				t.Fatalf("round %d: a rematch among 256 players", r)
			}
			tour.SetResult(r, pr.Table, 1, randomResult(&rng, tour.AP))
		}
	}
}
