package arena

import (
	"fmt"
	"math"
)

// Record is one player's games: won, lost, and unfinished (still going
// at the bound limit, or time called: a draw for Elo, ruling AI44).
type Record struct {
	Wins, Losses, Unfinished int
}

// Games is how many games the record holds.
func (r Record) Games() int { return r.Wins + r.Losses + r.Unfinished }

// add counts a game won by winner (-1 unfinished) for the player on side.
func (r *Record) add(side, winner int) {
	switch winner {
	case -1:
		r.Unfinished++
	case side:
		r.Wins++
	default:
		r.Losses++
	}
}

// Standing is one player's record over a set of games, in all and on
// each side.
type Standing struct {
	Player string
	Total  Record
	Side   [2]Record
}

// Tally sums games up for their two players: [0] is the player of the
// specs' first place (side 1 unless the game is Swapped), [1] the other,
// so two players of the same spec are still told apart.
func Tally(games []Game, outs []Outcome) [2]Standing {
	var st [2]Standing
	for i, gm := range games {
		for role := range 2 {
			side := role
			if gm.Swapped {
				side = 1 - role
			}
			if st[role].Player == "" {
				st[role].Player = gm.Specs[side].String()
			}
			st[role].Total.add(side, outs[i].Winner)
			st[role].Side[side].add(side, outs[i].Winner)
		}
	}
	return st
}

// Share is a proportion with its 95% interval (Wilson's score interval,
// which stays within 0 to 1 and is sound near them, where 98% and 100%
// results are).
type Share struct {
	Of, N   int
	P       float64
	Lo, Hi  float64
	Defined bool // false when N is 0
}

// WinShare is the share of r's games won (an unfinished game is not a
// win, ruling AI44) with its 95% interval.
func WinShare(r Record) Share { return Wilson(r.Wins, r.Games()) }

// Wilson is k of n with Wilson's 95% score interval.
func Wilson(k, n int) Share {
	if n == 0 {
		return Share{}
	}
	const z = 1.959964 // the normal distribution's 97.5th percentile
	p := float64(k) / float64(n)
	nn := float64(n)
	d := 1 + z*z/nn
	c := (p + z*z/(2*nn)) / d
	h := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / d
	return Share{Of: k, N: n, P: p, Lo: max(0, c-h), Hi: min(1, c+h), Defined: true}
}

// String is "61.5% (55.0–67.6%)".
func (s Share) String() string {
	if !s.Defined {
		return "–"
	}
	return fmt.Sprintf("%.1f%% (%.1f–%.1f%%)", 100*s.P, 100*s.Lo, 100*s.Hi)
}
