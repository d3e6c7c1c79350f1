package tournament

import (
	"bytes"
	"testing"
)

// No file, however damaged, makes the package panic: a file Parse
// accepts can be ranked, exported, paired and written back.
func FuzzParse(f *testing.F) {
	good, _ := goldenTournament(f).Marshal()
	f.Add(good)
	f.Add([]byte(`{"format": 1}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		tour, err := Parse("fuzz.json", data)
		if err != nil {
			return
		}
		tour.Standings(0)
		var b bytes.Buffer
		tour.StandingsCSV(&b, 0)
		for r := 1; r <= len(tour.Schedule); r++ {
			tour.RoundCSV(&b, r)
			tour.PairingsHTML(&b, r)
		}
		tour.Pair()
		if _, err := tour.Marshal(); err != nil {
			t.Fatalf("a tournament read and paired no longer validates: %v", err)
		}
	})
}

// goldenTournament is a small played event for seeds.
func goldenTournament(t testing.TB) *Tournament {
	tour, _ := New(Config{Name: "Seed", Seed: 4, Pairing: Swiss, Rounds: 3, Scoring: Scoring{Preset: Preset5210}})
	for _, n := range []string{"A", "B", "C", "D", "E"} {
		tour.AddPlayer(n, "club", "")
	}
	for r := 1; r <= 2; r++ {
		rd, err := tour.Pair()
		if err != nil {
			t.Fatal(err)
		}
		for _, pr := range rd.Pairings {
			tour.SetResult(r, pr.Table, 1, win(r%2))
		}
	}
	return tour
}
