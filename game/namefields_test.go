package game

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
)

// TestNameFields: the default names are placeholders (the fields start
// empty and a battle begun so uses them), one field has the focus at a
// time whichever is clicked first, and Ctrl+A selects the name so typing
// replaces it.
func TestNameFields(t *testing.T) {
	a, script := app(t, Options{Names: [2]string{"Player 1", "Player 2"}})
	st := NewSetup(a)
	a.Reset(st)
	ebitest.Run(t, a, 2)
	if st.p1.Text != "" || st.p2.Text != "" || st.p1.Placeholder != "Player 1" || st.p2.Placeholder != "Player 2" {
		t.Fatalf("fields %q %q, placeholders %q %q: want the defaults as placeholders", st.p1.Text, st.p2.Text, st.p1.Placeholder, st.p2.Placeholder)
	}
	click := func(r interface{ CX() float64 }, y float64) {
		script.Add(input.Click(0, r.CX(), y)...)
		ebitest.Run(t, a, 4)
	}
	for _, order := range [][2]int{{1, 2}, {2, 1}} {
		for _, n := range order {
			f := &st.p1
			if n == 2 {
				f = &st.p2
			}
			click(f.Rect, f.Rect.CY())
			if !f.Focused {
				t.Fatalf("field %d not focused after a click on it", n)
			}
		}
		if st.p1.Focused && st.p2.Focused {
			t.Fatalf("clicking %v: both name fields have the focus", order)
		}
	}
	// In the second field: type a name, select it all and type over it.
	click(st.p2.Rect, st.p2.Rect.CY())
	script.Add(input.Event{At: 0, Kind: input.Type, Text: "Gothmog"})
	ebitest.Run(t, a, 2)
	if st.p1.Text != "" || st.p2.Text != "Gothmog" {
		t.Fatalf("typed into %q %q, want only the focused second field", st.p1.Text, st.p2.Text)
	}
	script.Add(input.Event{At: 0, Kind: input.KeyDown, Key: ebiten.KeyControlLeft},
		input.Event{At: 1, Kind: input.KeyDown, Key: ebiten.KeyA},
		input.Event{At: 1, Kind: input.Type, Text: "a"}, // what a platform may send with Ctrl+A
		input.Event{At: 2, Kind: input.KeyUp, Key: ebiten.KeyA},
		input.Event{At: 2, Kind: input.KeyUp, Key: ebiten.KeyControlLeft},
		input.Event{At: 4, Kind: input.Type, Text: "Sauron"})
	ebitest.Run(t, a, 6)
	if st.p2.Text != "Sauron" {
		t.Errorf("after Ctrl+A and typing: %q, want the name replaced", st.p2.Text)
	}
	// Backspace after Ctrl+A clears the whole name.
	script.Add(input.Event{At: 0, Kind: input.KeyDown, Key: ebiten.KeyControlLeft},
		input.Event{At: 1, Kind: input.KeyDown, Key: ebiten.KeyA},
		input.Event{At: 2, Kind: input.KeyUp, Key: ebiten.KeyA},
		input.Event{At: 2, Kind: input.KeyUp, Key: ebiten.KeyControlLeft})
	script.Add(input.Tap(4, ebiten.KeyBackspace)...)
	ebitest.Run(t, a, 7)
	if st.p2.Text != "" {
		t.Errorf("after Ctrl+A and Backspace: %q, want empty", st.p2.Text)
	}
	// Begun with both fields empty, the battle has the default names.
	st.p2.Blur()
	script.Add(input.Click(0, st.start.Rect.CX(), st.start.Rect.CY())...)
	ebitest.Run(t, a, 4)
	bt, ok := a.Scenes()[0].(*Battle)
	if !ok {
		t.Fatalf("after To battle: %T", a.Scenes()[0])
	}
	if bt.M.Names != defaultNames {
		t.Errorf("players %q, want the defaults %q", bt.M.Names, defaultNames)
	}
}
