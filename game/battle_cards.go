package game

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/engine/rules"
	"pelennor/game/control"
	"pelennor/game/render"
	"pelennor/game/render/glyphs"
	"pelennor/game/table"
	"pelennor/game/ui"
)

// drawOdds shows both sides' factors and the chance of each result, the
// lines that end above bottom (a short panel shows the first of them).
// A heroic duel has no factors: each side shows its hero instead. Every
// chance is its Count of the report's Samples (control.Percent).
func (b *Battle) drawOdds(a *App, dst *ebiten.Image, x, y, w, bottom float64, rep *engine.OddsReport) float64 {
	th := a.Theme
	s := th.Scale
	small := th.Face(fontRegular, 12)
	bold := th.Face(fontBold, 13)
	col := (w - 10*s) / 2
	end := y
	// text writes a line if it ends above bottom.
	text := func(t string, face *glyphs.Face, x, y float64, clr color.Color, al ui.Align) {
		if y+ui.LineHeight(face) <= bottom {
			ui.Text(dst, t, face, x, y, clr, al)
		}
	}
	heroes := control.DuelHeroes(rep)
	for i, side := range []engine.OddsSide{rep.Attacker, rep.Defender} {
		cx := x + float64(i)*(col+10*s)
		yy := y
		if rep.Duel != nil && i == 0 {
			text("Heroic duel", bold, x, yy, ui.GoldBright, ui.Left)
		}
		if rep.Duel != nil {
			yy += ui.LineHeight(bold)
		}
		// Names and factors wrap (to two lines) rather than lose their
		// ends in a narrow column.
		lines, _ := ui.FitLines(bold, col, 2, side.Name)
		for _, l := range lines {
			text(l, bold, cx, yy, ui.Parchment, ui.Left)
			yy += ui.LineHeight(bold)
		}
		for _, f := range side.Factors {
			lines, _ := ui.FitLines(small, col, 2, fmt.Sprintf("%+d %s", f.Value, f.Describe()))
			for _, l := range lines {
				text(l, small, cx, yy, ui.ParchDim, ui.Left)
				yy += ui.LineHeight(small)
			}
		}
		if rep.Duel != nil {
			// The hero who fights, unless the element's name says it.
			if heroOf(heroes[i], side.Name) != side.Name {
				lines, _ := ui.FitLines(small, col, 2, "fought by "+heroes[i], heroes[i])
				for _, l := range lines {
					text(l, small, cx, yy, ui.Parchment, ui.Left)
					yy += ui.LineHeight(small)
				}
			}
			yy += 2 * s
		} else {
			text(fmt.Sprintf("= %d + d6", side.Score), bold, cx, yy, ui.GoldBright, ui.Left)
			yy += ui.LineHeight(bold) + 2*s
		}
		if len(side.Outcomes) > 1 {
			text("outcomes for it:", small, cx, yy, ui.ParchFaint, ui.Left)
			yy += ui.LineHeight(small)
		}
		for _, o := range side.Outcomes {
			res, clr := o.Result, color.Color(ui.Bad)
			if o.Result == "nothing" {
				res, clr = "no effect", ui.ParchDim
			}
			text(ui.Ellipsis(fmt.Sprintf("%s: %s", res, control.Percent(o.Count, rep.Samples)), small, col), small, cx, yy, clr, ui.Left)
			yy += ui.LineHeight(small)
		}
		end = math.Max(end, yy)
	}
	// The taller column ends the odds.
	return end + 6*s
}

// drawResult shows the last resolved contest: both dice, the factors, the
// totals and the outcome.
func (b *Battle) drawResult(a *App, dst *ebiten.Image, rep *engine.Report) {
	th := a.Theme
	s := th.Scale
	w, h := math.Min(520*s, b.view.W-40*s), 150*s
	r := ui.R(b.view.CX()-w/2, b.view.Y+60*s, w, h)
	if !b.replay && (b.M.G.Phase() == engine.PhaseMove || b.M.G.Phase() == engine.PhaseOver) {
		return
	}
	if rep.Duel != nil {
		return // no dice to show: the duel panel shows the duel
	}
	ui.Panel(dst, th, r)
	title := strings.ToUpper(rep.Contest[:1]) + rep.Contest[1:]
	ui.Text(dst, title, th.Face(fontSmallCaps, 16), r.CX(), r.Y+8*s, ui.GoldBright, ui.Center)
	cv := render.NewCanvas(dst)
	col := (r.W - 40*s) / 2
	for i, f := range []engine.Fighter{rep.Attacker, rep.Defender} {
		x := r.X + 14*s + float64(i)*(col+12*s)
		die := ui.R(x, r.Y+40*s, 40*s, 40*s)
		drawDie(cv, die, f.Die, color.RGBA{0xf3, 0xea, 0xd2, 0xff}, color.RGBA{0x1c, 0x18, 0x14, 0xff})
		cv.Flush()
		nf := th.Face(fontBold, 13)
		ui.Text(dst, ui.Ellipsis(f.Name, nf, col-50*s), nf, die.Right()+8*s, die.Y-2*s, ui.Parchment, ui.Left)
		var parts []string
		for _, fc := range f.Factors {
			parts = append(parts, fmt.Sprintf("%+d %s", fc.Value, fc.Describe()))
		}
		small := th.Face(fontRegular, 11)
		yy := die.Y + ui.LineHeight(nf)
		for k, l := range ui.Wrap(strings.Join(parts, ", "), small, col-50*s) {
			if k >= 3 {
				break
			}
			ui.Text(dst, l, small, die.Right()+8*s, yy, ui.ParchDim, ui.Left)
			yy += ui.LineHeight(small)
		}
		res := f.Result
		clr := ui.Good
		if res != "" && res != "nothing" {
			clr = ui.Bad
		}
		if res == "" || res == "nothing" {
			res = "holds"
		}
		ui.Text(dst, fmt.Sprintf("total %d — %s", f.Total, res), th.Face(fontBold, 15), x, r.Bottom()-30*s, clr, ui.Left)
	}
}

// drawElementInfo writes an element's details into r: the hover card and
// the selection panel share it.
func (b *Battle) drawElementInfo(a *App, dst *ebiten.Image, r ui.Rect, id int) float64 {
	th := a.Theme
	s := th.Scale
	g := b.M.G
	e, ok := g.Element(id)
	if !ok {
		return r.Y
	}
	spec, _ := b.M.Sc.Spec(id)
	info := e.Type.Info()
	y := r.Y
	line := func(t string, f interface{}, clr color.Color) {
		face := th.Face(fontRegular, 13)
		switch f {
		case "bold":
			face = th.Face(fontBold, 16)
		case "italic":
			face = th.Face(fontItalic, 13)
		case "strong":
			face = th.Face(fontBold, 13)
		}
		for _, l := range ui.Wrap(t, face, r.W) {
			if y+ui.LineHeight(face) > r.Bottom() {
				return
			}
			if dst != nil {
				ui.Text(dst, l, face, r.X, y, clr, ui.Left)
			}
			y += ui.LineHeight(face)
		}
	}
	line(spec.Name, "bold", ui.GoldBright)
	gen := ""
	if e.General {
		gen = " · general"
	}
	line(fmt.Sprintf("%s · %s · %d AP%s", e.Type, info.Class, info.AP, gen), "strong", ui.Parchment)
	if e.Type == rules.Stronghold {
		line(fmt.Sprintf("Combat +%d; never moves", info.VsFoot), nil, ui.ParchDim)
	} else {
		line(fmt.Sprintf("Combat +%d against foot, +%d against mounted and aerial", info.VsFoot, info.VsMounted), nil, ui.ParchDim)
		if e.OnTable() {
			gg := control.AllowanceOf(g, e.ID, table.EnginePoseOf(e))
			if gg.Allow == rules.Cannot {
				line("Cannot move where it stands: "+gg.Name, nil, ui.Bad)
			} else {
				line(fmt.Sprintf("Moves %s %s where it stands", a.Settings.Dist(float64(gg.Allow)), gg.Name), nil, ui.ParchDim)
			}
		}
		if rng := rules.ShootRange(e.Type); rng > 0 {
			line(fmt.Sprintf("Shoots to %s", a.Settings.Dist(float64(rng))), nil, ui.ParchDim)
		}
	}
	cmd := b.M.Sc.Commands[e.Cmd]
	c := g.Commands()[e.Cmd]
	y += 2 * s
	if dst != nil {
		ui.RoundRect(dst, ui.R(r.X, y+3*s, 10*s, 10*s), 2*s, b.colours[e.Cmd], ui.ParchDim, 1*s)
	}
	cmdLine := cmd.Name
	switch {
	case c.Broken:
		cmdLine += " — broken"
	case !c.Active:
		cmdLine += " — inactive"
	}
	x0 := r.X
	r.X += 16 * s
	r.W -= 16 * s
	line(cmdLine, "strong", ui.Parchment)
	r.X, r.W = x0, r.W+16*s
	if e.OnTable() && e.Type != rules.Stronghold {
		in, beyond := b.commandRange(a, e)
		clr := ui.ParchDim
		if beyond {
			clr = ui.Bad
		}
		line(in, nil, clr)
	}
	var status []string
	status = append(status, e.Status.String())
	if e.Moved {
		status = append(status, "moved this bound")
	}
	if e.Shot {
		status = append(status, "has shot")
	}
	for _, cb := range b.ListedCombats() {
		if (cb.A == id || cb.B == id) && !cb.Apart {
			status = append(status, "in close combat")
			break
		}
	}
	line("Status: "+strings.Join(status, ", "), nil, ui.ParchDim)
	if spec.Description != "" {
		y += 4 * s
		line(spec.Description, "italic", ui.ParchDim)
	}
	if b.cardHint {
		y += 2 * s
		line(keyLabel(control.CmdCodex)+": its troops and heroes", nil, ui.ParchFaint)
	}
	return y
}

// commandRange says whether the element is within its general's command
// range, and whether he sees it (engine.Game.CommandRanges).
func (b *Battle) commandRange(a *App, e engine.Element) (string, bool) {
	g := b.M.G
	c := &b.cardCache
	if c.id == e.ID && c.actions == g.Actions() && c.gen == b.M.Gen && c.inRange != "" {
		return c.inRange, c.beyond
	}
	out, beyond := "the general of its command", false
	if !e.General {
		out, beyond = commandRangeLine(g.CommandRanges(e.Side), e.ID, a.Settings.Dist)
	}
	c.id, c.actions, c.gen, c.inRange, c.beyond = e.ID, g.Actions(), b.M.Gen, out, beyond
	return out, beyond
}

// commandRangeLine words what the engine says of element id's command
// range, and reports whether it is beyond it.
func commandRangeLine(rs []engine.CommandRange, id int, dist func(float64) string) (string, bool) {
	for _, r := range rs {
		for _, x := range r.Elements {
			if x.ID != id {
				continue
			}
			switch {
			case r.Decided == "no_leader":
				return "beyond command range: its general is lost (+1 PIP to move)", true
			case r.Decided == "scenario" && !x.Beyond:
				return "within command range (the scenario's rule)", false
			case !r.OnTable:
				return "beyond command range: its general is not on the table (+1 PIP to move)", true
			case x.Beyond && !x.Seen:
				return fmt.Sprintf("beyond command range: out of its general's sight, %s away (+1 PIP to move)", dist(float64(x.Dist))), true
			case x.Beyond:
				return fmt.Sprintf("beyond command range: %s from its general (+1 PIP to move)", dist(float64(x.Dist))), true
			case !x.Seen:
				return fmt.Sprintf("within command range, out of its general's sight (%s)", dist(float64(x.Dist))), false
			}
			return fmt.Sprintf("within command range (%s from its general)", dist(float64(x.Dist))), false
		}
	}
	return "", false
}

// drawHoverCard shows the hovered element's card beside the pointer.
func (b *Battle) drawHoverCard(a *App, dst *ebiten.Image, id int, px, py float64) (card ui.Rect, text float64) {
	th := a.Theme
	s := th.Scale
	w := math.Min(330*s, b.view.W-16*s)
	var h float64
	x, y := px+22*s, py+18*s
	if x+w > b.view.Right()-8*s {
		x = px - w - 22*s
	}
	// Never off the view: a narrow view has no room either side.
	x = math.Max(b.view.X+8*s, math.Min(b.view.Right()-8*s-w, x))
	// Measure first, then draw the card to fit.
	b.cardHint = true
	defer func() { b.cardHint = false }()
	inner := ui.R(0, 0, w-28*s, 1e6)
	h = b.drawElementInfo(a, nil, inner, id) + 24*s
	if y+h > b.view.Bottom()-8*s {
		y = b.view.Bottom() - h - 8*s
	}
	y = math.Max(y, b.view.Y+8*s)
	card = ui.R(x, y, w, h)
	ui.Panel(dst, th, card)
	// The card is made to fit its text: the text is drawn unclipped, as
	// it was measured (clipping at the measured bottom lost the last line
	// to rounding when the card stood at another height).
	text = b.drawElementInfo(a, dst, ui.R(x+14*s, y+12*s, w-28*s, 1e6), id)
	return card, text
}
