package game

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/assets"
	"pelennor/engine"
	"pelennor/engine/rules"
	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
	"pelennor/game/render"
)

// battleApp opens a hotseat battle on the Pelennor through the real
// input path.
func tableApp(t *testing.T) (*App, *Battle, *input.Script) {
	t.Helper()
	script := input.NewScript()
	a, err := New(Options{Mute: true, Seed: 1, Catalog: catalog, Input: script, Show: "battle", Storage: memStorage()})
	if err != nil {
		t.Fatal(err)
	}
	ebitest.Run(t, a, 3)
	b, ok := a.Top().(*Battle)
	if !ok {
		t.Fatalf("top scene %T, want the battle", a.Top())
	}
	return a, b, script
}

// TestMinimapJumps: at Fit table there is no minimap; zoomed in there is
// one inside the view, and a click on it centres the view on that point
// of the table without selecting anything.
func TestMinimapJumps(t *testing.T) {
	a, b, script := tableApp(t)
	if b.minimap.W != 0 {
		t.Fatalf("a minimap %+v with the whole table in view", b.minimap)
	}
	b.Cam.ZoomAt(b.view.CX(), b.view.CY(), 3)
	ebitest.Run(t, a, 2)
	m := b.minimap
	if m.W == 0 || !m.Inside(b.view) {
		t.Fatalf("zoomed in: minimap %+v, view %+v", m, b.view)
	}
	W, H := b.Cam.TableW, b.Cam.TableH
	script.Add(input.Click(0, m.X+0.8*m.W, m.Y+0.3*m.H)...)
	ebitest.Run(t, a, 4)
	cx, cy := b.Cam.ToWorld(b.view.CX(), b.view.CY())
	if math.Abs(cx-0.8*W) > 0.02*W || math.Abs(cy-0.3*H) > 0.02*H {
		t.Errorf("the view is centred on (%.0f, %.0f), want (%.0f, %.0f)", cx, cy, 0.8*W, 0.3*H)
	}
	if len(b.Sel) != 0 || b.Dragging() != nil {
		t.Errorf("the click on the minimap selected %v", b.Sel)
	}
}

// rohirrimRow returns n Rohirrim standing side by side in their line.
func rohirrimRow(t *testing.T, m *Match, n int) []int {
	t.Helper()
	rows := map[int][]engine.Element{}
	best := 0
	for _, e := range m.G.Elements() {
		if e.OnTable() && e.Cmd == 1 && !e.General {
			y := int(e.Base.Front.Y.Paces())
			rows[y] = append(rows[y], e)
			if len(rows[y]) > len(rows[best]) {
				best = y
			}
		}
	}
	row := rows[best]
	if len(row) < n {
		t.Fatalf("no row of %d Rohirrim", n)
	}
	slices.SortFunc(row, func(p, q engine.Element) int { return int(p.Base.Front.X.Paces() - q.Base.Front.X.Paces()) })
	var ids []int
	for _, e := range row[:n] {
		ids = append(ids, e.ID)
	}
	return ids
}

// TestGroupNamesDoNotPileUp: a group selected at Fit table gets one
// label; zoomed in on it every name is written, none overlapping another
// or leaving the view.
func TestGroupNamesDoNotPileUp(t *testing.T) {
	a, b, _ := tableApp(t)
	b.Sel = rohirrimRow(t, b.M, 5)
	labels := b.placeNames(a.Theme, b.M.G.Elements())
	if len(labels) != 1 || labels[0].text != "5 selected" {
		t.Errorf("at Fit table the group's labels are %+v, want one \"5 selected\"", labels)
	}
	e, _ := b.M.G.Element(b.Sel[2])
	aimAt(b, e, 0, 1.2*a.Theme.Scale)
	b.layout(a)
	labels = b.placeNames(a.Theme, b.M.G.Elements())
	if len(labels) < 3 {
		t.Fatalf("zoomed in, only %d names written", len(labels))
	}
	for i, l := range labels {
		if !l.at.Inside(b.view) {
			t.Errorf("%q at %+v leaves the view %+v", l.text, l.at, b.view)
		}
		for _, o := range labels[i+1:] {
			if l.at.Overlaps(o.at) {
				t.Errorf("%q %+v overlaps %q %+v", l.text, l.at, o.text, o.at)
			}
		}
		if l.at.Overlaps(b.minimap) || l.at.Overlaps(b.scaleBarRect(a.Theme.Scale)) {
			t.Errorf("%q covers the minimap or the scale bar", l.text)
		}
	}
}

// TestContrastAndTextSizeKept: H on the table turns the high-contrast
// bases on and keeps it in settings.json; the text size is kept too, is
// applied to the theme at the next start, and a bad one is refused.
func TestContrastAndTextSizeKept(t *testing.T) {
	st := memStorage()
	script := input.NewScript()
	a, err := New(Options{Mute: true, Seed: 1, Catalog: catalog, Input: script, Show: "battle", Storage: st})
	if err != nil {
		t.Fatal(err)
	}
	ebitest.Run(t, a, 3)
	script.Add(input.Tap(0, ebiten.KeyH)...)
	ebitest.Run(t, a, 3)
	if !a.Settings.Contrast {
		t.Fatal("H did not turn high contrast on")
	}
	data, err := st.Config.Get(SettingsFile)
	if err != nil || !strings.Contains(string(data), `"high_contrast": true`) {
		t.Fatalf("settings file %s (%v)", data, err)
	}
	a.Settings.TextSize = TextLarger
	a.SaveSettings()
	b, err := New(Options{Mute: true, Catalog: catalog, Input: input.NewScript(), Storage: st})
	if err != nil {
		t.Fatal(err)
	}
	if !b.Settings.Contrast || b.Settings.TextSize != TextLarger || b.Theme.Text != 1.4 {
		t.Errorf("next run: %+v, text ×%v", b.Settings, b.Theme.Text)
	}
	if n, l := assets.SizeOf(b.Theme.Face(fontRegular, 15)), assets.SizeOf(a.Theme.Face(fontRegular, 15)); n <= l*1.1 {
		t.Errorf("a 15 px face is %.1f px at larger text, %.1f at normal", n, l)
	}
	if _, err := ParseSettings([]byte(`{"format": 1, "text_size": "huge"}`)); err == nil || !strings.Contains(err.Error(), "text_size") {
		t.Errorf("a bad text size: %v", err)
	}
}

// baseShot draws one black base at a Fit-table zoom on dark ground.
type baseShot struct{ contrast bool }

func (g *baseShot) Update() error              { return nil }
func (g *baseShot) Layout(w, h int) (int, int) { return w, h }
func (g *baseShot) Draw(dst *ebiten.Image) {
	dst.Fill(render.RGB(0x2a, 0x30, 0x22))
	cv := render.NewCanvas(dst)
	cam := &render.Camera{Zoom: 0.12}
	p := render.Pose{X: 400, Y: 400, W: 160, D: 60}
	render.DrawElement(cv, cam, p, render.Look{Type: rules.Blades, Colour: render.RGB(0x20, 0x1e, 0x24), Upright: true, Contrast: g.contrast}, 1)
	cv.Flush()
}

// TestContrastBasesRead: a black base about 20 px wide on dark ground
// shows a light outline and a larger symbol in high contrast: many more
// light pixels about it than without.
func TestContrastBasesRead(t *testing.T) {
	light := func(contrast bool) int {
		img := ebitest.Run(t, &baseShot{contrast}, 2)
		n := 0
		for y := 30; y < 70; y++ {
			for x := 30; x < 70; x++ {
				if p := ebitest.Pixel(img, x, y); int(p[0])+int(p[1])+int(p[2]) > 3*170 {
					n++
				}
			}
		}
		return n
	}
	plain, high := light(false), light(true)
	if high < 2*plain+40 {
		t.Errorf("light pixels about the base: %d plain, %d in high contrast", plain, high)
	}
}
