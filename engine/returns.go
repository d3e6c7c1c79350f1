package engine

import (
	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// entryEdge is where a command's Hordes return and its arrivals enter.
func (sc *Scenario) entryEdge(cmd int) string {
	if e := sc.Commands[cmd].ReturnEdge; e != "" {
		return e
	}
	return sc.Commands[cmd].BaseEdge
}

// arrivalBase checks a pose for an element coming onto the table: wholly
// on it, touching the command's entry edge, clear of other elements and
// of ground it may not stand on, not within 200 p of an enemy (§9).
func (t *tx) arrivalBase(e *Element, p *Pose) (geom.Base, error) {
	if p == nil {
		return geom.Base{}, illegal("arrive.pose", "say where %s is placed (to)", t.name(e))
	}
	w, d := t.size(e)
	b := geom.Base{Front: geom.Point{X: geom.Paces(p.X), Y: geom.Paces(p.Y)}, Facing: geom.Angle(p.Facing).Norm(), Width: w, Depth: d}
	return b, t.arrivalCheck(e, b, true)
}

// arrivalCheck vets where an element comes onto the table. free is false
// for a place the scenario fixes: the edge and the 200 p rule then give
// way to the scenario.
func (t *tx) arrivalCheck(e *Element, b geom.Base, free bool) error {
	poly := b.Poly()
	edge := t.sc.entryEdge(e.Cmd)
	switch {
	case !t.sc.onTable(poly):
		return illegal("arrive.off_table", "%s must be placed wholly on the table", t.name(e))
	case free && t.sc.edgeDist(poly, edge) > geom.Tol:
		return illegal("arrive.edge", "%s must be placed touching the %s edge", t.name(e), edge)
	}
	if why := t.sc.terrainBlock(e.Type, poly, poly); why != "" {
		return illegal("arrive.terrain", "%s cannot be placed there: %s", t.name(e), why)
	}
	for i := range t.st.Elements {
		o := &t.st.Elements[i]
		if o == e || !o.OnTable() {
			continue
		}
		if geom.Overlap(poly, o.Base.Poly()) {
			return illegal("arrive.overlap", "%s would be placed on top of %s", t.name(e), t.name(o))
		}
		// "Within X" includes X (RULES.md §1).
		if free && o.Side != e.Side && geom.Within(poly, o.Base.Poly(), geom.Paces(rules.ArrivalClear)) {
			return illegal("arrive.enemy", "%s may not be placed within %s of %s", t.name(e), paces(rules.ArrivalClear), t.name(o))
		}
	}
	return nil
}

// absent finds an element of the moving side that is off the table with
// one of the given statuses.
func (t *tx) absent(id int, what string, ok ...Status) (*Element, error) {
	e := t.el(id)
	if e == nil {
		return nil, illegal("element.unknown", "no element with id %d", id)
	}
	if e.Side != t.st.Side {
		return nil, illegal("element.enemy", "%s is not yours to %s", t.name(e), what)
	}
	for _, s := range ok {
		if e.Status == s {
			return e, nil
		}
	}
	return nil, illegal("element.status", "%s cannot be %s: it is %s", t.name(e), what, e.Status)
}

// arrive puts e on the table, counting as moved and no longer lost; how
// is the arrived event's code.
func (t *tx) arrive(e *Element, b geom.Base, how Code) {
	e.Status, e.Moved, e.Lost = OnTable, true, false
	t.setBase(e, b)
	t.emitEl(EvArrived, how, e, nil, Event{To: poseOf(b)})
}

// replace brings back a lost Hordes element for 1 PIP (§9.3, R18).
func (t *tx) replace(a Action) error {
	if err := t.needPhase("replace", PhaseMove); err != nil {
		return err
	}
	e, err := t.absent(a.ID, "replaced", Destroyed)
	if err != nil {
		return err
	}
	if e.Type != rules.Hordes {
		return illegal("replace.type", "only Hordes are replaced; %s is %s", t.name(e), e.Type)
	}
	return t.bringBack(e, a, CostItem{CostReplace, rules.CostReplaceHordes}, CodeReplaced)
}

// desorcel frees an ensorcelled element for 6 PIPs of one command (§9.2).
func (t *tx) desorcel(a Action) error {
	if err := t.needPhase("desorcel", PhaseMove); err != nil {
		return err
	}
	e, err := t.absent(a.ID, "desorcelled", Ensorcelled)
	if err != nil {
		return err
	}
	if b, ok := t.hooks.ReturnPose(t, e); ok {
		// The scenario says where it returns (§9.2).
		if a.To != nil && *a.To != *poseOf(b) {
			p := poseOf(b)
			return illegal("desorcel.place", "%s returns at (%d, %d) facing %d, as the scenario says", t.name(e), p.X, p.Y, p.Facing)
		}
		pay, err := t.payer(e, a.Pay)
		if err != nil {
			return err
		}
		if err := t.arrivalCheck(e, b, false); err != nil {
			return err
		}
		return t.bringBackAt(e, pay, b, CostItem{CostDesorcel, rules.CostDesorcel}, CodeDesorcelled)
	}
	return t.bringBack(e, a, CostItem{CostDesorcel, rules.CostDesorcel}, CodeDesorcelled)
}

func (t *tx) bringBack(e *Element, a Action, cost CostItem, how Code) error {
	pay, err := t.payer(e, a.Pay)
	if err != nil {
		return err
	}
	b, err := t.arrivalBase(e, a.To)
	if err != nil {
		return err
	}
	return t.bringBackAt(e, pay, b, cost, how)
}

func (t *tx) bringBackAt(e *Element, pay int, b geom.Base, cost CostItem, how Code) error {
	if err := t.spend(pay, []CostItem{cost}, Event{Code: CodeSpentReturn, ID: e.ID, Name: t.name(e)}); err != nil {
		return err
	}
	t.arrive(e, b, how)
	return t.hooks.AfterMove(t, []int{e.ID})
}

// summon brings on a God, a Lurker, or all the army's Dragons (§3, §9.4,
// R19).
func (t *tx) summon(a Action) error {
	if err := t.needPhase("summon", PhaseMove); err != nil {
		return err
	}
	place := a.Place
	if a.ID != 0 {
		place = append([]Placement{{ID: a.ID}}, place...)
		if a.To != nil {
			place[0].Pose = *a.To
		}
	}
	if len(place) == 0 {
		return illegal("summon.none", "name the element to bring on and where")
	}
	first, err := t.absent(place[0].ID, "brought on", Reserve, Left)
	if err != nil {
		return err
	}
	if !first.Type.Arrives() {
		return illegal("summon.type", "only Gods, Dragons and Lurkers are brought on; %s is %s", t.name(first), first.Type)
	}
	cost := rules.CostSummon
	if first.Type == rules.Lurkers {
		cost = rules.CostLurker
	}
	if first.Type == rules.Dragons {
		// All the army's Dragons come together, each placed.
		for i := range t.st.Elements {
			d := &t.st.Elements[i]
			if d.Side == first.Side && d.Type == rules.Dragons && (d.Status == Reserve || d.Status == Left) && !placed(place, d.ID) {
				return illegal("summon.dragons", "all the army's Dragons come on together: place %s too", t.name(d))
			}
		}
	} else if len(place) > 1 {
		return illegal("summon.one", "%s come on one at a time", first.Type)
	}
	pay, err := t.payer(first, a.Pay)
	if err != nil {
		return err
	}
	var es []*Element
	var bs []geom.Base
	for _, p := range place {
		e, err := t.absent(p.ID, "brought on", Reserve, Left)
		if err != nil {
			return err
		}
		if e.Type != first.Type {
			return illegal("summon.mixed", "%s is not %s", t.name(e), first.Type)
		}
		b, err := t.arrivalBase(e, &p.Pose)
		if err != nil {
			return err
		}
		for j, o := range bs {
			if geom.Overlap(b.Poly(), o.Poly()) {
				return illegal("arrive.overlap", "%s would be placed on top of %s", t.name(e), t.name(es[j]))
			}
		}
		es, bs = append(es, e), append(bs, b)
	}
	if err := t.spend(pay, []CostItem{{CostSummon, cost}}, Event{Code: CodeSpentSummon, ID: first.ID, Name: t.name(first)}); err != nil {
		return err
	}
	var moved []int
	for i, e := range es {
		t.arrive(e, bs[i], CodeSummoned)
		moved = append(moved, e.ID)
	}
	return t.hooks.AfterMove(t, moved)
}

func placed(ps []Placement, id int) bool {
	for _, p := range ps {
		if p.ID == id {
			return true
		}
	}
	return false
}
