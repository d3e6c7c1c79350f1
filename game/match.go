package game

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"pelennor/engine"
	"pelennor/engine/rules"
	"pelennor/game/clock"
	"pelennor/game/saves"
)

// Match is one battle: its history (the scenario, the dice, every action
// and everything the engine has said, with a snapshot at each bound for
// undo and seeking), and who plays. The interface changes the game only
// through Submit, Undo and Redo. The match keeps no record of its own:
// Log and Actions are views of the history's, set again after every
// change.
type Match struct {
	H     *engine.History // nil for a replay's view (Viewer)
	G     *engine.Game    // the game as it stands: H.Game(), kept in step
	Sc    *engine.Scenario
	Seed  uint64    // the dice seed (0 for a dice script)
	Names [2]string // the player of each side
	// Log is every event so far and Actions every action played: the
	// history's own slices (read them, never change them).
	Log     []engine.Event
	Actions []engine.Action
	// Notice is something the players should be told at the start.
	Notice string
	// Gen counts the times the log was rewritten rather than added to
	// (undo, a replay's jump): views of the log start again when it
	// changes.
	Gen int
	// File is the file the match was loaded from, if any.
	File string

	// rec is the record the log comes from: H, or for a replay's view the
	// history it shows the first len(Actions) actions of. It stays when H
	// is taken away (an older line that can only be watched).
	rec *engine.History
	// fresh: started here (NewMatch) or resumed from its journal, not
	// loaded or branched from a file, so it is no older line of a match
	// in play (App.track).
	fresh bool
	// keep makes the game as it stands durable in journal (both set by
	// App.track); it is called after every change.
	keep    func()
	journal *saves.Journal
	keepErr error // why the last keep failed, or nil

	// The battle clock (clock.go): nil for none; the time used when the
	// journal last kept it; the time source (nil: time.Now).
	clock     *clock.Clock
	clockKept time.Duration
	timeNow   func() time.Time
}

// Choices are what a new battle's set-up chooses besides the scenario,
// the players and the dice: the deployment step, and the optional
// heroic duel (issue 15), which is a ruling and so goes into the save.
type Choices struct {
	Deployment bool
	HeroicDuel bool // rules.Rulings.HeroicDuel
}

// options are the engine's options for a new game of sc: the scenario's
// own rulings with the choices made at set-up.
func (c Choices) options(sc *engine.Scenario) engine.Options {
	var r rules.Rulings
	if sc.Rulings != nil {
		r = *sc.Rulings
	}
	r.HeroicDuel = r.HeroicDuel || c.HeroicDuel
	return engine.Options{Rulings: r, Deployment: c.Deployment}
}

// NewMatch starts a battle with no choice but the deployment step.
func NewMatch(sc *engine.Scenario, seed uint64, names [2]string, deployment bool) (*Match, error) {
	return NewMatchWith(sc, seed, names, Choices{Deployment: deployment})
}

// NewMatchWith starts a battle with the choices made at set-up.
func NewMatchWith(sc *engine.Scenario, seed uint64, names [2]string, c Choices) (*Match, error) {
	h, err := engine.NewHistory(sc, &seed, nil, c.options(sc))
	if err != nil {
		return nil, err
	}
	m := MatchOf(h, names)
	m.fresh = true
	if c.Deployment && m.G.Phase() != engine.PhaseDeploy {
		m.Notice = "This scenario has no deployment zones: the battle starts at once."
	}
	return m, nil
}

// MatchOf makes a match of a history (loaded, or branched from a
// replay). Nothing is simulated: the history holds the record.
func MatchOf(h *engine.History, names [2]string) *Match {
	m := &Match{H: h, rec: h, Sc: h.Game().Scenario(), Names: names}
	if s := h.Seed(); s != nil {
		m.Seed = *s
	}
	m.sync()
	return m
}

// viewOf is a replay's view of the first n actions of h, showing g (the
// game after them).
func viewOf(h *engine.History, n int, g *engine.Game, from *Match) *Match {
	vm := &Match{G: g, Sc: from.Sc, Names: from.Names, Seed: from.Seed, File: from.File, rec: h}
	vm.show(n)
	return vm
}

// show points a replay's view at the record's first n actions.
func (m *Match) show(n int) {
	m.Log = m.rec.EventsAfter(n)
	m.Actions = m.rec.Record()[:n]
}

// sync brings G, Log and Actions in step with the history.
func (m *Match) sync() {
	if m.H != nil {
		m.G = m.H.Game()
		m.Log = m.H.Events()
		m.Actions = m.H.Record()
	}
}

// changed keeps the game after a change, before anything of it is
// shown: the dice an action drew are durable as soon as they are drawn.
func (m *Match) changed() {
	if m.journal != nil {
		m.journal.Clock = m.clockState()
	}
	if m.keep != nil {
		m.keep()
	}
}

// Submit applies an action. On success its events are logged and
// returned; an illegal action returns the engine's error and changes
// nothing.
func (m *Match) Submit(a engine.Action) ([]engine.Event, error) {
	if m.H == nil {
		return nil, errors.New("this is a replay: nothing can be changed")
	}
	evs, err := m.H.Apply(a)
	if err != nil {
		return nil, err
	}
	m.sync()
	m.changed()
	return evs, nil
}

// Over reports whether the game has ended: won, or drawn by time.
func (m *Match) Over() bool { return m.G.Phase() == engine.PhaseOver }

// UndoBlocked says whether the last action can be taken back, and if
// not why (engine.History.UndoBlocked: nothing played, the other
// player's, dice drawn, and in play by e-mail the opponent's or the
// bound's begin).
func (m *Match) UndoBlocked() engine.UndoBlock {
	if m.H == nil {
		return engine.UndoNothing
	}
	return m.H.UndoBlocked()
}

// Game is the game as it stands (game/control's Position).
func (m *Match) Game() *engine.Game { return m.G }

// Generation counts the times the log was rewritten (Gen).
func (m *Match) Generation() int { return m.Gen }

// CanUndo reports whether the last action can be taken back.
func (m *Match) CanUndo() bool { return m.UndoBlocked() == engine.UndoAllowed }

// CanRedo reports whether an undone action can be played again.
func (m *Match) CanRedo() bool { return m.H != nil && m.H.CanRedo() }

// Undo takes back the last action: the engine restores the game from its
// snapshot, so no die is rolled again.
func (m *Match) Undo() error {
	if m.H == nil {
		return &engine.UndoError{Reason: engine.UndoNothing}
	}
	if err := m.H.Undo(); err != nil {
		return err
	}
	m.Gen++
	m.sync()
	m.changed()
	return nil
}

// Redo plays the last undone action again.
func (m *Match) Redo() ([]engine.Event, error) {
	if !m.CanRedo() {
		return nil, errors.New("nothing to redo")
	}
	evs, err := m.H.Redo()
	if err != nil {
		return nil, err
	}
	m.sync()
	m.changed()
	return evs, nil
}

// BoundEvents returns the events of bound n (as far as the log goes).
func (m *Match) BoundEvents(n int) []engine.Event {
	i := m.boundEvent(n)
	if i < 0 {
		return nil
	}
	j := len(m.Log)
	if k := m.boundEvent(n + 1); k >= i {
		j = k
	}
	return m.Log[i:j]
}

// boundEvent is the index in Log of the event that began bound n, or -1.
func (m *Match) boundEvent(n int) int {
	if m.rec == nil {
		return -1
	}
	if i := m.rec.BoundEventStart(n); i >= 0 && i < len(m.Log) {
		return i
	}
	return -1
}

// BoundStart returns the number of actions played before bound n began,
// or -1 if it has not.
func (m *Match) BoundStart(n int) int {
	if m.boundEvent(n) < 0 {
		return -1
	}
	return m.rec.BoundStart(n)
}

// EventsHappened returns, for the scenario's numbered events (the
// Pelennor's 1 to 4), the bound each happened in; those yet to happen
// are left out.
func (m *Match) EventsHappened() map[int]int {
	out := map[int]int{}
	for _, e := range m.G.ScenarioEvents() {
		if e.Bound > 0 {
			out[e.N] = e.Bound
		}
	}
	return out
}

// ElementName returns an element's name.
func (m *Match) ElementName(id int) string {
	if s, ok := m.Sc.Spec(id); ok {
		return s.Name
	}
	return fmt.Sprintf("element %d", id)
}

// SideName returns the name of side i.
func (m *Match) SideName(i int) string { return m.Sc.Sides[i].Name }

// ClockSeed returns a seed from the clock, for games without -seed.
func ClockSeed() uint64 { return uint64(time.Now().UnixNano()) }

// LoadScenario reads a scenario by catalog name or from a file.
func LoadScenario(c Catalog, nameOrFile string) (*engine.Scenario, error) {
	if strings.HasSuffix(nameOrFile, ".json") || strings.ContainsAny(nameOrFile, `/\`) {
		if data, err := os.ReadFile(nameOrFile); err == nil {
			return engine.ParseScenario(nameOrFile, data)
		} else if strings.ContainsAny(nameOrFile, `/\`) {
			return nil, err
		}
	}
	if c.Load == nil {
		return nil, fmt.Errorf("no scenario catalog to load %q from", nameOrFile)
	}
	data, err := c.Load(nameOrFile)
	if err != nil {
		return nil, err
	}
	return engine.ParseScenario(strings.TrimSuffix(nameOrFile, ".json")+".json", data)
}

// StartMatch loads a scenario and starts a battle on it.
func (a *App) StartMatch(scenario string, seed uint64, names [2]string, deployment bool) (*Match, error) {
	sc, err := LoadScenario(a.Opts.Catalog, scenario)
	if err != nil {
		return nil, err
	}
	if seed == 0 {
		seed = ClockSeed()
	}
	return NewMatch(sc, seed, names, deployment)
}
