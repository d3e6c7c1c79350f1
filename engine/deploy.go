package engine

import (
	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// zonesOf lists the zones of a kind open to a command.
func (sc *Scenario) zonesOf(kind string, cmd int) []*ZoneSpec {
	var out []*ZoneSpec
	for i := range sc.Zones {
		z := &sc.Zones[i]
		if z.Kind != kind {
			continue
		}
		for _, c := range z.Commands {
			if c == sc.Commands[cmd].ID {
				out = append(out, z)
			}
		}
	}
	return out
}

// Zones returns the zones of a kind ("deploy" or "entry") open to element
// id's command, for the user interface.
func (g *Game) Zones(kind string, id int) []ZoneSpec {
	e, ok := g.Element(id)
	if !ok {
		return nil
	}
	var out []ZoneSpec
	for _, z := range g.sc.zonesOf(kind, e.Cmd) {
		out = append(out, *z)
	}
	return out
}

// poseBase is the base of e at a pose given in paces.
func (t *tx) poseBase(e *Element, p *Pose) geom.Base {
	w, d := t.size(e)
	return geom.Base{Front: geom.Point{X: geom.Paces(p.X), Y: geom.Paces(p.Y)}, Facing: geom.Angle(p.Facing).Norm(), Width: w, Depth: d}
}

// standClear returns why e may not stand at b: off the table, on
// ground it may not end on, or on another element; nil if it may.
func (t *tx) standClear(e *Element, b geom.Base) error {
	p := b.Poly()
	if !t.sc.onTable(p) {
		return illegal("place.off_table", "%s must stand wholly on the table", t.name(e))
	}
	if why := t.sc.terrainBlock(e.Type, p, p); why != "" {
		return illegal("place.terrain", "%s cannot stand there: %s", t.name(e), why)
	}
	for i := range t.st.Elements {
		o := &t.st.Elements[i]
		if o != e && o.OnTable() && geom.Overlap(p, o.Base.Poly()) {
			return illegal("place.overlap", "%s would stand on top of %s", t.name(e), t.name(o))
		}
	}
	return nil
}

// deploy moves an element within its command's deployment zones before
// the first bound (PELENNOR.md §3).
func (t *tx) deploy(a Action) error {
	if err := t.needPhase("deploy", PhaseDeploy); err != nil {
		return err
	}
	e, err := t.own(a.ID, "deploy")
	if err != nil {
		return err
	}
	if e.Type == rules.Stronghold {
		return illegal("deploy.immobile", "a stronghold never moves")
	}
	if a.To == nil {
		return illegal("deploy.pose", "say where %s goes (to)", t.name(e))
	}
	b := t.poseBase(e, a.To)
	zones := t.sc.zonesOf("deploy", e.Cmd)
	inside := false
	for _, z := range zones {
		inside = inside || z.Contains(b)
	}
	if !inside {
		return illegal("deploy.zone", "%s must stay wholly inside %s's deployment zone", t.name(e), t.sc.Commands[e.Cmd].Name)
	}
	if err := t.standClear(e, b); err != nil {
		return err
	}
	t.setBase(e, b)
	t.emitEl(EvMoved, CodeDeployed, e, nil, Event{To: poseOf(b)})
	return nil
}

// placeArrival re-places an element a scenario event brought on this
// bound, before it moves; the scenario's rules say where it may go.
func (t *tx) placeArrival(a Action) error {
	if err := t.needPhase("place", PhaseMove); err != nil {
		return err
	}
	e, err := t.own(a.ID, "place")
	if err != nil {
		return err
	}
	if e.Moved {
		return illegal("place.moved", "%s has already moved", t.name(e))
	}
	if a.To == nil {
		return illegal("place.pose", "say where %s goes (to)", t.name(e))
	}
	b := t.poseBase(e, a.To)
	if err := t.hooks.Place(t, e, b); err != nil {
		return err
	}
	if err := t.standClear(e, b); err != nil {
		return err
	}
	t.setBase(e, b)
	t.emitEl(EvArrived, CodePlaced, e, nil, Event{To: poseOf(b)})
	return nil
}
