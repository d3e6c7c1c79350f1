package game

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"pelennor/engine"
	"pelennor/engine/rules"
	"pelennor/game/saves"
)

// Match is one battle: its history (the scenario, the dice and every
// action, from which the game is re-simulated for undo), everything the
// engine has said, and who plays. The interface changes the game only
// through Submit, Undo and Redo.
type Match struct {
	H     *engine.History // nil for a replay's view (Viewer)
	G     *engine.Game    // the game as it stands: H.Game(), kept in step
	Sc    *engine.Scenario
	Seed  uint64    // the dice seed (0 for a dice script)
	Names [2]string // the player of each side
	Log   []engine.Event
	// Actions are the actions played, as H.Actions().
	Actions []engine.Action
	// Start is the index in Log where each bound's events begin.
	Start map[int]int
	// Notice is something the players should be told at the start.
	Notice string
	// Gen counts the times the log was rewritten rather than added to
	// (undo, a replay's jump): views of the log start again when it
	// changes.
	Gen int
	// File is the file the match was loaded from, if any.
	File string

	startLen int   // events of the game's start
	ends     []int // len(Log) after each action
	actors   []int // the side that played each action
	// fresh: started here (NewMatch) or resumed from its journal, not
	// loaded or branched from a file, so it is no older line of a match
	// in play (App.track).
	fresh bool
	// keep makes the game as it stands durable in journal (both set by
	// App.track); it is called after every change.
	keep    func()
	journal *saves.Journal
	keepErr error // why the last keep failed, or nil
}

// NewMatch starts a battle.
func NewMatch(sc *engine.Scenario, seed uint64, names [2]string, deployment bool) (*Match, error) {
	var r rules.Rulings
	if sc.Rulings != nil {
		r = *sc.Rulings
	}
	h, err := engine.NewHistory(sc, &seed, nil, engine.Options{Rulings: r, Deployment: deployment})
	if err != nil {
		return nil, err
	}
	m, err := matchOf(h, names, &seed)
	if err != nil {
		return nil, err
	}
	m.fresh = true
	if deployment && m.G.Phase() != engine.PhaseDeploy {
		m.Notice = "This scenario has no deployment zones: the battle starts at once."
	}
	return m, nil
}

// MatchOf makes a match of a history (loaded, or branched from a
// replay), re-simulating it for its log and its seed.
func MatchOf(h *engine.History, names [2]string) (*Match, error) {
	s, err := h.Save(nil)
	if err != nil {
		return nil, err
	}
	return matchOf(h, names, s.Seed)
}

// matchOf is MatchOf when the seed is known (nil for a dice script).
func matchOf(h *engine.History, names [2]string, seed *uint64) (*Match, error) {
	g, evs, err := h.At(0)
	if err != nil {
		return nil, err
	}
	m := &Match{H: h, Sc: g.Scenario(), Names: names, Start: map[int]int{}}
	if seed != nil {
		m.Seed = *seed
	}
	m.record(evs)
	m.startLen = len(m.Log)
	for i, a := range h.Actions() {
		_, side := g.ToAct()
		evs, err := g.Apply(a)
		if err != nil {
			return nil, &engine.ActionError{Index: i, Err: err}
		}
		m.record(evs)
		m.ends = append(m.ends, len(m.Log))
		m.actors = append(m.actors, side)
	}
	m.sync()
	if m.G.Hash() != g.Hash() {
		return nil, errors.New("the game's log does not reach the game's position")
	}
	return m, nil
}

// sync brings G and Actions in step with the history.
func (m *Match) sync() {
	if m.H != nil {
		m.G = m.H.Game()
		m.Actions = m.H.Actions()
	}
}

// changed keeps the game after a change, before anything of it is
// shown: the dice an action drew are durable as soon as they are drawn.
func (m *Match) changed() {
	if m.keep != nil {
		m.keep()
	}
}

func (m *Match) record(evs []engine.Event) {
	for _, e := range evs {
		if e.Kind == engine.EvBound {
			m.Start[e.Value] = len(m.Log)
		}
		m.Log = append(m.Log, e)
	}
}

// truncate cuts the log to its first n events.
func (m *Match) truncate(n int) {
	m.Log = m.Log[:n]
	for b, i := range m.Start {
		if i >= n {
			delete(m.Start, b)
		}
	}
	m.Gen++
}

// Submit applies an action. On success its events are logged and
// returned; an illegal action returns the engine's error and changes
// nothing.
func (m *Match) Submit(a engine.Action) ([]engine.Event, error) {
	if m.H == nil {
		return nil, errors.New("this is a replay: nothing can be changed")
	}
	_, side := m.G.ToAct()
	evs, err := m.H.Apply(a)
	if err != nil {
		return nil, err
	}
	m.record(evs)
	m.ends = append(m.ends, len(m.Log))
	m.actors = append(m.actors, side)
	m.sync()
	m.changed()
	return evs, nil
}

// CanUndo reports whether the last action can be taken back: it rolled
// no dice (engine.History.CanUndo) and the side now acting played it
// (one player never takes back the other's).
func (m *Match) CanUndo() bool {
	if m.H == nil || !m.H.CanUndo() || len(m.actors) == 0 {
		return false
	}
	_, side := m.G.ToAct()
	return m.actors[len(m.actors)-1] == side
}

// CanRedo reports whether an undone action can be played again.
func (m *Match) CanRedo() bool { return m.H != nil && m.H.CanRedo() }

// Undo takes back the last action: the engine re-simulates the game
// without it, so no die is rolled again.
func (m *Match) Undo() error {
	if !m.CanUndo() {
		return engine.ErrNoUndo
	}
	if err := m.H.Undo(); err != nil {
		return err
	}
	n := len(m.ends) - 1
	m.ends, m.actors = m.ends[:n], m.actors[:n]
	end := m.startLen
	if n > 0 {
		end = m.ends[n-1]
	}
	m.truncate(end)
	m.sync()
	m.changed()
	return nil
}

// Redo plays the last undone action again.
func (m *Match) Redo() ([]engine.Event, error) {
	if !m.CanRedo() {
		return nil, errors.New("nothing to redo")
	}
	_, side := m.G.ToAct()
	evs, err := m.H.Redo()
	if err != nil {
		return nil, err
	}
	m.record(evs)
	m.ends = append(m.ends, len(m.Log))
	m.actors = append(m.actors, side)
	m.sync()
	m.changed()
	return evs, nil
}

// BoundEvents returns the events of bound n.
func (m *Match) BoundEvents(n int) []engine.Event {
	i, ok := m.Start[n]
	if !ok {
		return nil
	}
	j := len(m.Log)
	if k, ok := m.Start[n+1]; ok && k >= i {
		j = k
	}
	return m.Log[i:j]
}

// BoundStart returns the number of actions played before bound n began,
// or -1 if it has not.
func (m *Match) BoundStart(n int) int {
	i, ok := m.Start[n]
	if !ok {
		return -1
	}
	if i < m.startLen {
		return 0
	}
	for k, end := range m.ends {
		if end > i {
			return k + 1 // after the action whose events began it
		}
	}
	return len(m.ends)
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
