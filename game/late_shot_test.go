package game

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
)

// TestLateScreenshot ends bounds until every Pelennor event has happened
// (or 40 bounds), then writes the table ($PELENNOR_SHOTS/late.png).
func TestLateScreenshot(t *testing.T) {
	save := shotWriter(t)
	script := input.NewScript()
	a, err := New(Options{Mute: true, Seed: 5, Show: "battle", Catalog: catalog, Input: script})
	if err != nil {
		t.Fatal(err)
	}
	ebitest.Run(t, a, 3)
	b := a.Top().(*Battle)
	m := b.M
	for i := 0; i < 40 && len(m.EventsHappened()) < 4 && m.G.Winner() < 0; i++ {
		if _, err := m.Submit(engine.Action{Kind: engine.ActEndBound}); err != nil {
			t.Fatal(err)
		}
	}
	b.afterAction(a)
	for range 3 {
		if _, ok := a.Top().(*Handover); ok {
			script.Add(input.Tap(0, ebiten.KeySpace)...)
		}
		ebitest.Run(t, a, 3)
	}
	save("late.png", ebitest.Run(t, a, 5))
	t.Logf("bound %d, events %v", m.G.Bound(), m.EventsHappened())
}
