package game

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/game/render"
	"pelennor/game/ui"
)

// feedLog copies new match events into the battle log; when the match's
// log was rewritten (undo, a replay's jump) it starts again.
func (b *Battle) feedLog() {
	if b.logGen != b.M.Gen || b.logged > len(b.M.Log) {
		b.log.Clear()
		b.logged, b.logGen = 0, b.M.Gen
	}
	for ; b.logged < len(b.M.Log); b.logged++ {
		e := b.M.Log[b.logged]
		le := ui.LogEntry{Text: e.Describe(), Colour: ui.Parchment}
		switch e.Kind {
		case engine.EvBound:
			le.Colour = ui.GoldBright
			le.Text = "— " + le.Text + " —"
		case engine.EvDie:
			le.Colour = ui.ParchDim
			le.Indent = true
		case engine.EvPIPs, engine.EvSpent:
			le.Colour = ui.ParchDim
			le.Indent = e.Kind == engine.EvSpent
		case engine.EvPhase:
			le.Colour = ui.Gold
		case engine.EvCombat:
			le.Colour = color.RGBA{0xff, 0xb0, 0x6a, 0xff}
			switch {
			case isDuelReport(e):
				le.Link = logLink(b.logged) // opens the duel panel again
			case e.Code == engine.CodeDuelBlow:
				le.Colour, le.Indent = ui.ParchDim, true
			}
		case engine.EvDestroyed, engine.EvBroken, engine.EvSorcery:
			le.Colour = ui.Bad
		case engine.EvScenario, engine.EvArrived:
			le.Colour = ui.Info
		case engine.EvGameOver:
			le.Colour = ui.GoldBright
		case engine.EvRecoiled, engine.EvFled, engine.EvPushed, engine.EvFollowed, engine.EvTurned:
			le.Colour = color.RGBA{0xe8, 0xc8, 0x9a, 0xff}
			le.Indent = true
		}
		b.log.Add(le)
	}
}

// drawDie draws a die face showing v (blank for 0) in a square r.
func drawDie(cv *render.Canvas, r ui.Rect, v int, face, pip color.Color) {
	s := r.W
	path := ui.RoundRectPath(r, s*0.18)
	vs, is := path.AppendVerticesAndIndicesForFilling(nil, nil)
	var pts []float64
	for _, v := range vs {
		pts = append(pts, float64(v.DstX), float64(v.DstY))
	}
	_ = is
	cv.Convex(face, pts...)
	cv.Stroke(ui.RoundRectPath(r, s*0.18), math.Max(1, s*0.05), render.Mix(face, color.Black, 0.45))
	dots := map[int][][2]float64{
		1: {{0, 0}}, 2: {{-1, -1}, {1, 1}}, 3: {{-1, -1}, {0, 0}, {1, 1}},
		4: {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}}, 5: {{-1, -1}, {1, -1}, {0, 0}, {-1, 1}, {1, 1}},
		6: {{-1, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {1, 1}},
	}
	for _, d := range dots[v] {
		cv.Circle(r.CX()+d[0]*s*0.26, r.CY()+d[1]*s*0.26, s*0.1, pip)
	}
}

// drawTop draws the status bar: commands of each side, bound and phase,
// the event track.
func (b *Battle) drawTop(a *App, dst *ebiten.Image) {
	th := a.Theme
	s := th.Scale
	g := b.M.G
	ui.Fill(dst, b.top, ui.Steel)
	ui.Line(dst, b.top.X, b.top.Bottom()-1*s, b.top.Right(), b.top.Bottom()-1*s, 2*s, ui.GoldDeep)
	bound, acting := g.ToAct()
	// Centre: bound, side, phase and events (laid out in battle_layout.go).
	centre := b.centre
	phase := g.Phase()
	// "Bound 3 · Move"; the deployment is no bound's phase.
	head := fmt.Sprintf("BOUND %d  ·  %s", g.Bound(), strings.ToUpper(phase.String()))
	if phase == engine.PhaseDeploy {
		head = "DEPLOYMENT"
	}
	head += b.M.clockHead()
	tf, wf := th.Face(fontSmallCaps, 20), th.Face(fontItalic, 14)
	lt, _ := topText(th)
	ui.Text(dst, ui.Ellipsis(head, tf, centre.W-8*s), tf, centre.CX(), centre.Y+8*s, ui.GoldBright, ui.Center)
	who := b.M.SideName(bound)
	if acting != bound {
		who = b.M.SideName(acting) + " reply"
	}
	name := b.M.Names[acting]
	ui.Text(dst, ui.Ellipsis(who+" — "+name+" to act", wf, centre.W-8*s), wf, centre.CX(), centre.Y+10*s+lt, ui.Parchment, ui.Center)
	if len(b.evNames) > 0 {
		b.drawEventTrack(a, dst, b.track)
	}
	// Command chips, each side's on its half.
	cmds := g.Commands()
	for ci, c := range b.M.Sc.Commands {
		si := 0
		if c.Side == b.M.Sc.Sides[1].ID {
			si = 1
		}
		if ci < len(b.chips) && b.chips[ci].W > 0 {
			b.drawChip(a, dst, b.chips[ci], ci, cmds[ci], si == bound)
		}
	}
}

func (b *Battle) drawChip(a *App, dst *ebiten.Image, r ui.Rect, ci int, c engine.Command, theirBound bool) {
	th := a.Theme
	s := th.Scale
	spec := b.M.Sc.Commands[ci]
	clr := b.colours[ci]
	fill := ui.SteelLight
	if !theirBound {
		fill = ui.Mix(ui.Steel, ui.SteelLight, 0.4)
	}
	edge := ui.SteelEdge
	if c.Broken {
		edge = ui.Bad
	}
	ui.RoundRect(dst, r, 6*s, fill, edge, 1.2*s)
	ui.RoundRect(dst, ui.R(r.X, r.Y, 6*s, r.H), 3*s, clr, ui.Transparent, 0)
	cv := render.NewCanvas(dst)
	ds := math.Min(30*s, r.H-36*s)
	die := ui.R(r.X+14*s, r.Y+8*s, ds, ds)
	onTable := false
	for _, e := range b.M.G.Elements() {
		if e.Cmd == ci && e.OnTable() {
			onTable = true
			break
		}
	}
	// A narrow chip leaves the die out: its name and PIPs need the room.
	narrow := r.W < 120*s
	switch {
	case narrow:
		die.W = -8 * s
	case c.Die > 0:
		drawDie(cv, die, c.Die, color.RGBA{0xf3, 0xea, 0xd2, 0xff}, color.RGBA{0x1c, 0x18, 0x14, 0xff})
	default:
		drawDie(cv, die, 0, ui.Alpha(color.RGBA{0xf3, 0xea, 0xd2, 0xff}, 0.25), ui.Transparent)
	}
	cv.Flush()
	tx := die.Right() + 8*s
	tw := r.Right() - tx - 6*s
	nameFace := th.Face(fontBold, 13)
	ui.Text(dst, ui.Ellipsis(shortName(spec.Name), nameFace, tw), nameFace, tx, r.Y+5*s, ui.Parchment, ui.Left)
	small := th.Face(fontRegular, 12)
	status, sc := chipStatus(c, onTable, theirBound)
	lines, _ := ui.FitLines(small, tw, 1, status...)
	ui.Text(dst, lines[0], small, tx, r.Y+5*s+ui.LineHeight(nameFace), sc, ui.Left)
	// AP lost against the break point.
	lost, bp := b.M.G.LostAP(ci), spec.BreakPoint
	bar := ui.R(r.X+14*s, r.Bottom()-14*s, r.W-24*s, 6*s)
	apFace := th.Face(fontMedium, 11)
	apY := bar.Y - ui.LineHeight(apFace) - 1*s
	if bp > 0 {
		ui.RoundRect(dst, bar, 3*s, color.RGBA{0x10, 0x12, 0x16, 0xff}, ui.Transparent, 0)
		fr := math.Min(1, float64(lost)/float64(bp))
		barClr := ui.Mix(ui.Good, ui.Bad, fr)
		if fr > 0 {
			ui.RoundRect(dst, ui.R(bar.X, bar.Y, bar.W*fr, bar.H), 3*s, barClr, ui.Transparent, 0)
		}
		ui.Text(dst, fmt.Sprintf("%d/%d AP", lost, bp), apFace, bar.Right(), apY, ui.ParchDim, ui.Right)
	} else {
		ui.Text(dst, fmt.Sprintf("%d AP lost", lost), apFace, bar.Right(), apY, ui.ParchFaint, ui.Right)
	}
}

// chipStatus is a command chip's status line, with shorter wordings for
// a narrow chip, and its colour.
func chipStatus(c engine.Command, onTable, theirBound bool) ([]string, color.Color) {
	switch {
	case c.Broken:
		return []string{"BROKEN"}, ui.Bad
	case !onTable:
		return []string{"not on the table", "off table"}, ui.ParchFaint
	case !c.Active:
		return []string{"inactive"}, ui.Info
	case theirBound && c.Die > 0:
		return []string{fmt.Sprintf("%d PIP%s left", c.PIPs, plural(c.PIPs)), fmt.Sprintf("%d PIP%s", c.PIPs, plural(c.PIPs))}, ui.GoldBright
	}
	return []string{"waiting"}, ui.ParchDim
}

// shortName drops a leading "The " and a trailing "'s Command" or
// "'s Host".
func shortName(n string) string {
	n = strings.TrimPrefix(n, "The ")
	for _, suf := range []string{"'s Command", "'s command", "'s Host", "'s host"} {
		n = strings.TrimSuffix(n, suf)
	}
	return n
}

func (b *Battle) drawEventTrack(a *App, dst *ebiten.Image, r ui.Rect) {
	th := a.Theme
	s := th.Scale
	happened := b.M.EventsHappened()
	n := len(b.evNames)
	cv := render.NewCanvas(dst)
	rad := r.H / 2
	gap := (r.W - 2*rad) / float64(max(1, n-1))
	next := 0
	for i := 1; i <= n; i++ {
		if happened[i] == 0 {
			next = i
			break
		}
	}
	ui.TextMid(dst, "EVENTS", th.Face(fontBold, 10), r.X-8*s, r.CY(), ui.ParchFaint, ui.Right)
	// Connecting line, gold as far as events have happened.
	cv.ButtLine(r.X+rad, r.CY(), r.Right()-rad, r.CY(), 2*s, ui.SteelEdge)
	if k := len(happened); k > 1 {
		cv.ButtLine(r.X+rad, r.CY(), r.X+rad+float64(min(k, n)-1)*gap, r.CY(), 2*s, ui.Gold)
	}
	cv.Flush()
	face := th.Face(fontBold, 12)
	for i := 1; i <= n; i++ {
		cx := r.X + rad + float64(i-1)*gap
		var fill, edge, ink color.Color = ui.Steel, ui.SteelEdge, ui.ParchFaint
		switch {
		case happened[i] > 0:
			fill, edge, ink = ui.GoldDeep, ui.GoldBright, ui.GoldBright
		case i == next:
			fill, edge, ink = ui.SteelLight, ui.Parchment, ui.Parchment
		}
		cv.Circle(cx, r.CY(), rad, edge)
		cv.Circle(cx, r.CY(), rad-1.5*s, fill)
		cv.Flush()
		ui.TextMid(dst, fmt.Sprint(i), face, cx, r.CY(), ink, ui.Center)
	}
	// Name the event under the pointer.
	mx, my := a.lastX, a.lastY
	for i := 1; i <= n; i++ {
		cx := r.X + rad + float64(i-1)*gap
		if math.Hypot(mx-cx, my-r.CY()) > rad+3*s {
			continue
		}
		msg := fmt.Sprintf("Event %d: %s", i, b.evNames[i])
		switch {
		case happened[i] > 0:
			msg += fmt.Sprintf(" — happened in bound %d", happened[i])
		case i == next:
			msg += " — rolled next (5 or 6)"
		default:
			msg += " — after the one before it"
		}
		b.tooltip = msg
		b.tipX, b.tipY = cx, r.Bottom()+8*s
	}
}
