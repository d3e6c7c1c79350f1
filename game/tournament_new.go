package game

import (
	"fmt"
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
type breakRow struct {
	up, remove ui.Button
	at         ui.Rect // the row, laid out
}

// TournamentNew is the new tournament's form.
type TournamentNew struct {
	form      tourney.Form
	name      ui.TextField
	format    stepper // over tourney.FormatNames
	page      stepper // the form's page, on a small window
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
	labels       []rowLabel // the rows' labels on the page shown
	breaksAt     ui.Rect    // the tie-breaks' heading
}

// NewTournamentNew returns the form.
func NewTournamentNew(a *App) *TournamentNew {
	n := &TournamentNew{
		form:   tourney.NewForm(),
		name:   ui.TextField{Placeholder: "The tournament's name", MaxLen: 60},
		ap:     ui.Choice{Options: []string{"24 AP", "36 AP"}},
		club:   ui.Checkbox{Label: "Keep club-mates apart in round 1", Short: "Clubs apart in round 1"},
		addBtn: ui.Button{Label: "Add"},
		create: keyed(ui.Button{Label: "Create", Primary: true}, control.CmdConfirm),
		back:   keyed(ui.Button{Label: "Back"}, control.CmdBack),
	}
	n.name.Focused = true
	n.format = newPicker(tourney.FormatNames, tourney.FormatSwiss)
	n.page = newNumber(1, 1, 1, 1)
	n.page.Prefix = "Page"
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
		n.rows[i] = breakRow{up: ui.Button{Label: "↑", Disabled: i == 0}, remove: ui.Button{Label: "×"}}
	}
	var names []string
	for _, tb := range n.form.Unused() {
		names = append(names, tieBreakWords[tb])
	}
	n.add = newPicker(names, 0)
	n.addBtn.Disabled = len(names) == 0
}

// duel, custom and swiss say which rows the form shows.
func (n *TournamentNew) duel() bool   { return n.format.Value == tourney.FormatDuel }
func (n *TournamentNew) custom() bool { return n.form.Preset == tournament.PresetCustom }
func (n *TournamentNew) swiss() bool  { return n.format.Value != tourney.FormatRoundRobin }

// items are the form's rows, in order: the settings, then the
// tie-breaks.
func (n *TournamentNew) items(th *ui.Theme) []formItem {
	s := th.Scale
	h := tourneyTarget(th)
	narrow := func(w float64) func(ui.Rect) ui.Rect {
		return func(r ui.Rect) ui.Rect { r.W = math.Min(r.W, w*s); return r }
	}
	its := []formItem{
		row("Name", h, func(r ui.Rect) { n.name.Rect = r }),
		row("Format", h, func(r ui.Rect) { n.format.Rect = narrow(340)(r) }),
	}
	if n.duel() {
		its = append(its, row("Scenario", h, func(r ui.Rect) { n.scenario.Rect = narrow(400)(r) }))
	}
	its = append(its, row("Scoring", h, func(r ui.Rect) { n.scoring.Rect = narrow(340)(r) }))
	if n.custom() {
		its = append(its, row("Points", h, func(r ui.Rect) {
			cols := narrow(400)(r).Cols(3, 6*s)
			n.win.Rect, n.draw.Rect, n.loss.Rect = cols[0], cols[1], cols[2]
		}))
	}
	its = append(its, row("Armies", h, func(r ui.Rect) { n.ap.Rect = narrow(240)(r) }))
	if n.swiss() {
		its = append(its, row("Rounds", h, func(r ui.Rect) { n.rounds.Rect = narrow(220)(r) }))
	}
	its = append(its,
		row("Clock", h, func(r ui.Rect) { n.clock.Rect = narrow(220)(r) }),
		row("", h, func(r ui.Rect) { n.club.Rect = r }),
		formItem{h: ui.LineHeight(th.Strong()) + 8*s, place: func(r ui.Rect) { n.breaksAt = r }, column: true})
	for i := range n.rows {
		its = append(its, row("", h, func(r ui.Rect) {
			right, _ := r.CutRight(h, 0)
			n.rows[i].remove.Rect = right
			n.rows[i].up.Rect = ui.R(right.X-h-6*s, r.Y, h, h)
			n.rows[i].at = r
		}))
	}
	if len(n.form.Unused()) > 0 {
		its = append(its, row("", h, func(r ui.Rect) {
			addW := math.Max(90*s, n.addBtn.Need(th))
			n.add.Rect = ui.R(r.X, r.Y, r.W-addW-8*s, h)
			n.addBtn.Rect = ui.R(r.Right()-addW, r.Y, addW, h)
		}))
	}
	return its
}

// layout flows the rows into as many columns as the width takes (at
// least 330 logical px each), and into pages when even they do not hold
// them all (a phone, a phone on its side): a page picker then shows
// beside the buttons.
func (n *TournamentNew) layout(a *App) {
	th := a.Theme
	s := th.Scale
	n.panel, n.inner = tourneyPanel(a, 1100)
	in := n.inner
	h := tourneyTarget(th)
	gap := 8 * s
	colGap := 28 * s
	cols := max(1, min(2, int((in.W+colGap)/(330*s+colGap))))
	labelW := labelWidth(th, "Name", "Format", "Scenario", "Scoring", "Points", "Armies", "Rounds", "Clock")
	top := in.Y + ui.LineHeight(th.Face(fontSmallCaps, 26)) + 14*s
	// Everything placed afresh: what is not on the page shown stays
	// unplaced (a zero rectangle takes no input and is not drawn).
	n.name.Rect, n.format.Rect, n.scenario.Rect, n.scoring.Rect = ui.Rect{}, ui.Rect{}, ui.Rect{}, ui.Rect{}
	n.win.Rect, n.draw.Rect, n.loss.Rect, n.ap.Rect = ui.Rect{}, ui.Rect{}, ui.Rect{}, ui.Rect{}
	n.rounds.Rect, n.clock.Rect, n.club.Rect, n.breaksAt = ui.Rect{}, ui.Rect{}, ui.Rect{}, ui.Rect{}
	n.add.Rect, n.addBtn.Rect = ui.Rect{}, ui.Rect{}
	for i := range n.rows {
		n.rows[i].up.Rect, n.rows[i].remove.Rect, n.rows[i].at = ui.Rect{}, ui.Rect{}, ui.Rect{}
	}
	bw2 := minButtonW(th, 130*s, &n.create, &n.back)
	bw2 = math.Min(bw2, (in.W-12*s)/2)
	pickW := 200 * s
	// The page picker beside the buttons, or over them if they leave it
	// too little room.
	besideButtons := in.W-2*bw2-24*s >= pickW
	bottom := in.Bottom() - h - 14*s
	f := flow(n.items(th), ui.R(in.X, top, in.W, bottom-top), cols, colGap, gap, labelW, -1)
	if f.pages > 1 && !besideButtons {
		bottom -= h + gap
	}
	f = flow(n.items(th), ui.R(in.X, top, in.W, bottom-top), cols, colGap, gap, labelW, n.page.Value-1)
	if n.page.Value > f.pages {
		n.page.Value = f.pages
		f = flow(n.items(th), ui.R(in.X, top, in.W, bottom-top), cols, colGap, gap, labelW, n.page.Value-1)
	}
	n.labels = f.labels
	n.page.Max = f.pages
	n.page.Suffix = fmt.Sprintf("of %d", f.pages)
	n.create.Rect = ui.R(in.Right()-bw2, in.Bottom()-h, bw2, h)
	n.back.Rect = ui.R(n.create.Rect.X-12*s-bw2, n.create.Rect.Y, bw2, h)
	n.page.Rect = ui.Rect{}
	if f.pages > 1 {
		n.page.Rect = ui.R(in.X, in.Bottom()-h, pickW, h)
		if !besideButtons {
			n.page.Rect.Y -= h + gap
		}
	}
}

// Update handles the form.
func (n *TournamentNew) Update(a *App, f *input.Frame) error {
	n.layout(a)
	typing := n.name.Focused
	n.name.Update(f)
	n.form.Name = n.name.Text
	if n.page.Update(f) {
		return nil
	}
	if n.format.Update(f) {
		n.form.Format = n.format.Value
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

// Draw draws the form: the rows of the page shown.
func (n *TournamentNew) Draw(a *App, dst *ebiten.Image) {
	n.layout(a)
	th := a.Theme
	s := th.Scale
	theBackdrop.draw(dst)
	ui.Panel(dst, th, n.panel)
	ui.Text(dst, "A new tournament", th.Face(fontSmallCaps, 26), n.inner.X, n.inner.Y, ui.GoldBright, ui.Left)
	for _, l := range n.labels {
		ui.TextMid(dst, l.text, th.Strong(), l.x, l.y, ui.Parchment, ui.Left)
	}
	placed := func(r ui.Rect) bool { return r.W > 0 }
	if placed(n.name.Rect) {
		n.name.Draw(dst, th)
	}
	for _, st := range []*stepper{&n.format, &n.scenario, &n.scoring, &n.win, &n.draw, &n.loss, &n.rounds, &n.clock, &n.page} {
		if placed(st.Rect) {
			st.Draw(dst, th)
		}
	}
	if placed(n.ap.Rect) {
		n.ap.Draw(dst, th)
	}
	if placed(n.club.Rect) {
		n.club.Draw(dst, th)
	}
	if b := n.breaksAt; placed(b) {
		ui.TextMid(dst, "Tie-breaks, in order", th.Strong(), b.X, b.CY(), ui.Gold, ui.Left)
		if len(n.form.TieBreaks) == 0 {
			ui.TextMid(dst, "none: players level share a rank", th.Small(), b.Right(), b.CY(), ui.ParchDim, ui.Right)
		}
	}
	for i, tb := range n.form.TieBreaks {
		r := n.rows[i]
		if !placed(r.at) {
			continue
		}
		ui.Line(dst, r.at.X, r.at.Bottom()+3*s, r.at.Right(), r.at.Bottom()+3*s, 1*s, ui.Alpha(ui.SteelEdge, 0.6))
		ui.TextMid(dst, ui.Ellipsis(strconv.Itoa(i+1)+". "+tieBreakWords[tb], th.Body(), r.up.Rect.X-r.at.X-8*s), th.Body(), r.at.X+4*s, r.at.CY(), ui.Parchment, ui.Left)
		drawButtons(dst, th, &n.rows[i].up, &n.rows[i].remove)
	}
	if placed(n.add.Rect) {
		n.add.Draw(dst, th)
		n.addBtn.Draw(dst, th)
	}
	if n.err != "" {
		w := n.back.Rect.X - n.inner.X - 12*s
		y := n.back.Rect.Y - 6*s - ui.LineHeight(th.Small())*2
		if placed(n.page.Rect) && n.page.Rect.Y > n.inner.Y {
			y = n.page.Rect.Y - 6*s - ui.LineHeight(th.Small())*2
		}
		for _, l := range ui.Wrap(n.err, th.Small(), math.Max(w, n.inner.W)) {
			ui.Text(dst, l, th.Small(), n.inner.X, y, ui.Bad, ui.Left)
			y += ui.LineHeight(th.Small())
		}
	}
	drawButtons(dst, th, &n.back, &n.create)
}
