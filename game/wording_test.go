package game

import (
	"os"
	"strings"
	"testing"

	"pelennor/engine"
	"pelennor/engine/dice"
	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
	"pelennor/game/sound"
)

// scrambledWording gives every event, factor and cost item words unlike
// the real ones, keeping only the code and a number, no name, so that any
// behaviour still reading the words (for "Gandalf", "activated", a cost
// in brackets) would break.
func scrambledWording() engine.Wording {
	w := engine.DefaultWording()
	for k := range w.Events {
		w.Events[k] = "«" + string(k) + "» {value}"
	}
	for k := range w.Factors {
		w.Factors[k] = "#" + string(k)
	}
	for k := range w.Costs {
		w.Costs[k] = "{pips}×" + string(k)
	}
	return w
}

// The log is reworded and the game behaves the same: the horn sounds
// when Gandalf rides out, a move's PIP cost is explained item by item,
// and the battle log and the hand-over summary list the events in the
// new words.
func TestBehaviourDoesNotReadTheWords(t *testing.T) {
	defer engine.SetWording(scrambledWording())()

	t.Run("horn for Gandalf", func(t *testing.T) {
		data, err := os.ReadFile("../engine/testdata/golden/pelennor.json")
		if err != nil {
			t.Fatal(err)
		}
		s, err := engine.ParseSave("pelennor.json", data)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := LoadScenario(catalog, "pelennor")
		if err != nil {
			t.Fatal(err)
		}
		g, _, err := engine.NewGame(sc, dice.NewPCG(*s.Seed), engine.Options{Rulings: s.Rulings})
		if err != nil {
			t.Fatal(err)
		}
		gandalf := false
		for i, a := range s.Actions {
			evs, err := g.Apply(a)
			if err != nil {
				t.Fatalf("action %d: %v", i, err)
			}
			for _, e := range evs {
				if e.Code != engine.CodeGandalf {
					continue
				}
				gandalf = true
				if d := e.Describe(); !strings.HasPrefix(d, "«gandalf»") {
					t.Fatalf("Gandalf's event reads %q: the wording was not swapped", d)
				}
				if k, ok := cue(evs); !ok || k != sound.Horn {
					t.Errorf("action %d: Gandalf rides out and the sound is %v (%v), want the horn", i, k, ok)
				}
			}
		}
		if !gandalf {
			t.Fatal("the golden game never shows Gandalf")
		}
	})

	t.Run("cost explanation and log", func(t *testing.T) {
		a, b, script := battleApp(t, "pelennor")
		m := b.Match()
		e := rohirrimKnight(t, m, 300, false)
		x0, y0, x1, y1 := aim(b, e, 300)
		script.Add(input.Drag(0, x0, y0, x1, y1, 10)...)
		ebitest.Run(t, a, 12)
		d := b.Dragging()
		if d == nil || !d.OK || d.Cost != 1 || d.CostWhy != "1×move" {
			t.Fatalf("ghost before release: %+v, want a legal move costing 1 PIP explained as %q", d, "1×move")
		}
		logBefore := len(m.Log)
		ebitest.Run(t, a, 4)
		if len(m.Actions) != 1 || len(m.Log) <= logBefore {
			t.Fatalf("the move was not made: %d actions, %d events", len(m.Actions), len(m.Log))
		}
		entries := b.log.Entries()
		if len(entries) != len(m.Log) {
			t.Fatalf("the battle log has %d entries for %d events", len(entries), len(m.Log))
		}
		for i, ev := range m.Log {
			if !strings.Contains(entries[i].Text, ev.Describe()) || !strings.Contains(entries[i].Text, "«"+string(ev.Code)+"»") {
				t.Errorf("log entry %d is %q; the event (%s) reads %q", i, entries[i].Text, ev.Code, ev.Describe())
			}
		}
		// The hand-over summary lists this bound's PIPs in the new words.
		pips := 0
		for _, le := range summarise(m) {
			if strings.HasPrefix(le.Text, "«pips»") {
				pips++
			}
		}
		if pips == 0 {
			t.Errorf("the hand-over summary shows no PIPs: %+v", summarise(m))
		}
	})
}
