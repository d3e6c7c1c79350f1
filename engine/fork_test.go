package engine

import (
	"fmt"
	"os"
	"reflect"
	"testing"

	"pelennor/engine/dice"
	"pelennor/engine/rules"
)

// A fork rolls its own dice: playing it on draws nothing from the game's
// generator and leaves the game as it was, and the game's next dice are
// the ones it would have rolled had there been no fork.
func TestForkRollsItsOwnDice(t *testing.T) {
	data, err := os.ReadFile("../scenarios/pelennor.json")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := ParseScenario("pelennor.json", data)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := New(sc, dice.NewPCG(7), rules.Rulings{})
	if err != nil {
		t.Fatal(err)
	}
	twin, _, err := New(sc, dice.NewPCG(7), rules.Rulings{})
	if err != nil {
		t.Fatal(err)
	}
	before, draws := g.Hash(), g.Draws()
	f := g.Fork(dice.NewPCG(99))
	for range 6 { // through the bound's phases and into the next bound, which rolls PIP dice
		if _, err := f.Apply(Action{Kind: ActEndPhase}); err != nil {
			if _, err := f.Apply(Action{Kind: ActEndBound}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if f.Bound() == g.Bound() {
		t.Fatalf("the fork stayed in bound %d", f.Bound())
	}
	if g.Hash() != before || g.Draws() != draws {
		t.Fatalf("playing the fork changed the game")
	}
	for _, h := range []*Game{g, twin} {
		for range 6 {
			if _, err := h.Apply(Action{Kind: ActEndPhase}); err != nil {
				if _, err := h.Apply(Action{Kind: ActEndBound}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if g.Hash() != twin.Hash() {
		t.Fatalf("after a fork the game's dice differ from a game without one")
	}
}

// A turned fork is the other side's move phase with the PIPs asked for:
// its elements may move and contact the first side's, and the game it
// was made from is untouched.
func TestTurnedIsTheOtherSidesMove(t *testing.T) {
	g := pelennor(t, nil, 4, 4, 4, 4, 4, 4, 4, 4)
	before := g.Hash()
	f := g.Turned(dice.NewPCG(1), 6)
	if _, side := f.ToAct(); side != 1 || f.Phase() != PhaseMove || f.Bound() != g.Bound()+1 {
		t.Fatalf("turned: bound %d, side %d to act, %s phase", f.Bound(), side, f.Phase())
	}
	rolled := 0
	for i, c := range f.Commands() {
		if f.Scenario().Commands[i].Side != "mordor" || c.Die == 0 {
			continue
		}
		rolled++
		if c.Die != 6 || c.PIPs != 6 {
			t.Errorf("command %d: die %d, %d PIPs; want 6 and 6", i, c.Die, c.PIPs)
		}
	}
	if rolled == 0 {
		t.Error("no Mordor command has PIPs in the turned fork")
	}
	if !f.MayMove(pHordes) {
		t.Error("a Mordor element may not move in the turned fork")
	}
	if g.Hash() != before {
		t.Fatal("turning a fork changed the game")
	}
}

// A fork made in an old fork's memory (ForkInto) plays as a new fork
// would: the same events and the same positions, whatever the old fork
// had played or checked; and the game it was made from is untouched.
func TestForkIntoPlaysAsAFork(t *testing.T) {
	g, _, err := New(benchLine(t, 12, 200), dice.NewPCG(3), rules.Rulings{})
	if err != nil {
		t.Fatal(err)
	}
	before := g.Hash()
	// Element 1 steps up to contact: a move Allowed keeps ready.
	step := Action{Kind: ActMove, ID: 1, To: &Pose{X: 600, Y: 2400 + 40, Facing: 0}}
	var evs []Event
	for _, played := range []bool{false, true} {
		// The old fork plays two bounds into its slabs and spare, or
		// checks the step with its own dice in the very position.
		old := g.Fork(dice.NewPCG(8))
		for played && old.Bound() < 3 {
			a := Action{Kind: ActEndPhase}
			if old.Phase() == PhaseClose {
				a.Kind = ActEndBound
			}
			if evs, err = old.ApplyTo(evs[:0], a); err != nil {
				t.Fatal(err)
			}
		}
		if !played && !old.Allowed(step) {
			t.Fatalf("the step is refused: %v", old.Check(step))
		}
		reused, fresh := g.ForkInto(old, dice.NewPCG(5)), g.Fork(dice.NewPCG(5))
		if reused != old {
			t.Fatalf("ForkInto made a new game")
		}
		var er, ef []Event
		for k := 0; fresh.Bound() < 4; k++ {
			a := Action{Kind: ActEndPhase}
			switch {
			case k == 0:
				a = step
			case fresh.Phase() == PhaseClose:
				a.Kind = ActEndBound
			}
			er, err = reused.ApplyTo(er[:0], a)
			if err != nil {
				t.Fatal(err)
			}
			if ef, err = fresh.ApplyTo(ef[:0], a); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(er, ef) {
				t.Fatalf("played %v, bound %d, %s: the reused fork's events differ from a new fork's", played, fresh.Bound(), a.Kind)
			}
			if reused.Hash() != fresh.Hash() {
				t.Fatalf("played %v, bound %d, %s: the reused fork's position differs from a new fork's", played, fresh.Bound(), a.Kind)
			}
		}
	}
	if g.Hash() != before {
		t.Fatalf("the forks changed the game")
	}
	if f := g.ForkInto(g, dice.NewPCG(5)); f == g {
		t.Fatalf("ForkInto a game's own memory returned the game")
	}
}

// ApplyTo writes its events' reports in the room its last call used;
// Apply's events keep theirs, whatever the game does next.
func TestApplyToReusesItsRoom(t *testing.T) {
	g, _, err := New(benchLine(t, 6, 0), dice.NewPCG(3), rules.Rulings{})
	if err != nil {
		t.Fatal(err)
	}
	// The first combat report of the next action that fights one, by
	// either way of applying.
	next := func(g *Game, keep bool) *Report {
		t.Helper()
		var evs []Event
		for g.Bound() < 20 {
			a := Action{Kind: ActEndPhase}
			if g.Phase() == PhaseClose {
				a.Kind = ActEndBound
			}
			if keep {
				evs, err = g.Apply(a)
			} else {
				evs, err = g.ApplyTo(evs[:0], a)
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range evs {
				if e.Combat != nil {
					return e.Combat
				}
			}
		}
		t.Fatalf("no combat by bound %d", g.Bound())
		return nil
	}
	for _, keep := range []bool{false, true} {
		f := g.Fork(dice.NewPCG(1))
		r1 := next(f, keep)
		said := fmt.Sprintf("%+v", *r1)
		r2 := next(f, keep)
		switch {
		case !keep && r1 != r2:
			t.Errorf("ApplyTo's second combat wrote its report in new room")
		case keep && r1 == r2:
			t.Errorf("Apply's second combat wrote over the first's report")
		case keep && fmt.Sprintf("%+v", *r1) != said:
			t.Errorf("Apply's first report changed: %s, was %s", fmt.Sprintf("%+v", *r1), said)
		}
	}
}
