package game

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"pelennor/engine"
	"pelennor/game/saves"
	"pelennor/game/store"
	"pelennor/game/ui"
)

// Storage is where the game keeps its files. Nil stores are opened in the
// user's configuration directory (game/store: a directory on the
// desktop, localStorage in the browser).
type Storage struct {
	Saves     store.Store // saved games, turn files, battle logs
	Autosaves store.Store // the last ten bounds' ends
	Journals  store.Store // each match in play, after its last action
	Config    store.Store // settings.json
	Armies    store.Store // the player's armies (store.ArmiesArea)
	// Tournaments are the organiser's tournament files (tournament*.go).
	Tournaments store.Store
}

// openStorage opens the stores not given and the library over them. A
// store that cannot be opened is replaced by one in memory, and the
// players are told that nothing will be kept.
func (a *App) openStorage() {
	st := a.Opts.Storage
	var problems []string
	open := func(s *store.Store, area string) {
		if *s != nil {
			return
		}
		var err error
		if *s, err = store.Open(area); err != nil {
			problems = append(problems, err.Error())
			*s = store.NewMemory()
		}
	}
	open(&st.Saves, saves.AreaSaves)
	open(&st.Autosaves, saves.AreaAuto)
	open(&st.Journals, saves.AreaJournal)
	open(&st.Config, "")
	open(&st.Armies, store.ArmiesArea)
	open(&st.Tournaments, store.TournamentsArea)
	a.storage = st
	a.Lib = &saves.Library{Saves: st.Saves, Auto: st.Autosaves, Journals: st.Journals, Scenario: a.scenarioByID, Secret: a.secretFor}
	if len(problems) > 0 {
		a.Toast("Games will not be kept after you quit: "+problems[0], ui.Bad)
	}
}

// scenarioByID finds a scenario by its id: in the catalog, or the
// scenario file the game was started with.
func (a *App) scenarioByID(id string) (*engine.Scenario, error) {
	if a.Opts.Catalog.Names != nil {
		for _, n := range a.Opts.Catalog.Names() {
			if sc, err := LoadScenario(a.Opts.Catalog, n); err == nil && sc.ID == id {
				return sc, nil
			}
		}
	}
	if f := a.Opts.Scenario; strings.HasSuffix(f, ".json") {
		if sc, err := LoadScenario(a.Opts.Catalog, f); err == nil && sc.ID == id {
			return sc, nil
		}
	}
	return nil, fmt.Errorf("no scenario %q", id)
}

// Autosave keeps the match as the newest autosave (at the end of every
// bound). A failure is shown; the game goes on.
func (a *App) Autosave(m *Match) {
	if m.H == nil || a.Lib == nil {
		return
	}
	var err error
	if data := m.journal.Encoded(len(m.Actions)); data != nil {
		_, err = a.Lib.AutosaveData(data) // encoded for the journal just now
	} else {
		_, err = a.Lib.Autosave(m.H, m.Names)
	}
	if err != nil {
		a.Toast("Autosave failed: "+err.Error(), ui.Bad)
	}
}

// defaultName suggests a name to save a match under.
func defaultName(m *Match) string {
	title := m.Sc.Name
	if title == "" {
		title = m.Sc.ID
	}
	title = strings.TrimPrefix(title, "The ")
	switch m.G.Phase() {
	case engine.PhaseDeploy:
		return store.SafeName(title+", deployment", 80)
	case engine.PhaseSetup:
		return store.SafeName(title+", set-up", 80)
	}
	return store.SafeName(fmt.Sprintf("%s, bound %d", title, m.G.Bound()), 80)
}

// SaveMatch saves the match under a name (what the player typed, made
// safe as a file name) and returns the file's name.
func (a *App) SaveMatch(m *Match, name string) (string, error) {
	if m.H == nil {
		return "", errors.New("a replay cannot be saved: play from here first")
	}
	safe := store.SafeName(strings.TrimSuffix(name, saves.Ext), 80)
	if safe == "" {
		return "", errors.New("give the save a name")
	}
	return a.Lib.Put(safe, m.H, m.Names)
}

// turnPath is where a turn file goes by default: the saves folder.
func (a *App) turnPath(m *Match) string {
	name := store.SafeName(fmt.Sprintf("%s-bound-%d", m.Sc.ID, m.G.Bound()), 80) + saves.TurnExt
	if m.H != nil {
		if k := m.H.KeyedDice(); k != nil && !k.Committed() {
			name = store.SafeName(m.Sc.ID+"-invitation", 80) + saves.TurnExt
		}
	}
	if inBrowser {
		return name // downloaded under this name, and kept among the saves
	}
	return store.Where(a.storage.Saves, name)
}

// ExportTurn writes the match as a turn file for play by e-mail. A bare
// name goes into the saves folder; a path is written where it says
// ("~/" is the home directory). It returns where the file went. In the
// browser the file is kept among the saves and downloaded to the device
// under its name, which is returned (exportWords says so).
func (a *App) ExportTurn(m *Match, path string) (string, error) {
	if m.H == nil {
		return "", errors.New("a replay cannot be exported: play from here first")
	}
	path = strings.TrimSpace(path)
	if path == "" {
		return "", errors.New("say where to write the turn file")
	}
	if !strings.HasSuffix(path, ".json") {
		path += saves.TurnExt
	}
	// A play-by-e-mail file reveals this player's value for the segment
	// the game stands in, and nothing later (engine.History.RevealOwn).
	m.H.RevealOwn()
	data, err := saves.Encode(m.H, m.Names)
	if err != nil {
		return "", err
	}
	if inBrowser {
		name := filepath.Base(filepath.ToSlash(path))
		if err := store.CheckName(name); err != nil {
			return "", err
		}
		if err := a.storage.Saves.Put(name, data); err != nil {
			return "", err
		}
		return name, download(name, data)
	}
	if !strings.ContainsAny(path, `/\`) && path != "~" {
		if err := store.CheckName(path); err != nil {
			return "", err
		}
		return store.Where(a.storage.Saves, path), a.storage.Saves.Put(path, data)
	}
	if err := store.WriteFile(path, data); err != nil {
		return "", err
	}
	if abs, err := filepath.Abs(store.Expand(path)); err == nil {
		path = abs
	}
	return path, nil
}

// ExportLog writes the battle log as Markdown next to the saves and
// returns where; in the browser it is also downloaded, and its name
// returned.
func (a *App) ExportLog(m *Match) (string, error) {
	h := m.H
	if h == nil {
		return "", errors.New("no game to export")
	}
	text, err := saves.Markdown(h, m.Names)
	if err != nil {
		return "", err
	}
	base := strings.TrimSuffix(strings.TrimSuffix(m.File, saves.TurnExt), saves.Ext)
	if base == "" || strings.HasPrefix(base, "auto-") {
		base = defaultName(m)
	}
	name := store.SafeName(base, 80) + " log" + saves.MdExt
	if err := a.storage.Saves.Put(name, []byte(text)); err != nil {
		return "", err
	}
	if inBrowser {
		return name, download(name, []byte(text))
	}
	return store.Where(a.storage.Saves, name), nil
}

// playerNames fills in names a file leaves out.
func playerNames(n [2]string) [2]string {
	for i, d := range []string{"Player 1", "Player 2"} {
		if strings.TrimSpace(n[i]) == "" {
			n[i] = d
		}
	}
	return n
}

// OpenFile opens a save or a turn file. A save opens the battle where it
// stands. A turn file (saves.IsTurn: its name ends in .turn.json) must
// continue the game of the same match kept here, if there is one
// (engine.History.Continues); it first shows the bound just played in the
// replay viewer. Anything wrong is shown, naming the file, and returned;
// the screen does not change.
//
// The file is simulated once: the game read here (or by the load
// screen's check, from) is the one checked against the local game and
// the one played.
func (a *App) OpenFile(file string, data []byte, from saves.Info) error {
	g, err := a.Lib.ReadChecked(file, data, from)
	if err == nil && g.Save.Keyed != nil && saves.IsTurn(file) && from.Area != saves.AreaAuto {
		err = a.openMailTurn(g, from)
	} else if err == nil {
		var local *saves.Game
		if saves.IsTurn(file) {
			local, err = a.Lib.LocalOf(g, from)
		}
		if err == nil {
			err = a.openGame(g, local, from)
		}
	}
	if err != nil {
		a.Toast(err.Error(), ui.Bad)
	}
	return err
}

// OpenSaved opens a file of the library.
func (a *App) OpenSaved(in saves.Info) error {
	s := a.storage.Saves
	if in.Area == saves.AreaAuto {
		s = a.storage.Autosaves
	}
	data, err := s.Get(in.Name)
	if err != nil {
		err = fmt.Errorf("%s: %w", in.Name, err)
		a.Toast(err.Error(), ui.Bad)
		return err
	}
	return a.OpenFile(in.Name, data, in)
}

// OpenPath opens a file anywhere on disk (pelennor -load, the load
// screen's path field).
func (a *App) OpenPath(path string) error {
	data, err := store.ReadFile(path)
	if err != nil {
		a.Toast(err.Error(), ui.Bad)
		return err
	}
	return a.OpenFile(filepath.Base(path), data, saves.Info{})
}

// OpenReplay opens a file anywhere on disk in the replay viewer, at the
// start of its last bound (pelennor -show replay -load FILE).
func (a *App) OpenReplay(path string) error {
	data, err := store.ReadFile(path)
	if err == nil {
		var g *saves.Game
		if g, err = a.Lib.Read(filepath.Base(path), data); err == nil {
			m := MatchOf(g.H, playerNames(g.Names))
			m.File = g.File
			a.Reset(NewViewer(a, m, ViewReplay, max(0, m.BoundStart(m.G.Bound()-1))))
			return nil
		}
	}
	a.Toast(err.Error(), ui.Bad)
	return err
}

func (a *App) openGame(g *saves.Game, local *saves.Game, from saves.Info) error {
	m := MatchOf(g.H, playerNames(g.Names))
	m.File = g.File
	if saves.IsTurn(g.File) && from.Area != saves.AreaAuto {
		// Keep it as this match's game here, for the next turn file.
		a.Autosave(m)
		start := m.BoundStart(m.G.Bound() - 1)
		if m.Over() {
			start = m.BoundStart(m.G.Bound())
		}
		if local != nil {
			start = min(max(start, 0), len(local.H.Actions()))
		}
		a.Reset(NewViewer(a, m, ViewTurn, max(0, start)))
		a.Toast(fmt.Sprintf("Turn file %s: here is what %s did", g.File, otherPlayer(m)), ui.Info)
		return nil
	}
	if g.Save.Keyed != nil && m.H.Own() < 0 {
		// Nobody's secret here: nothing in it is this computer's to play.
		a.Reset(NewViewer(a, m, ViewReplay, max(0, m.BoundStart(m.G.Bound()-1))))
		a.Toast(fmt.Sprintf("%s: a play-by-e-mail match of other players, shown as a replay", g.File), ui.Info)
		return nil
	}
	a.Reset(OpenMatch(a, m))
	switch {
	case m.Over():
		a.Push(NewResults(a, m))
	case a.mailTurn(m):
	default:
		a.handOver(m)
	}
	loaded := fmt.Sprintf("Loaded %s: bound %d", g.File, m.G.Bound())
	if m.G.Rulings().HeroicDuel {
		loaded += " · heroic duels (Third Age)"
	}
	a.Toast(loaded, ui.Info)
	return nil
}

// openMailTurn opens a play-by-e-mail file: an invitation to a new
// match (this computer then makes and keeps its secret and the
// acceptance to send), or a turn file of a match held here, which must
// pass every check of engine.History.Receive.
func (a *App) openMailTurn(g *saves.Game, from saves.Info) error {
	k := g.Save.Keyed
	sec := a.secretFor(k.Match)
	switch {
	case sec == nil && !k.Committed():
		m, err := a.acceptInvitation(g)
		if err != nil {
			return fmt.Errorf("%s: cannot accept the invitation: %w", g.File, err)
		}
		a.Reset(OpenMatch(a, m))
		a.mailTurn(m)
		a.Toast(fmt.Sprintf("You accept %s's invitation and command %s: send the acceptance", otherName(m), m.SideName(m.H.Own())), ui.Good)
		return nil
	case sec == nil:
		return fmt.Errorf("%s: a turn file of a play-by-e-mail match this computer does not hold (no secret here for match %s)", g.File, k.Match[:8])
	case k.Heads[1-sec.Side] == "":
		return fmt.Errorf("%s: this is your own invitation: send it to your opponent", g.File)
	}
	local, err := a.Lib.LocalOf(g, from)
	if err != nil {
		return err
	}
	return a.openGame(g, local, from)
}

// otherName is the opponent of this computer's player.
func otherName(m *Match) string { return m.Names[1-m.H.Own()] }

// otherPlayer names who played the bound before the current one (in a
// play-by-e-mail match: the opponent).
func otherPlayer(m *Match) string {
	if m.H != nil && m.H.Own() >= 0 {
		return otherName(m)
	}
	b := m.G.Bound()
	if m.Over() {
		b++
	}
	if b <= 1 {
		return "your opponent"
	}
	return m.Names[(b-2)%2]
}

// continuation finds what Continue resumes: the newest journal (g), or
// the newest autosave (auto) when it is of another match and written
// later, or continues the journal's game further (a turn file accepted
// and not yet played on). A journal that cannot be read is reported,
// naming it and the problem, and set aside; the autosave is given then.
func (a *App) continuation() (g *saves.Game, auto string) {
	ae, haveAuto := a.Lib.NewestAutosave()
	je, haveJ := a.Lib.NewestJournal()
	if !haveJ {
		return nil, ae.Name
	}
	g, data, err := a.Lib.OpenJournal(je.Name)
	if err != nil {
		msg := err.Error()
		if data != nil {
			if kept, serr := a.Lib.SetAside(je.Name, data); serr == nil {
				msg += " (kept as " + kept + ")"
			}
		}
		if haveAuto {
			msg += "; continuing from the newest autosave"
		}
		a.Toast(msg, ui.Bad)
		return nil, ae.Name
	}
	if !haveAuto {
		return g, ""
	}
	in := a.Lib.Info(saves.AreaAuto, ae)
	if in.Err != nil {
		return g, ""
	}
	same := in.Key() == saves.MatchKey(g.H, g.Sc)
	if same && in.Actions > len(g.H.Actions()) || !same && ae.Modified.After(je.Modified) {
		return nil, ae.Name
	}
	return g, ""
}

// ContinueNewest resumes the game played last (continuation).
func (a *App) ContinueNewest() error {
	g, auto := a.continuation()
	if g != nil {
		return a.resume(g)
	}
	if auto == "" {
		err := errors.New("no game to continue")
		a.Toast(err.Error(), ui.Info)
		return err
	}
	return a.OpenSaved(saves.Info{Area: saves.AreaAuto, Name: auto, Modified: time.Now()})
}

// resume opens a match's journal where it was left: the hand-over to
// the player to act, or the results.
func (a *App) resume(g *saves.Game) error {
	m := MatchOf(g.H, playerNames(g.Names))
	m.fresh = true // the journal itself: nothing to compare it with
	a.Reset(OpenMatch(a, m))
	switch {
	case m.Over():
		a.Push(NewResults(a, m))
	case a.mailTurn(m): // play by e-mail: the player's bound, or the waiting card
	default:
		a.handOver(m)
	}
	a.Toast(fmt.Sprintf("The battle as it was left: bound %d, action %d", m.G.Bound(), len(m.Actions)), ui.Info)
	return nil
}

// furtherThan returns the journal of the match of h when it is in play
// (not won) and has gone further than the actions acts, or down another
// line: playing on from acts would draw again dice already seen. A
// journal that cannot be read is reported and set aside.
func (a *App) furtherThan(h *engine.History, sc *engine.Scenario, acts []engine.Action) *saves.Game {
	name := a.Lib.Journal(h, sc).Name()
	g, data, err := a.Lib.OpenJournal(name)
	switch {
	case err == nil && g.H.Game().Phase() != engine.PhaseOver && !saves.Extends(acts, g.H.Actions()):
		return g
	case err != nil && data != nil:
		msg := err.Error()
		if kept, serr := a.Lib.SetAside(name, data); serr == nil {
			msg += " (kept as " + kept + ")"
		}
		a.Toast(msg, ui.Bad)
	}
	return nil
}

// RefuseBranch says why a game may not be played on from the first n
// actions of m's history (the replay viewer's Play from here), or "".
func (a *App) RefuseBranch(m *Match, n int) string {
	if m.H == nil || a.Lib == nil {
		return ""
	}
	acts := m.H.Actions()
	g := a.furtherThan(m.H, m.Sc, acts[:min(max(n, 0), len(acts))])
	if g == nil {
		return ""
	}
	return fmt.Sprintf("Cannot play from here: this battle is in play at bound %d, action %d, and the dice after action %d have been rolled and seen. Watch it, or Continue it where it stands.", g.H.Game().Bound(), len(g.H.Actions()), n)
}

// track makes every change of a match durable as it happens: its
// journal is written now and after every action, undo and redo. A
// battle calls it when it opens the match.
//
// When the match's journal has played further than m, or another line,
// m is an older position of a match in play (an older autosave or save,
// a branch from its replay): the dice after it have been drawn and seen,
// so m resumes the journal instead (docs/formats.md §5.1). A match won
// binds nothing any more, and a match started here (fresh) is new: its
// dice are only the same as another's if the player chose the seed.
func (a *App) track(m *Match) {
	if m.H == nil || m.keep != nil || a.Lib == nil {
		return
	}
	j := a.Lib.Journal(m.H, m.Sc)
	if !m.fresh {
		if g := a.furtherThan(m.H, m.Sc, m.H.Actions()); g != nil {
			jm := MatchOf(g.H, playerNames(g.Names))
			a.Toast(fmt.Sprintf("This battle has been played on to bound %d, action %d, and the dice after this position have been rolled: it resumes where it was left", jm.G.Bound(), len(jm.Actions)), ui.Info)
			*m = *jm // the file opened is not the game shown: no File
		}
	}
	a.clockFor(m, j) // before the journal is written: it may keep the clock
	failed := false
	m.journal = j
	m.keep = func() {
		m.keepErr = j.Write(m.H, m.Names)
		if m.keepErr != nil && !failed {
			a.Toast("The game could not be kept after this action ("+m.keepErr.Error()+"): export it to keep it", ui.Bad)
		}
		failed = m.keepErr != nil
	}
	m.keep()
}
