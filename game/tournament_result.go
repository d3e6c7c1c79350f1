package game

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/tourney"
	"pelennor/game/ui"
	"pelennor/tournament"
)

// ResultDialog enters or corrects a game's result by hand (a tabletop
// game): the winner, and for each player the AP and generals lost and
// whether they took the enemy's stronghold; the bounds and whether time
// was called. The result is marked "by hand".
type ResultDialog struct {
	ts                 *TournamentScreen
	round, table, game int
	names              [2]string
	winner             ui.Choice // A, draw, B
	apLost, generals   [2]stepper
	took               [2]ui.Checkbox
	bounds             stepper
	timeCalled         ui.Checkbox
	save, cancel       ui.Button
	err                string
	panel              ui.Rect
	labels             []rowLabel
	names0, names1     ui.Rect // the players' names over their columns
}

// Overlay: the round stays visible beneath.
func (d *ResultDialog) Overlay() bool { return true }

// NewResultDialog opens the result of a pairing's game, as entered so
// far if it has one.
func NewResultDialog(a *App, ts *TournamentScreen, round, table, game int) *ResultDialog {
	pr := ts.e.Pairing(round, table)
	d := &ResultDialog{ts: ts, round: round, table: table, game: game,
		names:      [2]string{ts.e.T.Player(pr.A).Name, ts.e.T.Player(pr.B).Name},
		bounds:     newNumber(0, 0, 99, 1),
		timeCalled: ui.Checkbox{Label: "Time was called"},
		save:       keyed(ui.Button{Label: "Enter result", Primary: true}, control.CmdConfirm),
		cancel:     keyed(ui.Button{Label: "Cancel"}, control.CmdBack),
	}
	d.winner = ui.Choice{Options: []string{d.names[0] + " won", "Draw", d.names[1] + " won"}}
	ap := ts.e.T.AP
	for i := range 2 {
		d.apLost[i] = newNumber(0, 0, ap, 1)
		d.generals[i] = newNumber(0, 0, 9, 1)
		d.took[i] = ui.Checkbox{Label: "took the stronghold", Short: "took it"}
	}
	if h, ok := ts.e.HandOf(round, table, game); ok {
		d.set(h)
		d.save.Label = "Correct result"
	}
	return d
}

// set shows a result.
func (d *ResultDialog) set(h tourney.Hand) {
	d.winner.Selected = map[int]int{0: 0, tournament.Draw: 1, 1: 2}[h.Winner]
	for i := range 2 {
		d.apLost[i].Value, d.generals[i].Value, d.took[i].Checked = h.APLost[i], h.Generals[i], h.Stronghold[i]
	}
	d.bounds.Value, d.timeCalled.Checked = h.Bounds, h.TimeCalled
}

// Hand is the result as the dialog shows it.
func (d *ResultDialog) Hand() tourney.Hand {
	h := tourney.Hand{Winner: []int{0, tournament.Draw, 1}[d.winner.Selected], Bounds: d.bounds.Value, TimeCalled: d.timeCalled.Checked}
	for i := range 2 {
		h.APLost[i], h.Generals[i], h.Stronghold[i] = d.apLost[i].Value, d.generals[i].Value, d.took[i].Checked
	}
	return h
}

// items are the dialog's rows: the winner, the players' columns' names,
// the values of each player, the bounds and time called.
func (d *ResultDialog) items(th *ui.Theme) []formItem {
	s := th.Scale
	h := tourneyTarget(th)
	gap := 10 * s
	pair := func(a, b interface{ set(ui.Rect) }) func(r ui.Rect) {
		return func(r ui.Rect) {
			cols := r.Cols(2, gap)
			a.set(cols[0])
			b.set(cols[1])
		}
	}
	return []formItem{
		row("", h, func(r ui.Rect) { d.winner.Rect = r }),
		{h: ui.LineHeight(th.Strong()) + 4*s, indent: true, place: func(r ui.Rect) {
			cols := r.Cols(2, gap)
			d.names0, d.names1 = cols[0], cols[1]
		}},
		row("AP lost", h, pair(&d.apLost[0], &d.apLost[1])),
		row("Generals lost", h, pair(&d.generals[0], &d.generals[1])),
		row("Stronghold", h, pair(checkboxAt{&d.took[0]}, checkboxAt{&d.took[1]})),
		row("Bounds", h, func(r ui.Rect) { r.W = math.Min(r.W, 200*s); d.bounds.Rect = r }),
		row("", h, func(r ui.Rect) { d.timeCalled.Rect = r }),
	}
}

// set places a stepper (for ResultDialog.items).
func (s *stepper) set(r ui.Rect) { s.Rect = r }

// checkboxAt places a checkbox (for ResultDialog.items).
type checkboxAt struct{ c *ui.Checkbox }

func (c checkboxAt) set(r ui.Rect) { c.c.Rect = r }

// layout flows the rows into one column, or two side by side when the
// window is too short for one (a phone on its side).
func (d *ResultDialog) layout(a *App) {
	th := a.Theme
	s := th.Scale
	h := tourneyTarget(th)
	gap := 10 * s
	labelW := labelWidth(th, "AP lost", "Generals lost", "Stronghold", "Bounds")
	titleH := ui.LineHeight(th.Face(fontSmallCaps, 22)) + ui.LineHeight(th.Small()) + 14*s
	var rowsH float64
	for _, it := range d.items(th) {
		rowsH += it.h + gap
	}
	cols := 1
	w := math.Min(680*s, a.W-16*s)
	frame := func(w float64) float64 { return math.Min(26*s, w*0.05) }
	if 2*frame(w)+titleH+rowsH+h > a.H-16*s && a.W >= 760*s {
		cols, w = 2, math.Min(1040*s, a.W-16*s)
	}
	pad := frame(w)
	avail := a.H - 16*s - 2*pad - titleH - h - gap
	area := ui.R(0, 0, w-2*pad, math.Min(rowsH, avail))
	if cols == 2 {
		area.H = math.Min(avail, rowsH/2+2*(h+gap))
	}
	f := flow(d.items(th), area, cols, 28*s, gap, labelW, 0)
	total := 2*pad + titleH + f.used + gap + h
	d.panel = ui.R((a.W-w)/2, math.Max(8*s, (a.H-total)/2), w, total)
	// Moved from the origin into the panel.
	dx, dy := d.panel.X+pad, d.panel.Y+pad+titleH
	d.labels = d.labels[:0]
	for _, l := range f.labels {
		d.labels = append(d.labels, rowLabel{l.text, l.x + dx, l.y + dy})
	}
	for _, r := range []*ui.Rect{&d.winner.Rect, &d.names0, &d.names1, &d.apLost[0].Rect, &d.apLost[1].Rect,
		&d.generals[0].Rect, &d.generals[1].Rect, &d.took[0].Rect, &d.took[1].Rect, &d.bounds.Rect, &d.timeCalled.Rect} {
		r.X, r.Y = r.X+dx, r.Y+dy
	}
	in := w - 2*pad
	bw := minButtonW(th, 150*s, &d.save, &d.cancel)
	bw = math.Min(bw, (in-gap)/2)
	d.save.Rect = ui.R(d.panel.X+pad+in-bw, d.panel.Bottom()-pad-h, bw, h)
	d.cancel.Rect = ui.R(d.save.Rect.X-gap-bw, d.save.Rect.Y, bw, h)
}

// Update handles the controls.
func (d *ResultDialog) Update(a *App, f *input.Frame) error {
	d.layout(a)
	d.winner.Update(f)
	for i := range 2 {
		d.apLost[i].Update(f)
		d.generals[i].Update(f)
		d.took[i].Update(f)
	}
	d.bounds.Update(f)
	d.timeCalled.Update(f)
	if d.cancel.Update(f) {
		a.Pop()
		return nil
	}
	if d.save.Update(f) {
		if err := d.ts.e.EnterByHand(d.round, d.table, d.game, d.Hand()); err != nil {
			d.err = err.Error()
			return nil
		}
		a.Pop()
		d.ts.did(a, fmt.Sprintf("Table %d: %s", d.table, d.ts.e.ResultText(d.round, d.table, d.game)), nil)
	}
	return nil
}

// Draw draws the dialog over the dimmed round.
func (d *ResultDialog) Draw(a *App, dst *ebiten.Image) {
	d.layout(a)
	th := a.Theme
	s := th.Scale
	ui.Fill(dst, ui.R(0, 0, a.W, a.H), ui.Alpha(ui.Backdrop, 0.7))
	ui.Panel(dst, th, d.panel)
	pad := d.winner.Rect.X - d.panel.X
	x0, in := d.panel.X+pad, d.panel.W-2*pad
	hf := th.Face(fontSmallCaps, 22)
	title := fmt.Sprintf("Round %d, table %d", d.round, d.table)
	if d.ts.e.T.Games == 2 {
		title += fmt.Sprintf(", game %d", d.game)
	}
	ui.Text(dst, ui.Ellipsis(title, hf, in), hf, x0, d.panel.Y+pad, ui.GoldBright, ui.Left)
	ui.Text(dst, ui.Ellipsis("By hand, for a game played on the tabletop: "+d.names[0]+" v "+d.names[1], th.Small(), in), th.Small(), x0, d.panel.Y+pad+ui.LineHeight(hf)+2*s, ui.ParchDim, ui.Left)
	d.winner.Draw(dst, th)
	for i, r := range []ui.Rect{d.names0, d.names1} {
		ui.TextMid(dst, ui.Ellipsis(d.names[i], th.Strong(), r.W), th.Strong(), r.CX(), r.CY(), ui.Gold, ui.Center)
	}
	for _, l := range d.labels {
		ui.TextMid(dst, l.text, th.Strong(), l.x, l.y, ui.Parchment, ui.Left)
	}
	for i := range 2 {
		d.apLost[i].Draw(dst, th)
		d.generals[i].Draw(dst, th)
		d.took[i].Draw(dst, th)
	}
	d.bounds.Draw(dst, th)
	d.timeCalled.Draw(dst, th)
	if d.err != "" {
		lines := ui.Wrap(d.err, th.Small(), d.cancel.Rect.X-x0-10*s)
		y := d.cancel.Rect.CY() - float64(len(lines))*ui.LineHeight(th.Small())/2
		for _, l := range lines {
			ui.Text(dst, l, th.Small(), x0, y, ui.Bad, ui.Left)
			y += ui.LineHeight(th.Small())
		}
	}
	drawButtons(dst, th, &d.cancel, &d.save)
}
