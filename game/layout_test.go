package game

import (
	"encoding/json"
	"fmt"
	"testing"

	"pelennor/engine"
	"pelennor/game/input"
	"pelennor/game/ui"
)

// layoutSizes are the windows every layout is checked at: a laptop, a
// landscape tablet, a portrait tablet and a phone held upright (CSS
// pixels, at a device scale of 1).
var layoutSizes = []struct{ w, h float64 }{{1280, 800}, {1024, 768}, {820, 1180}, {390, 844}, {844, 390}}

// layoutTextSizes are the text sizes checked at every window.
var layoutTextSizes = []TextSize{TextNormal, TextLarge, TextLarger}

// sizeApp makes an app laid out as in a w × h window with text size ts.
func sizeApp(t *testing.T, w, h float64, ts TextSize) *App {
	t.Helper()
	a, err := New(Options{Mute: true, Seed: 1, Catalog: catalog, Input: input.NewScript(), Storage: memStorage()})
	if err != nil {
		t.Fatal(err)
	}
	a.Settings.TextSize = ts
	a.W, a.H = w, h
	a.cssScale = interfaceScale(w, h)
	a.Theme = a.newTheme(a.cssScale)
	return a
}

// TestTouchTargets: with 44 CSS pixel targets (touch) the battle's bar
// and panel buttons are at least that high at every size, and still lie
// inside the window without overlapping.
func TestTouchTargets(t *testing.T) {
	for _, sz := range layoutSizes {
		a := sizeApp(t, sz.w, sz.h, TextNormal)
		a.SetTargetCSS(44)
		win := ui.R(0, 0, sz.w, sz.h)
		battlePhases(t, a, func(phase string, b *Battle) {
			where := fmt.Sprintf("%.0f×%.0f touch, %s", sz.w, sz.h, phase)
			b.layout(a)
			b.panelLayout(a)
			checkButtons(t, where, a.Theme, win, b.buttons(), map[string]ui.Rect{"hint": b.hintBox})
			l, r := b.barButtons()
			for _, btn := range append(l, r...) {
				if btn.Rect.H < 44-0.5 {
					t.Errorf("%s: %q is %.0f px high", where, btn.Label, btn.Rect.H)
				}
			}
		})
	}
}

// checkButtons fails when a button leaves the window, is too small for
// its label, or overlaps another button or one of the other boxes.
func checkButtons(t *testing.T, where string, th *ui.Theme, win ui.Rect, btns []*ui.Button, boxes map[string]ui.Rect) {
	t.Helper()
	var shown []*ui.Button
	for _, btn := range btns {
		if btn.Rect.W > 0 {
			shown = append(shown, btn)
		}
	}
	for i, btn := range shown {
		if !btn.Rect.Inside(win) {
			t.Errorf("%s: %q at %+v leaves the window %+v", where, btn.Label, btn.Rect, win)
		}
		if !btn.Fits(th) {
			t.Errorf("%s: %q is cut off: %.0f×%.0f for %.0f wide", where, btn.Label, btn.Rect.W, btn.Rect.H, btn.Need(th))
		}
		for _, o := range shown[i+1:] {
			if btn.Rect.Overlaps(o.Rect) {
				t.Errorf("%s: %q %+v overlaps %q %+v", where, btn.Label, btn.Rect, o.Label, o.Rect)
			}
		}
		for name, r := range boxes {
			if btn.Rect.Overlaps(r) {
				t.Errorf("%s: %q %+v overlaps the %s %+v", where, btn.Label, btn.Rect, name, r)
			}
		}
	}
}

// battlePhases brings a battle to each phase whose panel has buttons of
// its own and hands it to check: the move phase, a shot aimed, and a
// close combat listed.
func battlePhases(t *testing.T, a *App, check func(name string, b *Battle)) {
	t.Helper()
	m, err := a.StartMatch("pelennor", 1, [2]string{"Éomer", "Gothmog"}, false)
	if err != nil {
		t.Fatal(err)
	}
	b := NewBattle(a, m)
	check("move", b)

	sc, bow, target := pelennorWithTarget(t)
	m3, err := NewMatch(sc, 1, [2]string{"Imrahil", "Gothmog"}, false)
	if err != nil {
		t.Fatal(err)
	}
	b3 := NewBattle(a, m3)
	b3.layout(a)
	if !b3.submit(a, engine.Action{Kind: engine.ActEndPhase}) {
		t.Fatal("the move phase did not end")
	}
	b3.Shot.Shooter, b3.Shot.Target = bow, target
	check("shooting", b3)

	m2, err := NewMatch(pelennorInContact(t), 1, [2]string{"Éomer", "Gothmog"}, false)
	if err != nil {
		t.Fatal(err)
	}
	b2 := NewBattle(a, m2)
	b2.layout(a)
	for i := 0; i < 3 && m2.G.Phase() != engine.PhaseClose; i++ {
		b2.submit(a, engine.Action{Kind: engine.ActEndPhase})
	}
	if m2.G.Phase() != engine.PhaseClose || len(m2.G.Combats()) == 0 {
		t.Fatalf("no close combat: phase %v, %d combats", m2.G.Phase(), len(m2.G.Combats()))
	}
	check("close", b2)
}

// pelennorInContact is pelennorWithFoe with the foe already front to
// front with the knight.
func pelennorInContact(t *testing.T) *engine.Scenario {
	t.Helper()
	data, kid, fid := pelennorWithFoeData(t)
	var raw map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	var ky float64
	for _, v := range raw["elements"].([]any) {
		if el := v.(map[string]any); int(el["id"].(float64)) == kid {
			ky = el["y"].(float64)
		}
	}
	for _, v := range raw["elements"].([]any) {
		if el := v.(map[string]any); int(el["id"].(float64)) == fid {
			el["y"] = ky
		}
	}
	out, _ := json.Marshal(raw)
	sc, err := engine.ParseScenario("pelennor-contact.json", out)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// TestBattleLayoutFits lays the battle screen out at a laptop's, a
// tablet's and a phone's size, at each text size and in each phase with
// buttons of its own: every button and chip lies inside the window, none
// overlaps another, every button's label fits it whole, and the bar's
// standing hints fit their box in one of their wordings.
func TestBattleLayoutFits(t *testing.T) {
	for _, sz := range layoutSizes {
		for _, ts := range layoutTextSizes {
			a := sizeApp(t, sz.w, sz.h, ts)
			th := a.Theme
			win := ui.R(0, 0, sz.w, sz.h)
			battlePhases(t, a, func(phase string, b *Battle) {
				where := fmt.Sprintf("%.0f×%.0f %s text, %s", sz.w, sz.h, ts, phase)
				b.layout(a)
				b.panelLayout(a)
				for _, tab := range []int{tabContext, tabLog} {
					b.tab = tab
					b.layout(a)
					b.panelLayout(a)
					boxes := map[string]ui.Rect{}
					for ci, r := range b.chips {
						name := fmt.Sprintf("chip of %s", b.M.Sc.Commands[ci].Name)
						if !r.Inside(b.top) || !r.Inside(win) {
							t.Errorf("%s: the %s %+v leaves the top bar %+v", where, name, r, b.top)
						}
						for n, o := range boxes {
							if r.Overlaps(o) {
								t.Errorf("%s: the %s overlaps the %s", where, name, n)
							}
						}
						boxes[name] = r
					}
					boxes["hint"] = b.hintBox
					checkButtons(t, where, th, win, b.buttons(), boxes)
					for _, r := range []ui.Rect{b.top, b.view, b.bar, b.side} {
						if !r.Inside(win) || r.W <= 0 || r.H <= 0 {
							t.Errorf("%s: a region %+v is not inside the window", where, r)
						}
					}
					if b.view.Overlaps(b.bar) || b.view.Overlaps(b.side) || b.bar.Overlaps(b.side) || b.top.Overlaps(b.view) {
						t.Errorf("%s: the regions overlap: view %+v bar %+v side %+v", where, b.view, b.bar, b.side)
					}
				}
				if !b.hintBox.Inside(b.bar) {
					t.Errorf("%s: the hint's box %+v leaves the bar %+v", where, b.hintBox, b.bar)
				}
				for i := 0; i < numHints; i++ {
					if lines, ok := b.hintLinesFor(th, hintWordings(i)); !ok {
						t.Errorf("%s: the hint %q does not fit %.0f px in %d lines: %q", where, hintWordings(i)[0], b.hintBox.W, b.hintLines, lines)
					}
				}
			})
		}
	}
}

// TestLayoutModes: a laptop and a landscape tablet keep the panel at the
// side, a portrait tablet puts it under the table beside the log, a
// phone under the table with tabs.
func TestLayoutModes(t *testing.T) {
	want := []layoutMode{layoutWide, layoutWide, layoutTall, layoutNarrow, layoutWide}
	for i, sz := range layoutSizes {
		if got := layoutModeFor(sz.w, sz.h, interfaceScale(sz.w, sz.h)); got != want[i] {
			t.Errorf("%.0f×%.0f: mode %d, want %d", sz.w, sz.h, got, want[i])
		}
	}
	// A phone's text is never smaller than 11 pixels a line of body text.
	if s := interfaceScale(390, 844); 15*s < 12 {
		t.Errorf("phone scale %.2f gives %.1f px body text", s, 15*s)
	}
}

// TestScreensLayoutFits lays out the title, the new-battle form, the
// hand-over, the load screen, the replay, the results, the keys, the
// save dialog, the settings, the menu and a confirmation at each window and
// text size: their buttons lie inside the window, never overlap, and
// show their whole labels; the settings' controls do not overlap either.
func TestScreensLayoutFits(t *testing.T) {
	for _, sz := range layoutSizes {
		for _, ts := range layoutTextSizes {
			a := sizeApp(t, sz.w, sz.h, ts)
			th := a.Theme
			win := ui.R(0, 0, sz.w, sz.h)
			where := func(scene string) string { return fmt.Sprintf("%.0f×%.0f %s text, %s", sz.w, sz.h, ts, scene) }
			m, err := a.StartMatch("pelennor", 1, [2]string{"Éomer", "Gothmog"}, false)
			if err != nil {
				t.Fatal(err)
			}
			b := NewBattle(a, m)
			b.layout(a)

			ti := NewTitle(a)
			ti.layout(a)
			checkButtons(t, where("title"), th, win, []*ui.Button{&ti.cont, &ti.newGame, &ti.load, &ti.settings, &ti.quit}, nil)

			st := NewSetup(a)
			st.layout(a)
			checkButtons(t, where("setup"), th, win, []*ui.Button{&st.start, &st.back}, map[string]ui.Rect{"list": st.list.Rect, "first name": st.p1.Rect, "side": st.side.Rect, "second name": st.p2.Rect, "deployment": st.deploy.Rect, "mail": st.mail.Rect})
			for _, cb := range []*ui.Checkbox{&st.deploy, &st.mail} {
				if !cb.Fits(th) || !cb.Rect.Inside(win) {
					t.Errorf("%s: %q does not fit %+v", where("setup"), cb.Label, cb.Rect)
				}
			}

			h := NewHandover(a, m, 1)
			h.layout(a)
			checkButtons(t, where("hand-over"), th, win, []*ui.Button{&h.begin, &h.watch, &h.export}, nil)

			l := NewLoadScreen(a)
			l.layout(a)
			checkButtons(t, where("load"), th, win, []*ui.Button{&l.back, &l.load, &l.watch, &l.del, &l.open}, map[string]ui.Rect{"path field": l.path.Rect})

			c := NewConfirm(a, "3 PIPs remain unspent. End the move phase?", "End move phase", func() {})
			c.layout(a)
			checkButtons(t, where("confirm"), th, win, []*ui.Button{&c.yes, &c.no}, nil)

			res := NewResults(a, m)
			res.layout(a)
			checkButtons(t, where("results"), th, win, []*ui.Button{&res.view, &res.menu, &res.replay, &res.export}, nil)

			k := NewKeys(a)
			kr := k.layout(a)
			checkButtons(t, where("keys"), th, win, []*ui.Button{&k.done}, nil)
			if !kr.Inside(win) {
				t.Errorf("%s: the list %+v leaves the window", where("keys"), kr)
			}

			sd := NewSaveDialog(a, m)
			sd.layout(a)
			checkButtons(t, where("save"), th, win, []*ui.Button{&sd.ok, &sd.no}, map[string]ui.Rect{"name field": sd.field.Rect})

			p := NewPause(a, b)
			p.layout(a)
			checkButtons(t, where("menu"), th, win, p.buttons(), nil)

			for _, mode := range []ViewMode{ViewReplay, ViewTurn, ViewLastBound} {
				v := NewViewer(a, m, mode, 0)
				v.layout(a)
				btns := []*ui.Button{&v.prevBound, &v.prev, &v.play, &v.next, &v.nextBound, &v.back}
				if v.branch.Label != "" {
					btns = append(btns, &v.branch)
				}
				checkButtons(t, where(fmt.Sprintf("replay %d", mode)), th, win, btns, map[string]ui.Rect{"speed": v.speed.Rect, "bound field": v.boundField.Rect, "timeline": v.timeline})
				for _, r := range []ui.Rect{v.speed.Rect, v.boundField.Rect, v.timeline} {
					if !r.Inside(v.b.bar) {
						t.Errorf("%s: a replay control %+v leaves the bar %+v", where(fmt.Sprintf("replay %d", mode)), r, v.b.bar)
					}
				}
			}

			ss := NewSettingsScene(a)
			ss.layout(a)
			controls := map[string]ui.Rect{"volume": ss.volume.Rect, "mute": ss.mute.Rect, "units": ss.units.Rect, "text size": ss.text.Rect, "contrast": ss.contrast.Rect, "note": ss.note.Rect, "computer speed": ss.speed.Rect}
			checkButtons(t, where("settings"), th, win, []*ui.Button{&ss.back}, controls)
			for n, r := range controls {
				if !r.Inside(ss.panel) || !ss.panel.Inside(win) {
					t.Errorf("%s: the %s %+v leaves the panel %+v", where("settings"), n, r, ss.panel)
				}
				for m, q := range controls {
					if n < m && r.Overlaps(q) {
						t.Errorf("%s: the %s overlaps the %s", where("settings"), n, m)
					}
				}
			}
			for _, cb := range []*ui.Checkbox{&ss.mute, &ss.contrast} {
				if !cb.Fits(th) {
					t.Errorf("%s: %q is cut off in %.0f px", where("settings"), cb.Label, cb.Rect.W)
				}
			}
		}
	}
}
