package game

// Save files for the browser's export (a download) and import (a file
// picker): web/index.html calls these through window.hott (hook_js.go).
// They are here, untagged, so that they are tested natively.

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"pelennor/engine"
	"pelennor/game/store"
	"pelennor/game/ui"
)

// hookExportSave returns the battle in play as a save file and a name
// for it.
func (a *App) hookExportSave() (name string, data []byte, err error) {
	b := a.topBattle()
	if b == nil {
		return "", nil, errors.New("no battle in play to export")
	}
	s, err := matchSave(b.M)
	if err != nil {
		return "", nil, err
	}
	data, err = s.Marshal()
	if err != nil {
		return "", nil, err
	}
	name = fmt.Sprintf("%s-bound%d-%s.json", b.M.Sc.ID, b.M.G.Bound(), time.Now().Format("20060102-1504"))
	return name, data, nil
}

// matchSave records a match as a save. Whether it began with a deployment
// step is not kept in the match: the recording that ends on the match's
// hash is the right one.
func matchSave(m *Match) (*engine.Save, error) {
	var r engine.Options
	if m.Sc.Rulings != nil {
		r.Rulings = *m.Sc.Rulings
	}
	seed := m.Seed
	var firstErr error
	for _, deploy := range []bool{false, true} {
		r.Deployment = deploy
		s, g, err := engine.Record(m.Sc, &seed, nil, r, m.Actions)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		if g.Hash() == m.G.Hash() {
			s.Players = []string{m.Names[0], m.Names[1]}
			return s, nil
		}
	}
	if firstErr != nil {
		return nil, fmt.Errorf("the game cannot be recorded: %w", firstErr)
	}
	return nil, errors.New("the game cannot be recorded: its replay does not reach the same position")
}

// hookImportSave loads a save file's text as the battle in play, after
// checking every checkpoint, and keeps a copy in saves (if not nil).
func (a *App) hookImportSave(name string, data []byte, saves store.Store) error {
	s, err := engine.ParseSave(name, data)
	if err != nil {
		return err
	}
	if s.Seed == nil {
		return fmt.Errorf("%s: a game played with a dice script cannot be continued here", name)
	}
	sc, err := LoadScenario(a.Opts.Catalog, s.Scenario.ID)
	if err != nil {
		return fmt.Errorf("%s: scenario %q: %w", name, s.Scenario.ID, err)
	}
	if _, _, err := engine.Replay(s, sc); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	names := a.Opts.Names
	for i := 0; i < 2 && i < len(s.Players); i++ {
		if s.Players[i] != "" {
			names[i] = s.Players[i]
		}
	}
	m, err := NewMatch(sc, *s.Seed, names, s.Deployment)
	if err != nil {
		return err
	}
	for i, act := range s.Actions {
		if _, err := m.Submit(act); err != nil {
			return fmt.Errorf("%s: action %d: %w", name, i, err)
		}
	}
	if saves != nil {
		n := store.SafeName(strings.TrimSuffix(name, ".json"), 80)
		if n == "" {
			n = "imported"
		}
		if err := saves.Put(n+".json", data); err != nil {
			a.Toast("Loaded, but not kept: "+err.Error(), ui.Bad)
		}
	}
	a.Reset(NewBattle(a, m))
	a.Toast(fmt.Sprintf("Loaded %s: bound %d", name, m.G.Bound()), ui.Info)
	return nil
}
