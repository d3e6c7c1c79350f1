package engine

import (
	"slices"
	"strconv"

	"pelennor/engine/rules"
	"pelennor/thirdage"
)

// The heroic duel (issue 15, rulings TA20 onwards): with the ruling on,
// the close combat of two elements that both carry a hero sheet is fought
// as a Third Age melee between their first heroes instead of the dice
// contest. Its dice come from the game's one generator; its outcome maps
// onto HOTT's results, so recoils, break points and victory stay HOTT's.

// DuelRounds is the most melee rounds a duel lasts in one close combat
// (TA21): a bound's fighting. Wounds carry over to the next.
const DuelRounds = 5

// ContestDuel is the contest a duel's report names.
const ContestDuel = "heroic duel"

// hurt is a hero's wounds, by element id.
type hurt struct {
	ID int
	W  thirdage.Wounds
}

// Duel is a heroic duel as fought: the two heroes, every round with its
// blows, and how each stood after. Side 0 is the report's attacker.
type Duel struct {
	Heroes      [2]string             `json:"heroes"` // sheet ids
	HeroNames   [2]string             `json:"heroNames"`
	Rounds      []thirdage.Round      `json:"rounds"`
	Taken       [2]int                `json:"taken"` // damage taken in this duel
	Condition   [2]thirdage.Condition `json:"condition"`
	Wounds      [2]thirdage.Wounds    `json:"wounds"` // all taken so far in the game
	MountKilled [2]bool               `json:"mountKilled,omitempty"`
}

// Heroes returns the hero sheets element id carries, the one who fights
// its duels first; nil if none.
func (g *Game) Heroes(id int) []*thirdage.Sheet {
	if i, ok := g.sc.byID[id]; ok {
		return slices.Clone(g.sc.heroes[i])
	}
	return nil
}

// heroRoster gives the heroes of the built-in scenarios' elements, by
// scenario and element id: kept here, beside the engine, rather than in
// the scenario files, so that those files and every save of them stay as
// they were (TA20).
var heroRoster = map[string]map[int][]string{
	"pelennor": {
		101: {"imrahil"}, 201: {"theoden"}, 202: {"eomer"}, 214: {"eowyn", "merry"},
		301: {"aragorn"}, 302: {"legolas", "gimli"}, 401: {"gandalf"},
		501: {"witch-king"}, 601: {"southron-chieftain"}, 701: {"gothmog"},
	},
}

// Wounds returns what the duelling hero of element id has suffered in
// heroic duels so far this game.
func (g *Game) Wounds(id int) thirdage.Wounds { return woundsOf(g.st, id) }

func woundsOf(st *state, id int) thirdage.Wounds {
	if i, ok := slices.BinarySearchFunc(st.Hurt, id, func(h hurt, id int) int { return h.ID - id }); ok {
		return st.Hurt[i].W
	}
	return thirdage.Wounds{}
}

func (t *tx) setWounds(id int, w thirdage.Wounds) {
	i, ok := slices.BinarySearchFunc(t.st.Hurt, id, func(h hurt, id int) int { return h.ID - id })
	if ok {
		t.st.Hurt[i].W = w
		return
	}
	// A new slice: the state's may be shared with the position before.
	t.st.Hurt = slices.Insert(slices.Clip(t.st.Hurt), i, hurt{id, w})
}

// champion is the hero who fights element id's duels, or nil.
func (sc *Scenario) champion(id int) *thirdage.Sheet {
	i, ok := sc.byID[id]
	if !ok || len(sc.heroes[i]) == 0 {
		return nil
	}
	return sc.heroes[i][0]
}

// IsDuel reports whether the close combat of elements a and b would be a
// heroic duel: the ruling is on and both carry a hero sheet.
func (g *Game) IsDuel(a, b int) bool {
	return g.rulings.HeroicDuel && g.sc.champion(a) != nil && g.sc.champion(b) != nil
}

// duelFighters are a prepared close combat's two heroes as they enter
// the duel: their wounds so far, and Merry and Éowyn's blade (TA25).
func (t *tx) duelFighters(c *prepared) [2]thirdage.Fighter {
	side := func(f *fighter) thirdage.Fighter {
		return thirdage.Fighter{Sheet: t.sc.champion(f.e.ID), Wounds: woundsOf(t.st, f.e.ID),
			NoArmour: slices.ContainsFunc(f.factors, func(x Factor) bool { return x.Code == FactorMerryEowyn })}
	}
	return [2]thirdage.Fighter{side(&c.a), side(&c.b)}
}

// duelRoller draws a duel's dice from the game's generator, each logged
// with its purpose.
type duelRoller struct {
	t     *tx
	ids   [2]int
	names [2]string
}

// duelPurpose is the die purpose of each thirdage purpose.
var duelPurpose = map[thirdage.Purpose]DiePurpose{
	thirdage.PurposeAttack: DieDuelAttack, thirdage.PurposeParry: DieDuelParry,
	thirdage.PurposeLocation: DieDuelLocation, thirdage.PurposeDamage: DieDuelDamage, thirdage.PurposeBonus: DieDuelBonus,
}

func (r *duelRoller) Die(sides int, p thirdage.Purpose, who int) (int, error) {
	v, err := r.t.drawDie(sides)
	if err != nil {
		return 0, err
	}
	ev := r.t.add(EvDie, CodeDuelDie)
	ev.Purpose, ev.Value, ev.Limit, ev.Draw = duelPurpose[p], v, sides, r.t.dice.Draws()
	ev.ID, ev.Name, ev.Other, ev.OName = r.ids[who], r.names[who], r.ids[1-who], r.names[1-who]
	return v, nil
}

// fightDuel fights a prepared close combat as a heroic duel and applies
// what it comes to.
func (t *tx) fightDuel(c *prepared) error {
	r := &duelRoller{t: t, ids: [2]int{c.a.e.ID, c.b.e.ID}, names: [2]string{c.a.name, c.b.name}}
	f := t.duelFighters(c)
	o, err := thirdage.Duel(f, DuelRounds, r)
	if err != nil {
		return err
	}
	ra, rb := duelResults(c, &o)
	t.reportDuel(c, f, &o, ra, rb)
	t.setWounds(c.a.e.ID, o.Wounds[0])
	t.setWounds(c.b.e.ID, o.Wounds[1])
	t.applyResults(c, ra, rb)
	t.mountKilled = killedMounts(o.MountKilled, r.ids)
	// Totals play no part in a duel: the hooks see none (the Witch-King's
	// odd total is the Third Age fell beast's death instead, TA24).
	t.hooks.Contested(t, rules.Close, t.el(c.a.e.ID), t.el(c.b.e.ID), ra, rb, 0, 0)
	t.mountKilled = [2]int{}
	return nil
}

// spendPOW: with the heroic duel in play, a Magician who carries a hero
// sheet pays for each bespell with 1 POW of it, while he has any (TA27):
// the bespell is HOTT's, its cost Third Age's, and a wizard who has spent
// his power on spells has less for Shield and Blur in a duel.
func (t *tx) spendPOW(m *Element) {
	s := t.sc.champion(m.ID)
	if !t.rulings.HeroicDuel || s == nil {
		return
	}
	w := woundsOf(t.st, m.ID)
	if w.POWSpent < s.Derive().POW {
		w.POWSpent++
		t.setWounds(m.ID, w)
	}
}

// killedMounts are the ids of the elements whose mount was killed, 0
// for the others: what the scenario's hook reads (tx.mountKilled).
func killedMounts(killed [2]bool, ids [2]int) [2]int {
	var out [2]int
	for i, k := range killed {
		if k {
			out[i] = ids[i]
		}
	}
	return out
}

// duelResults maps a duel onto HOTT's results (TA22): a hero out of the
// fight (dead, incapacitated or unconscious) suffers what the outcome
// table gives an element of its type beaten by doubling, when that
// removes it, else is destroyed; if both still stand, the one that took
// more damage in the duel recoils (flees if its command is broken); equal
// damage, nothing.
func duelResults(c *prepared, o *thirdage.Outcome) (ra, rb rules.Result) {
	out := func(i int) bool { return o.Condition[i] != thirdage.Fighting }
	switch {
	case out(0) || out(1):
		if out(0) {
			ra = downed(&c.a, &c.b)
		}
		if out(1) {
			rb = downed(&c.b, &c.a)
		}
	case o.Taken[0] > o.Taken[1]:
		ra = worsted(&c.a)
	case o.Taken[1] > o.Taken[0]:
		rb = worsted(&c.b)
	}
	return ra, rb
}

// downed is the result of hero l put out of the fight by w.
func downed(l, w *fighter) rules.Result {
	r := rules.Outcome(rules.Beaten{Loser: l.e.Type, Winner: w.e.Type, Contest: rules.Close, LoserInBad: l.inBad,
		LoserCharged: l.charged, Doubled: true, MagicianWon: w.winsAs})
	switch r {
	case rules.Destroyed, rules.Ensorcelled, rules.LeaveTable:
		return r
	}
	return rules.Destroyed
}

// worsted is the result of hero l having the worse of a duel both
// survive.
func worsted(l *fighter) rules.Result {
	if l.broken {
		return rules.Flee // PELENNOR.md §5.7
	}
	return rules.Recoil
}

// reportDuel emits the duel: a contest event with its report, then one
// event per blow.
func (t *tx) reportDuel(c *prepared, f [2]thirdage.Fighter, o *thirdage.Outcome, ra, rb rules.Result) {
	d := &Duel{Rounds: o.Rounds, Taken: o.Taken, Condition: o.Condition, Wounds: o.Wounds, MountKilled: o.MountKilled}
	for i := range f {
		d.Heroes[i], d.HeroNames[i] = f[i].Sheet.ID, f[i].Sheet.Name
	}
	side := func(x fighter, r rules.Result) Fighter {
		return Fighter{ID: x.e.ID, Name: x.name, Result: r.String()}
	}
	rep := &Report{Contest: ContestDuel, Attacker: side(c.a, ra), Defender: side(c.b, rb), Duel: d}
	for n, rd := range o.Rounds {
		for i, b := range rd.Blows {
			by, at := c.a, c.b
			if b.Attacker == 1 {
				by, at = c.b, c.a
			}
			ev := t.addEl(EvCombat, CodeDuelBlow, by.e, at.e)
			ev.N, ev.Limit, ev.Value, ev.Combat = n+1, i, b.Taken, rep
		}
	}
	t.addEl(EvCombat, CodeContest, c.a.e, c.b.e).Combat = rep
}

// conditionWords name a hero's condition in the log.
var conditionWords = map[thirdage.Condition]string{
	thirdage.Fighting: "still fighting", thirdage.Incapacitated: "incapacitated",
	thirdage.Unconscious: "unconscious", thirdage.Dead: "dead",
}

// locationWords name the hit locations in the log.
var locationWords = [thirdage.NumLocations]string{"right leg", "left leg", "abdomen", "chest", "right arm", "left arm", "head"}

// describeDuel is a duel report's line: the heroes, the damage each took
// and how they stand, and the HOTT result.
func (r *Report) describeDuel() string {
	d := r.Duel
	hero := func(i int) string {
		s := d.HeroNames[i] + " took " + strconv.Itoa(d.Taken[i])
		if d.Condition[i] != thirdage.Fighting {
			s += " (" + conditionWords[d.Condition[i]] + ")"
		}
		return s
	}
	return ContestDuel + ": " + r.Attacker.Name + " against " + r.Defender.Name + " over " +
		strconv.Itoa(len(d.Rounds)) + " round" + plural(len(d.Rounds)) + ": " + hero(0) + ", " + hero(1) + ": " + r.Outcome()
}

// describeBlow is one blow's line, from the report's typed record.
func describeBlow(e Event) string {
	if e.Combat == nil || e.Combat.Duel == nil || e.N < 1 || e.N > len(e.Combat.Duel.Rounds) {
		return ""
	}
	rd := e.Combat.Duel.Rounds[e.N-1]
	if e.Limit < 0 || e.Limit >= len(rd.Blows) {
		return ""
	}
	b := rd.Blows[e.Limit]
	d := e.Combat.Duel
	s := "round " + strconv.Itoa(e.N) + ": " + d.HeroNames[b.Attacker]
	if b.Free {
		s += " (free attack)"
	}
	s += " strikes at SR " + strconv.Itoa(b.SR) + " with " + b.Weapon + ": "
	if b.FirstAttack > 0 {
		s += strconv.Itoa(b.FirstAttack) + ", Sure Blow: "
	}
	s += strconv.Itoa(b.Attack) + " against " + strconv.Itoa(b.Target)
	switch {
	case b.Fumble:
		return s + ": fumbles"
	case !b.Hit:
		return s + ": misses"
	case b.Critical:
		s += ": critical"
	default:
		s += ": hits"
	}
	if b.Parry > 0 {
		if b.Parried {
			s += ", parried (" + strconv.Itoa(b.Parry) + ")"
		} else {
			s += ", parry fails (" + strconv.Itoa(b.Parry) + ")"
		}
	}
	where := locationWords[b.Location]
	if b.Mount {
		where = "the mount"
	}
	s += ", " + where + ": " + strconv.Itoa(b.Damage) + " damage"
	if slices.Contains(b.MagicUsed, thirdage.PowerfulBlow) {
		s += " (Powerful Blow)"
	}
	if b.Critical {
		s += ", armour ignored"
	} else {
		s += ", " + strconv.Itoa(b.Armour) + " stopped"
	}
	s += ", " + strconv.Itoa(b.Taken) + " through"
	if b.Effect != "" {
		s += ": " + d.HeroNames[1-b.Attacker] + " " + b.Effect
	} else if b.Condition != thirdage.Fighting {
		s += ": " + d.HeroNames[1-b.Attacker] + " " + conditionWords[b.Condition]
	}
	return s
}
