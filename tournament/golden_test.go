package tournament

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden pairings (testdata/golden-pairings.txt)")

// goldenEvent plays a fixed event: 11 players of three clubs, a late
// entry and a drop, five Swiss rounds on the 5-2-1-0 preset with results
// drawn from a fixed generator. It returns every round's pairings, the
// lots and the final standings as text.
func goldenEvent(t testing.TB) string {
	tour, err := New(Config{Name: "Golden", Seed: 20261201, Pairing: Swiss, Rounds: 5, Club1: true,
		Scoring: Scoring{Preset: Preset5210}, TieBreaks: []string{HeadToHead, Buchholz, MedianBuchholz, APKilled, GeneralsKilled, StrongholdsTaken, Lots}})
	if err != nil {
		t.Fatal(err)
	}
	clubs := []string{"Minas", "Dol", "Edoras"}
	for i := range 11 {
		tour.AddPlayer(fmt.Sprintf("Player %02d", i+1), clubs[i%3], "")
	}
	rng := splitmix{state: 99}
	var b strings.Builder
	for r := 1; r <= tour.Rounds; r++ {
		switch r {
		case 2:
			tour.AddPlayer("Late comer", "Dol", "")
		case 4:
			tour.Drop(3)
		}
		rd, err := tour.Pair()
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "round %d:", r)
		for _, pr := range rd.Pairings {
			fmt.Fprintf(&b, " %d:%d-%d", pr.Table, pr.A, pr.B)
		}
		fmt.Fprintf(&b, " byes %v\n", rd.Byes)
		for _, pr := range rd.Pairings {
			if err := tour.SetResult(r, pr.Table, 1, randomResult(&rng, tour.AP)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, p := range tour.Players {
		fmt.Fprintf(&b, "lot %d: %d\n", p.ID, lot(tour.Seed, p.ID))
	}
	for _, s := range tour.Standings(0) {
		fmt.Fprintf(&b, "%d %s %d-%d-%d score %d breaks %v\n", s.Rank, s.Player.Name, s.Won, s.Drawn, s.Lost, s.Score, s.Breaks)
	}
	return b.String()
}

// The same seed gives the same pairings, lots and standings on every
// platform (make test runs this under GOARCH=386 too).
func TestGoldenPairings(t *testing.T) {
	got := goldenEvent(t)
	path := filepath.Join("testdata", "golden-pairings.txt")
	if *update {
		os.MkdirAll("testdata", 0o755)
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to write it)", err)
	}
	if got != string(want) {
		t.Fatalf("the event differs from %s:\n%s", path, got)
	}
	if again := goldenEvent(t); again != got {
		t.Fatal("the same event played twice differs")
	}
}
