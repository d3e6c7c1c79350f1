// Package input turns the mouse, the wheel and the keyboard into one
// snapshot per frame. A Source is either Live (Ebitengine's input) or a
// Script (timed events), so tests drive exactly the path players do:
// Ebitengine cannot inject input events itself.
package input

import (
	"github.com/hajimehoshi/ebiten/v2"
)

// Button is a mouse button.
type Button int

// The mouse buttons the game reads.
const (
	Left Button = iota
	Right
	Middle
	numButtons
)

// Frame is the input of one frame. Positions are in screen pixels (the
// coordinates of the image Draw receives).
type Frame struct {
	X, Y float64 // the pointer

	down, pressed, released [numButtons]bool

	WheelX, WheelY float64 // scrolled this frame; WheelY > 0 scrolls up (away from the user)

	keys     map[ebiten.Key]bool // held
	keysJust map[ebiten.Key]bool // pressed this frame (with auto-repeat for Repeat)
	repeat   map[ebiten.Key]bool
	Chars    []rune // text typed this frame

	// Touch: the last input was a finger's (sticky until the mouse or the
	// keyboard is used), so screens show touch's targets and hints.
	Touch bool
	// Gesture: a finger is down or its tap not yet over, so the layout
	// waits before it follows Touch (what the finger aims at stays put).
	Gesture bool
	// Twist is how far a second finger turned about the first during a
	// touch drag this frame, 4096ths of a turn, clockwise on the screen
	// (touch.go).
	Twist float64
	// TwoTap: a second finger tapped during a touch drag (a waypoint).
	TwoTap bool
	css    float64 // screen pixels per CSS pixel (the device scale), 0 for 1
}

// CSS is how many screen pixels make a CSS pixel (the browser's device
// pixel ratio, the desktop's scale factor).
func (f *Frame) CSS() float64 {
	if f.css <= 0 {
		return 1
	}
	return f.css
}

// TouchSlop is how far, in screen pixels, a finger travels before its
// gesture becomes a drag (TouchSlop CSS pixels).
func (f *Frame) TouchSlop() float64 { return TouchSlop * f.CSS() }

// Target is the least size of a button or row, in screen pixels, while
// touch is in use (TouchTarget CSS pixels), and 0 otherwise.
func (f *Frame) Target() float64 {
	if !f.Touch {
		return 0
	}
	return TouchTarget * f.CSS()
}

// PressKey marks key k as pressed this frame: an on-screen keyboard's
// Enter or Escape (game/textinput_js.go) reaches screens as a key does.
func (f *Frame) PressKey(k ebiten.Key) {
	if f.keysJust == nil {
		f.keysJust = map[ebiten.Key]bool{}
	}
	f.keysJust[k] = true
}

// Down reports whether button b is held.
func (f *Frame) Down(b Button) bool { return f.down[b] }

// Pressed reports whether button b went down this frame.
func (f *Frame) Pressed(b Button) bool { return f.pressed[b] }

// Released reports whether button b came up this frame.
func (f *Frame) Released(b Button) bool { return f.released[b] }

// Key reports whether key k is held.
func (f *Frame) Key(k ebiten.Key) bool { return f.keys[k] }

// KeyPressed reports whether key k went down this frame.
func (f *Frame) KeyPressed(k ebiten.Key) bool { return f.keysJust[k] }

// KeyRepeat reports whether key k went down this frame or auto-repeats
// (for text fields and held arrows).
func (f *Frame) KeyRepeat(k ebiten.Key) bool { return f.keysJust[k] || f.repeat[k] }

// Shift reports whether a shift key is held.
func (f *Frame) Shift() bool {
	return f.keys[ebiten.KeyShiftLeft] || f.keys[ebiten.KeyShiftRight] || f.keys[ebiten.KeyShift]
}

// Ctrl reports whether a control key is held.
func (f *Frame) Ctrl() bool {
	return f.keys[ebiten.KeyControlLeft] || f.keys[ebiten.KeyControlRight] || f.keys[ebiten.KeyControl]
}

// Consume marks the frame's clicks and wheel as used, so that what lies
// under a widget that took them does not see them too.
func (f *Frame) Consume() {
	f.pressed = [numButtons]bool{}
	f.released = [numButtons]bool{}
	f.WheelX, f.WheelY = 0, 0
}

// ConsumeKey marks key k as used this frame.
func (f *Frame) ConsumeKey(k ebiten.Key) {
	delete(f.keysJust, k)
	delete(f.repeat, k)
}

// Source yields one Frame per game update.
type Source interface {
	Poll() *Frame
}
