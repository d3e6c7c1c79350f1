package standard

import (
	"strings"
	"testing"

	"pelennor/army"
	"pelennor/engine"
	"pelennor/engine/dice"
	"pelennor/engine/rules"
)

// Every embedded army, against the next list's, over several seeds: the
// automatic set-up always reaches the defender's first bound with every
// element that starts on the table deployed, whatever terrain the
// generator lays in the defender's home country.
func TestAutoSetupEveryArmy(t *testing.T) {
	cat, err := army.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	ids := cat.IDs()
	for i, id := range ids {
		other := ids[(i+1)%len(ids)]
		la, _ := cat.List(id)
		lb, _ := cat.List(other)
		aa, _ := cat.Army(id)
		ab, _ := cat.Army(other)
		_, sc, err := Scenario(la, lb, aa, ab, army.Standard)
		if err != nil {
			t.Fatalf("%s against %s: %v", id, other, err)
		}
		for seed := uint64(1); seed <= 8; seed++ {
			g, _, err := engine.NewGame(sc, dice.NewPCG(seed), engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := AutoSetup(g, Generated(seed, [2]string{la.Home, lb.Home})); err != nil {
				t.Fatalf("%s against %s, seed %d: %v", id, other, seed, err)
			}
			def, _ := g.Defender()
			if g.Bound() != 1 || g.Phase() != engine.PhaseMove {
				t.Fatalf("%s against %s, seed %d: bound %d, %s", id, other, seed, g.Bound(), g.Phase())
			}
			for _, e := range g.Elements() {
				spec, _ := sc.Spec(e.ID)
				want := !spec.Reserve && (e.Type != rules.Stronghold || e.Side == def)
				if e.OnTable() != want {
					t.Fatalf("%s against %s, seed %d: %s on the table: %v", id, other, seed, spec.Name, e.OnTable())
				}
			}
		}
	}
}

// The scenario of two armies: one command a side with its general, the
// stronghold, Gods, Dragons and Lurkers in reserve; an illegal army is
// refused, naming it.
func TestScenario(t *testing.T) {
	_, sc, err := Builtin("rivendell", "angmar")
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.Commands) != 2 || sc.Rules != "standard" || sc.Setup == nil || sc.Table.Width != 2400 {
		t.Fatalf("scenario %+v", sc)
	}
	for _, c := range sc.Commands {
		g, ok := sc.Spec(c.General)
		if !ok || g.Command != c.ID {
			t.Fatalf("command %s: general %d", c.ID, c.General)
		}
		strongholds := 0
		for _, e := range sc.Elements {
			ty, _ := rules.ParseType(e.Type)
			if e.Command == c.ID && ty == rules.Stronghold {
				strongholds++
			}
			if ty.Arrives() != e.Reserve {
				t.Errorf("%s: reserve %v", e.Name, e.Reserve)
			}
		}
		if strongholds != 1 {
			t.Errorf("command %s has %d strongholds", c.ID, strongholds)
		}
	}
	cat, _ := army.Builtin()
	l, _ := cat.List("gondor")
	a, _ := cat.Army("gondor")
	a.Elements = a.Elements[:len(a.Elements)-3]
	if _, _, err := Scenario(l, l, a, a, army.Standard); err == nil || !strings.Contains(err.Error(), a.Name) {
		t.Fatalf("a short army: %v", err)
	}
	if _, _, err := Builtin("gondor", "narnia"); err == nil || !strings.Contains(err.Error(), "narnia") {
		t.Fatalf("an unknown list: %v", err)
	}
}
