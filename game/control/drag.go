package control

import (
	"fmt"
	"math"
	"slices"

	"pelennor/engine"
	"pelennor/engine/rules"
	"pelennor/game/table"
)

// Drag is a move being dragged (or a returning element being placed):
// the ghost, the ruler and the engine's verdict on it.
type Drag struct {
	IDs  []int
	From []table.Pose
	Rot  float64 // turn while dragging, 4096ths of a turn
	Kind string  // move, group, deploy, place, replace, desorcel

	// The engine's verdict on the ghost, refreshed when it moves.
	Action  engine.Action
	Ghost   []table.Pose
	OK      bool
	Reason  string
	Cost    int
	CostWhy string
	Dist    float64 // paces, as the engine measures
	Going   Going
	Snapped bool
	Overlap bool         // snapped beside a friend to overlap its enemy (R11)
	Via     []table.Pose // waypoints dropped so far (R21), free poses
	Legs    []float64    // each leg's length with waypoints, paces

	grab  table.Pt             // the world point grabbed
	free  table.Pose           // the ghost before any contact snap
	group *engine.GroupOptions // the group's options, asked once
	key   [5]float64
}

// Going is what the engine says of a move's going: the allowance of the
// worst going on the way (engine.Game.Allowance) and that going in words
// ("in good going", "crossing a river", "along a road").
type Going struct {
	Allow int    // paces; rules.Cannot if the element may not go there
	Name  string // the going, or why it may not go there
}

// DragInput is one frame of a drag: the button, a cancel, and turns.
type DragInput struct {
	Down   bool    // the left button is held
	Cancel bool    // Escape or the right button
	Rotate int     // steps of a turn: -1 anticlockwise, +1 clockwise (Q/E)
	Fine   bool    // small steps (Shift)
	Wheel  float64 // the wheel, + away from the player
	Turn   float64 // a whole turn asked for, 4096ths (90° and 180° keys)

	Waypoint   bool // drop a waypoint where the ghost stands (R21)
	Unwaypoint bool // take the last waypoint back
}

// The steps of a turn while dragging, 4096ths of a turn.
const (
	rotStep   = 64 // 5.6°
	rotFine   = 16
	placeStep = 64
)

// turnOf is how far a frame's input turns the ghost.
func turnOf(in DragInput, step float64) float64 {
	t := float64(in.Rotate)*step + in.Turn
	if in.Wheel != 0 {
		t -= math.Copysign(step*2, in.Wheel)
	}
	return t
}

// GroupState says whether the selection is a legal group and what
// moving it costs (the engine's Groupable and a zero move's Preview).
// The panel asks every frame: the answer is kept for the position and
// the selection.
func (c *Controller) GroupState() (ok bool, msg string) {
	if len(c.Sel) < 2 {
		return false, ""
	}
	q := &c.queries
	if !slices.Equal(q.groupSel, c.Sel) {
		q.groupSel, q.group.ok = slices.Clone(c.Sel), false
	}
	st := q.group.get(c.queryKey(0), func() groupState {
		ok, msg := c.groupState()
		return groupState{ok, msg}
	})
	return st.ok, st.msg
}

// groupState is a selection's verdict as a group.
type groupState struct {
	ok  bool
	msg string
}

func (c *Controller) groupState() (ok bool, msg string) {
	g := c.g()
	if err := g.Groupable(c.Sel); err != nil {
		return false, "Not a group: " + Reason(err)
	}
	evs, err := g.Preview(engine.Action{Kind: engine.ActGroup, IDs: c.Sel})
	if err != nil {
		return true, fmt.Sprintf("A group of %d (%s)", len(c.Sel), Reason(err))
	}
	for _, e := range evs {
		if e.Kind == engine.EvSpent {
			return true, fmt.Sprintf("A group of %d: moving it costs %d PIP%s", len(c.Sel), e.Value, Plural(e.Value))
		}
	}
	return true, fmt.Sprintf("A group of %d", len(c.Sel))
}

// ArrivedThisBound reports whether element id was brought on by a
// scenario event this bound (or re-placed since) and may still be
// re-placed.
func (c *Controller) ArrivedThisBound(id int) bool {
	for _, e := range c.P.BoundEvents(c.g().Bound()) {
		if (e.Code == engine.CodeEntered || e.Code == engine.CodePlaced) && e.ID == id {
			return true
		}
	}
	return false
}

// startDrag picks up element id (with the selected group if it is one)
// grabbed at world point grab.
func (c *Controller) startDrag(id int, grab table.Pt) {
	g := c.g()
	d := &Drag{grab: grab, Kind: engine.ActMove}
	e, _ := g.Element(id)
	if g.Phase() == engine.PhaseDeploy {
		d.Kind = engine.ActDeploy
	}
	ids := []int{id}
	if len(c.Sel) > 1 && slices.Contains(c.Sel, id) && g.Phase() == engine.PhaseMove && g.Groupable(c.Sel) == nil {
		ids = slices.Clone(c.Sel)
		slices.Sort(ids)
		d.Kind = engine.ActGroup
	} else {
		c.Sel = []int{id}
	}
	if d.Kind == engine.ActMove && !e.Moved && c.ArrivedThisBound(id) {
		d.Kind = engine.ActPlace
	}
	for _, id := range ids {
		el, _ := g.Element(id)
		d.IDs = append(d.IDs, id)
		d.From = append(d.From, table.PoseOf(el.Base))
	}
	c.drag = d
}

// DragTo follows the pointer with the ghost and asks the engine about
// it; releasing submits, a cancel drops it.
func (c *Controller) DragTo(p Pointer, in DragInput, proj Projector) Outcome {
	d := c.drag
	if d == nil {
		return Outcome{}
	}
	if in.Cancel {
		c.drag = nil
		return Outcome{Hint: "Move cancelled"}
	}
	step := float64(rotStep)
	if in.Fine {
		step = rotFine
	}
	d.Rot += turnOf(in, step)
	if d.Kind == engine.ActGroup {
		// A group wheels at most half a turn either way.
		d.Rot = math.Max(-2048, math.Min(2048, d.Rot))
	}
	c.evaluate(d, p.World, proj.PixelsPerPace())
	hint := c.waypoint(d, in)
	if hint != "" {
		c.evaluate(d, p.World, proj.PixelsPerPace())
	}
	if in.Down {
		return Outcome{Hint: hint}
	}
	c.drag = nil
	if !d.OK {
		msg := d.Reason
		if msg == "" {
			msg = "That move is not allowed"
		}
		return Outcome{Toast: msg, Tone: ToneBad, Hint: msg, Refused: true}
	}
	act := d.Action
	return Outcome{Act: &act, Dropped: d.IDs}
}

// evaluate recomputes the ghost for the pointer at world point w.
func (c *Controller) evaluate(d *Drag, w table.Pt, zoom float64) {
	g := c.g()
	key := [5]float64{math.Round(w.X), math.Round(w.Y), d.Rot, float64(g.Actions()), float64(len(d.Via) + 1)}
	if key == d.key && d.Ghost != nil {
		return
	}
	d.key = key
	dx, dy := w.X-d.grab.X, w.Y-d.grab.Y
	d.Snapped, d.Overlap, d.Reason, d.Cost, d.CostWhy = false, false, "", 0, ""
	if d.Kind == engine.ActGroup {
		fwd, _ := d.From[0].Dirs()
		forward := math.Max(0, dx*fwd.X+dy*fwd.Y)
		d.Action = engine.Action{Kind: engine.ActGroup, IDs: d.IDs, Forward: int(math.Round(forward)), Wheel: int(math.Round(d.Rot))}
		d.Ghost = groupGhost(d.From, float64(d.Action.Forward), float64(d.Action.Wheel))
		c.snapGroup(d, math.Max(90, 22*c.Scale/zoom))
		evs, err := g.Preview(d.Action)
		verdict(d, evs, err)
		if err == nil {
			for i, id := range d.IDs {
				for _, e := range evs {
					if e.Kind == engine.EvMoved && e.ID == id && e.To != nil {
						d.Ghost[i] = table.FromEngine(*e.To, d.From[i])
					}
				}
			}
		}
		d.Going = groupGoing(g, d)
		if err != nil {
			d.Dist = groupDist(g, d)
		}
		return
	}
	id := d.IDs[0]
	e, _ := g.Element(id)
	free := d.From[0].Moved(dx, dy, d.Rot)
	d.free = free
	ep := table.ToEngine(free)
	d.Action = engine.Action{Kind: d.Kind, ID: id, To: &ep, Via: d.viaPoses()}
	d.Ghost = []table.Pose{table.FromEngine(ep, d.From[0])}
	if d.Kind == engine.ActMove && len(d.Via) == 0 {
		// Snap within 22 logical pixels, and never less than 90 paces.
		reach := math.Max(90, 22*c.Scale/zoom)
		cs := append(slices.Clip(c.ContactsOf(id)), c.overlapsOf(id)...)
		if cc, ok := nearestContact(cs, e, free, reach); ok {
			d.Snapped, d.Overlap = true, cc.action.Contact == nil
			d.Action = cc.action
			d.Ghost = []table.Pose{cc.pose}
		}
	}
	if d.Kind == engine.ActPlace {
		if err := g.Check(d.Action); err != nil {
			// Not a legal re-placing: treat it as its move.
			d.Kind = engine.ActMove
			d.Action.Kind = engine.ActMove
		}
	}
	evs, err := g.Preview(d.Action)
	verdict(d, evs, err)
	for _, ev := range evs {
		if ev.Kind == engine.EvMoved && ev.ID == id && ev.To != nil {
			d.Ghost = []table.Pose{table.FromEngine(*ev.To, d.From[0])}
		}
	}
	if d.Kind == engine.ActPlace && err != nil {
		d.Kind = engine.ActMove
	}
	d.Going = AllowanceOf(g, id, table.ToEngine(d.Ghost[0]))
	d.measureLegs(e)
	if d.Dist == 0 && err != nil {
		d.Dist = table.MoveDist(e, table.ToEngine(d.Ghost[0]))
		for i, l := range d.Legs {
			if i == 0 {
				d.Dist = 0
			}
			d.Dist += l
		}
	}
}

// verdict records what the engine said about a previewed action.
func verdict(d *Drag, evs []engine.Event, err error) {
	d.OK = err == nil
	d.Dist = 0
	if err != nil {
		d.Reason = Reason(err)
		return
	}
	for _, e := range evs {
		switch e.Kind {
		case engine.EvSpent:
			d.Cost += e.Value
			d.CostWhy = engine.CostText(e.Cost) // the engine's items, in its words
		case engine.EvMoved:
			d.Dist = math.Max(d.Dist, float64(e.Value))
		}
	}
}

// AllowanceOf asks the engine how far element id may move to pose to.
func AllowanceOf(g *engine.Game, id int, to engine.Pose) Going {
	n, name, err := g.Allowance(id, to)
	if err != nil {
		return Going{rules.Cannot, Reason(err)}
	}
	return Going{n, name}
}
