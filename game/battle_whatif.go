package game

import (
	"fmt"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/render"
	"pelennor/game/ui"
)

// The close-combat what-if: every listed combat in the panel, the one
// shown with both sides' factors, totals and the chance of each outcome
// (engine.Odds, which resolves it on all 36 pairs of dice), and on the
// table the two elements and those its factors name (overlappers, flank
// attackers).

// The heights of a listed combat's row: with its odds line, or one line
// when more than two are listed (the what-if shows the odds); and the
// room kept below the rows for the what-if.
const (
	combatRowH        = 58
	compactCombatRowH = 30
	whatIfRoom        = 190
)

// markColours colour the elements marked by their side: gold for the
// attacker's (the side acting), red for the defender's.
var markColours = [2]color.Color{ui.GoldBright, color.RGBA{0xff, 0x6a, 0x5a, 0xff}}

// combatRows lays out the listed combats from y down to bottom, keeping
// room for the what-if: the row of each and its Fight button. A combat
// with no room gets an empty row and button (none to click); the rows
// fought first make room for it.
func (b *Battle) combatRows(a *App, in ui.Rect, y, bottom float64, fight func(ui.Rect)) []ui.Rect {
	s := a.Theme.Scale
	cs := b.ListedCombats()
	h := float64(combatRowH)
	if len(cs) > 2 {
		h = compactCombatRowH
	}
	limit := bottom - whatIfRoom*s
	var rows []ui.Rect
	for i := range cs {
		r := ui.R(in.X, y, in.W, h*s)
		if i > 0 && r.Bottom() > limit {
			rows = append(rows, ui.Rect{})
			fight(ui.Rect{})
			continue
		}
		rows = append(rows, r)
		if h == compactCombatRowH {
			fight(ui.R(r.Right()-70*s, r.Y+3*s, 66*s, r.H-6*s))
		} else {
			fight(ui.R(r.Right()-84*s, r.Y+8*s, 78*s, 32*s))
		}
		y += (h + 6) * s
	}
	return rows
}

// updateCombatRows lets a click on a listed combat (off its button) show
// its what-if.
func (b *Battle) updateCombatRows(f *input.Frame) {
	for i, r := range b.combatRowRects {
		if r.Contains(f.X, f.Y) && f.Released(input.Left) {
			b.ShowCombat(i)
			f.Consume()
			return
		}
	}
}

// drawCombats draws the listed combats and the what-if of the one shown;
// it returns where it ended.
func (b *Battle) drawCombats(a *App, dst *ebiten.Image, in ui.Rect, bottom float64) {
	th := a.Theme
	s := th.Scale
	cs := b.ListedCombats()
	shown := b.ShownCombat()
	nf, sf := th.Face(fontBold, 13), th.Face(fontRegular, 12)
	y := in.Y
	for i, lc := range cs {
		if i >= len(b.combatRowRects) || i >= len(b.fights) {
			break
		}
		r := b.combatRowRects[i]
		if r.W == 0 {
			// No room: say how many more there are.
			ui.Text(dst, fmt.Sprintf("and %d more, listed as these are fought", len(cs)-i), sf, in.X, y, ui.ParchDim, ui.Left)
			y += ui.LineHeight(sf) + 2*s
			break
		}
		edge := ui.SteelEdge
		if i == shown {
			edge = ui.GoldBright
		}
		ui.RoundRect(dst, r, 5*s, ui.Steel, edge, 1.5*s)
		b.fights[i].Label = "Fight"
		if lc.Apart {
			b.fights[i].Label = "Clear"
		}
		if r.H < combatRowH*s {
			// One line: the names; the odds are the what-if's.
			clr := color.Color(ui.Parchment)
			if lc.Apart {
				clr = ui.Info
			}
			pair := b.M.ElementName(lc.A) + " v " + b.M.ElementName(lc.B)
			ui.TextMid(dst, ui.Ellipsis(pair, sf, r.W-90*s), sf, r.X+10*s, r.CY(), clr, ui.Left)
			b.fights[i].Draw(dst, th)
			y = r.Bottom() + 6*s
			continue
		}
		tw := r.W - 104*s
		ui.Text(dst, ui.Ellipsis(b.M.ElementName(lc.A), nf, tw), nf, r.X+10*s, r.Y+6*s, ui.Parchment, ui.Left)
		ui.Text(dst, ui.Ellipsis("v "+b.M.ElementName(lc.B), nf, tw), nf, r.X+10*s, r.Y+6*s+ui.LineHeight(nf), ui.Parchment, ui.Left)
		line, clr := "", color.Color(ui.ParchDim)
		switch {
		case lc.Odds != nil:
			line = control.OddsLine(lc.Odds)
		case lc.Apart:
			line, clr = "no longer in contact: Clear drops it", ui.Info
		default:
			line, clr = lc.Reason, ui.Bad
		}
		ui.Text(dst, ui.Ellipsis(line, sf, r.W-20*s), sf, r.X+10*s, r.Y+8*s+2*ui.LineHeight(nf), clr, ui.Left)
		b.fights[i].Draw(dst, th)
		y = r.Bottom() + 6*s
	}
	if shown < 0 || shown >= len(cs) || cs[shown].Odds == nil || y+120*s > bottom {
		return
	}
	if r := b.combatRowRects[shown]; r.W == 0 {
		return
	}
	y += 4 * s
	ui.Line(dst, in.X, y, in.Right(), y, 1*s, ui.Alpha(ui.Gold, 0.4))
	y += 6 * s
	ui.Text(dst, "What if it is fought", th.Face(fontSmallCaps, 15), in.X, y, ui.Gold, ui.Left)
	y += ui.LineHeight(th.Face(fontSmallCaps, 15)) + 2*s
	rep := cs[shown].Odds
	y = b.drawOdds(a, dst, in.X, y, in.W, bottom, rep)
	note := fmt.Sprintf("equal totals (no effect): %s", control.Percent(rep.Equal, rep.Samples))
	if rep.Duel != nil {
		note = control.DuelNote(rep)
	}
	for _, l := range ui.Wrap(note, sf, in.W) {
		if y+ui.LineHeight(sf) > bottom {
			break
		}
		ui.Text(dst, l, sf, in.X, y, ui.ParchDim, ui.Left)
		y += ui.LineHeight(sf)
	}
}

// drawWhatIfMarks marks on the table the combat shown: its two elements
// outlined, and each element its factors name outlined in the colour of
// the side it counts for, with the factor's words beside it.
func (b *Battle) drawWhatIfMarks(a *App, cv *render.Canvas) {
	g := b.M.G
	if g.Phase() != engine.PhaseClose || b.replay {
		return
	}
	cs := b.ListedCombats()
	i := b.ShownCombat()
	if i < 0 || cs[i].Odds == nil {
		return
	}
	s := a.Theme.Scale
	outline := func(id int, clr color.Color, w float64) {
		e, ok := g.Element(id)
		if !ok || !e.OnTable() {
			return
		}
		var pts []float64
		for _, q := range b.poseOf(e).Corners() {
			x, y := b.Cam.ToScreen(q.X, q.Y)
			pts = append(pts, x, y)
		}
		cv.Polyline(w, clr, true, pts...)
	}
	outline(cs[i].A, markColours[0], 3*s)
	outline(cs[i].B, markColours[1], 3*s)
	for _, m := range control.FactorMarks(cs[i].Odds) {
		outline(m.ID, ui.Alpha(b.markColour(cs[i].A, m.ID), 0.9), 2*s)
	}
}

// drawWhatIfTags writes beside each marked element what it does to the
// combat shown ("overlaps", "on its flank").
func (b *Battle) drawWhatIfTags(a *App, dst *ebiten.Image) {
	g := b.M.G
	if g.Phase() != engine.PhaseClose || b.replay {
		return
	}
	cs := b.ListedCombats()
	i := b.ShownCombat()
	if i < 0 || cs[i].Odds == nil {
		return
	}
	for _, m := range control.FactorMarks(cs[i].Odds) {
		e, ok := g.Element(m.ID)
		if !ok || !e.OnTable() {
			continue
		}
		words := markWords[m.Code]
		if m.Code == engine.FactorFlank && m.Edge != "" {
			words = "on its " + m.Edge
		}
		words += fmt.Sprintf(" %+d", m.Value)
		c := b.poseOf(e).Center()
		x, y := b.Cam.ToScreen(c.X, c.Y)
		b.drawTag(a, dst, x, y, []string{words}, []color.Color{b.markColour(cs[i].A, m.ID)})
	}
}

// markColour is the colour of element id in the combat of attacker:
// its side's.
func (b *Battle) markColour(attacker, id int) color.Color {
	x, _ := b.M.G.Element(attacker)
	if e, _ := b.M.G.Element(id); e.Side == x.Side {
		return markColours[0]
	}
	return markColours[1]
}

// markWords name what a marked element does to the combat.
var markWords = map[engine.FactorCode]string{
	engine.FactorOverlap:   "overlaps",
	engine.FactorFlank:     "on a flank",
	engine.FactorFrontAlso: "also in front",
	engine.FactorHoly:      "holy",
}
