package control

import (
	"math"
	"slices"

	"pelennor/engine"
	"pelennor/game/table"
)

// groupOptions is what the engine says of the dragged group
// (engine.Game.GroupOptions), asked once per drag: nothing changes the
// position while the group is in hand.
func (c *Controller) groupOptions(d *Drag) *engine.GroupOptions {
	if d.group == nil {
		o, err := c.g().GroupOptions(d.IDs)
		if err != nil || o == nil {
			o = &engine.GroupOptions{}
		}
		d.group = o
	}
	return d.group
}

// snapGroup snaps the group's ghost to the nearest of the group's legal
// contacts (GroupOptions' contacts, each made by one member with the rest
// conforming), within reach paces of that member's free ghost; it
// reports whether it did.
func (c *Controller) snapGroup(d *Drag, reach float64) bool {
	best, bestD := -1, math.Inf(1)
	cs := c.groupOptions(d).Contacts
	for i, cc := range cs {
		m := slices.Index(d.IDs, cc.By)
		if m < 0 {
			continue
		}
		p := table.FromEngine(cc.Pose, d.From[m])
		gh := d.Ghost[m]
		dd := math.Hypot(p.X-gh.X, p.Y-gh.Y) + math.Abs(math.Remainder(p.Facing-gh.Facing, 4096))/4096*200
		if dd <= reach && dd < bestD {
			best, bestD = i, dd
		}
	}
	if best < 0 {
		return false
	}
	d.Action = cs[best].Action
	d.Snapped = true
	return true
}

// groupGoing is the group's allowance where its ghost stands: the
// slowest member's, each asked of the engine at its own ghost pose, with
// that member's going (or why it may not go there).
func groupGoing(g *engine.Game, d *Drag) Going {
	out := Going{Allow: math.MaxInt}
	for i, id := range d.IDs {
		gi := AllowanceOf(g, id, table.ToEngine(d.Ghost[i]))
		if gi.Allow < out.Allow {
			out = gi
		}
	}
	return out
}

// groupDist is how far the group's ghost is from where it stands: its
// furthest-moving member's move, for the ruler when the engine refuses.
func groupDist(g *engine.Game, d *Drag) float64 {
	far := 0.0
	for i, id := range d.IDs {
		if e, ok := g.Element(id); ok {
			far = math.Max(far, table.MoveDist(e, table.ToEngine(d.Ghost[i])))
		}
	}
	return far
}
