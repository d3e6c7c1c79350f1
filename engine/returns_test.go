package engine

import (
	"testing"

	"pelennor/engine/rules"
)

// lostAPIs checks a command's lost AP.
func lostAPIs(cmd, n int) func(*testing.T, *Game, []Event) {
	return func(t *testing.T, g *Game, _ []Event) {
		t.Helper()
		if got := g.LostAP(cmd); got != n {
			t.Errorf("command %d has lost %d AP, want %d", cmd, got, n)
		}
	}
}

func status(id int, st Status, lost bool) func(*testing.T, *Game, []Event) {
	return func(t *testing.T, g *Game, _ []Event) {
		t.Helper()
		if e := el(t, g, id); e.Status != st || e.Lost != lost {
			t.Errorf("element %d is %v (lost %v), want %v (lost %v)", id, e.Status, e.Lost, st, lost)
		}
	}
}

// movedAlready checks that an element counts as moved this bound.
func movedAlready(id int) func(*testing.T, *Game, []Event) {
	return func(t *testing.T, g *Game, _ []Event) {
		t.Helper()
		e := el(t, g, id)
		p := poseOf(e.Base)
		_, err := g.Apply(mv(id, p.X, p.Y-50, p.Facing))
		if ie, ok := err.(*IllegalError); !ok || ie.Code != "move.again" {
			t.Errorf("moving element %d again: %v, want move.again", id, err)
		}
	}
}

// In bound 1 side a's Hordes 1 and Blades 4 are destroyed by Warband;
// side b's Blades 6 stands on side a's base edge (south). Bound 3 is side
// a's next, with the PIP die pip.
func hordesLost(pip int) (*table, []int, []Action) {
	tb := newTable().
		add(1, "ca", rules.Hordes, 700, 1700, 0).add(2, "cb", rules.Warband, 700, 1700, 2048).
		add(4, "ca", rules.Blades, 1500, 1700, 0).add(5, "cb", rules.Warband, 1500, 1700, 2048).
		add(6, "cb", rules.Blades, 1500, 2300, 0)
	// a's PIPs; Hordes 2+1 against Warband 3+6; Blades 5+1 against
	// Warband 3+6; b's PIPs; a's PIPs.
	dice := []int{6, 1, 6, 1, 6, 1, pip}
	setup := []Action{endPhase, endPhase, {Kind: ActCombat, ID: 1}, {Kind: ActCombat, ID: 4},
		{Kind: ActEndBound}, {Kind: ActEndBound}}
	return tb, dice, setup
}

func replace(id, x, y, facing int) Action {
	return Action{Kind: ActReplace, ID: id, To: to(x, y, facing)}
}

// §9.3, R18: lost Hordes come back.
func TestReplaceHordes(t *testing.T) {
	tb, dice, setup := hordesLost(6)
	_, dice1, _ := hordesLost(1)
	runActs(t, []actCase{
		{name: "Hordes replaced for 1 PIP on the base edge", tb: tb, dice: dice, setup: setup, act: replace(1, 900, 2320, 0),
			check: both(at(1, 900, 2320, 0), status(1, OnTable, false), lostAPIs(0, 2), pipsLeft(5), movedAlready(1))},
		{name: "before: Hordes and Blades lost", tb: tb, dice: dice, setup: setup, act: mv(901, 160, 2200, 0),
			check: both(status(1, Destroyed, true), lostAPIs(0, 3))},
		{name: "not touching the base edge", tb: tb, dice: dice, setup: setup, act: replace(1, 1300, 2300, 0),
			code: "arrive.edge", reason: "touching the south edge"},
		{name: "not wholly on the table", tb: tb, dice: dice, setup: setup, act: replace(1, 1300, 2340, 0),
			code: "arrive.off_table"},
		{name: "200 p from an enemy is within 200 p", tb: tb, dice: dice, setup: setup, act: replace(1, 1140, 2320, 0),
			code: "arrive.enemy", reason: "within 200 p (2\") of Blades 6"},
		{name: "201 p from an enemy", tb: tb, dice: dice, setup: setup, act: replace(1, 1139, 2320, 0)},
		{name: "on top of a friend", tb: tb, dice: dice, setup: setup, act: replace(1, 200, 2320, 0), code: "arrive.overlap"},
		{name: "only Hordes are replaced", tb: tb, dice: dice, setup: setup, act: replace(4, 1300, 2340, 0),
			code: "replace.type", reason: "only Hordes are replaced"},
		{name: "not an element on the table", tb: tb, dice: dice, setup: setup, act: replace(901, 1300, 2240, 0),
			code: "element.status"},
		{name: "not the enemy's", tb: tb, dice: dice, setup: setup, act: replace(2, 1300, 2320, 0), code: "element.enemy"},
		{name: "short of PIPs", tb: tb, dice: dice1, setup: append(setup, mv(901, 160, 2200, 0)), act: replace(1, 900, 2320, 0),
			code: "pips.short"},
		{name: "only in the move phase", tb: tb, dice: dice, setup: append(setup, endPhase), act: replace(1, 900, 2320, 0),
			code: "replace.phase"},
	})
}

// §9.2: desorcelling costs 6 PIPs of one command.
func TestDesorcel(t *testing.T) {
	// Heroes 1 are ensorcelled by Magicians 2 in bound 1: 5+1 against 4+6.
	// Blades 6–8 keep side a above half its AP.
	one := newTable().add(1, "ca", rules.Heroes, 700, 1700, 0).add(2, "cb", rules.Magicians, 700, 1700, 2048)
	line(one, 6, 1200, 1500, rules.Blades, rules.Blades, rules.Blades)
	setup := []Action{endPhase, endPhase, {Kind: ActCombat, ID: 1}, {Kind: ActEndBound}, {Kind: ActEndBound}}
	des := func(pay string, x, y int) Action {
		return Action{Kind: ActDesorcel, ID: 1, To: to(x, y, 0), Pay: pay}
	}
	// Two commands on side a, 3 PIPs each: never pooled (R5).
	two := twoCommands().add(6, "ca", rules.Heroes, 700, 1700, 0).add(7, "cb", rules.Magicians, 700, 1700, 2048)
	two.sc.Commands[0].BreakPoint = 10
	line(two, 8, 1200, 1500, rules.Blades, rules.Blades, rules.Blades)
	setup2 := []Action{endPhase, endPhase, {Kind: ActCombat, ID: 6}, {Kind: ActEndBound}, {Kind: ActEndBound}}
	runActs(t, []actCase{
		{name: "the Heroes are ensorcelled", tb: one, dice: []int{6, 1, 6, 1, 6}, setup: setup, act: endPhase,
			check: both(status(1, Ensorcelled, true), lostAPIs(0, 4))},
		{name: "desorcelled for 6 PIPs on the base edge", tb: one, dice: []int{6, 1, 6, 1, 6}, setup: setup, act: des("", 1300, 2240),
			check: both(status(1, OnTable, false), at(1, 1300, 2240, 0), pipsLeft(0), lostAPIs(0, 0), movedAlready(1))},
		{name: "5 PIPs are not enough", tb: one, dice: []int{6, 1, 6, 1, 5}, setup: setup, act: des("", 1300, 2240),
			code: "pips.short", reason: "costs 6 PIPs"},
		{name: "not touching the base edge", tb: one, dice: []int{6, 1, 6, 1, 6}, setup: setup, act: des("", 1300, 2200),
			code: "arrive.edge"},
		{name: "only ensorcelled elements", tb: one, dice: []int{6, 1, 6, 1, 6}, setup: setup,
			act: Action{Kind: ActDesorcel, ID: 6, To: to(1300, 2240, 0)}, code: "element.status"},
		{name: "3 PIPs of its own command", tb: two, dice: []int{6, 6, 1, 6, 1, 3, 3}, setup: setup2,
			act: Action{Kind: ActDesorcel, ID: 6, To: to(1300, 2240, 0)}, code: "pips.short"},
		{name: "not with the other command's", tb: two, dice: []int{6, 6, 1, 6, 1, 3, 3}, setup: setup2,
			act: Action{Kind: ActDesorcel, ID: 6, To: to(1300, 2240, 0), Pay: "ca2"}, code: "pay.other"},
		{name: "6 PIPs of its own command", tb: two, dice: []int{6, 6, 1, 6, 1, 6, 3}, setup: setup2,
			act: Action{Kind: ActDesorcel, ID: 6, To: to(1300, 2240, 0)}, check: status(6, OnTable, false)},
	})
}

func summon(id, x, y int) Action { return Action{Kind: ActSummon, ID: id, To: to(x, y, 0)} }

// §3, §9.4, R19: Gods, Dragons and Lurkers arrive for PIPs on the base
// edge.
func TestSummon(t *testing.T) {
	god := newTable().reserve(1, "ca", rules.Gods).add(2, "cb", rules.Blades, 1500, 2300, 0)
	dragons := newTable().reserve(1, "ca", rules.Dragons).reserve(2, "ca", rules.Dragons)
	runActs(t, []actCase{
		{name: "a God for 6 PIPs", tb: god, act: summon(1, 700, 2240),
			check: both(status(1, OnTable, false), at(1, 700, 2240, 0), pipsLeft(0), movedAlready(1))},
		{name: "a God for 5 PIPs", tb: god, dice: []int{5}, act: summon(1, 700, 2240), code: "pips.short", reason: "costs 6 PIPs"},
		{name: "a God off the base edge", tb: god, act: summon(1, 700, 2000), code: "arrive.edge"},
		{name: "a God near an enemy", tb: god, act: summon(1, 1300, 2240), code: "arrive.enemy"},
		{name: "all the Dragons together", tb: dragons,
			act:   Action{Kind: ActSummon, Place: []Placement{{ID: 1, Pose: Pose{X: 700, Y: 2240}}, {ID: 2, Pose: Pose{X: 860, Y: 2240}}}},
			check: both(status(1, OnTable, false), status(2, OnTable, false), pipsLeft(0))},
		{name: "not one Dragon alone", tb: dragons, act: summon(1, 700, 2240), code: "summon.dragons", reason: "place Dragons 2 too"},
		{name: "not Dragons on top of each other", tb: dragons,
			act:  Action{Kind: ActSummon, Place: []Placement{{ID: 1, Pose: Pose{X: 700, Y: 2240}}, {ID: 2, Pose: Pose{X: 800, Y: 2240}}}},
			code: "arrive.overlap"},
		{name: "a Lurker for 1 PIP (D4)", tb: newTable().reserve(1, "ca", rules.Lurkers), act: summon(1, 700, 2320),
			check: both(status(1, OnTable, false), pipsLeft(5))},
		{name: "only Gods, Dragons and Lurkers", tb: newTable().reserve(1, "ca", rules.Lurkers), act: summon(901, 700, 2240),
			code: "element.status"},
	})
}

// R19, D19: a God leaves when its command's PIP die shows 1, counts as
// lost while absent, and may be brought on again.
func TestGodLeaves(t *testing.T) {
	tb := newTable().reserve(1, "ca", rules.Gods)
	line(tb, 2, 1200, 1500, rules.Blades, rules.Blades, rules.Blades) // so that side a does not lose
	g := tb.game(t, 6, 1, 1, 3, 6)
	must(t, g, summon(1, 700, 2240), Action{Kind: ActEndBound})
	if e := el(t, g, 1); e.Status != OnTable {
		t.Fatalf("side b's die of 1 sent side a's God away: %v", e.Status)
	}
	evs := must(t, g, Action{Kind: ActEndBound})
	status(1, Left, true)(t, g, evs)
	lostAPIs(0, 4)(t, g, evs)
	reported(CodeDeparts, 1, 0, 0)(t, g, evs)
	must(t, g, Action{Kind: ActEndBound}, Action{Kind: ActEndBound})
	if g.Bound() != 5 {
		t.Fatalf("bound %d, want 5", g.Bound())
	}
	must(t, g, summon(1, 900, 2240))
	status(1, OnTable, false)(t, g, nil)
}
