package engine

import (
	"slices"
	"testing"

	"pelennor/engine/rules"
)

// R12: a general's sight for command range is blocked by woods, built-up
// areas, the city and hills, never by elements. The general (1) is 840 p
// behind the Blades (2) it moves: within 1200 p, beyond 600 p.
func TestCommandSight(t *testing.T) {
	base := func() *table {
		return newTable().add(1, "ca", rules.Heroes, 1200, 2000, north).general(1).
			add(2, "ca", rules.Blades, 1200, 1100, north)
	}
	cases := []struct {
		name string
		tb   *table
		pips int // left of 6 after moving 2
	}{
		{"open ground: in sight, 1 PIP", base(), 5},
		{"a friend between them: in sight", base().add(3, "ca", rules.Spears, 1200, 1500, north), 5},
		{"an enemy between them: in sight", base().add(3, "cb", rules.Spears, 1200, 1500, north), 5},
		{"a wood between them: out of sight, +1", base().area("wood", 1000, 1400, 1400, 1600), 4},
		{"a hill between them: out of sight, +1", base().area("hill", 1000, 1400, 1400, 1600), 4},
		{"the general on the hill sees over it", base().area("hill", 1000, 1400, 1400, 2300), 5},
		{"the city between them: out of sight, +1", base().area("city", 1000, 1400, 1400, 1600), 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := c.tb.game(t, 6)
			must(t, g, mv(2, 1200, 1000, north))
			pipsLeft(c.pips)(t, g, nil)
		})
	}
}

// R12 in the Pelennor: the Rohirrim's own line does not hide its ends from
// Théoden, so the first group move of the whole line costs 1 PIP.
func TestRohirrimLineInSight(t *testing.T) {
	g := pelennor(t, nil, 1, 6)
	ids := []int{}
	for id := 201; id <= 214; id++ {
		ids = append(ids, id)
	}
	tx := g.begin()
	theoden := tx.el(pTheoden)
	for _, id := range []int{213, 212} { // the west and east ends
		e := tx.el(id)
		if !tx.sees(theoden, e) || tx.outOfRange(e.Cmd, e) {
			t.Errorf("%s: seen %v, out of range %v", tx.name(e), tx.sees(theoden, e), tx.outOfRange(e.Cmd, e))
		}
	}
	c := cmdIndex(g, "rohirrim")
	before := g.Commands()[c].PIPs
	must(t, g, grp(100, 0, ids...))
	if spent := before - g.Commands()[c].PIPs; spent != 1 {
		t.Errorf("the line's first group move cost %d PIPs, want 1", spent)
	}
}

// §5, D50: +1 only to an element whose front edge is at least partly
// upslope of the whole enemy element, against ground troops. Blades 1
// (front at y 1200, facing north, base to y 1260) fights Blades 2 (base
// y 1140-1200); each hill's crest is its centre.
func TestHills(t *testing.T) {
	cases := []struct {
		name     string
		hill     [4]int
		enemy    rules.Type
		upA, upB bool
	}{
		{"only 1's rear on the hill: its front is not upslope", [4]int{800, 1230, 1600, 1700}, rules.Blades, false, false},
		{"1's front edge on the hill, 2 off it", [4]int{800, 1200, 1600, 1700}, rules.Blades, true, false},
		{"both on the hill, crest behind 1: 1 is above", [4]int{800, 1190, 1600, 1700}, rules.Blades, true, false},
		{"both on the hill, crest behind 2: 2 is above", [4]int{800, 700, 1600, 1210}, rules.Blades, false, true},
		{"both on the hill, level about the crest on their edge", [4]int{1000, 1000, 1400, 1400}, rules.Blades, false, false},
		{"1 above an aerial enemy: no +1", [4]int{800, 1200, 1600, 1700}, rules.Flyers, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := duel(rules.Blades, c.enemy).area("hill", c.hill[0], c.hill[1], c.hill[2], c.hill[3]).game(t, 6, 3, 3)
			toClose(t, g)
			rep := combatEvent(t, must(t, g, Action{Kind: ActCombat, ID: 1}))
			if got := slices.Contains(factorList(rep.Attacker.Factors), "+1 uphill"); got != c.upA {
				t.Errorf("1 uphill: %v, want %v (%v)", got, c.upA, rep.Attacker.Factors)
			}
			if got := slices.Contains(factorList(rep.Defender.Factors), "+1 uphill"); got != c.upB {
				t.Errorf("2 uphill: %v, want %v (%v)", got, c.upB, rep.Defender.Factors)
			}
		})
	}
}
