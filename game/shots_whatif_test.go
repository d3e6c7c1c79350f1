package game

import (
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
)

// TestWhatIfScreenshot writes the close-combat what-if into
// $PELENNOR_SHOTS (skipped when unset): a Rohirrim knight charged into a
// Blade of Minas Morgul, the close combat phase, the odds in the panel
// and the overlaps marked on the table.
//
//	PELENNOR_SHOTS=/tmp/shots EBITEST_SIZE=1280x800 xvfb-run -a -s "-screen 0 1280x800x24" go test -run WhatIfScreenshot ./game/
func TestWhatIfScreenshot(t *testing.T) {
	dir := os.Getenv("PELENNOR_SHOTS")
	if dir == "" {
		t.Skip("set PELENNOR_SHOTS to a directory to write screenshots")
	}
	script := input.NewScript()
	a, err := New(Options{Mute: true, Seed: 1, Show: "title", Catalog: catalog, Input: script})
	if err != nil {
		t.Fatal(err)
	}
	sc, kid, _ := pelennorWithFoe(t)
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
	if m.G.Phase() != engine.PhaseClose || len(b.ListedCombats()) == 0 {
		t.Fatalf("phase %v, combats %v: want a close combat to show", m.G.Phase(), m.G.Combats())
	}
	// The pointer away from the table, so no hover card hides it.
	script.Add(input.Event{Kind: input.Move, X: a.W - 2, Y: a.H - 2})
	img := ebitest.Run(t, a, 6)
	f, err := os.Create(filepath.Join(dir, "whatif.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}
