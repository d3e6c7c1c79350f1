package game

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/engine/rules"
	"pelennor/game/control"
	"pelennor/game/render"
	"pelennor/game/table"
	"pelennor/game/ui"
	"pelennor/terrain"
)

// swatches are the palette's colours of each kind, as the table draws
// them near enough to be recognised in a tile.
var swatches = map[string]color.RGBA{
	"wood": render.RGB(0x3c, 0x5a, 0x2b), "hill": render.RGB(0x8b, 0x9b, 0x5a), "marsh": render.RGB(0x6c, 0x7c, 0x55),
	"rough": render.RGB(0x8e, 0x84, 0x68), "built-up": render.RGB(0x9a, 0x58, 0x3c), "water": render.RGB(0x35, 0x5f, 0x85),
	"impassable": render.RGB(0x4b, 0x46, 0x40), "river": render.RGB(0x4d, 0x7f, 0xa8), "road": render.RGB(0xc4, 0xae, 0x80),
}

// sideColour is side i's colour: its command's, or a fixed one for a
// scenario that gives none (a standard battle's).
func sideColour(sc *engine.Scenario, side int) color.RGBA {
	for _, c := range sc.Commands {
		if c.Side == sc.Sides[side].ID {
			if clr, ok := render.ParseHex(c.Colour); ok {
				return clr
			}
		}
	}
	return defaultSideColours[side]
}

// defaultSideColours are the sides' colours when the scenario names none.
var defaultSideColours = [2]color.RGBA{render.RGB(0x4a, 0x78, 0xc0), render.RGB(0xc0, 0x4a, 0x3c)}

// Draw draws the table and what the step shows on it, the banner and
// the panel.
func (s *SetupField) Draw(a *App, dst *ebiten.Image) {
	s.refreshNote()
	s.layout(a)
	dst.Fill(ui.Backdrop)
	s.drawTable(a, dst)
	s.drawBanner(a, dst)
	s.drawPanel(a, dst)
}

// drawTable: the terrain laid, the problems' features outlined in red,
// the selection and its handles, the feature being dragged, and the
// edges, zone and stronghold of the later steps.
func (s *SetupField) drawTable(a *App, dst *ebiten.Image) {
	sc := a.Theme.Scale
	g := s.M.G
	// The feature in hand is drawn as its ghost only, so the terrain is
	// drawn again without it when a drag takes it up.
	_, hidden, _ := s.Ctl.Ghost()
	if s.terrain == nil || s.laidAt != len(s.M.Actions) || s.laidGen != s.M.Gen || s.layoutScale != sc || s.hidden != hidden {
		tbl := g.Scenario().Table
		fs := g.SetupTerrain()
		if hidden >= 0 && hidden < len(fs) {
			fs = append(fs[:hidden], fs[hidden+1:]...)
		}
		s.terrain = render.NewLaidTerrain(tbl.Width, tbl.Height, fs, sc)
		s.laidAt, s.laidGen, s.layoutScale, s.hidden = len(s.M.Actions), s.M.Gen, sc, hidden
	}
	s.terrain.Draw(dst, &s.Cam)
	view := dst.SubImage(s.view.Image()).(*ebiten.Image)
	if s.cv == nil {
		s.cv = render.NewCanvas(view)
		s.cv.AA = true
	}
	cv := s.cv
	cv.Reset(view)
	step, _ := s.step()
	if step == engine.StepTerrain {
		// The problems of the layout as the drag would leave it.
		fs, ghost := s.Ctl.Layout()
		bad := map[int]bool{}
		for _, p := range s.Ctl.Problems() {
			bad[p.Feature], bad[p.Other] = true, true
		}
		for i, f := range fs {
			if bad[i] && i != ghost {
				s.outline(cv, f, 3*sc, ui.Bad)
			}
		}
		if f, ok := s.Ctl.Selected(); ok && ghost < 0 {
			if bad[s.Ctl.Sel] {
				s.outline(cv, f, 6*sc, ui.Bad) // red round the gold
			}
			s.outline(cv, f, 2.5*sc, ui.GoldBright)
			s.drawHandles(cv, f, sc)
		}
		if ghost >= 0 {
			f := fs[ghost]
			s.fill(cv, f, ui.Alpha(swatches[f.Kind], 0.55))
			rim := color.Color(ui.Good)
			if bad[ghost] {
				rim = ui.Bad
			}
			if f.Linear() {
				cv.Polyline(3*sc, rim, false, s.screenPts(f.Path)...) // its course
			} else {
				s.outline(cv, f, 2.5*sc, rim)
			}
		}
	}
	if step >= engine.StepEdge {
		s.drawEdges(a, cv, step)
	}
	cv.Flush()
}

// drawHandles draws the selected feature's grips: a ring to turn it
// (on a stalk from its centre), a square for its size, a ring on each
// point of a path.
func (s *SetupField) drawHandles(cv *render.Canvas, f terrain.Feature, sc float64) {
	for _, h := range control.Handles(f, &s.Cam) {
		x, y := s.Cam.ToScreen(h.At.X, h.At.Y)
		r := s.Ctl.HandleR * 0.6
		switch h.Grip {
		case control.GripTurn:
			cx, cy := s.Cam.ToScreen(float64(f.X), float64(f.Y))
			cv.Line(cx, cy, x, y, 1.5*sc, ui.Alpha(ui.GoldBright, 0.7))
		case control.GripResize:
			sq := []float64{x - r, y - r, x + r, y - r, x + r, y + r, x - r, y + r}
			cv.Convex(ui.Steel, sq...)
			cv.Polyline(2*sc, ui.GoldBright, true, sq...)
			continue
		}
		cv.Circle(x, y, r, ui.Steel)
		cv.Ring(x, y, r, 2*sc, ui.GoldBright)
	}
}

// screenPts is a list of table points on the screen.
func (s *SetupField) screenPts(pts [][2]int) []float64 {
	out := make([]float64, 0, 2*len(pts))
	for _, p := range pts {
		x, y := s.Cam.ToScreen(float64(p[0]), float64(p[1]))
		out = append(out, x, y)
	}
	return out
}

// outline strokes a feature's outline, or a path's centre line.
func (s *SetupField) outline(cv *render.Canvas, f terrain.Feature, w float64, clr color.Color) {
	if f.Linear() {
		cv.Polyline(math.Max(w, float64(f.Width)*s.Cam.Zoom), ui.Alpha(clr, 0.5), false, s.screenPts(f.Path)...)
		return
	}
	if o := f.Outline(); len(o) > 2 {
		cv.Polyline(w, clr, true, s.screenPts(o)...)
	}
}

// fill fills a feature as a ghost.
func (s *SetupField) fill(cv *render.Canvas, f terrain.Feature, clr color.Color) {
	if f.Linear() {
		cv.Polyline(float64(f.Width)*s.Cam.Zoom, clr, false, s.screenPts(f.Path)...)
		return
	}
	if o := f.Outline(); len(o) > 2 {
		cv.Convex(clr, s.screenPts(o)...)
	}
}

// zonePts is a zone (engine sub-paces) on the screen.
func (s *SetupField) zonePts(z []table.Pt) []float64 {
	var out []float64
	for _, p := range z {
		x, y := s.Cam.ToScreen(p.X, p.Y)
		out = append(out, x, y)
	}
	return out
}

// drawEdges: at the edge roll, the two long edges and the dice that
// give each to the attacker; from the stronghold step, each side's base
// edge and the defender's zone, and the stronghold where it is dragged,
// green where the engine takes it and red where it refuses.
func (s *SetupField) drawEdges(a *App, cv *render.Canvas, step engine.SetupStep) {
	sc := a.Theme.Scale
	g := s.M.G
	tbl := s.table()
	if step == engine.StepEdge {
		for _, e := range tbl.LongEdges() {
			s.edgeBand(cv, tbl, e, ui.Alpha(ui.Gold, 0.25), ui.GoldBright, sc)
		}
		return
	}
	for side := range 2 {
		e, ok := g.BaseEdge(side)
		if !ok {
			continue
		}
		clr := sideColour(s.M.Sc, side)
		s.edgeBand(cv, tbl, e, ui.Alpha(clr, 0.12), clr, sc)
	}
	def, _ := g.Defender()
	if z, ok := g.DeployZone(def); ok {
		var pts []table.Pt
		for _, v := range z {
			pts = append(pts, render.PtOf(v))
		}
		clr := sideColour(s.M.Sc, def)
		cv.Convex(ui.Alpha(clr, 0.18), s.zonePts(pts)...)
		cv.Polyline(2*sc, ui.Alpha(ui.Mix(clr, color.White, 0.5), 0.9), true, s.zonePts(pts)...)
	}
	if p, ok := s.Ctl.StrongholdPose(); ok {
		ok := s.Ctl.StrongholdVerdict(s.verdictGen()) == nil
		look := render.Look{Type: rules.Stronghold, Colour: sideColour(s.M.Sc, def), Ghost: s.Ctl.Dragging() == control.GripStronghold, GhostOK: ok}
		render.DrawElement(cv, &s.Cam, render.Pose(p), look, sc)
		var pts []table.Pt
		for _, c := range p.Corners() {
			pts = append(pts, c)
		}
		rim := ui.Good
		if !ok {
			rim = ui.Bad
		}
		cv.Polyline(3*sc, rim, true, s.zonePts(pts)...)
	}
}

// verdictGen identifies the position the stronghold's verdict was asked
// in: the actions played and the times the log was rewritten.
func (s *SetupField) verdictGen() int { return len(s.M.Actions) + s.M.Gen<<20 }

// edgeBand marks a table edge: a strip along it and its line.
func (s *SetupField) edgeBand(cv *render.Canvas, tbl terrain.Table, e terrain.Edge, fill, line color.Color, sc float64) {
	var pts []table.Pt
	for _, v := range tbl.Zone(e, 60) {
		pts = append(pts, render.PtOf(v))
	}
	cv.Convex(fill, s.zonePts(pts)...)
	a, b := edgeLine(tbl, e)
	x0, y0 := s.Cam.ToScreen(a.X, a.Y)
	x1, y1 := s.Cam.ToScreen(b.X, b.Y)
	cv.Line(x0, y0, x1, y1, 4*sc, line)
}

// edgeLine is the line of table edge e (paces).
func edgeLine(tbl terrain.Table, e terrain.Edge) (table.Pt, table.Pt) {
	w, h := float64(tbl.Width), float64(tbl.Height)
	switch e {
	case terrain.North:
		return table.Pt{}, table.Pt{X: w}
	case terrain.South:
		return table.Pt{Y: h}, table.Pt{X: w, Y: h}
	case terrain.West:
		return table.Pt{}, table.Pt{Y: h}
	}
	return table.Pt{X: w}, table.Pt{X: w, Y: h}
}

func (s *SetupField) table() terrain.Table {
	t := s.M.G.Scenario().Table
	return terrain.Table{Width: t.Width, Height: t.Height}
}

// edgeDice names the dice that give the attacker each edge (T7), from
// the terrain package's own BaseEdges: "north on 1–3".
func edgeDice(tbl terrain.Table) []string {
	var out []string
	for _, e := range tbl.LongEdges() {
		lo, hi := 0, 0
		for d := 1; d <= 6; d++ {
			if att, _ := tbl.BaseEdges(d); att == e {
				if lo == 0 {
					lo = d
				}
				hi = d
			}
		}
		out = append(out, fmt.Sprintf("%s on %d–%d", e, lo, hi))
	}
	return out
}

// edgeLabels are the words by the edges: at the edge roll the dice
// that give each long edge; then each side's name by its base edge.
func (s *SetupField) edgeLabels() ([]terrain.Edge, []string) {
	tbl := s.table()
	g := s.M.G
	if step, _ := s.step(); step == engine.StepEdge {
		es := tbl.LongEdges()
		return es[:], edgeDice(tbl)
	}
	def, _ := g.Defender()
	var es []terrain.Edge
	var words []string
	for side := range 2 {
		if e, ok := g.BaseEdge(side); ok {
			role := "attack" // the engine's plural: "the Host … attack"
			if side == def {
				role = "defend"
			}
			es = append(es, e)
			words = append(words, fmt.Sprintf("%s %s from the %s", s.M.SideName(side), role, e))
		}
	}
	return es, words
}

// labelEdges writes the edge labels by their edges, outside the table.
func (s *SetupField) labelEdges(a *App, dst *ebiten.Image) {
	th := a.Theme
	tbl := s.table()
	es, words := s.edgeLabels()
	face := th.Strong()
	for i, e := range es {
		p, q := edgeLine(tbl, e)
		x, y := s.Cam.ToScreen((p.X+q.X)/2, (p.Y+q.Y)/2)
		text := ui.Ellipsis(words[i], face, s.view.W-40*th.Scale)
		w := ui.Width(text, face) + 16*th.Scale
		h := ui.LineHeight(face) + 8*th.Scale
		// Outside the table, in the camera's margin: nothing on the
		// table is hidden.
		off := h/2 + 3*th.Scale
		if e == terrain.North {
			y -= off
		} else {
			y += off
		}
		r := ui.R(x-w/2, y-h/2, w, h)
		ui.RoundRect(dst, r, 6*th.Scale, ui.Alpha(ui.Steel, 0.9), ui.Gold, 1.5*th.Scale)
		ui.TextMid(dst, text, face, r.CX(), r.CY(), ui.GoldBright, ui.Center)
	}
}
