package game

import (
	"pelennor/game/input"
	"pelennor/game/ui"
)

// An on-screen keyboard for the text fields: a phone or tablet shows its
// keyboard only for a focused element of the page, so in the browser an
// HTML <input> lies over the field that has the focus while it has it
// (textinput_js.go). What is typed there becomes the field's text, and
// its Enter, Escape and Tab reach the screen as keys, so every screen
// keeps its own handling of them; the desktop has no such input
// (textinput_other.go) and types into the fields as before.

// keyboardInput wraps the input source: at each poll it brings the
// page's input over the field focused in the last frame (or takes it
// away) and feeds what was typed there into the frame and the field.
type keyboardInput struct {
	input.Source
	app *App
	kb  *keyboard
}

// Poll reads the frame and the on-screen keyboard.
func (k *keyboardInput) Poll() *input.Frame {
	f := k.Source.Poll()
	k.kb.sync(k.app, ui.TakeFocused(), f)
	return f
}
