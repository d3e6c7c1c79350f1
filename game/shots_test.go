package game

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/engine/rules"
	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
	"pelennor/game/render"
	"pelennor/game/ui"
)

// TestScreenshots plays through the screens with scripted input and
// writes a PNG of each into $PELENNOR_SHOTS (skipped when unset):
//
//	PELENNOR_SHOTS=/tmp/shots EBITEST_SIZE=1600x900 xvfb-run -a -s "-screen 0 1600x900x24" go test -run Screenshots ./game/
func TestScreenshots(t *testing.T) {
	save := shotWriter(t)
	script := input.NewScript()
	a, err := New(Options{Mute: true, Seed: 1, Catalog: catalog, Input: script, Names: [2]string{"Éomer", "Gothmog"}})
	if err != nil {
		t.Fatal(err)
	}
	save("title.png", ebitest.Run(t, a, 20))
	script.Add(input.Tap(0, ebiten.KeyN)...)
	save("setup.png", ebitest.Run(t, a, 20))
	script.Add(input.Tap(0, ebiten.KeyEnter)...)
	save("handover-first.png", ebitest.Run(t, a, 20))
	script.Add(input.Tap(0, ebiten.KeySpace)...)
	save("battle.png", ebitest.Run(t, a, 20))

	b := a.Top().(*Battle)
	m := b.M
	e := rohirrimKnight(t, m, 300, false)
	x0, y0, x1, y1 := aimAt(b, e, 340, 0.8)
	script.Add(input.Drag(0, x0, y0, x1, y1, 10)...)
	save("drag.png", ebitest.Run(t, a, 11))
	ebitest.Run(t, a, 5)

	// A combat: the test scenario with a foe before a knight.
	sc, kid, _ := pelennorWithFoe(t)
	m2, err := NewMatch(sc, 1, [2]string{"Éomer", "Gothmog"}, false)
	if err != nil {
		t.Fatal(err)
	}
	b2 := NewBattle(a, m2)
	a.Reset(b2)
	ebitest.Run(t, a, 3)
	knight, _ := m2.G.Element(kid)
	x0, y0, x1, y1 = aimAt(b2, knight, 240, 0.8)
	script.Add(input.Drag(0, x0, y0, x1, y1, 10)...)
	save("contact.png", ebitest.Run(t, a, 11))
	ebitest.Run(t, a, 5)
	for i := 0; i < 4 && m2.G.Phase() != engine.PhaseClose; i++ {
		script.Add(input.Tap(0, ebiten.KeyP)...)
		ebitest.Run(t, a, 4)
		if _, ok := a.Top().(*Confirm); ok {
			save("confirm.png", ebitest.Run(t, a, 2))
			script.Add(input.Tap(0, ebiten.KeyEnter)...)
			ebitest.Run(t, a, 4)
		}
	}
	save("close.png", ebitest.Run(t, a, 10))
	r := b2.fights[0].Rect
	script.Add(input.Click(0, r.CX(), r.CY())...)
	save("combat.png", ebitest.Run(t, a, 30))
	script.Add(input.Tap(0, ebiten.KeyB)...)
	ebitest.Run(t, a, 4)
	save("handover.png", ebitest.Run(t, a, 10))
	a.Push(NewResults(a, m2))
	save("results.png", ebitest.Run(t, a, 10))

	// Shooting: the bowmen, their arc, the target and the odds.
	sc3, bow, _ := pelennorWithTarget(t)
	m3, err := NewMatch(sc3, 1, [2]string{"Imrahil", "Gothmog"}, false)
	if err != nil {
		t.Fatal(err)
	}
	b3 := NewBattle(a, m3)
	a.Reset(b3)
	ebitest.Run(t, a, 3)
	script.Add(input.Tap(0, ebiten.KeyP)...)
	ebitest.Run(t, a, 4)
	if _, ok := a.Top().(*Confirm); ok {
		script.Add(input.Tap(0, ebiten.KeyEnter)...)
		ebitest.Run(t, a, 4)
	}
	e3, _ := m3.G.Element(bow)
	aimAt(b3, e3, 0, 0.9)
	x, y := b3.ScreenOf(bow)
	script.Add(input.Click(0, x, y)...)
	save("shooting.png", ebitest.Run(t, a, 6))
	// Hovering over an element shows its card.
	tx, ty := b3.ScreenOf(m3.Sc.Commands[0].General)
	script.Add(input.Event{Kind: input.Move, X: tx, Y: ty})
	save("hover.png", ebitest.Run(t, a, 4))
}

// sheet draws every element type large, for judging the symbols.
type sheet struct{ a *App }

func (s *sheet) Update() error { return nil }
func (s *sheet) Layout(w, h int) (int, int) {
	return w, h
}
func (s *sheet) Draw(dst *ebiten.Image) {
	dst.Fill(color.RGBA{0x77, 0x8c, 0x4c, 0xff})
	cv := render.NewCanvas(dst)
	cv.AA = true
	cam := &render.Camera{Zoom: 0.75}
	colours := []color.RGBA{render.RGB(0x3f, 0x8a, 0x2e), render.RGB(0x2a, 0x26, 0x2e), render.RGB(0x9f, 0xb0, 0xc2), render.RGB(0xc4, 0x86, 0x1c)}
	for t := rules.Type(0); t < rules.NumTypes; t++ {
		col, row := int(t)%8, int(t)/8
		d := float64(t.Info().Depth)
		w := 160.0
		if t == rules.Stronghold {
			w, d = 320, 160
		}
		p := render.Pose{X: 120 + float64(col)*250, Y: 120 + float64(row)*330, Facing: 0, W: w, D: d}
		for k, c := range colours[:2] {
			q := p
			q.Y += float64(k) * 170
			render.DrawElement(cv, cam, q, render.Look{Type: t, Colour: c, General: t == rules.Heroes}, 1)
		}
	}
	cv.Flush()
	for t := rules.Type(0); t < rules.NumTypes; t++ {
		col, row := int(t)%8, int(t)/8
		x, y := cam.ToScreen(120+float64(col)*250, 120+float64(row)*330+180)
		ui.Text(dst, t.String(), s.a.Theme.Small(), x, y+10, ui.Parchment, ui.Center)
	}
}

func TestSymbolSheet(t *testing.T) {
	save := shotWriter(t)
	a, _ := New(Options{Mute: true, Catalog: catalog, Input: input.NewScript()})
	save("symbols.png", ebitest.Run(t, &sheet{a}, 3))
}

// shotWriter returns a function writing a PNG into $PELENNOR_SHOTS; it
// skips the test when that is unset.
func shotWriter(t *testing.T) func(name string, img *image.RGBA) {
	t.Helper()
	dir := os.Getenv("PELENNOR_SHOTS")
	if dir == "" {
		t.Skip("set PELENNOR_SHOTS to a directory to write screenshots")
	}
	return func(name string, img *image.RGBA) {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := png.Encode(f, img); err != nil {
			t.Fatal(err)
		}
	}
}
