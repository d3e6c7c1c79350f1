package control

import (
	"pelennor/engine"
	"pelennor/game/table"
)

// Trail is where one element went in a bound: the centre of its base
// where it stood and after each move, in the order they happened.
type Trail struct {
	ID    int
	Side  int
	Bound int
	Pts   []table.Pt // from where it stood, then after each move
	Kinds []engine.EventKind
	// Kinds[i] is how it went from Pts[i] to Pts[i+1]: moved (a move the
	// player made) or a combat's outcome (recoiled, pushed, fled,
	// followed).
}

// trailKinds are the events that move an element along a trail.
var trailKinds = map[engine.EventKind]bool{
	engine.EvMoved: true, engine.EvRecoiled: true, engine.EvPushed: true,
	engine.EvFled: true, engine.EvFollowed: true,
}

// Trails are the trails of bound's events evs: every element that moved,
// starting where it stood when the bound began (start, from the game at
// the bound's beginning; nil or not found, the trail starts at its first
// move's end). via, if not nil, gives the waypoints a moved event passed
// through (from the action it came of, R21), by index in evs. An element
// arriving starts a trail where it is placed.
func Trails(g *engine.Game, bound int, evs []engine.Event, via func(i int) []engine.Pose, start func(id int) (engine.Element, bool)) []Trail {
	var out []Trail
	at := map[int]int{} // element id → index in out
	for n, ev := range evs {
		if ev.To == nil || ev.ID == 0 || ev.Bound != bound {
			continue
		}
		e, ok := g.Element(ev.ID)
		if !ok {
			continue
		}
		size := table.PoseOf(e.Base)
		to := table.FromEngine(*ev.To, size).Center()
		i, seen := at[ev.ID]
		switch {
		case ev.Kind == engine.EvArrived:
			at[ev.ID] = len(out)
			out = append(out, Trail{ID: ev.ID, Side: e.Side, Bound: bound, Pts: []table.Pt{to}})
			continue
		case !trailKinds[ev.Kind]:
			continue
		case !seen:
			t := Trail{ID: ev.ID, Side: e.Side, Bound: bound}
			if start != nil {
				if s, ok := start(ev.ID); ok && s.OnTable() {
					t.Pts = []table.Pt{table.PoseOf(s.Base).Center()}
				}
			}
			i = len(out)
			at[ev.ID] = i
			out = append(out, t)
		}
		t := &out[i]
		pts := []table.Pt{to}
		if via != nil && ev.Kind == engine.EvMoved {
			pts = nil
			for _, w := range via(n) {
				pts = append(pts, table.FromEngine(w, size).Center())
			}
			pts = append(pts, to)
		}
		for _, q := range pts {
			if len(t.Pts) > 0 {
				t.Kinds = append(t.Kinds, ev.Kind)
			}
			t.Pts = append(t.Pts, q)
		}
	}
	// An element placed but not moved has no trail to show.
	kept := out[:0]
	for _, t := range out {
		if len(t.Pts) > 1 {
			kept = append(kept, t)
		}
	}
	return kept
}

// TrailsOn reports whether the trails are shown.
func (c *Controller) TrailsOn() bool { return c.trailsOn }

// ToggleTrails shows or hides the trails of the last bound's moves.
func (c *Controller) ToggleTrails() Outcome {
	c.trailsOn = !c.trailsOn
	if c.trailsOn {
		return Outcome{Hint: "Trails of the last bound and this"}
	}
	return Outcome{Hint: "Trails hidden"}
}

// TrailBounds are the bounds whose trails are shown: the last bound (the
// other side's, just ended) and this one so far.
func (c *Controller) TrailBounds() []int {
	b := c.g().Bound()
	if b <= 1 {
		return []int{b}
	}
	return []int{b - 1, b}
}
