package control

import (
	"fmt"
	"slices"

	"pelennor/engine"
)

// Line is a line of text to show, with its tone.
type Line struct {
	Text string
	Tone Tone
}

// Label is what the ghost's tag says: the distance against the
// allowance and its going, the cost, a snapped contact, or the engine's
// reason for refusing. dist words a distance in paces (inches or paces,
// as the player chose).
func (d *Drag) Label(dist func(float64) string) []Line {
	var first string
	switch d.Kind {
	case engine.ActDeploy:
		first = "Deploy here"
	case engine.ActPlace:
		first = "Place on arrival (free)"
	default:
		first = dist(d.Dist)
		if len(d.Legs) > 1 {
			first = d.legsText(dist)
		}
		if d.Going.Allow > 0 {
			first += " of " + dist(float64(d.Going.Allow)) + " (" + d.Going.Name + ")"
		}
	}
	lines := []Line{{first, TonePlain}}
	if d.OK && d.Cost > 0 {
		lines = append(lines, Line{fmt.Sprintf("%d PIP%s: %s", d.Cost, Plural(d.Cost), d.CostWhy), ToneCost})
	}
	if t := d.TurnText(); t != "" {
		lines = append(lines, Line{t, ToneInfo})
	}
	switch {
	case d.Overlap:
		lines = append(lines, Line{"Overlap: front corners meet (R11)", ToneInfo})
	case d.Snapped:
		lines = append(lines, Line{"Contact: conformed to the enemy", ToneInfo})
	}
	if !d.OK && d.Reason != "" {
		lines = append(lines, Line{d.Reason, ToneBad})
	}
	return lines
}

// Verdict is the ghost's colour: legal or not.
func (d *Drag) Verdict() Tone {
	if d.OK {
		return ToneGood
	}
	return ToneBad
}

// Mark is how an element is highlighted on the table.
type Mark int

// The marks.
const (
	MarkNone     Mark = iota
	MarkSelected      // selected, the shooter or an aider
	MarkTarget        // a target the shooter may choose (or the one chosen)
)

// Marked is how element id is highlighted now.
func (c *Controller) Marked(id int) Mark {
	s := c.Shot
	switch {
	case slices.Contains(c.Sel, id) || id == s.Shooter && id != 0 || slices.Contains(s.Aiders, id):
		return MarkSelected
	case slices.Contains(s.Targets, id) && (s.Target == 0 || s.Target == id):
		return MarkTarget
	}
	return MarkNone
}

// View is what the table shows of the controller's state: the scenes
// draw it and decide nothing.
type View struct {
	Sel     []int
	Shot    Shot
	Drag    *Drag // the move being dragged, or the element being placed
	Placing bool
	Box     *[4]float64 // a box selection, screen corners
	Lines   []Line      // the ghost's tag
}

// View returns what to show now; dist words distances.
func (c *Controller) View(dist func(float64) string) View {
	v := View{Sel: c.Sel, Shot: c.Shot, Drag: c.drag, Box: c.box}
	if c.placing != nil {
		v.Drag, v.Placing = c.placing, true
	}
	if c.drag != nil && c.drag.Ghost != nil {
		v.Lines = c.drag.Label(dist)
	}
	return v
}
