package tournament

import (
	"fmt"
	"testing"
)

// A round robin of 2 to 9 players: every two players meet exactly once,
// and with an odd count each has exactly one bye.
func TestRoundRobin(t *testing.T) {
	for n := 2; n <= 9; n++ {
		tour, err := New(Config{Name: "RR", Seed: uint64(n), Pairing: RoundRobin, Scoring: Scoring{Preset: Preset310}})
		if err != nil {
			t.Fatal(err)
		}
		for i := range n {
			tour.AddPlayer(fmt.Sprint("P", i+1), "", "")
		}
		met := map[[2]int]int{}
		byes := map[int]int{}
		for r := 1; r <= tour.LastRound(); r++ {
			rd, err := tour.Pair()
			if err != nil {
				t.Fatalf("%d players, round %d: %v", n, r, err)
			}
			for _, pr := range rd.Pairings {
				met[key(pr.A, pr.B)]++
				tour.SetResult(r, pr.Table, 1, win(int(pr.A+pr.B)%2))
			}
			for _, id := range rd.Byes {
				byes[id]++
			}
		}
		if _, err := tour.Pair(); err == nil {
			t.Errorf("%d players: a round past the last was paired", n)
		}
		if len(met) != n*(n-1)/2 {
			t.Errorf("%d players: %d pairs met, want %d", n, len(met), n*(n-1)/2)
		}
		for k, c := range met {
			if c != 1 {
				t.Errorf("%d players: %v met %d times", n, k, c)
			}
		}
		for id := 1; id <= n; id++ {
			if byes[id] != n%2 {
				t.Errorf("%d players: player %d had %d byes", n, id, byes[id])
			}
		}
		if _, err := tour.AddPlayer("Late", "", ""); err == nil {
			t.Errorf("a round robin took a late entry")
		}
	}
}

// A player who leaves a round robin gives each later opponent a bye.
func TestRoundRobinDrop(t *testing.T) {
	tour, _ := New(Config{Name: "RR", Seed: 9, Pairing: RoundRobin, Scoring: Scoring{Preset: Preset310}})
	for i := range 4 {
		tour.AddPlayer(fmt.Sprint("P", i+1), "", "")
	}
	rd, _ := tour.Pair()
	for _, pr := range rd.Pairings {
		tour.SetResult(1, pr.Table, 1, win(0))
	}
	tour.Drop(1)
	for r := 2; r <= 3; r++ {
		rd, err := tour.Pair()
		if err != nil {
			t.Fatal(err)
		}
		if len(rd.Pairings) != 1 || len(rd.Byes) != 1 || rd.has(1) {
			t.Fatalf("round %d after P1 left: %v", r, tour.names(rd))
		}
		for _, pr := range rd.Pairings {
			tour.SetResult(r, pr.Table, 1, win(0))
		}
	}
}

// A scenario duel plays each pairing twice, the sides swapped: a player
// winning as side 0 both times has one win and one loss.
func TestDuel(t *testing.T) {
	tour, err := New(Config{Name: "Duel", Seed: 2, Pairing: Swiss, Rounds: 2, Games: 2, Scenario: "pelennor", Scoring: Scoring{Preset: Preset310}})
	if err != nil {
		t.Fatal(err)
	}
	tour.AddPlayer("A", "", "Gondor")
	tour.AddPlayer("B", "", "Mordor")
	rd, _ := tour.Pair()
	if len(rd.Pairings[0].Results) != 2 {
		t.Fatalf("a duel pairing has %d games", len(rd.Pairings[0].Results))
	}
	tour.SetResult(1, 1, 1, win(0))
	if _, err := tour.Pair(); err == nil {
		t.Fatal("round 2 paired with the duel's second game unplayed")
	}
	tour.SetResult(1, 1, 2, win(0))
	for _, s := range tour.Standings(0) {
		if s.Won != 1 || s.Lost != 1 || s.Score != 3 || len(s.Opps) != 1 {
			t.Errorf("%s: %d-%d-%d, score %d, opponents %v", s.Player.Name, s.Won, s.Drawn, s.Lost, s.Score, s.Opps)
		}
	}
}
