package game

import (
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
	"pelennor/game/saves"
)

// TestSaveScreenshots writes the screens of saving, loading and replays
// into $PELENNOR_SHOTS (skipped when unset):
//
//	PELENNOR_SHOTS=/tmp/shots EBITEST_SIZE=1600x900 xvfb-run -a -s "-screen 0 1600x900x24" go test -run SaveScreenshots ./game/
func TestSaveScreenshots(t *testing.T) {
	save := shotWriter(t)
	golden, err := os.ReadFile("../engine/testdata/golden/pelennor.json")
	if err != nil {
		t.Skip(err)
	}
	st := memStorage()
	st.Saves.Put("The bots' battle.json", golden)
	st.Saves.Put("Half a file.json", golden[:len(golden)/2])
	a, s := app(t, Options{Seed: 11, Show: "battle", Storage: st})
	b := a.Top().(*Battle)
	moveKnight(t, a, s, b)
	moveKnight(t, a, s, b)
	s.Add(input.Event{Kind: input.Move, X: b.undo.Rect.CX(), Y: b.undo.Rect.CY()})
	save("undo.png", ebitest.Run(t, a, 4))
	step(t, a, s, 4, ctrl(ebiten.KeyS, false)...)
	save("save-dialog.png", ebitest.Run(t, a, 4))
	step(t, a, s, 4, input.Tap(0, ebiten.KeyEnter)...)
	for i := 0; i < 3; i++ {
		endBound(t, a, s, b.M)
	}
	save("handover-watch.png", ebitest.Run(t, a, 4))
	step(t, a, s, 3, input.Tap(0, ebiten.KeyE)...)
	save("export-dialog.png", ebitest.Run(t, a, 4))
	step(t, a, s, 3, input.Tap(0, ebiten.KeyEscape)...)
	step(t, a, s, 3, input.Tap(0, ebiten.KeySpace)...)
	step(t, a, s, 3, input.Tap(0, ebiten.KeyEscape)...)
	save("pause.png", ebitest.Run(t, a, 4))
	step(t, a, s, 3, input.Tap(0, ebiten.KeyF1)...)
	save("keys.png", ebitest.Run(t, a, 4))
	step(t, a, s, 3, input.Tap(0, ebiten.KeyEscape)...)

	a.Reset(NewTitle(a))
	s.Add(input.Event{Kind: input.Move, X: 10, Y: 10})
	save("title-continue.png", ebitest.Run(t, a, 10))
	step(t, a, s, 3, input.Tap(0, ebiten.KeyL)...)
	l := a.Top().(*LoadScreen)
	l.Select("The bots' battle.json")
	save("load.png", ebitest.Run(t, a, 6))

	// The replay of the golden game, at a contest in the middle.
	g, err := a.Lib.Open(saves.AreaSaves, "The bots' battle.json")
	if err != nil {
		t.Fatal(err)
	}
	m := MatchOf(g.H, g.Names)
	at := m.BoundStart(27)
	for k := at; k < len(m.Actions); k++ {
		found := false
		for _, e := range m.H.ActionEvents(k) {
			if e.Kind == engine.EvCombat && e.Combat != nil && e.Combat.Contest == "close combat" {
				found = true
			}
		}
		if found {
			at = k + 1
			break
		}
	}
	v := NewViewer(a, m, ViewReplay, at-3)
	a.Push(v)
	ebitest.Run(t, a, 3)
	s.Add(input.Event{Kind: input.Move, X: v.b.side.CX(), Y: v.b.side.Y + 40})
	v.playing = true
	save("replay.png", ebitest.Run(t, a, 100))
}
