package engine

import (
	"slices"

	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// arrivalStep is how far apart the sampled arrival poses lie along an
// entry edge, in paces.
const arrivalStep = 20

// Arrival is one element that an action could bring onto the table:
// what it costs, whether it may come now, and where it may be placed.
type Arrival struct {
	ID      int      `json:"id"`
	Kind    string   `json:"kind"` // replace, desorcel, summon or place
	Cost    PIPCost  `json:"cost"`
	Allowed bool     `json:"allowed"`
	Refusal *Refusal `json:"refusal,omitempty"`
	// Together lists the elements that must come with it (all an army's
	// Dragons come on at once, §9.4).
	Together []int `json:"together,omitempty"`
	// Edge is the table edge it must touch ("" when the scenario fixes
	// the place, or for a re-placing); Strip is the band along that edge
	// a base touching it covers (corners, in paces).
	Edge  string `json:"edge,omitempty"`
	Strip []Pose `json:"strip,omitempty"`
	// Exclusions are what rule out parts of the strip: enemies within
	// 200 p of it (arrive.enemy), elements on it (arrive.overlap) and
	// ground it may not stand on (arrive.terrain).
	Exclusions []Exclusion `json:"exclusions,omitempty"`
	// Poses are legal places, facing away from the edge, every 20 p along
	// it; or the one place the scenario fixes.
	Poses []Pose `json:"poses"`
	// Zones names the entry zones a re-placing must stay inside.
	Zones []string `json:"zones,omitempty"`
}

// Exclusion is one thing keeping arrivals off part of an entry strip.
type Exclusion struct {
	Code    string `json:"code"`
	ID      int    `json:"id,omitempty"`
	Terrain string `json:"terrain,omitempty"`
}

// Arrivals lists what side could bring onto the table this bound: lost
// Hordes, ensorcelled elements, Gods, Dragons and Lurkers, and elements
// a scenario event has just brought on (to re-place), each with its
// cost and where it may be placed (§9, R18, R19).
func (g *Game) Arrivals(side int) []Arrival {
	t := g.begin()
	out := []Arrival{}
	for id, kind := range sortedReturnable(g.Returnable(side)) {
		e := t.el(id)
		a := Arrival{ID: id, Kind: kind, Cost: PIPCost{Command: t.sc.Commands[e.Cmd].ID, Left: t.st.Commands[e.Cmd].PIPs}}
		n, item := arrivalCost(e, kind)
		a.Cost.Total, a.Cost.Items = n, []CostItem{{item, n}}
		err := t.arrivalRefusal(e, side, n)
		a.Allowed, a.Refusal = err == nil, refusalOf(err)
		if e.Type == rules.Dragons {
			for i := range t.st.Elements {
				d := &t.st.Elements[i]
				if d != e && d.Side == side && d.Type == rules.Dragons && (d.Status == Reserve || d.Status == Left) {
					a.Together = append(a.Together, d.ID)
				}
			}
		}
		if b, ok := t.hooks.ReturnPose(t, e); ok && kind == ActDesorcel {
			if t.arrivalCheck(e, b, false) == nil {
				a.Poses = []Pose{*poseOf(b)}
			}
		} else {
			t.edgeRegion(e, &a)
		}
		if a.Poses == nil {
			a.Poses = []Pose{}
		}
		out = append(out, a)
	}
	for i := range t.st.Elements {
		e := &t.st.Elements[i]
		if e.Side != side || !e.OnTable() || t.mayPlace(e) != nil {
			continue
		}
		a := Arrival{ID: e.ID, Kind: ActPlace, Allowed: true, Poses: []Pose{*poseOf(e.Base)},
			Cost: PIPCost{Command: t.sc.Commands[e.Cmd].ID, Left: t.st.Commands[e.Cmd].PIPs, Items: []CostItem{}}}
		for _, z := range t.sc.zonesOf("entry", e.Cmd) {
			a.Zones = append(a.Zones, z.ID)
		}
		out = append(out, a)
	}
	return out
}

// sortedReturnable orders Returnable's answer by id, for stable output.
func sortedReturnable(m map[int]string) func(yield func(int, string) bool) {
	ids := make([]int, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return func(yield func(int, string) bool) {
		for _, id := range ids {
			if !yield(id, m[id]) {
				return
			}
		}
	}
}

// arrivalCost is the PIPs a return or arrival costs, and its item.
func arrivalCost(e *Element, kind string) (int, CostCode) {
	switch {
	case kind == ActReplace:
		return rules.CostReplaceHordes, CostReplace
	case kind == ActDesorcel:
		return rules.CostDesorcel, CostDesorcel
	case e.Type == rules.Lurkers:
		return rules.CostLurker, CostSummon
	}
	return rules.CostSummon, CostSummon
}

// arrivalRefusal is why e may not be brought on now whatever the place,
// or nil: the phase, whose bound it is, and the PIPs of its command, as
// replace, desorcel and summon check them (§9).
func (t *tx) arrivalRefusal(e *Element, side, cost int) error {
	if err := t.needPhase("arrive", PhaseMove); err != nil {
		return err
	}
	if side != t.st.Side {
		return illegal("element.enemy", "%s is not yours to bring on: it is the other side's bound", t.name(e))
	}
	if left := t.st.Commands[e.Cmd].PIPs; cost > left {
		return illegal("pips.short", "bringing on %s costs %d PIPs; %s has %d left", t.name(e), cost, t.sc.Commands[e.Cmd].Name, left)
	}
	return nil
}

// edgeRegion fills the entry strip of e's command, what excludes parts
// of it, and the legal poses sampled along it, facing away from the edge
// with the rear edge on it.
func (t *tx) edgeRegion(e *Element, a *Arrival) {
	w, d := t.size(e)
	W, H := geom.Paces(t.sc.Table.Width), geom.Paces(t.sc.Table.Height)
	a.Edge = t.sc.entryEdge(e.Cmd)
	deep := max(w, d)
	// at is the pose whose front-edge centre is u along the edge.
	var at func(u geom.Sub) geom.Base
	var strip geom.Base
	length := W
	switch a.Edge {
	case "north":
		at = func(u geom.Sub) geom.Base {
			return geom.Base{Front: geom.Point{X: u, Y: d}, Facing: geom.South, Width: w, Depth: d}
		}
		strip = geom.Base{Front: geom.Point{X: W / 2, Y: deep}, Facing: geom.South, Width: W, Depth: deep}
	case "south":
		at = func(u geom.Sub) geom.Base { return geom.Base{Front: geom.Point{X: u, Y: H - d}, Width: w, Depth: d} }
		strip = geom.Base{Front: geom.Point{X: W / 2, Y: H - deep}, Width: W, Depth: deep}
	case "east":
		length = H
		at = func(u geom.Sub) geom.Base {
			return geom.Base{Front: geom.Point{X: W - d, Y: u}, Facing: geom.West, Width: w, Depth: d}
		}
		strip = geom.Base{Front: geom.Point{X: W - deep, Y: H / 2}, Facing: geom.West, Width: H, Depth: deep}
	case "west":
		length = H
		at = func(u geom.Sub) geom.Base {
			return geom.Base{Front: geom.Point{X: d, Y: u}, Facing: geom.East, Width: w, Depth: d}
		}
		strip = geom.Base{Front: geom.Point{X: deep, Y: H / 2}, Facing: geom.East, Width: H, Depth: deep}
	default:
		return
	}
	for _, c := range strip.Corners() {
		a.Strip = append(a.Strip, Pose{X: c.X.Paces(), Y: c.Y.Paces()})
	}
	sp := strip.Poly()
	for i := range t.st.Elements {
		o := &t.st.Elements[i]
		switch {
		case o == e || !o.OnTable():
		case geom.Overlap(sp, o.Base.Poly()):
			a.Exclusions = append(a.Exclusions, Exclusion{Code: "arrive.overlap", ID: o.ID})
		case o.Side != e.Side && geom.Within(sp, o.Base.Poly(), geom.Paces(rules.ArrivalClear)):
			a.Exclusions = append(a.Exclusions, Exclusion{Code: "arrive.enemy", ID: o.ID})
		}
	}
	for i := range t.sc.terrain {
		if f := &t.sc.terrain[i]; f.blocks(e.Type, true) && f.overlaps(sp) {
			a.Exclusions = append(a.Exclusions, Exclusion{Code: "arrive.terrain", Terrain: f.name})
		}
	}
	for u := w / 2; u <= length-w/2; u += geom.Paces(arrivalStep) {
		if b := at(u); t.arrivalCheck(e, b, true) == nil {
			a.Poses = append(a.Poses, *poseOf(b))
		}
	}
}

// InRange is one element and its general's command range.
type InRange struct {
	ID     int  `json:"id"`
	Dist   int  `json:"dist"`   // paces from the general, nearest points of the bases
	Seen   bool `json:"seen"`   // the general sees it (R12)
	Beyond bool `json:"beyond"` // its move costs +1 PIP
}

// CommandRange is a command's general and the range of his command now.
type CommandRange struct {
	Command string `json:"command"`
	General int    `json:"general"`
	// OnTable is whether the general is on the table; Decided names the
	// rule deciding instead of the radius: "no_leader" (every element
	// beyond, R12) or "scenario" (a scenario rule, e.g. PELENNOR.md §5.5).
	OnTable bool   `json:"on_table"`
	Decided string `json:"decided,omitempty"`
	// Radius applies to elements the general sees, Unseen to the rest.
	Radius   int       `json:"radius"`
	Unseen   int       `json:"unseen"`
	Elements []InRange `json:"elements"`
}

// CommandRanges answers, for every command of side, the command range
// from its general now and which elements are beyond it (§3, R12).
func (g *Game) CommandRanges(side int) []CommandRange {
	t := g.begin()
	var out []CommandRange
	for c := range t.sc.Commands {
		if t.sc.sideOf(c) != side {
			continue
		}
		gen := t.el(t.sc.Commands[c].General)
		if gen == nil {
			continue // validation gives every command a general; never here
		}
		r := CommandRange{Command: t.sc.Commands[c].ID, General: gen.ID, OnTable: gen.OnTable(),
			Radius: rules.CommandRange, Unseen: rules.CommandRangeUnseen, Elements: []InRange{}}
		for i := range t.st.Elements {
			e := &t.st.Elements[i]
			if e.Cmd != c || e == gen || !e.OnTable() || e.Type == rules.Stronghold {
				continue
			}
			if r.Decided == "" {
				if t.st.Commands[c].NoLeader {
					r.Decided = "no_leader"
				} else if _, ok := t.hooks.InRange(t, c, e); ok {
					r.Decided = "scenario"
				}
			}
			x := InRange{ID: e.ID, Beyond: t.outOfRange(c, e)}
			if gen.OnTable() {
				x.Dist, x.Seen = geom.Dist(gen.Base.Poly(), e.Base.Poly()).Paces(), t.sees(gen, e)
			}
			r.Elements = append(r.Elements, x)
		}
		out = append(out, r)
	}
	return out
}
