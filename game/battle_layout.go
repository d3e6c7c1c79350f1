package game

import (
	"math"

	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/render"
	"pelennor/game/ui"
)

// layoutMode is how the battle screen is arranged for the window.
type layoutMode int

const (
	// layoutWide: the panel (context and log) right of the table.
	layoutWide layoutMode = iota
	// layoutTall: the panel under the table, context and log side by side.
	layoutTall
	// layoutNarrow: the panel under the table, context or log by tabs.
	layoutNarrow
)

// layoutModeFor picks the arrangement for a w × h window at scale s: a
// landscape window at least 1000 logical pixels wide keeps the panel at
// the side; a portrait or narrow one puts it under the table.
func layoutModeFor(w, h, s float64) layoutMode {
	lw := w / s
	switch {
	case h <= w*1.05 && lw >= 1000:
		return layoutWide
	case lw >= 700:
		return layoutTall
	}
	return layoutNarrow
}

// Panel tabs of the narrow layout.
const (
	tabContext = iota
	tabLog
)

// layout places everything of the battle screen for the window: the top
// bar (the title and the commands' chips), the table's view, the bar of
// buttons and the hint, the panel and the log.
func (b *Battle) layout(a *App) {
	th := a.Theme
	s := th.Scale
	b.Scale = s
	b.mode = layoutModeFor(a.W, a.H, s)
	full := ui.R(0, 0, a.W, a.H)
	b.layoutTop(a, &full)
	b.showLog = true
	switch b.mode {
	case layoutWide:
		b.side, full = full.CutRight(math.Min(380*s, a.W*0.3), 0)
		barH := b.barHeight(a, full.W)
		b.bar, b.view = full.CutBottom(barH, 0)
		in := b.side.Inset(10 * s)
		b.logR, b.info = in.CutBottom(in.H*0.42, 10*s)
	default:
		barH := b.barHeight(a, full.W)
		// The table takes a little more than half of what is left (half
		// on a phone) and the panel the rest: the panel holds the buttons
		// of each phase.
		frac := 0.58
		if b.mode == layoutNarrow {
			frac = 0.5
		}
		viewH := math.Max(160*s, (full.H-barH)*frac)
		b.view, full = full.CutTop(viewH, 0)
		b.bar, b.side = full.CutTop(barH, 0)
		in := b.side.Inset(8 * s)
		if b.mode == layoutTall {
			b.info, b.logR = in.CutLeft(in.W*0.56, 8*s)
		} else {
			tabH := math.Max(th.TargetPx(), ui.LineHeight(th.Face(fontBold, 14))+12*s)
			var tabs ui.Rect
			tabs, in = in.CutTop(tabH, 6*s)
			cols := tabs.Cols(2, 6*s)
			b.tabs[tabContext].Rect, b.tabs[tabLog].Rect = cols[0], cols[1]
			b.info, b.logR = in, in
			b.showLog = b.tab == tabLog
		}
	}
	b.Cam.TableW, b.Cam.TableH = float64(b.M.Sc.Table.Width), float64(b.M.Sc.Table.Height)
	if b.Cam.MaxZoom == 0 {
		b.Cam.MaxZoom = 3 * s
	}
	b.Cam.Margin = 34 * s
	b.Cam.SetViewport(b.view.X, b.view.Y, b.view.W, b.view.H)
	// Until the player moves the camera, the whole table stays fitted to
	// the view (the first frames may come before the window's real size).
	if b.view.W > 0 && (!b.fitted || !b.camTouched && b.fitView != b.view) {
		b.Cam.Fit()
		b.fitted, b.fitView = true, b.view
	}
	if b.terrain == nil || b.layoutScale != s {
		b.terrain = render.NewTerrain(b.M.Sc, s)
		b.layoutScale = s
	}
	b.layoutMeasure(s) // makes the tape and trails buttons
	b.layoutTouch()
	if !b.replay {
		b.layoutBar(a)
	}
	b.layoutMinimap(a)
	b.log.Rect = b.logR.Inset(4 * s)
	head := ui.LineHeight(th.Face(fontSmallCaps, 17)) + 14*s
	b.log.Rect.Y += head
	b.log.Rect.H = math.Max(0, b.log.Rect.H-head)
}

// topText are the top bar's two lines of text: the bound and phase, and
// who is to act.
func topText(th *ui.Theme) (title, who float64) {
	return ui.LineHeight(th.Face(fontSmallCaps, 20)), ui.LineHeight(th.Face(fontItalic, 14))
}

// layoutTop cuts the top bar from the top of r: the centre (the title
// and the event track) and each command's chip, its side's on its half
// beside the centre when wide, in a row per side under it otherwise.
func (b *Battle) layoutTop(a *App, r *ui.Rect) {
	th := a.Theme
	s := th.Scale
	lt, lw := topText(th)
	centreH := 8*s + lt + 2*s + lw + 4*s
	if len(b.evNames) > 0 {
		centreH += 22*s + 6*s
	}
	chipH := chipHeight(th)
	var sides [2][]int
	for i, c := range b.M.Sc.Commands {
		si := 0
		if c.Side == b.M.Sc.Sides[1].ID {
			si = 1
		}
		sides[si] = append(sides[si], i)
	}
	if len(b.chips) != len(b.M.Sc.Commands) {
		b.chips = make([]ui.Rect, len(b.M.Sc.Commands))
	}
	var areas [2]ui.Rect
	if b.mode == layoutWide {
		topH := math.Max(84*s, math.Max(centreH, chipH+16*s))
		b.top, *r = r.CutTop(topH, 0)
		// Room for the longest title the centre writes (hud.go's drawTop).
		cw := math.Max(380*s, ui.Width("BOUND 88  ·  RETURN SHOOTING", th.Face(fontSmallCaps, 20))+20*s)
		b.centre = ui.R(b.top.CX()-cw/2, b.top.Y, cw, b.top.H)
		areas[0] = ui.R(b.top.X+10*s, b.top.Y+8*s, b.centre.X-b.top.X-20*s, b.top.H-16*s)
		areas[1] = ui.R(b.centre.Right()+10*s, b.top.Y+8*s, b.top.Right()-b.centre.Right()-20*s, b.top.H-16*s)
	} else {
		// A row of chips for each side.
		b.top, *r = r.CutTop(centreH+2*(chipH+6*s)+4*s, 0)
		b.centre = ui.R(b.top.X, b.top.Y, b.top.W, centreH)
		y := b.centre.Bottom()
		for si := range areas {
			areas[si] = ui.R(b.top.X+8*s, y, b.top.W-16*s, chipH)
			y += chipH + 6*s
		}
	}
	tw := math.Min(b.centre.W-110*s, 420*s)
	b.track = ui.R(b.centre.CX()-tw/2+30*s, b.centre.Y+8*s+lt+2*s+lw+4*s, tw, 22*s)
	for si, ids := range sides {
		n := len(ids)
		if n == 0 {
			continue
		}
		area := areas[si]
		cw := math.Min(200*s, (area.W-float64(n-1)*8*s)/float64(n))
		x := area.X
		if si == 1 && b.mode == layoutWide {
			x = area.Right() - float64(n)*cw - float64(n-1)*8*s
		}
		for _, ci := range ids {
			b.chips[ci] = ui.R(x, area.Y, cw, area.H)
			x += cw + 8*s
		}
	}
}

// chipHeight is the height of a command's chip: its name and status, the
// lost AP over the bar, the bar (hud.go's drawChip).
func chipHeight(th *ui.Theme) float64 {
	s := th.Scale
	text := ui.LineHeight(th.Face(fontBold, 13)) + ui.LineHeight(th.Face(fontRegular, 12)) + ui.LineHeight(th.Face(fontMedium, 11))
	return math.Max(64*s, 5*s+text+2*s+1*s+6*s+8*s)
}

// barButtons are the bar's buttons, left group first: the last two (end
// the phase, end the bound) stand at the right.
func (b *Battle) barButtons() (left, right []*ui.Button) {
	left = []*ui.Button{&b.fit, &b.menu, &b.undo, &b.redo, &b.meas.tape, &b.meas.trails}
	if b.groupButtonShown() {
		left = append(left, &b.groupSel) // touch's Shift (C8)
	}
	return left, []*ui.Button{&b.endPhase, &b.endBound}
}

// buttonHeights are the bar's button heights: the end buttons and the
// small ones, each at least a target and high enough for its text.
func buttonHeights(th *ui.Theme) (big, small float64) {
	s := th.Scale
	big = math.Max(math.Max(42*s, th.TargetPx()), ui.LineHeight(th.Face(fontBold, 16))+14*s)
	small = math.Max(math.Max(34*s, th.TargetPx()), ui.LineHeight(th.Face(fontBold, 14))+12*s)
	return big, small
}

// widthFor sizes a button to its widest label (the end-phase button's
// label changes with the phase, and the bar must not move when it does).
func widthFor(th *ui.Theme, btn *ui.Button, least float64, labels ...string) float64 {
	w := math.Max(least, btn.Need(th))
	keep := btn.Label
	for _, l := range labels {
		btn.Label = l
		w = math.Max(w, btn.Need(th))
	}
	btn.Label = keep
	return math.Ceil(w)
}

// endPhaseLabels are every label the end-phase button can show.
var endPhaseLabels = append(control.PhaseLabels(), "End phase")

// barWidths are the widths of the bar's buttons, in barButtons order.
func (b *Battle) barWidths(th *ui.Theme) (left, right []float64) {
	s := th.Scale
	l, r := b.barButtons()
	mins := []float64{100 * s, 76 * s, 70 * s, 70 * s, 84 * s, 92 * s, 84 * s}
	for i, btn := range l {
		left = append(left, widthFor(th, btn, mins[i]))
	}
	right = append(right, widthFor(th, r[0], 150*s, endPhaseLabels...), widthFor(th, r[1], 150*s))
	return left, right
}

// hintMin is the least width the hint takes beside the buttons in one
// row; below it the hint has a row of its own above them.
const hintMin = 300

// hintSize is the size of the bar's hint.
const hintSize = 14

// barPlan is where the bar's parts go, relative to the bar's top left.
type barPlan struct {
	h         float64
	hint      ui.Rect
	hintLines int
	left      []ui.Rect
	right     []ui.Rect
}

// planBar lays the bar out for a width w: the buttons in one row with the
// hint between the groups when they leave it room, else the hint on top
// and the buttons flowed in rows under it, the end buttons at the right.
func (b *Battle) planBar(th *ui.Theme, w float64) barPlan {
	s := th.Scale
	big, small := buttonHeights(th)
	lw, rw := b.barWidths(th)
	gap, pad := 8*s, 12*s
	lh := ui.LineHeight(th.Face(fontRegular, hintSize))
	sum := func(ws []float64) float64 {
		t := 0.0
		for _, x := range ws {
			t += x + gap
		}
		return t
	}
	var p barPlan
	if b.replay {
		p.h = 104 * s // the replay's controls (viewer.go)
		if w < b.replayNeed {
			p.h += 100 * s // in three rows
		}
		return p
	}
	rowH := big + 16*s
	if one := pad + sum(lw) + 10*s + hintMin*s + 10*s + sum(rw) - gap + pad; one <= w {
		p.h = math.Max(60*s, math.Max(rowH, 2*lh+16*s))
		x := pad
		for _, bw := range lw {
			p.left = append(p.left, ui.R(x, (p.h-small)/2, bw, small))
			x += bw + gap
		}
		rx := w - pad - (sum(rw) - gap)
		for _, bw := range rw {
			p.right = append(p.right, ui.R(rx, (p.h-big)/2, bw, big))
			rx += bw + gap
		}
		hx := x + 10*s
		p.hint = ui.R(hx, 4*s, rx-gap-10*s-hx, p.h-8*s)
		p.hintLines = int(p.hint.H / lh)
		return p
	}
	// The hint on top, two lines; the buttons flowed under it.
	p.hintLines = 2
	p.hint = ui.R(pad, 6*s, w-2*pad, 2*lh)
	y := p.hint.Bottom() + 6*s
	x := pad
	for _, bw := range lw {
		if x+bw > w-pad && x > pad {
			x, y = pad, y+small+gap
		}
		p.left = append(p.left, ui.R(x, y, bw, small))
		x += bw + gap
	}
	// The end buttons right of the last row if they fit, else on a row
	// of their own, at the right.
	need := sum(rw) - gap
	ry := y + (small-big)/2
	if x+need > w-pad {
		ry = y + small + gap
	}
	rx := w - pad - need
	if rx < pad { // too narrow for both side by side: share the row
		rw = []float64{(w - 2*pad - gap) / 2, (w - 2*pad - gap) / 2}
		rx = pad
	}
	for _, bw := range rw {
		p.right = append(p.right, ui.R(rx, ry, bw, big))
		rx += bw + gap
	}
	p.h = p.right[len(p.right)-1].Bottom() + 10*s
	for _, r := range p.left {
		p.h = math.Max(p.h, r.Bottom()+10*s)
	}
	return p
}

// barKey is what the bar's plan depends on: the labels' widths are
// measured once for each.
type barKey struct {
	w, scale, text, target, replayNeed float64
	replay, group                      bool
}

// cachedBar returns the bar's plan at width w, measured again only when
// the width, the theme or the replay's needs change (layout runs twice
// a frame).
func (b *Battle) cachedBar(th *ui.Theme, w float64) barPlan {
	k := barKey{w, th.Scale, th.Text, th.Target, b.replayNeed, b.replay, b.groupButtonShown()}
	if b.barPlanned != k || b.barPlan.h == 0 {
		b.barPlan, b.barPlanned = b.planBar(th, w), k
	}
	return b.barPlan
}

// barHeight is the bar's height at width w.
func (b *Battle) barHeight(a *App, w float64) float64 {
	b.layoutMeasure(a.Theme.Scale)
	b.layoutTouch()
	return b.cachedBar(a.Theme, w).h
}

// layoutBar places the bar's buttons and the hint's box.
func (b *Battle) layoutBar(a *App) {
	p := b.cachedBar(a.Theme, b.bar.W)
	at := func(r ui.Rect) ui.Rect { return ui.R(b.bar.X+r.X, b.bar.Y+r.Y, r.W, r.H) }
	l, r := b.barButtons()
	for i, btn := range l {
		btn.Rect = at(p.left[i])
	}
	for i, btn := range r {
		btn.Rect = at(p.right[i])
	}
	b.hintBox, b.hintLines = at(p.hint), p.hintLines
}

// buttons returns every button of the battle screen shown now, for the
// layout tests: the bar's, the tabs and the panel's of this phase.
func (b *Battle) buttons() []*ui.Button {
	var out []*ui.Button
	if !b.replay {
		l, r := b.barButtons()
		out = append(append(out, l...), r...)
	}
	if b.mode == layoutNarrow {
		out = append(out, &b.tabs[tabContext], &b.tabs[tabLog])
	}
	if b.mode != layoutNarrow || b.tab == tabContext {
		out = append(out, b.panelButtons()...)
	}
	return out
}

// updateLayout handles the layout's own controls, the panel's tabs and
// the minimap, and reports whether one took the frame's pointer.
func (b *Battle) updateLayout(f *input.Frame) bool {
	if b.mode == layoutNarrow {
		for i := range b.tabs {
			if b.tabs[i].Update(f) {
				b.tab = i
				b.showLog = i == tabLog
				return true
			}
		}
	}
	return b.updateMinimap(f)
}

// toggleContrast turns the high-contrast bases on or off, and keeps it in
// the settings.
func (b *Battle) toggleContrast(a *App) {
	a.Settings.Contrast = !a.Settings.Contrast
	a.SaveSettings()
	msg := "High-contrast bases off"
	if a.Settings.Contrast {
		msg = "High-contrast bases on"
	}
	a.Toast(msg+" ("+keyLabel(control.CmdContrast)+")", ui.Info)
}
