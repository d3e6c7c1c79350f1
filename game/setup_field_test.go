package game

import (
	"math"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
	"pelennor/game/saves"
)

// layTwo lays the first two features of the generator's layout.
func layTwo(t *testing.T, m *Match) {
	t.Helper()
	for _, f := range standardLayout(m)[:2] {
		if _, err := m.Submit(engine.Action{Kind: engine.ActTerrain, Op: engine.OpPlace, Feature: &f}); err != nil {
			t.Fatal(err)
		}
	}
}

// topSetup is the set-up screen under a hand-over, if any (dismissed
// with Space).
func topSetup(t *testing.T, a *App, s *input.Script) *SetupField {
	t.Helper()
	if _, ok := a.Top().(*Handover); ok {
		step(t, a, s, 4, input.Tap(0, ebiten.KeySpace)...)
	}
	sf, ok := a.Top().(*SetupField)
	if !ok {
		t.Fatalf("opened on %T, want the set-up screen", a.Top())
	}
	return sf
}

// A match saved, or left, in the middle of its set-up reopens on the
// set-up screen where it was: from the save, and with Continue from its
// journal in a new program over the same files.
func TestSetupResumes(t *testing.T) {
	st := memStorage()
	a, _ := app(t, Options{Storage: st})
	_, m := setupMatchOn(t, a, 7)
	playUntil(t, m, engine.StepTerrain)
	layTwo(t, m)
	ebitest.Run(t, a, 2)
	want := positionOf(m)
	name, err := a.SaveMatch(m, "mid set-up")
	if err != nil {
		t.Fatal(err)
	}
	b, sb := app(t, Options{Storage: st})
	if err := b.OpenSaved(saves.Info{Area: saves.AreaSaves, Name: name}); err != nil {
		t.Fatal(err)
	}
	if got := positionOf(topSetup(t, b, sb).M); got != want {
		t.Errorf("the save reopened at %+v, want %+v", got, want)
	}
	c, sc := app(t, Options{Storage: st})
	continued(t, c, sc)
	sf := topSetup(t, c, sc)
	if got := positionOf(sf.M); got != want || len(sf.M.G.SetupTerrain()) != 2 {
		t.Errorf("Continue resumed at %+v with %d features, want %+v", got, len(sf.M.G.SetupTerrain()), want)
	}
}

// Undo in the set-up: a feature laid is taken back, a die rolled cannot
// be (the button is disabled); a stronghold placed is taken back from
// the battle screen's deployment, which returns to the set-up screen.
func TestSetupUndo(t *testing.T) {
	a, s := app(t, Options{})
	_, m := setupMatchOn(t, a, 7)
	playUntil(t, m, engine.StepTerrain)
	sf := topSetup(t, a, s)
	ebitest.Run(t, a, 2)
	if !sf.undo.Disabled {
		t.Error("Undo is enabled after the roll for who defends")
	}
	layTwo(t, m)
	ebitest.Run(t, a, 2)
	r := sf.undo.Rect
	step(t, a, s, 4, input.Click(0, r.CX(), r.CY())...)
	if n := len(m.G.SetupTerrain()); n != 1 {
		t.Fatalf("after Undo: %d features, want 1", n)
	}
	playUntil(t, m, engine.StepDone)
	a.Reset(OpenMatch(a, m))
	if _, ok := a.Top().(*Battle); !ok || m.G.Phase() != engine.PhaseDeploy {
		t.Fatalf("after the stronghold: %T in %s", a.Top(), m.G.Phase())
	}
	step(t, a, s, 4, ctrl(ebiten.KeyZ, false)...)
	if st, _ := m.G.SetupStep(); st != engine.StepStronghold {
		t.Fatalf("after Ctrl+Z in the deployment: step %s", st)
	}
	if _, ok := a.Top().(*SetupField); !ok {
		t.Errorf("the stronghold taken back leaves %T on top", a.Top())
	}
}

// With a finger: the palette's tiles and the buttons are touch-sized, a
// tap on a tile lays the kind in the middle of the view, and the turn
// handle dragged a quarter turn round turns the feature.
func TestSetupTouch(t *testing.T) {
	a, s := app(t, Options{})
	_, m := setupMatchOn(t, a, 7)
	playUntil(t, m, engine.StepTerrain)
	a.Reset(OpenMatch(a, m))
	sf := topSetup(t, a, s)
	s.Add(finger(0, pt2(sf.banner.X+4, sf.banner.Y+4)), finger(1))
	ebitest.Run(t, a, 6)
	if !sf.touch || sf.tiles[1].H < 44-0.5 || sf.done.Rect.H < 44-0.5 {
		t.Fatalf("touch %v: a tile %.0f px and Terrain done %.0f px high", sf.touch, sf.tiles[1].H, sf.done.Rect.H)
	}
	hill := sf.tiles[1]
	s.Add(finger(0, pt2(hill.CX(), hill.CY())), finger(2))
	ebitest.Run(t, a, 6)
	fs := m.G.SetupTerrain()
	cx, cy := sf.Cam.ToWorld(sf.view.CX(), sf.view.CY())
	if len(fs) != 1 || fs[0].Kind != "hill" || abs(fs[0].X-int(cx)) > 2 || abs(fs[0].Y-int(cy)) > 2 {
		t.Fatalf("a tap on the hill tile laid %+v, want a hill at %.0f,%.0f", fs, cx, cy)
	}
	// The turn handle, due north of the centre, dragged round to due east.
	f := fs[0]
	hx, hy := sf.Cam.ToScreen(float64(f.X), float64(f.Y))
	h := handleAt(t, sf, 0)
	for i := 0; i <= 10; i++ {
		th := math.Pi / 2 * float64(i) / 10
		d := math.Hypot(h[0]-hx, h[1]-hy)
		s.Add(finger(i, pt2(hx+d*math.Sin(th), hy-d*math.Cos(th))))
	}
	s.Add(finger(11))
	ebitest.Run(t, a, 16)
	if got := m.G.SetupTerrain()[0].Facing; abs(got-1024) > 16 {
		t.Errorf("the handle turned the hill to %d, want about 1024", got)
	}
}

// handleAt is handle i of the selected feature, on the screen.
func handleAt(t *testing.T, sf *SetupField, i int) [2]float64 {
	t.Helper()
	f, ok := sf.Ctl.Selected()
	if !ok {
		t.Fatal("nothing selected")
	}
	hs := control.Handles(f, &sf.Cam)
	x, y := sf.Cam.ToScreen(hs[i].At.X, hs[i].At.Y)
	return [2]float64{x, y}
}

// Ctrl+S in the set-up asks for a name, offering the battle's "set-up",
// and saves it there.
func TestSetupSave(t *testing.T) {
	a, s := app(t, Options{})
	_, m := setupMatchOn(t, a, 7)
	playUntil(t, m, engine.StepTerrain)
	topSetup(t, a, s)
	step(t, a, s, 4, ctrl(ebiten.KeyS, false)...)
	d, ok := a.Top().(*FieldDialog)
	if !ok {
		t.Fatalf("Ctrl+S opened %T", a.Top())
	}
	if want := "set-up"; !strings.HasSuffix(d.field.Text, want) {
		t.Errorf("the name offered is %q, want it to end %q", d.field.Text, want)
	}
	step(t, a, s, 4, input.Tap(0, ebiten.KeyEnter)...)
	if _, err := a.Lib.Open(saves.AreaSaves, d.field.Text+saves.Ext); err != nil {
		t.Errorf("no save %q: %v", d.field.Text, err)
	}
	if _, ok := a.Top().(*SetupField); !ok {
		t.Errorf("after saving: %T on top", a.Top())
	}
}
