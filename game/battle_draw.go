package game

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/game/control"
	"pelennor/game/render"
	"pelennor/game/ui"
)

// Draw draws the battle screen.
func (b *Battle) Draw(a *App, dst *ebiten.Image) {
	b.layout(a)
	th := a.Theme
	s := th.Scale
	g := b.M.G
	dst.Fill(ui.Backdrop)
	b.terrain.Draw(dst, &b.Cam)

	view := dst.SubImage(b.view.Image()).(*ebiten.Image)
	if b.cv == nil {
		b.cv = render.NewCanvas(view)
		b.cv.AA = true
	}
	cv := b.cv
	cv.Reset(view)

	b.drawZones(a, cv)
	b.drawShootingArcs(a, cv)
	b.drawRanges(a, cv)

	// Elements: ensorcelled traces, then bases.
	els := g.Elements()
	dragged := map[int]bool{}
	if b.Dragging() != nil {
		for _, id := range b.Dragging().IDs {
			dragged[id] = true
		}
	}
	cmds := g.Commands()
	engaged := map[int]bool{}
	if g.Phase() == engine.PhaseClose {
		for _, c := range g.Combats() {
			engaged[c[0]] = true
		}
	}
	bound, _ := g.ToAct()
	for _, e := range els {
		if e.Status == engine.Ensorcelled && e.Base.Width > 0 {
			render.DrawElement(cv, &b.Cam, render.PoseOf(e.Base), render.Look{Type: e.Type, Ensorcelled: true}, s)
		}
	}
	for _, e := range els {
		if !e.OnTable() {
			continue
		}
		look := render.Look{
			Type: e.Type, Colour: b.colours[e.Cmd], General: e.General,
			Inactive: !cmds[e.Cmd].Active, Broken: cmds[e.Cmd].Broken,
			Moved:    e.Moved && e.Side == bound && g.Phase() == engine.PhaseMove,
			Selected: b.Marked(e.ID) == control.MarkSelected,
			Hovered:  e.ID == b.hover && b.Dragging() == nil,
			Target:   b.Marked(e.ID) == control.MarkTarget,
			Upright:  true,
			Contrast: a.Settings.Contrast,
		}
		if dragged[e.ID] {
			look.Alpha = 0.4
		}
		render.DrawElement(cv, &b.Cam, b.poseOf(e), look, s)
	}
	// Combat marks where the fronts meet (not for a pair pushed apart).
	b.drawWhatIfMarks(a, cv)
	for _, c := range b.ListedCombats() {
		if g.Phase() != engine.PhaseClose || c.Apart {
			continue
		}
		ea, _ := g.Element(c.A)
		eb, _ := g.Element(c.B)
		pa, pb := render.PoseOf(ea.Base).Center(), render.PoseOf(eb.Base).Center()
		x, y := b.Cam.ToScreen((pa.X+pb.X)/2, (pa.Y+pb.Y)/2)
		render.CrossedSwords(cv, x, y, math.Max(16*s, 70*b.Cam.Zoom))
	}
	// Banners of the generals, upright, at each general's rear corner.
	for _, e := range els {
		if !e.OnTable() || !e.General {
			continue
		}
		p := b.poseOf(e)
		c := p.Corners()
		top := c[0]
		for _, q := range c {
			if q.Y < top.Y {
				top = q
			}
		}
		x, y := b.Cam.ToScreen(top.X, top.Y)
		h := math.Max(16*s, math.Min(40*s, 90*b.Cam.Zoom))
		render.Banner(cv, x, y+h*0.15, h, b.colours[e.Cmd])
	}
	b.drawTrails(a, cv)
	b.drawGhost(a, cv, view)
	if b.Placing() != nil && b.Placing().Ghost != nil {
		e, _ := g.Element(b.Placing().IDs[0])
		render.DrawElement(cv, &b.Cam, b.Placing().Ghost[0], render.Look{Type: e.Type, Colour: b.colours[e.Cmd], Ghost: true, GhostOK: b.Placing().OK, Upright: true}, s)
	}
	if bx0, by0, bx1, by1, ok := b.Box(); ok {
		x0, y0 := math.Min(bx0, bx1), math.Min(by0, by1)
		x1, y1 := math.Max(bx0, bx1), math.Max(by0, by1)
		cv.Convex(ui.Alpha(ui.GoldBright, 0.12), x0, y0, x1, y0, x1, y1, x0, y1)
		cv.Polyline(1.5*s, ui.GoldBright, true, x0, y0, x1, y1-y1+y0, x1, y1, x0, y1)
	}
	b.drawTape(a, cv)
	cv.Flush()
	b.drawNames(a, view, els)
	b.drawGhostLabel(a, view)
	b.drawWaypointNumbers(a, view)
	b.drawTapeLabel(a, view)
	b.drawRangesLabel(a, view)
	b.drawWhatIfTags(a, view)
	if b.Placing() != nil && b.Placing().Ghost != nil && !b.Placing().OK {
		p := b.Placing().Ghost[0]
		x, y := b.Cam.ToScreen(p.X, p.Y)
		b.drawTag(a, view, x, y-30*s, []string{b.Placing().Reason}, []color.Color{ui.Bad})
	}
	b.drawScaleBar(a, view)
	b.drawMinimap(a, view)

	// Overlays in the view.
	if !b.replay {
		b.drawBar(a, dst)
		b.fit.Draw(dst, th)
		b.menu.Draw(dst, th)
		b.undo.Draw(dst, th)
		b.redo.Draw(dst, th)
		b.drawMeasureButtons(a, dst)
		b.groupSel.Draw(dst, th)
	}
	b.tooltip = ""
	b.drawTop(a, dst)
	b.drawSide(a, dst)
	b.drawDoc(a, dst)
	if b.tooltip != "" {
		b.drawTag(a, dst, b.tipX, b.tipY, []string{b.tooltip}, []color.Color{ui.Parchment})
	}
	mx, my := ebitenCursor(a)
	underDoc := b.doc != nil && b.doc.rect.Contains(mx, my)
	if b.hover != 0 && !underDoc && b.Dragging() == nil && b.Placing() == nil && !b.boxing() && !b.Measuring() {
		b.drawHoverCard(a, dst, b.hover, mx, my)
	}
}

func elementOf(g *engine.Game, id int) engine.Element {
	e, _ := g.Element(id)
	return e
}

// ebitenCursor returns the pointer as last polled, for drawing.
func ebitenCursor(a *App) (float64, float64) { return a.lastX, a.lastY }

// drawZones shows deployment zones while deploying and entry zones
// while arrivals may be re-placed.
func (b *Battle) drawZones(a *App, cv *render.Canvas) {
	g := b.M.G
	var kind string
	var id int
	s := a.Theme.Scale
	switch {
	case g.Phase() == engine.PhaseDeploy:
		kind = "deploy"
	case b.Dragging() != nil && b.Dragging().Kind == engine.ActPlace:
		kind, id = "entry", b.Dragging().IDs[0]
	case b.Placing() != nil:
		// Returns come on touching the command's entry edge.
		e, _ := g.Element(b.Placing().IDs[0])
		W, H := float64(b.M.Sc.Table.Width), float64(b.M.Sc.Table.Height)
		d := b.Placing().From[0].D + 40
		var q [4]render.Pt
		switch b.M.G.EntryEdge(e.ID) {
		case "north":
			q = [4]render.Pt{{X: 0, Y: 0}, {X: W, Y: 0}, {X: W, Y: d}, {X: 0, Y: d}}
		case "south":
			q = [4]render.Pt{{X: 0, Y: H - d}, {X: W, Y: H - d}, {X: W, Y: H}, {X: 0, Y: H}}
		case "east":
			q = [4]render.Pt{{X: W - d, Y: 0}, {X: W, Y: 0}, {X: W, Y: H}, {X: W - d, Y: H}}
		default:
			q = [4]render.Pt{{X: 0, Y: 0}, {X: d, Y: 0}, {X: d, Y: H}, {X: 0, Y: H}}
		}
		var pts []float64
		for _, p := range q {
			x, y := b.Cam.ToScreen(p.X, p.Y)
			pts = append(pts, x, y)
		}
		clr := b.colours[e.Cmd]
		cv.Convex(ui.Alpha(clr, 0.22), pts...)
		cv.Polyline(2*s, ui.Alpha(ui.Mix(clr, color.White, 0.5), 0.9), true, pts...)
		return
	default:
		return
	}
	seen := map[string]bool{}
	for _, e := range g.Elements() {
		if e.Side != b.acting() || !e.OnTable() || (id != 0 && e.ID != id) {
			continue
		}
		for _, z := range g.Zones(kind, e.ID) {
			if seen[z.ID] {
				continue
			}
			seen[z.ID] = true
			var pts []float64
			for _, v := range z.Polygon {
				x, y := b.Cam.ToScreen(float64(v[0]), float64(v[1]))
				pts = append(pts, x, y)
			}
			clr := b.colours[e.Cmd]
			cv.Convex(ui.Alpha(clr, 0.18), pts...)
			cv.Polyline(2*s, ui.Alpha(ui.Mix(clr, color.White, 0.5), 0.9), true, pts...)
		}
	}
}

// drawShootingArcs shades the shooter's arc and range.
func (b *Battle) drawShootingArcs(a *App, cv *render.Canvas) {
	if b.Shot.Shooter == 0 {
		return
	}
	e, ok := b.M.G.Element(b.Shot.Shooter)
	f := b.FireOf(b.Shot.Shooter)
	if !ok || !e.OnTable() || f == nil {
		return
	}
	// The engine says the range and the arc (engine.Game.FireOptions).
	if f.Kind == engine.ActBespell {
		// Within 600 p of the base: drawn as a circle about its centre
		// reaching the range beyond its front edge.
		p := render.PoseOf(e.Base)
		r := float64(f.Range)
		c := p.Center()
		x, y := b.Cam.ToScreen(c.X, c.Y)
		cv.Circle(x, y, (r+p.D/2)*b.Cam.Zoom, ui.Alpha(color.RGBA{0xb0, 0x7c, 0xf0, 0xff}, 0.12))
		cv.Ring(x, y, (r+p.D/2)*b.Cam.Zoom, 1.5*a.Theme.Scale, ui.Alpha(color.RGBA{0xb0, 0x7c, 0xf0, 0xff}, 0.6))
		return
	}
	if len(f.Arc) == 0 {
		return
	}
	var pts []float64
	for _, q := range f.Arc {
		x, y := b.Cam.ToScreen(float64(q.X), float64(q.Y))
		pts = append(pts, x, y)
	}
	cv.Convex(ui.Alpha(color.RGBA{0xff, 0x8a, 0x5a, 0xff}, 0.16), pts...)
	cv.Polyline(1.5*a.Theme.Scale, ui.Alpha(color.RGBA{0xff, 0x8a, 0x5a, 0xff}, 0.7), true, pts...)
}

// drawGhost draws the dragged ghost and the ruler from the start.
func (b *Battle) drawGhost(a *App, cv *render.Canvas, view *ebiten.Image) {
	d := b.Dragging()
	if d == nil || d.Ghost == nil {
		return
	}
	s := a.Theme.Scale
	g := b.M.G
	for i, id := range d.IDs {
		e, _ := g.Element(id)
		from, to := d.From[i], d.Ghost[i]
		// The ruler: from the start to the ghost, front edge centres.
		clr := render.LegalGreen
		if !d.OK {
			clr = render.IllegalRed
		}
		if i == 0 {
			// The ruler along the legs, with inch ticks (battle_measure.go).
			b.drawRuler(a, cv, d, clr)
			l := math.Hypot(to.X-from.X, to.Y-from.Y)
			// Where it can get in one straight leg, as the engine outlines
			// it (engine.MoveOptions.Reach).
			if d.Kind == engine.ActMove && len(d.IDs) == 1 {
				if reach := b.ReachOf(id); len(reach) > 2 {
					var pts []float64
					for _, p := range reach {
						x, y := b.Cam.ToScreen(float64(p.X), float64(p.Y))
						pts = append(pts, x, y)
					}
					cv.Polyline(1*s, ui.Alpha(ui.GoldBright, 0.35), true, pts...)
				}
			}
			// The allowance drawn as an arc about the start.
			if d.Going.Allow > 0 && d.Kind != engine.ActDeploy && d.Kind != engine.ActPlace {
				c := from
				r := float64(d.Going.Allow) * b.Cam.Zoom
				cx, cy := b.Cam.ToScreen(c.X, c.Y)
				ang := math.Atan2(to.Y-from.Y, to.X-from.X)
				if l < 1 {
					f, _ := from.Dirs()
					ang = math.Atan2(f.Y, f.X)
				}
				var pts []float64
				for t := -0.5; t <= 0.5; t += 0.05 {
					pts = append(pts, cx+r*math.Cos(ang+t), cy+r*math.Sin(ang+t))
				}
				cv.Polyline(1.5*s, ui.Alpha(ui.GoldBright, 0.8), false, pts...)
			}
		}
		render.DrawElement(cv, &b.Cam, to, render.Look{Type: e.Type, Colour: b.colours[e.Cmd], Ghost: true, GhostOK: d.OK, Upright: true}, s)
	}
}

// drawGhostLabel writes the distance, allowance, cost and any reason
// beside the ghost.
func (b *Battle) drawGhostLabel(a *App, view *ebiten.Image) {
	d := b.Dragging()
	if d == nil || d.Ghost == nil {
		return
	}
	s := a.Theme.Scale
	to := d.Ghost[0]
	c := to.Center()
	x, y := b.Cam.ToScreen(c.X, c.Y)
	// The controller's verdict, in its words and tones.
	var lines []string
	var clrs []color.Color
	for _, l := range d.Label(a.Settings.Dist) {
		lines = append(lines, l.Text)
		clrs = append(clrs, toneColour[l.Tone])
	}
	b.drawTag(a, view, x, y+math.Max(to.D, to.W)*b.Cam.Zoom*0.6+18*s, lines, clrs)
}
