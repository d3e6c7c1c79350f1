package game

import (
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/engine/dice"
	"pelennor/engine/geom"
	"pelennor/engine/rules"
	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
	"pelennor/game/render"
	"pelennor/game/table"
	"pelennor/scenarios"
)

var catalog = Catalog{Names: scenarios.Names, Load: scenarios.Load}

// battleApp starts the game straight on a battle, driven by a script.
func battleApp(t *testing.T, scenario string) (*App, *Battle, *input.Script) {
	t.Helper()
	sc := input.NewScript()
	a, err := New(Options{Mute: true, Seed: 1, Scenario: scenario, Show: "battle", Catalog: catalog, Input: sc,
		Names: [2]string{"Théoden", "Gothmog"}})
	if err != nil {
		t.Fatal(err)
	}
	ebitest.Run(t, a, 3)
	b, ok := a.Top().(*Battle)
	if !ok {
		t.Fatalf("top scene is %T, want *Battle", a.Top())
	}
	return a, b, sc
}

func cmdIndex(sc *engine.Scenario, id string) int {
	for i, c := range sc.Commands {
		if c.ID == id {
			return i
		}
	}
	return -1
}

// forward returns e's base moved d paces straight ahead, as an engine pose.
func forward(e engine.Element, d int) engine.Pose {
	b := e.Base.Forward(geom.Paces(d))
	return engine.Pose{X: b.Front.X.Paces(), Y: b.Front.Y.Paces(), Facing: int(b.Facing.Norm())}
}

// rohirrimKnight finds a Rohirrim Knights element whose move of d paces
// straight ahead the engine would accept at cost 1 (or, with tooFar,
// refuse as too far).
func rohirrimKnight(t *testing.T, m *Match, d int, tooFar bool) engine.Element {
	t.Helper()
	ci := cmdIndex(m.Sc, "rohirrim")
	for _, e := range m.G.Elements() {
		if e.Cmd != ci || e.Type != rules.Knights || !e.OnTable() {
			continue
		}
		to := forward(e, d)
		evs, err := m.G.Preview(engine.Action{Kind: engine.ActMove, ID: e.ID, To: &to})
		if tooFar {
			var ie *engine.IllegalError
			if errors.As(err, &ie) && ie.Code == "move.too_far" {
				return e
			}
			continue
		}
		if err != nil {
			continue
		}
		for _, ev := range evs {
			if ev.Kind == engine.EvSpent && ev.Value == 1 {
				return e
			}
		}
	}
	t.Fatal("no suitable Rohirrim Knights element")
	return engine.Element{}
}

// aim sets the camera to a known zoom centred on element e and returns
// the screen points of its centre and of the point d paces ahead of it.
func aim(b *Battle, e engine.Element, d float64) (x0, y0, x1, y1 float64) {
	return aimAt(b, e, d, 0.5)
}

// aimAt is aim at the given zoom.
func aimAt(b *Battle, e engine.Element, d, zoom float64) (x0, y0, x1, y1 float64) {
	p := render.PoseOf(e.Base)
	c := p.Center()
	b.Cam.Zoom = zoom
	b.Cam.CenterOn(c.X, c.Y)
	x0, y0 = b.Cam.ToScreen(c.X, c.Y)
	f, _ := p.Dirs()
	x1, y1 = b.Cam.ToScreen(c.X+f.X*d, c.Y+f.Y*d)
	return
}

func TestDragKnightsThreeInches(t *testing.T) {
	a, b, sc := battleApp(t, "pelennor")
	m := b.Match()
	e := rohirrimKnight(t, m, 300, false)
	pips := m.G.Commands()[e.Cmd].PIPs
	x0, y0, x1, y1 := aim(b, e, 300)
	sc.Add(input.Drag(0, x0, y0, x1, y1, 10)...)
	ebitest.Run(t, a, 16)
	after, _ := m.G.Element(e.ID)
	want := forward(e, 300)
	if got := (engine.Pose{X: after.Base.Front.X.Paces(), Y: after.Base.Front.Y.Paces(), Facing: int(after.Base.Facing)}); got != want {
		t.Fatalf("knight %d at %+v after the drag, want %+v (from %+v)", e.ID, got, want, render.PoseOf(e.Base))
	}
	if d := geom.MoveDist(e.Base, after.Base).Paces(); d != 300 {
		t.Errorf("moved %d paces, want 300", d)
	}
	if got := m.G.Commands()[e.Cmd].PIPs; got != pips-1 {
		t.Errorf("Rohirrim PIPs %d after the move, want %d", got, pips-1)
	}
	if len(m.Actions) != 1 || m.Actions[0].Kind != engine.ActMove || len(m.H.Actions()) != 1 {
		t.Errorf("actions submitted: %+v", m.Actions)
	}
}

func TestDragBeyondAllowanceIsRefused(t *testing.T) {
	a, b, sc := battleApp(t, "pelennor")
	m := b.Match()
	e := rohirrimKnight(t, m, 500, true)
	pips := m.G.Commands()[e.Cmd].PIPs
	hash := m.G.Hash()
	x0, y0, x1, y1 := aim(b, e, 500)
	sc.Add(input.Drag(0, x0, y0, x1, y1, 10)...)
	// Look at the ghost just before the release.
	ebitest.Run(t, a, 12)
	d := b.Dragging()
	if d == nil || d.OK || !strings.Contains(d.Reason, "can move") {
		t.Fatalf("ghost before release: %+v, want a refused move with the engine's reason", d)
	}
	ebitest.Run(t, a, 4)
	after, _ := m.G.Element(e.ID)
	if after.Base != e.Base {
		t.Errorf("the knight moved to %+v", render.PoseOf(after.Base))
	}
	if m.G.Hash() != hash || m.G.Commands()[e.Cmd].PIPs != pips || len(m.Actions) != 0 {
		t.Errorf("the game changed: %d actions, PIPs %d (was %d)", len(m.Actions), m.G.Commands()[e.Cmd].PIPs, pips)
	}
	shown := strings.Join(a.Toasts(), "\n")
	if !strings.Contains(shown, "Knights can move 300 p") || !strings.Contains(b.Hint(), "can move") {
		t.Errorf("reason not shown: toasts %q, status %q", shown, b.Hint())
	}
}

// pelennorWithFoe returns the Pelennor scenario with a Mordor Blades
// element set 250 paces in front of a Rohirrim knight, facing it, a
// little to one side.
func pelennorWithFoe(t *testing.T) (*engine.Scenario, int, int) {
	t.Helper()
	out, kid, fid := pelennorWithFoeData(t)
	sc, err := engine.ParseScenario("pelennor-test.json", out)
	if err != nil {
		t.Fatal(err)
	}
	return sc, kid, fid
}

// pelennorWithFoeData is pelennorWithFoe's scenario file.
func pelennorWithFoeData(t *testing.T) ([]byte, int, int) {
	t.Helper()
	data, err := scenarios.Load("pelennor")
	if err != nil {
		t.Skip("the Pelennor scenario is not embedded yet")
	}
	var raw map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	els := raw["elements"].([]any)
	var knight, foe map[string]any
	for _, v := range els {
		el := v.(map[string]any)
		if knight == nil && el["command"] == "rohirrim" && el["type"] == "Knights" {
			knight = el
		}
		if foe == nil && el["command"] == "witchking" && el["type"] == "Blades" {
			foe = el
		}
	}
	kx, ky := knight["x"].(float64), knight["y"].(float64)
	if knight["facing"].(float64) != 2048 {
		t.Fatalf("the knight faces %v, want south", knight["facing"])
	}
	foe["x"], foe["y"], foe["facing"] = kx, ky+250, 0.0
	out, _ := json.Marshal(raw)
	return out, int(knight["id"].(float64)), int(foe["id"].(float64))
}

func TestDragSnapsIntoContactAndCombatIsLogged(t *testing.T) {
	sc, kid, fid := pelennorWithFoe(t)
	script := input.NewScript()
	a, err := New(Options{Mute: true, Seed: 1, Show: "title", Catalog: catalog, Input: script})
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewMatch(sc, 1, [2]string{"Éomer", "Gothmog"}, false)
	if err != nil {
		t.Fatal(err)
	}
	b := NewBattle(a, m)
	a.Reset(b)
	ebitest.Run(t, a, 3)
	knight, _ := m.G.Element(kid)
	x0, y0, x1, y1 := aim(b, knight, 235)
	// Drag toward the foe, stopping short and a little to one side: the
	// ghost must snap to the conformed front-to-front contact.
	script.Add(input.Drag(0, x0, y0, x1+5, y1, 10)...)
	ebitest.Run(t, a, 12)
	d := b.Dragging()
	if d == nil || !d.Snapped || !d.OK {
		t.Fatalf("ghost before release: %+v, want snapped and legal", d)
	}
	ghost := table.ToEngine(d.Ghost[0])
	ebitest.Run(t, a, 4)
	after, _ := m.G.Element(kid)
	got := engine.Pose{X: after.Base.Front.X.Paces(), Y: after.Base.Front.Y.Paces(), Facing: int(after.Base.Facing.Norm())}
	if got != ghost {
		t.Fatalf("engine placed the knight at %+v, the ghost showed %+v", got, ghost)
	}
	foe, _ := m.G.Element(fid)
	if geom.EdgesAgainst(after.Base, geom.Front, foe.Base, geom.Front) == 0 {
		t.Fatalf("knight %+v is not front to front with the foe %+v", render.PoseOf(after.Base), render.PoseOf(foe.Base))
	}
	if a := m.Actions[len(m.Actions)-1]; a.Contact == nil || a.Contact.Target != fid || a.Contact.Edge != "front" {
		t.Errorf("submitted %+v, want a contact move on the foe's front", a)
	}
	// On to close combat: end the move phase (confirming the unspent
	// PIPs), then fight.
	for i := 0; i < 3 && m.G.Phase() != engine.PhaseClose; i++ {
		script.Add(input.Tap(0, ebiten.KeyP)...)
		ebitest.Run(t, a, 4)
		if _, ok := a.Top().(*Confirm); ok {
			script.Add(input.Tap(0, ebiten.KeyEnter)...)
			ebitest.Run(t, a, 4)
		}
		if _, ok := a.Top().(*Handover); ok {
			script.Add(input.Tap(0, ebiten.KeySpace)...)
			ebitest.Run(t, a, 4)
		}
	}
	if m.G.Phase() != engine.PhaseClose || len(m.G.Combats()) == 0 {
		t.Fatalf("phase %s with combats %v, want close combat", m.G.Phase(), m.G.Combats())
	}
	ebitest.Run(t, a, 2)
	logBefore := b.log.Len()
	r := b.fights[0].Rect
	script.Add(input.Click(0, r.CX(), r.CY())...)
	ebitest.Run(t, a, 6)
	var fought bool
	for _, e := range m.Log {
		if e.Kind == engine.EvCombat && e.Combat != nil && strings.HasPrefix(e.Combat.Contest, "close") {
			fought = true
		}
	}
	if !fought || b.log.Len() <= logBefore {
		for _, e := range m.Log[logBefore-2:] {
			t.Logf("%s %q %+v", e.Kind, e.Describe(), e.Combat)
		}
		t.Fatalf("combat not resolved into the log: fought %v, log %d -> %d", fought, logBefore, b.log.Len())
	}
	var lines []string
	for _, e := range b.log.Entries() {
		lines = append(lines, e.Text)
	}
	if !slices.ContainsFunc(lines, func(s string) bool { return strings.Contains(s, "rolled") }) {
		t.Errorf("no dice in the battle log:\n%s", strings.Join(lines, "\n"))
	}
}

func TestTitleToBattle(t *testing.T) {
	script := input.NewScript()
	a, err := New(Options{Mute: true, Seed: 3, Catalog: catalog, Input: script})
	if err != nil {
		t.Fatal(err)
	}
	img := ebitest.Run(t, a, 3)
	if _, ok := a.Top().(*Title); !ok {
		t.Fatalf("first scene %T", a.Top())
	}
	// The title is drawn in gold on the dark sky.
	if p := ebitest.Pixel(img, 2, 2); p[0] > 80 || p[3] != 255 {
		t.Errorf("title backdrop corner %v, want dark and opaque", p)
	}
	script.Add(input.Tap(0, ebiten.KeyN)...)
	ebitest.Run(t, a, 3)
	st, ok := a.Top().(*Setup)
	if !ok {
		t.Fatalf("after N: %T", a.Top())
	}
	// Name the first player and give them Mordor.
	script.Add(input.Click(0, st.p1.Rect.CX(), st.p1.Rect.CY())...)
	for i := range len("Player 1") {
		script.Add(input.Tap(4+2*i, ebiten.KeyBackspace)...)
	}
	script.Add(input.Event{At: 71, Kind: input.Type, Text: "Gothmog"})
	seg := st.side.Segment(1)
	script.Add(input.Click(72, seg.CX(), seg.CY())...)
	ebitest.Run(t, a, 80)
	if st.p1.Text != "Gothmog" || st.side.Selected != 1 {
		t.Fatalf("form: name %q, side %d", st.p1.Text, st.side.Selected)
	}
	script.Add(input.Click(0, st.start.Rect.CX(), st.start.Rect.CY())...)
	ebitest.Run(t, a, 4)
	h, ok := a.Top().(*Handover)
	if !ok {
		t.Fatalf("after To Battle: %T", a.Top())
	}
	bt := a.Scenes()[0].(*Battle)
	if bt.M.Names[1] != "Gothmog" {
		t.Errorf("players %q: the first player chose the second side", bt.M.Names)
	}
	if !strings.Contains(h.title, bt.M.Names[0]) {
		t.Errorf("hand-over %q does not name %q", h.title, bt.M.Names[0])
	}
	script.Add(input.Tap(0, ebiten.KeySpace)...)
	img = ebitest.Run(t, a, 4)
	if a.Top() != bt {
		t.Fatalf("after the hand-over: %T", a.Top())
	}
	// The table is drawn: a pixel in the middle of the view is grass.
	x, y := int(bt.view.CX()), int(bt.view.CY())
	if p := ebitest.Pixel(img, x, y); !(p[1] > p[2] && p[1] > 60) {
		t.Errorf("view centre %v is not green", p)
	}
	_ = math.Pi
}

func TestDeploymentDrag(t *testing.T) {
	data, err := scenarios.Load("pelennor")
	if err != nil {
		t.Skip("no Pelennor scenario")
	}
	sc, err := engine.ParseScenario("pelennor.json", data)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := engine.NewGame(sc, diceSource(1), engine.Options{Deployment: true})
	if err != nil {
		t.Fatal(err)
	}
	if g.Phase() != engine.PhaseDeploy {
		t.Fatalf("engine.NewGame with deployment starts in phase %s", g.Phase())
	}
	script := input.NewScript()
	a, err := New(Options{Mute: true, Seed: 1, Show: "battle", Deployment: true, Catalog: catalog, Input: script})
	if err != nil {
		t.Fatal(err)
	}
	ebitest.Run(t, a, 3)
	b := a.Top().(*Battle)
	m := b.M
	_, side := m.G.ToAct()
	// An element of the deploying side, moved 100 paces straight back
	// (deeper into its zone).
	for _, e := range m.G.Elements() {
		if e.Side != side || !e.OnTable() || e.Type == rules.Stronghold {
			continue
		}
		to := forward(e, -100)
		if m.G.Check(engine.Action{Kind: engine.ActDeploy, ID: e.ID, To: &to}) != nil {
			continue
		}
		x0, y0, x1, y1 := aim(b, e, -100)
		script.Add(input.Drag(0, x0, y0, x1, y1, 8)...)
		ebitest.Run(t, a, 14)
		after, _ := m.G.Element(e.ID)
		if got := (engine.Pose{X: after.Base.Front.X.Paces(), Y: after.Base.Front.Y.Paces(), Facing: int(after.Base.Facing)}); got != to {
			t.Fatalf("deployed to %+v, want %+v", got, to)
		}
		// "Deployment done" twice (each side, with the hand-over between)
		// starts the first bound.
		for i := 0; i < 6 && m.G.Phase() == engine.PhaseDeploy; i++ {
			if _, ok := a.Top().(*Handover); ok {
				script.Add(input.Tap(0, ebiten.KeySpace)...)
			} else {
				script.Add(input.Tap(0, ebiten.KeyP)...)
			}
			ebitest.Run(t, a, 3)
		}
		if m.G.Phase() != engine.PhaseMove || m.G.Bound() != 1 {
			t.Fatalf("after deployment: phase %s, bound %d", m.G.Phase(), m.G.Bound())
		}
		return
	}
	t.Fatal("no element may be deployed 100 paces back")
}

func diceSource(seed uint64) dice.Source { return dice.NewPCG(seed) }

// pelennorWithTarget returns the Pelennor scenario with Imrahil's bowmen
// out in the field and a Mordor Hordes element 120 paces in front of
// them.
func pelennorWithTarget(t *testing.T) (*engine.Scenario, int, int) {
	t.Helper()
	data, err := scenarios.Load("pelennor")
	if err != nil {
		t.Skip("the Pelennor scenario is not embedded yet")
	}
	var raw map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	var bow, foe map[string]any
	for _, v := range raw["elements"].([]any) {
		el := v.(map[string]any)
		if bow == nil && el["command"] == "imrahil" && el["type"] == "Shooters" {
			bow = el
		}
		if foe == nil && el["command"] == "witchking" && el["type"] == "Hordes" {
			foe = el
		}
	}
	bow["x"], bow["y"], bow["facing"] = 1000.0, 3960.0, 1024.0
	foe["x"], foe["y"], foe["facing"] = 1120.0, 3960.0, 3072.0
	out, _ := json.Marshal(raw)
	sc, err := engine.ParseScenario("pelennor-shoot.json", out)
	if err != nil {
		t.Fatal(err)
	}
	return sc, int(bow["id"].(float64)), int(foe["id"].(float64))
}

func TestShootingFlow(t *testing.T) {
	sc, bow, foe := pelennorWithTarget(t)
	script := input.NewScript()
	a, err := New(Options{Mute: true, Seed: 1, Show: "title", Catalog: catalog, Input: script})
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewMatch(sc, 1, [2]string{"Imrahil", "Gothmog"}, false)
	if err != nil {
		t.Fatal(err)
	}
	if !m.G.Commands()[cmdIndex(sc, "imrahil")].Active {
		t.Skip("Imrahil's command did not sally with this seed")
	}
	b := NewBattle(a, m)
	a.Reset(b)
	ebitest.Run(t, a, 3)
	// To the shooting phase.
	script.Add(input.Tap(0, ebiten.KeyP)...)
	ebitest.Run(t, a, 4)
	if _, ok := a.Top().(*Confirm); ok {
		script.Add(input.Tap(0, ebiten.KeyEnter)...)
		ebitest.Run(t, a, 4)
	}
	if m.G.Phase() != engine.PhaseDistant {
		t.Fatalf("phase %s, want distant combat", m.G.Phase())
	}
	e, _ := m.G.Element(bow)
	aim(b, e, 0)
	x, y := b.ScreenOf(bow)
	script.Add(input.Click(0, x, y)...)
	ebitest.Run(t, a, 4)
	if b.Shot.Shooter != bow || !slices.Contains(b.Shot.Targets, foe) || b.Shot.Target != foe {
		t.Fatalf("after clicking the bowmen: shooter %d targets %v target %d, want %d at %d", b.Shot.Shooter, b.Shot.Targets, b.Shot.Target, bow, foe)
	}
	if b.shoot.Disabled {
		t.Fatal("Shoot is disabled with a target chosen")
	}
	r := b.shoot.Rect
	script.Add(input.Click(0, r.CX(), r.CY())...)
	ebitest.Run(t, a, 4)
	shot := false
	for _, ev := range m.Log {
		if ev.Kind == engine.EvCombat && ev.Combat != nil && ev.Combat.Contest == rules.Shoot.String() && ev.ID == bow {
			shot = true
		}
	}
	if !shot {
		t.Fatalf("no shot in the log: %v", m.Actions)
	}
}

// TestBoundsGoByThroughTheUI ends a dozen bounds with the keyboard,
// confirming and handing over each time, so that the events bring on the
// Witch-King, Gothmog and Aragorn and every screen draws them.
func TestBoundsGoByThroughTheUI(t *testing.T) {
	a, b, script := battleApp(t, "pelennor")
	m := b.M
	for i := 0; i < 12 && m.G.Winner() < 0; i++ {
		bound := m.G.Bound()
		script.Add(input.Tap(0, ebiten.KeyB)...)
		ebitest.Run(t, a, 3)
		for k := 0; k < 4 && m.G.Bound() == bound; k++ {
			switch a.Top().(type) {
			case *Confirm:
				script.Add(input.Tap(0, ebiten.KeyEnter)...)
			case *Handover:
				script.Add(input.Tap(0, ebiten.KeySpace)...)
			default:
				script.Add(input.Tap(0, ebiten.KeyB)...)
			}
			ebitest.Run(t, a, 3)
		}
		if m.G.Bound() == bound {
			t.Fatalf("bound %d did not end (top scene %T, phase %s)", bound, a.Top(), m.G.Phase())
		}
		if h, ok := a.Top().(*Handover); ok {
			if !strings.Contains(h.title, m.Names[h.side]) {
				t.Errorf("hand-over %q does not name the player", h.title)
			}
			script.Add(input.Tap(0, ebiten.KeySpace)...)
			ebitest.Run(t, a, 3)
		}
	}
	happened := m.EventsHappened()
	t.Logf("after bound %d: events %v", m.G.Bound(), happened)
	if len(happened) == 0 {
		t.Error("no Pelennor event in a dozen bounds")
	}
	if b.log.Len() != len(m.Log) {
		t.Errorf("battle log has %d entries, the match %d", b.log.Len(), len(m.Log))
	}
}

func TestTerrainRedrawnOnlyWhenTheViewChanges(t *testing.T) {
	a, b, script := battleApp(t, "pelennor")
	ebitest.Run(t, a, 10)
	n := b.terrain.Redraws
	ebitest.Run(t, a, 10)
	if b.terrain.Redraws != n {
		t.Fatalf("terrain redrawn %d times in 10 frames of a still view", b.terrain.Redraws-n)
	}
	// Zoom with the wheel over the table: the world point under the
	// pointer stays put, and the terrain is drawn again.
	x, y := b.view.CX(), b.view.CY()
	wx, wy := b.Cam.ToWorld(x, y)
	z := b.Cam.Zoom
	script.Add(input.Event{Kind: input.Move, X: x, Y: y}, input.Event{At: 1, Kind: input.Wheel, DY: 2})
	ebitest.Run(t, a, 4)
	if b.Cam.Zoom <= z {
		t.Fatalf("zoom %v after the wheel, was %v", b.Cam.Zoom, z)
	}
	if wx2, wy2 := b.Cam.ToWorld(x, y); math.Abs(wx2-wx) > 0.01 || math.Abs(wy2-wy) > 0.01 {
		t.Errorf("the point under the pointer moved from %.2f,%.2f to %.2f,%.2f", wx, wy, wx2, wy2)
	}
	if b.terrain.Redraws == n {
		t.Error("terrain not redrawn after zooming")
	}
	// F fits the table again.
	script.Add(input.Tap(0, ebiten.KeyF)...)
	ebitest.Run(t, a, 3)
	if math.Abs(b.Cam.Zoom-z) > 1e-9 {
		t.Errorf("zoom %v after F, want the fit %v", b.Cam.Zoom, z)
	}
}

func TestSceneStack(t *testing.T) {
	a, err := New(Options{Mute: true, Catalog: catalog, Input: input.NewScript()})
	if err != nil {
		t.Fatal(err)
	}
	title := a.Top()
	s1 := NewSettingsScene(a)
	a.Push(s1)
	if a.Top() != s1 || len(a.Scenes()) != 2 {
		t.Fatalf("push: %v", a.Scenes())
	}
	c := NewConfirm(a, "?", "Yes", func() {})
	a.Replace(c)
	if a.Top() != c || a.Scenes()[0] != title {
		t.Fatalf("replace: %v", a.Scenes())
	}
	a.Pop()
	if a.Top() != title {
		t.Fatalf("pop: %v", a.Scenes())
	}
	// Overlays are drawn over the scene beneath; full screens hide it.
	if !c.Overlay() || !s1.Overlay() {
		t.Error("dialogs should be overlays")
	}
}
