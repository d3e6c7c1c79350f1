package game

import (
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game/ui"
)

// TestHoverCardKeepsItsLastLine: for every element of the Pelennor
// battle, with the pointer anywhere down the view, the hover card's text
// ends where the card was measured to end (its last line, the
// description's end, is drawn) and within the card.
func TestHoverCardKeepsItsLastLine(t *testing.T) {
	a, _ := app(t, Options{})
	m, err := a.StartMatch("pelennor", 1, [2]string{"Éomer", "Gothmog"}, false)
	if err != nil {
		t.Fatal(err)
	}
	b := NewBattle(a, m)
	a.Reset(b)
	b.layout(a)
	s := a.Theme.Scale
	dst := ebiten.NewImage(int(a.W), int(a.H))
	for _, e := range m.G.Elements() {
		w := 330*s - 28*s
		b.cardHint = true // the card's text has the codex's key at its end
		want := b.drawElementInfo(a, nil, ui.R(0, 0, w, 1e6), e.ID)
		b.cardHint = false
		for py := b.view.Y; py < b.view.Bottom(); py += 37.3 * s {
			card, text := b.drawHoverCard(a, dst, e.ID, b.view.CX(), py)
			if math.Abs(text-(card.Y+12*s)-want) > 0.01 || text > card.Bottom()-12*s+0.01 {
				t.Fatalf("element %d at y %.1f: text ends at %.2f, card %+v, measured %.2f", e.ID, py, text, card, want)
			}
		}
	}
}
