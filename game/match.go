package game

import (
	"fmt"
	"os"
	"strings"
	"time"

	"pelennor/engine"
	"pelennor/engine/dice"
	"pelennor/engine/rules"
)

// Match is one battle: the engine's game, everything it has said, and the
// actions that made it. The interface changes the game only through
// Submit.
type Match struct {
	G       *engine.Game
	Sc      *engine.Scenario
	Seed    uint64
	Names   [2]string // the player of each side
	Log     []engine.Event
	Actions []engine.Action
	// Start is the index in Log where each bound's events begin.
	Start map[int]int
	// Notice is something the players should be told at the start.
	Notice string
}

// NewMatch starts a battle.
func NewMatch(sc *engine.Scenario, seed uint64, names [2]string, deployment bool) (*Match, error) {
	var r rules.Rulings
	if sc.Rulings != nil {
		r = *sc.Rulings
	}
	g, evs, err := engine.NewGame(sc, dice.NewPCG(seed), engine.Options{Rulings: r, Deployment: deployment})
	if err != nil {
		return nil, err
	}
	notice := ""
	if deployment && g.Phase() != engine.PhaseDeploy {
		// The engine announced a deployment step but did not enter it
		// (engine.NewGame sets the phase on the state it then replaces):
		// start without it rather than in an unplayable bound 0.
		notice = "The deployment step is not available in this build: the battle starts at once."
		if g, evs, err = engine.NewGame(sc, dice.NewPCG(seed), engine.Options{Rulings: r}); err != nil {
			return nil, err
		}
	}
	m := &Match{G: g, Sc: sc, Seed: seed, Names: names, Start: map[int]int{}, Notice: notice}
	m.record(evs)
	return m, nil
}

func (m *Match) record(evs []engine.Event) {
	for _, e := range evs {
		if e.Kind == engine.EvBound {
			m.Start[e.Value] = len(m.Log)
		}
		m.Log = append(m.Log, e)
	}
}

// Submit applies an action. On success its events are logged and
// returned; an illegal action returns the engine's error and changes
// nothing.
func (m *Match) Submit(a engine.Action) ([]engine.Event, error) {
	evs, err := m.G.Apply(a)
	if err != nil {
		return nil, err
	}
	m.Actions = append(m.Actions, a)
	m.record(evs)
	return evs, nil
}

// BoundEvents returns the events of bound n.
func (m *Match) BoundEvents(n int) []engine.Event {
	i, ok := m.Start[n]
	if !ok {
		return nil
	}
	j := len(m.Log)
	if k, ok := m.Start[n+1]; ok {
		j = k
	}
	return m.Log[i:j]
}

// EventsHappened returns, for the scenario's numbered events (the
// Pelennor's 1 to 4), the bound each happened in (0 if not yet). It reads
// the scenario events in the log.
func (m *Match) EventsHappened() map[int]int {
	out := map[int]int{}
	for _, e := range m.Log {
		if e.Kind == engine.EvScenario && e.Value > 0 {
			if _, seen := out[e.Value]; !seen {
				out[e.Value] = e.Bound
			}
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
