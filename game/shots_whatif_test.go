package game

import (
	"testing"

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
	save := shotWriter(t)
	a, script, _, _ := closeCombat(t, true)
	// The pointer away from the table, so no hover card hides it.
	script.Add(input.Event{Kind: input.Move, X: a.W - 2, Y: a.H - 2})
	img := ebitest.Run(t, a, 6)
	save("whatif.png", img)
}

// TestWhatIfManyScreenshot writes the close combat panel of the golden
// Pelennor game at its first close combat phase with the most combats
// listed, into $PELENNOR_SHOTS (skipped when unset): the rows compact,
// the what-if below them.
func TestWhatIfManyScreenshot(t *testing.T) {
	save := shotWriter(t)
	m := goldenAtMostCombats(t)
	a, _ := app(t, Options{})
	b := NewBattle(a, m)
	a.Reset(b)
	img := ebitest.Run(t, a, 4)
	save("whatif-many.png", img)
}
