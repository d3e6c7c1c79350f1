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
//   - one finger held or dragged is the left button held: it drags an
//     element, or pans the table when it began on the ground;
//   - two fingers are the middle button held at their midpoint (which
//     pans the table) and the wheel (their spread zooms about the
//     midpoint).
//
// A first finger waits a few frames (or until it moves) before it
// presses, so that a second finger arriving at once makes a pinch and no
// click. Once one gesture has begun, fingers added or lifted are ignored
// until all are up. Live.Poll calls touchState.poll after reading the
// mouse; touch positions are in the same screen pixels as the cursor.

// TouchPoint is one finger on the screen.
type TouchPoint struct {
	ID   int
	X, Y float64
}

// Touch timing and distances.
const (
	touchHold  = 6  // frames a still finger waits before it presses
	touchSlop  = 10 // pixels a finger moves before it presses at once
	pinchNotch = 1.15
)

type touchMode int

const (
	touchIdle    touchMode = iota
	touchPending           // one finger down, not yet pressed
	touchDrag              // one finger: the left button is down
	touchPinch             // two fingers: the middle button is down
	touchIgnore            // a gesture ended: waiting for every finger to lift
)

// touchState turns each frame's touches into pointer events.
type touchState struct {
	mode        touchMode
	id, id2     int
	x0, y0      float64 // where the first finger went down
	x, y        float64 // the pointer as touch last set it
	held        int     // frames the first finger has been down
	dist        float64 // the pinch's last spread
	releaseNext bool    // a tap: the button comes up next frame
	ids         []ebiten.TouchID
	pts         []TouchPoint
}

// poll reads Ebitengine's touches into f (and scales the browser's
// wheel, see touch_js.go).
func (t *touchState) poll(f *Frame) {
	scaleWheel(f)
	t.ids = ebiten.AppendTouchIDs(t.ids[:0])
	t.pts = t.pts[:0]
	for _, id := range t.ids {
		x, y := ebiten.TouchPosition(id)
		t.pts = append(t.pts, TouchPoint{ID: int(id), X: float64(x), Y: float64(y)})
	}
	t.apply(f, t.pts)
}

func find(pts []TouchPoint, id int) (TouchPoint, bool) {
	for _, p := range pts {
		if p.ID == id {
			return p, true
		}
	}
	return TouchPoint{}, false
}

// apply updates f for the fingers down this frame. With no finger down
// and no gesture under way it leaves f (the mouse) alone.
func (t *touchState) apply(f *Frame, pts []TouchPoint) {
	if t.releaseNext {
		t.releaseNext = false
		f.X, f.Y = t.x, t.y
		f.released[Left], f.down[Left] = true, false
		t.mode = touchIgnore
		if len(pts) == 0 {
			t.mode = touchIdle
		}
		return
	}
	switch t.mode {
	case touchIdle:
		switch {
		case len(pts) == 1:
			p := pts[0]
			t.mode, t.id, t.held = touchPending, p.ID, 0
			t.x0, t.y0, t.x, t.y = p.X, p.Y, p.X, p.Y
			f.X, f.Y = p.X, p.Y
		case len(pts) >= 2:
			t.startPinch(f, pts)
		}
	case touchPending:
		p, ok := find(pts, t.id)
		switch {
		case len(pts) >= 2:
			t.startPinch(f, pts)
		case !ok:
			// A tap: press now, release on the next frame.
			f.X, f.Y = t.x, t.y
			f.pressed[Left], f.down[Left] = true, true
			t.releaseNext = true
		default:
			t.held++
			t.x, t.y = p.X, p.Y
			if t.held >= touchHold || math.Hypot(p.X-t.x0, p.Y-t.y0) > touchSlop {
				// The press lands where the finger went down; the
				// pointer moves on from there next frame.
				f.X, f.Y = t.x0, t.y0
				f.pressed[Left], f.down[Left] = true, true
				t.mode = touchDrag
				return
			}
			f.X, f.Y = p.X, p.Y
		}
	case touchDrag:
		if p, ok := find(pts, t.id); ok {
			t.x, t.y = p.X, p.Y
			f.X, f.Y = p.X, p.Y
			f.down[Left] = true
			return
		}
		f.X, f.Y = t.x, t.y
		f.released[Left], f.down[Left] = true, false
		t.mode = touchIgnore
		if len(pts) == 0 {
			t.mode = touchIdle
		}
	case touchPinch:
		a, okA := find(pts, t.id)
		b, okB := find(pts, t.id2)
		if !okA || !okB {
			f.X, f.Y = t.x, t.y
			f.released[Middle], f.down[Middle] = true, false
			t.mode = touchIgnore
			if len(pts) == 0 {
				t.mode = touchIdle
			}
			return
		}
		t.x, t.y = (a.X+b.X)/2, (a.Y+b.Y)/2
		f.X, f.Y = t.x, t.y
		f.down[Middle] = true
		if d := math.Hypot(a.X-b.X, a.Y-b.Y); d > 1 && t.dist > 1 {
			f.WheelY += math.Log(d/t.dist) / math.Log(pinchNotch)
			t.dist = d
		}
	case touchIgnore:
		if len(pts) == 0 {
			t.mode = touchIdle
			return
		}
		f.X, f.Y = t.x, t.y
	}
}

func (t *touchState) startPinch(f *Frame, pts []TouchPoint) {
	a, b := pts[0], pts[1]
	if p, ok := find(pts, t.id); ok && t.mode == touchPending {
		// Keep the first finger first.
		a = p
		for _, q := range pts {
			if q.ID != p.ID {
				b = q
				break
			}
		}
	}
	t.mode, t.id, t.id2 = touchPinch, a.ID, b.ID
	t.x, t.y = (a.X+b.X)/2, (a.Y+b.Y)/2
	t.dist = math.Hypot(a.X-b.X, a.Y-b.Y)
	f.X, f.Y = t.x, t.y
	f.pressed[Middle], f.down[Middle] = true, true
}
