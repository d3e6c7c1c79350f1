package engine

import (
	"slices"

	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// Ways a group may move (GroupOptions.Way).
const (
	WayGroup  = "group"  // side by side: wheel and straight ahead, or into contact (§4.3)
	WayColumn = "column" // one behind another: along a path of legs (§4.3, R21)
)

// GroupOptions is how a group of elements may move now.
type GroupOptions struct {
	IDs     []int    `json:"ids"`
	Way     string   `json:"way,omitempty"` // group or column, once the shape is known
	Allowed bool     `json:"allowed"`
	Refusal *Refusal `json:"refusal,omitempty"`
	Cost    *PIPCost `json:"cost,omitempty"`
	// Allowance is the move of the slowest member in each going.
	Allowances []GoingAllowance `json:"allowances"`
	// Contacts are the group's legal contacts, each made by the member
	// By with the rest conforming (§4.2).
	Contacts []ContactOption `json:"contacts"`
}

// GroupOptions answers whether the elements may move as a group now,
// how (side by side or in column), at what cost, and every legal
// contact one of them can make with the group (§4.2, §4.3).
func (g *Game) GroupOptions(ids []int) (*GroupOptions, error) {
	ids = slices.Compact(slices.Sorted(slices.Values(ids)))
	t := g.begin()
	o := &GroupOptions{IDs: ids, Contacts: []ContactOption{}}
	var es []*Element
	for _, id := range ids {
		e := t.el(id)
		if e == nil || !e.OnTable() {
			return nil, illegal("element.absent", "no element %d on the table", id)
		}
		es = append(es, e)
	}
	o.Allowances = slowest(t, es)
	err := g.Groupable(ids)
	if err == nil {
		column, _ := t.groupShape(es)
		o.Way = WayGroup
		if column {
			o.Way = WayColumn
		}
		for _, e := range es {
			if _, _, err = t.mover(e.ID, ""); err != nil {
				break
			}
			if t.engaged(e) {
				err = illegal("group.engaged", "%s is in close combat and can only break off on its own", t.name(e))
				break
			}
		}
	}
	if err == nil {
		c := t.costItems(es[0].Cmd, es)
		o.Cost = &c
		if c.Total > c.Left {
			err = illegal("pips.short", "moving the group costs %d PIPs; %s has %d left", c.Total, t.sc.Commands[es[0].Cmd].Name, c.Left)
		}
	}
	o.Allowed, o.Refusal = err == nil, refusalOf(err)
	if o.Allowed && o.Way == WayGroup {
		o.Contacts = g.groupContacts(t, es, ids, *o.Cost, maxAllowance(o.Allowances))
	}
	return o, nil
}

// slowest is the least move of the members in each going.
func slowest(t *tx, es []*Element) []GoingAllowance {
	out := t.allowances(es[0])
	for _, e := range es[1:] {
		for i, a := range t.allowances(e) {
			out[i].Paces = min(out[i].Paces, a.Paces)
			out[i].Cannot = out[i].Cannot || a.Cannot
		}
	}
	return out
}

// groupContacts tries, for every member and every enemy edge within its
// reach, the group contact it would make (Check decides).
func (g *Game) groupContacts(t *tx, es []*Element, ids []int, cost PIPCost, most int) []ContactOption {
	out := []ContactOption{}
	far := geom.Paces(most+rules.ConformSlide) + geom.Tol
	for _, by := range es {
		w, d := t.size(by)
		for i := range t.st.Elements {
			o := &t.st.Elements[i]
			if o.Side == by.Side || !o.OnTable() || !geom.Within(by.Base.Poly(), o.Base.Poly(), far) {
				continue
			}
			for ed := geom.Front; ed <= geom.Left; ed++ {
				if geom.MoveDist(by.Base, geom.Against(o.Base, ed, w, d)) > far {
					continue
				}
				a := Action{Kind: ActGroup, IDs: ids, Contact: &Contact{Target: o.ID, Edge: sideNames[ed], By: by.ID}}
				evs, err := g.Preview(a)
				if err != nil {
					continue
				}
				c := ContactOption{Target: o.ID, Edge: sideNames[ed], By: by.ID, Cost: cost, Action: a}
				for _, ev := range evs {
					if ev.Kind == EvMoved && ev.ID == by.ID && ev.To != nil {
						c.Pose, c.Dist = *ev.To, ev.Value
					}
				}
				out = append(out, c)
			}
		}
	}
	return out
}
