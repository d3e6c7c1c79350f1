package game

import (
	"math"
	"slices"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/tourney"
	"pelennor/game/ui"
	"pelennor/tournament"
)

// presetWords name the scoring presets on the form, by tournament.Presets.
var presetWords = map[string]string{
	tournament.Preset310: "3-1-0", tournament.Preset510: "5-1-0", tournament.Preset5210: "5-2-1-0",
	tournament.PresetBerkeley: "Berkeley (48 a game)", tournament.PresetNASAMW: "NASAMW",
	tournament.PresetWLAP: "W-L, then AP", tournament.PresetCustom: "Custom points",
}

// tieBreakWords name the tie-breaks.
var tieBreakWords = map[string]string{
	tournament.HeadToHead: "Head-to-head", tournament.Buchholz: "Buchholz", tournament.MedianBuchholz: "Median Buchholz",
	tournament.APKilled: "AP killed", tournament.GeneralsKilled: "Generals killed",
	tournament.StrongholdsTaken: "Strongholds taken", tournament.Lots: "Drawing of lots",
}

// breakRow is a chosen tie-break's row: its place, up and remove.
type breakRow struct{ up, remove ui.Button }

// TournamentNew is the new tournament's form.
type TournamentNew struct {
	form      tourney.Form
	name      ui.TextField
	format    ui.Choice
	scenario  stepper // a duel's, over scIDs
	scIDs     []string
	scoring   stepper // over tournament.Presets
	win, draw stepper
	loss      stepper
	ap        ui.Choice
	rounds    stepper
	clock     stepper
	club      ui.Checkbox
	rows      []breakRow
	add       stepper // the unused tie-breaks
	addBtn    ui.Button
	create    ui.Button
	back      ui.Button
	err       string

	// Laid out: the panel, and each row's label and where it goes.
	panel, inner ui.Rect
	labels       []rowLabel
	breaksTop    float64
	breaksX      float64
}

// rowLabel is a label drawn beside (or over) its control.
type rowLabel struct {
	text string
	x, y float64 // the left, and the middle of the line
	over bool    // over its control (a narrow form), not beside it
}

// NewTournamentNew returns the form.
func NewTournamentNew(a *App) *TournamentNew {
	n := &TournamentNew{
		form:   tourney.NewForm(),
		name:   ui.TextField{Placeholder: "The tournament's name", MaxLen: 60},
		format: ui.Choice{Options: tourney.FormatNames},
		ap:     ui.Choice{Options: []string{"24 AP", "36 AP"}},
		club:   ui.Checkbox{Label: "Keep club-mates apart in round 1", Short: "Clubs apart in round 1"},
		addBtn: ui.Button{Label: "Add"},
		create: keyed(ui.Button{Label: "Create", Primary: true}, control.CmdConfirm),
		back:   keyed(ui.Button{Label: "Back"}, control.CmdBack),
	}
	n.name.Focused = true
	var scNames []string
	if a.Opts.Catalog.Names != nil {
		for _, id := range a.Opts.Catalog.Names() {
			sc, err := LoadScenario(a.Opts.Catalog, id)
			if err != nil {
				continue
			}
			n.scIDs, scNames = append(n.scIDs, id), append(scNames, sc.Name)
		}
	}
	n.scenario = newPicker(scNames, max(0, slices.Index(n.scIDs, n.form.Scenario)))
	var presets []string
	for _, p := range tournament.Presets {
		presets = append(presets, presetWords[p])
	}
	n.scoring = newPicker(presets, slices.Index(tournament.Presets, n.form.Preset))
	n.win, n.draw, n.loss = newNumber(n.form.Win, 1, 99, 1), newNumber(n.form.Draw, 0, 98, 1), newNumber(n.form.Loss, 0, 98, 1)
	n.rounds = newNumber(n.form.Rounds, 1, tourney.MaxRounds, 1)
	n.clock = newNumber(n.form.Clock, 0, tournament.MaxClock, tourney.ClockStep)
	n.clock.Suffix = "min"
	n.syncBreaks()
	return n
}

// syncBreaks rebuilds the tie-break rows and the add picker after a change.
func (n *TournamentNew) syncBreaks() {
	n.rows = make([]breakRow, len(n.form.TieBreaks))
	for i := range n.rows {
		n.rows[i] = breakRow{up: ui.Button{Label: "↑", Disabled: i == 0}, remove: ui.Button{Label: "✕"}}
	}
	var names []string
	for _, tb := range n.form.Unused() {
		names = append(names, tieBreakWords[tb])
	}
	n.add = newPicker(names, 0)
	n.addBtn.Disabled = len(names) == 0
}

// duel, custom and swiss say which rows the form shows.
func (n *TournamentNew) duel() bool   { return n.format.Selected == tourney.FormatDuel }
func (n *TournamentNew) custom() bool { return n.form.Preset == tournament.PresetCustom }
func (n *TournamentNew) swiss() bool  { return n.format.Selected != tourney.FormatRoundRobin }

func (n *TournamentNew) layout(a *App) {
	th := a.Theme
	s := th.Scale
	n.panel, n.inner = tourneyPanel(a, 1100)
	in := n.inner
	h := tourneyTarget(th)
	gap := 8 * s
	two := in.W >= 860*s // the tie-breaks in a column of their own
	colW := in.W
	if two {
		colW = in.W*0.56 - 12*s
	}
	labelW := 0.0
	for _, l := range []string{"Name", "Format", "Scenario", "Scoring", "Win, draw, loss", "Armies", "Rounds", "Clock"} {
		labelW = math.Max(labelW, ui.Width(l, th.Strong())+14*s)
	}
	beside := colW-labelW >= 250*s
	n.labels = n.labels[:0]
	y := in.Y + 48*s
	row := func(label string) ui.Rect {
		x, w := in.X, colW
		if beside {
			n.labels = append(n.labels, rowLabel{label, in.X, y + h/2, false})
			x, w = in.X+labelW, colW-labelW
		} else {
			n.labels = append(n.labels, rowLabel{label, in.X, y + ui.LineHeight(th.Strong())/2, true})
			y += ui.LineHeight(th.Strong()) + 2*s
		}
		r := ui.R(x, y, w, h)
		y += h + gap
		return r
	}
	n.name.Rect = row("Name")
	n.format.Rect = row("Format")
	n.scenario.Rect = ui.Rect{}
	if n.duel() {
		n.scenario.Rect = row("Scenario")
	}
	n.scoring.Rect = row("Scoring")
	n.win.Rect, n.draw.Rect, n.loss.Rect = ui.Rect{}, ui.Rect{}, ui.Rect{}
	if n.custom() {
		cols := row("Win, draw, loss").Cols(3, 6*s)
		n.win.Rect, n.draw.Rect, n.loss.Rect = cols[0], cols[1], cols[2]
	}
	n.ap.Rect = row("Armies")
	n.ap.Rect.W = math.Min(n.ap.Rect.W, 260*s)
	n.rounds.Rect = ui.Rect{}
	if n.swiss() {
		n.rounds.Rect = row("Rounds")
		n.rounds.Rect.W = math.Min(n.rounds.Rect.W, 220*s)
	}
	n.clock.Rect = row("Clock")
	n.clock.Rect.W = math.Min(n.clock.Rect.W, 220*s)
	n.club.Rect = ui.R(in.X, y, colW, h)
	y += h + gap
	// The tie-breaks: under the settings, or in the right column.
	bx, bw := in.X, colW
	if two {
		bx, bw = in.X+colW+24*s, in.W-colW-24*s
		y = in.Y + 48*s
	}
	n.breaksX = bx
	n.breaksTop = y
	y += ui.LineHeight(th.Strong()) + 6*s
	bh := math.Max(h, 36*s)
	for i := range n.rows {
		r := ui.R(bx, y, bw, bh)
		right, _ := r.CutRight(bh, 0)
		n.rows[i].remove.Rect = right
		n.rows[i].up.Rect = ui.R(right.X-bh-6*s, r.Y, bh, bh)
		y += bh + 4*s
	}
	y += 4 * s
	addW := math.Max(90*s, n.addBtn.Need(th))
	n.add.Rect = ui.R(bx, y, bw-addW-8*s, h)
	n.addBtn.Rect = ui.R(bx+bw-addW, y, addW, h)
	bw2 := minButtonW(th, 150*s, &n.create, &n.back)
	n.create.Rect = ui.R(in.Right()-bw2, in.Bottom()-h, bw2, h)
	n.back.Rect = ui.R(n.create.Rect.X-12*s-bw2, n.create.Rect.Y, bw2, h)
}

// Update handles the form.
func (n *TournamentNew) Update(a *App, f *input.Frame) error {
	n.layout(a)
	typing := n.name.Focused
	n.name.Update(f)
	n.form.Name = n.name.Text
	if n.format.Update(f) {
		n.form.Format = n.format.Selected
	}
	if n.duel() && n.scenario.Update(f) && n.scenario.Value < len(n.scIDs) {
		n.form.Scenario = n.scIDs[n.scenario.Value]
	}
	if n.duel() && n.scenario.Value < len(n.scIDs) {
		n.form.Scenario = n.scIDs[n.scenario.Value]
	}
	if n.scoring.Update(f) {
		n.form.Preset = tournament.Presets[n.scoring.Value]
	}
	if n.custom() {
		n.win.Update(f)
		n.draw.Update(f)
		n.loss.Update(f)
		n.form.Win, n.form.Draw, n.form.Loss = n.win.Value, n.draw.Value, n.loss.Value
	}
	if n.ap.Update(f) {
		n.form.AP = []int{24, 36}[n.ap.Selected]
	}
	if n.swiss() && n.rounds.Update(f) {
		n.form.SetRounds(n.rounds.Value)
	}
	if n.clock.Update(f) {
		n.form.SetClock(n.clock.Value)
	}
	if n.club.Update(f) {
		n.form.AvoidClub = n.club.Checked
	}
	for i := range n.rows {
		if n.rows[i].up.Update(f) {
			n.form.UpBreak(i)
			n.syncBreaks()
			return nil
		}
		if n.rows[i].remove.Update(f) {
			n.form.RemoveBreak(i)
			n.syncBreaks()
			return nil
		}
	}
	n.add.Update(f)
	if n.addBtn.Update(f) {
		if unused := n.form.Unused(); n.add.Value < len(unused) {
			n.form.AddBreak(unused[n.add.Value])
			n.syncBreaks()
		}
	}
	if typing {
		n.create.Key, n.back.Key = 0, 0 // Enter and Esc finish typing first
	} else {
		n.create.Key, n.back.Key = keyOfCmd(control.CmdConfirm), keyOfCmd(control.CmdBack)
	}
	if n.back.Update(f) {
		a.Pop()
		return nil
	}
	if n.create.Update(f) {
		seed := a.Opts.Seed
		if seed == 0 {
			seed = ClockSeed()
		}
		e, err := tourney.Create(a.tourneyStore(), n.form, seed)
		if err != nil {
			n.err = err.Error()
			return nil
		}
		a.Replace(NewTournamentScreen(a, e))
	}
	return nil
}

// Draw draws the form.
func (n *TournamentNew) Draw(a *App, dst *ebiten.Image) {
	n.layout(a)
	th := a.Theme
	s := th.Scale
	theBackdrop.draw(dst)
	ui.Panel(dst, th, n.panel)
	ui.Text(dst, "A new tournament", th.Face(fontSmallCaps, 26), n.inner.X, n.inner.Y, ui.GoldBright, ui.Left)
	for _, l := range n.labels {
		clr := ui.Parchment
		if l.over {
			clr = ui.Gold
		}
		ui.TextMid(dst, l.text, th.Strong(), l.x, l.y, clr, ui.Left)
	}
	n.name.Draw(dst, th)
	n.format.Draw(dst, th)
	if n.duel() {
		n.scenario.Draw(dst, th)
	}
	n.scoring.Draw(dst, th)
	if n.custom() {
		n.win.Draw(dst, th)
		n.draw.Draw(dst, th)
		n.loss.Draw(dst, th)
	}
	n.ap.Draw(dst, th)
	if n.swiss() {
		n.rounds.Draw(dst, th)
	}
	n.clock.Draw(dst, th)
	n.club.Draw(dst, th)
	ui.Text(dst, "Tie-breaks, in order", th.Strong(), n.breaksX, n.breaksTop, ui.Gold, ui.Left)
	for i, tb := range n.form.TieBreaks {
		r := n.rows[i]
		y := r.up.Rect.CY()
		ui.Line(dst, n.breaksX, r.up.Rect.Bottom()+2*s, r.remove.Rect.Right(), r.up.Rect.Bottom()+2*s, 1*s, ui.Alpha(ui.SteelEdge, 0.6))
		ui.TextMid(dst, ui.Ellipsis(strconv.Itoa(i+1)+". "+tieBreakWords[tb], th.Body(), r.up.Rect.X-n.breaksX-8*s), th.Body(), n.breaksX+4*s, y, ui.Parchment, ui.Left)
		drawButtons(dst, th, &n.rows[i].up, &n.rows[i].remove)
	}
	if len(n.form.TieBreaks) == 0 {
		ui.Text(dst, "None: players level on score share a rank.", th.Small(), n.breaksX, n.breaksTop+ui.LineHeight(th.Strong())+8*s, ui.ParchDim, ui.Left)
	}
	if !n.addBtn.Disabled {
		n.add.Draw(dst, th)
		n.addBtn.Draw(dst, th)
	}
	if n.err != "" {
		w := n.back.Rect.X - n.inner.X - 12*s
		lines := ui.Wrap(n.err, th.Small(), w)
		y := n.back.Rect.CY() - float64(len(lines))*ui.LineHeight(th.Small())/2
		for _, l := range lines {
			ui.Text(dst, l, th.Small(), n.inner.X, y, ui.Bad, ui.Left)
			y += ui.LineHeight(th.Small())
		}
	}
	drawButtons(dst, th, &n.back, &n.create)
}
