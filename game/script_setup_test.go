package game

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
	"pelennor/game/table"
	"pelennor/terrain"
)

// TestScriptedSetup plays a standard battle's whole set-up through the
// real input path, from the roll for who defends to the first bound:
// the dice buttons (ties rolled again), a wood dragged from the palette
// and turned with E, "Lay for me", "Terrain done", the edge die, the
// stronghold dragged along its edge and placed, then on the battle
// screen each side's "Deployment done" (P) with the hand-over between.
func TestScriptedSetup(t *testing.T) {
	in := input.NewScript()
	a, err := New(Options{Mute: true, Seed: 1, Show: "title", Catalog: catalog, Input: in, Storage: memStorage()})
	if err != nil {
		t.Fatal(err)
	}
	ebitest.Run(t, a, 2)
	_, m := setupMatchOn(t, a, 11)
	s := &boundScript{t: t, a: a, m: m, in: in}
	sf, ok := a.Top().(*SetupField)
	if !ok {
		t.Fatalf("a standard battle in its set-up opens on %T", a.Top())
	}
	ebitest.Run(t, a, 2)

	// 1. Who defends: each side's button, until the dice differ.
	for i := 0; i < 20; i++ {
		step, side := m.G.SetupStep()
		if step != engine.StepRoll {
			break
		}
		r := sf.roll[side].Rect
		s.play("roll", input.Click(0, r.CX(), r.CY())...)
		if a := s.submitted(); len(a) != 1 || a[0].Kind != engine.ActDefenderRoll {
			t.Fatalf("the roll button submitted %+v", a)
		}
	}
	def, ok := m.G.Defender()
	if step, side := m.G.SetupStep(); !ok || step != engine.StepTerrain || side != def {
		t.Fatalf("after the rolls: step %s, side %d (defender %d, %v)", step, side, def, ok)
	}

	// 2. Terrain: a wood dragged from the palette onto the table.
	tile := sf.tiles[0]
	tx, ty := sf.Cam.ToScreen(600, 1200)
	s.play("drag a wood", input.Drag(0, tile.CX(), tile.CY(), tx, ty, 8)...)
	fs := m.G.SetupTerrain()
	if len(fs) != 1 || fs[0].Kind != terrain.Palette[0].Name || abs(fs[0].X-600) > 10 || abs(fs[0].Y-1200) > 10 {
		t.Fatalf("after the drag: %+v", fs)
	}
	if sf.Ctl.Sel != 0 {
		t.Errorf("the wood laid is not selected (%d)", sf.Ctl.Sel)
	}
	s.play("turn it", input.Tap(0, ebiten.KeyE)...)
	if f := m.G.SetupTerrain()[0]; f.Facing == 0 {
		t.Error("E did not turn the selected wood")
	}
	if !sf.done.Disabled {
		t.Error("Terrain done is enabled with one feature laid")
	}
	r := sf.layForMe.Rect
	s.play("lay for me", input.Click(0, r.CX(), r.CY())...)
	if ps := m.G.SetupProblems(); len(ps) != 0 || len(m.G.SetupTerrain()) < terrain.MinFeatures {
		t.Fatalf("after Lay for me: %d features, problems %v", len(m.G.SetupTerrain()), ps)
	}
	ebitest.Run(t, a, 2)
	if sf.done.Disabled {
		t.Fatal("Terrain done is disabled on a legal layout")
	}
	r = sf.done.Rect
	s.play("terrain done", input.Click(0, r.CX(), r.CY())...)

	// 3. The attacker's die for its base edge.
	if step, side := m.G.SetupStep(); step != engine.StepEdge || side != 1-def {
		t.Fatalf("after terrain done: step %s, side %d", step, side)
	}
	ebitest.Run(t, a, 2)
	r = sf.edgeRoll.Rect
	s.play("edge roll", input.Click(0, r.CX(), r.CY())...)
	_, ok = m.G.BaseEdge(def)
	if step, _ := m.G.SetupStep(); !ok || step != engine.StepStronghold {
		t.Fatalf("after the edge roll: step %s", step)
	}

	// 4. The stronghold, dragged 40 p along its edge and placed.
	ebitest.Run(t, a, 2)
	spot, _ := m.G.StrongholdSpot()
	pose, _ := sf.Ctl.StrongholdPose()
	c := pose.Center()
	x0, y0 := sf.Cam.ToScreen(c.X, c.Y)
	x1, y1 := sf.Cam.ToScreen(c.X-40, c.Y)
	s.play("drag the stronghold", input.Drag(0, x0, y0, x1, y1, 6)...)
	if got, _ := sf.Ctl.Stronghold(); abs(got.X-(spot.X-40)) > 3 || got.Y != spot.Y {
		t.Fatalf("the stronghold dragged to %+v, want about 40 p west of %+v", got, spot)
	}
	ebitest.Run(t, a, 2)
	r = sf.place.Rect
	s.play("place the stronghold", input.Click(0, r.CX(), r.CY())...)
	if a := s.submitted(); len(a) != 1 || a[0].Kind != engine.ActStronghold {
		t.Fatalf("the place button submitted %+v", a)
	}

	// 5. Deployment on the battle screen: each side's zone is its strip
	// along its base edge, drawn from the engine's zones; P ends each.
	b, ok := a.Top().(*Battle)
	if !ok || m.G.Phase() != engine.PhaseDeploy {
		t.Fatalf("after the stronghold: %T in phase %s", a.Top(), m.G.Phase())
	}
	if len(b.M.Sc.Terrain) != len(m.G.SetupTerrain()) {
		t.Errorf("the battle draws %d features, %d were laid", len(b.M.Sc.Terrain), len(m.G.SetupTerrain()))
	}
	for _, e := range m.G.Elements() {
		if !e.OnTable() {
			continue
		}
		zs := m.G.Zones("deploy", e.ID)
		want, _ := m.G.DeployZone(e.Side)
		if len(zs) != 1 || len(zs[0].Polygon) != len(want) || zs[0].Polygon[0] != pacesPt(table.PtOf(want[0])) {
			t.Fatalf("element %d's deployment zones %+v, want its side's %v", e.ID, zs, want)
		}
	}
	if b.colours[0] == b.colours[1] {
		t.Error("both armies are drawn in one colour")
	}
	for i := 0; i < 8 && m.G.Phase() == engine.PhaseDeploy; i++ {
		if _, ok := a.Top().(*Handover); ok {
			s.play("hand over", input.Tap(0, ebiten.KeySpace)...)
		} else {
			s.play("deployment done", input.Tap(0, ebiten.KeyP)...)
			if _, ok := a.Top().(*Confirm); ok {
				s.play("confirm", input.Tap(0, ebiten.KeyEnter)...)
			}
		}
	}
	if m.G.Phase() == engine.PhaseDeploy || m.G.Bound() != 1 {
		t.Fatalf("after both deployments: phase %s, bound %d", m.G.Phase(), m.G.Bound())
	}
	if _, side := m.G.ToAct(); side != def {
		t.Errorf("side %d has the first bound, the defender is %d", side, def)
	}
}

func pacesPt(p table.Pt) [2]int { return [2]int{int(p.X), int(p.Y)} }

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
