package game

import (
	"reflect"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game/input"
	"pelennor/game/store"
	"pelennor/game/ui"
)

// An idle game draws nothing: the screen is not cleared between frames
// (ebiten.SetScreenClearedEveryFrame(false)), so the last frame stays on
// it, and the game draws again only when something can have changed: input
// (a key, a button, the wheel, a touch, the pointer moving), for a few
// ticks after it (hovers and presses settle), a new screen or window size,
// toasts showing, an animation, a replay playing, a caret blinking, the
// browser's answer on keeping the saves, or a caller's reason (the browser
// hook's pending screenshot or a job run from the page). An idle battle
// costs no drawing at all, which is what a laptop's battery wants.

// idleLinger is how many ticks the game keeps drawing after the last input.
const idleLinger = 10

// animator is a screen that moves by itself for a while (it is drawn every
// frame while Animating is true).
type animator interface{ Animating() bool }

// Animating reports whether elements are sliding to where they moved.
func (b *Battle) Animating() bool { return len(b.anims) > 0 }

// Animating reports whether the replay plays or its field animates.
func (v *Viewer) Animating() bool { return v.playing || v.b != nil && v.b.Animating() }

// IdleGate wraps a game (the App, or the browser's hooked App) and skips
// Draw when nothing changed since the last frame drawn.
type IdleGate struct {
	ebiten.Game
	app *App
	// More reports a reason of the caller's to draw this frame.
	More func() bool

	linger int   // ticks still to draw after input
	top    Scene // the screen drawn last, and how many were stacked
	depth  int
	w, h   int // the layout drawn last
	x, y   float64
	first  bool
	stored store.Persistence // the browser's answer on keeping the saves, shown on the load screen
	// Drawn counts the frames actually drawn (tests).
	Drawn int
}

// NewIdleGate wraps g, which draws a; it watches a's input.
func NewIdleGate(a *App, g ebiten.Game) *IdleGate {
	ig := &IdleGate{Game: g, app: a, first: true}
	a.in = &watchedInput{Source: a.in, seen: ig.input}
	ebiten.SetScreenClearedEveryFrame(false)
	return ig
}

// watchedInput tells the gate about every frame of input.
type watchedInput struct {
	input.Source
	seen func(*input.Frame)
}

func (w *watchedInput) Poll() *input.Frame {
	f := w.Source.Poll()
	w.seen(f)
	return f
}

// input notes a frame with anything in it.
func (ig *IdleGate) input(f *input.Frame) {
	if f.X != ig.x || f.Y != ig.y || busy(f) {
		ig.linger = idleLinger
	}
	ig.x, ig.y = f.X, f.Y
}

// busy reports whether a frame holds any button, key, wheel or text.
func busy(f *input.Frame) bool {
	if f.WheelX != 0 || f.WheelY != 0 || len(f.Chars) > 0 {
		return true
	}
	for _, b := range []input.Button{input.Left, input.Right, input.Middle} {
		if f.Down(b) || f.Pressed(b) || f.Released(b) {
			return true
		}
	}
	for k := ebiten.Key(0); k <= ebiten.KeyMax; k++ {
		if f.Key(k) || f.KeyPressed(k) {
			return true
		}
	}
	return false
}

// Update runs the game and counts down the ticks after input.
func (ig *IdleGate) Update() error {
	err := ig.Game.Update()
	if ig.linger > 0 {
		ig.linger--
	}
	return err
}

// Layout passes the game's layout on (a new size is seen in Draw).
func (ig *IdleGate) Layout(w, h int) (int, int) {
	return ig.Game.Layout(w, h)
}

// LayoutF passes the App's layout on (Ebitengine prefers it to Layout).
func (ig *IdleGate) LayoutF(w, h float64) (float64, float64) {
	if l, ok := ig.Game.(interface {
		LayoutF(w, h float64) (float64, float64)
	}); ok {
		return l.LayoutF(w, h)
	}
	iw, ih := ig.Game.Layout(int(w), int(h))
	return float64(iw), float64(ih)
}

// Draw draws when something can have changed, else leaves the last frame.
func (ig *IdleGate) Draw(screen *ebiten.Image) {
	if !ig.due(screen) {
		return
	}
	ig.Drawn++
	// A frame drawn is drawn whole, as on a screen cleared every frame.
	screen.Clear()
	ig.Game.Draw(screen)
}

// due reports whether this frame must be drawn, and notes what it shows.
func (ig *IdleGate) due(screen *ebiten.Image) bool {
	b := screen.Bounds()
	a := ig.app
	top, depth := a.Top(), len(a.scenes)
	// The browser answers about keeping the saves when it will, with no
	// input: the load screen's notice changes then.
	stored := store.Persisted()
	due := ig.first || ig.linger > 0 || b.Dx() != ig.w || b.Dy() != ig.h || stored != ig.stored ||
		top != ig.top || depth != ig.depth || len(a.Toasts()) > 0 ||
		ig.More != nil && ig.More()
	for _, s := range a.scenes {
		if due {
			break
		}
		if an, ok := s.(animator); ok && an.Animating() {
			due = true
		}
	}
	if !due && typing(top) {
		due = true
	}
	ig.first = false
	ig.w, ig.h, ig.top, ig.depth, ig.stored = b.Dx(), b.Dy(), top, depth, stored
	return due
}

var textFieldType = reflect.TypeFor[ui.TextField]()

// typing reports whether a screen has a focused text field (its caret
// blinks). Fields are found as the hook finds buttons, by reflection.
func typing(s Scene) bool {
	v := reflect.ValueOf(s)
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return false
		}
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return false
	}
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		if f.Kind() == reflect.Pointer && !f.IsNil() {
			f = f.Elem()
		}
		if f.Type() == textFieldType && f.FieldByName("Focused").Bool() {
			return true
		}
	}
	return false
}
