package tournament

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

func newSwiss(t testing.TB, rounds int, names ...string) *Tournament {
	t.Helper()
	tour, err := New(Config{Name: "Test", Seed: 1, Pairing: Swiss, Rounds: rounds, Scoring: Scoring{Preset: Preset310}})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if _, err := tour.AddPlayer(n, "", ""); err != nil {
			t.Fatal(err)
		}
	}
	return tour
}

// win is a result: side wins, the loser losing 12 AP.
func win(s int) Result {
	r := Result{Winner: s, Bounds: 10, Source: ByHand}
	r.APLost[1-s] = 12
	return r
}

func (t *Tournament) names(rd *Round) []string {
	var out []string
	for _, pr := range rd.Pairings {
		out = append(out, t.player(pr.A).Name+"–"+t.player(pr.B).Name)
	}
	for _, id := range rd.Byes {
		out = append(out, t.player(id).Name+" bye")
	}
	return out
}

// The regression: after A–B, C–D and A–C, B–D the only round 3 without a
// rematch is A–D, B–C, though the score groups alone would pair A with B
// or C.
func TestSwissThirdRoundRegression(t *testing.T) {
	tour := newSwiss(t, 3, "A", "B", "C", "D")
	rounds := [][][2]int{{{1, 2}, {3, 4}}, {{1, 3}, {2, 4}}}
	for r, pairs := range rounds {
		rd := Round{Number: r + 1}
		for i, p := range pairs {
			rd.Pairings = append(rd.Pairings, Pairing{Table: i + 1, A: p[0], B: p[1], Results: []*Result{ptr(win(0))}})
		}
		tour.Schedule = append(tour.Schedule, rd)
	}
	if err := tour.Validate(); err != nil {
		t.Fatal(err)
	}
	rd, err := tour.Pair()
	if err != nil {
		t.Fatal(err)
	}
	got := tour.names(rd)
	slices.Sort(got)
	if want := []string{"A–D", "B–C"}; !slices.Equal(got, want) {
		t.Fatalf("round 3: %v, want %v", got, want)
	}
}

func ptr[T any](v T) *T { return &v }

// Within a score group the first meets the second: with eight players on
// the same points after a round, the winners meet winners.
func TestSwissScoreGroups(t *testing.T) {
	tour := newSwiss(t, 3, "A", "B", "C", "D", "E", "F", "G", "H")
	rd, err := tour.Pair()
	if err != nil {
		t.Fatal(err)
	}
	winners := map[int]bool{}
	for _, pr := range rd.Pairings {
		winners[pr.A] = true
		if err := tour.SetResult(1, pr.Table, 1, win(0)); err != nil {
			t.Fatal(err)
		}
	}
	rd, err = tour.Pair()
	if err != nil {
		t.Fatal(err)
	}
	for _, pr := range rd.Pairings {
		if winners[pr.A] != winners[pr.B] {
			t.Errorf("round 2 pairs %s (won: %v) with %s (won: %v)", tour.player(pr.A).Name, winners[pr.A], tour.player(pr.B).Name, winners[pr.B])
		}
	}
}

// Forbidden pairs and, in round 1 when asked, players of one club are
// kept apart when they can be.
func TestSwissForbiddenAndClubs(t *testing.T) {
	tour, err := New(Config{Name: "Clubs", Seed: 3, Pairing: Swiss, Rounds: 2, Scoring: Scoring{Preset: Preset310}, Club1: true})
	if err != nil {
		t.Fatal(err)
	}
	// Clubs typed differently by case or spaces are one club.
	for i, club := range []string{"North", "north ", "South", "SOUTH", "East", "East"} {
		tour.AddPlayer(fmt.Sprint("P", i+1), club, "")
	}
	tour.Forbidden = [][2]int{{1, 3}}
	for seed := range uint64(40) {
		tour.Seed = seed
		tour.Schedule = nil
		rd, err := tour.Pair()
		if err != nil {
			t.Fatal(err)
		}
		for _, pr := range rd.Pairings {
			a, b := tour.player(pr.A), tour.player(pr.B)
			if sameClub(a.Club, b.Club) {
				t.Errorf("seed %d: %s and %s of club %s meet in round 1", seed, a.Name, b.Name, a.Club)
			}
			if key(pr.A, pr.B) == [2]int{1, 3} {
				t.Errorf("seed %d: the forbidden pair P1–P3 meets", seed)
			}
		}
	}
}

// A round can be paired again until a result is in, and a drop undoes an
// unstarted round that had the player in it.
func TestRepairAndDrop(t *testing.T) {
	tour := newSwiss(t, 3, "A", "B", "C", "D")
	if _, err := tour.Pair(); err != nil {
		t.Fatal(err)
	}
	id, _ := tour.AddPlayer("E", "", "")
	if tour.player(id).Entered != 1 {
		t.Fatalf("an entry while round 1 is paired but not started enters round %d", tour.player(id).Entered)
	}
	rd, err := tour.Repair()
	if err != nil {
		t.Fatal(err)
	}
	if len(rd.Byes) != 1 || len(rd.Pairings) != 2 {
		t.Fatalf("five players: %v", tour.names(rd))
	}
	// Pairing again with nothing changed gives the same round: the
	// round's own bye does not count in the standings it is paired on.
	first := tour.names(rd)
	if rd, _ = tour.Repair(); !slices.Equal(tour.names(rd), first) {
		t.Fatalf("paired again: %v, then %v", first, tour.names(rd))
	}
	undone, err := tour.Drop(rd.Pairings[0].A)
	if err != nil || !undone || len(tour.Schedule) != 0 {
		t.Fatalf("drop from an unstarted round: undone %v, err %v, %d rounds", undone, err, len(tour.Schedule))
	}
	rd, _ = tour.Pair()
	if err := tour.SetResult(1, 1, 1, win(1)); err != nil {
		t.Fatal(err)
	}
	if id, _ := tour.AddPlayer("F", "", ""); tour.player(id).Entered != 2 {
		t.Fatalf("an entry once round 1 has a result enters round %d", tour.player(id).Entered)
	}
	if _, err := tour.Repair(); err == nil {
		t.Fatal("a round with a result was paired again")
	}
	if _, err := tour.Pair(); err == nil {
		t.Fatal("round 2 was paired before round 1 finished")
	}
}

// A replayed game's record counts once: its digest cannot be the result
// of a second game, though the same game may be entered again at its own
// table (a correction).
func TestDuplicateGame(t *testing.T) {
	tour := newSwiss(t, 2, "A", "B", "C", "D")
	tour.Pair()
	r := win(0)
	r.Source, r.Digest, r.File = FromReplay, "sha256:1f2e", "table1.json"
	if err := tour.SetResult(1, 1, 1, r); err != nil {
		t.Fatal(err)
	}
	if err := tour.SetResult(1, 1, 1, r); err != nil {
		t.Fatalf("the same game again at its own table: %v", err)
	}
	if err := tour.SetResult(1, 2, 1, r); err == nil || !strings.Contains(err.Error(), "already the result of round 1, table 1, game 1") {
		t.Fatalf("the game counted twice: %v", err)
	}
}
