package tournament

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// Pair pairs the next round and appends it to the schedule. Every game
// of the rounds before must have its result.
func (t *Tournament) Pair() (*Round, error) {
	n := len(t.Schedule)
	if n > 0 && !t.Schedule[n-1].complete() {
		return nil, fmt.Errorf("round %d is not finished: enter every result first", n)
	}
	if last := t.LastRound(); n >= last {
		return nil, fmt.Errorf("all %d rounds are paired", last)
	}
	rd, err := t.pairRound(n + 1)
	if err != nil {
		return nil, err
	}
	t.Schedule = append(t.Schedule, rd)
	return &t.Schedule[n], nil
}

// Repair pairs the last round again (after a late entry or a drop, or a
// change of forbidden pairs), which is allowed until a result is in.
func (t *Tournament) Repair() (*Round, error) {
	n := len(t.Schedule)
	if n == 0 {
		return nil, errors.New("no round is paired yet")
	}
	if t.Schedule[n-1].started() {
		return nil, fmt.Errorf("round %d has results: it can no longer be paired again", n)
	}
	rd, err := t.pairRound(n)
	if err != nil {
		return nil, err
	}
	t.Schedule[n-1] = rd
	return &t.Schedule[n-1], nil
}

// LastRound is the number of rounds the tournament has: the planned
// rounds of a Swiss, every player meeting every other in a round robin.
func (t *Tournament) LastRound() int {
	if t.Pairing == Swiss {
		return t.Rounds
	}
	n := len(t.roster())
	return n - 1 + n%2
}

// roster is a round robin's players: those entered for round 1 who had
// not left before it (a drop before round 1 has Left 1).
func (t *Tournament) roster() []int {
	var ids []int
	for _, p := range t.Players {
		if p.Entered == 1 && p.Left != 1 {
			ids = append(ids, p.ID)
		}
	}
	return ids
}

func (t *Tournament) pairRound(r int) (Round, error) {
	var rd Round
	var err error
	if t.Pairing == Swiss {
		rd, err = t.swiss(r)
	} else {
		rd, err = t.roundRobin(r)
	}
	if err != nil {
		return Round{}, err
	}
	t.assignTables(&rd)
	for i := range rd.Pairings {
		rd.Pairings[i].Results = make([]*Result, t.Games)
	}
	return rd, nil
}

// swiss pairs round r: the bye first, to the lowest-ranked player with
// the fewest byes (N1), then the least-cost perfect matching of the rest.
func (t *Tournament) swiss(r int) (Round, error) {
	var ids []int // in standings order
	for _, s := range t.standingsAfter(r - 1) {
		if s.Player.playsIn(r) {
			ids = append(ids, s.Player.ID)
		}
	}
	if len(ids) < 2 {
		return Round{}, fmt.Errorf("round %d: %d player(s) playing, at least 2 are needed", r, len(ids))
	}
	rd := Round{Number: r}
	met, byes := t.history(r)
	if len(ids)%2 == 1 {
		least := byes[ids[0]]
		for _, id := range ids {
			least = min(least, byes[id])
		}
		for i := len(ids) - 1; i >= 0; i-- {
			if byes[ids[i]] == least {
				rd.Byes = []int{ids[i]}
				ids = slices.Delete(ids, i, i+1)
				break
			}
		}
	}
	pairs, err := t.match(ids, met, r)
	if err != nil {
		return Round{}, err
	}
	for _, pr := range pairs {
		rd.Pairings = append(rd.Pairings, Pairing{A: pr[0], B: pr[1]})
	}
	return rd, nil
}

// history counts, before round r, the games between each two players and
// each player's byes.
func (t *Tournament) history(r int) (met map[[2]int]int, byes map[int]int) {
	met, byes = map[[2]int]int{}, map[int]int{}
	for _, rd := range t.Schedule[:r-1] {
		for _, pr := range rd.Pairings {
			met[key(pr.A, pr.B)]++
		}
		for _, id := range rd.Byes {
			byes[id]++
		}
	}
	return met, byes
}

func key(a, b int) [2]int {
	if a > b {
		a, b = b, a
	}
	return [2]int{a, b}
}

// match finds the perfect matching of ids (in standings order) of least
// cost. The costs are lexicographic, each level outweighing everything
// below it summed over a whole round: a forbidden pair, then a rematch,
// then (round 1, if asked) two players of a club, then the square of the
// score difference, then the distance in the standings (so that within a
// score group the first meets the second, the third the fourth). It
// handles 256 players on the widest preset (Berkeley) over 8 rounds.
func (t *Tournament) match(ids []int, met map[[2]int]int, r int) ([][2]int, error) {
	n := len(ids)
	st := t.standingsAfter(r - 1)
	score := map[int]int64{}
	for _, s := range st {
		score[s.Player.ID] = int64(s.Score)
	}
	forbid := map[[2]int]bool{}
	for _, f := range t.Forbidden {
		forbid[key(f[0], f[1])] = true
	}
	var maxDiff2 int64
	for i := range n {
		for j := i + 1; j < n; j++ {
			d := score[ids[i]] - score[ids[j]]
			maxDiff2 = max(maxDiff2, d*d)
		}
	}
	// Each level's unit exceeds the most the levels below can add up to
	// over the round's n/2 pairings. The products are checked: duals and
	// slacks stay within int64 while weights are at most 2⁶⁰.
	pairs := int64(n / 2)
	overflow := false
	mul := func(a, b int64) int64 {
		hi, lo := bits.Mul64(uint64(a), uint64(b))
		if hi != 0 || lo > 1<<60 {
			overflow = true
			return 1
		}
		return int64(lo)
	}
	levels := []int64{1}                                      // distance in the standings
	levels = append(levels, mul(pairs, int64(n))+1)           // score difference²
	levels = append(levels, mul(levels[1], pairs*maxDiff2+1)) // same club, round 1
	levels = append(levels, mul(levels[2], pairs+1))          // a rematch
	levels = append(levels, mul(levels[3], pairs+1))          // forbidden
	top := mul(levels[4], pairs+1)
	if overflow {
		return nil, fmt.Errorf("round %d: %d players with scores this far apart are beyond the pairing's exact integer weights", r, n)
	}
	cost := func(i, j int) int64 {
		a, b := ids[i], ids[j]
		k := key(a, b)
		d := score[a] - score[b]
		c := int64(j-i)*levels[0] + d*d*levels[1]
		if met[k] > 0 {
			c += levels[3]
		}
		if forbid[k] {
			c += levels[4]
		}
		if r == 1 && t.Club1 {
			if sameClub(t.player(a).Club, t.player(b).Club) {
				c += levels[2]
			}
		}
		return c
	}
	var edges []edge
	for i := range n {
		for j := i + 1; j < n; j++ {
			edges = append(edges, edge{i, j, top - cost(i, j)})
		}
	}
	mate := maxWeightMatching(n, edges)
	var out [][2]int
	for i, j := range mate {
		if j < 0 {
			return nil, fmt.Errorf("round %d: no perfect matching (internal error)", r)
		}
		if i < j {
			out = append(out, [2]int{ids[i], ids[j]})
		}
	}
	return out, nil
}

// roundRobin pairs round r by the circle method over the roster, seated
// in an order drawn from the seed (N9). A player who has left gives its
// opponent a bye.
func (t *Tournament) roundRobin(r int) (Round, error) {
	seats := t.roster()
	if len(seats) < 2 {
		return Round{}, fmt.Errorf("round %d: a round robin needs at least 2 players entered for round 1", r)
	}
	shuffle(t.Seed, seats)
	if len(seats)%2 == 1 {
		seats = append(seats, 0) // the empty seat: its opponent has the bye
	}
	m := len(seats)
	// Seat 0 stays; the others turn by one place a round.
	circle := make([]int, m)
	circle[0] = seats[0]
	for i := 1; i < m; i++ {
		circle[i] = seats[1+(i-1+r-1)%(m-1)]
	}
	rd := Round{Number: r}
	for i := range m / 2 {
		a, b := circle[i], circle[m-1-i]
		if a != 0 && !t.player(a).playsIn(r) {
			a = 0
		}
		if b != 0 && !t.player(b).playsIn(r) {
			b = 0
		}
		switch {
		case a == 0 && b == 0:
		case a == 0:
			rd.Byes = append(rd.Byes, b)
		case b == 0:
			rd.Byes = append(rd.Byes, a)
		default:
			rd.Pairings = append(rd.Pairings, Pairing{A: a, B: b})
		}
	}
	slices.Sort(rd.Byes)
	return rd, nil
}

// assignTables numbers the tables from 1 so that, as far as possible, no
// player sits at a table it has played at before; within that, the
// pairings keep their order (the top pairing at table 1). It is a
// least-cost assignment, solved by the same matching.
func (t *Tournament) assignTables(rd *Round) {
	m := len(rd.Pairings)
	if m == 0 {
		return
	}
	rank := map[int]int{}
	for i, s := range t.standingsAfter(rd.Number - 1) {
		rank[s.Player.ID] = i
	}
	// Top pairing first: by the better-ranked player, and that player as A.
	for i := range rd.Pairings {
		pr := &rd.Pairings[i]
		if rank[pr.B] < rank[pr.A] {
			pr.A, pr.B = pr.B, pr.A
		}
	}
	slices.SortFunc(rd.Pairings, func(x, y Pairing) int { return rank[x.A] - rank[y.A] })
	sat := map[[2]int]int64{} // player, table: 1 if it sat there before
	for _, old := range t.Schedule[:rd.Number-1] {
		for _, pr := range old.Pairings {
			sat[[2]int{pr.A, pr.Table}] = 1
			sat[[2]int{pr.B, pr.Table}] = 1
		}
	}
	repeat := int64(m*m*m + 1) // more than any sum of squared displacements
	top := repeat * int64(2*m+1)
	var edges []edge
	for p, pr := range rd.Pairings {
		for tb := range m {
			d := int64(p - tb)
			c := (sat[[2]int{pr.A, tb + 1}]+sat[[2]int{pr.B, tb + 1}])*repeat + d*d
			edges = append(edges, edge{p, m + tb, top - c})
		}
	}
	mate := maxWeightMatching(2*m, edges)
	for p := range rd.Pairings {
		rd.Pairings[p].Table = mate[p] - m + 1
	}
	slices.SortFunc(rd.Pairings, func(x, y Pairing) int { return x.Table - y.Table })
}

// sameClub reports whether two players' clubs are one, as the organiser
// typed them: case and surrounding spaces aside ("" is no club).
func sameClub(a, b string) bool {
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	return a != "" && strings.EqualFold(a, b)
}
