package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"pelennor/engine/dice"
	"pelennor/engine/rules"
)

// SaveFormat is the version of the save/replay file format (docs/formats.md).
const SaveFormat = 1

// Save is a saved game: everything needed to re-simulate it, and the
// hashes to check the re-simulation against. A save is a replay.
type Save struct {
	Format       int           `json:"format"`
	RulesVersion int           `json:"rulesVersion"`
	Scenario     ScenarioRef   `json:"scenario"`
	Rulings      rules.Rulings `json:"rulings"`
	Deployment   bool          `json:"deployment,omitempty"` // the game began with a deployment step
	Seed         *uint64       `json:"seed,omitempty"`
	Dice         []int         `json:"dice,omitempty"`    // a dice script instead of a seed
	Keyed        *KeyedDice    `json:"keyed,omitempty"`   // play by e-mail: keyed dice instead of a seed
	Players      []string      `json:"players,omitempty"` // the two players' names, if known
	Seats        []string      `json:"seats,omitempty"`   // who sits at each side: "person" or a computer's "ai:LEVEL[:TEMPER]" (the game's; the engine only carries it)
	Kind         string        `json:"kind,omitempty"`    // "save" (the default) or "turn": a play-by-e-mail turn file
	Written      string        `json:"written,omitempty"` // when it was written (RFC 3339), set by the program that writes it
	Actions      []Action      `json:"actions"`
	Checkpoints  []Checkpoint  `json:"checkpoints"`
}

// ScenarioRef identifies the scenario a save was played on.
type ScenarioRef struct {
	ID      string `json:"id"`
	Version int    `json:"version"`
	SHA256  string `json:"sha256"`
	// Embedded is the scenario file itself, byte for byte, when no
	// catalog holds it (a standard battle's): see Save.EmbeddedScenario.
	Embedded string `json:"embedded,omitempty"`
}

// EmbeddedScenario parses the scenario a save carries (nil, nil when it
// carries none), checking that it is the one the save names.
func (s *Save) EmbeddedScenario(file string) (*Scenario, error) {
	ref := s.Scenario
	if ref.Embedded == "" {
		return nil, nil
	}
	sc, err := ParseScenario(file+" (its scenario)", []byte(ref.Embedded))
	if err != nil {
		return nil, err
	}
	if sc.ID != ref.ID || sc.Version != ref.Version || sc.Checksum() != ref.SHA256 {
		return nil, fmt.Errorf("%s: the scenario it carries is not the one it names (%s version %d)", file, ref.ID, ref.Version)
	}
	return sc, nil
}

// Checkpoint is the state after a number of actions (0: at the start).
type Checkpoint struct {
	After int    `json:"after"`
	Bound int    `json:"bound"`
	Draws int    `json:"draws"`
	Hash  string `json:"hash"`
}

// Record builds a save by playing the actions from the start, with a
// checkpoint at the start, at the end of every bound and at the end.
func Record(sc *Scenario, seed *uint64, script []int, o Options, actions []Action) (*Save, *Game, error) {
	s := &Save{Format: SaveFormat, RulesVersion: rules.Version, Rulings: o.Rulings, Deployment: o.Deployment, Seed: seed, Dice: script,
		Scenario: sc.Ref()}
	return s.record(sc, nil, actions)
}

// RecordKeyed builds the save of a keyed game, as Record does; sec is the
// local player's secret (never written into the save).
func RecordKeyed(sc *Scenario, k *KeyedDice, sec *Secret, o Options, actions []Action) (*Save, *Game, error) {
	s := &Save{Format: SaveFormat, RulesVersion: rules.Version, Rulings: o.Rulings, Deployment: o.Deployment, Keyed: k.clone(),
		Scenario: sc.Ref()}
	return s.record(sc, sec, actions)
}

func (s *Save) record(sc *Scenario, sec *Secret, actions []Action) (*Save, *Game, error) {
	g, _, err := s.start(sc, sec)
	if err != nil {
		return nil, nil, err
	}
	s.Checkpoints = append(s.Checkpoints, g.checkpoint())
	for i, a := range actions {
		drawn := g.Draws()
		if _, err := g.Apply(a); err != nil {
			return nil, nil, &ActionError{Index: i, Err: err}
		}
		s.Actions = append(s.Actions, a)
		// Keyed saves also check every action that rolled: the receiver of
		// a turn file then names the very action whose dice were changed.
		rolled := s.Keyed != nil && g.Draws() != drawn
		if g.Bound() != s.Checkpoints[len(s.Checkpoints)-1].Bound || i == len(actions)-1 || rolled {
			s.Checkpoints = append(s.Checkpoints, g.checkpoint())
		}
	}
	return s, g, nil
}

func (g *Game) checkpoint() Checkpoint {
	return Checkpoint{After: g.actions, Bound: g.Bound(), Draws: g.Draws(), Hash: g.Hash()}
}

// ActionError names the action that failed in a list.
type ActionError struct {
	Index int // from 0
	Err   error
}

func (e *ActionError) Error() string { return fmt.Sprintf("action %d: %v", e.Index, e.Err) }
func (e *ActionError) Unwrap() error { return e.Err }

func (s *Save) start(sc *Scenario, sec *Secret) (*Game, []Event, error) {
	src, err := s.source(sec)
	if err != nil {
		return nil, nil, err
	}
	return NewGame(sc, src, Options{Rulings: s.Rulings, Deployment: s.Deployment})
}

// source makes the save's dice source; sec is the local player's secret
// of a keyed game, if held.
func (s *Save) source(sec *Secret) (dice.Source, error) {
	var src dice.Source
	switch {
	case s.Keyed != nil && (s.Seed != nil || s.Dice != nil):
		return nil, errors.New("a play-by-e-mail save has keyed dice, not a seed or a dice script")
	case s.Keyed != nil:
		ring, err := s.Keyed.keyring(sec)
		if err != nil {
			return nil, err
		}
		src = dice.NewKeyed(s.Keyed.Match, ring)
	case s.Seed != nil && s.Dice != nil:
		return nil, errors.New("a save has a seed or a dice script, not both")
	case s.Seed != nil:
		src = dice.NewPCG(*s.Seed)
	default:
		var err error
		if src, err = dice.NewScripted(s.Dice); err != nil {
			return nil, err
		}
	}
	return src, nil
}

// ParseSave decodes a save file, refusing other formats and rules versions.
func ParseSave(name string, data []byte) (*Save, error) {
	var probe struct {
		Format       *int `json:"format"`
		RulesVersion *int `json:"rulesVersion"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		if e := jsonError(name, data, err); errors.As(e, new(*FileError)) {
			return nil, fmt.Errorf("not a readable save file: %w", e)
		}
		return nil, fmt.Errorf("%s: not a Pelennor save file", name)
	}
	if probe.Format == nil || probe.RulesVersion == nil {
		return nil, fmt.Errorf("%s: not a Pelennor save file (no format or rules version)", name)
	}
	if *probe.Format > SaveFormat {
		return nil, fmt.Errorf("%s: save format %d is newer than this build reads (%d)", name, *probe.Format, SaveFormat)
	}
	if *probe.Format != SaveFormat {
		return nil, fmt.Errorf("%s: save format %d is not supported (this build reads %d)", name, *probe.Format, SaveFormat)
	}
	if *probe.RulesVersion != rules.Version {
		return nil, fmt.Errorf("%s: saved under rules version %d; this build plays rules version %d", name, *probe.RulesVersion, rules.Version)
	}
	s := new(Save)
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(s); err != nil {
		return nil, jsonError(name, data, err)
	}
	if len(s.Checkpoints) == 0 {
		return nil, fmt.Errorf("%s: no checkpoints", name)
	}
	if s.Kind != "" && s.Kind != "save" && s.Kind != "turn" {
		return nil, fmt.Errorf("%s: unknown save kind %q (save or turn)", name, s.Kind)
	}
	for i, a := range s.Actions {
		if !slices.Contains(ActionKinds, a.Kind) {
			return nil, fmt.Errorf("%s: actions[%d]: unknown action kind %q", name, i, a.Kind)
		}
	}
	if s.Keyed != nil {
		if s.Seed != nil || s.Dice != nil {
			return nil, fmt.Errorf("%s: a play-by-e-mail save has keyed dice, not a seed or a dice script", name)
		}
		if _, err := s.Keyed.keyring(nil); err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
	}
	return s, nil
}

// Marshal encodes the save as indented JSON.
func (s *Save) Marshal() ([]byte, error) { return json.MarshalIndent(s, "", " ") }

// Divergence is a replay whose re-simulation does not match its record.
type Divergence struct {
	After    int // actions applied when the hashes differed
	Expected string
	Got      string
}

func (d *Divergence) Error() string {
	if d.After == 0 {
		return fmt.Sprintf("the game diverges at its start: hash %s, recorded %s", d.Got, d.Expected)
	}
	return fmt.Sprintf("the game diverges at or before action %d (index %d): hash %s, recorded %s", d.After, d.After-1, d.Got, d.Expected)
}

// Replay re-simulates a save on its scenario, checking every checkpoint.
// It returns the game as it ends and every event.
func Replay(s *Save, sc *Scenario) (*Game, []Event, error) { return ReplayWith(s, sc, nil) }

// ReplayWith replays a save with the local player's secret of a keyed
// game (nil for none: then only the values the save reveals are known).
// It is ResumeWith's one simulation, keeping only the end.
func ReplayWith(s *Save, sc *Scenario, sec *Secret) (*Game, []Event, error) {
	h, err := ResumeWith(s, sc, sec)
	if err != nil {
		return nil, nil, err
	}
	return h.g, h.events, nil
}
