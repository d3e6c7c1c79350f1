package control

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pelennor/engine"
	"pelennor/engine/dice"
	"pelennor/engine/rules"
	"pelennor/game/table"
)

// pos is a Position over an engine history, as the game's Match is.
type pos struct {
	h   *engine.History
	gen int
}

func (p *pos) Game() *engine.Game             { return p.h.Game() }
func (p *pos) Generation() int                { return p.gen }
func (p *pos) UndoBlocked() engine.UndoBlock  { return p.h.UndoBlocked() }
func (p *pos) ElementName(id int) string      { return "element " + strconv.Itoa(id) }
func (p *pos) BoundEvents(int) []engine.Event { return p.h.Events() } // the test table has no arrivals

// apply submits an outcome's action as the battle screen does.
func (p *pos) apply(t *testing.T, out Outcome) []engine.Event {
	t.Helper()
	if out.Act == nil {
		t.Fatalf("no action in %+v", out)
	}
	evs, err := p.h.Apply(*out.Act)
	if err != nil {
		t.Fatalf("%+v refused: %v", *out.Act, err)
	}
	return evs
}

// camera maps table paces to the screen at zoom paces per pixel... one
// pixel per pace, so screen and table points read alike in the tests.
type camera struct{}

func (camera) ToWorld(x, y float64) (float64, float64) { return x, y }
func (camera) PixelsPerPace() float64                  { return 1 }

// The test table: side a (acting first) has Knights 1 facing north 200
// paces south of enemy Blades 2 facing south; Knights 3 beside 1 (a
// group); Shooters 6 facing east 200 paces from enemy Hordes 7.
func newPos(t *testing.T) *pos { t.Helper(); return newPosSeed(t, 3) }

// newPosSeed is the test table with the dice seeded by seed.
func newPosSeed(t *testing.T, seed uint64) *pos {
	t.Helper()
	el := func(id int, cmd, ty string, x, y, f int) engine.ElementSpec {
		return engine.ElementSpec{ID: id, Command: cmd, Type: ty, Name: ty + " " + string(rune('0'+id)), X: x, Y: y, Facing: f}
	}
	sc := engine.Scenario{Format: engine.ScenarioFormat, ID: "t", Version: 1, Name: "t", Rules: "standard",
		Table: engine.TableSpec{Width: 2400, Height: 2400},
		Sides: []engine.SideSpec{{ID: "a", Name: "A"}, {ID: "b", Name: "B"}},
		Commands: []engine.CommandSpec{{ID: "ca", Side: "a", Name: "A", General: 4, BaseEdge: "south"},
			{ID: "cb", Side: "b", Name: "B", General: 5, BaseEdge: "north"}},
		Elements: []engine.ElementSpec{el(1, "ca", "Knights", 700, 1900, 0), el(2, "cb", "Blades", 700, 1700, 2048),
			el(3, "ca", "Knights", 860, 1900, 0), el(4, "ca", "Heroes", 160, 2240, 0), el(5, "cb", "Heroes", 2240, 160, 2048),
			el(6, "ca", "Shooters", 1600, 1900, 1024), el(7, "cb", "Hordes", 1800, 1900, 3072)},
	}
	data, err := json.Marshal(sc)
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := engine.ParseScenario("t.json", data)
	if err != nil {
		t.Fatal(err)
	}
	h, err := engine.NewHistory(parsed, &seed, nil, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, side := h.Game().ToAct(); side != 0 {
		t.Fatalf("side %d acts first, want side a", side)
	}
	return &pos{h: h}
}

// at is a pointer over table point (x, y).
func at(x, y float64) Pointer {
	return Pointer{Screen: table.Pt{X: x, Y: y}, World: table.Pt{X: x, Y: y}}
}

// centre is where element id's base centre is.
func centre(p *pos, id int) table.Pt {
	e, _ := p.Game().Element(id)
	return table.PoseOf(e.Base).Center()
}

// drag presses on element id, moves the pointer by (dx, dy) in steps
// and, with release, lets go; it returns the last outcome.
func drag(c *Controller, p *pos, id int, dx, dy float64, release bool) Outcome {
	s := centre(p, id)
	c.Press(at(s.X, s.Y), id)
	var out Outcome
	for i := 1; i <= 4; i++ {
		f := float64(i) / 4
		pt := at(s.X+dx*f, s.Y+dy*f)
		if c.Dragging() == nil {
			out = c.Hold(pt, true, false, camera{})
		} else {
			out = c.DragTo(pt, DragInput{Down: true}, camera{})
		}
	}
	if release {
		out = c.DragTo(at(s.X+dx, s.Y+dy), DragInput{}, camera{})
	}
	return out
}

func TestSelect(t *testing.T) {
	p := newPos(t)
	c := New(p)
	tests := []struct {
		name  string
		id    int
		shift bool
		want  []int
	}{
		{"click an element", 1, false, []int{1}},
		{"shift adds a friend", 3, true, []int{1, 3}},
		{"shift again removes it", 3, true, []int{1}},
		{"shift on an enemy selects it alone", 2, true, []int{2}},
		{"the ground clears", 0, false, nil},
	}
	for _, tt := range tests {
		pt := at(0, 0)
		pt.Shift = tt.shift
		c.Press(pt, tt.id)
		c.Hold(pt, false, true, camera{})
		if !slices.Equal(c.Sel, tt.want) {
			t.Errorf("%s: selection %v, want %v", tt.name, c.Sel, tt.want)
		}
	}
	// A shift-drag on the ground draws a box round both knights.
	start := at(600, 1700)
	start.Shift = true
	c.Press(start, 0)
	end := at(950, 2050)
	end.Shift = true
	c.Hold(end, true, false, camera{})
	if _, _, _, _, ok := c.Box(); !ok {
		t.Fatal("no box after a shift-drag on the ground")
	}
	c.Hold(end, false, true, camera{})
	if !slices.Equal(c.Sel, []int{1, 3}) {
		t.Errorf("box selected %v, want [1 3]", c.Sel)
	}
	// A plain drag on the ground pans the view.
	c.Press(at(100, 100), 0)
	if out := c.Hold(at(100, 140), true, false, camera{}); !out.Pan {
		t.Errorf("a drag on the ground: %+v, want a pan", out)
	}
}

func TestDragMoveSubmits(t *testing.T) {
	p := newPos(t)
	c := New(p)
	drag(c, p, 1, 0, -200, false)
	d := c.Dragging()
	if d == nil || !d.OK || d.Kind != engine.ActMove {
		t.Fatalf("dragging %+v, want a legal move", d)
	}
	if d.Dist != 200 || d.Cost != 1 || d.Going.Allow <= 200 {
		t.Errorf("ruler: %v paces of %d for %d PIP, want 200 for 1", d.Dist, d.Going.Allow, d.Cost)
	}
	if v := c.View(func(x float64) string { return "d" }); len(v.Lines) == 0 || v.Drag != d || d.Verdict() != ToneGood {
		t.Errorf("view %+v", v)
	}
	out := c.DragTo(at(centre(p, 1).X, centre(p, 1).Y-200), DragInput{}, camera{})
	if c.Dragging() != nil || out.Act == nil || out.Act.Kind != engine.ActMove || out.Act.ID != 1 {
		t.Fatalf("release: %+v", out)
	}
	p.apply(t, out)
	if e, _ := p.Game().Element(1); e.Base.Front.Y.Paces() != 1700 {
		t.Errorf("knights at y %d, want 1700", e.Base.Front.Y.Paces())
	}
}

func TestRefusedDragShowsTheEnginesReason(t *testing.T) {
	p := newPos(t)
	c := New(p)
	// Straight back, far beyond any allowance.
	drag(c, p, 3, 0, 700, false)
	d := c.Dragging()
	if d == nil || d.OK {
		t.Fatalf("dragging %+v, want a refused move", d)
	}
	to := table.ToEngine(d.Ghost[0])
	err := p.Game().Check(engine.Action{Kind: engine.ActMove, ID: 3, To: &to})
	if err == nil || d.Reason != Reason(err) {
		t.Fatalf("reason %q, want the engine's %v", d.Reason, err)
	}
	lines := d.Label(func(float64) string { return "x" })
	if last := lines[len(lines)-1]; last.Text != d.Reason || last.Tone != ToneBad {
		t.Errorf("tag ends %+v, want the reason in red", last)
	}
	out := c.DragTo(at(0, 0), DragInput{}, camera{})
	if out.Act != nil || !out.Refused || out.Toast != d.Reason || out.Tone != ToneBad {
		t.Errorf("release: %+v", out)
	}
	if c.Dragging() != nil {
		t.Error("still dragging after the release")
	}
}

func TestDragSnapsToContact(t *testing.T) {
	p := newPos(t)
	c := New(p)
	// Near the Blades' front: 30 paces short of it.
	foe := centre(p, 2)
	mine := centre(p, 1)
	drag(c, p, 1, 0, foe.Y+60+30-mine.Y, false)
	d := c.Dragging()
	if d == nil || !d.Snapped || !d.OK {
		t.Fatalf("dragging %+v, want a snapped legal contact", d)
	}
	if d.Action.Contact == nil || d.Action.Contact.Target != 2 {
		t.Errorf("contact %+v, want element 2", d.Action.Contact)
	}
	out := c.DragTo(at(mine.X, foe.Y+90), DragInput{}, camera{})
	p.apply(t, out)
	got, _ := p.Game().Element(1)
	them, _ := p.Game().Element(2)
	if got.Base.Front != them.Base.Front {
		t.Errorf("front %+v, want against the enemy's front %+v", got.Base.Front, them.Base.Front)
	}
	// Cancelling a drag keeps the position.
	drag(c, p, 3, 0, -100, false)
	if out := c.DragTo(at(0, 0), DragInput{Cancel: true}, camera{}); out.Act != nil || c.Dragging() != nil {
		t.Errorf("cancel: %+v", out)
	}
	// The contact is a combat to fight in the close phase.
	for p.Game().Phase() != engine.PhaseClose {
		p.apply(t, c.EndPhase().withoutConfirm())
	}
	fight := c.Fight(0)
	if fight.Act == nil || fight.Act.Kind != engine.ActCombat || fight.Act.ID != 1 || fight.Act.Target != 2 {
		t.Fatalf("fight: %+v, want knights 1 against blades 2", fight)
	}
	if err := p.Game().Check(*fight.Act); err != nil {
		t.Errorf("the listed fight is refused: %v", err)
	}
	if out := c.Fight(1); out.Act != nil {
		t.Errorf("a second fight of one combat: %+v", out)
	}
	if _, label := c.FightAll(); label != "Fight all and end the bound" {
		t.Errorf("fight-all label %q", label)
	}
	if c.Declare().Act != nil {
		t.Error("a declaration offered where the scenario has none")
	}
}

func TestGroupMove(t *testing.T) {
	p := newPos(t)
	c := New(p)
	c.Sel = []int{1, 3}
	if ok, msg := c.GroupState(); !ok || !strings.Contains(msg, "A group of 2") {
		t.Fatalf("group state %v %q", ok, msg)
	}
	drag(c, p, 3, 0, -80, false) // short of snapping to the Blades ahead
	d := c.Dragging()
	if d == nil || d.Kind != engine.ActGroup || !slices.Equal(d.IDs, []int{1, 3}) || !d.OK {
		t.Fatalf("dragging %+v, want the legal group", d)
	}
	// A quarter turn is clamped to what a group may wheel, never more.
	c.DragTo(at(0, 0), DragInput{Down: true, Turn: 4096}, camera{})
	if d.Rot != 2048 {
		t.Errorf("group turn %v, want clamped to 2048", d.Rot)
	}
	c.DragTo(at(0, 0), DragInput{Down: true, Turn: -2048}, camera{})
	s := centre(p, 3)
	out := c.DragTo(at(s.X, s.Y-80), DragInput{}, camera{})
	if out.Act == nil || out.Act.Kind != engine.ActGroup || out.Act.Forward != 80 {
		t.Fatalf("release: %+v", out)
	}
	p.apply(t, out)
	for _, id := range []int{1, 3} {
		if e, _ := p.Game().Element(id); e.Base.Front.Y.Paces() != 1820 {
			t.Errorf("element %d at y %d, want 1820", id, e.Base.Front.Y.Paces())
		}
	}
}

func TestTurnKeys(t *testing.T) {
	p := newPos(t)
	c := New(p)
	drag(c, p, 1, 0, -10, false)
	c.DragTo(at(centre(p, 1).X, centre(p, 1).Y-10), DragInput{Down: true, Turn: Turns[CmdTurnRight]}, camera{})
	if d := c.Dragging(); d.Rot != 1024 || d.Ghost[0].Facing != 1024 {
		t.Errorf("after a quarter turn: rot %v facing %v, want 1024", d.Rot, d.Ghost[0].Facing)
	}
	c.DragTo(at(centre(p, 1).X, centre(p, 1).Y-10), DragInput{Down: true, Turn: Turns[CmdTurnAbout], Rotate: -1}, camera{})
	if d := c.Dragging(); d.Rot != 1024+2048-rotStep {
		t.Errorf("after a half turn and a step back: rot %v", d.Rot)
	}
}

func TestShootingTargetChoice(t *testing.T) {
	p := newPos(t)
	c := New(p)
	p.apply(t, c.EndPhase().withoutConfirm()) // to shooting
	if ph := p.Game().Phase(); ph != engine.PhaseDistant {
		t.Fatalf("phase %v, want distant", ph)
	}
	if out := c.Click(at(0, 0), 1); out.Toast != "" || c.Shot.Shooter != 0 || !slices.Equal(c.Sel, []int{1}) {
		t.Errorf("knights as shooter: %+v shot %+v, want them selected and no shot", out, c.Shot)
	}
	c.Click(at(0, 0), 6)
	if c.Shot.Shooter != 6 || !slices.Equal(c.Shot.Targets, []int{7}) || c.Shot.Target != 7 {
		t.Fatalf("shot %+v, want shooter 6 at its one target 7", c.Shot)
	}
	if c.Marked(6) != MarkSelected || c.Marked(7) != MarkTarget || c.Marked(1) != MarkNone {
		t.Errorf("marks: shooter %v, target %v, other %v", c.Marked(6), c.Marked(7), c.Marked(1))
	}
	if c.ShotVerb() != "Shoot" || !c.MayShoot() {
		t.Errorf("shot button %q, may shoot %v", c.ShotVerb(), c.MayShoot())
	}
	out := c.Shoot()
	if out.Act == nil || out.Act.Kind != engine.ActShoot || out.Act.Target != 7 {
		t.Fatalf("shoot: %+v", out)
	}
	if err := p.Game().Check(*out.Act); err != nil {
		t.Errorf("the chosen shot is refused: %v", err)
	}
	c.Click(at(0, 0), 0)
	if c.Shot.Shooter != 0 {
		t.Error("a click on the ground kept the shot")
	}
}

// withoutConfirm is the outcome as if its question was answered yes.
func (o Outcome) withoutConfirm() Outcome { o.Confirm = ""; return o }

func TestEndPhaseBoundAndUndo(t *testing.T) {
	p := newPos(t)
	c := New(p)
	if got := c.UndoRefusal(); got != Capitalise(engine.UndoNothing.String()) || c.MayUndo() {
		t.Errorf("undo refusal before anything: %q", got)
	}
	out := c.EndPhase()
	if c.PIPsLeft() > 0 && !strings.Contains(out.Confirm, "remain unspent") {
		t.Errorf("ending the move phase with %d PIPs: %+v, want a question", c.PIPsLeft(), out)
	}
	if l := c.EndPhaseLabel(); l != "To shooting" {
		t.Errorf("label %q", l)
	}
	drag(c, p, 1, 0, -100, false)
	if ph, bd := c.EndDisabled(); !ph || !bd || c.MayUndo() {
		t.Error("the phase buttons or undo are offered during a drag")
	}
	p.apply(t, c.DragTo(at(centre(p, 1).X, centre(p, 1).Y-100), DragInput{}, camera{}))
	if !c.MayUndo() {
		t.Errorf("a move cannot be undone: %v", p.UndoBlocked())
	}
	p.apply(t, c.EndBound().withoutConfirm())
	if _, side := p.Game().ToAct(); side != 1 {
		t.Fatalf("side %d acts after the bound, want b", side)
	}
	// The other side's dice were rolled for its PIPs: undo is refused
	// with the engine's typed reason.
	if b := p.UndoBlocked(); b == engine.UndoAllowed || c.MayUndo() || c.UndoRefusal() != Capitalise(b.String()) {
		t.Errorf("undo after the bound: %v, refusal %q", b, c.UndoRefusal())
	}
	c.Sel = []int{2}
	if out := c.Back(); out.Pause || c.Sel != nil {
		t.Errorf("Escape with a selection: %+v, want it cancelled", out)
	}
	if out := c.Back(); !out.Pause {
		t.Errorf("Escape with nothing selected: %+v, want the menu", out)
	}
}

// flankGame: a Nazgûl (1) south of enemy Knights (2) facing it, with a
// friendly Nazgûl (3) in the straight flight to the Knights' left flank.
func flankGame(t *testing.T) *engine.Game {
	t.Helper()
	el := func(id int, cmd, ty string, x, y, f int) engine.ElementSpec {
		return engine.ElementSpec{ID: id, Command: cmd, Type: ty, Name: ty + " " + string(rune('0'+id)), X: x, Y: y, Facing: f}
	}
	sc := engine.Scenario{Format: engine.ScenarioFormat, ID: "t", Version: 1, Name: "t", Rules: "standard",
		Table: engine.TableSpec{Width: 2400, Height: 2400},
		Sides: []engine.SideSpec{{ID: "a", Name: "A"}, {ID: "b", Name: "B"}},
		Commands: []engine.CommandSpec{{ID: "ca", Side: "a", Name: "A", General: 4, BaseEdge: "south"},
			{ID: "cb", Side: "b", Name: "B", General: 5, BaseEdge: "north"}},
		Elements: []engine.ElementSpec{el(1, "ca", "Flyers", 700, 1900, 0), el(2, "cb", "Knights", 700, 1500, 2048),
			el(3, "ca", "Flyers", 780, 1750, 0), el(4, "ca", "Heroes", 160, 2240, 0), el(5, "cb", "Heroes", 2240, 160, 2048)},
	}
	data, err := json.Marshal(sc)
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := engine.ParseScenario("t.json", data)
	if err != nil {
		t.Fatal(err)
	}
	src, _ := dice.NewScripted([]int{6})
	g, _, err := engine.New(parsed, src, rules.Rulings{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// A ghost dropped beside the Knights' left flank snaps to the engine's
// contact there, path of legs and all, and the action is legal.
func TestSnapToFlankByPath(t *testing.T) {
	g := flankGame(t)
	cs, err := g.Contacts(1)
	if err != nil {
		t.Fatal(err)
	}
	mover, _ := g.Element(1)
	ghost := table.Pose{X: 790, Y: 1430, Facing: 3072, W: 160, D: 120}
	c, ok := nearestContact(cs, mover, ghost, 90)
	if !ok {
		t.Fatalf("no snap among %+v", cs)
	}
	if a := c.action; a.Contact == nil || a.Contact.Target != 2 || a.Contact.Edge != "left" || len(a.Via) == 0 {
		t.Fatalf("snapped to %+v, want the left flank by a path", c.action)
	}
	if err := g.Check(c.action); err != nil {
		t.Errorf("the snapped action is refused: %v", err)
	}
	if c.pose.X != 780 || c.pose.Y != 1420 || c.pose.Facing != 3072 {
		t.Errorf("ghost pose %+v, want the conformed (780, 1420) facing west", c.pose)
	}
	// Far from every contact, nothing snaps.
	if _, ok := nearestContact(cs, mover, table.Pose{X: 1800, Y: 600}, 90); ok {
		t.Error("a ghost far from every enemy snapped")
	}
}
