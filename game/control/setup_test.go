package control

import (
	"errors"
	"math"
	"testing"

	"pelennor/engine"
	"pelennor/engine/dice"
	"pelennor/game/table"
	"pelennor/standard"
	"pelennor/terrain"
)

// setupPos is a game in a standard battle's set-up, for the controller.
type setupPos struct{ g *engine.Game }

func (p setupPos) Game() *engine.Game { return p.g }

// zoomCam shows the table from its corner at z pixels a pace.
type zoomCam struct{ z float64 }

func (c zoomCam) ToWorld(x, y float64) (float64, float64) { return x / c.z, y / c.z }
func (c zoomCam) PixelsPerPace() float64                  { return c.z }

// ptr is the pointer at table point (x, y) under cam.
func ptr(cam zoomCam, x, y float64) Pointer {
	return Pointer{World: table.Pt{X: x, Y: y}, Screen: table.Pt{X: x * cam.z, Y: y * cam.z}}
}

// terrainStep is a Gondor–Mordor battle at the defender's terrain.
func terrainStep(t *testing.T) (*engine.Game, *Setup) {
	t.Helper()
	_, sc, err := standard.Builtin("gondor", "mordor")
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := engine.NewGame(sc, dice.NewPCG(5), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for st, _ := g.SetupStep(); st == engine.StepRoll; st, _ = g.SetupStep() {
		apply(t, g, engine.Action{Kind: engine.ActDefenderRoll})
	}
	return g, NewSetup(setupPos{g})
}

func apply(t *testing.T, g *engine.Game, acts ...engine.Action) {
	t.Helper()
	for _, a := range acts {
		if _, err := g.Apply(a); err != nil {
			t.Fatalf("%s %s: %v", a.Kind, a.Op, err)
		}
	}
}

// place lays f and returns its index.
func place(t *testing.T, g *engine.Game, f terrain.Feature) int {
	apply(t, g, engine.Action{Kind: engine.ActTerrain, Op: engine.OpPlace, Feature: &f})
	return len(g.SetupTerrain()) - 1
}

var wood = terrain.Feature{Name: "Wood 1", Kind: "wood", Shape: "rounded", X: 800, Y: 900, Width: 400, Depth: 300}

// Dragging palette kinds: dropped on the table each becomes one place
// action with the feature where it was dropped; dropped off the table,
// nothing; a river or road spans the table edge to edge, so the engine
// finds nothing wrong with its ends.
func TestSetupPaletteDrop(t *testing.T) {
	for _, k := range terrain.Palette {
		t.Run(k.Name, func(t *testing.T) {
			g, s := terrainStep(t)
			cam := zoomCam{0.5}
			s.StartNew(k, ptr(cam, -50, -50))
			if got := s.Release(ptr(cam, -40, -40), false); got != nil {
				t.Fatalf("dropped off the table: %+v", got)
			}
			s.StartNew(k, ptr(cam, -50, -50))
			s.Move(ptr(cam, 1000, 700))
			acts := s.Release(ptr(cam, 1000, 700), true)
			if len(acts) != 1 || acts[0].Op != engine.OpPlace {
				t.Fatalf("dropped on the table: %+v", acts)
			}
			apply(t, g, acts...)
			f := g.SetupTerrain()[0]
			if f.Kind != k.Name || f.Name != k.Label+" 1" || s.Sel != 0 {
				t.Fatalf("laid %+v (selected %d)", f, s.Sel)
			}
			for _, p := range g.SetupProblems() {
				if p.Feature == 0 && p.Code != terrain.TooFew {
					t.Errorf("a fresh %s has a problem: %s", k.Name, p.Describe())
				}
			}
			if k.Linear {
				if f.Path[1] != [2]int{1000, 700} || f.Path[0][0] != 0 || f.Path[2][0] != 2400 {
					t.Errorf("path %v, want across the table through 1000,700", f.Path)
				}
			} else if f.X != 1000 || f.Y != 700 || f.Width < k.Min || f.Width > k.Max {
				t.Errorf("%s at %d,%d sized %d", k.Name, f.X, f.Y, f.Width)
			}
		})
	}
}

// A press on a feature selects it and a drag moves it by as much as the
// pointer moved; a press on bare ground selects nothing.
func TestSetupMoveFeature(t *testing.T) {
	g, s := terrainStep(t)
	cam := zoomCam{0.3}
	i := place(t, g, wood)
	if grip := s.Press(ptr(cam, 1800, 1800), cam); grip != GripNone || s.Sel != -1 {
		t.Fatalf("bare ground: grip %d, selected %d", grip, s.Sel)
	}
	if grip := s.Press(ptr(cam, 850, 950), cam); grip != GripMove || s.Sel != i {
		t.Fatalf("on the wood: grip %d, selected %d", grip, s.Sel)
	}
	s.Move(ptr(cam, 1000, 800))
	if f, idx, ok := s.Ghost(); !ok || idx != i || f.X != 950 || f.Y != 750 {
		t.Fatalf("ghost %+v (of %d)", f, idx)
	}
	apply(t, g, s.Release(ptr(cam, 1050, 850), true)...)
	if f := g.SetupTerrain()[i]; f.X != 1000 || f.Y != 800 {
		t.Errorf("moved to %d,%d, want 1000,800", f.X, f.Y)
	}
}

// The handles: the turn handle dragged due east of the centre turns the
// wood a quarter turn; the size handle dragged to (+300, +200) from the
// centre makes it 600 × 400; Q/E, + and − step; Delete removes.
func TestSetupHandlesAndKeys(t *testing.T) {
	g, s := terrainStep(t)
	cam := zoomCam{0.25}
	i := place(t, g, wood)
	s.Sel = i
	hs := Handles(g.SetupTerrain()[i], cam)
	if len(hs) != 2 || hs[0].Grip != GripTurn || hs[1].Grip != GripResize {
		t.Fatalf("handles %+v", hs)
	}
	// The turn handle stands HandleGap pixels north of the outline.
	if want := 900 - 150 - HandleGap/cam.z; math.Abs(hs[0].At.Y-want) > 1e-9 || hs[0].At.X != 800 {
		t.Errorf("turn handle at %+v, want 800,%g", hs[0].At, want)
	}
	if grip := s.Press(ptr(cam, hs[0].At.X, hs[0].At.Y), cam); grip != GripTurn {
		t.Fatalf("press on the turn handle took %d", grip)
	}
	apply(t, g, s.Release(ptr(cam, 1300, 900), true)...)
	if f := g.SetupTerrain()[i]; f.Facing != 1024 {
		t.Errorf("turned to %d, want 1024", f.Facing)
	}
	apply(t, g, engine.Action{Kind: engine.ActTerrain, Op: engine.OpTurn, Index: i, To: &engine.Pose{}})
	hs = Handles(g.SetupTerrain()[i], cam)
	if grip := s.Press(ptr(cam, hs[1].At.X, hs[1].At.Y), cam); grip != GripResize {
		t.Fatalf("press on the size handle took %d", grip)
	}
	apply(t, g, s.Release(ptr(cam, 1100, 1100), true)...)
	if f := g.SetupTerrain()[i]; f.Width != 600 || f.Depth != 400 {
		t.Errorf("resized to %d × %d, want 600 × 400", f.Width, f.Depth)
	}
	turn, _ := s.Turn(-TurnKeyStep)
	grow, _ := s.Grow(1)
	apply(t, g, turn, grow)
	if f := g.SetupTerrain()[i]; f.Facing != 4096-TurnKeyStep || f.Width != 650 || f.Depth != 450 {
		t.Errorf("after Q and +: facing %d, %d × %d", f.Facing, f.Width, f.Depth)
	}
	// At its kind's largest, + has nothing to do.
	apply(t, g, engine.Action{Kind: engine.ActTerrain, Op: engine.OpResize, Index: i, Width: 800, Depth: 800})
	if _, ok := s.Grow(1); ok {
		t.Error("+ on a wood at 800 × 800 asked for a resize")
	}
	rm, ok := s.Remove()
	apply(t, g, rm)
	if !ok || len(g.SetupTerrain()) != 0 || s.Sel != -1 {
		t.Errorf("after Delete: %d features, selected %d", len(g.SetupTerrain()), s.Sel)
	}
}

// A river's point dragged alone: the path is removed and placed anew
// with that point moved and the others where they were (ruling S3);
// the river stays selected, now the last feature.
func TestSetupPathPoint(t *testing.T) {
	g, s := terrainStep(t)
	cam := zoomCam{0.25}
	place(t, g, wood)
	river := NewFeature(mustKind("river"), table.Pt{X: 1200, Y: 1600}, terrain.Standard, g.SetupTerrain())
	i := place(t, g, river)
	place(t, g, terrain.Feature{Name: "Hill 1", Kind: "hill", Shape: "oval", X: 1800, Y: 600, Width: 400, Depth: 400})
	s.Sel = i
	if grip := s.Press(ptr(cam, 1200, 1600), cam); grip != GripPoint {
		t.Fatalf("press on the river's bend took %d", grip)
	}
	apply(t, g, s.Release(ptr(cam, 1300, 1450), true)...)
	fs := g.SetupTerrain()
	last := fs[len(fs)-1]
	if len(fs) != 3 || last.Name != river.Name || s.Sel != 2 {
		t.Fatalf("features %v, selected %d", fs, s.Sel)
	}
	want := [][2]int{river.Path[0], {1300, 1450}, river.Path[2]}
	for k := range want {
		if last.Path[k] != want[k] {
			t.Errorf("path %v, want %v", last.Path, want)
			break
		}
	}
}

// Lay for me replaces what is laid with the generator's layout for the
// position's hash: the engine then finds nothing wrong and allows
// terrain done; the same position gives the same layout.
func TestSetupLayForMe(t *testing.T) {
	g, s := terrainStep(t)
	place(t, g, wood)
	seed := LaySeed(g)
	acts := s.LayForMe("forest")
	if again := s.LayForMe("forest"); len(again) != len(acts) {
		t.Fatalf("the same position laid %d then %d actions", len(acts), len(again))
	}
	if acts[0].Op != engine.OpRemove || acts[0].Index != 0 {
		t.Fatalf("first action %+v, want the wood removed", acts[0])
	}
	apply(t, g, acts...)
	want := terrain.Generate(seed, terrain.Options{Style: "forest"})
	if got := g.SetupTerrain(); len(got) != len(want) || got[0].Name != want[0].Name {
		t.Fatalf("laid %d features, the generator gives %d", len(got), len(want))
	}
	if ps := g.SetupProblems(); len(ps) != 0 {
		t.Errorf("problems: %v", ps)
	}
	if err := g.Check(engine.Action{Kind: engine.ActTerrainDone}); err != nil {
		t.Errorf("terrain done refused: %v", err)
	}
}

// The stronghold starts on the engine's StrongholdSpot; dragged 300 p
// off its edge the engine refuses it (not touching), and dragged back
// it accepts it again; the action places it there.
func TestSetupStronghold(t *testing.T) {
	g, s := terrainStep(t)
	apply(t, g, s.LayForMe("")...)
	apply(t, g, engine.Action{Kind: engine.ActTerrainDone}, engine.Action{Kind: engine.ActEdgeRoll})
	spot, ok := g.StrongholdSpot()
	got, ok2 := s.Stronghold()
	if !ok || !ok2 || got != spot {
		t.Fatalf("stronghold at %+v, the engine's spot %+v", got, spot)
	}
	if err := s.StrongholdVerdict(1); err != nil {
		t.Fatalf("the spot refused: %v", err)
	}
	cam := zoomCam{0.25}
	pose, _ := s.StrongholdPose()
	c := pose.Center()
	if grip := s.Press(ptr(cam, c.X, c.Y), cam); grip != GripStronghold {
		t.Fatalf("press on the stronghold took %d", grip)
	}
	def, _ := g.Defender()
	edge, _ := g.BaseEdge(def)
	in := 300.0 // away from the edge, into the table
	if edge == terrain.South {
		in = -300
	}
	s.Move(ptr(cam, c.X, c.Y+in))
	var ie *engine.IllegalError
	if err := s.StrongholdVerdict(2); !errors.As(err, &ie) || ie.Code != string(terrain.StrongholdApart) {
		t.Errorf("300 p off the edge: %v, want %s", err, terrain.StrongholdApart)
	}
	s.Move(ptr(cam, c.X+20, c.Y))
	if acts := s.Release(ptr(cam, c.X+20, c.Y), true); acts != nil {
		t.Errorf("releasing the stronghold submitted %+v", acts)
	}
	act, _ := s.StrongholdAction()
	if act.To.X != spot.X+20 || act.To.Y != spot.Y {
		t.Errorf("placing at %+v, want 20 p along from %+v", act.To, spot)
	}
	apply(t, g, act)
	if g.Phase() != engine.PhaseDeploy {
		t.Errorf("after the stronghold: phase %s", g.Phase())
	}
}

// While a feature is dragged the problems are those of the layout as
// it would be left: the wood over the hill overlaps it, back off it
// it does not; the engine's own position is unchanged until release.
func TestSetupLiveProblems(t *testing.T) {
	g, s := terrainStep(t)
	cam := zoomCam{0.25}
	i := place(t, g, wood)
	place(t, g, terrain.Feature{Name: "Hill 1", Kind: "hill", Shape: "oval", X: 1500, Y: 900, Width: 400, Depth: 400})
	overlaps := func() bool {
		for _, p := range s.Problems() {
			if p.Code == terrain.Overlapping && (p.Feature == i || p.Other == i) {
				return true
			}
		}
		return false
	}
	if overlaps() {
		t.Fatal("the wood and the hill overlap before the drag")
	}
	s.Press(ptr(cam, 800, 900), cam)
	s.Move(ptr(cam, 1300, 900))
	if fs, ghost := s.Layout(); ghost != i || fs[i].X != 1300 {
		t.Fatalf("layout in hand: ghost %d at %d", ghost, fs[ghost].X)
	}
	if !overlaps() {
		t.Error("the wood dragged onto the hill: no overlap shown")
	}
	if g.SetupTerrain()[i].X != 800 {
		t.Error("the drag changed the engine's terrain")
	}
	s.Move(ptr(cam, 700, 900))
	if overlaps() {
		t.Error("the wood dragged back: still an overlap")
	}
	s.Cancel()
	if _, ghost := s.Layout(); ghost != -1 {
		t.Errorf("after Cancel the ghost is %d", ghost)
	}
}

// DoneRefused is the engine's Check of terrain_done, asked again after
// every action: refused with a layout short of §13, allowed once it is
// met, refused again when a feature is removed.
func TestSetupDoneRefused(t *testing.T) {
	g, s := terrainStep(t)
	if s.DoneRefused() == nil {
		t.Fatal("terrain done allowed on a bare table")
	}
	apply(t, g, s.LayForMe("")...)
	if err := s.DoneRefused(); err != nil {
		t.Fatalf("terrain done refused on the generator's layout: %v", err)
	}
	rm := terrainAct(engine.OpRemove, 0, nil)
	for len(g.SetupTerrain()) >= terrain.MinFeatures {
		apply(t, g, rm)
	}
	if s.DoneRefused() == nil || len(s.Problems()) == 0 {
		t.Error("terrain done allowed with fewer than 4 features")
	}
}

// A second finger's twist while a wood is dragged turns it: released,
// it is moved, then turned by the twist.
func TestSetupTwist(t *testing.T) {
	g, s := terrainStep(t)
	cam := zoomCam{0.25}
	i := place(t, g, wood)
	s.Press(ptr(cam, 800, 900), cam)
	s.Twist(300, ptr(cam, 900, 900))
	s.Twist(212, ptr(cam, 1000, 900))
	acts := s.Release(ptr(cam, 1000, 900), true)
	if len(acts) != 2 || acts[0].Op != engine.OpMove || acts[1].Op != engine.OpTurn {
		t.Fatalf("a twisted drag submitted %+v", acts)
	}
	apply(t, g, acts...)
	if f := g.SetupTerrain()[i]; f.X != 1000 || f.Facing != 512 {
		t.Errorf("the wood at %d facing %d, want 1000 facing 512", f.X, f.Facing)
	}
}
