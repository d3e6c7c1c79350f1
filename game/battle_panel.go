package game

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/engine/rules"
	"pelennor/game/input"
	"pelennor/game/ui"
)

// panelLayout lays out the buttons of the context panel, each at least
// a target high (ui.Theme.Target) and high enough for its text.
func (b *Battle) panelLayout(a *App) {
	th := a.Theme
	s := th.Scale
	in := b.info.Inset(14 * s)
	big, small := buttonHeights(th)
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
			b.merry.Rect = ui.R(in.X, y, in.W, big)
			y += big + 10*s
		} else {
			b.merry.Rect = ui.Rect{}
		}
		b.resolveAll.Rect = ui.R(in.X, in.Bottom()-big, in.W, big)
		b.combatRowRects = b.combatRows(a, in, y, b.resolveAll.Rect.Y-8*s, fight)
	case engine.PhaseDistant, engine.PhaseReply:
		b.shoot.Rect = ui.R(in.X, in.Bottom()-big, in.W*0.62, big)
		b.cancelShot.Rect = ui.R(in.X+in.W*0.66, in.Bottom()-big, in.W*0.34, big)
	case engine.PhaseMove:
		if b.replay {
			break
		}
		y := in.Bottom() - small
		// Offer only what may come on now (the controller's Offers).
		for _, o := range b.Offers(3) {
			ret(o.Verb+" "+b.M.ElementName(o.ID), ui.R(in.X, y, in.W, small), o.ID)
			y -= small + 6*s
		}
	}
}

// panelButtons are the context panel's buttons shown in this phase.
func (b *Battle) panelButtons() []*ui.Button {
	var out []*ui.Button
	switch b.M.G.Phase() {
	case engine.PhaseClose:
		if b.M.G.Declarations() != nil {
			out = append(out, &b.merry)
		}
		for i := range b.fights {
			if b.fights[i].Rect.W > 0 {
				out = append(out, &b.fights[i])
			}
		}
		out = append(out, &b.resolveAll)
	case engine.PhaseDistant, engine.PhaseReply:
		if b.Shot.Shooter != 0 {
			out = append(out, &b.shoot, &b.cancelShot)
		}
	case engine.PhaseMove:
		for i := range b.returns {
			out = append(out, &b.returns[i])
		}
	}
	return out
}

func (b *Battle) updatePanelButtons(a *App, f *input.Frame) {
	b.panelLayout(a)
	if b.mode == layoutNarrow && b.tab != tabContext {
		return // the panel shows the log
	}
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
		b.updateCombatRows(f)
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

// drawSide draws the context panel and the log.
func (b *Battle) drawSide(a *App, dst *ebiten.Image) {
	th := a.Theme
	s := th.Scale
	ui.Fill(dst, b.side, ui.Backdrop)
	if b.mode == layoutWide {
		ui.Line(dst, b.side.X, b.side.Y, b.side.X, b.side.Bottom(), 2*s, ui.GoldDeep)
	} else {
		ui.Line(dst, b.side.X, b.side.Y, b.side.Right(), b.side.Y, 2*s, ui.GoldDeep)
	}
	if b.mode == layoutNarrow {
		for i := range b.tabs {
			b.tabs[i].Primary = i == b.tab
			b.tabs[i].Draw(dst, th)
		}
	}
	if !b.showLog || b.mode != layoutNarrow {
		b.drawContext(a, dst)
	}
	if !b.showLog {
		return
	}
	// The log.
	ui.Panel(dst, th, b.logR)
	ui.Text(dst, "Battle log", th.Face(fontSmallCaps, 17), b.logR.X+14*s, b.logR.Y+10*s, ui.GoldBright, ui.Left)
	lf := th.Face(fontSmallCaps, 17)
	note, nf := fmt.Sprintf("%d entries · wheel to scroll", b.log.Len()), th.Face(fontRegular, 11)
	if room := b.logR.W - 42*s - ui.Width("Battle log", lf); ui.Width(note, nf) > room {
		note = fmt.Sprintf("%d entries", b.log.Len())
	}
	ui.Text(dst, note, nf, b.logR.Right()-14*s, b.logR.Y+14*s, ui.ParchFaint, ui.Right)
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
	b.codexBtn.Rect = ui.Rect{} // placed below the selection's details
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
			if y+ui.LineHeight(f) > in.Bottom() {
				return // no room left in the panel
			}
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
				para(b.panelWords(panelGroupDrag), "small", ui.ParchDim)
			}
		case len(b.Sel) == 1:
			y = b.drawElementInfo(a, dst, ui.R(in.X, y, in.W, in.Bottom()-y), b.Sel[0])
			bottom := in.Bottom()
			if len(b.returns) > 0 {
				bottom = b.returns[len(b.returns)-1].Rect.Y - 6*s
			}
			b.placeCodex(a, dst, in.X, y+8*s, in.W, bottom)
		default:
			y = b.drawOrders(a, dst, ui.R(in.X, y, in.W, in.Bottom()-y))
			para("Drag one of your elements to move it: the ghost shows where it would stand, what it costs and whether it may. Hover over any element for its details.", "small", ui.ParchDim)
			para(b.panelWords(panelGather), "small", ui.ParchFaint)
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
				y = b.drawOdds(a, dst, in.X, y, in.W, b.shoot.Rect.Y-6*s, rep)
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
		b.drawCombats(a, dst, ui.R(in.X, y, in.W, in.H), b.resolveAll.Rect.Y-8*s)
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
		y = b.drawElementInfo(a, dst, ui.R(in.X, y+8*s, in.W, in.Bottom()-y-8*s), b.Sel[0])
		b.placeCodex(a, dst, in.X, y+8*s, in.W, in.Bottom())
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
