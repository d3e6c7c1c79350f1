package game

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
)

// TestComputerScreenshots writes the Play the Computer screens into
// $PELENNOR_SHOTS (skipped when unset): the title, the choice screen,
// New Standard Battle's seats, and a battle with the computer playing.
//
//	PELENNOR_SHOTS=/tmp/shots EBITEST_SIZE=1280x800 xvfb-run -a -s "-screen 0 1280x800x24" go test -run ComputerScreenshots ./game/
func TestComputerScreenshots(t *testing.T) {
	save := shotWriter(t)
	a, script := app(t, Options{Seed: 3})
	a.Settings.Speed = SpeedNormal
	a.Reset(NewTitle(a))
	save("computer-title.png", ebitest.Run(t, a, 10))
	script.Add(input.Tap(0, ebiten.KeyP)...)
	ebitest.Run(t, a, 4)
	st := a.Top().(*Setup)
	st.vs.level.Selected, st.vs.temper.Selected = 1, 3
	save("computer-choice.png", ebitest.Run(t, a, 10))

	sn, err := NewStandardNewFor(a, StandardPreset{Seats: versusSeats(0, ComputerAt(0, 0), false), Title: "A standard battle against the computer"})
	if err != nil {
		t.Fatal(err)
	}
	a.Push(sn)
	save("computer-standard.png", ebitest.Run(t, a, 10))
	a.Pop()

	script.Add(input.Tap(0, ebiten.KeyEnter)...)
	ebitest.Run(t, a, 4)
	b := a.Top().(*Battle)
	endPersonBound(t, a, script)
	// Some of the computer's bound: its actions in the log, its last
	// element selected, the bar saying what it does.
	start := len(b.M.Actions)
	for i := 0; i < 2000 && len(b.M.Actions) < start+3 && b.Locked != ""; i++ {
		ebitest.RunWith(t, a, 1, waitThinking(a))
	}
	save("computer-acting.png", ebitest.Run(t, a, 8))
	if b.Locked == "" {
		t.Error("the computer's bound ended before the screenshot")
	}
}
