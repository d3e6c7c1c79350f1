package game

import (
	"fmt"
	"slices"

	"pelennor/engine"
	"pelennor/game/control"
	"pelennor/game/ui"
)

// computerPlay is the battle's part of the computer's play: when it may
// act next, and what it did last (shown selected).
type computerPlay struct {
	due    int    // the frame from which it may act: a pause after each action
	locked bool   // the table was locked for it last frame
	state  string // "thinking", "paused" or "" (acting at its pace)
}

// hints are the bar's wordings while the computer plays: what it is
// doing, and what the person may do meanwhile.
func (p computerPlay) hints(locked string) []string {
	what := control.Capitalise(locked)
	switch p.state {
	case "thinking":
		what += " · thinking…"
	case "paused":
		what += " · paused (Resume goes on)"
	}
	return []string{what + " · drag the ground to pan · wheel zooms · click to inspect", what}
}

// updateComputer lets the computer play the side to act when it sits
// there: it locks the table for the person (who may still look, pan,
// zoom and open the menu), thinks off the frame, and submits its action
// once it is ready and the pause after the last action has passed. Any
// other computer seat stops thinking.
func (b *Battle) updateComputer(a *App) {
	s := a.session(b.M)
	g := b.M.G
	_, acting := g.ToAct()
	over := b.M.Over()
	for side := range s.Seats {
		if c := s.Computer(side); c != nil && (side != acting || over) {
			c.Stop()
		}
	}
	c := s.Computer(acting)
	b.Locked = ""
	if c == nil || over {
		if b.comp.locked {
			b.Cancel() // the computer's last element is no longer to be shown
			b.comp.locked = false
		}
		return
	}
	b.Locked = "the computer is playing " + b.M.SideName(acting)
	b.comp.locked = true
	if s.Paused {
		b.comp.state = "paused"
		return
	}
	act, ok := c.Next(g)
	b.comp.state = ""
	if c.Thinking() {
		b.comp.state = "thinking"
	}
	if err := c.Failed(); err != nil {
		s.Paused = true
		a.Toast(fmt.Sprintf("The computer found nothing to play (%v): it is paused", err), ui.Bad)
		return
	}
	if !ok || a.Frame() < b.comp.due {
		return
	}
	if !b.submit(a, act) {
		s.Paused = true
		a.Toast("The computer is paused: the engine refused its action", ui.Bad)
		return
	}
	// What it moved stays selected until its next action: the person
	// follows its bound as a replay is followed.
	if b.M.G == g && !b.M.Over() {
		b.Sel = actedOn(act)
	}
}

// actedOn are the elements an action concerns, for the selection.
func actedOn(act engine.Action) []int {
	ids := slices.Clone(act.IDs)
	if act.ID != 0 && !slices.Contains(ids, act.ID) {
		ids = append([]int{act.ID}, ids...)
	}
	return ids
}

// computerThinking reports whether the computer is working out its
// next action now (the hook's state, the bar's note).
func (a *App) computerThinking() bool {
	if a.sess == nil {
		return false
	}
	for side := range a.sess.Seats {
		if c := a.sess.Computer(side); c != nil && c.Thinking() {
			return true
		}
	}
	return false
}

// updateComputer plays the computer's step of a standard battle's
// set-up (its roll, its terrain, its edge die, its stronghold) at the
// computer's pace; it reports whether the screen was left.
func (s *SetupField) updateComputer(a *App) bool {
	sess := a.session(s.M)
	_, side := s.step()
	c := sess.Computer(side)
	if c == nil || sess.Paused {
		return false
	}
	act, ok := c.Next(s.M.G)
	if err := c.Failed(); err != nil {
		sess.Paused = true
		a.Toast(fmt.Sprintf("The computer found nothing to play (%v): it is paused", err), ui.Bad)
		return false
	}
	if !ok || a.Frame() < s.comp.due {
		return false
	}
	s.comp.due = a.Frame() + a.Settings.Speed.Pause()
	played := len(s.M.Actions)
	s.submitAll(a, []engine.Action{act})
	if len(s.M.Actions) == played {
		sess.Paused = true // refused: the note says why
	}
	_, ok = a.Top().(*SetupField)
	return !ok
}

// handOver covers a match just opened (loaded, continued, branched)
// with the hand-over to the person to act; when the computer is to act
// it simply plays on (no hand-over to a computer, C3).
func (a *App) handOver(m *Match) {
	if _, acting := m.G.ToAct(); a.session(m).Computer(acting) != nil {
		return
	}
	a.Push(NewHandover(a, m, -1))
}
