// Package saves keeps a player's games: saving, loading with every
// checkpoint checked, autosaves at each bound's end (the last ten kept),
// turn files for play by e-mail, and the battle log as Markdown. Files
// are engine saves (docs/formats.md §3) kept in game/store stores. The
// package does not import Ebitengine, so its tests and its fuzz test run
// without a display.
package saves

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"time"

	"pelennor/engine"
	"pelennor/game/store"
)

// File name endings.
const (
	Ext      = ".json"      // a saved game
	TurnExt  = ".turn.json" // a turn file for play by e-mail (also a save)
	MdExt    = ".md"        // a battle log
	autoName = "auto-"      // autosaves are auto-NNNNNN.json
)

// Areas of the configuration directory.
const (
	AreaSaves = "saves"
	AreaAuto  = "autosave"
)

// AutoKeep is how many autosaves are kept.
const AutoKeep = 10

// Library is where a player's games are kept.
type Library struct {
	Saves store.Store // saved games, turn files, battle logs
	Auto  store.Store // autosaves
	// Journals keeps the journal of each match in play (journal.go).
	Journals store.Store
	// Scenario finds a scenario by its id.
	Scenario func(id string) (*engine.Scenario, error)
	// Keep is how many autosaves to keep; 0 for AutoKeep.
	Keep int
	// Secret finds this player's secret of a play-by-e-mail match, kept
	// in the local store; nil when there is none.
	Secret func(match string) *engine.Secret

	scs map[string]*engine.Scenario
	// last is the game the last Check read, for ReadChecked: the title's
	// Continue card checks the autosave it then opens. lastJournal is the
	// journal OpenJournal read last, which the title reads and Continue
	// then resumes.
	last, lastJournal Info
}

// Game is a game read from a file: the save, its scenario, and its
// history re-simulated with every checkpoint checked.
type Game struct {
	File  string // the file's name, as messages give it
	Save  *engine.Save
	Sc    *engine.Scenario
	H     *engine.History
	Names [2]string
	Clock *Clock // the battle clock, read from a journal (nil: none)
}

// PanicError is a failure of the engine while reading a file: a bug, but
// the game goes on. Read returns it rather than crash.
type PanicError struct {
	File  string
	Value any
}

func (e *PanicError) Error() string {
	return fmt.Sprintf("%s: the game could not read this file (internal error: %v)", e.File, e.Value)
}

func (l *Library) scenario(id string) (*engine.Scenario, error) {
	if sc, ok := l.scs[id]; ok {
		return sc, nil
	}
	if l.Scenario == nil {
		return nil, fmt.Errorf("no scenario %q", id)
	}
	sc, err := l.Scenario(id)
	if err != nil {
		return nil, err
	}
	if l.scs == nil {
		l.scs = map[string]*engine.Scenario{}
	}
	l.scs[id] = sc
	return sc, nil
}

// named prefixes an error with the file's name unless it already says it.
func named(file string, err error) error {
	if err == nil || strings.Contains(err.Error(), file) {
		return err
	}
	return fmt.Errorf("%s: %w", file, err)
}

// Parse decodes a save file without re-simulating it: the format and
// rules versions are checked, and the scenario must be known.
func (l *Library) Parse(file string, data []byte) (s *engine.Save, sc *engine.Scenario, err error) {
	defer func() {
		if r := recover(); r != nil {
			s, sc, err = nil, nil, &PanicError{File: file, Value: r}
		}
	}()
	if len(data) == 0 {
		return nil, nil, fmt.Errorf("%s: the file is empty", file)
	}
	s, err = engine.ParseSave(file, data)
	if err != nil {
		return nil, nil, named(file, err)
	}
	sc, err = s.EmbeddedScenario(file)
	if err != nil {
		return nil, nil, err
	}
	if sc == nil {
		sc, err = l.scenario(s.Scenario.ID)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("%s: the game was played on scenario %q, which this build does not have", file, s.Scenario.ID)
	}
	if len(s.Players) > 2 {
		return nil, nil, fmt.Errorf("%s: %d players; a battle has two", file, len(s.Players))
	}
	return s, sc, nil
}

// Read loads a game from a file's bytes: it re-simulates every action and
// checks every checkpoint. The errors name the file and say what is
// wrong; nothing panics.
func (l *Library) Read(file string, data []byte) (g *Game, err error) {
	s, sc, err := l.Parse(file, data)
	if err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			g, err = nil, &PanicError{File: file, Value: r}
		}
	}()
	h, err := engine.ResumeWith(s, sc, l.secretOf(s))
	if err != nil {
		return nil, named(file, err)
	}
	g = &Game{File: file, Save: s, Sc: sc, H: h}
	copy(g.Names[:], s.Players)
	return g, nil
}

// ReadChecked is Read of a file's bytes, taking the game Check read
// into in (or, failing that, the last game Check read) when it is of the
// same name and bytes, so a file checked in a list and then opened is
// simulated once. The game returned is always a new one (a branch at its
// end), never the one kept, which may be opened again.
func (l *Library) ReadChecked(file string, data []byte, in Info) (*Game, error) {
	same := func(in Info) bool { return in.game != nil && in.Name == file && bytes.Equal(in.data, data) }
	if !same(in) {
		in = l.last
	}
	if !same(in) {
		return l.Read(file, data)
	}
	return copyOf(in.game)
}

// copyOf returns a new game of g: its history branched at its end (no
// simulation), so that the game kept is never played on.
func copyOf(g *Game) (*Game, error) {
	c := *g
	h, err := g.H.Branch(g.H.Len())
	if err != nil {
		return nil, named(g.File, err)
	}
	c.H = h
	return &c, nil
}

// secretOf is the local secret of a keyed save's match, if held.
func (l *Library) secretOf(s *engine.Save) *engine.Secret {
	if s.Keyed == nil || l.Secret == nil {
		return nil
	}
	return l.Secret(s.Keyed.Match)
}

func (l *Library) area(area string) (store.Store, error) {
	switch area {
	case AreaSaves:
		if l.Saves != nil {
			return l.Saves, nil
		}
	case AreaAuto:
		if l.Auto != nil {
			return l.Auto, nil
		}
	case AreaJournal:
		if l.Journals != nil {
			return l.Journals, nil
		}
	default:
		return nil, fmt.Errorf("no area %q", area)
	}
	return nil, errors.New("saved games are not available")
}

// Open reads and loads a game from an area.
func (l *Library) Open(area, name string) (*Game, error) {
	data, err := l.get(area, name)
	if err != nil {
		return nil, err
	}
	return l.Read(name, data)
}

// get reads a file's bytes from an area.
func (l *Library) get(area, name string) ([]byte, error) {
	s, err := l.area(area)
	if err != nil {
		return nil, err
	}
	data, err := s.Get(name)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s: no such saved game", name)
		}
		return nil, named(name, err)
	}
	return data, nil
}

// OpenChecked is Open of a file listed as in, taking the game Check read
// into it when the file is unchanged (ReadChecked).
func (l *Library) OpenChecked(in Info) (*Game, error) {
	data, err := l.get(in.Area, in.Name)
	if err != nil {
		return nil, err
	}
	return l.ReadChecked(in.Name, data, in)
}

// Encode writes a history as a save file.
func Encode(h *engine.History, names [2]string) ([]byte, error) {
	s, err := h.Save(names[:])
	if err != nil {
		return nil, err
	}
	return s.Marshal()
}

// Put saves a game under name (Ext is added if missing) and returns the
// name used.
func (l *Library) Put(name string, h *engine.History, names [2]string) (string, error) {
	s, err := l.area(AreaSaves)
	if err != nil {
		return "", err
	}
	if !strings.HasSuffix(name, Ext) {
		name += Ext
	}
	data, err := Encode(h, names)
	if err != nil {
		return "", err
	}
	return name, s.Put(name, data)
}

func autoSeq(name string) (int, bool) {
	rest, ok := strings.CutPrefix(name, autoName)
	if !ok {
		return 0, false
	}
	rest, ok = strings.CutSuffix(rest, Ext)
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	return n, err == nil && n >= 0
}

// entries lists the files of an area whose names keep accepts.
func (l *Library) entries(area string, keep func(name string) bool) ([]store.Entry, error) {
	s, err := l.area(area)
	if err != nil {
		return nil, err
	}
	es, err := s.List()
	if err != nil {
		return nil, err
	}
	var out []store.Entry
	for _, e := range es {
		if keep(e.Name) {
			out = append(out, e)
		}
	}
	return out, nil
}

// autosaves lists the autosaves, oldest first.
func (l *Library) autosaves() ([]store.Entry, error) {
	out, err := l.entries(AreaAuto, func(name string) bool {
		_, ok := autoSeq(name)
		return ok
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b store.Entry) int {
		x, _ := autoSeq(a.Name)
		y, _ := autoSeq(b.Name)
		return x - y
	})
	return out, nil
}

// Autosave saves a game as the newest autosave and removes all but the
// newest Keep. It returns the autosave's name.
func (l *Library) Autosave(h *engine.History, names [2]string) (string, error) {
	data, err := Encode(h, names)
	if err != nil {
		return "", err
	}
	return l.AutosaveData(data)
}

// AutosaveData is Autosave of a game already encoded (Encode).
func (l *Library) AutosaveData(data []byte) (string, error) {
	s, err := l.area(AreaAuto)
	if err != nil {
		return "", err
	}
	old, err := l.autosaves()
	if err != nil {
		return "", err
	}
	next := 1
	if len(old) > 0 {
		n, _ := autoSeq(old[len(old)-1].Name)
		next = n + 1
	}
	name := fmt.Sprintf("%s%06d%s", autoName, next, Ext)
	if err := s.Put(name, data); err != nil {
		return "", err
	}
	keep := l.Keep
	if keep <= 0 {
		keep = AutoKeep
	}
	all := append(old, store.Entry{Name: name})
	for _, e := range all[:max(0, len(all)-keep)] {
		if err := s.Remove(e.Name); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return name, err
		}
	}
	return name, nil
}

// Newest returns the newest autosave's name, or "".
func (l *Library) Newest() string {
	es, err := l.autosaves()
	if err != nil || len(es) == 0 {
		return ""
	}
	return es[len(es)-1].Name
}

// Info describes a file for a list, from the file alone (nothing is
// re-simulated, so a list is quick; loading checks everything).
type Info struct {
	Area, Name string
	Modified   time.Time
	Turn       bool // a turn file
	Keyed      bool // a play-by-e-mail game with keyed dice
	Duels      bool // the heroic duel is in its rulings (issue 15)
	Err        error

	Scenario string // the scenario's name
	Players  [2]string
	Sides    [2]string
	Bound    int    // the bound the game stands in (0: deployment)
	ToMove   string // whose bound it is
	Winner   string // the side that won, once known (Check)
	Checked  bool   // re-simulated and every checkpoint found right
	Actions  int
	save     *engine.Save
	// Check's game and the bytes it was read from: opening the same
	// bytes again takes it rather than simulate them again (ReadChecked).
	game *Game
	data []byte
}

// Check loads the file, re-simulating it, and fills in what only that
// tells: whether it loads at all, and who won. The game read is kept in
// the Info for ReadChecked.
func (l *Library) Check(in Info) Info {
	if in.Err != nil {
		return in
	}
	data, err := l.get(in.Area, in.Name)
	if err != nil {
		in.Err = err
		return in
	}
	g, err := l.Read(in.Name, data)
	if err != nil {
		in.Err = err
		return in
	}
	in.game, in.data = g, data
	l.last = in
	gm := g.H.Game()
	in.Checked, in.Bound = true, gm.Bound()
	bound, _ := gm.ToAct()
	in.ToMove = g.Sc.Sides[bound].Name
	if w := gm.Winner(); w >= 0 {
		in.Winner = g.Sc.Sides[w].Name
	}
	return in
}

// IsTurn reports whether a file's name says it is a turn file: it ends
// in .turn.json, or has ".turn" before a copy's suffix ("x.turn (1).json",
// as mail programs rename a second download).
func IsTurn(name string) bool {
	return strings.HasSuffix(name, TurnExt) || strings.HasSuffix(name, Ext) && strings.Contains(name, ".turn")
}

// Title is what a list shows for the file.
func (i Info) Title() string {
	if n, ok := autoSeq(i.Name); ok && i.Area == AreaAuto {
		return fmt.Sprintf("Autosave %d", n)
	}
	if i.Turn {
		return strings.TrimSuffix(strings.TrimSuffix(i.Name, Ext), ".turn") + "  (turn file)"
	}
	return strings.TrimSuffix(i.Name, Ext)
}

// Detail is the second line a list shows.
func (i Info) Detail() string {
	if i.Err != nil {
		return "cannot be read: " + i.Err.Error()
	}
	var parts []string
	parts = append(parts, i.Scenario)
	if i.Players[0] != "" || i.Players[1] != "" {
		parts = append(parts, fmt.Sprintf("%s (%s) v %s (%s)", orAnon(i.Players[0]), i.Sides[0], orAnon(i.Players[1]), i.Sides[1]))
	}
	switch {
	case i.Winner != "":
		parts = append(parts, fmt.Sprintf("won by %s in bound %d", i.Winner, i.Bound))
	case i.Bound == 0:
		parts = append(parts, "deployment")
	default:
		parts = append(parts, fmt.Sprintf("bound %d, %s to move", i.Bound, i.ToMove))
	}
	if i.Keyed {
		parts = append(parts, "by e-mail")
	}
	if i.Duels {
		parts = append(parts, "heroic duels")
	}
	parts = append(parts, i.Modified.Local().Format("2 Jan 2006 15:04"))
	return strings.Join(parts, "  ·  ")
}

func orAnon(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// Info describes one file.
func (l *Library) Info(area string, e store.Entry) Info {
	in := Info{Area: area, Name: e.Name, Modified: e.Modified, Turn: IsTurn(e.Name)}
	s, err := l.area(area)
	if err != nil {
		in.Err = err
		return in
	}
	data, err := s.Get(e.Name)
	if err != nil {
		in.Err = err
		return in
	}
	return l.describe(in, data)
}

// Describe describes a file's bytes.
func (l *Library) Describe(name string, data []byte) Info {
	return l.describe(Info{Name: name, Turn: IsTurn(name)}, data)
}

func (l *Library) describe(in Info, data []byte) Info {
	sv, sc, err := l.Parse(in.Name, data)
	if err != nil {
		in.Err = err
		return in
	}
	in.save = sv
	in.Keyed = sv.Keyed != nil
	in.Duels = sv.Rulings.HeroicDuel
	in.Scenario = sc.Name
	if in.Scenario == "" {
		in.Scenario = sc.ID
	}
	copy(in.Players[:], sv.Players)
	in.Sides = [2]string{sc.Sides[0].Name, sc.Sides[1].Name}
	in.Bound = sv.Checkpoints[len(sv.Checkpoints)-1].Bound
	if in.Bound > 0 {
		// The first listed side has the odd bounds.
		in.ToMove = sc.Sides[(in.Bound-1)%2].Name
	}
	in.Actions = len(sv.Actions)
	return in
}

// List describes the games in an area, newest first. Files that are not
// games (battle logs) are left out; files that cannot be read are listed
// with their error.
func (l *Library) List(area string) ([]Info, error) {
	s, err := l.area(area)
	if err != nil {
		return nil, err
	}
	es, err := s.List()
	if err != nil {
		return nil, err
	}
	var out []Info
	for _, e := range es {
		if !strings.HasSuffix(e.Name, Ext) {
			continue
		}
		out = append(out, l.Info(area, e))
	}
	slices.SortStableFunc(out, func(a, b Info) int {
		if c := b.Modified.Compare(a.Modified); c != 0 {
			return c
		}
		x, _ := autoSeq(a.Name)
		y, _ := autoSeq(b.Name)
		return y - x
	})
	return out, nil
}
