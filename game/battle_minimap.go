package game

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game/input"
	"pelennor/game/render"
	"pelennor/game/ui"
)

// The minimap: while the view is zoomed in, a small map of the whole
// table in the view's top right corner shows every element as a dot of
// its command's colour and the part of the table in view; a click or a
// tap on it (or a drag across it) brings the view there.

// zoomedIn reports whether the view shows less than the whole table.
func (b *Battle) zoomedIn() bool {
	return b.Cam.Zoom > b.Cam.FitZoom(0.01)*1.08
}

// layoutMinimap places the minimap: at most a quarter of the view's
// width (and 220 logical pixels), in the table's proportions.
func (b *Battle) layoutMinimap(a *App) {
	s := a.Theme.Scale
	b.minimap = ui.Rect{}
	tw, tht := b.Cam.TableW, b.Cam.TableH
	if !b.zoomedIn() || tw <= 0 || tht <= 0 {
		return
	}
	w := math.Min(220*s, b.view.W*0.28)
	h := w * tht / tw
	if h > b.view.H*0.35 {
		h = b.view.H * 0.35
		w = h * tw / tht
	}
	b.minimap = ui.R(b.view.Right()-w-10*s, b.view.Y+10*s, w, h)
}

// minimapWorld maps a screen point in the minimap to the table.
func (b *Battle) minimapWorld(x, y float64) (float64, float64) {
	m := b.minimap
	wx := (x - m.X) / m.W * b.Cam.TableW
	wy := (y - m.Y) / m.H * b.Cam.TableH
	return math.Max(0, math.Min(b.Cam.TableW, wx)), math.Max(0, math.Min(b.Cam.TableH, wy))
}

// updateMinimap centres the view where the minimap is pressed, and
// follows a drag begun on it; it reports whether it took the pointer.
func (b *Battle) updateMinimap(f *input.Frame) bool {
	if b.minimap.W == 0 || b.Dragging() != nil || b.Placing() != nil {
		b.onMinimap = false
		return false
	}
	if f.Pressed(input.Left) && b.minimap.Contains(f.X, f.Y) {
		b.onMinimap = true
	}
	if !b.onMinimap {
		return false
	}
	if !f.Down(input.Left) && !f.Released(input.Left) {
		b.onMinimap = false
		return false
	}
	b.Cam.CenterOn(b.minimapWorld(f.X, f.Y))
	f.Consume()
	if f.Released(input.Left) {
		b.onMinimap = false
	}
	return true
}

// drawMinimap draws the minimap over the view.
func (b *Battle) drawMinimap(a *App, dst *ebiten.Image) {
	m := b.minimap
	if m.W == 0 {
		return
	}
	s := a.Theme.Scale
	ui.RoundRect(dst, m.Inset(-4*s), 5*s, ui.Alpha(ui.Backdrop, 0.88), ui.SteelEdge, 1*s)
	ui.Fill(dst, m, color.RGBA{0x5b, 0x6b, 0x3c, 0xff})
	cv := render.NewCanvas(dst)
	kx, ky := m.W/b.Cam.TableW, m.H/b.Cam.TableH
	r := math.Max(1.5*s, 80*kx)
	for _, e := range b.M.G.Elements() {
		if !e.OnTable() {
			continue
		}
		c := render.PoseOf(e.Base).Center()
		x, y := m.X+c.X*kx, m.Y+c.Y*ky
		clr := b.colours[e.Cmd]
		cv.Circle(x, y, r+0.8*s, render.Mix(clr, color.White, 0.6))
		cv.Circle(x, y, r, clr)
	}
	// The part of the table in view.
	x0, y0 := b.Cam.ToWorld(b.view.X, b.view.Y)
	x1, y1 := b.Cam.ToWorld(b.view.Right(), b.view.Bottom())
	clip := func(v, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, v)) }
	vx0, vy0 := clip(m.X+x0*kx, m.X, m.Right()), clip(m.Y+y0*ky, m.Y, m.Bottom())
	vx1, vy1 := clip(m.X+x1*kx, m.X, m.Right()), clip(m.Y+y1*ky, m.Y, m.Bottom())
	cv.Convex(ui.Alpha(ui.GoldBright, 0.14), vx0, vy0, vx1, vy0, vx1, vy1, vx0, vy1)
	cv.Polyline(1.5*s, ui.GoldBright, true, vx0, vy0, vx1, vy0, vx1, vy1, vx0, vy1)
	cv.Flush()
}
