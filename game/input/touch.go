package input

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// Touch input, for phones and tablets (and the browser build on them).
// Touches become the pointer and its buttons, so every screen works by
// touch without code of its own:
//
//   - a tap is a left click where the finger was (select, press a button);
//     a finger that wobbles less than TouchSlop and lifts is still a tap;
//   - one finger dragged is the left button held: it drags an element, or
//     pans the table when it began on the ground. It presses only once the
//     gesture can no longer become a pinch: the finger has travelled
//     TouchSlop and pinchWait ticks have passed; until then a second finger
//     landing makes a pinch and nothing is pressed (docs/rulings.md C7);
//   - a second finger landing during a drag twists: once the angle between
//     the fingers has turned twistDead, its change is Frame.Twist, which
//     turns the element in hand; a second finger tapped (lifted within
//     twoTapTicks, untwisted) is Frame.TwoTap, which drops a waypoint (C7);
//   - two fingers together are the middle button held at their midpoint
//     (which pans the table) and the wheel (their spread zooms about the
//     midpoint).
//
// Once a gesture has ended, fingers left down are ignored until all are
// up. Live.Poll calls touchState.poll after reading the mouse; touch
// positions are in the same screen pixels as the cursor.

// TouchPoint is one finger on the screen.
type TouchPoint struct {
	ID   int
	X, Y float64
}

// Touch timing and distances.
const (
	// TouchSlop is how far, in CSS pixels, a finger travels before its
	// gesture is a drag rather than a tap: a finger's wobble is 6 to 8.
	TouchSlop = 16
	// TouchTarget is the least size of a touch target, CSS pixels (the
	// platforms' guidelines ask 44 to 48).
	TouchTarget = 44
	// pinchWait is how many ticks (150 ms at 60 a second) a second finger
	// may land after the first and still make a pinch.
	pinchWait  = 9
	pinchNotch = 1.15
	// twistDead is how far (radians, 6°) the fingers turn before a twist
	// turns anything: a second finger's tap wobbles too.
	twistDead = 6 * math.Pi / 180
	// twoTapTicks is how long (300 ms) a second finger may stay for a tap.
	twoTapTicks = 18
)

type touchMode int

const (
	touchIdle    touchMode = iota
	touchPending           // one finger down, no button pressed yet
	touchDrag              // one finger: the left button is down
	touchPinch             // two fingers: the middle button is down
	touchIgnore            // a gesture ended: waiting for every finger to lift
)

// touchState turns each frame's touches into pointer events.
type touchState struct {
	mode        touchMode
	id, id2     int     // the first finger; the second of a pinch or twist
	x0, y0      float64 // where the first finger went down
	x, y        float64 // the pointer as touch last set it
	held        int     // ticks the first finger has been down
	far         bool    // the first finger has travelled the slop
	dist        float64 // the pinch's last spread
	angle       float64 // the twist's last angle between the fingers, radians
	angle0      float64 // the angle as the second finger landed
	twisting    bool    // a second finger is down during a drag
	turning     bool    // it has turned past twistDead
	twoHeld     int     // ticks the second finger has been down
	releaseNext bool    // a tap: the button comes up next frame
	ids         []ebiten.TouchID
	pts         []TouchPoint
}

// poll reads Ebitengine's touches into f (and scales the browser's
// wheel, see touch_js.go). It reports whether any finger is down.
func (t *touchState) poll(f *Frame) bool {
	scaleWheel(f)
	t.ids = ebiten.AppendTouchIDs(t.ids[:0])
	t.pts = t.pts[:0]
	for _, id := range t.ids {
		x, y := ebiten.TouchPosition(id)
		t.pts = append(t.pts, TouchPoint{ID: int(id), X: float64(x), Y: float64(y)})
	}
	t.apply(f, t.pts)
	return len(t.pts) > 0
}

// active reports whether a touch gesture is under way (the pointer is a
// finger's).
func (t *touchState) active() bool { return t.mode != touchIdle || t.releaseNext }

func find(pts []TouchPoint, id int) (TouchPoint, bool) {
	for _, p := range pts {
		if p.ID == id {
			return p, true
		}
	}
	return TouchPoint{}, false
}

// other is a finger of pts that is not id.
func other(pts []TouchPoint, id int) (TouchPoint, bool) {
	for _, p := range pts {
		if p.ID != id {
			return p, true
		}
	}
	return TouchPoint{}, false
}

// apply updates f for the fingers down this frame. With no finger down
// and no gesture under way it leaves f (the mouse) alone. The slop is in
// screen pixels: TouchSlop times f's CSS scale.
func (t *touchState) apply(f *Frame, pts []TouchPoint) {
	if t.releaseNext {
		t.releaseNext = false
		f.X, f.Y = t.x, t.y
		f.released[Left], f.down[Left] = true, false
		t.end(pts)
		return
	}
	switch t.mode {
	case touchIdle:
		switch {
		case len(pts) == 1:
			p := pts[0]
			t.mode, t.id, t.held, t.far = touchPending, p.ID, 0, false
			t.x0, t.y0, t.x, t.y = p.X, p.Y, p.X, p.Y
			f.X, f.Y = p.X, p.Y
		case len(pts) >= 2:
			t.startPinch(f, pts)
		}
	case touchPending:
		t.pending(f, pts)
	case touchDrag:
		t.drag(f, pts)
	case touchPinch:
		t.pinch(f, pts)
	case touchIgnore:
		if len(pts) == 0 {
			t.mode = touchIdle
			return
		}
		f.X, f.Y = t.x, t.y
	}
}

// pending follows one finger that has pressed nothing yet: it becomes a
// pinch, a tap, or (once it can no longer be a pinch) a drag.
func (t *touchState) pending(f *Frame, pts []TouchPoint) {
	p, ok := find(pts, t.id)
	switch {
	case len(pts) >= 2:
		// A second finger, landing late: a pinch, and nothing moved.
		t.startPinch(f, pts)
	case !ok && t.far:
		// A flick, lifted before it became a drag: nothing.
		t.end(pts)
		f.X, f.Y = t.x, t.y
	case !ok:
		// A tap: press now, release on the next frame.
		f.X, f.Y = t.x, t.y
		f.pressed[Left], f.down[Left] = true, true
		t.releaseNext = true
	default:
		t.held++
		t.x, t.y = p.X, p.Y
		if math.Hypot(p.X-t.x0, p.Y-t.y0) > TouchSlop*f.CSS() {
			t.far = true
		}
		if t.far && t.held >= pinchWait {
			// The press lands where the finger went down; the pointer
			// moves on from there next frame.
			f.X, f.Y = t.x0, t.y0
			f.pressed[Left], f.down[Left] = true, true
			t.mode, t.twisting = touchDrag, false
			return
		}
		f.X, f.Y = p.X, p.Y
	}
}

// drag follows the finger holding the left button; a second finger
// twists.
func (t *touchState) drag(f *Frame, pts []TouchPoint) {
	p, ok := find(pts, t.id)
	if !ok {
		f.X, f.Y = t.x, t.y
		f.released[Left], f.down[Left] = true, false
		t.end(pts)
		return
	}
	t.x, t.y = p.X, p.Y
	f.X, f.Y = p.X, p.Y
	f.down[Left] = true
	q, two := find(pts, t.id2)
	if t.twisting && !two {
		// The second finger lifted: a tap if it neither stayed nor turned.
		f.TwoTap = !t.turning && t.twoHeld <= twoTapTicks
		t.twisting = false
	}
	if !two {
		q, two = other(pts, t.id)
	}
	if !two {
		return
	}
	// Screen y points down: a growing angle turns clockwise, as E does.
	a := math.Atan2(q.Y-p.Y, q.X-p.X)
	switch {
	case !t.twisting:
		t.id2, t.angle0, t.twisting, t.turning, t.twoHeld = q.ID, a, true, false, 0
	case t.turning:
		f.Twist += turnOf(a - t.angle)
	case math.Abs(math.Remainder(a-t.angle0, 2*math.Pi)) > twistDead:
		t.turning = true
		f.Twist += turnOf(a - t.angle0)
	}
	t.angle = a
	t.twoHeld++
}

// turnOf is an angle (radians) in 4096ths of a turn, the short way.
func turnOf(a float64) float64 { return math.Remainder(a, 2*math.Pi) * 4096 / (2 * math.Pi) }

// pinch follows two fingers holding the middle button.
func (t *touchState) pinch(f *Frame, pts []TouchPoint) {
	a, okA := find(pts, t.id)
	b, okB := find(pts, t.id2)
	if !okA || !okB {
		f.X, f.Y = t.x, t.y
		f.released[Middle], f.down[Middle] = true, false
		t.end(pts)
		return
	}
	t.x, t.y = (a.X+b.X)/2, (a.Y+b.Y)/2
	f.X, f.Y = t.x, t.y
	f.down[Middle] = true
	if d := math.Hypot(a.X-b.X, a.Y-b.Y); d > 1 && t.dist > 1 {
		f.WheelY += math.Log(d/t.dist) / math.Log(pinchNotch)
		t.dist = d
	}
}

// end finishes a gesture: idle if no finger is left, else ignoring them.
func (t *touchState) end(pts []TouchPoint) {
	t.mode, t.twisting = touchIgnore, false
	if len(pts) == 0 {
		t.mode = touchIdle
	}
}

func (t *touchState) startPinch(f *Frame, pts []TouchPoint) {
	a, b := pts[0], pts[1]
	if p, ok := find(pts, t.id); ok && t.mode == touchPending {
		// Keep the first finger first.
		a = p
		b, _ = other(pts, p.ID)
	}
	t.mode, t.id, t.id2 = touchPinch, a.ID, b.ID
	t.x, t.y = (a.X+b.X)/2, (a.Y+b.Y)/2
	t.dist = math.Hypot(a.X-b.X, a.Y-b.Y)
	f.X, f.Y = t.x, t.y
	f.pressed[Middle], f.down[Middle] = true, true
}
