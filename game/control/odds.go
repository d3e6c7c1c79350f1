package control

import (
	"fmt"

	"pelennor/engine"
	"pelennor/thirdage"
)

// The chances of a what-if, read the same way for the dice contest and
// the heroic duel: every Chance's Count is out of the report's Samples
// (the 36 pairs of dice, or the duels sampled, engine rulings TA26); In36
// is never read, as a duel's is 0 (ruling H3).

// OddsSum is a close combat's odds summed for its one line: how many of
// Samples see the defender suffer something (beats), the attacker
// (beaten), and for the dice the equal totals.
type OddsSum struct {
	Samples int
	Beats   int
	Beaten  int
	Equal   int  // dice pairs with equal totals; 0 in a duel
	Duel    bool // the counts are of sampled heroic duels
}

// SumOdds sums a close combat's odds.
func SumOdds(rep *engine.OddsReport) OddsSum {
	s := OddsSum{Samples: rep.Samples, Equal: rep.Equal, Duel: rep.Duel != nil}
	for _, o := range rep.Defender.Outcomes {
		if o.Result != "nothing" {
			s.Beats += o.Count
		}
	}
	for _, o := range rep.Attacker.Outcomes {
		if o.Result != "nothing" {
			s.Beaten += o.Count
		}
	}
	return s
}

// Percent words n of all as a percentage to one decimal, rounded as the
// engine rounds its chances ("" when all is 0).
func Percent(n, all int) string {
	if all <= 0 {
		return ""
	}
	t := (n*1000 + all/2) / all
	return fmt.Sprintf("%d.%d%%", t/10, t%10)
}

// OddsLine sums a close combat's odds in one line: a dice contest's in
// pairs of dice of 36, a duel's in percentages of the duels sampled.
func OddsLine(rep *engine.OddsReport) string {
	s := SumOdds(rep)
	if s.Duel {
		return fmt.Sprintf("heroic duel · beats it %s · beaten %s", Percent(s.Beats, s.Samples), Percent(s.Beaten, s.Samples))
	}
	return fmt.Sprintf("%+d v %+d · beats it %d/%d · beaten %d/%d · tie %d/%d", rep.Attacker.Score, rep.Defender.Score,
		s.Beats, s.Samples, s.Beaten, s.Samples, s.Equal, s.Samples)
}

// DuelHeroes are the names of a duel report's two heroes, the
// attacker's first: their sheets' names, else the sheet ids.
func DuelHeroes(rep *engine.OddsReport) [2]string {
	var out [2]string
	if rep == nil || rep.Duel == nil {
		return out
	}
	for i, id := range rep.Duel.Heroes {
		out[i] = id
		if sh, ok := thirdage.Lookup(id); ok && sh.Name != "" {
			out[i] = sh.Name
		}
	}
	return out
}

// DuelNote is what a duel's odds say of how they were counted: the
// duels sampled and the stated error.
func DuelNote(rep *engine.OddsReport) string {
	if rep == nil || rep.Duel == nil {
		return ""
	}
	return fmt.Sprintf("estimated over %d sampled duels, %s", rep.Duel.Samples, rep.Duel.Error)
}
