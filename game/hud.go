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
	"pelennor/game/input"
	"pelennor/game/render"
	"pelennor/game/table"
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

// panelItems lays out the buttons of the context panel.
func (b *Battle) panelLayout(a *App) {
	s := a.Theme.Scale
	in := b.info.Inset(14 * s)
	g := b.M.G
	// Buttons are kept from frame to frame (a click spans frames); only
	// their places and labels are laid out again.
	nf, nr := 0, 0
	fight := func(r ui.Rect) {
		if nf == len(b.fights) {
			b.fights = append(b.fights, ui.Button{Label: "Fight", Small: true})
		}
		b.fights[nf].Rect = r
		nf++
	}
	ret := func(label string, r ui.Rect, id int) {
		if nr == len(b.returns) {
			b.returns = append(b.returns, ui.Button{Small: true})
			b.returnIDs = append(b.returnIDs, 0)
		}
		b.returns[nr].Rect, b.returns[nr].Label, b.returnIDs[nr] = r, label, id
		nr++
	}
	defer func() { b.fights, b.returns, b.returnIDs = b.fights[:nf], b.returns[:nr], b.returnIDs[:nr] }()
	switch g.Phase() {
	case engine.PhaseClose:
		y := in.Y + 40*s
		if g.Declarations() != nil {
			b.merry.Rect = ui.R(in.X, y, in.W, 40*s)
			y += 50 * s
		} else {
			b.merry.Rect = ui.Rect{}
		}
		for range g.Combats() {
			fight(ui.R(in.Right()-84*s, y+8*s, 84*s, 34*s))
			y += 74 * s
		}
		b.resolveAll.Rect = ui.R(in.X, in.Bottom()-42*s, in.W, 42*s)
	case engine.PhaseDistant, engine.PhaseReply:
		b.shoot.Rect = ui.R(in.X, in.Bottom()-42*s, in.W*0.62, 42*s)
		b.cancelShot.Rect = ui.R(in.X+in.W*0.66, in.Bottom()-42*s, in.W*0.34, 42*s)
	case engine.PhaseMove:
		if b.replay {
			break
		}
		y := in.Bottom() - 36*s
		// Offer only what may come on now (the controller's Offers).
		for _, o := range b.Offers(3) {
			ret(o.Verb+" "+b.M.ElementName(o.ID), ui.R(in.X, y, in.W, 32*s), o.ID)
			y -= 38 * s
		}
	}
}

func asIllegal(err error, out **engine.IllegalError) bool {
	ie, ok := err.(*engine.IllegalError)
	if ok {
		*out = ie
	}
	return ok
}

func (b *Battle) updatePanelButtons(a *App, f *input.Frame) {
	b.panelLayout(a)
	g := b.M.G
	switch g.Phase() {
	case engine.PhaseClose:
		if g.Declarations() != nil && b.merry.Update(f) {
			b.do(a, b.Declare())
			return
		}
		for i := range b.fights {
			if b.fights[i].Update(f) {
				b.do(a, b.Fight(i))
				return
			}
		}
		all, label := b.FightAll()
		b.resolveAll.Label = label
		if b.resolveAll.Update(f) {
			b.do(a, all)
		}
	case engine.PhaseDistant, engine.PhaseReply:
		b.shoot.Disabled = !b.MayShoot()
		b.shoot.Label = b.ShotVerb()
		if b.shoot.Update(f) {
			b.do(a, b.Shoot())
			return
		}
		if b.cancelShot.Update(f) {
			b.Cancel()
		}
	case engine.PhaseMove:
		for i := range b.returns {
			if b.returns[i].Update(f) {
				b.do(a, b.StartPlacing(b.returnIDs[i]))
				return
			}
		}
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
	// Centre: bound, side, phase and events.
	cw := 380 * s
	centre := ui.R(b.top.CX()-cw/2, b.top.Y, cw, b.top.H)
	phase := g.Phase()
	title := fmt.Sprintf("Bound %d", g.Bound())
	if phase == engine.PhaseDeploy {
		title = "Deployment"
	}
	ui.Text(dst, strings.ToUpper(title)+"  ·  "+strings.ToUpper(phase.String()), th.Face(fontSmallCaps, 20), centre.CX(), centre.Y+8*s, ui.GoldBright, ui.Center)
	who := b.M.SideName(bound)
	if acting != bound {
		who = b.M.SideName(acting) + " reply"
	}
	name := b.M.Names[acting]
	ui.Text(dst, who+" — "+name+" to act", th.Face(fontItalic, 14), centre.CX(), centre.Y+34*s, ui.Parchment, ui.Center)
	if len(b.evNames) > 0 {
		b.drawEventTrack(a, dst, ui.R(centre.X+70*s, centre.Y+56*s, centre.W-110*s, 22*s))
	}
	// Command chips, each side's on its half.
	var sides [2][]int
	for i, c := range b.M.Sc.Commands {
		si := 0
		if c.Side == b.M.Sc.Sides[1].ID {
			si = 1
		}
		sides[si] = append(sides[si], i)
	}
	cmds := g.Commands()
	for si := 0; si < 2; si++ {
		area := ui.R(b.top.X+10*s, b.top.Y+8*s, centre.X-b.top.X-20*s, b.top.H-16*s)
		if si == 1 {
			area = ui.R(centre.Right()+10*s, b.top.Y+8*s, b.top.Right()-centre.Right()-20*s, b.top.H-16*s)
		}
		n := len(sides[si])
		if n == 0 {
			continue
		}
		cw := math.Min(200*s, (area.W-float64(n-1)*8*s)/float64(n))
		x := area.X
		if si == 1 {
			x = area.Right() - float64(n)*cw - float64(n-1)*8*s
		}
		for _, ci := range sides[si] {
			b.drawChip(a, dst, ui.R(x, area.Y, cw, area.H), ci, cmds[ci], si == bound)
			x += cw + 8*s
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
	ds := math.Min(30*s, r.H-30*s)
	die := ui.R(r.X+14*s, r.Y+8*s, ds, ds)
	onTable := false
	for _, e := range b.M.G.Elements() {
		if e.Cmd == ci && e.OnTable() {
			onTable = true
			break
		}
	}
	if c.Die > 0 {
		drawDie(cv, die, c.Die, color.RGBA{0xf3, 0xea, 0xd2, 0xff}, color.RGBA{0x1c, 0x18, 0x14, 0xff})
	} else {
		drawDie(cv, die, 0, ui.Alpha(color.RGBA{0xf3, 0xea, 0xd2, 0xff}, 0.25), ui.Transparent)
	}
	cv.Flush()
	tx := die.Right() + 8*s
	tw := r.Right() - tx - 6*s
	nameFace := th.Face(fontBold, 13)
	ui.Text(dst, ui.Ellipsis(shortName(spec.Name), nameFace, tw), nameFace, tx, r.Y+5*s, ui.Parchment, ui.Left)
	small := th.Face(fontRegular, 12)
	var status string
	var sc color.Color = ui.ParchDim
	switch {
	case c.Broken:
		status, sc = "BROKEN", ui.Bad
	case !onTable:
		status, sc = "not on the table", ui.ParchFaint
	case !c.Active:
		status, sc = "inactive", ui.Info
	case theirBound && c.Die > 0:
		status, sc = fmt.Sprintf("%d PIP%s left", c.PIPs, plural(c.PIPs)), ui.GoldBright
	default:
		status = "waiting"
	}
	ui.Text(dst, ui.Ellipsis(status, small, tw), small, tx, r.Y+5*s+ui.LineHeight(nameFace), sc, ui.Left)
	// AP lost against the break point.
	lost, bp := b.M.G.LostAP(ci), spec.BreakPoint
	bar := ui.R(r.X+14*s, r.Bottom()-14*s, r.W-24*s, 6*s)
	if bp > 0 {
		ui.RoundRect(dst, bar, 3*s, color.RGBA{0x10, 0x12, 0x16, 0xff}, ui.Transparent, 0)
		fr := math.Min(1, float64(lost)/float64(bp))
		barClr := ui.Mix(ui.Good, ui.Bad, fr)
		if fr > 0 {
			ui.RoundRect(dst, ui.R(bar.X, bar.Y, bar.W*fr, bar.H), 3*s, barClr, ui.Transparent, 0)
		}
		ui.Text(dst, fmt.Sprintf("%d/%d AP", lost, bp), th.Face(fontMedium, 11), bar.Right(), bar.Y-14*s, ui.ParchDim, ui.Right)
	} else {
		ui.Text(dst, fmt.Sprintf("%d AP lost", lost), th.Face(fontMedium, 11), bar.Right(), bar.Y-14*s, ui.ParchFaint, ui.Right)
	}
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

// drawSide draws the context panel and the log.
func (b *Battle) drawSide(a *App, dst *ebiten.Image) {
	th := a.Theme
	s := th.Scale
	ui.Fill(dst, b.side, ui.Backdrop)
	ui.Line(dst, b.side.X, b.side.Y, b.side.X, b.side.Bottom(), 2*s, ui.GoldDeep)
	b.drawContext(a, dst)
	// The log.
	ui.Panel(dst, th, b.logR)
	ui.Text(dst, "Battle log", th.Face(fontSmallCaps, 17), b.logR.X+14*s, b.logR.Y+10*s, ui.GoldBright, ui.Left)
	ui.Text(dst, fmt.Sprintf("%d entries · wheel to scroll", b.log.Len()), th.Face(fontRegular, 11), b.logR.Right()-14*s, b.logR.Y+14*s, ui.ParchFaint, ui.Right)
	b.log.Draw(dst, th)
}

// drawContext draws what the phase needs: the selection, the shot and
// its odds, or the combats to fight.
func (b *Battle) drawContext(a *App, dst *ebiten.Image) {
	th := a.Theme
	s := th.Scale
	g := b.M.G
	b.panelLayout(a)
	var title string
	switch g.Phase() {
	case engine.PhaseDeploy:
		title = "Deployment"
	case engine.PhaseMove:
		title = "Movement"
	case engine.PhaseDistant:
		title = "Shooting and magic"
	case engine.PhaseReply:
		title = "Return shooting"
	case engine.PhaseClose:
		title = "Close combat"
	default:
		title = "The battle is over"
	}
	if b.replay {
		title = "Replay"
	}
	in := ui.PanelTitle(dst, th, b.info, title)
	if b.replay {
		b.drawViewNote(a, dst, in)
		if b.lastResult != nil {
			b.drawResult(a, dst, b.lastResult)
		}
		return
	}
	body, bold, small := th.Body(), th.Strong(), th.Small()
	lh := ui.LineHeight(body)
	y := in.Y
	para := func(t string, face interface{}, clr color.Color) {
		f := body
		if face == "bold" {
			f = bold
		} else if face == "small" {
			f = small
		} else if face == "italic" {
			f = th.Face(fontItalic, 14)
		}
		for _, l := range ui.Wrap(t, f, in.W) {
			ui.Text(dst, l, f, in.X, y, clr, ui.Left)
			y += ui.LineHeight(f)
		}
		y += 4 * s
	}
	switch g.Phase() {
	case engine.PhaseDeploy:
		para("Drag your elements to rearrange them within your deployment zones (shown on the table). Press “Deployment done” when ready.", nil, ui.ParchDim)
	case engine.PhaseMove:
		switch {
		case len(b.Sel) > 1:
			ok, msg := b.GroupState()
			clr := ui.Bad
			if ok {
				clr = ui.Good
			}
			para(fmt.Sprintf("%d elements selected.", len(b.Sel)), "bold", ui.Parchment)
			para(msg, nil, clr)
			if ok {
				para("Drag any of them: the group moves straight ahead; turn the wheel or Q/E to wheel it.", "small", ui.ParchDim)
			}
		case len(b.Sel) == 1:
			b.drawElementInfo(a, dst, ui.R(in.X, y, in.W, in.Bottom()-y), b.Sel[0])
		default:
			y = b.drawOrders(a, dst, ui.R(in.X, y, in.W, in.Bottom()-y))
			para("Drag one of your elements to move it: the ghost shows where it would stand, what it costs and whether it may. Hover over any element for its details.", "small", ui.ParchDim)
			para("Shift-click, or shift-drag on open ground, to gather a group. Drag the ground or use the arrow keys to look around; the wheel zooms.", "small", ui.ParchFaint)
		}
		for i := range b.returns {
			b.returns[i].Draw(dst, th)
		}
	case engine.PhaseDistant, engine.PhaseReply:
		if b.Shot.Shooter == 0 {
			para("Click one of your Shooters, Artillery or Magicians: its valid targets light up in red. Click a target to see the odds.", nil, ui.ParchDim)
			para("Shift-click other shooters to add them as aiders.", "small", ui.ParchFaint)
			break
		}
		para(b.M.ElementName(b.Shot.Shooter), "bold", ui.Parchment)
		if b.Shot.Target == 0 {
			para(fmt.Sprintf("%d target%s in reach: click one.", len(b.Shot.Targets), plural(len(b.Shot.Targets))), nil, ui.ParchDim)
		} else {
			kind := "shoot"
			if e, _ := g.Element(b.Shot.Shooter); e.Type == rules.Magicians {
				kind = "bespell"
			}
			para("at "+b.M.ElementName(b.Shot.Target), nil, ui.Parchment)
			if len(b.Shot.Aiders) > 0 {
				var names []string
				for _, id := range b.Shot.Aiders {
					names = append(names, b.M.ElementName(id))
				}
				para("aided by "+strings.Join(names, ", "), "small", ui.ParchDim)
			}
			if rep, err := engine.Odds(g, b.Shot.Shooter, b.Shot.Target, kind, b.Shot.Aiders); err == nil {
				y = b.drawOdds(a, dst, in.X, y, in.W, rep)
			} else {
				para(reason(err), nil, ui.Bad)
			}
		}
		b.shoot.Draw(dst, th)
		b.cancelShot.Draw(dst, th)
	case engine.PhaseClose:
		cs := g.Combats()
		if g.Declarations() != nil {
			b.merry.Draw(dst, th)
			y = b.merry.Rect.Bottom() + 10*s
		}
		if len(cs) == 0 {
			para("No close combats remain this bound.", nil, ui.ParchDim)
		}
		for i, c := range cs {
			if i >= len(b.fights) {
				break
			}
			r := ui.R(in.X, b.fights[i].Rect.Y-6*s, in.W, 66*s)
			if r.Bottom() > b.resolveAll.Rect.Y-6*s {
				break
			}
			ui.RoundRect(dst, r, 5*s, ui.Steel, ui.SteelEdge, 1*s)
			nf := th.Face(fontBold, 13)
			tw := r.W - 110*s
			ui.Text(dst, ui.Ellipsis(b.M.ElementName(c[0]), nf, tw), nf, r.X+10*s, r.Y+6*s, ui.Parchment, ui.Left)
			ui.Text(dst, ui.Ellipsis("v "+b.M.ElementName(c[1]), nf, tw), nf, r.X+10*s, r.Y+6*s+ui.LineHeight(nf), ui.Parchment, ui.Left)
			if rep, err := engine.Odds(g, c[0], c[1], "close", nil); err == nil {
				ui.Text(dst, oddsLine(rep), th.Face(fontRegular, 12), r.X+10*s, r.Y+8*s+2*ui.LineHeight(nf), ui.ParchDim, ui.Left)
			}
			b.fights[i].Draw(dst, th)
		}
		b.resolveAll.Draw(dst, th)
	}
	_ = lh
	if b.lastResult != nil && g.Phase() != engine.PhaseMove {
		b.drawResult(a, dst, b.lastResult)
	}
}

// drawViewNote fills the context panel of a replay: where it stands,
// the last action and what it did, and the element selected.
func (b *Battle) drawViewNote(a *App, dst *ebiten.Image, in ui.Rect) {
	th := a.Theme
	s := th.Scale
	y := in.Y
	for _, e := range b.viewNote {
		face := th.Small()
		x, w := in.X, in.W
		if e.Indent {
			x, w = x+12*s, w-12*s
		} else {
			face = th.Face(fontBold, 14)
		}
		for _, l := range ui.Wrap(e.Text, face, w) {
			if y+ui.LineHeight(face) > in.Bottom() {
				return
			}
			ui.Text(dst, l, face, x, y, e.Colour, ui.Left)
			y += ui.LineHeight(face)
		}
		y += 2 * s
	}
	if len(b.Sel) == 1 && y+60*s < in.Bottom() {
		y += 8 * s
		ui.Line(dst, in.X, y, in.Right(), y, 1*s, ui.Alpha(ui.Gold, 0.4))
		b.drawElementInfo(a, dst, ui.R(in.X, y+8*s, in.W, in.Bottom()-y-8*s), b.Sel[0])
	}
}

// drawOrders lists the acting side's commands: PIPs left and how many
// of their elements have moved.
func (b *Battle) drawOrders(a *App, dst *ebiten.Image, r ui.Rect) float64 {
	th := a.Theme
	s := th.Scale
	g := b.M.G
	side := b.acting()
	cmds := g.Commands()
	moved, total := map[int]int{}, map[int]int{}
	for _, e := range g.Elements() {
		if e.OnTable() && e.Type != rules.Stronghold {
			total[e.Cmd]++
			if e.Moved {
				moved[e.Cmd]++
			}
		}
	}
	y := r.Y
	nf, sf := th.Face(fontBold, 14), th.Face(fontRegular, 12)
	for ci, spec := range b.M.Sc.Commands {
		if spec.Side != b.M.Sc.Sides[side].ID {
			continue
		}
		c := cmds[ci]
		row := ui.R(r.X, y, r.W, 44*s)
		ui.RoundRect(dst, row, 5*s, ui.Steel, ui.SteelLight, 1*s)
		ui.RoundRect(dst, ui.R(row.X, row.Y, 5*s, row.H), 2*s, b.colours[ci], ui.Transparent, 0)
		ui.Text(dst, spec.Name, nf, row.X+14*s, row.Y+5*s, ui.Parchment, ui.Left)
		var st string
		var clr color.Color = ui.ParchDim
		switch {
		case total[ci] == 0:
			st, clr = "not on the table", ui.ParchFaint
		case c.Broken:
			st, clr = "broken: every move costs 1 more", ui.Bad
		case !c.Active:
			st, clr = "inactive: may not move yet", ui.Info
		default:
			st = fmt.Sprintf("%d of %d elements moved", moved[ci], total[ci])
		}
		ui.Text(dst, st, sf, row.X+14*s, row.Y+6*s+ui.LineHeight(nf), clr, ui.Left)
		if c.Die > 0 && total[ci] > 0 {
			pf := th.Face(fontBold, 20)
			ui.TextMid(dst, fmt.Sprint(c.PIPs), pf, row.Right()-14*s, row.CY()-4*s, ui.GoldBright, ui.Right)
			ui.Text(dst, "PIPs", th.Face(fontRegular, 10), row.Right()-14*s, row.CY()+7*s, ui.ParchDim, ui.Right)
		}
		y += row.H + 6*s
	}
	return y + 6*s
}

// oddsLine sums a close combat's odds in one line.
func oddsLine(rep *engine.OddsReport) string {
	win, lose := 0, 0
	for _, o := range rep.Defender.Outcomes {
		if o.Result != "nothing" {
			win += o.In36
		}
	}
	for _, o := range rep.Attacker.Outcomes {
		if o.Result != "nothing" {
			lose += o.In36
		}
	}
	return fmt.Sprintf("%+d v %+d · beats it %d/36 · beaten %d/36 · tie %d/36", rep.Attacker.Score, rep.Defender.Score, win, lose, rep.Equal)
}

// drawOdds shows both sides' factors and the chance of each result.
func (b *Battle) drawOdds(a *App, dst *ebiten.Image, x, y, w float64, rep *engine.OddsReport) float64 {
	th := a.Theme
	s := th.Scale
	small := th.Face(fontRegular, 12)
	bold := th.Face(fontBold, 13)
	col := (w - 10*s) / 2
	for i, side := range []engine.OddsSide{rep.Attacker, rep.Defender} {
		cx := x + float64(i)*(col+10*s)
		yy := y
		ui.Text(dst, ui.Ellipsis(side.Name, bold, col), bold, cx, yy, ui.Parchment, ui.Left)
		yy += ui.LineHeight(bold)
		for _, f := range side.Factors {
			ui.Text(dst, ui.Ellipsis(fmt.Sprintf("%+d %s", f.Value, f.Describe()), small, col), small, cx, yy, ui.ParchDim, ui.Left)
			yy += ui.LineHeight(small)
		}
		ui.Text(dst, fmt.Sprintf("= %d + d6", side.Score), bold, cx, yy, ui.GoldBright, ui.Left)
		yy += ui.LineHeight(bold) + 2*s
		if len(side.Outcomes) > 1 {
			ui.Text(dst, "it suffers:", small, cx, yy, ui.ParchFaint, ui.Left)
			yy += ui.LineHeight(small)
		}
		for _, o := range side.Outcomes {
			if o.Result == "nothing" {
				continue
			}
			ui.Text(dst, ui.Ellipsis(fmt.Sprintf("%s: %s", o.Result, o.Percent), small, col), small, cx, yy, ui.Bad, ui.Left)
			yy += ui.LineHeight(small)
		}
		if i == 1 {
			y = math.Max(y, yy)
		} else {
			defer func(v float64) { y = math.Max(y, v) }(yy)
		}
	}
	return y + 6*s
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
	for _, cb := range g.Combats() {
		if cb[0] == id || cb[1] == id {
			status = append(status, "in close combat")
			break
		}
	}
	line("Status: "+strings.Join(status, ", "), nil, ui.ParchDim)
	if spec.Description != "" {
		y += 4 * s
		line(spec.Description, "italic", ui.ParchDim)
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
func (b *Battle) drawHoverCard(a *App, dst *ebiten.Image, id int, px, py float64) {
	th := a.Theme
	s := th.Scale
	w := 330 * s
	var h float64
	x, y := px+22*s, py+18*s
	if x+w > b.view.Right()-8*s {
		x = px - w - 22*s
	}
	// Measure first, then draw the card to fit.
	inner := ui.R(0, 0, w-28*s, 1e6)
	h = b.drawElementInfo(a, nil, inner, id) + 24*s
	if y+h > b.view.Bottom()-8*s {
		y = b.view.Bottom() - h - 8*s
	}
	y = math.Max(y, b.view.Y+8*s)
	ui.Panel(dst, th, ui.R(x, y, w, h))
	b.drawElementInfo(a, dst, ui.R(x+14*s, y+12*s, w-28*s, h-24*s), id)
}
