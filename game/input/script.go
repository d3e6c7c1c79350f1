package input

import (
	"github.com/hajimehoshi/ebiten/v2"
)

// Kind is what a scripted event does.
type Kind int

// Scripted event kinds.
const (
	Move    Kind = iota // the pointer moves to X, Y
	Press               // Button goes down at X, Y
	Release             // Button comes up at X, Y
	Wheel               // the wheel scrolls by DX, DY
	KeyDown             // Key goes down
	KeyUp               // Key comes up
	Type                // Text is typed
	Touches             // the fingers down become Points (none: all lifted)
)

// Event is one scripted input event. At counts frames from the moment the
// event was added to the script (0: the next frame polled).
type Event struct {
	At     int
	Kind   Kind
	X, Y   float64
	Button Button
	DX, DY float64
	Key    ebiten.Key
	Text   string
	Points []TouchPoint
}

// Script replays timed events. It holds the pointer, buttons and keys
// between events as a real device would.
type Script struct {
	frame   int
	pending []Event // At is absolute here
	x, y    float64
	down    [numButtons]bool
	keys    map[ebiten.Key]bool

	// Scale is the screen pixels to a CSS pixel (the device scale); 0 is 1.
	Scale float64

	fingers []TouchPoint
	touch   touchState // the fingers, through the same path as Live's
	touched bool       // a touch event was played: the fingers drive the pointer
	inUse   bool       // the last input was a finger's
}

// NewScript returns an empty script: the pointer rests at (0, 0).
func NewScript() *Script { return &Script{keys: map[ebiten.Key]bool{}} }

// Add queues events; their At counts from the next frame to be polled.
func (s *Script) Add(evs ...Event) {
	for _, e := range evs {
		e.At += s.frame
		i := len(s.pending)
		for i > 0 && s.pending[i-1].At > e.At {
			i--
		}
		s.pending = append(s.pending, Event{})
		copy(s.pending[i+1:], s.pending[i:])
		s.pending[i] = e
	}
}

// Done reports whether every queued event has been played.
func (s *Script) Done() bool { return len(s.pending) == 0 }

// Frame returns how many frames have been polled.
func (s *Script) Frame() int { return s.frame }

// Poll plays the events due this frame.
func (s *Script) Poll() *Frame {
	f := &Frame{keys: map[ebiten.Key]bool{}, keysJust: map[ebiten.Key]bool{}, repeat: map[ebiten.Key]bool{}, css: s.Scale}
	for len(s.pending) > 0 && s.pending[0].At <= s.frame {
		e := s.pending[0]
		s.pending = s.pending[1:]
		switch e.Kind {
		case Touches:
			s.fingers, s.touched, s.inUse = append(s.fingers[:0], e.Points...), true, true
			continue
		case Move, Press, Release, KeyDown:
			s.inUse = false
		}
		switch e.Kind {
		case Move:
			s.x, s.y = e.X, e.Y
		case Press:
			s.x, s.y = e.X, e.Y
			if !s.down[e.Button] {
				f.pressed[e.Button] = true
			}
			s.down[e.Button] = true
		case Release:
			s.x, s.y = e.X, e.Y
			if s.down[e.Button] {
				f.released[e.Button] = true
			}
			s.down[e.Button] = false
		case Wheel:
			f.WheelX += e.DX
			f.WheelY += e.DY
		case KeyDown:
			if !s.keys[e.Key] {
				f.keysJust[e.Key] = true
			}
			s.keys[e.Key] = true
		case KeyUp:
			delete(s.keys, e.Key)
		case Type:
			f.Chars = append(f.Chars, []rune(e.Text)...)
		}
	}
	s.frame++
	f.X, f.Y = s.x, s.y
	f.down = s.down
	for k := range s.keys {
		f.keys[k] = true
	}
	if s.touched {
		s.touch.apply(f, s.fingers)
		f.Gesture = len(s.fingers) > 0 || s.touch.active()
		s.inUse = s.inUse || f.Gesture
	}
	f.Touch = s.inUse
	return f
}

// Fingers returns the event of the fingers given being down at frame at
// (none: every finger lifted). Finger i has the touch ID i+1.
func Fingers(at int, pts ...[2]float64) Event {
	e := Event{At: at, Kind: Touches}
	for i, p := range pts {
		e.Points = append(e.Points, TouchPoint{ID: i + 1, X: p[0], Y: p[1]})
	}
	return e
}

// Drag returns the events of a left-button drag from (x0, y0) to (x1, y1)
// in steps frames, starting at frame at; the button comes up one frame
// after the pointer arrives.
func Drag(at int, x0, y0, x1, y1 float64, steps int) []Event {
	evs := []Event{{At: at, Kind: Move, X: x0, Y: y0}, {At: at + 1, Kind: Press, X: x0, Y: y0}}
	for i := 1; i <= steps; i++ {
		t := float64(i) / float64(steps)
		evs = append(evs, Event{At: at + 1 + i, Kind: Move, X: x0 + (x1-x0)*t, Y: y0 + (y1-y0)*t})
	}
	return append(evs, Event{At: at + steps + 2, Kind: Release, X: x1, Y: y1})
}

// Click returns the events of a left click at (x, y) starting at frame at.
func Click(at int, x, y float64) []Event {
	return []Event{{At: at, Kind: Move, X: x, Y: y}, {At: at + 1, Kind: Press, X: x, Y: y}, {At: at + 2, Kind: Release, X: x, Y: y}}
}

// Tap returns the events of pressing and releasing key k at frame at.
func Tap(at int, k ebiten.Key) []Event {
	return []Event{{At: at, Kind: KeyDown, Key: k}, {At: at + 1, Kind: KeyUp, Key: k}}
}
