package game

import (
	"encoding/json"
	"os"
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

// goldenAtMostCombats replays the golden Pelennor game to the close
// combat phase with the most combats listed.
func goldenAtMostCombats(t *testing.T) *Match {
	t.Helper()
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
	best, at := 0, -1
	h, err := engine.NewHistory(sc, s.Seed, s.Dice, engine.Options{Rulings: s.Rulings, Deployment: s.Deployment})
	if err != nil {
		t.Fatal(err)
	}
	for i, act := range s.Actions {
		if n := len(h.Game().Combats()); n > best {
			best, at = n, i
		}
		if _, err := h.Apply(act); err != nil {
			t.Fatal(err)
		}
	}
	if best < 3 {
		t.Fatalf("the golden game never lists more than %d combats", best)
	}
	h, _ = engine.NewHistory(sc, s.Seed, s.Dice, engine.Options{Rulings: s.Rulings, Deployment: s.Deployment})
	for _, act := range s.Actions[:at] {
		if _, err := h.Apply(act); err != nil {
			t.Fatal(err)
		}
	}
	return MatchOf(h, [2]string{"Éomer", "Gothmog"})
}

// TestWhatIfManyCombats: with more than two combats listed the rows are
// one line each, every row shown has its button, those with no room have
// none, and the what-if of the first keeps its room below.
func TestWhatIfManyCombats(t *testing.T) {
	m := goldenAtMostCombats(t)
	a, _ := app(t, Options{})
	b := NewBattle(a, m)
	a.Reset(b)
	ebitest.Run(t, a, 3)
	s := a.Theme.Scale
	n := len(m.G.Combats())
	if len(b.combatRowRects) != n || len(b.fights) != n {
		t.Fatalf("%d combats, %d rows, %d buttons", n, len(b.combatRowRects), len(b.fights))
	}
	limit := b.resolveAll.Rect.Y - 8*s - whatIfRoom*s
	for i, r := range b.combatRowRects {
		switch {
		case r.W == 0:
			if b.fights[i].Rect.W != 0 {
				t.Errorf("combat %d has no row but a button", i)
			}
		case r.H != compactCombatRowH*s:
			t.Errorf("row %d is %.0f high, want one line", i, r.H)
		case i > 0 && r.Bottom() > limit:
			t.Errorf("row %d ends at %.0f, into the what-if's room (from %.0f)", i, r.Bottom(), limit)
		case !r.Contains(b.fights[i].Rect.CX(), b.fights[i].Rect.CY()):
			t.Errorf("combat %d's button %+v is not in its row %+v", i, b.fights[i].Rect, r)
		}
	}
}
