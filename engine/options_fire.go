package engine

import (
	"fmt"

	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// Why an enemy is not a legal target (NonTarget.Code), and why an
// element may not shoot or bespell at all (FireOptions.Refusal).
const (
	FireOutOfArc     = "fire.out_of_arc"    // not partly in the rectangle ahead of the shooter (R15)
	FireSightTerrain = "fire.sight_terrain" // a wood or built-up area between the front edges (R15)
	FireSightElement = "fire.sight_element" // another element between the front edges (R15)
	FireNotNearest   = "fire.not_nearest"   // a nearer enemy may be shot (§7)
	FireStronghold   = "fire.stronghold"    // strongholds are never shot (§7)
	FireNotShooter   = "fire.not_shooter"   // it has no missile or magic
	FireHasShot      = "fire.has_shot"      // it has shot this bound
	FireEngaged      = "fire.engaged"       // it is in close combat
	FireMoved        = "fire.moved"         // Artillery that moved, a Magician that moved or used magic
	FireNotTurn      = "fire.not_turn"      // not its side's turn to shoot, or the wrong phase
	FireNoPIPs       = "pips.short"         // a bespell's PIP cannot be paid
	FireRange        = "fire.range"         // beyond range (only for a bespell's aiders)
	fireOK           = ""
)

// arcBlock is why s could not shoot o ignoring the nearest-target rule,
// or fireOK; for a sight blocked by an element, that element's id. A
// target beyond range answers FireRange.
func (t *tx) arcBlock(s, o *Element) (string, int, string) {
	r := geom.Paces(rules.ShootRange(s.Type))
	switch {
	case o.Side == s.Side || !o.OnTable():
		return FireNotShooter, 0, ""
	case o.Type == rules.Stronghold:
		return FireStronghold, 0, ""
	}
	// The boxes' gap is at most the distance: most of the table is out of
	// range on it alone.
	if s.Base.Bounds().Gap(o.Base.Bounds()) > r {
		return FireRange, 0, ""
	}
	op := o.Base.Poly()
	if !geom.Within(s.Base.Poly(), op, r) {
		return FireRange, 0, ""
	}
	if !geom.Overlap(t.arcOf(s).Poly(), op) {
		return FireOutOfArc, 0, ""
	}
	a, b := s.Base.Front, o.Base.Front
	if name := t.sc.sightFeature(a, b); name != "" {
		return FireSightTerrain, 0, name
	}
	line := geom.BoxOf(geom.Poly{a, b})
	for i := range t.st.Elements {
		x := &t.st.Elements[i]
		if x != s && x != o && x.OnTable() && line.Meets(x.Base.Bounds()) && geom.SegmentCrosses(a, b, x.Base.Poly()) {
			return FireSightElement, x.ID, ""
		}
	}
	return fireOK, 0, ""
}

// arcOf is the rectangle ahead of s's front edge in which a target must
// at least partly be (R15). It reaches a pace beyond the range, so that
// a target at exactly the range ("within" includes it, §1) is partly
// inside it; the distance test keeps the range.
func (t *tx) arcOf(s *Element) geom.Base {
	deep := geom.Paces(rules.ShootRange(s.Type) + 1)
	return geom.Base{Front: s.Base.Front.Add(geom.Offset(s.Base.Facing, deep)), Facing: s.Base.Facing, Width: s.Base.Width, Depth: deep}
}

// sightFeature names the first wood or built-up area the segment a–b
// passes through (blocksSight without hills), or "".
func (sc *Scenario) sightFeature(a, b geom.Point) string {
	for i := range sc.terrain {
		f := &sc.terrain[i]
		if !f.kind.Cover {
			continue
		}
		for _, part := range f.parts {
			if geom.SegmentCrosses(a, b, part) {
				return f.name
			}
		}
	}
	return ""
}

// FireTarget is a legal target and the odds of the shot or bespell.
type FireTarget struct {
	ID   int         `json:"id"`
	Dist int         `json:"dist"` // paces, nearest points of the bases
	Odds *OddsReport `json:"odds,omitempty"`
	Cost *PIPCost    `json:"cost,omitempty"` // a bespell's
}

// NonTarget is an enemy in range that may not be shot or bespelled, and
// why not.
type NonTarget struct {
	ID      int    `json:"id"`
	Dist    int    `json:"dist"`
	Code    string `json:"code"`
	Blocker int    `json:"blocker,omitempty"` // the element in the way (fire.sight_element)
	Terrain string `json:"terrain,omitempty"` // the feature in the way (fire.sight_terrain)
}

// FireOptions is what element id may shoot or bespell now.
type FireOptions struct {
	ID         int          `json:"id"`
	Kind       string       `json:"kind"` // shoot or bespell ("" if neither)
	Range      int          `json:"range"`
	Arc        []Pose       `json:"arc,omitempty"` // a shooter's arc: its four corners, in paces
	Refusal    *Refusal     `json:"refusal,omitempty"`
	Targets    []FireTarget `json:"targets"`
	NonTargets []NonTarget  `json:"non_targets"`
}

// FireOptions answers what element id may shoot or bespell now, with the
// odds of each legal target, and why every other enemy in range is not
// one (R15, §7, §8). A refusal of the element itself (it has shot, it is
// in close combat, …) is given once, in Refusal, and every enemy in
// range is then a non-target with that code.
func (g *Game) FireOptions(id int) (*FireOptions, error) {
	t := g.begin()
	e := t.el(id)
	if e == nil || !e.OnTable() {
		return nil, illegal("element.absent", "no element %d on the table", id)
	}
	f := &FireOptions{ID: id, Targets: []FireTarget{}, NonTargets: []NonTarget{}}
	switch {
	case e.Type == rules.Magicians:
		f.Kind, f.Range = ActBespell, rules.BespellRange
		t.bespellOptions(g, e, f)
	case rules.ShootRange(e.Type) > 0:
		f.Kind, f.Range = ActShoot, rules.ShootRange(e.Type)
		for _, c := range t.arcOf(e).Corners() {
			f.Arc = append(f.Arc, Pose{X: c.X.Paces(), Y: c.Y.Paces()})
		}
		t.shootOptions(g, e, f)
	default:
		f.Refusal = &Refusal{FireNotShooter, t.name(e) + " neither shoots nor casts spells"}
	}
	return f, nil
}

// shooterRefusal is why s may not shoot now at all (canShoot), or nil.
func (t *tx) shooterRefusal(s *Element) *Refusal {
	own := s.Side == t.st.Side
	ph := t.st.Phase
	switch {
	case s.Shot:
		return &Refusal{FireHasShot, t.name(s) + " has shot this bound"}
	case t.engaged(s):
		return &Refusal{FireEngaged, t.name(s) + " is in close combat"}
	case s.Type == rules.Artillery && s.Moved:
		return &Refusal{FireMoved, t.name(s) + " moved this bound: Artillery shoots only if it has not"}
	case s.Type == rules.Artillery && !(own && ph == PhaseDistant),
		ph == PhaseDistant && !own, ph == PhaseReply && own, ph != PhaseDistant && ph != PhaseReply:
		return &Refusal{FireNotTurn, "it is not the time for " + t.name(s) + " to shoot"}
	}
	return nil
}

func (t *tx) shootOptions(g *Game, s *Element, f *FireOptions) {
	f.Refusal = t.shooterRefusal(s)
	targets := t.shotTargets(s, t.st.Phase)
	sp := s.Base.Poly()
	for i := range t.st.Elements {
		o := &t.st.Elements[i]
		if o.Side == s.Side || !o.OnTable() {
			continue
		}
		d := geom.Dist(sp, o.Base.Poly())
		code, blocker, terrain := t.arcBlock(s, o)
		if code == FireRange {
			continue
		}
		n := NonTarget{ID: o.ID, Dist: d.Paces(), Code: code, Blocker: blocker, Terrain: terrain}
		switch {
		case f.Refusal != nil:
			n.Code, n.Blocker, n.Terrain = f.Refusal.Code, 0, ""
		case code != fireOK:
		case !containsEl(targets, o):
			n.Code = FireNotNearest
		default:
			ft := FireTarget{ID: o.ID, Dist: d.Paces()}
			if rep, err := Odds(g, s.ID, o.ID, ActShoot, nil); err == nil {
				ft.Odds = rep
			}
			f.Targets = append(f.Targets, ft)
			continue
		}
		f.NonTargets = append(f.NonTargets, n)
	}
}

func containsEl(es []*Element, o *Element) bool {
	for _, e := range es {
		if e == o {
			return true
		}
	}
	return false
}

// bespellOptions fills f for Magician m: every enemy within 600 p is a
// target unless the Magician may not cast now (§8).
func (t *tx) bespellOptions(g *Game, m *Element, f *FireOptions) {
	var cost *PIPCost
	switch {
	case t.st.Phase != PhaseDistant || m.Side != t.st.Side:
		f.Refusal = &Refusal{FireNotTurn, "a Magician casts only in its own side's distant phase"}
	case m.Moved || m.Spelled:
		f.Refusal = &Refusal{FireMoved, t.name(m) + " has moved or used magic this bound"}
	case t.engaged(m):
		f.Refusal = &Refusal{FireEngaged, t.name(m) + " is in close combat"}
	default:
		c := PIPCost{Command: t.sc.Commands[m.Cmd].ID, Left: t.st.Commands[m.Cmd].PIPs,
			Total: rules.CostBespell, Items: []CostItem{{CostBespell, rules.CostBespell}}}
		cost = &c
		if c.Total > c.Left {
			f.Refusal = &Refusal{FireNoPIPs, fmt.Sprintf("a bespell costs %d PIP; %s has %d left", c.Total, t.sc.Commands[m.Cmd].Name, c.Left)}
		}
	}
	mp := m.Base.Poly()
	for i := range t.st.Elements {
		o := &t.st.Elements[i]
		if o.Side == m.Side || !o.OnTable() {
			continue
		}
		d := geom.Dist(mp, o.Base.Poly())
		if d > geom.Paces(rules.BespellRange) {
			continue
		}
		n := NonTarget{ID: o.ID, Dist: d.Paces()}
		switch {
		case o.Type == rules.Stronghold:
			n.Code = FireStronghold
		case f.Refusal != nil:
			n.Code = f.Refusal.Code
		default:
			ft := FireTarget{ID: o.ID, Dist: d.Paces(), Cost: cost}
			if rep, err := Odds(g, m.ID, o.ID, ActBespell, nil); err == nil {
				ft.Odds = rep
			}
			f.Targets = append(f.Targets, ft)
			continue
		}
		f.NonTargets = append(f.NonTargets, n)
	}
}
