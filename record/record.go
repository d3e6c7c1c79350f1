// Package record proves a game's result from its record: a save or
// play-by-e-mail turn file is replayed from its actions, every checkpoint
// checked, and the result read from the engine's queries and typed events
// of the game as it ends (docs/formats.md, "Verified outcome"). Nothing is
// taken from the file's words: a result that Verify returns is the one
// the engine reaches by playing the game again.
//
// The package imports no graphics and nothing of game/, so a tournament,
// the command line and a server on the organiser's machine share it.
package record

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"pelennor/engine"
	"pelennor/engine/digest"
	"pelennor/engine/rules"
)

// Lookup finds a scenario by its id, for saves that do not carry theirs.
type Lookup func(id string) (*engine.Scenario, error)

// Outcome is a game's verified result.
type Outcome struct {
	File     string `json:"file"`
	Kind     string `json:"kind"` // "save" or "turn" (a play-by-e-mail turn file)
	Scenario struct {
		ID      string `json:"id"`
		Version int    `json:"version"`
		Name    string `json:"name"`
	} `json:"scenario"`
	Sides [2]Side `json:"sides"`
	// Over says whether the game has ended. An unfinished game has no
	// result: Winner is then -1 too, and a tournament refuses it.
	Over bool `json:"over"`
	// Winner is the winning side (0 or 1), or -1 for a draw or a game not
	// over.
	Winner     int    `json:"winner"`
	Result     string `json:"result"` // "win", "draw" or "unfinished"
	Bounds     int    `json:"bounds"` // the bound the game stands in (ended in)
	TimeCalled bool   `json:"timeCalled"`
	// TimeCalledBound is the bound time was called in (0 if it was not).
	TimeCalledBound int    `json:"timeCalledBound,omitempty"`
	Actions         int    `json:"actions"`
	Hash            string `json:"hash"`   // the engine's state hash at the end
	Digest          string `json:"digest"` // identifies the game (Digest)
}

// Side is one side's part of an outcome. Losses are counted as the game
// ends (ruling N20).
type Side struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Player  string `json:"player,omitempty"`
	StartAP int    `json:"startAP"`
	APLost  int    `json:"apLost"`
	// GeneralsLost counts the side's generals destroyed, fled off,
	// ensorcelled or gone from the table (R17), one a command.
	GeneralsLost int `json:"generalsLost"`
	// StrongholdTaken: this side captured an enemy stronghold.
	StrongholdTaken bool `json:"strongholdTaken"`
	// Lost is the losing condition this side met (the engine's code:
	// general_lost, ap_lost, stronghold_captured, …), or "".
	Lost engine.Code `json:"lost,omitempty"`
}

// Error is a file that does not verify.
type Error struct {
	File string
	Err  error
}

func (e *Error) Error() string { return e.File + ": " + e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// Verify replays a save or turn file (its bytes data, named file in
// messages) and returns its outcome. The scenario is the one the save
// carries, else lookup's for the save's scenario id (lookup may be nil);
// either must be the very scenario the game was played on. Every error
// is an *Error naming the file: not a save, an unknown or changed
// scenario, an action refused or a checkpoint missed on replay (the
// action named).
func Verify(file string, data []byte, lookup Lookup) (Outcome, error) {
	fail := func(err error) (Outcome, error) { return Outcome{}, &Error{File: file, Err: err} }
	s, err := engine.ParseSave(file, data)
	if err != nil {
		// ParseSave's messages begin with the file's name already.
		return fail(errors.New(strings.TrimPrefix(err.Error(), file+": ")))
	}
	sc, err := scenarioOf(file, s, lookup)
	if err != nil {
		return fail(err)
	}
	h, err := engine.Resume(s, sc)
	if err != nil {
		return fail(failure(s, err))
	}
	return outcomeOf(file, s, h), nil
}

// scenarioOf is the scenario a save was played on.
func scenarioOf(file string, s *engine.Save, lookup Lookup) (*engine.Scenario, error) {
	sc, err := s.EmbeddedScenario(file)
	switch {
	case err != nil:
		return nil, errors.New(strings.TrimPrefix(err.Error(), file+": "))
	case sc != nil:
		return sc, nil
	case lookup == nil:
		return nil, fmt.Errorf("the game is on scenario %q, which it does not carry, and no catalog was given", s.Scenario.ID)
	}
	sc, err = lookup(s.Scenario.ID)
	if err != nil {
		return nil, fmt.Errorf("the game is on scenario %q: %v", s.Scenario.ID, err)
	}
	if sc.ID != s.Scenario.ID || sc.Version != s.Scenario.Version || sc.Checksum() != s.Scenario.SHA256 {
		return nil, fmt.Errorf("wrong scenario: the game was played on %s version %d (checksum %.12s…), the catalog's is %s version %d (checksum %.12s…)",
			s.Scenario.ID, s.Scenario.Version, s.Scenario.SHA256, sc.ID, sc.Version, sc.Checksum())
	}
	return sc, nil
}

// failure says where a replay left the record: the refused action, or
// the actions between the last checkpoint that matched and the first
// that did not.
func failure(s *engine.Save, err error) error {
	var ae *engine.ActionError
	var div *engine.Divergence
	switch {
	case errors.As(err, &ae):
		return fmt.Errorf("tampered or broken record: action %d (%s) is refused on replay: %v", ae.Index+1, kindOf(s, ae.Index), ae.Err)
	case errors.As(err, &div) && div.After == 0:
		return fmt.Errorf("tampered or broken record: it diverges at its start (hash %s, recorded %s)", div.Got, div.Expected)
	case errors.As(err, &div):
		from := 0
		for _, cp := range s.Checkpoints {
			if cp.After < div.After {
				from = max(from, cp.After)
			}
		}
		if from+1 == div.After {
			return fmt.Errorf("tampered or broken record: it diverges at action %d (%s): hash %s, recorded %s",
				div.After, kindOf(s, div.After-1), div.Got, div.Expected)
		}
		return fmt.Errorf("tampered or broken record: it diverges at one of actions %d to %d (the checkpoint after action %d has hash %s, recorded %s)",
			from+1, div.After, div.After, div.Got, div.Expected)
	}
	return err
}

func kindOf(s *engine.Save, i int) string {
	if i >= 0 && i < len(s.Actions) {
		return s.Actions[i].Kind
	}
	return "?"
}

// outcomeOf reads the outcome of a replayed game.
func outcomeOf(file string, s *engine.Save, h *engine.History) Outcome {
	g := h.Game()
	sc := g.Scenario()
	o := Outcome{File: file, Kind: s.Kind, Over: g.Phase() == engine.PhaseOver, Winner: g.Winner(),
		Bounds: g.Bound(), TimeCalled: g.TimeCalled(), Actions: g.Actions(), Hash: g.Hash(), Digest: Digest(s, g.Hash())}
	if o.Kind == "" {
		o.Kind = "save"
	}
	o.Scenario.ID, o.Scenario.Version, o.Scenario.Name = sc.ID, sc.Version, sc.Name
	switch {
	case !o.Over:
		o.Winner, o.Result = -1, "unfinished"
	case o.Winner < 0:
		o.Result = "draw"
	default:
		o.Result = "win"
	}
	for i := range o.Sides {
		o.Sides[i].ID, o.Sides[i].Name = sc.Sides[i].ID, sc.Sides[i].Name
		if i < len(s.Players) {
			o.Sides[i].Player = s.Players[i]
		}
	}
	side := sideIndex(sc)
	for c, spec := range sc.Commands {
		sd := &o.Sides[side[spec.Side]]
		sd.StartAP += g.StartAP(c)
		sd.APLost += g.LostAP(c)
	}
	for _, e := range g.Elements() {
		if e.General && e.Status != engine.OnTable && e.Status != engine.Reserve {
			o.Sides[e.Side].GeneralsLost++
		}
	}
	for _, ev := range h.Events() {
		switch {
		case ev.Code == engine.CodeCaptured:
			// The stronghold's owner loses it; the other side took it.
			if e, ok := g.Element(ev.ID); ok && e.Type == rules.Stronghold {
				o.Sides[1-e.Side].StrongholdTaken = true
			}
		case ev.Code == engine.CodeTimeCalled:
			o.TimeCalledBound = ev.Bound
		case ev.Code == engine.CodeLose || ev.Code == engine.CodeBothLose:
			for _, l := range ev.Lost {
				if i, ok := side[l.Side]; ok {
					o.Sides[i].Lost = l.Code
				}
			}
		}
	}
	return o
}

// sideIndex maps side ids to their index.
func sideIndex(sc *engine.Scenario) map[string]int {
	m := map[string]int{}
	for i, s := range sc.Sides {
		m[s.ID] = i
	}
	return m
}

// Digest identifies a game: SHA-256 of what fixes it (the scenario, the
// options, the dice — a seed, a script or a keyed match's id — and every
// action) and the state hash it ends on, in hex. Who played it, when the
// file was written, the carried scenario's bytes and how many
// checkpoints it has are left out, so the same game uploaded twice, or
// from each player's machine, has the same digest; a game played on has
// another.
func Digest(s *engine.Save, final string) string {
	match := ""
	if s.Keyed != nil {
		match = s.Keyed.Match
	}
	id := struct {
		Format     string          `json:"f"`
		Scenario   string          `json:"sc"`
		Version    int             `json:"v"`
		SHA        string          `json:"sha"`
		Rulings    rules.Rulings   `json:"r"`
		Deployment bool            `json:"d"`
		Seed       *uint64         `json:"seed"`
		Dice       []int           `json:"dice"`
		Match      string          `json:"match"`
		Actions    []engine.Action `json:"a"`
		Final      string          `json:"end"`
	}{"pelennor-record-1", s.Scenario.ID, s.Scenario.Version, s.Scenario.SHA256, s.Rulings, s.Deployment,
		s.Seed, s.Dice, match, s.Actions, final}
	if len(id.Dice) == 0 {
		id.Dice = nil
	}
	data, err := json.Marshal(id)
	if err != nil {
		// Plain data always marshals; fall back to its printed form.
		data = fmt.Appendf(nil, "%+v", id)
	}
	sum := digest.Sum256(data)
	return hex.EncodeToString(sum[:])
}
