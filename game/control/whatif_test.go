package control

import (
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
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
						sum += o.Count
					}
					if sum != lc.Odds.Samples || lc.Odds.Samples != 36 {
						t.Errorf("action %d side %d: outcomes sum to %d of %d, want 36", i, side, sum, lc.Odds.Samples)
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

// apartPos is a table where a push-back parts a pair: Knights 1 (side a)
// front to front with Blades 2; behind 2 its friend Blades 8 faces east,
// its front against only the southern 20 paces of enemy Blades 9's
// front. When 2 recoils from 1 it pushes 8 north, out of 9's reach.
func apartPos(t *testing.T, seed uint64) *pos {
	t.Helper()
	el := func(id int, cmd, ty string, x, y, f int) engine.ElementSpec {
		return engine.ElementSpec{ID: id, Command: cmd, Type: ty, Name: ty + " " + strconv.Itoa(id), X: x, Y: y, Facing: f}
	}
	sc := engine.Scenario{Format: engine.ScenarioFormat, ID: "t", Version: 1, Name: "t", Rules: "standard",
		Table: engine.TableSpec{Width: 2400, Height: 2400},
		Sides: []engine.SideSpec{{ID: "a", Name: "A"}, {ID: "b", Name: "B"}},
		Commands: []engine.CommandSpec{{ID: "ca", Side: "a", Name: "A", General: 4, BaseEdge: "south"},
			{ID: "cb", Side: "b", Name: "B", General: 5, BaseEdge: "north"}},
		Elements: []engine.ElementSpec{el(1, "ca", "Knights", 700, 1900, 0), el(2, "cb", "Blades", 700, 1900, 2048),
			el(4, "ca", "Heroes", 160, 2240, 0), el(5, "cb", "Heroes", 2240, 160, 2048),
			el(8, "cb", "Blades", 800, 1760, 1024), el(9, "ca", "Blades", 800, 1900, 3072)},
	}
	data, err := json.Marshal(sc)
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := engine.ParseScenario("t.json", data)
	if err != nil {
		t.Fatal(err)
	}
	h, err := engine.NewHistory(parsed, &seed, nil, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return &pos{h: h}
}

// TestPushedApartCombat: a combat whose pair a push-back parted earlier
// in the phase stays in the engine's list, but is listed as apart, with
// no odds and the engine's reason; "fighting" it clears it, and it is not
// a combat the table marks.
func TestPushedApartCombat(t *testing.T) {
	for seed := uint64(1); seed <= 60; seed++ {
		p := apartPos(t, seed)
		c := New(p)
		for p.Game().Phase() != engine.PhaseClose {
			p.apply(t, c.EndPhase().withoutConfirm())
		}
		cs := c.ListedCombats()
		if len(cs) != 2 || cs[0].A != 1 || cs[0].B != 2 || cs[1].A != 9 || cs[1].B != 8 {
			t.Fatalf("listed %+v, want 1 v 2 and 9 v 8", cs)
		}
		for _, lc := range cs {
			if lc.Odds == nil || lc.Apart {
				t.Fatalf("before any fight: %+v", lc)
			}
		}
		evs := p.apply(t, c.Fight(0))
		if !slices.ContainsFunc(evs, func(e engine.Event) bool { return e.Code == engine.CodePushed && e.ID == 8 }) {
			continue // 2 did not recoil with this seed's dice
		}
		cs = c.ListedCombats()
		if len(p.Game().Combats()) != 1 || len(cs) != 1 {
			t.Fatalf("after the push: engine %v, listed %+v", p.Game().Combats(), cs)
		}
		lc := cs[0]
		if !lc.Apart || lc.Odds != nil || !strings.Contains(lc.Reason, "no longer in contact") {
			t.Fatalf("the parted pair is listed as %+v, want apart with the engine's reason", lc)
		}
		if c.ShownCombat() != 0 {
			t.Errorf("shown %d with only the parted pair listed", c.ShownCombat())
		}
		if FactorMarks(lc.Odds) != nil {
			t.Error("marks for a pair with no odds")
		}
		evs = p.apply(t, c.Fight(0))
		if len(p.Game().Combats()) != 0 || !slices.ContainsFunc(evs, func(e engine.Event) bool { return e.Code == engine.CodeApart }) {
			t.Errorf("clearing it: combats %v, events %+v", p.Game().Combats(), evs)
		}
		return
	}
	t.Fatal("in 60 seeds Blades 2 never recoiled and pushed 8 back")
}
