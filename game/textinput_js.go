//go:build js

package game

import (
	"strconv"
	"sync"
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game/input"
	"pelennor/game/ui"
)

// withKeyboard adds the on-screen keyboard (textinput.go) to the
// browser's input.
func withKeyboard(a *App, s input.Source) input.Source {
	return &keyboardInput{Source: s, app: a, kb: &keyboard{}}
}

// keyboard is the page's <input id="hott-text"> over the focused field.
// The page's events arrive on its event loop, the game's polls in its
// own: what the events say waits, under mu, for the next poll.
type keyboard struct {
	el    js.Value      // the <input>, made on first use
	field *ui.TextField // the field it types into, nil while hidden
	rect  ui.Rect       // the field's place it was put over
	funcs []js.Func

	mu      sync.Mutex
	value   string       // the input's text, as its last input event left it
	typed   bool         // value is new
	keys    []ebiten.Key // Enter, Escape and Tab pressed in it
	blurred bool         // it lost the focus (the phone's keyboard closed)
}

// passed are the keys the input hands to the game rather than keep.
var passed = map[string]ebiten.Key{"Enter": ebiten.KeyEnter, "Escape": ebiten.KeyEscape, "Tab": ebiten.KeyTab}

// sync applies what was typed to the field it was shown for, then shows
// the input over fld (the field focused now, nil for none).
func (k *keyboard) sync(a *App, fld *ui.TextField, f *input.Frame) {
	k.mu.Lock()
	value, typed, keys, blurred := k.value, k.typed, k.keys, k.blurred
	k.typed, k.keys, k.blurred = false, nil, false
	k.mu.Unlock()
	if k.field != nil && k.field == fld {
		if typed && value != fld.Text {
			fld.Put(value)
		}
		for _, key := range keys {
			f.PressKey(key)
		}
		if blurred && len(keys) == 0 {
			// The keyboard closed: the field lets go too (a screen that
			// keeps its field focused keeps the input there to tap again).
			fld.Blur()
		}
	}
	switch {
	case fld == nil:
		k.hide()
	case fld != k.field:
		k.show(a, fld)
	default:
		k.place(a, fld.Rect)
		if !typed && k.el.Get("value").String() != fld.Text {
			k.el.Set("value", fld.Text) // the screen changed the text itself
		}
	}
}

// make creates the input and its listeners.
func (k *keyboard) make() {
	doc := js.Global().Get("document")
	el := doc.Call("createElement", "input")
	el.Set("id", "hott-text")
	el.Set("type", "text")
	for name, v := range map[string]string{"autocomplete": "off", "autocapitalize": "words", "spellcheck": "false", "enterkeyhint": "done"} {
		el.Call("setAttribute", name, v)
	}
	// Over the canvas, invisible but for the phone's keyboard: the game
	// draws the field and its text. 16 px keeps iOS from zooming in.
	st := el.Get("style")
	for name, v := range map[string]string{"position": "fixed", "zIndex": "10", "display": "none", "boxSizing": "border-box",
		"margin": "0", "padding": "0 8px", "border": "0", "outline": "none", "background": "transparent",
		"color": "transparent", "caretColor": "transparent", "fontSize": "16px"} {
		st.Set(name, v)
	}
	on := func(event string, fn func(e js.Value)) {
		f := js.FuncOf(func(_ js.Value, args []js.Value) any {
			fn(args[0])
			return nil
		})
		k.funcs = append(k.funcs, f)
		el.Call("addEventListener", event, f)
	}
	on("input", func(e js.Value) {
		v := el.Get("value").String()
		k.mu.Lock()
		k.value, k.typed = v, true
		k.mu.Unlock()
	})
	// The page's own keydown listener (game/input) would take letters
	// typed here for the game's shortcuts: the input keeps its keys.
	on("keydown", func(e js.Value) {
		e.Call("stopPropagation")
		if key, ok := passed[e.Get("key").String()]; ok && !e.Get("isComposing").Bool() {
			e.Call("preventDefault")
			k.mu.Lock()
			k.keys = append(k.keys, key)
			k.mu.Unlock()
		}
	})
	on("keyup", func(e js.Value) { e.Call("stopPropagation") })
	on("blur", func(js.Value) {
		k.mu.Lock()
		k.blurred = true
		k.mu.Unlock()
	})
	doc.Get("body").Call("appendChild", el)
	k.el = el
}

// show puts the input over fld with its text and focuses it, so the
// phone's keyboard opens (the tap that focused the field is a moment
// before, which browsers accept as the user's gesture).
func (k *keyboard) show(a *App, fld *ui.TextField) {
	if k.el.IsUndefined() {
		k.make()
	}
	k.field = fld
	k.el.Set("maxLength", max(fld.MaxLen, 0))
	if fld.MaxLen <= 0 {
		k.el.Call("removeAttribute", "maxlength")
	}
	k.el.Set("value", fld.Text)
	k.rect = ui.Rect{}
	k.place(a, fld.Rect)
	k.el.Get("style").Set("display", "block")
	k.el.Call("focus", map[string]any{"preventScroll": true})
	k.mu.Lock()
	k.value, k.typed, k.keys, k.blurred = fld.Text, false, nil, false
	k.mu.Unlock()
}

// place moves the input over r (screen pixels) in the page's CSS pixels.
func (k *keyboard) place(a *App, r ui.Rect) {
	if r == k.rect || a.W <= 0 || a.H <= 0 {
		return
	}
	k.rect = r
	c := js.Global().Get("document").Call("querySelector", "canvas")
	if c.IsNull() {
		return
	}
	b := c.Call("getBoundingClientRect")
	sx, sy := b.Get("width").Float()/a.W, b.Get("height").Float()/a.H
	st := k.el.Get("style")
	px := func(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) + "px" }
	st.Set("left", px(b.Get("left").Float()+r.X*sx))
	st.Set("top", px(b.Get("top").Float()+r.Y*sy))
	st.Set("width", px(r.W*sx))
	st.Set("height", px(r.H*sy))
}

// hide takes the input away (its blur is no news to the next field).
func (k *keyboard) hide() {
	if k.field == nil {
		return
	}
	k.field = nil
	k.el.Get("style").Set("display", "none")
	k.el.Call("blur")
	js.Global().Get("document").Call("querySelector", "canvas").Call("focus")
}
