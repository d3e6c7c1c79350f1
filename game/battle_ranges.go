package game

import (
	"fmt"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/game/control"
	"pelennor/game/render"
	"pelennor/game/ui"
)

// rangesColour is the command range's outline.
var rangesColour = color.RGBA{0x9f, 0xd4, 0xff, 0xff}

// rangesOf is the element whose ranges the tape shows: the one under the
// pointer, else the single one selected; ok is false for none or when
// the tape is away.
func (b *Battle) rangesOf() (control.Ranges, bool) {
	if !b.Measuring() || b.Dragging() != nil {
		return control.Ranges{}, false
	}
	id := b.hover
	if id == 0 && len(b.Sel) == 1 {
		id = b.Sel[0]
	}
	return b.RangesOf(id)
}

// drawRanges outlines, for the element the tape shows, its command's
// range about the general (the outer line for elements he sees, the
// inner dashed one for those he does not, R12), what it may shoot or
// bespell, and where its move can reach.
func (b *Battle) drawRanges(a *App, cv *render.Canvas) {
	r, ok := b.rangesOf()
	if !ok {
		return
	}
	s := a.Theme.Scale
	poly := func(pts []float64, w float64, clr color.Color) {
		cv.Polyline(w+2*s, ui.Alpha(color.Black, 0.35), true, pts...)
		cv.Polyline(w, clr, true, pts...)
	}
	if cr := r.Command; cr != nil {
		for i, rad := range []int{cr.Radius, cr.Unseen} {
			var pts []float64
			for _, q := range control.Outline(r.General, float64(rad)) {
				x, y := b.Cam.ToScreen(q.X, q.Y)
				pts = append(pts, x, y)
			}
			if i == 0 {
				cv.Convex(ui.Alpha(rangesColour, 0.06), pts...)
				poly(pts, 2*s, ui.Alpha(rangesColour, 0.85))
				continue
			}
			for k := 0; k+3 < len(pts); k += 4 {
				cv.ButtLine(pts[k], pts[k+1], pts[k+2], pts[k+3], 1.5*s, ui.Alpha(rangesColour, 0.7))
			}
		}
	}
	if f := r.Fire; f != nil {
		if e, ok := b.M.G.Element(r.ID); ok {
			switch {
			case f.Kind == engine.ActBespell:
				var pts []float64
				for _, q := range control.Outline(render.PoseOf(e.Base), float64(f.Range)) {
					x, y := b.Cam.ToScreen(q.X, q.Y)
					pts = append(pts, x, y)
				}
				poly(pts, 1.5*s, ui.Alpha(color.RGBA{0xb0, 0x7c, 0xf0, 0xff}, 0.8))
			case len(f.Arc) > 2:
				var pts []float64
				for _, q := range f.Arc {
					x, y := b.Cam.ToScreen(float64(q.X), float64(q.Y))
					pts = append(pts, x, y)
				}
				cv.Convex(ui.Alpha(color.RGBA{0xff, 0x8a, 0x5a, 0xff}, 0.14), pts...)
				poly(pts, 1.5*s, ui.Alpha(color.RGBA{0xff, 0x8a, 0x5a, 0xff}, 0.8))
			}
		}
	}
	if len(r.Reach) > 2 {
		var pts []float64
		for _, p := range r.Reach {
			x, y := b.Cam.ToScreen(float64(p.X), float64(p.Y))
			pts = append(pts, x, y)
		}
		poly(pts, 1.5*s, ui.Alpha(ui.GoldBright, 0.8))
	}
}

// drawRangesLabel words the ranges drawn under the element.
func (b *Battle) drawRangesLabel(a *App, view *ebiten.Image) {
	r, ok := b.rangesOf()
	if !ok {
		return
	}
	dist := a.Settings.Dist
	var lines []string
	var clrs []color.Color
	add := func(s string, c color.Color) { lines, clrs = append(lines, s), append(clrs, c) }
	add(b.M.ElementName(r.ID), ui.Parchment)
	if r.Allow.Allow > 0 {
		m := "Moves " + dist(float64(r.Allow.Allow)) + " " + r.Allow.Name
		if len(r.Reach) == 0 {
			m += ", but may not move now"
		}
		add(m, ui.GoldBright)
	}
	if cr := r.Command; cr != nil {
		add(fmt.Sprintf("Command range %s from %s (%s out of his sight)", dist(float64(cr.Radius)), b.M.ElementName(cr.General), dist(float64(cr.Unseen))), rangesColour)
	}
	if f := r.Fire; f != nil {
		verb := "Shoots"
		if f.Kind == engine.ActBespell {
			verb = "Bespells"
		}
		add(fmt.Sprintf("%s %s", verb, dist(float64(f.Range))), color.RGBA{0xff, 0xa8, 0x80, 0xff})
		if r.NoShot != "" {
			add(control.Capitalise(r.NoShot), ui.Bad)
		}
	}
	e, _ := b.M.G.Element(r.ID)
	p := b.poseOf(e)
	maxY := p.Corners()[0].Y
	for _, q := range p.Corners() {
		maxY = max(maxY, q.Y)
	}
	c := p.Center()
	x, y := b.Cam.ToScreen(c.X, maxY)
	b.drawTag(a, view, x, y+26*a.Theme.Scale, lines, clrs)
}
