package engine

import (
	"fmt"
	"slices"

	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// OddsReport is what a contest would be before the dice: each side's
// factors and score, and the exact chance of every result, from all 36
// pairs of dice.
type OddsReport struct {
	Kind     string   `json:"kind"` // close, shoot or bespell
	Attacker OddsSide `json:"attacker"`
	Defender OddsSide `json:"defender"`
	Aiders   []int    `json:"aiders,omitempty"`
	Equal    int      `json:"equal"` // dice pairs giving equal totals, of 36
}

// OddsSide is one side's part of an OddsReport.
type OddsSide struct {
	ID       int      `json:"id"`
	Name     string   `json:"name"`
	Factors  []Factor `json:"factors"`
	Score    int      `json:"score"`
	Outcomes []Chance `json:"outcomes"` // every result this side can suffer, "nothing" included
}

// Chance is a result and how many of the 36 dice pairs give it.
type Chance struct {
	Result  string `json:"result"`
	In36    int    `json:"in36"`
	Percent string `json:"percent"` // to one decimal
}

// Odds reports the odds of a close combat, shot or bespell between two
// elements as the game stands. Aiders apply to shots and bespells.
func Odds(g *Game, attacker, defender int, kind string, aiders []int) (*OddsReport, error) {
	t := g.begin()
	a, d := t.el(attacker), t.el(defender)
	if a == nil || d == nil || !a.OnTable() || !d.OnTable() {
		return nil, illegal("odds.element", "both elements must be on the table")
	}
	if a.Side == d.Side {
		return nil, illegal("odds.friends", "%s and %s are on the same side", t.name(a), t.name(d))
	}
	var fa, fd fighter
	var c rules.Contest
	switch kind {
	case "close", "":
		c = rules.Close
		ps := t.pairings()
		if !slices.Contains(ps, pair{a.ID, d.ID}) && !slices.Contains(ps, pair{d.ID, a.ID}) {
			return nil, illegal("odds.no_combat", "%s and %s are not in close combat", t.name(a), t.name(d))
		}
		fa, fd = t.fighter(a, d, c), t.fighter(d, a, c)
	case "shoot":
		c = rules.Shoot
		// Whether a can shoot this bound (in its side's shooting or in
		// return shooting), and whether d is in its arc; the
		// nearest-target rule is left to the shot itself.
		if !t.canShoot(a, PhaseDistant) && !t.canShoot(a, PhaseReply) || !t.inArc(a, d) {
			return nil, illegal("odds.no_shot", "%s cannot shoot at %s", t.name(a), t.name(d))
		}
		fa, fd = t.shooter(a, d), t.target(d, a, c, len(aiders))
	case "bespell":
		c = rules.Bespell
		if a.Type != rules.Magicians || a.Moved || a.Spelled || t.engaged(a) ||
			geom.Dist(a.Base.Poly(), d.Base.Poly()) > geom.Paces(rules.BespellRange) {
			return nil, illegal("odds.no_spell", "%s cannot bespell %s", t.name(a), t.name(d))
		}
		fa, fd = t.bespeller(a, d), t.target(d, a, c, len(aiders))
	default:
		return nil, illegal("odds.kind", "kind %q is not close, shoot or bespell", kind)
	}
	rep := &OddsReport{Kind: kind, Aiders: aiders}
	if rep.Kind == "" {
		rep.Kind = "close"
	}
	var ca, cd [rules.Captured + 1]int
	for da := 1; da <= 6; da++ {
		for dd := 1; dd <= 6; dd++ {
			ra, rd := decide(c, fa, fd, fa.score+da, fd.score+dd)
			ca[ra]++
			cd[rd]++
			if fa.score+da == fd.score+dd {
				rep.Equal++
			}
		}
	}
	rep.Attacker = oddsSide(fa, ca[:])
	rep.Defender = oddsSide(fd, cd[:])
	return rep, nil
}

func oddsSide(f fighter, counts []int) OddsSide {
	s := OddsSide{ID: f.e.ID, Name: f.name, Factors: f.factors, Score: f.score}
	for r, n := range counts {
		if n > 0 {
			s.Outcomes = append(s.Outcomes, Chance{Result: rules.Result(r).String(), In36: n,
				Percent: fmt.Sprintf("%d.%d%%", tenths(n)/10, tenths(n)%10)})
		}
	}
	return s
}

// tenths returns n of 36 in tenths of a percent, rounded half up.
func tenths(n int) int { return (n*1000 + 18) / 36 }
