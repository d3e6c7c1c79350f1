package game

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
)

// The quarter- and half-turn keys turn the element in hand, through the
// real input path (script → frame → keymap → controller).
func TestTurnKeysWhileDragging(t *testing.T) {
	a, b, sc := battleApp(t, "pelennor")
	e := rohirrimKnight(t, b.M, 300, false)
	x0, y0, _, _ := aim(b, e, 0)
	sc.Add(input.Event{At: 0, Kind: input.Move, X: x0, Y: y0}, input.Event{At: 1, Kind: input.Press, X: x0, Y: y0})
	for i := 2; i <= 6; i++ {
		sc.Add(input.Event{At: i, Kind: input.Move, X: x0, Y: y0 - float64(i)*4})
	}
	sc.Add(input.Tap(8, keyOfCmd(control.CmdTurnRight))...)
	ebitest.Run(t, a, 11)
	d := b.Dragging()
	if d == nil {
		t.Fatal("not dragging")
	}
	want := float64((int(e.Base.Facing.Norm()) + 1024) % 4096)
	if d.Rot != 1024 || d.Ghost[0].Facing != want {
		t.Errorf("after T: turn %v, ghost facing %v, want 1024 and %v", d.Rot, d.Ghost[0].Facing, want)
	}
	sc.Add(input.Tap(0, keyOfCmd(control.CmdTurnAbout))...)
	ebitest.Run(t, a, 3)
	if d.Rot != 1024+2048 {
		t.Errorf("after R: turn %v, want %v", d.Rot, 1024+2048)
	}
	sc.Add(input.Tap(0, ebiten.KeyEscape)...)
	ebitest.Run(t, a, 3)
	if b.Dragging() != nil || len(b.M.Actions) != 0 {
		t.Errorf("Escape: dragging %v, actions %v", b.Dragging(), b.M.Actions)
	}
}

// In the replay viewer the arrows step the replay and no longer pan the
// table beneath it too (issue 11 §2), and Home goes to the start without
// refitting the table.
func TestReplayArrowsDoNotPan(t *testing.T) {
	a, b, sc := battleApp(t, "pelennor")
	for range 2 {
		if _, err := b.M.Submit(engine.Action{Kind: engine.ActEndBound}); err != nil {
			t.Fatal(err)
		}
	}
	v := NewViewer(a, b.M, ViewReplay, 0)
	a.Push(v)
	ebitest.Run(t, a, 3)
	v.b.Cam.ZoomAt(v.b.view.CX(), v.b.view.CY(), 2)
	view := v.b.Cam.View()
	sc.Add(input.Event{At: 0, Kind: input.KeyDown, Key: ebiten.KeyArrowRight}, input.Event{At: 6, Kind: input.KeyUp, Key: ebiten.KeyArrowRight})
	ebitest.Run(t, a, 8)
	if v.Pos() == 0 {
		t.Error("the right arrow did not step the replay")
	}
	if got := v.b.Cam.View(); got != view {
		t.Errorf("the right arrow panned the replay's table: %v, was %v", got, view)
	}
	sc.Add(input.Tap(0, ebiten.KeyHome)...)
	ebitest.Run(t, a, 3)
	if v.Pos() != 0 || v.b.Cam.View() != view {
		t.Errorf("Home: at %d, view %v (was %v), want the start and the same view", v.Pos(), v.b.Cam.View(), view)
	}
}

// The keys list opens from the battle with F1 and closes with Escape.
func TestKeysList(t *testing.T) {
	a, _, sc := battleApp(t, "pelennor")
	sc.Add(input.Tap(0, keyOfCmd(control.CmdHelp))...)
	ebitest.Run(t, a, 3)
	k, ok := a.Top().(*Keys)
	if !ok {
		t.Fatalf("top scene %T after F1, want *Keys", a.Top())
	}
	if len(k.rows) != len(keyList()) || k.rows[0][0] != "Ctrl+Z" {
		t.Errorf("rows %v", k.rows)
	}
	sc.Add(input.Tap(0, ebiten.KeyEscape)...)
	ebitest.Run(t, a, 3)
	if _, ok := a.Top().(*Battle); !ok {
		t.Errorf("top scene %T after Escape, want the battle", a.Top())
	}
}
