package engine

import (
	"os"
	"slices"
	"testing"

	"pelennor/engine/rules"
)

// spellTargetsByCheck is SpellTargets by its definition: every element on
// the table that Check accepts the bespell of.
func spellTargetsByCheck(g *Game, id int) []int {
	var out []int
	for _, o := range g.st.Elements {
		if o.OnTable() && g.Check(Action{Kind: ActBespell, ID: id, Target: o.ID}) == nil {
			out = append(out, o.ID)
		}
	}
	return out
}

// SpellTargets, which tests the target-independent refusals once and
// Checks only the candidates left, lists exactly what Check accepts: at
// every position of the golden Pelennor game and, before each distant
// phase, at that phase, for every Magician of either side, a non-Magician
// of each side and an id no element has.
func TestSpellTargetsAsCheck(t *testing.T) {
	scData, err := os.ReadFile("../scenarios/pelennor.json")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := ParseScenario("pelennor.json", scData)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("testdata/golden/pelennor.json")
	if err != nil {
		t.Fatal(err)
	}
	s, err := ParseSave("pelennor.json", data)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := s.start(sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	ids := []int{-1, 999999}
	other := map[int]bool{}
	for _, e := range g.st.Elements {
		if e.Type == rules.Magicians {
			ids = append(ids, e.ID)
		} else if !other[e.Side] {
			other[e.Side] = true
			ids = append(ids, e.ID)
		}
	}
	found, distant := 0, 0
	check := func(where int, g *Game) {
		if g.Phase() == PhaseDistant {
			distant++
		}
		for _, id := range ids {
			got, want := g.SpellTargets(id), spellTargetsByCheck(g, id)
			if !slices.Equal(got, want) {
				t.Fatalf("before action %d (%s phase), element %d: SpellTargets %v, by Check %v", where, g.Phase(), id, got, want)
			}
			found += len(got)
		}
	}
	for i, a := range s.Actions {
		check(i, g)
		if g.Phase() == PhaseMove {
			gd := g.clone()
			if _, err := gd.Apply(Action{Kind: ActEndPhase}); err == nil {
				check(i, gd)
			}
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatalf("action %d: %v", i, err)
		}
	}
	// The game must have offered bespells, or the test proved little.
	if found == 0 || distant == 0 {
		t.Errorf("%d bespell targets in %d distant-phase positions: the game no longer exercises bespelling", found, distant)
	}
	t.Logf("%d targets found, %d distant-phase positions, %d ids", found, distant, len(ids))
}
