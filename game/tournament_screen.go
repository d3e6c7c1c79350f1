package game

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/tourney"
	"pelennor/game/ui"
	"pelennor/record"
)

// The tournament screen's tabs.
const (
	tabPlayers = iota
	tabRound
	tabStandings
)

// TournamentScreen runs one tournament: its players, its rounds and the
// standings, one tab each.
type TournamentScreen struct {
	e    *tourney.Event
	tabs ui.Choice
	back ui.Button

	// Players.
	name, club, army ui.TextField
	addPlayer        ui.Button
	players          ui.List
	drop             ui.Button
	bonus            stepper

	// Round.
	round                           stepper // over the rounds paired (Value from 1)
	game                            ui.Choice
	pairings                        ui.List
	pair, repair, result, imp, play ui.Button
	printPairings, roundCSV         ui.Button
	reason                          string // why neither pairing button can be used
	standCSV, standHTML, event      ui.Button
	panel, inner, body              ui.Rect
	narrow                          bool
}

// NewTournamentScreen returns the screen of an event, on its round tab
// once round 1 is paired, else on its players.
func NewTournamentScreen(a *App, e *tourney.Event) *TournamentScreen {
	e.Lookup = a.tourneyLookup
	ts := &TournamentScreen{e: e,
		tabs:          ui.Choice{Options: []string{"Players", "Round", "Standings"}},
		back:          keyed(ui.Button{Label: "Back"}, control.CmdBack),
		name:          ui.TextField{Placeholder: "Name", MaxLen: 40},
		club:          ui.TextField{Placeholder: "Club", MaxLen: 40},
		army:          ui.TextField{Placeholder: "Army", MaxLen: 40},
		addPlayer:     ui.Button{Label: "Add player", Primary: true},
		drop:          ui.Button{Label: "Drop", Danger: true},
		bonus:         newNumber(0, -99, 99, 1),
		game:          ui.Choice{Options: []string{"Game 1", "Game 2"}},
		pair:          ui.Button{Label: "Pair next round", Primary: true},
		repair:        ui.Button{Label: "Pair again"},
		result:        ui.Button{Label: "Enter result…"},
		imp:           ui.Button{Label: "Import save…"},
		play:          ui.Button{Label: "Play this game"},
		printPairings: ui.Button{Label: "Pairings (HTML)…", Short: "Pairings…"},
		roundCSV:      ui.Button{Label: "Round CSV…"},
		standCSV:      ui.Button{Label: "Standings CSV…", Short: "CSV…"},
		standHTML:     ui.Button{Label: "Standings HTML…", Short: "HTML…"},
		event:         ui.Button{Label: "Event file…"},
	}
	if n := len(e.T.Schedule); n > 0 {
		ts.tabs.Selected = tabRound
	}
	ts.round = newNumber(max(1, len(e.T.Schedule)), 1, max(1, len(e.T.Schedule)), 1)
	ts.sync()
	return ts
}

// tourneyLookup finds a save's scenario for verifying it: the game's
// catalog, then every scenario the build ships (standard battles).
func (a *App) tourneyLookup(id string) (*engine.Scenario, error) {
	if sc, err := a.scenarioByID(id); err == nil {
		return sc, nil
	}
	return record.Builtin(id)
}

// Event is the tournament shown.
func (ts *TournamentScreen) Event() *tourney.Event { return ts.e }

// sync rebuilds the lists from the tournament after a change.
func (ts *TournamentScreen) sync() {
	t := ts.e.T
	ts.players.Items, ts.players.Detail = nil, nil
	for _, p := range ts.e.PlayerRows() {
		ts.players.Items = append(ts.players.Items, fmt.Sprintf("%d. %s", p.ID, p.Name))
		d := p.Detail
		if p.Bonus != 0 {
			if d != "" {
				d += " · "
			}
			d += fmt.Sprintf("bonus %d", p.Bonus)
		}
		ts.players.Detail = append(ts.players.Detail, d)
	}
	ts.players.Selected = min(ts.players.Selected, max(0, len(t.Players)-1))
	ts.round.Max = max(1, len(t.Schedule))
	ts.round.Prefix, ts.round.Suffix = "Round", ""
	if lr := t.LastRound(); lr > 0 {
		ts.round.Suffix = fmt.Sprintf("of %d", lr)
	}
	ts.round.Value = min(max(ts.round.Value, 1), ts.round.Max)
	ts.pairings.Items, ts.pairings.Detail, ts.pairings.DetailColour = nil, nil, nil
	for _, r := range ts.e.Rows(ts.round.Value) {
		item := fmt.Sprintf("Table %d · %s v %s", r.Table, r.A, r.B)
		if r.Table == 0 {
			item = "Bye · " + r.A
		}
		// The result first, in green once every game has one; the
		// armies after it.
		detail := r.Results[0]
		if t.Games == 2 {
			detail = "game 1: " + r.Results[0] + "    game 2: " + r.Results[1]
		}
		if r.Armies != "" {
			detail += "    (" + r.Armies + ")"
		}
		var clr color.Color = ui.ParchDim
		if r.Done {
			clr = ui.Good
		}
		ts.pairings.Items = append(ts.pairings.Items, item)
		ts.pairings.Detail = append(ts.pairings.Detail, detail)
		ts.pairings.DetailColour = append(ts.pairings.DetailColour, clr)
	}
	ts.pairings.Selected = min(ts.pairings.Selected, max(0, len(ts.pairings.Items)-1))
	ts.reason = ""
	pairErr, repairErr := ts.e.CanPair(), ts.e.CanRepair()
	ts.pair.Disabled, ts.repair.Disabled = pairErr != nil, repairErr != nil
	if pairErr != nil && repairErr != nil {
		ts.reason = pairErr.Error()
	}
}

// selectedPlayer is the id of the player selected, or 0.
func (ts *TournamentScreen) selectedPlayer() int {
	if ts.players.Selected >= 0 && ts.players.Selected < len(ts.e.T.Players) {
		return ts.e.T.Players[ts.players.Selected].ID
	}
	return 0
}

// selectedTable is the table of the pairing selected (0: a bye or none).
func (ts *TournamentScreen) selectedTable() int {
	rows := ts.e.Rows(ts.round.Value)
	if ts.pairings.Selected >= 0 && ts.pairings.Selected < len(rows) {
		return rows[ts.pairings.Selected].Table
	}
	return 0
}

// gameNo is the game of the pairing chosen (1, or 2 in a duel).
func (ts *TournamentScreen) gameNo() int {
	if ts.e.T.Games == 2 {
		return ts.game.Selected + 1
	}
	return 1
}

// bar are the buttons of the tab's foot, the way back last.
func (ts *TournamentScreen) bar() []*ui.Button {
	switch ts.tabs.Selected {
	case tabPlayers:
		return []*ui.Button{&ts.drop, &ts.back}
	case tabRound:
		return []*ui.Button{&ts.result, &ts.imp, &ts.play, &ts.pair, &ts.repair, &ts.printPairings, &ts.roundCSV, &ts.back}
	}
	return []*ui.Button{&ts.standCSV, &ts.standHTML, &ts.event, &ts.back}
}

func (ts *TournamentScreen) layout(a *App) {
	th := a.Theme
	s := th.Scale
	ts.panel, ts.inner = tourneyPanel(a, 1220)
	in := ts.inner
	h := tourneyTarget(th)
	ts.narrow = in.W < 700*s
	head := ui.LineHeight(th.Face(fontSmallCaps, 26)) + ui.LineHeight(th.Small()) + 10*s
	y := in.Y + head
	if !ts.narrow {
		y = in.Y + math.Max(head, h+12*s) // under the tabs beside the title
	}
	if ts.narrow {
		ts.tabs.Rect = ui.R(in.X, y, in.W, h)
		y += h + 10*s
	} else {
		w := math.Min(420*s, in.W*0.45)
		ts.tabs.Rect = ui.R(in.Right()-w, in.Y, w, h)
	}
	bar := ts.bar()
	minW := minButtonW(th, 150*s)
	for _, b := range bar {
		minW = math.Max(minW, math.Min(b.Need(th), 230*s))
	}
	cols := max(1, min(len(bar), int((in.W+10*s)/(minW+10*s))))
	rows := (len(bar) + cols - 1) / cols
	bh := float64(rows)*h + float64(rows-1)*10*s
	gridButtons(bar, in.X, in.Bottom()-bh, in.W, minW, h, 10*s)
	ts.body = ui.R(in.X, y, in.W, in.Bottom()-bh-14*s-y)
	switch ts.tabs.Selected {
	case tabPlayers:
		ts.layoutPlayers(a)
	case tabRound:
		ts.layoutRound(a)
	}
}

func (ts *TournamentScreen) layoutPlayers(a *App) {
	th := a.Theme
	s := th.Scale
	h := tourneyTarget(th)
	b := ts.body
	addW := minButtonW(th, 140*s, &ts.addPlayer)
	if ts.narrow {
		ts.name.Rect = ui.R(b.X, b.Y, b.W, h)
		halves := ui.R(b.X, b.Y+h+8*s, b.W, h).Cols(2, 8*s)
		ts.club.Rect, ts.army.Rect = halves[0], halves[1]
		ts.addPlayer.Rect = ui.R(b.Right()-addW, b.Y+2*(h+8*s), addW, h)
		b.Y += 3*(h+8*s) + 6*s
	} else {
		fields := ui.R(b.X, b.Y, b.W-addW-10*s, h).Cols(3, 8*s)
		ts.name.Rect, ts.club.Rect, ts.army.Rect = fields[0], fields[1], fields[2]
		ts.addPlayer.Rect = ui.R(b.Right()-addW, b.Y, addW, h)
		b.Y += h + 14*s
	}
	b.H = ts.body.Bottom() - b.Y
	// The bonus of the selected player beside the list's foot.
	bonusH := h + 8*s
	ts.players.RowH = math.Max(54*s, h)
	ts.players.Rect = ui.R(b.X, b.Y, b.W, b.H-bonusH)
	lw := ui.Width("Bonus points", th.Strong()) + 14*s
	ts.bonus.Rect = ui.R(b.X+lw, b.Bottom()-h, math.Min(220*s, b.W-lw), h)
}

func (ts *TournamentScreen) layoutRound(a *App) {
	th := a.Theme
	s := th.Scale
	h := tourneyTarget(th)
	b := ts.body
	ts.round.Rect = ui.R(b.X, b.Y, math.Min(280*s, b.W), h)
	ts.game.Rect = ui.Rect{}
	if ts.e.T.Games == 2 {
		w := math.Min(240*s, b.W-ts.round.Rect.W-10*s)
		ts.game.Rect = ui.R(b.Right()-w, b.Y, w, h)
	}
	y := b.Y + h + 10*s
	reasonH := 0.0
	if ts.reason != "" {
		reasonH = float64(len(ui.Wrap(ts.reason, th.Small(), b.W)))*ui.LineHeight(th.Small()) + 6*s
	}
	ts.pairings.RowH = math.Max(58*s, h)
	ts.pairings.Rect = ui.R(b.X, y, b.W, b.Bottom()-y-reasonH)
}

// Update handles the tabs and the tab shown.
func (ts *TournamentScreen) Update(a *App, f *input.Frame) error {
	ts.layout(a)
	typing := ts.name.Focused || ts.club.Focused || ts.army.Focused
	if typing {
		ts.back.Key = 0
	} else {
		ts.back.Key = keyOfCmd(control.CmdBack)
	}
	if ts.tabs.Update(f) {
		ts.sync()
		return nil
	}
	switch ts.tabs.Selected {
	case tabPlayers:
		ts.updatePlayers(a, f)
	case tabRound:
		ts.updateRound(a, f)
	case tabStandings:
		ts.updateStandings(a, f)
	}
	if ts.back.Update(f) {
		a.Pop()
	}
	return nil
}

// did reports a change's outcome and refreshes the screen.
func (ts *TournamentScreen) did(a *App, msg string, err error) {
	if err != nil {
		a.Toast(err.Error(), ui.Bad)
	} else if msg != "" {
		a.Toast(msg, ui.Good)
	}
	ts.sync()
}

func (ts *TournamentScreen) updatePlayers(a *App, f *input.Frame) {
	fields := []*ui.TextField{&ts.name, &ts.club, &ts.army}
	// Enter in a field adds the player (the field finishes typing on it
	// first, so it is read before the fields see the frame).
	enter := ts.countFocused() > 0 && (f.KeyPressed(ebiten.KeyEnter) || f.KeyPressed(ebiten.KeyNumpadEnter))
	var was *ui.TextField
	for _, fl := range fields {
		if fl.Focused {
			was = fl
		}
	}
	for _, fl := range fields {
		fl.Update(f)
	}
	// One field has the focus: the one clicked took it.
	for _, fl := range fields {
		if fl.Focused && fl == was && ts.countFocused() > 1 {
			fl.Blur()
		}
	}
	if ts.addPlayer.Update(f) || enter {
		id, err := ts.e.AddPlayer(ts.name.Text, ts.club.Text, ts.army.Text)
		msg := ""
		if err == nil {
			p := ts.e.T.Player(id)
			msg = p.Name + " is entered"
			if p.Entered > 1 {
				msg += fmt.Sprintf(" from round %d", p.Entered)
			}
			ts.name.Text, ts.club.Text, ts.army.Text = "", "", ""
			ts.players.Selected = id - 1
			ts.name.Focused = true // ready for the next entry
		}
		ts.did(a, msg, err)
	}
	ts.players.Update(f)
	id := ts.selectedPlayer()
	p := ts.e.T.Player(id)
	ts.drop.Disabled = p == nil || p.Left != 0
	if p != nil {
		ts.bonus.Value = p.Bonus // the stepper steps from the player's points
	}
	if p != nil && ts.bonus.Update(f) {
		ts.did(a, "", ts.e.SetBonus(id, ts.bonus.Value))
	}
	if ts.drop.Update(f) && p != nil {
		a.Push(NewConfirm(a, fmt.Sprintf("Drop %s from the tournament? Their games stay; they are paired no more.", p.Name), "Drop", func() {
			msg, err := ts.e.Drop(id)
			ts.did(a, msg, err)
		}))
	}
}

// countFocused counts the player fields with the focus.
func (ts *TournamentScreen) countFocused() int {
	n := 0
	for _, fl := range []*ui.TextField{&ts.name, &ts.club, &ts.army} {
		if fl.Focused {
			n++
		}
	}
	return n
}

func (ts *TournamentScreen) updateStandings(a *App, f *input.Frame) {
	for i, b := range []*ui.Button{&ts.standCSV, &ts.standHTML, &ts.event} {
		if b.Update(f) {
			ts.exportDialog(a, []int{tourney.ExportStandingsCSV, tourney.ExportStandingsHTML, tourney.ExportEvent}[i], 0)
		}
	}
}

// exportDialog offers an export of the event for a file (a download in
// the browser).
func (ts *TournamentScreen) exportDialog(a *App, what, round int) {
	x, err := ts.e.MakeExport(what, round)
	if err != nil {
		a.Toast(err.Error(), ui.Bad)
		return
	}
	a.Push(exportDialog(a, "Export "+x.Name, x.Name, func(p string) (string, error) {
		return p, writeExport(p, x)
	}))
}

// Draw draws the header, the tabs and the tab shown.
func (ts *TournamentScreen) Draw(a *App, dst *ebiten.Image) {
	ts.layout(a)
	th := a.Theme
	s := th.Scale
	theBackdrop.draw(dst)
	ui.Panel(dst, th, ts.panel)
	in := ts.inner
	hf := th.Face(fontSmallCaps, 26)
	titleW := in.W
	if !ts.narrow {
		titleW = ts.tabs.Rect.X - in.X - 16*s
	}
	ui.Text(dst, ui.Ellipsis(ts.e.T.Name, hf, titleW), hf, in.X, in.Y, ui.GoldBright, ui.Left)
	lines, _ := ui.FitLines(th.Small(), titleW, 1, ts.e.Summary())
	if len(lines) > 0 {
		ui.Text(dst, ui.Ellipsis(lines[0], th.Small(), titleW), th.Small(), in.X, in.Y+ui.LineHeight(hf)+2*s, ui.ParchDim, ui.Left)
	}
	ts.tabs.Draw(dst, th)
	switch ts.tabs.Selected {
	case tabPlayers:
		ts.drawPlayers(a, dst)
	case tabRound:
		ts.drawRound(a, dst)
	case tabStandings:
		ts.drawStandings(a, dst, ts.body)
	}
	drawButtons(dst, th, ts.bar()...)
}

func (ts *TournamentScreen) drawPlayers(a *App, dst *ebiten.Image) {
	th := a.Theme
	ts.name.Draw(dst, th)
	ts.club.Draw(dst, th)
	ts.army.Draw(dst, th)
	ts.addPlayer.Draw(dst, th)
	ts.players.Draw(dst, th)
	if len(ts.players.Items) == 0 {
		ui.Text(dst, "No players yet: type a name (club and army if you like) and add them.", th.Body(), ts.players.Rect.X+12*th.Scale, ts.players.Rect.Y+14*th.Scale, ui.ParchDim, ui.Left)
	}
	if id := ts.selectedPlayer(); id != 0 {
		ui.TextMid(dst, "Bonus points", th.Strong(), ts.body.X, ts.bonus.Rect.CY(), ui.Parchment, ui.Left)
		ts.bonus.Draw(dst, th)
		// Whose: the player selected in the list.
		x := ts.bonus.Rect.Right() + 10*th.Scale
		f := th.Face(fontItalic, 14)
		ui.TextMid(dst, ui.Ellipsis("for "+ts.e.T.Player(id).Name, f, ts.body.Right()-x), f, x, ts.bonus.Rect.CY(), ui.ParchDim, ui.Left)
	}
}
