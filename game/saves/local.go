package saves

import (
	"fmt"
	"slices"

	"pelennor/engine"
)

// The local game of a match: the one a turn file must continue.

// SameMatch reports whether two saves are of the same match: the same
// scenario (id and checksum), dice and options. Play-by-e-mail saves are
// of the same match when their match ids are the same (Local then checks
// the commitments).
func SameMatch(a, b *engine.Save) bool {
	if (a.Keyed == nil) != (b.Keyed == nil) || a.Keyed != nil && a.Keyed.Match != b.Keyed.Match {
		return false
	}
	return a.Scenario.ID == b.Scenario.ID && a.Scenario.SHA256 == b.Scenario.SHA256 &&
		((a.Seed == nil && b.Seed == nil) || (a.Seed != nil && b.Seed != nil && *a.Seed == *b.Seed)) &&
		slices.Equal(a.Dice, b.Dice) && a.Rulings == b.Rulings && a.Deployment == b.Deployment
}

// Local finds the local game of the same match as s, in the saves and
// autosaves (leaving out the file itself, skip): the one with the
// longest history. s must continue it (engine.History.Continues; for a
// play-by-e-mail match engine.History.Receive, which also checks the
// commitments, the revealed values and who made the new actions): else
// the error names the file and says why. Local returns nil and no error
// when there is no such game.
func (l *Library) Local(file string, s *engine.Save, skip Info) (*Game, error) {
	return l.local(file, s, nil, skip)
}

// LocalOf is Local for a file already read (Read): a play-by-e-mail turn
// file is then checked without simulating it again
// (engine.History.ReceiveResumed).
func (l *Library) LocalOf(t *Game, skip Info) (*Game, error) {
	return l.local(t.File, t.Save, t.H, skip)
}

func (l *Library) local(file string, s *engine.Save, read *engine.History, skip Info) (*Game, error) {
	var cands []Info
	for _, area := range []string{AreaSaves, AreaAuto} {
		infos, err := l.List(area)
		if err != nil {
			continue
		}
		for _, in := range infos {
			if in.Err != nil || (in.Area == skip.Area && in.Name == skip.Name) || !SameMatch(in.save, s) {
				continue
			}
			cands = append(cands, in)
		}
	}
	if len(cands) == 0 {
		return nil, nil
	}
	// The longest history; the newest among equals.
	slices.SortStableFunc(cands, func(a, b Info) int { return b.Actions - a.Actions })
	c := cands[0]
	g, err := l.Open(c.Area, c.Name)
	if err != nil {
		return nil, fmt.Errorf("%s: your own game of this match (%s) cannot be read: %w", file, c.Title(), err)
	}
	check := g.H.Continues
	if s.Keyed != nil {
		check = func(s *engine.Save) error { _, err := g.H.ReceiveResumed(s, read); return err }
	}
	if err := check(s); err != nil {
		return nil, fmt.Errorf("%s does not continue your game (%s): %w", file, c.Title(), err)
	}
	return g, nil
}

// BoundStarts returns, for each bound of a history, the number of
// actions played before it began (bound 1 of a game without deployment
// begins after 0; a deployment is bound 0, from the start), from the
// history's record: nothing is simulated.
func BoundStarts(h *engine.History) map[int]int {
	out := map[int]int{}
	if h.BoundAt(0) == 0 {
		out[0] = 0
	}
	for b := 1; b <= h.BoundAt(h.Len()); b++ {
		if k := h.BoundStart(b); k >= 0 {
			out[b] = k
		}
	}
	return out
}
