package control

import "strconv"

// Touch's ways to do what the mouse does with Shift (docs/rulings.md
// C7, C8): a group-select mode stands for the held Shift, so taps gather
// a group and a drag on open ground draws a box; a second finger twists
// the element in hand (input.Frame.Twist, read as DragInput.Turn by the
// scene).

// gathering reports whether a click adds to the selection (Shift, or
// the group-select mode).
func (c *Controller) gathering(p Pointer) bool { return p.Shift || c.GroupMode }

// ToggleGroupMode turns the group-select mode on or off.
func (c *Controller) ToggleGroupMode() Outcome {
	c.GroupMode = !c.GroupMode
	if c.GroupMode {
		return Outcome{Hint: "Group select: tap your elements to add or remove them · drag one to move the group · drag open ground for a box"}
	}
	n := len(c.Sel)
	if n > 1 {
		return Outcome{Hint: "Group select off: " + strconv.Itoa(n) + " elements stay selected"}
	}
	return Outcome{Hint: "Group select off"}
}
