package control

import (
	"math"

	"pelennor/engine"
	"pelennor/engine/rules"
	"pelennor/game/table"
)

// Ranges is what the tape shows of an element: its command's range
// about the general, what it may shoot or bespell and how far, and where
// its move can reach, every one the engine's answer.
type Ranges struct {
	ID      int
	General table.Pose // the command's general, if Command
	Command *engine.CommandRange
	Fire    *engine.FireOptions // nil unless it shoots or bespells
	NoShot  string              // why it has no target, "" if it has one
	Reach   []engine.Pose       // its move's outline; nil if it may not move
	Allow   Going               // its move where it stands
}

// RangesOf is what the tape shows of element id (0 or an element off the
// table: nothing).
func (c *Controller) RangesOf(id int) (Ranges, bool) {
	g := c.g()
	e, ok := g.Element(id)
	if !ok || !e.OnTable() || e.Type == rules.Stronghold {
		return Ranges{}, false
	}
	r := Ranges{ID: id}
	for _, cr := range c.commandRanges(e.Side) {
		if cr.Command != g.Scenario().Commands[e.Cmd].ID || !cr.OnTable || cr.Decided != "" {
			continue
		}
		if gen, ok := g.Element(cr.General); ok {
			cr := cr
			r.Command, r.General = &cr, table.PoseOf(gen.Base)
		}
	}
	if f := c.FireOf(id); f != nil && f.Kind != "" {
		r.Fire = f
		if len(f.Targets) == 0 {
			r.NoShot = c.NoShotWhy(id)
		}
	}
	r.Reach = c.ReachOf(id)
	r.Allow = AllowanceOf(g, id, table.EnginePoseOf(e))
	return r, true
}

// commandRanges is side's command ranges now (engine.Game.CommandRanges).
func (c *Controller) commandRanges(side int) []engine.CommandRange {
	return c.queries.ranges.get(c.queryKey(-10-side), func() []engine.CommandRange { return c.g().CommandRanges(side) })
}

// Outline is base p grown by r paces all round (the points within r of
// the base, nearest points measured, as the engine measures ranges):
// its straight sides and rounded corners, as a closed polyline of
// points.
func Outline(p table.Pose, r float64) []table.Pt {
	cs := p.Corners()
	ctr := p.Center()
	normal := func(a, b table.Pt) float64 {
		dx, dy := b.X-a.X, b.Y-a.Y
		n := table.Pt{X: dy, Y: -dx}
		mid := table.Pt{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2}
		if (mid.X-ctr.X)*n.X+(mid.Y-ctr.Y)*n.Y < 0 {
			n = table.Pt{X: -n.X, Y: -n.Y}
		}
		return math.Atan2(n.Y, n.X)
	}
	var out []table.Pt
	for i := range cs {
		prev, next := cs[(i+3)%4], cs[(i+1)%4]
		a0, a1 := normal(prev, cs[i]), normal(cs[i], next)
		sweep := math.Remainder(a1-a0, 2*math.Pi)
		const steps = 8
		for k := 0; k <= steps; k++ {
			a := a0 + sweep*float64(k)/steps
			out = append(out, table.Pt{X: cs[i].X + r*math.Cos(a), Y: cs[i].Y + r*math.Sin(a)})
		}
	}
	return out
}
