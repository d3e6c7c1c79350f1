package game

import (
	"math"

	"pelennor/game/input"
	"pelennor/game/ui"
)

// scroller scrolls a column of content taller than its rectangle: by the
// wheel, and by a press dragged inside it (a finger's way, L-rulings).
// The content is laid out at Y - Off; what lies outside Rect is clipped
// when drawn and takes no clicks (visible).
type scroller struct {
	Rect    ui.Rect
	Content float64 // the content's height
	Off     float64 // how far it is scrolled
	on      bool
	moved   bool
	y0, at  float64
}

func (sc *scroller) max() float64 { return math.Max(0, sc.Content-sc.Rect.H) }

// clamp keeps the offset within the content.
func (sc *scroller) clamp() { sc.Off = math.Max(0, math.Min(sc.max(), sc.Off)) }

// Update scrolls by the wheel and by dragging. A drag that has moved
// past the touch slop consumes the frame's clicks, so what lies under
// the finger is not pressed by scrolling.
func (sc *scroller) Update(f *input.Frame, step float64) {
	inside := sc.Rect.Contains(f.X, f.Y)
	if inside && f.WheelY != 0 {
		sc.Off -= f.WheelY * step
		f.WheelY = 0
	}
	switch {
	case f.Pressed(input.Left) && inside:
		sc.on, sc.moved, sc.y0, sc.at = true, false, f.Y, f.Y
	case sc.on && (!f.Down(input.Left) || f.Released(input.Left)):
		sc.on = false
		if sc.moved {
			f.Consume() // the release ends a scroll, not a click
		}
	case sc.on:
		if !sc.moved && math.Abs(f.Y-sc.y0) >= f.TouchSlop()/2 {
			sc.moved, sc.at = true, sc.y0
		}
		if sc.moved {
			sc.Off -= f.Y - sc.at
			sc.at = f.Y
		}
	}
	sc.clamp()
}

// visible reports whether r (laid out in screen coordinates, scrolled)
// lies wholly inside the scroller: only such widgets take input.
func (sc *scroller) visible(r ui.Rect) bool { return r.Inside(sc.Rect) }

// hide returns r if it is wholly visible, else an empty rectangle, for
// a widget's Update.
func (sc *scroller) hide(r ui.Rect) ui.Rect {
	if sc.visible(r) {
		return r
	}
	return ui.Rect{X: -1e6, Y: -1e6}
}
