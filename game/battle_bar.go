package game

import (
	"fmt"
	"image/color"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/engine/rules"
	"pelennor/game/control"
	"pelennor/game/render"
	"pelennor/game/ui"
)

// drawTag draws lines of text on a dark tag centred at x, top at y.
func (b *Battle) drawTag(a *App, dst *ebiten.Image, x, y float64, lines []string, clrs []color.Color) {
	th := a.Theme
	s := th.Scale
	face := th.Face(fontBold, 14)
	maxW := 420 * s
	var wrapped []string
	var wc []color.Color
	for i, l := range lines {
		for _, w := range ui.Wrap(l, face, maxW) {
			wrapped = append(wrapped, w)
			wc = append(wc, clrs[i])
		}
	}
	w := 0.0
	for _, l := range wrapped {
		w = math.Max(w, ui.Width(l, face))
	}
	lh := ui.LineHeight(face)
	r := ui.R(x-w/2-12*s, y, w+24*s, float64(len(wrapped))*lh+12*s)
	if r.Right() > b.view.Right()-6*s {
		r.X = b.view.Right() - 6*s - r.W
	}
	if r.X < b.view.X+6*s {
		r.X = b.view.X + 6*s
	}
	if r.Bottom() > b.view.Bottom()-6*s {
		r.Y = b.view.Bottom() - 6*s - r.H
	}
	ui.RoundRect(dst, r, 6*s, color.RGBA{0x12, 0x14, 0x18, 0xe8}, ui.SteelEdge, 1*s)
	for i, l := range wrapped {
		ui.Text(dst, l, face, r.X+12*s, r.Y+6*s+float64(i)*lh, wc[i], ui.Left)
	}
}

// drawNames writes element names when zoomed in, and always for the
// hovered and selected ones.
func (b *Battle) drawNames(a *App, view *ebiten.Image, els []engine.Element) {
	th := a.Theme
	s := th.Scale
	face := th.Face(fontBold, 12)
	if b.Cam.Zoom >= 0.9*s {
		face = th.Face(fontBold, 14)
	}
	for _, e := range els {
		if !e.OnTable() || e.Type == rules.Stronghold {
			continue
		}
		focus := e.ID == b.hover || slices.Contains(b.Sel, e.ID)
		baseW := float64(rules.BaseWidth) * b.Cam.Zoom
		if !focus && baseW < 150*s {
			continue
		}
		p := b.poseOf(e)
		c := p.Corners()
		maxY, cx := math.Inf(-1), 0.0
		for _, q := range c {
			maxY = math.Max(maxY, q.Y)
			cx += q.X / 4
		}
		x, y := b.Cam.ToScreen(cx, maxY)
		name := b.M.ElementName(e.ID)
		if focus {
			name = ui.Ellipsis(name, face, 320*s)
		} else {
			name = ui.Ellipsis(name, face, baseW-4*s)
		}
		w := ui.Width(name, face)
		r := ui.R(x-w/2-5*s, y+3*s, w+10*s, ui.LineHeight(face)+2*s)
		ui.RoundRect(view, r, 4*s, color.RGBA{0x10, 0x10, 0x12, 0xb8}, ui.Transparent, 0)
		ui.Text(view, name, face, x, y+4*s, ui.Parchment, ui.Center)
	}
}

// drawScaleBar draws a six-inch ruler in the view's corner.
func (b *Battle) drawScaleBar(a *App, view *ebiten.Image) {
	th := a.Theme
	s := th.Scale
	z := b.Cam.Zoom
	inches := 6.0
	for inches*100*z > 260*s && inches > 1 {
		inches /= 2
	}
	for inches*100*z < 60*s {
		inches *= 2
	}
	w := inches * 100 * z
	x, y := b.view.X+18*s, b.view.Bottom()-16*s
	cv := render.NewCanvas(view)
	cv.Convex(color.RGBA{0x10, 0x10, 0x12, 0xb0}, x-8*s, y-22*s, x+w+8*s, y-22*s, x+w+8*s, y+10*s, x-8*s, y+10*s)
	for i := 0; i < int(inches); i++ {
		clr := ui.Parchment
		if i%2 == 1 {
			clr = ui.Alpha(ui.Parchment, 0.35)
		}
		x0 := x + float64(i)*100*z
		cv.Convex(clr, x0, y, x0+100*z, y, x0+100*z, y+5*s, x0, y+5*s)
	}
	cv.Flush()
	ui.Text(view, fmt.Sprintf("%s  (%d paces)", Inch(inches*100), int(inches*100)), th.Face(fontMedium, 12), x, y-18*s, ui.Parchment, ui.Left)
}

// drawBar draws the action bar under the table: the hint and the phase
// buttons.
func (b *Battle) drawBar(a *App, dst *ebiten.Image) {
	th := a.Theme
	s := th.Scale
	ui.Fill(dst, b.bar, color.RGBA{0x12, 0x14, 0x19, 0xe6})
	ui.Line(dst, b.bar.X, b.bar.Y, b.bar.Right(), b.bar.Y, 1.5*s, ui.GoldDeep)
	hint := b.hint
	if hint == "" && b.touchInUse {
		hint = b.touchHint()
	}
	if hint == "" {
		switch {
		case b.Dragging() != nil:
			hint = "Release to move · " + keyLabel(control.CmdWaypoint) + " waypoint · " + turnKeys() + "/wheel turn · " + quarterKeys() + " · " + keysOf(control.CmdBack) + " cancels"
		case b.Placing() != nil:
			hint = "Click to place · " + turnKeys() + "/wheel turn · " + quarterKeys() + " · " + keysOf(control.CmdBack) + " cancels"
		case b.M.G.Phase() == engine.PhaseOver:
			hint = "The battle is over · " + keysOf(control.CmdBack) + " shows the result"
		default:
			hint = "Drag to move · shift-click for groups · drag ground to pan · wheel zooms · " + keyLabel(control.CmdFit) + " fits"
		}
	}
	if b.undo.Hover() {
		hint = "Undo (" + keyLabel(control.CmdUndo) + "): as far back as the last dice roll"
		if b.undo.Disabled {
			hint = b.UndoRefusal()
		}
	} else if b.redo.Hover() {
		hint = "Redo what was undone (" + keyLabel(control.CmdRedo) + ")"
	}
	face := th.Face(fontRegular, 14)
	hx := b.hintLeft() + 18*s
	if b.touchInUse && ui.Width(hint, face) > b.endPhase.Rect.X-hx-12*s {
		b.drawHintAbove(a, dst, hint) // a finger's bar has no room for it
		hint = ""
	}
	ui.TextMid(dst, ui.Ellipsis(hint, face, b.endPhase.Rect.X-hx-12*s), face, hx, b.bar.CY(), ui.ParchDim, ui.Left)
	b.endPhase.Draw(dst, th)
	b.endBound.Draw(dst, th)
}

// boxing reports whether a box selection is being drawn.
func (b *Battle) boxing() bool { _, _, _, _, ok := b.Box(); return ok }

// keyLabel is the label of the first key bound to cmd.
func keyLabel(cmd control.Command) string { _, l := keyOf(cmd); return l }

// turnKeys are the keys that turn the element in hand: "Q/E".
func turnKeys() string {
	return keyLabel(control.CmdRotateLeft) + "/" + keyLabel(control.CmdRotateRight)
}

// quarterKeys names the quarter- and half-turn keys.
func quarterKeys() string {
	return keyLabel(control.CmdTurnRight) + " 90°, " + keyLabel(control.CmdTurnAbout) + " 180°"
}
