package control

import (
	"fmt"
	"math"
	"strings"

	"pelennor/engine"
	"pelennor/game/table"
)

// MaxWaypoints is how many waypoints a dragged move may pass through:
// a move is at most four straight legs (R21).
const MaxWaypoints = 3

// waypoint drops (or takes back) a waypoint of the move in hand, as the
// frame's input asks; it returns the status line to show, "" for none.
// A waypoint is where the ghost stands now, free of any contact snap;
// the ghost then goes on from there and the move becomes via + to.
func (c *Controller) waypoint(d *Drag, in DragInput) string {
	switch {
	case in.Unwaypoint && len(d.Via) > 0:
		d.Via = d.Via[:len(d.Via)-1]
		d.key = [5]float64{}
		return fmt.Sprintf("Waypoint taken back (%d left)", len(d.Via))
	case !in.Waypoint:
		return ""
	case d.Kind != engine.ActMove:
		return "Waypoints are for moving one element"
	case len(d.Via) >= MaxWaypoints:
		return fmt.Sprintf("A move has at most %d legs (R21)", MaxWaypoints+1)
	}
	d.Via = append(d.Via, d.free)
	d.key = [5]float64{}
	return fmt.Sprintf("Waypoint %d of %d dropped", len(d.Via), MaxWaypoints)
}

// viaPoses is the move's waypoints as the engine takes them.
func (d *Drag) viaPoses() []engine.Pose {
	if len(d.Via) == 0 {
		return nil
	}
	out := make([]engine.Pose, len(d.Via))
	for i, p := range d.Via {
		out[i] = table.ToEngine(p)
	}
	return out
}

// measureLegs fills d.Legs: each leg of the path from where the element
// stands through the waypoints to the ghost, measured as the engine
// measures a leg (R6, R21).
func (d *Drag) measureLegs(e engine.Element) {
	d.Legs = d.Legs[:0]
	if len(d.Via) == 0 || len(d.Ghost) == 0 {
		return
	}
	prev := table.EnginePoseOf(e)
	for _, p := range append(d.viaPoses(), table.ToEngine(d.Ghost[0])) {
		d.Legs = append(d.Legs, table.LegDist(e, prev, p))
		prev = p
	}
}

// legsText words the legs and their total: `3" + 2" = 5"`.
func (d *Drag) legsText(dist func(float64) string) string {
	parts := make([]string, len(d.Legs))
	total := 0.0
	for i, l := range d.Legs {
		parts[i] = dist(l)
		total += l
	}
	return strings.Join(parts, " + ") + " = " + dist(total)
}

// TurnText is the angle readout while the ghost is turned: "turned 45°
// clockwise", "" when it is not turned.
func (d *Drag) TurnText() string {
	deg := int(math.Round(math.Remainder(d.Rot, 4096) * 360 / 4096))
	switch {
	case deg > 0:
		return fmt.Sprintf("Turned %d° clockwise", deg)
	case deg < 0:
		return fmt.Sprintf("Turned %d° anticlockwise", -deg)
	}
	return ""
}
