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
		viewH := math.Max(full.H*0.3, math.Min(a.W, full.H-s.panelNeed(th, tgt, a.W-20*sc)))
		s.view, s.panel = full.CutTop(viewH, 0)
	} else {
		// Beside the table; wider where the window is wider than the
		// square table needs (a phone on its side).
		w := math.Min(400*sc, a.W*0.4)
		if spare := a.W - full.H - 40*sc; spare > w {
			w = math.Min(spare, a.W*0.55)
		}
		s.panel, s.view = full.CutRight(w, 0)
	}
	s.body = s.panel.Inset(10 * sc)
	// A short panel (a phone on its side, large text) keeps one line of
	// the engine's words and drops the line naming the selection.
	s.compact = s.panelNeed(th, tgt, s.body.W) > s.panel.H
	// The banner's buttons at its right.
	r := s.banner.Inset(4 * sc)
	btnW := func(b *ui.Button) float64 { return math.Max(b.Need(th), tgt) }
	s.menu.Rect, r = r.CutRight(btnW(&s.menu), 6*sc)
	s.undo.Rect, r = r.CutRight(btnW(&s.undo), 6*sc)
	s.save.Rect, r = r.CutRight(btnW(&s.save), 6*sc)
	s.fit.Rect, _ = r.CutRight(btnW(&s.fit), 6*sc)
	// Where there is no room: F and the wheel still fit and zoom, Ctrl+S
	// saves (and the journal keeps the set-up whatever happens).
	if s.fit.Rect.X < s.banner.X+s.banner.W*0.55 {
		s.fit.Rect = ui.Rect{}
	}
	if s.save.Rect.X < s.banner.X+s.banner.W*0.45 {
		s.save.Rect = ui.Rect{}
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
	note := s.noteH(th)
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
		lines := len(ui.Wrap(s.strongholdText(), th.Small(), s.body.W-8*sc))
		_, rest = in.CutTop(float64(lines)*ui.LineHeight(th.Small())+10*sc, gap)
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
	cols, tileH, rows := s.paletteGrid(th, tgt, in.W)
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
	if !s.compact {
		_, in = in.CutTop(ui.LineHeight(th.Small())+4*sc, 0)
	}
	tools := []*ui.Button{&s.turnL, &s.turnR, &s.smaller, &s.more, &s.remove}
	if s.toolRows(th, in.W) == 1 {
		var row ui.Rect
		row, in = in.CutTop(tgt, 2*gap)
		for i, r := range row.Cols(len(tools), gap) {
			tools[i].Rect = r
		}
	} else {
		row1, rest := in.CutTop(tgt, gap)
		row2, rest := rest.CutTop(tgt, 2*gap)
		in = rest
		for i, r := range row1.Cols(2, gap) {
			tools[i].Rect = r
		}
		for i, r := range row2.Cols(3, gap) {
			tools[2+i].Rect = r
		}
	}
	s.problemsBox, s.keysBox = in, ui.Rect{}
	lh := ui.LineHeight(th.Small())
	if keys := float64(len(ui.Wrap(keysHint, th.Small(), s.body.W-8*sc))) * lh; !s.touch && in.H > keys+8*lh {
		s.keysBox, s.problemsBox = in.CutBottom(keys, gap)
	}
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

// buttons are the buttons the step shows.
func (s *SetupField) buttons() []*ui.Button {
	bs := []*ui.Button{&s.menu, &s.undo, &s.fit, &s.save}
	switch step, side := s.step(); step {
	case engine.StepRoll:
		bs = append(bs, &s.roll[side])
	case engine.StepTerrain:
		bs = append(bs, &s.turnL, &s.turnR, &s.smaller, &s.more, &s.remove, &s.layForMe, &s.done)
	case engine.StepEdge:
		bs = append(bs, &s.edgeRoll)
	case engine.StepStronghold:
		bs = append(bs, &s.place)
	}
	return bs
}

// paletteGrid is the palette's columns (as many as the longest name
// leaves room for, two to five), its tiles' height and its rows.
func (s *SetupField) paletteGrid(th *ui.Theme, tgt, w float64) (cols int, tileH float64, rows int) {
	sc := th.Scale
	gap := 6 * sc
	need := 0.0
	for _, k := range terrain.Palette {
		need = math.Max(need, ui.Width(k.Label, th.Face(fontBold, 13)))
	}
	need += 42 * sc
	cols = min(5, max(2, int((w+gap)/(need+gap))))
	// As few columns as give that many rows: full rows, wider tiles.
	n := len(terrain.Palette)
	rows = (n + cols - 1) / cols
	cols = (n + rows - 1) / rows
	tileH = math.Max(tgt, ui.LineHeight(th.Small())*2+10*sc)
	return cols, tileH, rows
}

// toolRows is 1 when the five tools fit side by side in w, else 2.
func (s *SetupField) toolRows(th *ui.Theme, w float64) int {
	need := 0.0
	for _, b := range []*ui.Button{&s.turnL, &s.turnR, &s.smaller, &s.more, &s.remove} {
		need += b.Need(th) + 6*th.Scale
	}
	if need <= w {
		return 1
	}
	return 2
}

// panelNeed is the height the terrain step's panel needs at width w:
// the heading and note, the palette, the tools, four lines of problems
// and the bottom buttons.
func (s *SetupField) panelNeed(th *ui.Theme, tgt, w float64) float64 {
	sc := th.Scale
	gap := 6 * sc
	_, tileH, rows := s.paletteGrid(th, tgt, w)
	small := ui.LineHeight(th.Small())
	head := ui.LineHeight(th.Face(fontSmallCaps, 18)) + 6*sc + 2*small + 8*sc
	palette := float64(rows)*tileH + float64(rows-1)*gap + 2*gap
	tools := float64(s.toolRows(th, w))*(tgt+gap) + gap
	return 28*sc + head + palette + small + 4*sc + tools + 6*small + gap + tgt
}

// noteLines is how many lines of the engine's words the panel shows.
func (s *SetupField) noteLines() int {
	if s.compact {
		return 1
	}
	return 2
}

// noteH is the height of the engine's words under the heading.
func (s *SetupField) noteH(th *ui.Theme) float64 {
	return float64(s.noteLines())*ui.LineHeight(th.Small()) + 8*th.Scale
}
