// Package control is the battle screen's controller: what the player has
// selected, the gesture in progress (press, drag, release, turn, box
// selection of a group), the intents those become and the engine action
// each is submitted as, and the verdict shown while dragging. It decides
// nothing of the rules: every answer comes from the engine's queries
// (Check, Preview, Contacts, Groupable, FireOptions, Arrivals, Allowance,
// Reach, UndoBlocked). It imports no Ebitengine: input arrives as plain
// values (points on the screen and on the table, commands from the
// keymap) and what to show leaves as a view model (View), so its tests
// run natively.
package control

import (
	"errors"
	"slices"

	"pelennor/engine"
	"pelennor/engine/rules"
	"pelennor/game/table"
)

// Position is the game the controller works on: the match of the battle
// screen or of a replay.
type Position interface {
	Game() *engine.Game
	// Generation changes whenever the game is replaced (a reload, an
	// undo), so cached answers are asked again.
	Generation() int
	UndoBlocked() engine.UndoBlock
	BoundEvents(bound int) []engine.Event
	ElementName(id int) string
}

// Projector turns screen coordinates into table paces (the camera).
type Projector interface {
	ToWorld(x, y float64) (float64, float64)
	// PixelsPerPace is the current zoom.
	PixelsPerPace() float64
}

// Tone is how a message is shown.
type Tone int

// The tones of messages.
const (
	ToneInfo Tone = iota
	ToneBad
	ToneGood
	TonePlain // the body text
	ToneCost  // what a move costs
)

// Outcome is what a gesture or command comes to: an action to submit,
// a message, or a change of view the scene carries out.
type Outcome struct {
	Act     *engine.Action // to submit, nil for none
	Dropped []int          // elements put down in place (not animated)
	Toast   string         // a message to show
	Tone    Tone
	Hint    string   // the status line, "" to leave it
	Refused bool     // a refusal: the scene plays the refusal sound
	Pan     bool     // the press became a pan of the view
	PanFrom table.Pt // where the pan's press was (screen)
	Pause   bool     // open the pause menu
	Confirm string   // ask this first, then submit Act
	Yes     string   // the confirming button's label
}

// Pointer is where the pointer is, on the screen and on the table, with
// the modifiers held.
type Pointer struct {
	Screen table.Pt
	World  table.Pt
	Shift  bool
	// Slop is how far, in screen pixels, a press travels before it is a
	// drag: a finger's (input.Frame.TouchSlop); 0 is the mouse's
	// DragStart.
	Slop float64
}

// Controller holds the battle screen's selection and gesture state.
type Controller struct {
	P Position
	// Replay: the position is a replay's view, nothing may change it.
	Replay bool
	// Locked is why the person here may not act now ("the computer is
	// playing Mordor"), "" when they may: while it is set the table is
	// inspected as a replay's is, and every action is refused (Refuse).
	Locked string
	// Scale is the interface scale (thresholds are in logical pixels).
	Scale float64

	Sel  []int // selected elements
	Shot Shot  // the distant shot or bespell being chosen
	Tape Tape  // the tape measure, when it is out

	// GroupMode: taps add elements to the selection and take them out
	// of it, as Shift-clicks do (touch's way to gather a group, C8).
	GroupMode bool

	tapeOn   bool
	trailsOn bool

	drag    *Drag
	placing *Drag
	pending *press
	box     *[4]float64 // box selection: x0, y0, x1, y1 (screen)

	queries queryCache

	// Shown is the listed combat whose what-if the player picked
	// (ShowCombat), for the position of shownKey.
	Shown    int
	shownKey queryKey
	whatIf   whatIfCache
}

// DragStart is how far the pointer must travel, in logical pixels,
// before a press becomes a drag.
const DragStart = 5

type press struct {
	at   table.Pt // screen
	id   int      // element pressed, 0 for the ground
	slop float64  // screen pixels to travel before it is a drag
}

// New returns a controller for position p.
func New(p Position) *Controller { return &Controller{P: p, Scale: 1} }

func (c *Controller) g() *engine.Game { return c.P.Game() }

// Acting is the side that acts now.
func (c *Controller) Acting() int { _, s := c.g().ToAct(); return s }

// Dragging is the move being dragged, or nil.
func (c *Controller) Dragging() *Drag { return c.drag }

// Placing is the returning element being placed, or nil.
func (c *Controller) Placing() *Drag { return c.placing }

// Busy reports whether a drag or a placing is under way (undo and the
// phase buttons wait for it).
func (c *Controller) Busy() bool { return c.drag != nil || c.placing != nil }

// Box is the box selection being drawn (screen corners), if any.
func (c *Controller) Box() (x0, y0, x1, y1 float64, ok bool) {
	if c.box == nil {
		return 0, 0, 0, 0, false
	}
	return c.box[0], c.box[1], c.box[2], c.box[3], true
}

// Pressing reports whether a press is waiting to become a click or a
// drag.
func (c *Controller) Pressing() bool { return c.pending != nil }

// Cancel drops the selection and any shot being chosen.
func (c *Controller) Cancel() {
	c.Sel = nil
	c.Shot = Shot{}
}

// Reset drops every gesture (after an undo, a reload or a hand-over).
func (c *Controller) Reset() {
	c.Cancel()
	c.drag, c.placing, c.pending, c.box = nil, nil, nil, nil
}

// MayDrag reports whether element id can be picked up now.
func (c *Controller) MayDrag(id int) bool {
	if c.Replay || c.Locked != "" {
		return false
	}
	e, ok := c.g().Element(id)
	if !ok || !e.OnTable() || e.Type == rules.Stronghold {
		return false
	}
	switch c.g().Phase() {
	case engine.PhaseMove, engine.PhaseDeploy:
		return e.Side == c.Acting()
	}
	return false
}

// Press starts a left-button press on the table at p over element id
// (0 for the ground): it becomes a click or a drag as the pointer moves.
func (c *Controller) Press(p Pointer, id int) {
	slop := p.Slop
	if slop <= 0 {
		slop = DragStart * c.Scale
	}
	c.pending = &press{at: p.Screen, id: id, slop: slop}
}

// Hold follows a pending press or a box selection with the pointer;
// down says whether the left button is still held, released whether it
// came up this frame. A press that travels
// becomes a drag (of an element that may move), a box (Shift on the
// ground) or a pan (Outcome.Pan); one that does not is a click.
func (c *Controller) Hold(p Pointer, down, released bool, proj Projector) Outcome {
	if c.box != nil {
		c.box[2], c.box[3] = p.Screen.X, p.Screen.Y
		if released || !down {
			c.finishBox(proj)
		}
		return Outcome{}
	}
	pr := c.pending
	if pr == nil {
		return Outcome{}
	}
	dx, dy := p.Screen.X-pr.at.X, p.Screen.Y-pr.at.Y
	moved := dx*dx+dy*dy > pr.slop*pr.slop
	switch {
	case released && !moved:
		c.pending = nil
		return c.Click(p, pr.id)
	case !down:
		c.pending = nil
	case moved && pr.id != 0 && c.MayDrag(pr.id):
		c.pending = nil
		gx, gy := proj.ToWorld(pr.at.X, pr.at.Y)
		c.startDrag(pr.id, table.Pt{X: gx, Y: gy})
		return c.DragTo(p, DragInput{Down: true}, proj)
	case moved && pr.id == 0 && c.gathering(p):
		c.pending = nil
		c.box = &[4]float64{pr.at.X, pr.at.Y, p.Screen.X, p.Screen.Y}
	case moved:
		c.pending = nil
		return Outcome{Pan: true, PanFrom: pr.at}
	}
	return Outcome{}
}

// Click is a click on element id (0 for the ground).
func (c *Controller) Click(p Pointer, id int) Outcome {
	g := c.g()
	if c.Replay || c.Locked != "" {
		c.Sel = nil
		if id != 0 {
			c.Sel = []int{id}
		}
		return Outcome{}
	}
	if ph := g.Phase(); ph == engine.PhaseDistant || ph == engine.PhaseReply {
		return c.clickShooting(p, id)
	}
	if id == 0 {
		if !c.gathering(p) {
			c.Sel = nil
		}
		return Outcome{}
	}
	e, _ := g.Element(id)
	if c.gathering(p) && e.Side == c.Acting() {
		if i := slices.Index(c.Sel, id); i >= 0 {
			c.Sel = slices.Delete(c.Sel, i, i+1)
		} else {
			c.Sel = append(c.Sel, id)
		}
		return Outcome{}
	}
	c.Sel = []int{id}
	return Outcome{}
}

func (c *Controller) finishBox(proj Projector) {
	b := c.box
	x0, y0 := proj.ToWorld(min(b[0], b[2]), min(b[1], b[3]))
	x1, y1 := proj.ToWorld(max(b[0], b[2]), max(b[1], b[3]))
	c.box = nil
	c.Sel = nil
	for _, e := range c.g().Elements() {
		if !e.OnTable() || e.Side != c.Acting() || e.Type == rules.Stronghold {
			continue
		}
		ctr := table.PoseOf(e.Base).Center()
		if ctr.X >= x0 && ctr.X <= x1 && ctr.Y >= y0 && ctr.Y <= y1 {
			c.Sel = append(c.Sel, e.ID)
		}
	}
}

// Reason is the engine's reason in an error: an IllegalError's own
// words, else the error's text.
func Reason(err error) string {
	var ie *engine.IllegalError
	if errors.As(err, &ie) {
		return ie.Reason
	}
	return err.Error()
}

// Plural is "s" unless n is 1.
func Plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
