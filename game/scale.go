package game

import (
	"math"

	"pelennor/game/input"
	"pelennor/game/ui"
)

// interfaceScale is the interface's scale for a window of w × h logical
// (CSS) pixels. A landscape window is laid out for 1600 × 900 and the
// interface grows or shrinks a little with it; a portrait one (a tablet
// or a phone held upright) for 900 wide, and never below 0.85, so that
// text on a phone stays at least 11 pixels high.
func interfaceScale(w, h float64) float64 {
	if h > w {
		return math.Max(0.85, math.Min(1.5, w/900))
	}
	return math.Max(0.72, math.Min(1.5, math.Min(w/1600, h/900)))
}

// newTheme makes the theme at scale s with the settings' text size and
// the target size of the input in use.
func (a *App) newTheme(s float64) *ui.Theme {
	th := ui.NewTheme(s)
	th.Text = a.Settings.TextSize.Factor()
	a.applyTarget(th)
	return th
}

// SetTargetCSS sets the least size of a pressable target in CSS pixels
// (44 for touch, by the guidelines); 0 goes back to the mouse's. Every
// layout reads it through ui.Theme.Target.
func (a *App) SetTargetCSS(px float64) {
	a.targetCSS = px
	a.applyTarget(a.Theme)
}

// applyTarget converts the target size to the theme's logical pixels.
func (a *App) applyTarget(th *ui.Theme) {
	th.Target = ui.DefaultTarget
	if a.targetCSS > 0 && a.cssScale > 0 {
		th.Target = math.Max(ui.DefaultTarget, a.targetCSS/a.cssScale)
	}
}

// followTouch sizes pressable targets for a finger while touch is in use
// (input.TouchTarget CSS pixels, rulings C9, L9) and for the mouse
// otherwise. It waits for the fingers to lift: a bar growing under a
// tap would move the table, and the tap would land beside what it aimed at.
func (a *App) followTouch(f *input.Frame) {
	if f.Gesture {
		return
	}
	want := 0.0
	if f.Touch {
		want = input.TouchTarget
	}
	if want != a.targetCSS {
		a.SetTargetCSS(want)
	}
}
