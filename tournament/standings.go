package tournament

import (
	"slices"
)

// Tie-breaks, applied in the organiser's order to players level on score.
const (
	HeadToHead       = "head-to-head"      // points scored in games between the players still level
	Buchholz         = "buchholz"          // the sum of the opponents' scores
	MedianBuchholz   = "median-buchholz"   // the same without the best and the worst (N7)
	APKilled         = "ap-killed"         // AP of enemy elements lost, over every game
	GeneralsKilled   = "generals-killed"   // enemy generals killed
	StrongholdsTaken = "strongholds-taken" // enemy strongholds taken
	Lots             = "lots"              // a drawing of lots from the seed
)

// TieBreaks are the known tie-breaks.
var TieBreaks = []string{HeadToHead, Buchholz, MedianBuchholz, APKilled, GeneralsKilled, StrongholdsTaken, Lots}

// DefaultTieBreaks are a new tournament's unless the organiser chooses.
var DefaultTieBreaks = []string{HeadToHead, Buchholz, APKilled, Lots}

// Standing is a player's line in the standings.
type Standing struct {
	Rank   int  // from 1; players the tie-breaks do not separate share it
	Shared bool // the rank is shared
	Player Player
	Won    int
	Drawn  int
	Lost   int
	Byes   int
	Score  int
	Second int     // the second score of the wl-ap preset (AP and bonuses), else 0
	Breaks []int64 // the value of each of the tournament's tie-breaks, in its order
	Opps   []int   // opponent ids, one a pairing in round order; 0 for a bye

	games                        []vsGame
	kills, generals, strongholds int
	lot                          uint64 // the drawing of lots: higher ranks higher
	lotRank                      int64  // 1 for the lowest lot ... n for the highest
}

// vsGame is a game scored against an opponent (for head-to-head).
type vsGame struct{ opp, score int }

// Standings ranks the players on the results of rounds 1 to upTo (every
// round when upTo is 0 or beyond the last), results not yet entered
// counting for nothing. The slice is in rank order, players sharing a
// rank ordered by lots: that is the order the pairing uses too.
func (t *Tournament) Standings(upTo int) []Standing {
	if upTo <= 0 || upTo > len(t.Schedule) {
		upTo = len(t.Schedule)
	}
	return t.standingsAfter(upTo)
}

// standingsAfter ranks on rounds 1 to exactly upTo (0: none, the order
// before round 1).
func (t *Tournament) standingsAfter(upTo int) []Standing {
	st := make([]Standing, len(t.Players))
	for i, p := range t.Players {
		st[i] = Standing{Player: p, lot: lot(t.Seed, p.ID)}
	}
	for _, rd := range t.Schedule[:upTo] {
		for _, pr := range rd.Pairings {
			for g, res := range pr.Results {
				if res == nil {
					continue
				}
				sa := g % 2 // A's side in game g
				t.score(&st[pr.A-1], sideOf(res, sa), pr.B)
				t.score(&st[pr.B-1], sideOf(res, 1-sa), pr.A)
			}
			st[pr.A-1].Opps = append(st[pr.A-1].Opps, pr.B)
			st[pr.B-1].Opps = append(st[pr.B-1].Opps, pr.A)
		}
		for _, id := range rd.Byes {
			s := &st[id-1]
			sc, second := t.Scoring.points(byeSide(t.AP), t.AP)
			s.Score += sc
			s.Second += second
			s.Won++
			s.Byes++
			s.Opps = append(s.Opps, 0)
		}
	}
	for i := range st {
		st[i].Breaks = make([]int64, len(t.TieBreaks))
		for j := range st {
			if st[j].lot < st[i].lot || st[j].lot == st[i].lot && j > i {
				st[i].lotRank++
			}
		}
		st[i].lotRank++
	}
	order := make([]int, len(st))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if st[a].Score != st[b].Score {
			return st[b].Score - st[a].Score
		}
		return st[b].Second - st[a].Second
	})
	groups := split(order, func(i int) [2]int64 { return [2]int64{int64(st[i].Score), int64(st[i].Second)} })
	for k, tb := range t.TieBreaks {
		var next [][]int
		for _, g := range groups {
			if len(g) == 1 {
				next = append(next, g)
				continue
			}
			for _, i := range g {
				st[i].Breaks[k] = t.breakValue(st, i, g, tb)
			}
			slices.SortStableFunc(g, func(a, b int) int { return cmp64(st[b].Breaks[k], st[a].Breaks[k]) })
			next = append(next, split(g, func(i int) [2]int64 { return [2]int64{st[i].Breaks[k]} })...)
		}
		groups = next
	}
	// Values of the tie-breaks not needed to separate a player are shown
	// all the same (all but head-to-head, which is only of a group).
	for i := range st {
		for k, tb := range t.TieBreaks {
			if tb != HeadToHead {
				st[i].Breaks[k] = t.breakValue(st, i, nil, tb)
			}
		}
	}
	out := make([]Standing, 0, len(st))
	for _, g := range groups {
		slices.SortStableFunc(g, func(a, b int) int {
			if st[a].lot != st[b].lot {
				if st[a].lot > st[b].lot {
					return -1
				}
				return 1
			}
			return st[a].Player.ID - st[b].Player.ID
		})
		rank := len(out) + 1
		for _, i := range g {
			s := st[i]
			s.Rank, s.Shared = rank, len(g) > 1
			out = append(out, s)
		}
	}
	return out
}

// score adds a game to a player's line.
func (t *Tournament) score(s *Standing, v side, opp int) {
	sc, second := t.Scoring.points(v, t.AP)
	s.Score += sc
	s.Second += second
	switch v.outcome {
	case 1:
		s.Won++
	case 0:
		s.Drawn++
	default:
		s.Lost++
	}
	s.kills += v.kills
	s.generals += v.generals
	s.strongholds += v.stronghold
	s.games = append(s.games, vsGame{opp, sc})
}

// breakValue is player i's value of a tie-break, group being the players
// still level with it (head-to-head only).
func (t *Tournament) breakValue(st []Standing, i int, group []int, tb string) int64 {
	s := &st[i]
	switch tb {
	case HeadToHead:
		var sum int64
		for _, g := range s.games {
			for _, j := range group {
				if st[j].Player.ID == g.opp {
					sum += int64(g.score)
				}
			}
		}
		return sum
	case Buchholz, MedianBuchholz:
		var scores []int64
		for _, o := range s.Opps {
			if o == 0 {
				scores = append(scores, 0) // N6: a bye's opponent scores nothing
			} else {
				scores = append(scores, int64(st[o-1].Score))
			}
		}
		if tb == MedianBuchholz && len(scores) >= 3 {
			slices.Sort(scores)
			scores = scores[1 : len(scores)-1]
		}
		var sum int64
		for _, v := range scores {
			sum += v
		}
		return sum
	case APKilled:
		return int64(s.kills)
	case GeneralsKilled:
		return int64(s.generals)
	case StrongholdsTaken:
		return int64(s.strongholds)
	}
	return s.lotRank // Lots: shown as the place in the drawing, n the best
}

// split cuts a sorted run into groups of equal key.
func split(order []int, key func(int) [2]int64) [][]int {
	var groups [][]int
	for i := 0; i < len(order); {
		j := i + 1
		for j < len(order) && key(order[j]) == key(order[i]) {
			j++
		}
		groups = append(groups, slices.Clone(order[i:j]))
		i = j
	}
	return groups
}

func cmp64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
