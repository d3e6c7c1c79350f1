package tournament

import (
	"fmt"
	"testing"
)

// leastRematches is the fewest rematches any perfect matching of ids can
// have, by trying every matching (ids even, at most a dozen).
func leastRematches(ids []int, met map[[2]int]int) int {
	used := make([]bool, len(ids))
	best := len(ids)
	var rec func(sofar int)
	rec = func(sofar int) {
		if sofar >= best {
			return
		}
		i := 0
		for i < len(ids) && used[i] {
			i++
		}
		if i == len(ids) {
			best = sofar
			return
		}
		used[i] = true
		for j := i + 1; j < len(ids); j++ {
			if !used[j] {
				used[j] = true
				r := 0
				if met[key(ids[i], ids[j])] > 0 {
					r = 1
				}
				rec(sofar + r)
				used[j] = false
			}
		}
		used[i] = false
	}
	rec(0)
	return best
}

// randomResult is a plausible game: a win for either side or a draw,
// some AP lost, now and then a general or a stronghold.
func randomResult(rng *splitmix, ap int) Result {
	r := Result{Winner: int(rng.next()%3) - 1, Bounds: 4 + int(rng.next()%20), Source: ByHand}
	for s := range 2 {
		r.APLost[s] = int(rng.next() % uint64(ap/2+1))
		if rng.next()%8 == 0 {
			r.GeneralsLost[s] = 1
		}
	}
	if r.Winner >= 0 {
		r.APLost[1-r.Winner] = max(r.APLost[1-r.Winner], ap/2)
		r.StrongholdTaken[r.Winner] = rng.next()%10 == 0
	}
	return r
}

// Over 1000 simulated Swiss events of 2 to 12 players and up to 6 rounds,
// with late entries and drops, random results and every preset: no round
// has more rematches than the least possible (checked by trying every
// pairing), and every bye goes, when the count is odd, to the
// lowest-ranked of the players with the fewest byes; and no more players
// repeat a table than must (checked by trying every assignment).
func TestSwissProperties(t *testing.T) {
	rng := splitmix{state: 2026}
	var rounds, byeRounds, forced int
	defer func() {
		t.Logf("%d rounds paired, %d with a bye, %d with a rematch that could not be avoided", rounds, byeRounds, forced)
		if rounds < 2000 || byeRounds < 500 || forced < 20 {
			t.Errorf("the simulation covers too little")
		}
	}()
	for event := range 1000 {
		preset := Presets[event%len(Presets)]
		sc := Scoring{Preset: preset}
		if preset == PresetCustom {
			sc = Scoring{Preset: preset, Win: 4, Draw: 2, Loss: 1}
		}
		planned := 1 + int(rng.next()%6)
		tour, err := New(Config{Name: "Sim", Seed: rng.next(), Pairing: Swiss, Rounds: planned, Scoring: sc,
			TieBreaks: []string{Buchholz, MedianBuchholz, HeadToHead, APKilled, Lots}})
		if err != nil {
			t.Fatal(err)
		}
		for i := range 2 + int(rng.next()%11) {
			tour.AddPlayer(fmt.Sprint("P", i+1), "", "")
		}
		where := func(r int) string { return fmt.Sprintf("event %d (seed %d, %s) round %d", event, tour.Seed, preset, r) }
		for r := 1; r <= planned; r++ {
			// Now and then a late entry or a drop before the round.
			if rng.next()%5 == 0 && len(tour.Players) < 12 {
				tour.AddPlayer(fmt.Sprint("Late", r), "", "")
			}
			if rng.next()%6 == 0 {
				tour.Drop(1 + int(rng.next()%uint64(len(tour.Players))))
			}
			prior := tour.standingsAfter(r - 1)
			var playing []int
			for _, s := range prior {
				if s.Player.playsIn(r) {
					playing = append(playing, s.Player.ID)
				}
			}
			if len(playing) < 2 {
				break
			}
			met, byes := tour.history(r)
			rd, err := tour.Pair()
			if err != nil {
				t.Fatalf("%s: %v", where(r), err)
			}
			if err := tour.Validate(); err != nil {
				t.Fatalf("%s: the paired tournament is invalid: %v", where(r), err)
			}
			// Byes.
			if want := len(playing) % 2; len(rd.Byes) != want {
				t.Fatalf("%s: %d players, %d byes", where(r), len(playing), len(rd.Byes))
			}
			var paired []int
			for _, pr := range rd.Pairings {
				paired = append(paired, pr.A, pr.B)
			}
			if len(rd.Byes) == 1 {
				bye := rd.Byes[0]
				least := byes[bye]
				for _, id := range playing {
					least = min(least, byes[id])
				}
				if byes[bye] != least {
					t.Fatalf("%s: %s has a second bye while others have fewer", where(r), tour.player(bye).Name)
				}
				for _, id := range playing[indexOf(playing, bye)+1:] {
					if byes[id] == least {
						t.Fatalf("%s: the bye went to %s, but %s is ranked lower with as few byes", where(r), tour.player(bye).Name, tour.player(id).Name)
					}
				}
			}
			if len(paired)+len(rd.Byes) != len(playing) {
				t.Fatalf("%s: %d players playing, %d paired and %d byes", where(r), len(playing), len(paired), len(rd.Byes))
			}
			// Rematches.
			got := 0
			for _, pr := range rd.Pairings {
				if met[key(pr.A, pr.B)] > 0 {
					got++
				}
			}
			if least := leastRematches(paired, met); got != least {
				t.Fatalf("%s: %d rematches where %d were possible: %v", where(r), got, least, tour.names(rd))
			}
			if got, least := tableRepeats(tour, rd, r), leastTableRepeats(tour, rd, r); got != least {
				t.Fatalf("%s: %d players repeat a table where %d must", where(r), got, least)
			}
			rounds++
			byeRounds += len(rd.Byes)
			if got > 0 {
				forced++
			}
			for _, pr := range rd.Pairings {
				if err := tour.SetResult(r, pr.Table, 1, randomResult(&rng, tour.AP)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

func indexOf(s []int, x int) int {
	for i, y := range s {
		if y == x {
			return i
		}
	}
	return -1
}

// tableRepeats counts the players of round r who sit at a table they
// sat at before, with the tables as assigned or as perm gives them.
func tableRepeats(tour *Tournament, rd *Round, r int, perm ...int) int {
	sat := map[[2]int]bool{}
	for _, old := range tour.Schedule[:r-1] {
		for _, pr := range old.Pairings {
			sat[[2]int{pr.A, pr.Table}] = true
			sat[[2]int{pr.B, pr.Table}] = true
		}
	}
	n := 0
	for i, pr := range rd.Pairings {
		table := pr.Table
		if perm != nil {
			table = perm[i] + 1
		}
		for _, id := range []int{pr.A, pr.B} {
			if sat[[2]int{id, table}] {
				n++
			}
		}
	}
	return n
}

// leastTableRepeats tries every assignment of the round's tables.
func leastTableRepeats(tour *Tournament, rd *Round, r int) int {
	m := len(rd.Pairings)
	perm := make([]int, m)
	for i := range perm {
		perm[i] = i
	}
	best := -1
	var rec func(k int)
	rec = func(k int) {
		if k == m {
			if n := tableRepeats(tour, rd, r, perm...); best < 0 || n < best {
				best = n
			}
			return
		}
		for i := k; i < m; i++ {
			perm[k], perm[i] = perm[i], perm[k]
			rec(k + 1)
			perm[k], perm[i] = perm[i], perm[k]
		}
	}
	rec(0)
	return max(best, 0)
}
