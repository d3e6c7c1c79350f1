package tournament

import (
	"encoding/csv"
	"slices"
	"strings"
	"testing"
)

func readCSV(t *testing.T, text string) [][]string {
	t.Helper()
	rows, err := csv.NewReader(strings.NewReader(text)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// The standings CSV has the rank, player, club, army, W-D-L, score, each
// tie-break in the organiser's order and the bonus.
func TestStandingsCSV(t *testing.T) {
	tour := fixture(t, []string{APKilled, Buchholz})
	tour.Players[0].Club, tour.Players[0].Army, tour.Players[0].Bonus = "Minas", "Gondor", 2
	var b strings.Builder
	if err := tour.StandingsCSV(&b, 0); err != nil {
		t.Fatal(err)
	}
	rows := readCSV(t, b.String())
	want := [][]string{
		{"Rank", "Player", "Club", "Army", "W-D-L", "Score", "AP killed", "Buchholz", "Bonus"},
		{"1", "B", "", "", "2-0-1", "6", "30", "10", "0"},
		{"2", "C", "", "", "1-1-1", "4", "26", "12", "0"},
		{"3", "A", "Minas", "Gondor", "1-1-1", "4", "19", "12", "2"},
		{"4", "D", "", "", "0-2-1", "2", "9", "14", "0"},
	}
	if !slices.EqualFunc(rows, want, slices.Equal) {
		t.Fatalf("standings CSV:\n%v\nwant\n%v", rows, want)
	}
}

// The round CSV gives each game's values for player A then B.
func TestRoundCSV(t *testing.T) {
	tour := fixture(t, nil)
	var b strings.Builder
	if err := tour.RoundCSV(&b, 2); err != nil {
		t.Fatal(err)
	}
	rows := readCSV(t, b.String())
	want := []string{"2", "1", "B", "D", "0", "B won", "0", "14", "0", "0", "B", "0", "no", "hand"}
	if len(rows) != 3 || !slices.Equal(rows[2], want) {
		t.Fatalf("round 2 CSV: %v, want row %v", rows, want)
	}
	if err := tour.RoundCSV(&b, 4); err == nil {
		t.Fatal("round 4 of 3 exported")
	}
}

// The printable pages escape what the players typed.
func TestHTMLEscapes(t *testing.T) {
	tour := fixture(t, nil)
	tour.Players[0].Name = `<script>alert("A")</script>`
	var b strings.Builder
	if err := tour.StandingsHTML(&b, 0); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "<script>") || !strings.Contains(b.String(), "&lt;script&gt;") {
		t.Fatalf("the name is not escaped:\n%s", b.String())
	}
	b.Reset()
	if err := tour.PairingsHTML(&b, 3); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "Fixture: round 3 pairings") || strings.Count(b.String(), "<tr>") != 3 {
		t.Fatalf("pairings page:\n%s", b.String())
	}
}

// The standings page's title says which rounds it counts: none yet, a
// round still being played, or the rounds finished.
func TestStandingsHTMLTitle(t *testing.T) {
	tour := fixture(t, nil)
	tour.Schedule[2].Pairings[1].Results[0] = nil // round 3 still being played
	for _, tc := range []struct {
		upTo int
		want string
	}{
		{0, "Fixture: standings during round 3"},
		{2, "Fixture: standings after round 2"},
		{3, "Fixture: standings during round 3"},
	} {
		var b strings.Builder
		if err := tour.StandingsHTML(&b, tc.upTo); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), "<h1>"+tc.want+"</h1>") {
			t.Errorf("up to %d: want the title %q:\n%s", tc.upTo, tc.want, b.String())
		}
	}
	empty := newSwiss(t, 3, "A", "B")
	var b strings.Builder
	if err := empty.StandingsHTML(&b, 0); err != nil || !strings.Contains(b.String(), "<h1>Test: standings before round 1</h1>") {
		t.Errorf("before round 1: %v\n%s", err, b.String())
	}
}
