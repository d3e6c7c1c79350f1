package game

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/engine/rules"
	"pelennor/game/input"
	"pelennor/game/render"
	"pelennor/game/ui"
)

// shotTargets lists what element id may shoot or bespell now
// (engine.Game.FireOptions).
func (b *Battle) shotTargets(id int) []int {
	f := b.fireOf(id)
	if f == nil {
		return nil
	}
	var ids []int
	for _, t := range f.Targets {
		ids = append(ids, t.ID)
	}
	return ids
}

// nonTargetWhy words the engine's code for an enemy in range that may
// not be shot (engine.FireOptions.NonTargets).
var nonTargetWhy = map[string]string{
	engine.FireOutOfArc:     "is not ahead of it",
	engine.FireSightTerrain: "is out of sight behind %s",
	engine.FireSightElement: "is out of sight behind %s",
	engine.FireNotNearest:   "is not the nearest enemy it could shoot",
	engine.FireStronghold:   "is a stronghold",
}

// noShotWhy says why element id has nothing to shoot or bespell, from
// the engine's typed answer: its own refusal, or why the nearest enemy
// in range is not a target.
func (b *Battle) noShotWhy(id int) string {
	f := b.fireOf(id)
	switch {
	case f == nil || f.Kind == "":
		return ""
	case f.Refusal != nil:
		return f.Refusal.Reason
	case len(f.NonTargets) == 0:
		return b.M.ElementName(id) + " has no enemy in range"
	}
	n := f.NonTargets[0]
	for _, x := range f.NonTargets {
		if x.Dist < n.Dist {
			n = x
		}
	}
	why, ok := nonTargetWhy[n.Code]
	if !ok {
		return b.M.ElementName(id) + " has nothing it may shoot or bespell now"
	}
	if strings.Contains(why, "%s") {
		by := n.Terrain
		if n.Blocker != 0 {
			by = b.M.ElementName(n.Blocker)
		}
		why = fmt.Sprintf(why, by)
	}
	return fmt.Sprintf("%s: %s %s", b.M.ElementName(id), b.M.ElementName(n.ID), why)
}

// shotAction is the shot or bespell chosen.
func (b *Battle) shotAction() engine.Action {
	kind := engine.ActShoot
	if e, _ := b.M.G.Element(b.shooter); e.Type == rules.Magicians {
		kind = engine.ActBespell
	}
	return engine.Action{Kind: kind, ID: b.shooter, Target: b.target, Aiders: b.aiders}
}

func (b *Battle) clickShooting(a *App, f *input.Frame, id int) {
	g := b.M.G
	if id == 0 {
		b.cancelSelection()
		return
	}
	e, _ := g.Element(id)
	if e.Side == b.acting() {
		if b.target != 0 && f.Shift() && id != b.shooter {
			if i := slices.Index(b.aiders, id); i >= 0 {
				b.aiders = slices.Delete(b.aiders, i, i+1)
				return
			}
			act := b.shotAction()
			act.Aiders = append(slices.Clone(b.aiders), id)
			if err := g.Check(act); err != nil {
				a.Toast(reason(err), ui.Bad)
				return
			}
			b.aiders = act.Aiders
			return
		}
		ts := b.shotTargets(id)
		b.Sel = []int{id}
		if len(ts) == 0 {
			b.shooter, b.targets, b.target, b.aiders = 0, nil, 0, nil
			if why := b.noShotWhy(id); why != "" {
				a.Toast(why, ui.Info)
			}
			return
		}
		b.shooter, b.targets, b.target, b.aiders = id, ts, 0, nil
		if len(ts) == 1 {
			b.target = ts[0]
		}
		return
	}
	if b.shooter != 0 && slices.Contains(b.targets, id) {
		b.target = id
		b.aiders = nil
		return
	}
	b.Sel = []int{id}
}

// defaultFacing is how returning element id faces: away from the edge
// it comes in from.
func (b *Battle) defaultFacing(id int) float64 {
	switch b.M.G.EntryEdge(id) {
	case "north":
		return 2048
	case "east":
		return 3072
	case "south":
		return 0
	}
	return 1024
}

func (b *Battle) startPlacing(a *App, kind string, id int) {
	e, _ := b.M.G.Element(id)
	// A scenario may fix where an element returns: then there is nothing
	// to place (engine.Arrival: no edge, the one pose).
	for _, arr := range b.arrivals() {
		if arr.ID == id && arr.Kind == kind && arr.Edge == "" && len(arr.Poses) == 1 && kind != engine.ActPlace {
			b.submit(a, engine.Action{Kind: kind, ID: id, To: &arr.Poses[0]})
			return
		}
	}
	p := render.PoseOf(e.Base)
	if p.W == 0 {
		p.W, p.D = float64(rules.BaseWidth), float64(e.Type.Info().Depth)
	}
	p.Facing = b.defaultFacing(id)
	b.placing = &Drag{Kind: kind, IDs: []int{id}, From: []render.Pose{p}}
	b.cancelSelection()
}

// updatePlacing moves the returning element's ghost with the pointer; a
// click places it.
func (b *Battle) updatePlacing(a *App, f *input.Frame, wx, wy float64, inView bool) {
	d := b.placing
	if f.KeyPressed(ebiten.KeyEscape) || f.Pressed(input.Right) {
		b.placing = nil
		return
	}
	if f.KeyRepeat(ebiten.KeyQ) {
		d.Rot -= 64
	}
	if f.KeyRepeat(ebiten.KeyE) {
		d.Rot += 64
	}
	if f.WheelY != 0 {
		d.Rot -= 128 * f.WheelY
	}
	from := d.From[0]
	c := from.Center()
	p := moved(from, wx-c.X, wy-c.Y, d.Rot)
	if d.Rot == 0 {
		// Facing away from its entry edge, the base slides along it with
		// its rear edge on the edge.
		e, _ := b.M.G.Element(d.IDs[0])
		W, H := float64(b.M.Sc.Table.Width), float64(b.M.Sc.Table.Height)
		switch b.M.G.EntryEdge(e.ID) {
		case "north":
			p.X, p.Y = wx, from.D
		case "south":
			p.X, p.Y = wx, H-from.D
		case "east":
			p.X, p.Y = W-from.D, wy
		case "west":
			p.X, p.Y = from.D, wy
		}
	}
	ep := enginePose(p)
	d.Action = engine.Action{Kind: d.Kind, ID: d.IDs[0], To: &ep}
	d.Ghost = []render.Pose{poseFromEngine(ep, from)}
	evs, err := b.M.G.Preview(d.Action)
	d.Cost = 0
	b.verdict(d, evs, err)
	if inView && f.Released(input.Left) {
		if !d.OK {
			a.Toast(d.Reason, ui.Bad)
			return
		}
		b.placing = nil
		b.submit(a, d.Action, d.IDs...)
	}
}
