package game

import (
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/engine/geom"
	"pelennor/engine/rules"
	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
	"pelennor/game/render"
)

// boundScript plays scripted input through the App, as a player would:
// every step is mouse moves, presses and keys queued on the input
// script, never a call on the battle's controller.
type boundScript struct {
	t   *testing.T
	a   *App
	b   *Battle
	m   *Match
	in  *input.Script
	act int // actions submitted before the step
}

// play queues evs and runs frames until they are played and the screen
// has settled.
func (s *boundScript) play(what string, evs ...input.Event) {
	s.t.Helper()
	s.act = len(s.m.Actions)
	s.in.Add(evs...)
	for i := 0; i < 200 && !s.in.Done(); i++ {
		ebitest.Run(s.t, s.a, 1)
	}
	if !s.in.Done() {
		s.t.Fatalf("%s: the script did not play out", what)
	}
	ebitest.Run(s.t, s.a, 3)
}

// submitted returns the actions the last step submitted.
func (s *boundScript) submitted() []engine.Action { return s.m.Actions[s.act:] }

// shiftClicks clicks each element with Shift held.
func shiftClicks(b *Battle, ids ...int) []input.Event {
	evs := []input.Event{{Kind: input.KeyDown, Key: ebiten.KeyShiftLeft}}
	for i, id := range ids {
		x, y := b.ScreenOf(id)
		evs = append(evs, input.Click(1+3*i, x, y)...)
	}
	return append(evs, input.Event{At: 1 + 3*len(ids), Kind: input.KeyUp, Key: ebiten.KeyShiftLeft})
}

// endPhase presses P (end the phase) and confirms what it asks.
func (s *boundScript) endPhase(want engine.Phase) {
	s.t.Helper()
	s.play("end the phase", input.Tap(0, ebiten.KeyP)...)
	if _, ok := s.a.Top().(*Confirm); ok {
		s.play("confirm the end of the phase", input.Tap(0, ebiten.KeyEnter)...)
	}
	if got := s.m.G.Phase(); got != want {
		s.t.Fatalf("phase %s after P, want %s", got, want)
	}
	if a := s.submitted(); len(a) != 1 || a[0].Kind != engine.ActEndPhase {
		s.t.Errorf("ending the phase submitted %+v, want one end_phase", a)
	}
}

// groupPair finds two elements of the acting side, other than those in
// skip, that form a group whose move straight ahead by d paces the engine
// accepts.
func groupPair(g *engine.Game, d int, skip ...int) []int {
	side, _ := g.ToAct()
	els := g.Elements()
	for i, e := range els {
		if e.Side != side || !e.OnTable() || slices.Contains(skip, e.ID) {
			continue
		}
		for _, f := range els[i+1:] {
			ids := []int{e.ID, f.ID}
			if f.Cmd != e.Cmd || !f.OnTable() || slices.Contains(skip, f.ID) || g.Groupable(ids) != nil {
				continue
			}
			if _, err := g.Preview(engine.Action{Kind: engine.ActGroup, IDs: ids, Forward: d}); err == nil {
				return ids
			}
		}
	}
	return nil
}

// pipDice returns the PIP dice rolled in bound n, by command index.
func pipDice(m *Match, bound int) map[int]int {
	out := map[int]int{}
	for _, e := range m.Log {
		if e.Kind == engine.EvDie && e.Purpose == engine.DiePIPs && e.Bound == bound {
			out[cmdIndex(m.Sc, e.Command)] = e.Value
		}
	}
	return out
}

// TestScriptedBound plays a whole bound of the Pelennor (with a Mordor
// Blades element set before a Rohirrim knight) through the real input
// path: the PIP dice, a move, a group move, a charge into contact, the
// end of each phase, the close combat fought, the end of the bound and
// the hand-over, with the next side's PIP dice; the engine's state is
// checked after each step.
func TestScriptedBound(t *testing.T) {
	sc, kid, fid := pelennorWithFoe(t)
	in := input.NewScript()
	a, err := New(Options{Mute: true, Seed: 1, Show: "title", Catalog: catalog, Input: in})
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewMatch(sc, 1, [2]string{"Éomer", "Gothmog"}, false)
	if err != nil {
		t.Fatal(err)
	}
	b := NewBattle(a, m)
	a.Reset(b)
	s := &boundScript{t: t, a: a, b: b, m: m, in: in}
	ebitest.Run(t, a, 3)
	g := m.G
	side, _ := g.ToAct()
	knight, _ := g.Element(kid)
	ci := knight.Cmd

	// The PIP dice of the first bound: one per command of the side in
	// play, each command's PIPs its die.
	dice := pipDice(m, 1)
	if g.Bound() != 1 || g.Phase() != engine.PhaseMove || knight.Side != side || len(dice) == 0 {
		t.Fatalf("bound %d, phase %s, side %d (the knight's %d), PIP dice %v: want the knight's side moving in bound 1", g.Bound(), g.Phase(), side, knight.Side, dice)
	}
	for c, v := range dice {
		if cmd := g.Commands()[c]; v < 1 || v > 6 || cmd.Die != v {
			t.Errorf("command %d: PIP die %d, the command shows %d", c, v, cmd.Die)
		}
	}
	pips := g.Commands()[ci].PIPs
	if pips < 3 {
		t.Fatalf("the Rohirrim have %d PIPs with seed 1; the bound needs 3", pips)
	}

	// A move: another knight dragged 3" straight ahead.
	var mover engine.Element
	for _, e := range g.Elements() {
		to := forward(e, 300)
		if e.ID != kid && e.Cmd == ci && e.Type == rules.Knights && e.OnTable() {
			if _, err := g.Preview(engine.Action{Kind: engine.ActMove, ID: e.ID, To: &to}); err == nil {
				mover = e
				break
			}
		}
	}
	if mover.ID == 0 {
		t.Fatal("no other knight can move 3\" ahead")
	}
	x0, y0, x1, y1 := aim(b, mover, 300)
	s.play("drag a knight 3\"", input.Drag(0, x0, y0, x1, y1, 10)...)
	moved, _ := g.Element(mover.ID)
	if got, want := table2engine(moved), forward(mover, 300); got != want {
		t.Fatalf("the knight stands at %+v after the drag, want %+v", got, want)
	}
	if acts := s.submitted(); len(acts) != 1 || acts[0].Kind != engine.ActMove || acts[0].ID != mover.ID {
		t.Errorf("the drag submitted %+v, want one move of %d", acts, mover.ID)
	}
	if got := g.Commands()[ci].PIPs; got != pips-1 {
		t.Errorf("%d PIPs after the move, want %d", got, pips-1)
	}

	// A group move: two elements picked with Shift and clicks, then one
	// of them dragged 2" ahead; both go.
	pair := groupPair(g, 200, kid, mover.ID)
	if pair == nil {
		t.Fatal("no group of two can move 2\" ahead")
	}
	first, _ := g.Element(pair[0])
	aim(b, first, 0)
	s.play("select a group", shiftClicks(b, pair...)...)
	if sel := slices.Sorted(slices.Values(b.Sel)); !slices.Equal(sel, pair) {
		t.Fatalf("selection %v after the Shift-clicks, want %v", b.Sel, pair)
	}
	pcmd := first.Cmd
	gpips := g.Commands()[pcmd].PIPs
	var before []engine.Element
	for _, id := range pair {
		e, _ := g.Element(id)
		before = append(before, e)
	}
	x0, y0, x1, y1 = aim(b, first, 200)
	s.play("drag the group 2\"", input.Drag(0, x0, y0, x1, y1, 10)...)
	if acts := s.submitted(); len(acts) != 1 || acts[0].Kind != engine.ActGroup || !slices.Equal(acts[0].IDs, pair) {
		t.Fatalf("the group drag submitted %+v, want a group move of %v", acts, pair)
	}
	for i, id := range pair {
		after, _ := g.Element(id)
		if d := geom.MoveDist(before[i].Base, after.Base).Paces(); d < 190 || d > 210 || !after.Moved {
			t.Errorf("group member %d moved %d paces (moved %v), want about 200", id, d, after.Moved)
		}
	}
	if got := g.Commands()[pcmd].PIPs; got != gpips-1 {
		t.Errorf("command %d has %d PIPs after the group move, want %d", pcmd, got, gpips-1)
	}

	// A charge: the first knight dragged at the foe snaps into contact.
	x0, y0, x1, y1 = aim(b, knight, 235)
	s.play("charge the foe", input.Drag(0, x0, y0, x1+5, y1, 10)...)
	charged, _ := g.Element(kid)
	foe, _ := g.Element(fid)
	if geom.EdgesAgainst(charged.Base, geom.Front, foe.Base, geom.Front) == 0 {
		t.Fatalf("the knight %+v is not front to front with the foe %+v", render.PoseOf(charged.Base), render.PoseOf(foe.Base))
	}
	if acts := s.submitted(); len(acts) != 1 || acts[0].Contact == nil || acts[0].Contact.Target != fid {
		t.Errorf("the charge submitted %+v, want a move into contact with %d", acts, fid)
	}

	// The ends of the movement and shooting phases; the combat is listed.
	s.endPhase(engine.PhaseDistant)
	s.endPhase(engine.PhaseClose)
	if cs := g.Combats(); len(cs) != 1 || !slices.Contains(cs[0][:], kid) || !slices.Contains(cs[0][:], fid) {
		t.Fatalf("combats %v, want the knight's against the foe", cs)
	}

	// The combat, fought with its button.
	if len(b.fights) == 0 {
		t.Fatal("no Fight button for the combat")
	}
	r := b.fights[0].Rect
	s.play("fight", input.Click(0, r.CX(), r.CY())...)
	if acts := s.submitted(); len(acts) != 1 || acts[0].Kind != engine.ActCombat {
		t.Fatalf("Fight submitted %+v, want a combat", acts)
	}
	fought := false
	for _, e := range m.Log {
		if e.Kind == engine.EvCombat && e.Combat != nil && strings.HasPrefix(e.Combat.Contest, "close") && e.Bound == 1 {
			fought = true
		}
	}
	if !fought || len(g.Combats()) != 0 {
		t.Fatalf("after Fight: combat in the log %v, combats left %v", fought, g.Combats())
	}
	t.Logf("bound 1: PIP dice %v; moved %d, the group %v, charged %d at %d; %d actions", pipDice(m, 1), mover.ID, pair, kid, fid, len(m.Actions))

	// The end of the bound (B, confirmed), and the hand-over.
	s.play("end the bound", input.Tap(0, ebiten.KeyB)...)
	for i := 0; i < 3; i++ {
		if _, ok := a.Top().(*Confirm); !ok {
			break
		}
		s.play("confirm the end of the bound", input.Tap(0, ebiten.KeyEnter)...)
	}
	h, ok := a.Top().(*Handover)
	if !ok {
		t.Fatalf("top scene %T after the bound, want the hand-over", a.Top())
	}
	next, _ := g.ToAct()
	if g.Bound() != 2 || next == side || g.Phase() != engine.PhaseMove || h.side != next {
		t.Fatalf("bound %d, side %d (hand-over to %d), phase %s: want bound 2 to the other side moving", g.Bound(), next, h.side, g.Phase())
	}
	// The other side's PIP dice, rolled at the start of its bound.
	dice = pipDice(m, 2)
	if len(dice) == 0 {
		t.Fatal("no PIP dice rolled for bound 2")
	}
	for c, v := range dice {
		if cmd := g.Commands()[c]; cmd.Die != v || m.Sc.Commands[c].Side != m.Sc.Sides[next].ID {
			t.Errorf("bound 2: command %d (%s) rolled %d, shows %d; want the commands of side %d", c, m.Sc.Commands[c].Side, v, cmd.Die, next)
		}
	}
	t.Logf("bound 2: PIP dice %v", dice)
	s.play("take command", input.Tap(0, ebiten.KeySpace)...)
	if a.Top() != Scene(b) {
		t.Fatalf("top scene %T after taking command, want the battle", a.Top())
	}
	if n := len(a.Toasts()); n != 0 {
		t.Errorf("%d messages of the first player still showing: %v", n, a.Toasts())
	}
}

// table2engine is an element's pose in whole paces, as forward gives it.
func table2engine(e engine.Element) engine.Pose {
	return engine.Pose{X: e.Base.Front.X.Paces(), Y: e.Base.Front.Y.Paces(), Facing: int(e.Base.Facing.Norm())}
}
