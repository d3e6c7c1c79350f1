package engine

import (
	"cmp"
	"fmt"
	"slices"
	"sync"

	"pelennor/engine/dice"
	"pelennor/engine/rules"
	"pelennor/thirdage"
)

// The odds of a heroic duel (TA26). Its melee has too many dice for the
// exact count the d6 contest gets, so its chances are counted over
// DuelSamples duels fought with dice from a fixed seed: an estimate that
// is the same every time it is asked, whose error is stated with it.

// DuelSamples is how many duels a duel's odds are counted over.
const DuelSamples = 4000

// DuelOddsError is the estimate's error: the 95% half-width of a share
// counted over DuelSamples duels at its widest (a share of one half),
// 1.96 × √(0.25/4000) ≈ 1.55 points.
const DuelOddsError = "±1.6 points (95%)"

// duelOddsSeed seeds the sampled duels ("duelodds" in ASCII).
const duelOddsSeed uint64 = 0x6475656c6f646473

// DuelOdds says how a duel's chances were counted.
type DuelOdds struct {
	Heroes  [2]string `json:"heroes"` // the attacker's and the defender's hero sheets
	Samples int       `json:"samples"`
	Error   string    `json:"error"`
}

// duelClass is what of a sampled duel reaches duelResults and the hooks:
// who is out of the fight, who took more, whose mount died.
type duelClass struct {
	out   [2]bool
	more  int // the side that took more damage, -1 if equal
	mount [2]bool
}

func classOf(o *thirdage.Outcome) duelClass {
	k := duelClass{more: -1, mount: o.MountKilled}
	for i := range k.out {
		k.out[i] = o.Condition[i] != thirdage.Fighting
	}
	switch c := cmp.Compare(o.Taken[0], o.Taken[1]); c {
	case 1:
		k.more = 0
	case -1:
		k.more = 1
	}
	return k
}

// outcome is a class as the Outcome duelResults reads.
func (k duelClass) outcome() thirdage.Outcome {
	var o thirdage.Outcome
	for i, out := range k.out {
		if out {
			o.Condition[i] = thirdage.Dead
		}
	}
	if k.more >= 0 {
		o.Taken[k.more] = 1
	}
	o.MountKilled = k.mount
	return o
}

// duelTally is the count of each class over the samples of two fighters.
type duelTally struct {
	classes []duelClass
	n       []int
}

// tallies caches tallies by the fighters: the AI asks the same duel's
// odds from many positions. Bounded: cleared when full.
var tallies = struct {
	sync.Mutex
	m map[[2]thirdage.Fighter]*duelTally
}{m: map[[2]thirdage.Fighter]*duelTally{}}

const talliesMax = 1024

// sampleRoller rolls a sampled duel's dice.
type sampleRoller struct{ src dice.Source }

func (r sampleRoller) Die(sides int, _ thirdage.Purpose, _ int) (int, error) { return r.src.Die(sides) }

// tally fights DuelSamples duels of f and counts their classes.
func tally(f [2]thirdage.Fighter) (*duelTally, error) {
	tallies.Lock()
	t, ok := tallies.m[f]
	tallies.Unlock()
	if ok {
		return t, nil
	}
	t = &duelTally{}
	r := sampleRoller{dice.NewPCG(duelOddsSeed)}
	for range DuelSamples {
		o, err := thirdage.Duel(f, DuelRounds, r)
		if err != nil {
			return nil, err
		}
		k := classOf(&o)
		i := slices.Index(t.classes, k)
		if i < 0 {
			i = len(t.classes)
			t.classes, t.n = append(t.classes, k), append(t.n, 0)
		}
		t.n[i]++
	}
	tallies.Lock()
	if len(tallies.m) >= talliesMax {
		clear(tallies.m)
	}
	tallies.m[f] = t
	tallies.Unlock()
	return t, nil
}

// duelOdds is Odds for a close combat that would be a heroic duel: each
// class of sampled duels resolved once on a copy of the state, as the
// combat would resolve it.
func (g *Game) duelOdds(attacker, defender int) (*OddsReport, error) {
	base := &tx{Game: g, st: g.st.clone(), dice: g.dice.Clone()}
	c, err := base.prepareOddsClose(attacker, defender)
	if err != nil {
		return nil, err
	}
	f := base.duelFighters(c)
	tab, err := tally(f)
	if err != nil {
		return nil, err
	}
	sa := OddsSide{ID: c.a.e.ID, Name: c.a.name}
	sb := OddsSide{ID: c.b.e.ID, Name: c.b.name}
	for i, k := range tab.classes {
		o := k.outcome()
		ra, rb := duelResults(c, &o)
		run := &tx{Game: g, st: base.st.clone(), dice: base.dice.Clone()}
		run.applyResults(c, ra, rb)
		run.mountKilled = killedMounts(k.mount, [2]int{c.a.e.ID, c.b.e.ID})
		run.hooks.Contested(run, rules.Close, run.el(c.a.e.ID), run.el(c.b.e.ID), ra, rb, 0, 0)
		addChance(&sa, run.outcomeOf(g.st, c.a.e.ID, ra), tab.n[i])
		addChance(&sb, run.outcomeOf(g.st, c.b.e.ID, rb), tab.n[i])
	}
	for _, s := range []*OddsSide{&sa, &sb} {
		slices.SortStableFunc(s.Outcomes, func(p, q Chance) int {
			return cmp.Or(cmp.Compare(p.Fate, q.Fate), cmp.Compare(p.Result, q.Result))
		})
		for i := range s.Outcomes {
			n := s.Outcomes[i].Count
			tenth := (n*1000 + DuelSamples/2) / DuelSamples
			s.Outcomes[i].Percent = fmt.Sprintf("%d.%d%%", tenth/10, tenth%10)
		}
	}
	rep := &OddsReport{Kind: "close", Attacker: sa, Defender: sb, Samples: DuelSamples,
		Duel: &DuelOdds{Heroes: [2]string{f[0].Sheet.ID, f[1].Sheet.ID}, Samples: DuelSamples, Error: DuelOddsError}}
	if c.a.e.ID != attacker { // asked from the other side
		rep.Attacker, rep.Defender = rep.Defender, rep.Attacker
		rep.Duel.Heroes[0], rep.Duel.Heroes[1] = rep.Duel.Heroes[1], rep.Duel.Heroes[0]
	}
	return rep, nil
}

// addChance counts n samples of outcome o for side s.
func addChance(s *OddsSide, o Outcome, n int) {
	text := o.Text()
	j := slices.IndexFunc(s.Outcomes, func(c Chance) bool { return c.Result == text })
	if j < 0 {
		j = len(s.Outcomes)
		s.Outcomes = append(s.Outcomes, Chance{Result: text, Fate: o.Fate, Table: o.Table.String(), Also: o.Also})
	}
	s.Outcomes[j].Count += n
}

// TryDuel fights on a copy of g the heroic duel that the close combat of
// elements a and b would be, with dice from src: a what-if (hott duel,
// the tests), leaving g as it was. It returns the duel's report and the
// events the fight would emit.
func TryDuel(g *Game, a, b int, src dice.Source) (*Report, []Event, error) {
	if err := g.DuelRefusal(a, b); err != nil {
		return nil, nil, err
	}
	t := &tx{Game: g, st: g.st.clone(), dice: src}
	c, err := t.prepareOddsClose(a, b)
	if err != nil {
		return nil, nil, err
	}
	if err := t.fightDuel(c); err != nil {
		return nil, nil, err
	}
	for i := len(t.events) - 1; i >= 0; i-- {
		if ev := t.events[i]; ev.Code == CodeContest && ev.Combat != nil && ev.Combat.Duel != nil {
			return ev.Combat, t.events, nil
		}
	}
	return nil, nil, fmt.Errorf("the duel left no report") // fightDuel always reports
}

// DuelRefusal says why the close combat of a and b would not be a
// heroic duel (the ruling is off, an element carries no hero sheet), or
// nil if it would.
func (g *Game) DuelRefusal(a, b int) error {
	if !g.rulings.HeroicDuel {
		return illegal("duel.off", "the heroic duel is not in play in this game (an optional ruling chosen at set-up)")
	}
	for _, id := range [2]int{a, b} {
		if _, ok := g.Element(id); !ok {
			return illegal("duel.element", "no element %d", id)
		}
		if g.sc.champion(id) == nil {
			return illegal("duel.no_hero", "%s carries no hero sheet", g.sc.Elements[g.sc.index(id)].Name)
		}
	}
	return nil
}
