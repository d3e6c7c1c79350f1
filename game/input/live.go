package input

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// Live reads Ebitengine's input. Its positions are in the screen
// coordinates of the game's layout.
type Live struct {
	keys  []ebiten.Key
	chars []rune
	touch touchState // touches as the pointer (touch.go)
	taps  *tapQueue  // presses between updates (queue.go)
	downs []ebiten.Key

	touchInUse bool    // the last input was a finger's
	mx, my     float64 // the mouse cursor last frame
}

var ebitenButtons = [numButtons]ebiten.MouseButton{ebiten.MouseButtonLeft, ebiten.MouseButtonRight, ebiten.MouseButtonMiddle}

// repeat timing in frames (60 a second).
const (
	repeatDelay = 24
	repeatEvery = 3
)

// Poll reads this frame's input.
func (l *Live) Poll() *Frame {
	f := &Frame{keys: map[ebiten.Key]bool{}, keysJust: map[ebiten.Key]bool{}, repeat: map[ebiten.Key]bool{}}
	x, y := ebiten.CursorPosition()
	f.X, f.Y = float64(x), float64(y)
	for b := Button(0); b < numButtons; b++ {
		eb := ebitenButtons[b]
		f.down[b] = ebiten.IsMouseButtonPressed(eb)
		f.pressed[b] = inpututil.IsMouseButtonJustPressed(eb)
		f.released[b] = inpututil.IsMouseButtonJustReleased(eb)
	}
	f.WheelX, f.WheelY = ebiten.Wheel()
	l.keys = inpututil.AppendPressedKeys(l.keys[:0])
	for _, k := range l.keys {
		f.keys[k] = true
		d := inpututil.KeyPressDuration(k)
		if d == 1 {
			f.keysJust[k] = true
		} else if d > repeatDelay && (d-repeatDelay)%repeatEvery == 0 {
			f.repeat[k] = true
		}
	}
	l.chars = ebiten.AppendInputChars(l.chars[:0])
	f.Chars = append([]rune(nil), l.chars...)
	if l.taps == nil {
		l.taps = &tapQueue{}
		listenKeys(l.taps)
	}
	l.downs = l.taps.take(l.downs[:0])
	mergeTaps(f, l.downs)
	if m := ebiten.Monitor(); m != nil {
		f.css = m.DeviceScaleFactor()
	}
	mouse := f.X != l.mx || f.Y != l.my || len(f.keysJust) > 0
	for b := Button(0); b < numButtons; b++ {
		mouse = mouse || f.pressed[b]
	}
	l.mx, l.my = f.X, f.Y
	fingers := l.touch.poll(f)
	f.Gesture = fingers || l.touch.active()
	l.touchInUse = inUse(l.touchInUse, f.Gesture, mouse)
	f.Touch = l.touchInUse
	return f
}

// inUse says whether touch is in use after a frame: fingers make it so,
// the mouse moving or clicking or a key pressed end it.
func inUse(was, fingers, mouse bool) bool {
	switch {
	case fingers:
		return true
	case mouse:
		return false
	}
	return was
}
