//go:build !js

package game

import (
	"pelennor/game/input"
	"pelennor/game/ui"
)

// withKeyboard leaves the desktop's input as it is: a real keyboard
// types into the fields (textinput.go).
func withKeyboard(_ *App, s input.Source) input.Source { return s }

// keyboard is the browser's on-screen keyboard; the desktop has none.
type keyboard struct{}

func (*keyboard) sync(*App, *ui.TextField, *input.Frame) {}
