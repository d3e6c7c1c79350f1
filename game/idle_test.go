package game

import (
	"bytes"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
	"pelennor/game/ui"
)

// An idle battle draws no frame at all (the last stays on the screen), and
// each kind of change draws again, then settles.
func TestIdleGate(t *testing.T) {
	t.Cleanup(func() { ebiten.SetScreenClearedEveryFrame(true) })
	sc := input.NewScript()
	a, err := New(Options{Mute: true, Seed: 1, Show: "battle", Catalog: catalog, Input: sc, Storage: memStorage()})
	if err != nil {
		t.Fatal(err)
	}
	g := NewIdleGate(a, a)
	ebitest.Run(t, g, 2*idleLinger)
	if g.Drawn == 0 {
		t.Fatal("the first frames were not drawn")
	}
	settled := ebitest.Run(t, g, 2)
	// Idle: 120 ticks, not one frame drawn, the last frame kept.
	before := g.Drawn
	kept := ebitest.Run(t, g, 120)
	if g.Drawn != before {
		t.Fatalf("an idle battle drew %d frames in 120 ticks", g.Drawn-before)
	}
	if !bytes.Equal(kept.Pix, settled.Pix) {
		t.Error("the kept frame is not the last frame drawn")
	}
	cx, cy := a.W/2, a.H/2
	cases := []struct {
		name string
		do   func()
	}{
		{"pointer moved", func() { sc.Add(input.Event{Kind: input.Move, X: cx + 40, Y: cy + 30}) }},
		{"wheel", func() { sc.Add(input.Event{Kind: input.Wheel, X: cx, Y: cy, DY: 1}) }},
		{"key", func() {
			sc.Add(input.Event{Kind: input.KeyDown, Key: ebiten.KeyShiftLeft}, input.Event{At: 1, Kind: input.KeyUp, Key: ebiten.KeyShiftLeft})
		}},
		{"button", func() {
			sc.Add(input.Event{Kind: input.Press, Button: input.Right, X: cx, Y: cy}, input.Event{At: 1, Kind: input.Release, Button: input.Right, X: cx, Y: cy})
		}},
		{"toast", func() { a.Toast("a message", ui.Info) }},
		{"new screen", func() { a.Push(NewPause(a, a.Top().(*Battle))) }},
	}
	for _, c := range cases {
		c.do()
		before := g.Drawn
		ebitest.Run(t, g, 3)
		if g.Drawn == before {
			t.Errorf("%s: no frame drawn", c.name)
		}
		// Settles again (a toast shows for 300 ticks).
		ebitest.Run(t, g, 320)
		before = g.Drawn
		ebitest.Run(t, g, 60)
		if g.Drawn != before {
			t.Errorf("after %s: %d frames drawn while idle", c.name, g.Drawn-before)
		}
	}
}

// A moving element is drawn every frame while it slides.
func TestIdleGateAnimation(t *testing.T) {
	t.Cleanup(func() { ebiten.SetScreenClearedEveryFrame(true) })
	a, err := New(Options{Mute: true, Seed: 1, Show: "battle", Catalog: catalog, Input: input.NewScript(), Storage: memStorage()})
	if err != nil {
		t.Fatal(err)
	}
	g := NewIdleGate(a, a)
	ebitest.Run(t, g, 3*idleLinger)
	b := a.Top().(*Battle)
	b.anims[0] = &anim{start: a.Frame(), frames: 24}
	before := g.Drawn
	ebitest.Run(t, g, 10)
	if g.Drawn-before < 10 {
		t.Errorf("an animation drew %d of 10 frames", g.Drawn-before)
	}
}

// A focused text field's caret blinks: its screen is drawn every frame,
// and an unfocused one is not.
func TestIdleGateTyping(t *testing.T) {
	t.Cleanup(func() { ebiten.SetScreenClearedEveryFrame(true) })
	a, err := New(Options{Mute: true, Catalog: catalog, Input: input.NewScript(), Storage: memStorage()})
	if err != nil {
		t.Fatal(err)
	}
	g := NewIdleGate(a, a)
	st := NewSetup(a)
	a.Push(st)
	for _, focused := range []bool{false, true} {
		st.p1.Focused = focused
		ebitest.Run(t, g, 2*idleLinger)
		before := g.Drawn
		ebitest.Run(t, g, 30)
		if drew := g.Drawn - before; focused && drew != 30 || !focused && drew != 0 {
			t.Errorf("focused %v: %d of 30 frames drawn", focused, drew)
		}
	}
	if typing(NewTitle(a)) {
		t.Error("the title has no text field, yet is typing")
	}
}
