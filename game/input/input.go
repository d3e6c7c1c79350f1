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
