package game

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/render"
	"pelennor/game/ui"
)

// Results shows who won and what it cost.
type Results struct {
	m                          *Match
	view, menu, replay, export ui.Button
}

// NewResults returns the results screen.
func NewResults(a *App, m *Match) *Results {
	r := &Results{m: m,
		view:   keyed(ui.Button{Label: "Look at the field"}, control.CmdBack),
		menu:   keyed(ui.Button{Label: "Main menu", Primary: true}, control.CmdConfirm),
		replay: ui.Button{Label: "Watch the replay", Key: ebiten.KeyR, KeyLabel: "R"},
		export: ui.Button{Label: "Battle log (Markdown)", Small: true},
	}
	r.replay.Disabled, r.export.Disabled = m.H == nil, m.H == nil
	return r
}

func (r *Results) layout(a *App) ui.Rect {
	s := a.Theme.Scale
	w, h := math.Min(a.W-60*s, 900*s), math.Min(a.H-80*s, 660*s)
	p := ui.R(a.W/2-w/2, a.H/2-h/2, w, h)
	r.menu.Rect = ui.R(p.Right()-30*s-200*s, p.Bottom()-30*s-50*s, 200*s, 50*s)
	r.view.Rect = ui.R(r.menu.Rect.X-14*s-220*s, r.menu.Rect.Y, 220*s, 50*s)
	r.replay.Rect = ui.R(p.X+30*s, r.menu.Rect.Y, 220*s, 50*s)
	r.export.Rect = ui.R(r.replay.Rect.Right()+14*s, r.menu.Rect.Y+5*s, 200*s, 40*s)
	return p
}

// Update handles the buttons.
func (r *Results) Update(a *App, f *input.Frame) error {
	r.layout(a)
	switch {
	case r.view.Update(f):
		a.Pop()
	case r.menu.Update(f):
		a.Reset(NewTitle(a))
	case r.replay.Update(f):
		a.Push(NewViewer(a, r.m, ViewReplay, 0))
	case r.export.Update(f):
		exportLog(a, r.m)
	}
	return nil
}

// exportLog writes the battle log as Markdown and says where.
func exportLog(a *App, m *Match) {
	where, err := a.ExportLog(m)
	if err != nil {
		a.Toast("The battle log was not written: "+err.Error(), ui.Bad)
		return
	}
	a.Toast(fmt.Sprintf(exportWords.logDone, where), ui.Good)
}

// Draw draws the result table over the dimmed field.
func (r *Results) Draw(a *App, dst *ebiten.Image) {
	p := r.layout(a)
	th := a.Theme
	s := th.Scale
	m := r.m
	g := m.G
	theBackdrop.draw(dst)
	ui.Fill(dst, ui.R(0, 0, a.W, a.H), ui.Alpha(ui.Backdrop, 0.35))
	ui.Panel(dst, th, p)
	title := "The battle goes on"
	sub := ""
	if w := g.Winner(); w >= 0 {
		title = "Victory to " + m.SideName(w)
		sub = fmt.Sprintf("%s, commanded by %s, after %d bound%s", m.SideName(w), m.Names[w], g.Bound(), plural(g.Bound()))
	} else {
		sub = fmt.Sprintf("%d bound%s played so far", g.Bound(), plural(g.Bound()))
	}
	ui.Text(dst, title, th.Face(fontSmallCaps, 40), p.CX(), p.Y+30*s, ui.GoldBright, ui.Center)
	ui.Text(dst, sub, th.Face(fontItalic, 17), p.CX(), p.Y+86*s, ui.ParchDim, ui.Center)
	y := p.Y + 130*s
	cols := []float64{p.X + 40*s, p.X + p.W*0.44, p.X + p.W*0.56, p.X + p.W*0.7, p.X + p.W*0.84}
	hf := th.Face(fontBold, 13)
	for i, hd := range []string{"Command", "AP lost", "Break point", "Elements lost", "State"} {
		ui.Text(dst, strings.ToUpper(hd), hf, cols[i], y, ui.Gold, ui.Left)
	}
	y += 26 * s
	cmds := g.Commands()
	lost := map[int]int{}
	total := map[int]int{}
	for _, e := range g.Elements() {
		total[e.Cmd]++
		if e.Lost {
			lost[e.Cmd]++
		}
	}
	body := th.Face(fontRegular, 15)
	for si := 0; si < 2; si++ {
		ui.Text(dst, m.SideName(si)+" — "+m.Names[si], th.Face(fontSmallCaps, 18), cols[0], y, ui.Parchment, ui.Left)
		y += 28 * s
		for ci, c := range m.Sc.Commands {
			if c.Side != m.Sc.Sides[si].ID {
				continue
			}
			clr := render.RGB(0x88, 0x88, 0x88)
			if v, ok := render.ParseHex(c.Colour); ok {
				clr = v
			}
			ui.RoundRect(dst, ui.R(cols[0], y+3*s, 12*s, 12*s), 2*s, clr, ui.ParchDim, 1*s)
			ui.Text(dst, c.Name, body, cols[0]+20*s, y, ui.Parchment, ui.Left)
			ui.Text(dst, fmt.Sprint(g.LostAP(ci)), body, cols[1], y, ui.Parchment, ui.Left)
			bp := "—"
			if c.BreakPoint > 0 {
				bp = fmt.Sprint(c.BreakPoint)
			}
			ui.Text(dst, bp, body, cols[2], y, ui.Parchment, ui.Left)
			ui.Text(dst, fmt.Sprintf("%d of %d", lost[ci], total[ci]), body, cols[3], y, ui.Parchment, ui.Left)
			state, sc := "fighting", color.Color(ui.Good)
			if cmds[ci].Broken {
				state, sc = "broken", ui.Bad
			} else if !cmds[ci].Active {
				state, sc = "held back", ui.Info
			}
			ui.Text(dst, state, body, cols[4], y, sc, ui.Left)
			y += ui.LineHeight(body) + 4*s
		}
		y += 14 * s
	}
	r.view.Draw(dst, th)
	r.menu.Draw(dst, th)
	r.replay.Draw(dst, th)
	r.export.Draw(dst, th)
}
