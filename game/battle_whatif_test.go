package game

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
)

// closeCombat opens the test scenario with a Blade before a Rohirrim
// knight, charges the knight into it and ends the phases up to close
// combat.
func closeCombat(t *testing.T, overlap bool) (*App, *input.Script, *Battle, *Match) {
	t.Helper()
	script := input.NewScript()
	a, err := New(Options{Mute: true, Seed: 1, Show: "title", Catalog: catalog, Input: script})
	if err != nil {
		t.Fatal(err)
	}
	sc, kid, _ := pelennorWithFoe(t)
	if overlap {
		sc, kid = pelennorWithOverlap(t)
	}
	m, err := NewMatch(sc, 1, [2]string{"Éomer", "Gothmog"}, false)
	if err != nil {
		t.Fatal(err)
	}
	b := NewBattle(a, m)
	a.Reset(b)
	ebitest.Run(t, a, 3)
	knight, _ := m.G.Element(kid)
	x0, y0, x1, y1 := aimAt(b, knight, 240, 0.8)
	script.Add(input.Drag(0, x0, y0, x1, y1, 10)...)
	ebitest.Run(t, a, 16)
	for i := 0; i < 4 && m.G.Phase() != engine.PhaseClose; i++ {
		script.Add(input.Tap(0, ebiten.KeyP)...)
		ebitest.Run(t, a, 4)
		if _, ok := a.Top().(*Confirm); ok {
			script.Add(input.Tap(0, ebiten.KeyEnter)...)
			ebitest.Run(t, a, 4)
		}
	}
	if m.G.Phase() != engine.PhaseClose || len(m.G.Combats()) == 0 {
		t.Fatalf("phase %v, combats %v: want a close combat", m.G.Phase(), m.G.Combats())
	}
	ebitest.Run(t, a, 2)
	return a, script, b, m
}

// pelennorWithOverlap is pelennorWithFoe with a second enemy beside the
// foe, so that when the knight charges the foe's front it is overlapped.
func pelennorWithOverlap(t *testing.T) (*engine.Scenario, int) {
	t.Helper()
	data, kid, fid := pelennorWithFoeData(t)
	var raw map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	var foe, next map[string]any
	for _, v := range raw["elements"].([]any) {
		el := v.(map[string]any)
		switch id := int(el["id"].(float64)); {
		case id == fid:
			foe = el
		case next == nil && el["command"] == "witchking" && el["reserve"] == nil && (el["type"] == "Blades" || el["type"] == "Hordes"):
			next = el
		}
	}
	w, _ := foe["width"].(float64)
	if w == 0 {
		w = 160
	}
	next["x"], next["y"], next["facing"] = foe["x"].(float64)+w, foe["y"], foe["facing"]
	out, _ := json.Marshal(raw)
	sc, err := engine.ParseScenario("pelennor-overlap.json", out)
	if err != nil {
		t.Fatal(err)
	}
	return sc, kid
}

// TestWhatIfPanel: the close combat panel lists the combat with the
// engine's odds, a click on its row shows it, and after it is fought
// Undo looks as refused as it is (the dice are drawn).
func TestWhatIfPanel(t *testing.T) {
	a, script, b, m := closeCombat(t, false)
	cs := b.ListedCombats()
	if len(cs) != 1 || len(b.combatRowRects) != 1 || len(b.fights) != 1 {
		t.Fatalf("listed %d, rows %d, buttons %d: want one combat", len(cs), len(b.combatRowRects), len(b.fights))
	}
	want, err := engine.Odds(m.G, cs[0].A, cs[0].B, "close", nil)
	if err != nil || cs[0].Odds == nil || cs[0].Odds.Attacker.Score != want.Attacker.Score || cs[0].Odds.Equal != want.Equal {
		t.Fatalf("what-if %+v, engine %+v (%v)", cs[0].Odds, want, err)
	}
	if b.ShownCombat() != 0 || b.fights[0].Label != "Fight" {
		t.Errorf("shown %d, button %q", b.ShownCombat(), b.fights[0].Label)
	}
	// A click on the row, off the button, shows it and fights nothing.
	r := b.combatRowRects[0]
	script.Add(input.Click(0, r.X+10, r.CY())...)
	ebitest.Run(t, a, 4)
	if len(m.G.Combats()) != 1 || b.ShownCombat() != 0 {
		t.Fatalf("a click on the row: combats %v, shown %d", m.G.Combats(), b.ShownCombat())
	}
	undoBefore := b.undo.Disabled
	fr := b.fights[0].Rect
	script.Add(input.Click(0, fr.CX(), fr.CY())...)
	ebitest.Run(t, a, 6)
	if len(m.G.Combats()) != 0 {
		t.Fatalf("combats %v after Fight", m.G.Combats())
	}
	if m.UndoBlocked() == engine.UndoAllowed {
		t.Fatal("the engine allows undoing a fought combat")
	}
	if !b.undo.Disabled {
		t.Errorf("Undo looks enabled after the combat (before it: disabled %v)", undoBefore)
	}
	if got := b.UndoRefusal(); !strings.Contains(strings.ToLower(got), "dice") {
		t.Errorf("undo refusal %q, want the dice named", got)
	}
}
