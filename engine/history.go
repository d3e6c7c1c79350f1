package engine

import (
	"encoding/json"
	"errors"
	"fmt"

	"pelennor/engine/dice"
)

// History is a game with its record: the scenario, the dice, the options
// and every action applied. Undo and redo re-simulate from the start, so
// they can never desynchronise the game, and never cross an action that
// rolled dice: those dice are never rolled again.
type History struct {
	sc      *Scenario
	seed    *uint64
	script  []int
	keyed   *KeyedDice // play by e-mail, instead of seed and script
	secret  *Secret    // the local player's, in a keyed game
	opts    Options
	actions []Action
	draws   []int    // dice drawn after each action
	actors  []int    // the side that made each action
	redo    []Action // undone actions, last undone last
	g       *Game
	start   []Event
	drawn   int // dice drawn by the game's start
}

// NewHistory starts a game and its record. Give a seed, or a dice script.
func NewHistory(sc *Scenario, seed *uint64, script []int, o Options) (*History, error) {
	h := &History{sc: sc, seed: seed, script: script, opts: o}
	if err := h.restart(); err != nil {
		return nil, err
	}
	return h, nil
}

func (h *History) source() (dice.Source, error) {
	if h.keyed != nil {
		ring, err := h.keyed.keyring(h.secret)
		if err != nil {
			return nil, err
		}
		return dice.NewKeyed(h.keyed.Match, ring), nil
	}
	if h.seed != nil {
		return dice.NewPCG(*h.seed), nil
	}
	return dice.NewScripted(h.script)
}

func (h *History) restart() error {
	src, err := h.source()
	if err != nil {
		return err
	}
	g, evs, err := NewGame(h.sc, src, h.opts)
	if err != nil {
		return err
	}
	h.g, h.start, h.drawn = g, evs, g.Draws()
	return nil
}

// Game is the game as it stands. Read it; change it only through Apply.
func (h *History) Game() *Game { return h.g }

// StartEvents are the events of the game's start.
func (h *History) StartEvents() []Event { return h.start }

// Seed returns the dice seed, or nil when the game uses a dice script.
func (h *History) Seed() *uint64 { return h.seed }

// Script returns the dice script, or nil when the game uses a seed.
func (h *History) Script() []int { return append([]int(nil), h.script...) }

// Options returns the options the game was set up with.
func (h *History) Options() Options { return h.opts }

// Actions returns the actions applied so far.
func (h *History) Actions() []Action { return append([]Action(nil), h.actions...) }

// Apply applies an action and records it. It clears the redo list.
func (h *History) Apply(a Action) ([]Event, error) {
	_, actor := h.g.ToAct()
	evs, err := h.g.Apply(a)
	if err != nil {
		return nil, err
	}
	h.actions = append(h.actions, a)
	h.draws = append(h.draws, h.g.Draws())
	h.actors = append(h.actors, actor)
	h.redo = nil
	return evs, nil
}

// CanUndo reports whether the last action can be undone: it rolled no
// dice, and the side that made it is still the one to act (so nobody
// takes back a move across a hand-over). Every bound starts with dice,
// so undo never leaves the bound.
func (h *History) CanUndo() bool {
	n := len(h.actions)
	if n == 0 {
		return false
	}
	if _, acting := h.g.ToAct(); h.actors[n-1] != acting {
		return false
	}
	if h.actions[n-1].Kind == ActBegin { // a keyed bound's start, like a seeded one's, is not undone
		return false
	}
	before := h.drawn
	if n > 1 {
		before = h.draws[n-2]
	}
	return h.draws[n-1] == before
}

// ErrNoUndo is returned when the last action cannot be undone.
var ErrNoUndo = errors.New("nothing to undo since the last dice roll")

// Undo takes back the last action by re-simulating the game without it.
func (h *History) Undo() error {
	if !h.CanUndo() {
		return ErrNoUndo
	}
	last := h.actions[len(h.actions)-1]
	kept := h.actions[:len(h.actions)-1]
	if err := h.replayTo(kept); err != nil {
		return err
	}
	h.redo = append(h.redo, last)
	return nil
}

// CanRedo reports whether an undone action can be applied again.
func (h *History) CanRedo() bool { return len(h.redo) > 0 }

// Redo applies the last undone action again.
func (h *History) Redo() ([]Event, error) {
	if len(h.redo) == 0 {
		return nil, errors.New("nothing to redo")
	}
	a := h.redo[len(h.redo)-1]
	rest := h.redo[:len(h.redo)-1]
	evs, err := h.Apply(a)
	if err != nil {
		return nil, err
	}
	h.redo = rest
	return evs, nil
}

// replayTo rebuilds the game from its start with the given actions.
func (h *History) replayTo(actions []Action) error {
	if err := h.restart(); err != nil {
		return err
	}
	h.actions, h.draws, h.actors = nil, nil, nil
	for i, a := range append([]Action(nil), actions...) {
		_, actor := h.g.ToAct()
		if _, err := h.g.Apply(a); err != nil {
			return &ActionError{Index: i, Err: err}
		}
		h.actions = append(h.actions, a)
		h.draws = append(h.draws, h.g.Draws())
		h.actors = append(h.actors, actor)
	}
	return nil
}

// Save returns the record as a save file, with checkpoints at the start,
// at the end of every bound and after the last action.
func (h *History) Save(players []string) (*Save, error) {
	var s *Save
	var err error
	if h.keyed != nil {
		s, _, err = RecordKeyed(h.sc, h.keyed, h.secret, h.opts, h.actions)
	} else {
		s, _, err = Record(h.sc, h.seed, h.script, h.opts, h.actions)
	}
	if err != nil {
		return nil, err
	}
	s.Players = players
	return s, nil
}

// Resume loads a save as a history, checking every checkpoint.
func Resume(s *Save, sc *Scenario) (*History, error) { return ResumeWith(s, sc, nil) }

// ResumeWith loads a save as a history with the local player's secret of
// a keyed game (nil for none).
func ResumeWith(s *Save, sc *Scenario, sec *Secret) (*History, error) {
	if _, _, err := ReplayWith(s, sc, sec); err != nil {
		return nil, err
	}
	h := &History{sc: sc, seed: s.Seed, script: s.Dice, keyed: s.Keyed.clone(), secret: sec,
		opts: Options{Rulings: s.Rulings, Deployment: s.Deployment}}
	if err := h.replayTo(s.Actions); err != nil {
		return nil, err
	}
	return h, nil
}

// At returns a new game as it stood after the first n actions, with the
// events of those actions, for replay viewers. The history is unchanged.
func (h *History) At(n int) (*Game, []Event, error) {
	if n < 0 || n > len(h.actions) {
		return nil, nil, fmt.Errorf("no position after %d actions (the game has %d)", n, len(h.actions))
	}
	src, err := h.source()
	if err != nil {
		return nil, nil, err
	}
	g, evs, err := NewGame(h.sc, src, h.opts)
	if err != nil {
		return nil, nil, err
	}
	for i, a := range h.actions[:n] {
		e, err := g.Apply(a)
		if err != nil {
			return nil, nil, &ActionError{Index: i, Err: err}
		}
		evs = append(evs, e...)
	}
	return g, evs, nil
}

// Branch returns a new history that starts as this one stood after n
// actions ("play from here"), leaving this one untouched.
func (h *History) Branch(n int) (*History, error) {
	if n < 0 || n > len(h.actions) {
		return nil, fmt.Errorf("no position after %d actions (the game has %d)", n, len(h.actions))
	}
	if h.keyed != nil && n < len(h.actions) {
		// Its dice are fixed by both players' secrets: a branch would play
		// a part again knowing its dice.
		return nil, errors.New("a play-by-e-mail match cannot be played again from an earlier point")
	}
	b := &History{sc: h.sc, seed: h.seed, script: h.script, keyed: h.keyed.clone(), secret: h.secret, opts: h.opts}
	if err := b.replayTo(h.actions[:n]); err != nil {
		return nil, err
	}
	return b, nil
}

// Continues checks that a later save of the same game (a play-by-e-mail
// turn file) begins with exactly this history: same scenario, dice,
// options and actions, and the same hash where this history ends.
func (h *History) Continues(s *Save) error {
	switch {
	case s.Scenario.ID != h.sc.ID || s.Scenario.SHA256 != h.sc.Checksum():
		return fmt.Errorf("the turn file is for scenario %s, not this game's %s", s.Scenario.ID, h.sc.ID)
	case (s.Keyed == nil) != (h.keyed == nil) || s.Keyed != nil && s.Keyed.Match != h.keyed.Match:
		return errors.New("the turn file is of another match")
	case !sameSeed(s.Seed, h.seed) || !sameInts(s.Dice, h.script):
		return errors.New("the turn file's dice are not this game's: it is another game")
	case s.Rulings != h.opts.Rulings || s.Deployment != h.opts.Deployment:
		return errors.New("the turn file was played with other options: it is another game")
	case len(s.Actions) < len(h.actions):
		return fmt.Errorf("the turn file has %d actions, fewer than this game's %d: it is older than this game", len(s.Actions), len(h.actions))
	}
	for i, a := range h.actions {
		if !sameAction(a, s.Actions[i]) {
			return fmt.Errorf("the turn file's history differs from this game at action %d (index %d)", i+1, i)
		}
	}
	return nil
}

func sameSeed(a, b *uint64) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }

func sameInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// sameAction compares two actions by their file encoding.
func sameAction(a, b Action) bool {
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	return errA == nil && errB == nil && string(ja) == string(jb)
}
