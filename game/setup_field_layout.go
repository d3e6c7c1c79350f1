package game

import (
	"math"

	"pelennor/engine"
	"pelennor/game/ui"
	"pelennor/terrain"
)

// layout places the banner, the table's view and the panel of the
// step: beside the table on a landscape window, under it on a portrait
// one (a tablet or a phone held upright).
func (s *SetupField) layout(a *App) {
	th := a.Theme
	sc := th.Scale
	tgt := math.Max(th.TargetPx(), 30*sc)
	full := ui.R(0, 0, a.W, a.H)
	bannerH := math.Max(tgt+8*sc, ui.LineHeight(th.Face(fontSmallCaps, 20))+14*sc)
	if a.W < 600*sc {
		// Two lines on a phone: the step, then whose it is.
		bannerH = math.Max(bannerH, ui.LineHeight(th.Strong())+ui.LineHeight(th.Small())+12*sc)
	}
	s.banner, full = full.CutTop(bannerH, 0)
	if a.H > a.W*1.1 {
		// The table as large as the panel's controls leave room for.
		tileH := math.Max(tgt, ui.LineHeight(th.Small())*2+10*sc)
		need := 3*tileH + 3*tgt + 250*sc
		viewH := math.Max(full.H*0.4, math.Min(a.W, full.H-need))
		s.view, s.panel = full.CutTop(viewH, 0)
	} else {
		w := math.Min(400*sc, a.W*0.4)
		s.panel, s.view = full.CutRight(w, 0)
	}
	s.body = s.panel.Inset(10 * sc)
	// The banner's buttons at its right.
	r := s.banner.Inset(4 * sc)
	btnW := func(b *ui.Button) float64 { return math.Max(b.Need(th), tgt) }
	s.menu.Rect, r = r.CutRight(btnW(&s.menu), 6*sc)
	s.undo.Rect, r = r.CutRight(btnW(&s.undo), 6*sc)
	s.fit.Rect, _ = r.CutRight(btnW(&s.fit), 6*sc)
	if s.fit.Rect.X < s.banner.X+s.banner.W*0.55 {
		s.fit.Rect = ui.Rect{} // no room: F and the wheel still fit and zoom
	}
	s.layoutPanel(a, tgt)
	s.layoutCamera(a)
}

// layoutPanel lays out the step's controls in the panel: from the top,
// the heading and what the engine said (drawn), then the step's own.
func (s *SetupField) layoutPanel(a *App, tgt float64) {
	th := a.Theme
	sc := th.Scale
	in := s.body
	head := ui.LineHeight(th.Face(fontSmallCaps, 18)) + 6*sc
	in.Y, in.H = in.Y+head, in.H-head
	note := 2*ui.LineHeight(th.Small()) + 8*sc
	in.Y, in.H = in.Y+note, in.H-note
	gap := 6 * sc
	step, _ := s.step()
	switch step {
	case engine.StepRoll:
		for i := range s.roll {
			var row ui.Rect
			row, in = in.CutTop(tgt+24*sc, gap)
			s.roll[i].Rect, _ = row.CutRight(math.Max(s.roll[i].Need(th), 3*tgt), 0)
			s.roll[i].Rect = s.roll[i].Rect.Centered(s.roll[i].Rect.W, tgt)
		}
	case engine.StepEdge:
		s.edgeRoll.Rect, _ = in.CutTop(tgt+4*sc, gap)
	case engine.StepStronghold:
		var rest ui.Rect
		_, rest = in.CutTop(4*ui.LineHeight(th.Small())+10*sc, gap)
		s.place.Rect, _ = rest.CutTop(tgt+4*sc, gap)
	case engine.StepTerrain:
		s.layoutTerrain(a, in, tgt)
	}
}

// layoutTerrain: the palette as a grid of tiles (a swatch, the name and
// the sizes), the selected feature's tools, the problems, and at the
// bottom "Lay for me" and "Terrain done".
func (s *SetupField) layoutTerrain(a *App, in ui.Rect, tgt float64) {
	th := a.Theme
	sc := th.Scale
	gap := 6 * sc
	// As many columns as the longest name leaves room for, two or three.
	need := 0.0
	for _, k := range terrain.Palette {
		need = math.Max(need, ui.Width(k.Label, th.Face(fontBold, 13)))
	}
	need += 22*sc + 20*sc
	cols := min(3, max(2, int((in.W+gap)/(need+gap))))
	rows := (len(terrain.Palette) + cols - 1) / cols
	tileH := math.Max(tgt, ui.LineHeight(th.Small())*2+10*sc)
	grid, in := in.CutTop(float64(rows)*tileH+float64(rows-1)*gap, 2*gap)
	s.tiles = s.tiles[:0]
	for r, row := range grid.Rows(rows, gap) {
		for c, cell := range row.Cols(cols, gap) {
			if r*cols+c < len(terrain.Palette) {
				s.tiles = append(s.tiles, cell)
			}
		}
	}
	bottom, in := in.CutBottom(tgt, gap)
	bs := bottom.Cols(2, gap)
	s.layForMe.Rect, s.done.Rect = bs[0], bs[1]
	// The tools: a line naming the selection, then two rows of buttons.
	sel := ui.LineHeight(th.Small()) + 4*sc
	_, in = in.CutTop(sel, 0)
	row1, in := in.CutTop(tgt, gap)
	row2, in := in.CutTop(tgt, 2*gap)
	t1 := row1.Cols(2, gap)
	s.turnL.Rect, s.turnR.Rect = t1[0], t1[1]
	t2 := row2.Cols(3, gap)
	s.smaller.Rect, s.more.Rect, s.remove.Rect = t2[0], t2[1], t2[2]
	s.problemsBox = in
}

// tileAt is the palette tile under a point, or −1.
func (s *SetupField) tileAt(x, y float64) int {
	if step, _ := s.step(); step != engine.StepTerrain {
		return -1
	}
	for i, r := range s.tiles {
		if r.Contains(x, y) {
			return i
		}
	}
	return -1
}

// layoutCamera fits the table to the view, as the battle screen does,
// until the player zooms or pans; and keeps the terrain drawing up to
// date with the features laid.
func (s *SetupField) layoutCamera(a *App) {
	sc := a.Theme.Scale
	tbl := s.M.G.Scenario().Table
	s.Cam.TableW, s.Cam.TableH = float64(tbl.Width), float64(tbl.Height)
	if s.Cam.MaxZoom == 0 {
		s.Cam.MaxZoom = 3 * sc
	}
	s.Cam.Margin = 34 * sc
	s.Cam.SetViewport(s.view.X, s.view.Y, s.view.W, s.view.H)
	if s.view.W > 0 && (!s.fitted || s.fitView != s.view) {
		s.Cam.Fit()
		s.fitted, s.fitView = true, s.view
	}
}
