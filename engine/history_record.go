package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"pelennor/engine/rules"
)

// What the record tells without simulating anything: the events of any
// position or bound, where each bound began, the save with its
// checkpoints, and whether the last action can be taken back.

// evEnd is the number of events after n actions.
func (h *History) evEnd(n int) int {
	if n == 0 {
		return h.nStart
	}
	return h.recs[n-1].end
}

// Events returns every event so far: the start's, then each action's.
// The slice is the record's own: read it, never change it.
func (h *History) Events() []Event { return slices.Clip(h.events) }

// EventsAfter returns the events up to the position after n actions
// (0 ≤ n ≤ Len), the record's own.
func (h *History) EventsAfter(n int) []Event {
	n = max(0, min(n, len(h.actions)))
	return slices.Clip(h.events[:h.evEnd(n)])
}

// ActionEvents returns the events of action i (from 0), the record's own.
func (h *History) ActionEvents(i int) []Event {
	if i < 0 || i >= len(h.actions) {
		return nil
	}
	return slices.Clip(h.events[h.evEnd(i):h.evEnd(i+1)])
}

// EventCount returns the number of events after n actions.
func (h *History) EventCount(n int) int { return h.evEnd(max(0, min(n, len(h.actions)))) }

func (h *History) boundMark(b int) (boundMark, bool) {
	i := slices.IndexFunc(h.bounds, func(m boundMark) bool { return m.bound == b })
	if i < 0 {
		return boundMark{}, false
	}
	return h.bounds[i], true
}

// BoundStart returns the number of actions played before bound b began,
// or -1 if it has not.
func (h *History) BoundStart(b int) int {
	if m, ok := h.boundMark(b); ok {
		return m.after
	}
	return -1
}

// BoundEventStart returns the index in Events of the event that began
// bound b, or -1 if it has not begun.
func (h *History) BoundEventStart(b int) int {
	if m, ok := h.boundMark(b); ok {
		return m.event
	}
	return -1
}

// BoundEvents returns the events of bound b: from the one that began it
// to the one that began the next (or the last so far).
func (h *History) BoundEvents(b int) []Event {
	m, ok := h.boundMark(b)
	if !ok {
		return nil
	}
	end := len(h.events)
	if next, ok := h.boundMark(b + 1); ok && next.event >= m.event {
		end = next.event
	}
	return slices.Clip(h.events[m.event:end])
}

// BoundAt returns the last bound begun after n actions, as the events
// tell (0 before the first: deployment).
func (h *History) BoundAt(n int) int {
	n = max(0, min(n, len(h.actions)))
	if n > 0 {
		return h.recs[n-1].bound
	}
	b := 0
	for _, m := range h.bounds {
		if m.after == 0 {
			b = m.bound
		}
	}
	return b
}

// Actor returns the side that made action i (from 0), or -1.
func (h *History) Actor(i int) int {
	if i < 0 || i >= len(h.recs) {
		return -1
	}
	return h.recs[i].actor
}

// UndoBlock is why the last action cannot be taken back (UndoAllowed
// when it can).
type UndoBlock int

const (
	UndoAllowed    UndoBlock = iota
	UndoNothing              // no action has been played
	UndoOther                // the side to act did not make it: a hand-over lies between
	UndoDice                 // it drew dice, which are never drawn again
	UndoOpponent             // keyed games: the opponent made it (it came in a turn file)
	UndoBoundBegin           // keyed games: it began a bound, entering the bound's dice
)

var undoTexts = [...]string{
	UndoAllowed:    "the last action can be undone",
	UndoNothing:    "nothing to undo",
	UndoOther:      "the other player made the last move: it cannot be undone here",
	UndoDice:       "nothing to undo since the last dice roll: dice are never rolled again",
	UndoOpponent:   "your opponent made the last move, in the turn file: it cannot be undone",
	UndoBoundBegin: "the bound has begun and its dice are drawn: nothing before it can be undone",
}

func (b UndoBlock) String() string { return undoTexts[b] }

// UndoError is Undo's refusal, with its reason. errors.Is(err, ErrNoUndo)
// holds for every one.
type UndoError struct{ Reason UndoBlock }

func (e *UndoError) Error() string        { return e.Reason.String() }
func (e *UndoError) Is(target error) bool { return target == ErrNoUndo }

// ErrNoUndo is what every refusal of Undo is (errors.Is).
var ErrNoUndo = errors.New("nothing to undo")

// UndoBlocked says whether the last action can be undone, and if not
// why: none was played; in a keyed game it began the bound; it rolled
// dice; in a keyed game this machine's player did not make it; the side
// now to act did not make it (nobody takes back a move across a
// hand-over).
// Every bound starts with dice, so undo never leaves the bound.
func (h *History) UndoBlocked() UndoBlock {
	n := len(h.actions)
	if n == 0 {
		return UndoNothing
	}
	// Dice first: even its own player could not take that action back.
	// A keyed bound's begin draws its PIP dice but says so itself.
	if h.actions[n-1].Kind == ActBegin {
		return UndoBoundBegin
	}
	before := h.drawn
	if n > 1 {
		before = h.recs[n-2].draws
	}
	if h.recs[n-1].draws != before {
		return UndoDice
	}
	actor := h.recs[n-1].actor
	if own := h.Own(); h.keyed != nil && own >= 0 && actor != own {
		return UndoOpponent
	}
	if _, acting := h.g.ToAct(); actor != acting {
		return UndoOther
	}
	return UndoAllowed
}

// Save returns the record as a save file, with checkpoints at the start,
// at the end of every bound (in keyed games also after every action that
// rolled) and after the last action: the file Record would write, from
// the record alone.
func (h *History) Save(players []string) (*Save, error) {
	s := &Save{Format: SaveFormat, RulesVersion: rules.Version, Rulings: h.opts.Rulings, Deployment: h.opts.Deployment,
		Scenario: h.sc.Ref(), Players: players, Seats: slices.Clone(h.seats)}
	if h.keyed != nil {
		s.Keyed = h.keyed.clone()
	} else {
		s.Seed, s.Dice = h.seed, h.script
	}
	s.Actions = h.Actions()
	s.Checkpoints = append([]Checkpoint(nil), h.cps...)
	if n := len(h.actions); n > 0 && s.Checkpoints[len(s.Checkpoints)-1].After != n {
		s.Checkpoints = append(s.Checkpoints, h.g.checkpoint())
	}
	return s, nil
}

// Resume loads a save as a history, checking every checkpoint.
func Resume(s *Save, sc *Scenario) (*History, error) { return ResumeWith(s, sc, nil) }

// ResumeWith loads a save as a history with the local player's secret of
// a keyed game (nil for none), in one simulation: every action is
// applied once, and every checkpoint checked as it is reached.
func ResumeWith(s *Save, sc *Scenario, sec *Secret) (*History, error) {
	if s.Scenario.ID != sc.ID || s.Scenario.Version != sc.Version {
		return nil, fmt.Errorf("the save is for scenario %s version %d, not %s version %d", s.Scenario.ID, s.Scenario.Version, sc.ID, sc.Version)
	}
	if s.Scenario.SHA256 != sc.Checksum() {
		return nil, fmt.Errorf("the scenario %s has changed since the game was saved (checksum differs)", sc.ID)
	}
	src, err := s.source(sec)
	if err != nil {
		return nil, err
	}
	h := &History{sc: sc, seed: s.Seed, script: s.Dice, keyed: s.Keyed.clone(), secret: sec,
		opts: Options{Rulings: s.Rulings, Deployment: s.Deployment}, seats: slices.Clone(s.Seats)}
	if err := h.begin(src); err != nil {
		return nil, err
	}
	next := 0
	check := func() error {
		for next < len(s.Checkpoints) && s.Checkpoints[next].After == h.g.actions {
			cp := s.Checkpoints[next]
			// push has usually just taken this checkpoint itself (the
			// rule is Record's): hash the state once, not twice.
			got := h.cps[len(h.cps)-1]
			if got.After != h.g.actions {
				got = h.g.checkpoint()
			}
			if got != cp {
				return &Divergence{After: cp.After, Expected: cp.Hash, Got: got.Hash}
			}
			next++
		}
		return nil
	}
	if err := check(); err != nil {
		return nil, err
	}
	for i, a := range s.Actions {
		if _, err := h.push(a); err != nil {
			return nil, &ActionError{Index: i, Err: err}
		}
		if err := check(); err != nil {
			return nil, err
		}
	}
	if next < len(s.Checkpoints) {
		return nil, fmt.Errorf("checkpoint after action %d lies beyond the %d recorded actions", s.Checkpoints[next].After, len(s.Actions))
	}
	return h, nil
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
	case !sameSeed(s.Seed, h.seed) || !slices.Equal(s.Dice, h.script):
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

// sameAction compares two actions by their file encoding.
func sameAction(a, b Action) bool {
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	return errA == nil && errB == nil && string(ja) == string(jb)
}
