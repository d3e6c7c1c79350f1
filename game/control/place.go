package control

import (
	"pelennor/engine"
	"pelennor/engine/rules"
	"pelennor/game/table"
)

// entryFacing is how a returning element faces: away from the edge it
// comes in from (4096ths of a turn).
var entryFacing = map[string]float64{"north": 2048, "east": 3072, "south": 0, "west": 1024}

// StartPlacing begins bringing element id on as the engine's Arrivals
// offer it (replace, desorcel, summon). A scenario may fix where it returns
// (engine.Arrival with no edge and one pose): then there is nothing to
// place and the action is submitted at once.
func (c *Controller) StartPlacing(id int) Outcome {
	g := c.g()
	kind := ""
	for _, arr := range c.Arrivals() {
		if arr.ID == id {
			kind = arr.Kind
			break
		}
	}
	for _, arr := range c.Arrivals() {
		if arr.ID == id && arr.Kind == kind && arr.Edge == "" && len(arr.Poses) == 1 && kind != engine.ActPlace {
			act := engine.Action{Kind: kind, ID: id, To: &arr.Poses[0]}
			return Outcome{Act: &act}
		}
	}
	e, _ := g.Element(id)
	p := table.PoseOf(e.Base)
	if p.W == 0 {
		p.W, p.D = float64(rules.BaseWidth), float64(e.Type.Info().Depth)
	}
	f, ok := entryFacing[g.EntryEdge(id)]
	if !ok {
		f = 1024
	}
	p.Facing = f
	c.placing = &Drag{Kind: kind, IDs: []int{id}, From: []table.Pose{p}}
	c.Cancel()
	return Outcome{}
}

// PlaceTo moves the returning element's ghost with the pointer; click
// (a release over the table) places it.
func (c *Controller) PlaceTo(p Pointer, in DragInput, click bool) Outcome {
	d := c.placing
	if d == nil {
		return Outcome{}
	}
	if in.Cancel {
		c.placing = nil
		return Outcome{}
	}
	// The wheel turns it by how far it scrolls (not in whole steps as
	// while dragging).
	d.Rot += float64(in.Rotate)*placeStep + in.Turn - 2*placeStep*in.Wheel
	g := c.g()
	from := d.From[0]
	ctr := from.Center()
	w := p.World
	pose := from.Moved(w.X-ctr.X, w.Y-ctr.Y, d.Rot)
	if d.Rot == 0 {
		// Facing away from its entry edge, the base slides along it with
		// its rear edge on the edge.
		t := g.Scenario().Table
		W, H := float64(t.Width), float64(t.Height)
		switch g.EntryEdge(d.IDs[0]) {
		case "north":
			pose.X, pose.Y = w.X, from.D
		case "south":
			pose.X, pose.Y = w.X, H-from.D
		case "east":
			pose.X, pose.Y = W-from.D, w.Y
		case "west":
			pose.X, pose.Y = from.D, w.Y
		}
	}
	ep := table.ToEngine(pose)
	d.Action = engine.Action{Kind: d.Kind, ID: d.IDs[0], To: &ep}
	d.Ghost = []table.Pose{table.FromEngine(ep, from)}
	evs, err := g.Preview(d.Action)
	d.Cost = 0
	verdict(d, evs, err)
	if !click {
		return Outcome{}
	}
	if !d.OK {
		return Outcome{Toast: d.Reason, Tone: ToneBad}
	}
	c.placing = nil
	act := d.Action
	return Outcome{Act: &act, Dropped: d.IDs}
}
