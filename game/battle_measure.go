package game

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/render"
	"pelennor/game/table"
	"pelennor/game/ui"
)

// measuring is the battle's tape measure and trails: the two bar
// buttons that toggle them and the trails worked out for the position
// (the controller holds the state, game/control/measure.go, trails.go).
type measuring struct {
	tape, trails ui.Button
	made         bool
	cache        struct {
		actions, gen, bound int
		trails              []control.Trail
	}
}

// tapeColour is the tape measure's yellow.
var tapeColour = color.RGBA{0xff, 0xd8, 0x4a, 0xff}

// layoutMeasure places the bar's tape and trails buttons after Redo.
func (b *Battle) layoutMeasure(s float64) {
	m := &b.meas
	if !m.made {
		m.made = true
		m.tape = ui.Button{Label: "Tape (" + keyLabel(control.CmdMeasure) + ")", Small: true}
		m.trails = ui.Button{Label: "Trails (" + keyLabel(control.CmdTrails) + ")", Small: true}
	}
	r := b.redo.Rect
	m.tape.Rect = ui.R(r.Right()+16*s, r.Y, 92*s, r.H)
	m.trails.Rect = ui.R(m.tape.Rect.Right()+6*s, r.Y, 100*s, r.H)
	m.tape.Primary, m.trails.Primary = b.Measuring(), b.TrailsOn()
}

// hintLeft is where the bar's hint may begin: after the last button.
func (b *Battle) hintLeft() float64 {
	if b.groupSel.Rect.W > 0 {
		return b.groupSel.Rect.Right()
	}
	if b.meas.made {
		return b.meas.trails.Rect.Right()
	}
	return b.redo.Rect.Right()
}

// updateMeasure toggles the tape and the trails (keys and buttons) and
// lays the tape with the left button while it is out; it reports
// whether it took the frame's pointer.
func (b *Battle) updateMeasure(a *App, f *input.Frame, p control.Pointer, inView bool) bool {
	if b.Dragging() != nil || b.Placing() != nil {
		return false
	}
	if (!b.replay && b.meas.tape.Update(f)) || commanded(f, control.CmdMeasure, b.keys()) {
		b.do(a, b.ToggleTape())
	}
	if (!b.replay && b.meas.trails.Update(f)) || commanded(f, control.CmdTrails, b.keys()) {
		b.do(a, b.ToggleTrails())
	}
	if !b.Measuring() {
		return false
	}
	if commanded(f, control.CmdBack, b.keys()) {
		b.do(a, b.ToggleTape()) // Escape puts the tape away before it opens the menu
		return true
	}
	id := b.elementAt(p.World.X, p.World.Y)
	switch {
	case b.TapePulling():
		b.TapeHold(p, id, f.Down(input.Left) && !f.Released(input.Left))
		return true
	case inView && f.Pressed(input.Left):
		b.TapePress(p, id)
		return true
	}
	return false
}

// trailsNow are the trails to draw, worked out again after an action.
func (b *Battle) trailsNow() []control.Trail {
	m := &b.meas
	g := b.M.G
	c := &m.cache
	if c.trails != nil && c.actions == g.Actions() && c.gen == b.M.Gen && c.bound == g.Bound() {
		return c.trails
	}
	c.actions, c.gen, c.bound = g.Actions(), b.M.Gen, g.Bound()
	c.trails = []control.Trail{}
	for _, bound := range b.TrailBounds() {
		evs := b.M.BoundEvents(bound)
		c.trails = append(c.trails, control.Trails(g, bound, evs, b.trailVia(bound, evs), b.boundStart(bound))...)
	}
	return c.trails
}

// trailVia gives the waypoints a moved event of bound n's events evs
// passed through: those of the single move it came of (R21).
func (b *Battle) trailVia(n int, evs []engine.Event) func(int) []engine.Pose {
	rec := b.M.rec
	first, start := b.M.boundEvent(n), b.M.BoundStart(n)
	if rec == nil || first < 0 || start < 0 {
		return nil
	}
	acts := rec.Record()
	return func(i int) []engine.Pose {
		at := first + i // the event's index in the record, as in Log
		for k := start; k < len(acts); k++ {
			if at >= rec.EventCount(k+1) {
				continue
			}
			if at >= rec.EventCount(k) && acts[k].Kind == engine.ActMove && acts[k].ID == evs[i].ID {
				return acts[k].Via
			}
			return nil
		}
		return nil
	}
}

// boundStart is the game as bound n began, for where the trails start.
func (b *Battle) boundStart(n int) func(int) (engine.Element, bool) {
	rec := b.M.rec
	if rec == nil {
		return nil
	}
	i := b.M.BoundStart(n)
	if i < 0 {
		return nil
	}
	g, _, err := rec.At(i)
	if err != nil {
		return nil
	}
	return g.Element
}

// drawTrails draws where each element went, in its command's colour:
// the last bound's faint, this bound's strong, a dot where it stood and
// an arrowhead where it ended; combat's recoils and flights dashed.
func (b *Battle) drawTrails(a *App, cv *render.Canvas) {
	if !b.TrailsOn() {
		return
	}
	s := a.Theme.Scale
	now := b.M.G.Bound()
	for _, t := range b.trailsNow() {
		e, ok := b.M.G.Element(t.ID)
		if !ok {
			continue
		}
		clr := ui.Mix(b.colours[e.Cmd], color.White, 0.55)
		alpha := 0.95
		if t.Bound != now {
			alpha = 0.55
		}
		for i := 1; i < len(t.Pts); i++ {
			x0, y0 := b.Cam.ToScreen(t.Pts[i-1].X, t.Pts[i-1].Y)
			x1, y1 := b.Cam.ToScreen(t.Pts[i].X, t.Pts[i].Y)
			if t.Kinds[i-1] == engine.EvMoved {
				cv.Line(x0, y0, x1, y1, 6*s, ui.Alpha(color.Black, 0.6*alpha))
				cv.Line(x0, y0, x1, y1, 3*s, ui.Alpha(clr, alpha))
			} else {
				dashed(cv, x0, y0, x1, y1, 2*s, 8*s, ui.Alpha(clr, alpha))
			}
			if i == 1 {
				cv.Circle(x0, y0, 6*s, ui.Alpha(color.Black, 0.6*alpha))
				cv.Circle(x0, y0, 4*s, ui.Alpha(clr, alpha))
			} else {
				cv.Circle(x0, y0, 3*s, ui.Alpha(clr, alpha)) // a waypoint
			}
			if i == len(t.Pts)-1 {
				arrowHead(cv, x0, y0, x1, y1, 11*s, ui.Alpha(clr, alpha))
			}
		}
	}
}

// dashed draws a dashed line of dashes dash long.
func dashed(cv *render.Canvas, x0, y0, x1, y1, w, dash float64, clr color.Color) {
	l := math.Hypot(x1-x0, y1-y0)
	if l < 1 {
		return
	}
	ux, uy := (x1-x0)/l, (y1-y0)/l
	for k := 0.0; k < l; k += 2 * dash {
		e := math.Min(l, k+dash)
		cv.ButtLine(x0+ux*k, y0+uy*k, x0+ux*e, y0+uy*e, w, clr)
	}
}

// arrowHead draws a filled arrowhead of size n at the end of x0,y0–x1,y1.
func arrowHead(cv *render.Canvas, x0, y0, x1, y1, n float64, clr color.Color) {
	l := math.Hypot(x1-x0, y1-y0)
	if l < 1 {
		return
	}
	ux, uy := (x1-x0)/l, (y1-y0)/l
	cv.Convex(clr, x1+ux*n*0.3, y1+uy*n*0.3, x1-ux*n-uy*n*0.55, y1-uy*n+ux*n*0.55, x1-ux*n+uy*n*0.55, y1-uy*n-ux*n*0.55)
}

// drawRuler draws the move's ruler along its legs, front-edge centre to
// front-edge centre through each waypoint, with inch ticks from the start
// and a ring at each waypoint.
func (b *Battle) drawRuler(a *App, cv *render.Canvas, d *Drag, clr color.Color) {
	s := a.Theme.Scale
	// Each waypoint's base as an outline: a place passed through.
	for _, w := range d.Via {
		var out []float64
		for _, q := range w.Corners() {
			x, y := b.Cam.ToScreen(q.X, q.Y)
			out = append(out, x, y)
		}
		cv.Polyline(4*s, ui.Alpha(color.Black, 0.45), true, out...)
		cv.Polyline(2*s, ui.Alpha(clr, 0.9), true, out...)
	}
	pts := append(append([]table.Pose{d.From[0]}, d.Via...), d.Ghost[0])
	run := 0.0 // paces along the ruler so far, for the ticks
	for i := 1; i < len(pts); i++ {
		from, to := pts[i-1], pts[i]
		x0, y0 := b.Cam.ToScreen(from.X, from.Y)
		x1, y1 := b.Cam.ToScreen(to.X, to.Y)
		cv.Line(x0, y0, x1, y1, 4*s, ui.Alpha(color.Black, 0.5))
		cv.Line(x0, y0, x1, y1, 2*s, clr)
		l := math.Hypot(to.X-from.X, to.Y-from.Y)
		if l > 1 {
			ux, uy := (to.X-from.X)/l, (to.Y-from.Y)/l
			for k := math.Ceil(run/100)*100 - run; k < l; k += 100 {
				if k <= 0 {
					continue
				}
				px, py := b.Cam.ToScreen(from.X+ux*k, from.Y+uy*k)
				cv.ButtLine(px-uy*6*s, py+ux*6*s, px+uy*6*s, py-ux*6*s, 2*s, clr)
			}
		}
		run += l
	}
	for _, w := range d.Via {
		x, y := b.Cam.ToScreen(w.X, w.Y)
		cv.Ring(x, y, 7*s, 2*s, ui.Alpha(color.Black, 0.6))
		cv.Circle(x, y, 5*s, clr)
	}
}

// drawWaypointNumbers numbers the waypoints beside their rings.
func (b *Battle) drawWaypointNumbers(a *App, view *ebiten.Image) {
	d := b.Dragging()
	if d == nil || len(d.Via) == 0 {
		return
	}
	s := a.Theme.Scale
	face := a.Theme.Face(fontBold, 12)
	for i, w := range d.Via {
		x, y := b.Cam.ToScreen(w.X, w.Y)
		ui.Text(view, string(rune('1'+i)), face, x+9*s, y-18*s, ui.Parchment, ui.Left)
	}
}

// drawTape draws the laid tape with its distance.
func (b *Battle) drawTape(a *App, cv *render.Canvas) {
	p, q, _, ok := b.TapeSpan()
	if !ok {
		return
	}
	s := a.Theme.Scale
	x0, y0 := b.Cam.ToScreen(p.X, p.Y)
	x1, y1 := b.Cam.ToScreen(q.X, q.Y)
	cv.Line(x0, y0, x1, y1, 6*s, ui.Alpha(color.Black, 0.55))
	cv.Line(x0, y0, x1, y1, 3*s, tapeColour)
	l := math.Hypot(q.X-p.X, q.Y-p.Y)
	if l > 1 {
		ux, uy := (q.X-p.X)/l, (q.Y-p.Y)/l
		for k := 100.0; k < l; k += 100 {
			px, py := b.Cam.ToScreen(p.X+ux*k, p.Y+uy*k)
			cv.ButtLine(px-uy*5*s, py+ux*5*s, px+uy*5*s, py-ux*5*s, 2*s, color.Black)
		}
	}
	cv.Circle(x0, y0, 4*s, tapeColour)
	cv.Circle(x1, y1, 4*s, tapeColour)
}

// drawTapeLabel writes the tape's distance at its middle.
func (b *Battle) drawTapeLabel(a *App, view *ebiten.Image) {
	p, q, _, ok := b.TapeSpan()
	if !ok {
		return
	}
	x, y := b.Cam.ToScreen((p.X+q.X)/2, (p.Y+q.Y)/2)
	b.drawTag(a, view, x, y+14*a.Theme.Scale, []string{b.TapeText(a.Settings.Dist)}, []color.Color{tapeColour})
}

// drawMeasureButtons draws the bar's tape and trails buttons.
func (b *Battle) drawMeasureButtons(a *App, dst *ebiten.Image) {
	if b.replay || !b.meas.made {
		return
	}
	b.meas.tape.Draw(dst, a.Theme)
	b.meas.trails.Draw(dst, a.Theme)
}
