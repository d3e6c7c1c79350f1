package control

import (
	"fmt"
	"math"
	"strconv"

	"pelennor/engine"
	"pelennor/game/table"
	"pelennor/terrain"
)

// Setup is the set-up screen's controller (a standard battle's steps
// before deployment, RULES.md §13): the feature selected, the gesture
// on the table (a palette kind dragged on, a feature moved, turned or
// resized by its handles, a river's or road's point dragged alone, the
// stronghold dragged along its edge) and the engine actions those come
// to. Legality, the §13 problems and the stronghold's verdict are the
// engine's (Check, SetupProblems); the controller only builds actions.
type Setup struct {
	P interface{ Game() *engine.Game }
	// Sel is the selected feature's index, −1 for none.
	Sel int
	// HandleR is how near, in screen pixels, a press must be to a handle
	// to take it (a finger's target is larger than the mouse's).
	HandleR float64

	drag *setupDrag
	// hold is the stronghold's proposed pose (paces), from StrongholdSpot.
	hold    engine.Pose
	holdSet bool
	verdict struct {
		at  engine.Pose
		gen int
		err error
		ok  bool
	}
	// laid caches the engine's answers on the terrain laid, for the
	// position they were asked in (asked every frame otherwise).
	laid struct {
		g     *engine.Game
		n     int
		probs []terrain.Problem
		done  error
	}
}

// answers are the engine's SetupProblems and its Check of terrain_done
// for the position as it stands, asked once for each position.
func (s *Setup) answers() ([]terrain.Problem, error) {
	g, c := s.g(), &s.laid
	if c.g != g || c.n != g.Actions() {
		c.g, c.n = g, g.Actions()
		c.probs, c.done = g.SetupProblems(), g.Check(engine.Action{Kind: engine.ActTerrainDone})
	}
	return c.probs, c.done
}

// DoneRefused is why the engine would refuse terrain_done now (nil: it
// allows it, and the screen enables "Terrain done").
func (s *Setup) DoneRefused() error {
	_, err := s.answers()
	return err
}

// Grip is what a press on the table takes hold of.
type Grip int

// The things a press may take hold of.
const (
	GripNone       Grip = iota // the ground: the press pans the view
	GripNew                    // a palette kind being dragged on
	GripMove                   // a feature, to move it
	GripTurn                   // the selected area feature's turn handle
	GripResize                 // the selected area feature's size handle
	GripPoint                  // one point of the selected river or road
	GripStronghold             // the defender's stronghold
)

type setupDrag struct {
	grip  Grip
	index int      // the feature (or the path's point for GripPoint)
	point int      // the path's point (GripPoint)
	from  table.Pt // the press, on the table
	orig  terrain.Feature
	ghost terrain.Feature
	hold  engine.Pose // the stronghold's pose at the press
	moved bool
	over  bool    // a new feature's pointer is over the table
	twist float64 // a second finger's turn of an area feature in hand, 4096ths
	// probs are the §13 problems of the layout as the ghost would leave
	// it (terrain.Table.Check, as the engine's SetupProblems), asked
	// again only when the ghost changes.
	probs   []terrain.Problem
	checked *terrain.Feature
}

// Turn steps, 4096ths of a turn: a key press and a wheel notch.
const (
	TurnKeyStep   = 256
	TurnWheelStep = 128
	// ResizeStep is the paces a + or − adds to or takes from both
	// extents of a feature.
	ResizeStep = 50
	// HandleGap is how far, in screen pixels, the turn handle stands
	// beyond the feature's outline.
	HandleGap = 28
)

// NewSetup returns the set-up controller of position p.
func NewSetup(p interface{ Game() *engine.Game }) *Setup {
	return &Setup{P: p, Sel: -1, HandleR: 12}
}

func (s *Setup) g() *engine.Game { return s.P.Game() }

// Features is the terrain laid so far (the engine's).
func (s *Setup) Features() []terrain.Feature { return s.g().SetupTerrain() }

// Selected returns the selected feature.
func (s *Setup) Selected() (terrain.Feature, bool) {
	fs := s.Features()
	if s.Sel < 0 || s.Sel >= len(fs) {
		return terrain.Feature{}, false
	}
	return fs[s.Sel], true
}

// Ghost returns the feature as the drag in hand has it, and which
// feature it replaces (−1: a new one from the palette).
func (s *Setup) Ghost() (terrain.Feature, int, bool) {
	if s.drag == nil || s.drag.grip == GripStronghold || s.drag.grip == GripNone || !s.drag.moved {
		return terrain.Feature{}, -1, false
	}
	if s.drag.grip == GripNew {
		return s.drag.ghost, -1, s.drag.over // not while still over the palette
	}
	return s.drag.ghost, s.drag.index, true
}

// Layout is the terrain as the drag in hand would leave it (the ghost
// in its feature's place, or added), and the ghost's index in it; with
// no ghost, the terrain laid and −1.
func (s *Setup) Layout() ([]terrain.Feature, int) {
	fs := s.Features()
	f, i, ok := s.Ghost()
	switch {
	case !ok:
		return fs, -1
	case i < 0:
		return append(fs, f), len(fs)
	}
	fs[i] = f
	return fs, i
}

// Problems are the §13 problems of the layout as the drag in hand would
// leave it, or of the terrain laid (the engine's SetupProblems): what
// the defender is shown as it goes.
func (s *Setup) Problems() []terrain.Problem {
	d := s.drag
	if _, _, ok := s.Ghost(); !ok {
		ps, _ := s.answers()
		return ps
	}
	if d.checked == nil || !sameFeature(*d.checked, d.ghost) {
		fs, _ := s.Layout()
		g := d.ghost
		d.probs, d.checked = s.table().Check(fs), &g
	}
	return d.probs
}

func sameFeature(a, b terrain.Feature) bool {
	if a.Name != b.Name || a.Kind != b.Kind || a.Shape != b.Shape || a.X != b.X || a.Y != b.Y ||
		a.Facing != b.Facing || a.Width != b.Width || a.Depth != b.Depth || len(a.Path) != len(b.Path) {
		return false
	}
	for i := range a.Path {
		if a.Path[i] != b.Path[i] {
			return false
		}
	}
	return true
}

// Dragging is what the drag in hand holds (GripNone for nothing).
func (s *Setup) Dragging() Grip {
	if s.drag == nil {
		return GripNone
	}
	return s.drag.grip
}

// Cancel drops the gesture in hand.
func (s *Setup) Cancel() { s.drag = nil }

// NewFeature is a feature of palette kind k laid at the table point at:
// an area feature of its first shape, about the middle of its sizes; a
// river or road straight across the table from the west edge to the
// east through at, with a bend point there to drag (so it meets T3 and
// T6 from the start). It is named after its kind, numbered past those
// laid already.
func NewFeature(k terrain.Kind, at table.Pt, tbl terrain.Table, laid []terrain.Feature) terrain.Feature {
	f := terrain.Feature{Kind: k.Name, Name: freeName(k, laid)}
	mid := round10((k.Min + k.Max) / 2)
	if k.Linear {
		x := clampInt(int(math.Round(at.X)), terrain.MinLeg, tbl.Width-terrain.MinLeg)
		y := clampInt(int(math.Round(at.Y)), 0, tbl.Height)
		f.Width, f.Path = mid, [][2]int{{0, y}, {x, y}, {tbl.Width, y}}
		return f
	}
	f.Shape, f.Width, f.Depth = k.Shapes[0], mid, max(k.Min, round10(mid*3/4))
	f.X, f.Y = int(math.Round(at.X)), int(math.Round(at.Y))
	return f
}

// freeName is the kind's label and the first number no laid feature's
// name has.
func freeName(k terrain.Kind, laid []terrain.Feature) string {
	used := map[string]bool{}
	for _, f := range laid {
		used[f.Name] = true
	}
	for n := 1; ; n++ {
		if name := k.Label + " " + strconv.Itoa(n); !used[name] {
			return name
		}
	}
}

func round10(v int) int { return (v + 5) / 10 * 10 }

func clampInt(v, lo, hi int) int { return min(max(v, lo), hi) }

// StartNew begins dragging a new feature of palette kind k from the
// palette; it follows the pointer onto the table.
func (s *Setup) StartNew(k terrain.Kind, p Pointer) {
	f := NewFeature(k, p.World, s.table(), s.Features())
	s.drag = &setupDrag{grip: GripNew, from: p.World, ghost: f, orig: f, index: -1}
}

func (s *Setup) table() terrain.Table {
	sc := s.g().Scenario()
	return terrain.Table{Width: sc.Table.Width, Height: sc.Table.Height}
}

// Press takes hold of what is under the pointer: a handle of the
// selected feature first, then the topmost feature (selecting it), else
// nothing (the selection is dropped and the press pans). During the
// stronghold step it takes the stronghold.
func (s *Setup) Press(p Pointer, cam Projector) Grip {
	step, _ := s.g().SetupStep()
	if step == engine.StepStronghold {
		pose, ok := s.Stronghold()
		w, d := s.strongholdSize()
		if ok && strongholdPose(pose, w, d).Contains(p.World) {
			s.drag = &setupDrag{grip: GripStronghold, from: p.World, hold: pose}
			return GripStronghold
		}
		return GripNone
	}
	if step != engine.StepTerrain {
		return GripNone
	}
	fs := s.Features()
	if f, ok := s.Selected(); ok {
		for _, h := range Handles(f, cam) {
			sx, sy := screenOf(cam, h.At)
			if math.Hypot(sx-p.Screen.X, sy-p.Screen.Y) <= s.HandleR {
				s.drag = &setupDrag{grip: h.Grip, index: s.Sel, point: h.Point, from: p.World, orig: f, ghost: f}
				return h.Grip
			}
		}
	}
	if i := FeatureAt(fs, p.World); i >= 0 {
		s.Sel = i
		s.drag = &setupDrag{grip: GripMove, index: i, from: p.World, orig: fs[i], ghost: fs[i]}
		return GripMove
	}
	s.Sel = -1
	return GripNone
}

// screenOf is where the table point q is on the screen: the inverse of
// the projector's ToWorld, which is a scale and a shift.
func screenOf(cam Projector, q table.Pt) (float64, float64) {
	ox, oy := cam.ToWorld(0, 0)
	z := cam.PixelsPerPace()
	return (q.X - ox) * z, (q.Y - oy) * z
}

// Move follows the pointer with the drag in hand.
func (s *Setup) Move(p Pointer) {
	d := s.drag
	if d == nil {
		return
	}
	dx, dy := p.World.X-d.from.X, p.World.Y-d.from.Y
	d.moved = d.moved || dx != 0 || dy != 0
	o := d.orig
	switch d.grip {
	case GripNew:
		tbl := s.table()
		d.ghost = NewFeature(mustKind(o.Kind), p.World, tbl, s.Features())
		d.over = p.World.X >= 0 && p.World.Y >= 0 && p.World.X <= float64(tbl.Width) && p.World.Y <= float64(tbl.Height)
	case GripMove:
		d.ghost = o.Moved(int(math.Round(dx)), int(math.Round(dy)))
		if d.twist != 0 && !o.Linear() {
			d.ghost = d.ghost.Turned(o.Facing + int(math.Round(d.twist)))
		}
	case GripTurn:
		ax, ay := p.World.X-float64(o.X), p.World.Y-float64(o.Y)
		// Facing 0 leaves the handle north of the centre; clockwise.
		a := math.Atan2(ax, -ay) * 4096 / (2 * math.Pi)
		d.ghost = o.Turned(int(math.Round(a/16)) * 16)
	case GripResize:
		u, v := local(o, p.World)
		d.ghost = o.Resized(round10(int(math.Round(2*math.Abs(u)))), round10(int(math.Round(2*math.Abs(v)))))
	case GripPoint:
		q := o.Path[d.point]
		d.ghost = o.WithPoint(d.point, [2]int{q[0] + int(math.Round(dx)), q[1] + int(math.Round(dy))})
	case GripStronghold:
		s.hold = engine.Pose{X: d.hold.X + int(math.Round(dx)), Y: d.hold.Y + int(math.Round(dy)), Facing: d.hold.Facing}
	}
}

// Twist turns the area feature being moved by a second finger's twist
// (input.Frame.Twist, 4096ths clockwise); released, it is moved and
// then turned.
func (s *Setup) Twist(delta float64, p Pointer) {
	if d := s.drag; d != nil && d.grip == GripMove && !d.orig.Linear() && delta != 0 {
		d.twist += delta
		d.moved = true
		s.Move(p)
	}
}

func mustKind(name string) terrain.Kind { k, _ := terrain.KindOf(name); return k }

// local is table point q in the frame of area feature f: u across its
// width, v along its depth, from its centre.
func local(f terrain.Feature, q table.Pt) (u, v float64) {
	a := float64(f.Facing) * 2 * math.Pi / 4096
	dx, dy := q.X-float64(f.X), q.Y-float64(f.Y)
	sin, cos := math.Sin(a), math.Cos(a)
	return dx*cos + dy*sin, -dx*sin + dy*cos
}

// LayAt is the action laying a new feature of kind k at table point at
// (a tap on the palette lays it in the middle of the view); it will be
// the selected feature.
func (s *Setup) LayAt(k terrain.Kind, at table.Pt) engine.Action {
	fs := s.Features()
	f := NewFeature(k, at, s.table(), fs)
	s.drag, s.Sel = nil, len(fs)
	return terrainAct(engine.OpPlace, 0, func(a *engine.Action) { a.Feature = &f })
}

// Release ends the drag in hand: onTable says whether the pointer came
// up over the table (a palette kind dropped elsewhere is not placed).
// It returns the actions the gesture comes to, in order: none for a
// press that did not move. A river's or road's point is reshaped by
// removing the path and placing it anew (ruling S3), so the reshaped
// feature is laid last and stays selected.
func (s *Setup) Release(p Pointer, onTable bool) []engine.Action {
	d := s.drag
	if d == nil {
		return nil
	}
	s.Move(p)
	s.drag = nil
	if !d.moved {
		return nil
	}
	n := len(s.Features())
	switch d.grip {
	case GripNew:
		if !onTable || !d.over {
			return nil // dropped back on the palette, or beside the table
		}
		f := d.ghost
		s.Sel = n
		return []engine.Action{terrainAct(engine.OpPlace, 0, func(a *engine.Action) { a.Feature = &f })}
	case GripMove:
		to := engine.Pose{X: d.ghost.X, Y: d.ghost.Y}
		if d.ghost.Linear() && len(d.ghost.Path) > 0 {
			to = engine.Pose{X: d.ghost.Path[0][0], Y: d.ghost.Path[0][1]}
		}
		acts := []engine.Action{terrainAct(engine.OpMove, d.index, func(a *engine.Action) { a.To = &to })}
		if d.ghost.Facing != d.orig.Facing {
			acts = append(acts, s.turnTo(d.index, d.ghost.Facing))
		}
		return acts
	case GripTurn:
		return []engine.Action{s.turnTo(d.index, d.ghost.Facing)}
	case GripResize:
		return []engine.Action{terrainAct(engine.OpResize, d.index, func(a *engine.Action) { a.Width, a.Depth = d.ghost.Width, d.ghost.Depth })}
	case GripPoint:
		f := d.ghost
		s.Sel = n - 1
		return []engine.Action{terrainAct(engine.OpRemove, d.index, nil), terrainAct(engine.OpPlace, 0, func(a *engine.Action) { a.Feature = &f })}
	}
	return nil // the stronghold: placed by its button, once the engine accepts the pose
}

func terrainAct(op string, i int, set func(*engine.Action)) engine.Action {
	a := engine.Action{Kind: engine.ActTerrain, Op: op, Index: i}
	if set != nil {
		set(&a)
	}
	return a
}

func (s *Setup) turnTo(i, facing int) engine.Action {
	return terrainAct(engine.OpTurn, i, func(a *engine.Action) { a.To = &engine.Pose{Facing: facing} })
}

// Turn turns the selected area feature by delta 4096ths (a key or the
// wheel); false when nothing turnable is selected.
func (s *Setup) Turn(delta int) (engine.Action, bool) {
	f, ok := s.Selected()
	if !ok || f.Linear() {
		return engine.Action{}, false
	}
	return s.turnTo(s.Sel, f.Facing+delta), true
}

// Grow makes the selected feature larger (sign > 0) or smaller by
// ResizeStep each way; false when nothing is selected or it is at its
// kind's limit (terrain.Feature.Resized clamps to it).
func (s *Setup) Grow(sign int) (engine.Action, bool) {
	f, ok := s.Selected()
	if !ok {
		return engine.Action{}, false
	}
	g := f.Resized(f.Width+sign*ResizeStep, f.Depth+sign*ResizeStep)
	if g.Width == f.Width && g.Depth == f.Depth {
		return engine.Action{}, false
	}
	return terrainAct(engine.OpResize, s.Sel, func(a *engine.Action) { a.Width, a.Depth = g.Width, g.Depth }), true
}

// Remove takes the selected feature off the table.
func (s *Setup) Remove() (engine.Action, bool) {
	if _, ok := s.Selected(); !ok {
		return engine.Action{}, false
	}
	a := terrainAct(engine.OpRemove, s.Sel, nil)
	s.Sel = -1
	return a, true
}

// LaySeed is the seed "Lay for me" gives the generator: the position's
// hash (engine Game.Hash), never the game's dice (ruling S11).
func LaySeed(g *engine.Game) uint64 {
	v, err := strconv.ParseUint(g.Hash(), 16, 64)
	if err != nil {
		panic(fmt.Sprintf("engine hash %q is not 16 hex digits", g.Hash()))
	}
	return v
}

// LayForMe returns the actions that lay the seeded generator's layout in
// the given style: every feature laid so far removed (last first), then
// each generated feature placed, as a player would lay them.
func (s *Setup) LayForMe(style string) []engine.Action {
	g := s.g()
	var acts []engine.Action
	for i := len(g.SetupTerrain()) - 1; i >= 0; i-- {
		acts = append(acts, terrainAct(engine.OpRemove, i, nil))
	}
	for _, f := range terrain.Generate(LaySeed(g), terrain.Options{Style: style, Table: s.table()}) {
		acts = append(acts, terrainAct(engine.OpPlace, 0, func(a *engine.Action) { a.Feature = &f }))
	}
	s.Sel = -1
	return acts
}
