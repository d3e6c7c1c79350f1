package engine

import (
	"os"
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
