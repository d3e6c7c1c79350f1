package tournament

import (
	"fmt"
	"slices"
	"testing"
)

// Every preset scores a won game, a draw, a level draw and a bye as its
// definition says.
func TestPresets(t *testing.T) {
	won := &Result{Winner: 0, APLost: [2]int{5, 12}, GeneralsLost: [2]int{0, 1}, StrongholdTaken: [2]bool{true, false}}
	drawn := &Result{Winner: Draw, APLost: [2]int{8, 6}}
	level := &Result{Winner: Draw, APLost: [2]int{6, 6}}
	tests := []struct {
		preset                  string
		winner, loser           [2]int // score, second
		draw0, draw1, levelDraw int
		bye                     [2]int
	}{
		{Preset310, [2]int{3, 0}, [2]int{0, 0}, 1, 1, 1, [2]int{3, 0}},
		{Preset510, [2]int{5, 0}, [2]int{0, 0}, 1, 1, 1, [2]int{5, 0}},
		{Preset5210, [2]int{5, 0}, [2]int{0, 0}, 1, 2, 1, [2]int{5, 0}},
		// 24 + 24 − 5 and 5 + 24 − 24; a draw 6 + 24 − 8 and 8 + 24 − 6.
		{PresetBerkeley, [2]int{43, 0}, [2]int{5, 0}, 22, 26, 24, [2]int{48, 0}},
		// 20 + 12 − 5 + 2 + 2; the loser its 5 kills; draws 10 + kills − losses.
		{PresetNASAMW, [2]int{31, 0}, [2]int{5, 0}, 8, 12, 10, [2]int{32, 0}},
		{PresetWLAP, [2]int{2, 16}, [2]int{0, 5}, 1, 1, 1, [2]int{2, 12}},
		{PresetCustom, [2]int{4, 0}, [2]int{1, 0}, 2, 2, 2, [2]int{4, 0}},
	}
	for _, tc := range tests {
		sc := Scoring{Preset: tc.preset}
		if tc.preset == PresetCustom {
			sc = Scoring{Preset: tc.preset, Win: 4, Draw: 2, Loss: 1}
		}
		two := func(v side) [2]int { a, b := sc.points(v, 24); return [2]int{a, b} }
		one := func(v side) int { a, _ := sc.points(v, 24); return a }
		if got := two(sideOf(won, 0)); got != tc.winner {
			t.Errorf("%s: the winner scores %v, want %v", tc.preset, got, tc.winner)
		}
		if got := two(sideOf(won, 1)); got != tc.loser {
			t.Errorf("%s: the loser scores %v, want %v", tc.preset, got, tc.loser)
		}
		if a, b := one(sideOf(drawn, 0)), one(sideOf(drawn, 1)); a != tc.draw0 || b != tc.draw1 {
			t.Errorf("%s: the draw scores %d and %d, want %d and %d", tc.preset, a, b, tc.draw0, tc.draw1)
		}
		if got := one(sideOf(level, 0)); got != tc.levelDraw || got != one(sideOf(level, 1)) {
			t.Errorf("%s: a level draw scores %d (and %d), want %d each", tc.preset, got, one(sideOf(level, 1)), tc.levelDraw)
		}
		if got := two(byeSide(24)); got != tc.bye {
			t.Errorf("%s: a bye scores %v, want %v", tc.preset, got, tc.bye)
		}
		if tc.preset == PresetBerkeley {
			for _, r := range []*Result{won, drawn, level} {
				if s := one(sideOf(r, 0)) + one(sideOf(r, 1)); s != 48 {
					t.Errorf("berkeley: a game sums to %d, not 48", s)
				}
			}
		}
	}
}

// fixture is four players' three rounds, every one meeting every other:
//
//	R1 A beats B (B loses 12 AP, A 4); C and D draw (C loses 6, D 8)
//	R2 C beats A (A 12 and its general, C 2); B beats D (D 14, B 0, B takes the stronghold)
//	R3 A and D draw (A 3, D 5); B beats C (C 12, B 6)
//
// Scores (3/1/0): A 4, B 6, C 4, D 2. AP killed: A 19, B 30, C 26, D 9.
func fixture(t *testing.T, tieBreaks []string) *Tournament {
	t.Helper()
	tour, err := New(Config{Name: "Fixture", Seed: 5, Pairing: Swiss, Rounds: 3, Scoring: Scoring{Preset: Preset310}, TieBreaks: tieBreaks})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"A", "B", "C", "D"} {
		tour.AddPlayer(n, "", "")
	}
	games := [][]struct {
		a, b, winner int
		lost, gen    [2]int
		taken        [2]bool
	}{
		{{1, 2, 0, [2]int{4, 12}, [2]int{}, [2]bool{}}, {3, 4, Draw, [2]int{6, 8}, [2]int{}, [2]bool{}}},
		{{1, 3, 1, [2]int{12, 2}, [2]int{1, 0}, [2]bool{}}, {2, 4, 0, [2]int{0, 14}, [2]int{}, [2]bool{true, false}}},
		{{1, 4, Draw, [2]int{3, 5}, [2]int{}, [2]bool{}}, {2, 3, 0, [2]int{6, 12}, [2]int{}, [2]bool{}}},
	}
	for r, rg := range games {
		rd := Round{Number: r + 1}
		for i, g := range rg {
			res := &Result{Winner: g.winner, APLost: g.lost, GeneralsLost: g.gen, StrongholdTaken: g.taken, Source: ByHand}
			rd.Pairings = append(rd.Pairings, Pairing{Table: i + 1, A: g.a, B: g.b, Results: []*Result{res}})
		}
		tour.Schedule = append(tour.Schedule, rd)
	}
	if err := tour.Validate(); err != nil {
		t.Fatal(err)
	}
	return tour
}

func order(st []Standing) string {
	s := ""
	for _, x := range st {
		s += fmt.Sprintf("%d%s:%s ", x.Rank, map[bool]string{true: "=", false: ""}[x.Shared], x.Player.Name)
	}
	return s
}

// The tie-breaks' values, and the order they give in the organiser's order.
func TestTieBreaks(t *testing.T) {
	all := []string{Buchholz, MedianBuchholz, HeadToHead, APKilled, GeneralsKilled, StrongholdsTaken}
	st := fixture(t, all).Standings(0)
	want := map[string][]int64{ // per tie-break of all, except head-to-head (only of a group)
		"A": {12, 4, 0, 19, 0, 0},
		"B": {10, 4, 0, 30, 0, 1},
		"C": {12, 4, 3, 26, 1, 0},
		"D": {14, 4, 0, 9, 0, 0},
	}
	scores := map[string]int{"A": 4, "B": 6, "C": 4, "D": 2}
	for _, s := range st {
		w := want[s.Player.Name]
		if s.Player.Name == "B" || s.Player.Name == "D" {
			w[2] = s.Breaks[2] // not level with anyone: head-to-head not needed
		}
		if !slices.Equal(s.Breaks, w) || s.Score != scores[s.Player.Name] {
			t.Errorf("%s: score %d, tie-breaks %v, want %d and %v", s.Player.Name, s.Score, s.Breaks, scores[s.Player.Name], w)
		}
	}
	if got, want := order(st), "1:B 2:C 3:A 4:D "; got != want {
		t.Errorf("order %q, want %q", got, want)
	}
	if got, want := order(fixture(t, []string{}).Standings(0)), "1:B 2=:"; got[:len(want)] != want {
		t.Errorf("without tie-breaks A and C share 2nd: %q", got)
	}
	if got := order(fixture(t, []string{Lots}).Standings(0)); got != "1:B 2:A 3:C 4:D " && got != "1:B 2:C 3:A 4:D " {
		t.Errorf("lots separate A and C: %q", got)
	}
	// Correcting round 1 (B beat A after all) reorders what follows.
	tour := fixture(t, all)
	if err := tour.SetResult(1, 1, 1, Result{Winner: 1, APLost: [2]int{12, 4}, Source: ByHand}); err != nil {
		t.Fatal(err)
	}
	if got, want := order(tour.Standings(0)), "1:B 2:C 3:D 4:A "; got != want {
		t.Errorf("after the correction: %q, want %q", got, want)
	}
	// Standings after round 1 only: C and D level on 1, C killed more.
	if got, want := order(fixture(t, all).Standings(1)), "1:A 2:C 3:D 4:B "; got != want {
		t.Errorf("after round 1: %q", got)
	}
}
