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
		export: ui.Button{Label: "Battle log (Markdown)", Short: "Battle log", Small: true},
	}
	r.replay.Disabled, r.export.Disabled = m.H == nil, m.H == nil
	a.tourneyGameOver(m) // a tournament's game: its result entered (tournament_round.go)
	return r
}

// layout places the panel and the buttons: in a row when they fit, else
// two by two, the way out at the foot.
func (r *Results) layout(a *App) ui.Rect {
	th := a.Theme
	s := th.Scale
	margin := 30 * s
	if a.W < 600*s {
		margin = 8 * s
	}
	w, h := math.Min(a.W-2*margin, 900*s), math.Min(a.H-80*s, 660*s)
	p := ui.R(a.W/2-w/2, a.H/2-h/2, w, h)
	pad := math.Min(30*s, margin+8*s)
	bh := math.Max(50*s, ui.LineHeight(th.Face(fontBold, 16))+18*s)
	ws := []float64{math.Max(220*s, r.replay.Need(th)), math.Max(200*s, r.export.Need(th)), math.Max(220*s, r.view.Need(th)), math.Max(200*s, r.menu.Need(th))}
	by := p.Bottom() - pad - bh
	if ws[0]+ws[1]+ws[2]+ws[3]+3*14*s <= p.W-2*pad {
		r.menu.Rect = ui.R(p.Right()-pad-ws[3], by, ws[3], bh)
		r.view.Rect = ui.R(r.menu.Rect.X-14*s-ws[2], by, ws[2], bh)
		r.replay.Rect = ui.R(p.X+pad, by, ws[0], bh)
		r.export.Rect = ui.R(r.replay.Rect.Right()+14*s, by+5*s, ws[1], bh-10*s)
		return p
	}
	foot := ui.R(p.X+pad, by, p.W-2*pad, bh).Cols(2, 10*s)
	over := ui.R(p.X+pad, by-10*s-bh, p.W-2*pad, bh).Cols(2, 10*s)
	r.view.Rect, r.menu.Rect, r.replay.Rect, r.export.Rect = foot[0], foot[1], over[0], over[1]
	return p
}

// resultColumns are the table's headings, with the shorter ones of a
// narrow panel.
var resultColumns = [][2]string{{"Command", "Command"}, {"AP lost", "AP"}, {"Break point", "Break"}, {"Elements lost", "Lost"}, {"State", "State"}}

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

// columns are the x of the table's columns: the numbers and the state
// as wide as their headings (and "held back") at the right, the names
// the rest; short reports whether the short headings and names are used.
func (r *Results) columns(th *ui.Theme, p ui.Rect, pad float64) (xs []float64, short bool) {
	s := th.Scale
	hf, body := th.Face(fontBold, 13), th.Face(fontRegular, 15)
	widths := func(k int) []float64 {
		var ws []float64
		for _, hd := range resultColumns[1:] {
			w := math.Max(ui.Width(strings.ToUpper(hd[k]), hf), ui.Width("00 of 00", body))
			ws = append(ws, w+18*s)
		}
		ws[len(ws)-1] = math.Max(ws[len(ws)-1], ui.Width("held back", body))
		return ws
	}
	ws := widths(0)
	total := 0.0
	for _, w := range ws {
		total += w
	}
	if p.W-2*pad-total < 220*s {
		short, ws = true, widths(1)
		total = 0
		for _, w := range ws {
			total += w
		}
	}
	// Wide panels keep the columns where they were (proportions).
	x := p.Right() - pad - total
	if !short {
		x = math.Min(x, p.X+p.W*0.44)
	}
	xs = []float64{p.X + pad}
	for _, w := range ws {
		xs = append(xs, x)
		x += w
	}
	return xs, short
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
	} else if m.Over() && g.TimeCalled() {
		title, sub = "Time called", fmt.Sprintf("The battle is a draw: time was called, and bound %d fought to its end", g.Bound())
	} else {
		sub = fmt.Sprintf("%d bound%s played so far", g.Bound(), plural(g.Bound()))
	}
	pad := r.replay.Rect.X - p.X
	// The title as large as fits, the line under it wrapped.
	size := 40.0
	if tw := ui.Width(title, th.Face(fontSmallCaps, size)); tw > p.W-2*pad {
		size = math.Max(20, math.Floor(size*(p.W-2*pad)/tw))
	}
	tf := th.Face(fontSmallCaps, size)
	y := p.Y + 30*s
	for _, l := range ui.Wrap(title, tf, p.W-2*pad) {
		ui.Text(dst, l, tf, p.CX(), y, ui.GoldBright, ui.Center)
		y += ui.LineHeight(tf)
	}
	y += 6 * s
	sf := th.Face(fontItalic, 17)
	for _, l := range ui.Wrap(sub, sf, p.W-2*pad) {
		ui.Text(dst, l, sf, p.CX(), y, ui.ParchDim, ui.Center)
		y += ui.LineHeight(sf)
	}
	y += 20 * s
	cols, short := r.columns(th, p, pad)
	hf := th.Face(fontBold, 13)
	for i, hd := range resultColumns {
		label := hd[0]
		if short {
			label = hd[1]
		}
		ui.Text(dst, strings.ToUpper(label), hf, cols[i], y, ui.Gold, ui.Left)
	}
	y += ui.LineHeight(hf) + 10*s
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
		sideFace := th.Face(fontSmallCaps, 18)
		ui.Text(dst, ui.Ellipsis(m.SideName(si)+" — "+m.Names[si], sideFace, p.W-2*pad), sideFace, cols[0], y, ui.Parchment, ui.Left)
		y += ui.LineHeight(sideFace) + 6*s
		for ci, c := range m.Sc.Commands {
			if c.Side != m.Sc.Sides[si].ID {
				continue
			}
			clr := render.RGB(0x88, 0x88, 0x88)
			if v, ok := render.ParseHex(c.Colour); ok {
				clr = v
			}
			ui.RoundRect(dst, ui.R(cols[0], y+3*s, 12*s, 12*s), 2*s, clr, ui.ParchDim, 1*s)
			name := c.Name
			if short {
				name = shortName(name)
			}
			ui.Text(dst, ui.Ellipsis(name, body, cols[1]-cols[0]-28*s), body, cols[0]+20*s, y, ui.Parchment, ui.Left)
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
