package game

import (
	"fmt"
	"testing"

	"pelennor/engine"
	"pelennor/game/ui"
)

// TestSetupLayoutFits: at every window, text size and step, with the
// mouse and with touch's 44 CSS pixel targets, the set-up screen's
// buttons lie inside the window without overlapping or cutting their
// labels, the palette's tiles and the problems' box lie inside the
// panel, and with touch every button and tile is at least 44 px high.
func TestSetupLayoutFits(t *testing.T) {
	steps := []engine.SetupStep{engine.StepRoll, engine.StepTerrain, engine.StepEdge, engine.StepStronghold}
	for _, sz := range layoutSizes {
		for _, ts := range layoutTextSizes {
			for _, touch := range []bool{false, true} {
				a := sizeApp(t, sz.w, sz.h, ts)
				if touch {
					a.SetTargetCSS(44)
				}
				_, m := setupMatchOn(t, a, 3)
				win := ui.R(0, 0, sz.w, sz.h)
				for _, st := range steps {
					playUntil(t, m, st)
					sf := NewSetupField(a, m)
					sf.layout(a)
					where := fmt.Sprintf("%.0f×%.0f %s text, touch %v, %s", sz.w, sz.h, ts, touch, st)
					checkButtons(t, where, a.Theme, win, sf.buttons(), nil)
					for _, r := range []ui.Rect{sf.view, sf.banner, sf.panel} {
						if !r.Inside(win) || r.W <= 0 || r.H <= 0 {
							t.Errorf("%s: a region %+v is not inside the window", where, r)
						}
					}
					if sf.view.Overlaps(sf.panel) || sf.banner.Overlaps(sf.view) {
						t.Errorf("%s: view %+v, panel %+v and banner %+v overlap", where, sf.view, sf.panel, sf.banner)
					}
					rects := map[string]ui.Rect{}
					for _, b := range sf.buttons() {
						if b.Rect.W > 0 {
							rects[b.Label] = b.Rect
						}
					}
					if st == engine.StepTerrain {
						for i, r := range sf.tiles {
							rects[fmt.Sprintf("tile %d", i)] = r
							if !r.Inside(sf.panel) {
								t.Errorf("%s: tile %d %+v leaves the panel %+v", where, i, r, sf.panel)
							}
						}
						// Three lines of problems; a phone on its side, one (the
						// count), the features outlined in red on the table.
						lines := 3.0
						if sz.h < 400 {
							lines = 1
						}
						if !sf.problemsBox.Inside(sf.panel) || sf.problemsBox.H < lines*ui.LineHeight(a.Theme.Small()) {
							t.Errorf("%s: the problems' box %+v (in %+v) has no room", where, sf.problemsBox, sf.panel)
						}
					}
					for name, r := range rects {
						if touch && r.H < 44-0.5 {
							t.Errorf("%s: %s is %.0f px high", where, name, r.H)
						}
					}
				}
			}
		}
	}
}
