package engine_test

import (
	"testing"

	"pelennor/engine"
	"pelennor/standard"
)

// A standard battle's set-up played by e-mail: each machine makes the
// set-up actions of its own side, in its own dice segments, files go
// back and forth, and both reach the same first bound.
func TestKeyedSetup(t *testing.T) {
	_, sc, err := standard.Builtin("rohan", "isengard")
	if err != nil {
		t.Fatal(err)
	}
	a, b := startMatch(t, sc, 0)
	lay := standard.Generated(11, [2]string{})
	machines := map[int]*machine{a.sec.Side: a, b.sec.Side: b}
	for turn := 0; ; turn++ {
		if turn > 40 {
			t.Fatal("the set-up never ends")
		}
		g := machines[0].h.Game()
		if g.Phase() != engine.PhaseSetup && g.Phase() != engine.PhaseDeploy {
			break
		}
		_, acting := g.ToAct()
		m, other := machines[acting], machines[1-acting]
		for {
			g := m.h.Game()
			_, side := g.ToAct()
			if side != m.sec.Side || !g.DiceOpen() || (g.Phase() != engine.PhaseSetup && g.Phase() != engine.PhaseDeploy) {
				break
			}
			act, _ := standard.Next(g, lay)
			if _, err := m.h.Apply(act); err != nil {
				t.Fatalf("%s: %s: %v", m.name, act.Kind, err)
			}
		}
		other.receive(t, m.send(t)) // both machines stand at the same point again
	}
	ga, gb := machines[0].h.Game(), machines[1].h.Game()
	def, _ := ga.Defender()
	if ga.Hash() != gb.Hash() || ga.Bound() != 1 || len(ga.Scenario().Features()) < 4 {
		t.Fatalf("after the set-up: hashes %s and %s, bound %d, %d features", ga.Hash(), gb.Hash(), ga.Bound(), len(ga.Scenario().Features()))
	}
	if _, side := ga.ToAct(); side != def {
		t.Fatalf("side %d has the first bound, not the defender %d", side, def)
	}
}
