package engine

import (
	"errors"
	"fmt"
	"slices"

	"pelennor/engine/dice"
)

// History is a game with its record: the scenario, the dice, the options,
// every action applied with its events, where each bound began, and a
// snapshot of the game at each bound's start. Undo, redo and At restore
// the nearest earlier snapshot and apply at most a few actions, so they
// never re-simulate from the start, can never desynchronise the game, and
// never cross an action that rolled dice: those dice are never rolled
// again.
type History struct {
	sc     *Scenario
	seed   *uint64
	script []int
	keyed  *KeyedDice // play by e-mail, instead of seed and script
	secret *Secret    // the local player's, in a keyed game
	opts   Options

	g     *Game
	drawn int // dice drawn by the game's start
	// The record, one entry per action in recs and actions; events holds
	// the start's events then every action's (recs[i].end is its end).
	recs    []actionRec
	actions []Action
	events  []Event
	nStart  int         // events of the game's start
	bounds  []boundMark // every bound begun, in order
	snaps   []snapshot  // snaps[0] is the start; ascending by at
	cps     []Checkpoint
	redo    []Action // undone actions, last undone last
	seats   []string // who sits where (Save.Seats), carried for the game
}

// actionRec is what the record keeps of one action.
type actionRec struct {
	draws int // dice drawn after it
	actor int // the side that made it
	end   int // len(events) after it
	bound int // the last bound begun by then, as its events tell (0: none)
}

// boundMark is where a bound began: the index of its EvBound event and
// the number of actions played before it.
type boundMark struct{ bound, event, after int }

// snapshot is the game as it stood after a number of actions. Snapshots
// are never changed nor handed out: restoring one clones it.
type snapshot struct {
	at int
	g  *Game
}

// snapEvery caps the actions between snapshots inside a long bound, so
// that a seek applies at most this many actions (about 0.2 ms each on a
// crowded table) even in a bound of many moves.
const snapEvery = 8

// NewHistory starts a game and its record. Give a seed, or a dice script.
func NewHistory(sc *Scenario, seed *uint64, script []int, o Options) (*History, error) {
	h := &History{sc: sc, seed: seed, script: script, opts: o}
	src, err := h.source()
	if err != nil {
		return nil, err
	}
	if err := h.begin(src); err != nil {
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

// begin starts the game on src and the record with its start.
func (h *History) begin(src dice.Source) error {
	g, evs, err := NewGame(h.sc, src, h.opts)
	if err != nil {
		return err
	}
	h.g, h.drawn = g, g.Draws()
	h.recs, h.actions, h.events, h.bounds, h.redo = nil, nil, nil, nil, nil
	h.note(evs, 0)
	h.nStart = len(h.events)
	h.snaps = []snapshot{{at: 0, g: g.clone()}}
	h.cps = []Checkpoint{g.checkpoint()}
	return nil
}

// note records events, and the bounds they begin, after n actions.
func (h *History) note(evs []Event, n int) {
	for _, e := range evs {
		if e.Kind == EvBound {
			h.bounds = append(h.bounds, boundMark{bound: e.Value, event: len(h.events), after: n})
		}
		h.events = append(h.events, e)
	}
}

// Game is the game as it stands. Read it; change it only through Apply.
func (h *History) Game() *Game { return h.g }

// StartEvents are the events of the game's start.
func (h *History) StartEvents() []Event { return slices.Clip(h.events[:h.nStart]) }

// Seed returns the dice seed, or nil when the game uses a dice script.
func (h *History) Seed() *uint64 { return h.seed }

// Script returns the dice script, or nil when the game uses a seed.
func (h *History) Script() []int { return append([]int(nil), h.script...) }

// Options returns the options the game was set up with.
func (h *History) Options() Options { return h.opts }

// Len returns the number of actions applied.
func (h *History) Len() int { return len(h.actions) }

// Actions returns a copy of the actions applied so far.
func (h *History) Actions() []Action { return append([]Action(nil), h.actions...) }

// Record returns the actions applied so far without copying them. The
// slice is the record's own: read it, never change it. Later changes of
// the history never alter what an earlier call returned.
func (h *History) Record() []Action { return slices.Clip(h.actions) }

// Apply applies an action and records it. It clears the redo list.
func (h *History) Apply(a Action) ([]Event, error) {
	evs, err := h.push(a)
	if err != nil {
		return nil, err
	}
	h.redo = nil
	return evs, nil
}

// push applies an action to the game and adds it to the record, with a
// snapshot where a bound began (or snapEvery actions after the last) and
// the checkpoint a save keeps (Save).
func (h *History) push(a Action) ([]Event, error) {
	_, actor := h.g.ToAct()
	drawn := h.g.Draws()
	evs, err := h.g.Apply(a)
	if err != nil {
		return nil, err
	}
	n := len(h.actions) + 1
	began := len(h.bounds)
	h.actions = append(h.actions, a)
	h.note(evs, n)
	bound := 0
	if len(h.bounds) > 0 {
		bound = h.bounds[len(h.bounds)-1].bound
	}
	h.recs = append(h.recs, actionRec{draws: h.g.Draws(), actor: actor, end: len(h.events), bound: bound})
	if len(h.bounds) > began || n-h.snaps[len(h.snaps)-1].at >= snapEvery {
		h.snaps = append(h.snaps, snapshot{at: n, g: h.g.clone()})
	}
	// As Record writes them: at every change of bound, and in keyed games
	// at every action that rolled.
	if h.g.Bound() != h.cps[len(h.cps)-1].Bound || h.keyed != nil && h.g.Draws() != drawn {
		h.cps = append(h.cps, h.g.checkpoint())
	}
	return evs, nil
}

// CanUndo reports whether the last action can be undone (UndoBlocked
// says why not).
func (h *History) CanUndo() bool { return h.UndoBlocked() == UndoAllowed }

// Undo takes back the last action: the game is restored from the
// nearest snapshot before it, so no die is rolled again.
func (h *History) Undo() error {
	if why := h.UndoBlocked(); why != UndoAllowed {
		return &UndoError{Reason: why}
	}
	n := len(h.actions) - 1
	last := h.actions[n]
	g, err := h.restore(n)
	if err != nil {
		return err
	}
	h.truncate(n)
	h.g = g
	h.redo = append(h.redo, last)
	return nil
}

// truncate cuts the record to its first n actions. The slices are
// clipped so that appending later never overwrites what an earlier
// Record, Events or At returned.
func (h *History) truncate(n int) {
	end := h.evEnd(n)
	h.actions = slices.Clip(h.actions[:n])
	h.recs = slices.Clip(h.recs[:n])
	h.events = slices.Clip(h.events[:end])
	for len(h.bounds) > 0 && h.bounds[len(h.bounds)-1].event >= end {
		h.bounds = h.bounds[:len(h.bounds)-1]
	}
	h.bounds = slices.Clip(h.bounds)
	for len(h.snaps) > 1 && h.snaps[len(h.snaps)-1].at > n {
		h.snaps = h.snaps[:len(h.snaps)-1]
	}
	h.snaps = slices.Clip(h.snaps)
	for len(h.cps) > 1 && h.cps[len(h.cps)-1].After > n {
		h.cps = h.cps[:len(h.cps)-1]
	}
	h.cps = slices.Clip(h.cps)
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

// restore returns a new game as it stood after n actions (0 ≤ n ≤ Len):
// the nearest snapshot at or before n, cloned, with the actions after it.
func (h *History) restore(n int) (*Game, error) {
	i, _ := slices.BinarySearchFunc(h.snaps, n, func(s snapshot, n int) int { return s.at - n })
	if i == len(h.snaps) || h.snaps[i].at > n {
		i--
	}
	s := h.snaps[i]
	g := s.g.clone()
	for k := s.at; k < n; k++ {
		if _, err := g.Apply(h.actions[k]); err != nil {
			return nil, &ActionError{Index: k, Err: err}
		}
	}
	return g, nil
}

// At returns a new game as it stood after the first n actions, with the
// events of those actions (the record's own: read them, never change
// them), for replay viewers. The history is unchanged.
func (h *History) At(n int) (*Game, []Event, error) {
	if n < 0 || n > len(h.actions) {
		return nil, nil, fmt.Errorf("no position after %d actions (the game has %d)", n, len(h.actions))
	}
	g, err := h.restore(n)
	if err != nil {
		return nil, nil, err
	}
	return g, h.EventsAfter(n), nil
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
	g, err := h.restore(n)
	if err != nil {
		return nil, err
	}
	// The snapshots and the record's slices are shared: neither history
	// ever changes what it has recorded (truncate clips, append copies).
	b := *h
	b.keyed = h.keyed.clone()
	b.g = g
	b.redo = nil
	b.actions, b.recs, b.events, b.bounds, b.snaps, b.cps = slices.Clip(h.actions), slices.Clip(h.recs),
		slices.Clip(h.events), slices.Clip(h.bounds), slices.Clip(h.snaps), slices.Clip(h.cps)
	b.truncate(n)
	return &b, nil
}
