package game

import (
	"errors"
	"fmt"
	"io/fs"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game/input"
	"pelennor/game/saves"
	"pelennor/game/store"
	"pelennor/game/tourney"
	"pelennor/game/ui"
)

// writeExport writes an export where the organiser chose.
func writeExport(p string, x tourney.Export) error { return store.WriteFile(p, x.Data) }

func (ts *TournamentScreen) updateRound(a *App, f *input.Frame) {
	if ts.round.Update(f) {
		ts.pairings.Selected = 0
		ts.sync()
	}
	if ts.e.T.Games == 2 {
		ts.game.Update(f)
	}
	ts.pairings.Update(f)
	table := ts.selectedTable()
	ts.result.Disabled, ts.imp.Disabled, ts.play.Disabled = table == 0, table == 0, table == 0
	if table != 0 && ts.e.Pairing(ts.round.Value, table) == nil {
		ts.result.Disabled, ts.imp.Disabled, ts.play.Disabled = true, true, true
	}
	ts.printPairings.Disabled = len(ts.e.T.Schedule) == 0
	ts.roundCSV.Disabled = ts.printPairings.Disabled
	round, game := ts.round.Value, ts.gameNo()
	switch {
	case ts.pair.Update(f):
		if err := ts.e.Pair(); err != nil {
			ts.did(a, "", err)
			return
		}
		ts.round.Max = len(ts.e.T.Schedule)
		ts.round.Value = ts.round.Max
		ts.pairings.Selected = 0
		ts.did(a, fmt.Sprintf("Round %d is paired", ts.round.Value), nil)
	case ts.repair.Update(f):
		err := ts.e.Repair()
		ts.round.Value = len(ts.e.T.Schedule)
		ts.did(a, fmt.Sprintf("Round %d is paired again", len(ts.e.T.Schedule)), err)
	case ts.result.Update(f):
		a.Push(NewResultDialog(a, ts, round, table, game))
	case ts.imp.Update(f):
		a.Push(ts.importSave(a, round, table, game))
	case ts.play.Update(f):
		if err := a.playTourneyGame(ts.e, round, table, game); err != nil {
			a.Toast("Cannot start: "+err.Error(), ui.Bad)
		}
	case ts.printPairings.Update(f):
		ts.exportDialog(a, tourney.ExportPairingsHTML, round)
	case ts.roundCSV.Update(f):
		ts.exportDialog(a, tourney.ExportRoundCSV, round)
	}
}

// importSave asks for a game's save or turn file and enters its result,
// verified by replaying it; a file refused keeps the dialog open with
// the reason.
func (ts *TournamentScreen) importSave(a *App, round, table, game int) *FieldDialog {
	pr := ts.e.Pairing(round, table)
	title := fmt.Sprintf("Table %d: %s v %s", table, ts.e.T.Player(pr.A).Name, ts.e.T.Player(pr.B).Name)
	d := newFieldDialog(title, "Save", "", "Verify and enter", func(p string) error {
		data, name, err := a.readGameFile(p)
		if err != nil {
			return err
		}
		msg, err := ts.e.EnterSave(round, table, game, name, data)
		if err != nil {
			return err
		}
		ts.did(a, msg, nil)
		return nil
	})
	d.notes = []string{"The game's save or last turn file: it is replayed and its result entered only if every check holds.",
		"A file of this computer, or the name of a save of this game's Load screen."}
	if inBrowser {
		d.notes[1] = "The name of a save of the Load screen; or close this and choose the file with the page's “Import a save…” while the table is selected."
	}
	return d
}

// fileTaker is a screen that takes for itself a file the page hands the
// game (the browser's file picker), instead of opening it as a game.
type fileTaker interface {
	TakeFile(a *App, name string, data []byte) error
}

// TakeFile enters an uploaded save as the result of the table selected
// on the round tab, verified by replaying it; elsewhere it is refused.
func (ts *TournamentScreen) TakeFile(a *App, name string, data []byte) error {
	table := ts.selectedTable()
	if ts.tabs.Selected != tabRound || table == 0 {
		err := errors.New("to enter a game's result, select its table on the Round tab first")
		a.Toast(err.Error(), ui.Bad)
		return err
	}
	msg, err := ts.e.EnterSave(ts.round.Value, table, ts.gameNo(), name, data)
	ts.did(a, msg, err)
	return err
}

// TakeFile imports an uploaded tournament file.
func (l *TournamentList) TakeFile(a *App, name string, data []byte) error {
	t, file, err := a.tourneyStore().ImportData(name, data)
	if err != nil {
		a.Toast(err.Error(), ui.Bad)
		return err
	}
	l.refresh(a)
	l.Select(file)
	a.Toast(fmt.Sprintf("Imported “%s”: %d players, %d rounds paired", t.Name, len(t.Players), len(t.Schedule)), ui.Good)
	return nil
}

// readGameFile reads a save by path (the browser: an uploaded file), or
// a save of the game's own store by name.
func (a *App) readGameFile(p string) ([]byte, string, error) {
	data, err := store.ReadFile(p)
	if err == nil {
		return data, p, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return nil, "", err
	}
	for _, name := range []string{p, p + saves.Ext} {
		if d, e := a.storage.Saves.Get(name); e == nil {
			return d, store.Where(a.storage.Saves, name), nil
		}
	}
	return nil, "", err
}

// tourneyGame is a game started from a round screen: when its match ends
// its result is entered in the tournament file.
type tourneyGame struct {
	store *store.Tournaments
	file  string
	game  tourney.Game
}

// tourneyGames are the games in play started from a round screen, by
// their match (a match is played once: the entry goes when it ends).
var tourneyGames = map[*Match]tourneyGame{}

// playTourneyGame starts a pairing's game: a duel's a hotseat match on
// its scenario; a standard battle's the pick screen of New Standard
// Battle with the players' names and AP fixed and their armies
// preselected (N44). Either way the match gets the tournament's clock
// and is linked to its game, whose result is entered when it ends (N41).
func (a *App) playTourneyGame(e *tourney.Event, round, table, game int) error {
	g, err := e.GameOf(round, table, game)
	if err != nil {
		return err
	}
	link := func(a *App, m *Match) {
		if g.ClockMinutes > 0 {
			m.SetClock(time.Duration(g.ClockMinutes) * time.Minute)
		}
		tourneyGames[m] = tourneyGame{store: e.Store, file: e.File, game: g}
	}
	if g.Scenario == "" {
		sn, err := NewStandardNewFor(a, StandardPreset{Names: g.Names, Armies: g.Armies, AP: g.AP, Started: link, NoDuel: true,
			Title: fmt.Sprintf("Round %d, table %d: %s v %s", round, table, g.Names[0], g.Names[1])})
		if err != nil {
			return err
		}
		a.Push(sn)
		return nil
	}
	sc, err := LoadScenario(a.Opts.Catalog, g.Scenario)
	if err != nil {
		return err
	}
	seed := a.Opts.Seed
	if seed == 0 {
		seed = ClockSeed()
	}
	m, err := NewMatch(sc, seed, g.Names, false)
	if err != nil {
		return err
	}
	link(a, m)
	a.Reset(OpenMatch(a, m))
	a.Push(NewHandover(a, m, -1))
	return nil
}

// tourneyGameOver enters the result of a tournament game whose match has
// ended, from the match's own record verified by replaying it, and says
// so; a refusal is told with its reason (the organiser can enter the
// result by hand).
func (a *App) tourneyGameOver(m *Match) {
	tg, ok := tourneyGames[m]
	if !ok || !m.Over() || m.H == nil {
		return
	}
	delete(tourneyGames, m)
	msg, err := enterMatch(a, tg, m)
	if err != nil {
		a.Toast("The result was not entered: "+err.Error(), ui.Bad)
		return
	}
	a.Toast(msg, ui.Good)
}

// enterMatch enters a match's result for its tournament game.
func enterMatch(a *App, tg tourneyGame, m *Match) (string, error) {
	data, err := saves.Encode(m.H, m.Names)
	if err != nil {
		return "", err
	}
	e, err := tourney.Open(tg.store, tg.file)
	if err != nil {
		return "", err
	}
	e.Lookup = a.tourneyLookup
	name := fmt.Sprintf("round %d table %d game %d%s", tg.game.Round, tg.game.Table, tg.game.Game, saves.Ext)
	return e.EnterSave(tg.game.Round, tg.game.Table, tg.game.Game, name, data)
}

func (ts *TournamentScreen) drawRound(a *App, dst *ebiten.Image) {
	th := a.Theme
	s := th.Scale
	if len(ts.e.T.Schedule) == 0 {
		msg := "No round is paired yet: add the players, then “Pair next round”."
		for i, l := range ui.Wrap(msg, th.Body(), ts.body.W) {
			ui.Text(dst, l, th.Body(), ts.body.X, ts.body.Y+float64(i)*ui.LineHeight(th.Body()), ui.ParchDim, ui.Left)
		}
	} else {
		ts.round.Draw(dst, th)
		if ts.e.T.Games == 2 {
			ts.game.Draw(dst, th)
		}
		ts.pairings.Draw(dst, th)
	}
	if ts.reason != "" {
		y := ts.pairings.Rect.Bottom() + 6*s
		if len(ts.e.T.Schedule) == 0 {
			y = ts.body.Y + 2*ui.LineHeight(th.Body())
		}
		for _, l := range ui.Wrap("Pairing: "+ts.reason, th.Small(), ts.body.W) {
			ui.Text(dst, l, th.Small(), ts.body.X, y, ui.ParchDim, ui.Left)
			y += ui.LineHeight(th.Small())
		}
	}
}
