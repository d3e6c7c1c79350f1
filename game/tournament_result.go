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
	colA, colB         float64 // the players' columns' centres
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

func (d *ResultDialog) layout(a *App) {
	th := a.Theme
	s := th.Scale
	h := tourneyTarget(th)
	w := math.Min(680*s, a.W-16*s)
	pad := math.Min(26*s, w*0.05)
	in := w - 2*pad
	labelW := 0.0
	for _, l := range []string{"AP lost", "Generals lost", "Stronghold", "Bounds"} {
		labelW = math.Max(labelW, ui.Width(l, th.Strong())+12*s)
	}
	beside := in-labelW >= 2*150*s+10*s
	colsW := in
	if beside {
		colsW = in - labelW
	}
	gap := 10 * s
	titleH := ui.LineHeight(th.Face(fontSmallCaps, 22)) + ui.LineHeight(th.Small()) + 14*s
	rowsH := func() float64 {
		n := 5.0 // names, AP, generals, stronghold, bounds
		extra := 0.0
		if !beside {
			// The labels over their rows, and time called under the bounds.
			extra = 3*(ui.LineHeight(th.Strong())+2*s) + h + gap
		}
		return n*(h+gap) + extra
	}()
	total := titleH + h + gap + rowsH + h + gap + h + 2*pad
	d.panel = ui.R((a.W-w)/2, math.Max(8*s, (a.H-total)/2), w, total)
	x0, y := d.panel.X+pad, d.panel.Y+pad+titleH
	d.winner.Rect = ui.R(x0, y, in, h)
	y += h + gap
	cx := x0
	if beside {
		cx = x0 + labelW
	}
	half := (colsW - gap) / 2
	d.colA, d.colB = cx+half/2, cx+half+gap+half/2
	y += h + gap // the players' names over their columns
	d.labels = d.labels[:0]
	pairRow := func(label string) (ui.Rect, ui.Rect) {
		if beside {
			d.labels = append(d.labels, rowLabel{label, x0, y + h/2, false})
		} else {
			d.labels = append(d.labels, rowLabel{label, x0, y + ui.LineHeight(th.Strong())/2, true})
			y += ui.LineHeight(th.Strong()) + 2*s
		}
		ra, rb := ui.R(cx, y, half, h), ui.R(cx+half+gap, y, half, h)
		y += h + gap
		return ra, rb
	}
	d.apLost[0].Rect, d.apLost[1].Rect = pairRow("AP lost")
	d.generals[0].Rect, d.generals[1].Rect = pairRow("Generals lost")
	d.took[0].Rect, d.took[1].Rect = pairRow("Stronghold")
	d.labels = append(d.labels, rowLabel{"Bounds", x0, y + h/2, false})
	if beside {
		d.bounds.Rect = ui.R(cx, y, math.Min(half, 200*s), h)
		d.timeCalled.Rect = ui.R(d.bounds.Rect.Right()+gap, y, x0+in-d.bounds.Rect.Right()-gap, h)
	} else {
		d.bounds.Rect = ui.R(x0+labelW, y, math.Min(in-labelW, 200*s), h)
		d.timeCalled.Rect = ui.R(x0, y+h+gap, in, h)
	}
	bw := minButtonW(th, 150*s, &d.save, &d.cancel)
	bw = math.Min(bw, (in-gap)/2)
	d.save.Rect = ui.R(x0+in-bw, d.panel.Bottom()-pad-h, bw, h)
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
	x0, in := d.winner.Rect.X, d.winner.Rect.W
	hf := th.Face(fontSmallCaps, 22)
	title := fmt.Sprintf("Round %d, table %d", d.round, d.table)
	if d.ts.e.T.Games == 2 {
		title += fmt.Sprintf(", game %d", d.game)
	}
	ui.Text(dst, ui.Ellipsis(title, hf, in), hf, x0, d.panel.Y+pad, ui.GoldBright, ui.Left)
	ui.Text(dst, ui.Ellipsis("By hand, for a game played on the tabletop: "+d.names[0]+" v "+d.names[1], th.Small(), in), th.Small(), x0, d.panel.Y+pad+ui.LineHeight(hf)+2*s, ui.ParchDim, ui.Left)
	d.winner.Draw(dst, th)
	ny := d.winner.Rect.Bottom() + 10*s + tourneyTarget(th)/2
	for i, cx := range []float64{d.colA, d.colB} {
		ui.TextMid(dst, ui.Ellipsis(d.names[i], th.Strong(), (d.colB-d.colA)-12*s), th.Strong(), cx, ny, ui.Gold, ui.Center)
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
