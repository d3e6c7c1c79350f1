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
	"pelennor/game/render/glyphs"
	"pelennor/game/ui"
)

// drawTag draws lines of text on a dark tag centred at x, top at y.
func (b *Battle) drawTag(a *App, dst *ebiten.Image, x, y float64, lines []string, clrs []color.Color) {
	th := a.Theme
	s := th.Scale
	face := th.Face(fontBold, 14)
	maxW := math.Min(420*s, b.view.W-36*s) // never wider than a phone's view
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

// nameLabel is a name to write on the table: under the base (or the
// group) it names, or over it when there is no room under.
type nameLabel struct {
	text         string
	cx, top, bot float64 // the centre and the screen extent of what it names
	maxW         float64
}

// drawNames writes element names when zoomed in, and always for the
// hovered and selected ones: a group selected gets one label, and a label
// that would overlap one already written, or leave the view, is moved
// over its base or left out (the hovered and selected ones are placed
// first).
func (b *Battle) drawNames(a *App, view *ebiten.Image, els []engine.Element) {
	s := a.Theme.Scale
	face := b.nameFace(a.Theme)
	for _, l := range b.placeNames(a.Theme, els) {
		ui.RoundRect(view, l.at, 4*s, color.RGBA{0x10, 0x10, 0x12, 0xb8}, ui.Transparent, 0)
		ui.Text(view, l.text, face, l.at.CX(), l.at.Y+1*s, ui.Parchment, ui.Center)
	}
}

// nameFace is the face of names on the table: larger zoomed in.
func (b *Battle) nameFace(th *ui.Theme) *glyphs.Face {
	if b.Cam.Zoom >= 0.9*th.Scale {
		return th.Face(fontBold, 14)
	}
	return th.Face(fontBold, 12)
}

// placedName is a name written on the table, and where.
type placedName struct {
	text string
	at   ui.Rect
}

// placeNames chooses the names to write and where (drawNames).
func (b *Battle) placeNames(th *ui.Theme, els []engine.Element) []placedName {
	s := th.Scale
	face := b.nameFace(th)
	baseW := float64(rules.BaseWidth) * b.Cam.Zoom
	group := len(b.Sel) > 1
	var first, rest []nameLabel
	var gl nameLabel
	for _, e := range els {
		if !e.OnTable() || e.Type == rules.Stronghold {
			continue
		}
		selected := slices.Contains(b.Sel, e.ID)
		focus := e.ID == b.hover || selected && !group
		if !focus && !selected && baseW < 150*s {
			continue
		}
		minY, maxY, cx := math.Inf(1), math.Inf(-1), 0.0
		for _, q := range b.poseOf(e).Corners() {
			x, y := b.Cam.ToScreen(q.X, q.Y)
			minY, maxY = math.Min(minY, y), math.Max(maxY, y)
			cx += x / 4
		}
		l := nameLabel{text: b.M.ElementName(e.ID), cx: cx, top: minY, bot: maxY, maxW: baseW - 4*s}
		switch {
		case selected && group:
			// The group's label spans the group.
			if gl.text == "" {
				gl = nameLabel{text: fmt.Sprintf("%d selected", len(b.Sel)), top: minY, bot: maxY, maxW: 320 * s}
			}
			gl.cx += cx / float64(len(b.Sel))
			gl.top, gl.bot = math.Min(gl.top, minY), math.Max(gl.bot, maxY)
			if baseW >= 150*s {
				rest = append(rest, l)
			}
		case focus:
			l.maxW = 320 * s
			first = append(first, l)
		default:
			rest = append(rest, l)
		}
	}
	if gl.text != "" {
		first = append(first, gl)
	}
	// What labels must not cover: the scale bar and the minimap.
	taken := []ui.Rect{b.scaleBarRect(s), b.minimap}
	var out []placedName
	lh := ui.LineHeight(face) + 2*s
	area := b.view.Inset(2 * s)
	for _, l := range append(first, rest...) {
		name := ui.Ellipsis(l.text, face, l.maxW)
		w := ui.Width(name, face) + 10*s
		var at ui.Rect
		placed := false
		for _, y := range []float64{l.bot + 3*s, l.top - 3*s - lh} {
			r := ui.R(l.cx-w/2, y, w, lh)
			r.X = math.Max(area.X, math.Min(area.Right()-r.W, r.X))
			if r.Y < area.Y || r.Bottom() > area.Bottom() || overlapsAny(r, taken) {
				continue
			}
			at, placed = r, true
			break
		}
		if !placed {
			continue
		}
		taken = append(taken, at)
		out = append(out, placedName{name, at})
	}
	return out
}

// overlapsAny reports whether r overlaps one of rs.
func overlapsAny(r ui.Rect, rs []ui.Rect) bool {
	for _, q := range rs {
		if r.Overlaps(q) {
			return true
		}
	}
	return false
}

// scaleBarRect is where the scale bar stands in the view.
func (b *Battle) scaleBarRect(s float64) ui.Rect {
	return ui.R(b.view.X+10*s, b.view.Bottom()-38*s, 280*s, 38*s)
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

// The bar's standing hints, by what is under way.
const (
	hintIdle = iota
	hintUndo
	hintRedo
	hintDrag
	hintPlace
	hintOver
	numHints
)

// hintWordings are the bar's standing hints, each with a shorter wording
// for a bar too narrow for the first (the first that fits is shown).
func hintWordings(i int) []string {
	cancel := keysOf(control.CmdBack) + " cancels"
	switch i {
	case hintUndo:
		return []string{"Undo (" + keyLabel(control.CmdUndo) + "): as far back as the last dice roll", "Undo back to the last dice roll"}
	case hintRedo:
		return []string{"Redo what was undone (" + keyLabel(control.CmdRedo) + ")", "Redo"}
	case hintDrag:
		return []string{
			"Release to move · " + keyLabel(control.CmdWaypoint) + " waypoint · " + turnKeys() + "/wheel turn · " + quarterKeys() + " · " + cancel,
			"Release to move · " + keyLabel(control.CmdWaypoint) + " waypoint · " + turnKeys() + " turn · " + cancel,
		}
	case hintPlace:
		return []string{
			"Click to place · " + turnKeys() + "/wheel turn · " + quarterKeys() + " · " + cancel,
			"Click to place · " + turnKeys() + " turn · " + cancel,
		}
	case hintOver:
		return []string{"The battle is over · " + keysOf(control.CmdBack) + " shows the result", "The battle is over"}
	}
	return []string{
		"Drag to move · shift-click for groups · drag ground to pan · wheel zooms · " + keyLabel(control.CmdFit) + " fits",
		"Drag to move · shift-click: groups · " + keyLabel(control.CmdFit) + " fits",
	}
}

// barHints are the wordings of the hint shown now: the button under the
// pointer says what it does, else the last action's hint, else what is
// under way.
func (b *Battle) barHints() []string {
	switch {
	case b.undo.Hover() && b.undo.Disabled:
		return []string{b.UndoRefusal()}
	case b.undo.Hover():
		return hintWordings(hintUndo)
	case b.redo.Hover():
		return hintWordings(hintRedo)
	case b.Locked != "":
		return b.comp.hints(b.Locked)
	case b.hint != "":
		return []string{b.hint}
	}
	if b.touchInUse {
		if hs := b.touchHints(); hs != nil {
			return hs
		}
	}
	switch {
	case b.Dragging() != nil:
		return hintWordings(hintDrag)
	case b.Placing() != nil:
		return hintWordings(hintPlace)
	case b.M.G.Phase() == engine.PhaseOver:
		return hintWordings(hintOver)
	}
	return hintWordings(hintIdle)
}

// hintKey is what the bar's wrapped hint depends on: its wordings (the
// longest names them), its box and the theme's sizes. A struct, not a
// formatted string, so a frame that changes nothing allocates nothing.
type hintKey struct {
	first    string
	wordings int
	box      ui.Rect
	lines    int
	scale    float64
	text     float64
}

// hintLinesFor fits wordings to the hint's box: the lines to draw and
// whether one wording fitted whole.
func (b *Battle) hintLinesFor(th *ui.Theme, wordings []string) ([]string, bool) {
	return ui.FitLines(th.Face(fontRegular, hintSize), b.hintBox.W, b.hintLines, wordings...)
}

// drawBar draws the action bar under the table: the hint and the phase
// buttons.
func (b *Battle) drawBar(a *App, dst *ebiten.Image) {
	th := a.Theme
	s := th.Scale
	ui.Fill(dst, b.bar, color.RGBA{0x12, 0x14, 0x19, 0xe6})
	ui.Line(dst, b.bar.X, b.bar.Y, b.bar.Right(), b.bar.Y, 1.5*s, ui.GoldDeep)
	face := th.Face(fontRegular, hintSize)
	// The hint is wrapped again only when it or its box changes.
	c := &b.hintCache
	hints := b.barHints()
	if k := (hintKey{hints[0], len(hints), b.hintBox, b.hintLines, th.Scale, th.Text}); k != c.key {
		c.key = k
		c.lines, _ = b.hintLinesFor(th, hints)
	}
	lines := c.lines
	lh := ui.LineHeight(face)
	y := b.hintBox.CY() - float64(len(lines))*lh/2
	for _, l := range lines {
		ui.Text(dst, l, face, b.hintBox.X, y, ui.ParchDim, ui.Left)
		y += lh
	}
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
