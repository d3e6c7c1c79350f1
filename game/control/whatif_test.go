package control

import (
	"os"
	"reflect"
	"slices"
	"testing"

	"pelennor/engine"
)

// goldenGame opens the engine's golden Pelennor game: its scenario and
// save, and a fresh history to replay its actions into.
func goldenGame(t *testing.T) (*pos, []engine.Action) {
	t.Helper()
	data, err := os.ReadFile("../../engine/testdata/golden/pelennor.json")
	if err != nil {
		t.Fatal(err)
	}
	s, err := engine.ParseSave("pelennor.json", data)
	if err != nil {
		t.Fatal(err)
	}
	scData, err := os.ReadFile("../../scenarios/pelennor.json")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := engine.ParseScenario("pelennor.json", scData)
	if err != nil {
		t.Fatal(err)
	}
	h, err := engine.NewHistory(sc, s.Seed, s.Dice, engine.Options{Rulings: s.Rulings, Deployment: s.Deployment})
	if err != nil {
		t.Fatal(err)
	}
	return &pos{h: h}, s.Actions
}

// TestWhatIfIsTheEngines replays the golden Pelennor game and, at every
// close combat phase, checks that each listed combat's what-if is the
// engine's odds for it, that Fight(i) fights the combat shown as i, and
// that the elements marked on the table are those its factors name.
func TestWhatIfIsTheEngines(t *testing.T) {
	p, acts := goldenGame(t)
	c := New(p)
	listed, marked := 0, 0
	for i, a := range acts {
		if p.Game().Phase() == engine.PhaseClose {
			cs := c.ListedCombats()
			if len(cs) != len(p.Game().Combats()) {
				t.Fatalf("action %d: %d listed, the engine has %d", i, len(cs), len(p.Game().Combats()))
			}
			for k, lc := range cs {
				listed++
				want, err := engine.Odds(p.Game(), lc.A, lc.B, "close", nil)
				if err != nil || lc.Odds == nil || lc.Apart {
					t.Fatalf("action %d combat %d: odds %v apart %v, engine %v", i, k, lc.Odds, lc.Apart, err)
				}
				if !reflect.DeepEqual(*lc.Odds, *want) {
					t.Errorf("action %d: what-if %+v, engine %+v", i, *lc.Odds, *want)
				}
				if f := c.Fight(k); f.Act == nil || f.Act.ID != lc.A || f.Act.Target != lc.B {
					t.Errorf("action %d: Fight(%d) is %+v, listed %d v %d", i, k, f.Act, lc.A, lc.B)
				}
				for side, s := range []engine.OddsSide{lc.Odds.Attacker, lc.Odds.Defender} {
					sum := 0
					for _, o := range s.Outcomes {
						sum += o.In36
					}
					if sum != 36 {
						t.Errorf("action %d side %d: outcomes sum to %d of 36", i, side, sum)
					}
				}
				ms := FactorMarks(lc.Odds)
				for _, m := range ms {
					side := []engine.OddsSide{lc.Odds.Attacker, lc.Odds.Defender}[m.Side]
					if !slices.ContainsFunc(side.Factors, func(f engine.Factor) bool { return f.ID == m.ID && f.Code == m.Code }) {
						t.Errorf("action %d: mark %+v names no factor of its side", i, m)
					}
				}
				marked += len(ms)
			}
			if k := c.ShownCombat(); len(cs) > 0 && k != 0 {
				t.Errorf("action %d: combat %d shown first, want 0", i, k)
			}
			if len(cs) > 1 {
				c.ShowCombat(1)
				if c.ShownCombat() != 1 {
					t.Errorf("action %d: ShowCombat(1) shows %d", i, c.ShownCombat())
				}
			}
		}
		if _, err := p.h.Apply(a); err != nil {
			t.Fatalf("action %d: %v", i, err)
		}
		if c.ShownCombat() > 0 {
			t.Errorf("action %d: the pick survives the action", i)
		}
	}
	if listed == 0 || marked == 0 {
		t.Errorf("%d combats listed, %d elements marked: the golden game should have both", listed, marked)
	}
}
