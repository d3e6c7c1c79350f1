package engine

import (
	"slices"

	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// canShoot reports whether s may shoot in phase ph at all (§7).
func (t *tx) canShoot(s *Element, ph Phase) bool {
	r := rules.ShootRange(s.Type)
	if r == 0 || !s.OnTable() || s.Shot || t.engaged(s) {
		return false
	}
	own := s.Side == t.st.Side
	switch {
	case s.Type == rules.Artillery:
		return own && !s.Moved && ph == PhaseDistant
	case ph == PhaseDistant:
		return own
	case ph == PhaseReply:
		return !own
	}
	return false
}

// inArc reports whether s could shoot o, ignoring the nearest-target rule:
// o in range, at least partly in the rectangle ahead of s's front edge,
// and in sight between the front-edge centres (R15; arcBlock says why
// not).
func (t *tx) inArc(s, o *Element) bool {
	code, _, _ := t.arcBlock(s, o)
	return code == fireOK
}

// shotTargets lists the targets s must choose between: the nearest of
// those it could shoot (§7).
func (t *tx) shotTargets(s *Element, ph Phase) []*Element {
	if !t.canShoot(s, ph) {
		return nil
	}
	var best []*Element
	bestD := geom.Sub(-1)
	for i := range t.st.Elements {
		o := &t.st.Elements[i]
		if !t.inArc(s, o) {
			continue
		}
		d := geom.Dist(s.Base.Poly(), o.Base.Poly())
		switch {
		case bestD < 0 || d < bestD:
			best, bestD = []*Element{o}, d
		case d == bestD:
			best = append(best, o)
		}
	}
	return best
}

// Targets lists the IDs of the targets element id may shoot now.
func (g *Game) Targets(id int) []int {
	t := g.reader() // shotTargets only reads
	defer t.done()
	e := t.el(id)
	if e == nil {
		return nil
	}
	var ids []int
	for _, o := range t.shotTargets(e, t.st.Phase) {
		ids = append(ids, o.ID)
	}
	return ids
}

// shooters checks the main shooter and aiders of a shot.
func (t *tx) shooters(a Action) (s, o *Element, aid []*Element, err error) {
	if err := t.needPhase("shoot", PhaseDistant, PhaseReply); err != nil {
		return nil, nil, nil, err
	}
	o = t.el(a.Target)
	if o == nil {
		return nil, nil, nil, illegal("shoot.target", "no element %d to shoot at", a.Target)
	}
	ids := append([]int{a.ID}, a.Aiders...)
	for i, id := range ids {
		x := t.el(id)
		switch {
		case x == nil:
			return nil, nil, nil, illegal("element.unknown", "no element with id %d", id)
		case slices.Index(ids, id) != i:
			return nil, nil, nil, illegal("shoot.twice", "%s is named twice", t.name(x))
		case i > 0 && x == o:
			return nil, nil, nil, illegal("shoot.aider_target", "%s is the target; it cannot aid the shot at itself", t.name(x))
		case i > 0 && x.Side != s.Side:
			return nil, nil, nil, illegal("shoot.aider_enemy", "%s is an enemy of %s; it cannot aid its shot", t.name(x), t.name(s))
		case !t.canShoot(x, t.st.Phase):
			return nil, nil, nil, illegal("shoot.cannot", "%s cannot shoot now (it has shot, is in close combat, is not a shooter, or it is not its side's turn to shoot)", t.name(x))
		case !slices.Contains(t.shotTargets(x, t.st.Phase), o):
			return nil, nil, nil, illegal("shoot.not_target", "%s is not a target %s may shoot: it must be in range, ahead, in sight, and the nearest", t.name(o), t.name(x))
		}
		if i == 0 {
			s = x
		} else {
			aid = append(aid, x)
		}
	}
	return s, o, aid, nil
}

func (t *tx) shoot(a Action) error {
	c, err := t.prepareShot(a)
	if err != nil {
		return err
	}
	return t.rollAndResolve(c)
}

// prepareShot checks a shot and sets it up to the dice: the shooters,
// and a target Shooter that shoots back, have shot this bound (§7).
func (t *tx) prepareShot(a Action) (*prepared, error) {
	s, o, aid, err := t.shooters(a)
	if err != nil {
		return nil, err
	}
	c := &prepared{kind: rules.Shoot, a: t.shooter(s, o), b: t.target(o, s, rules.Shoot, len(aid)), aiders: ids(aid)}
	s.Shot = true
	for _, x := range aid {
		x.Shot = true
	}
	if !c.a.ignores { // it is shot back
		o.Shot = true
	}
	return c, nil
}

// shooter is s's side of a shot at o (§7). It ignores a loss unless o is
// a Shooter able to shoot back at it.
func (t *tx) shooter(s, o *Element) fighter {
	back := o.Type == rules.Shooters && t.canShootNow(o) && t.inArc(o, s)
	f := fighter{e: s, name: t.name(s), broken: t.st.Commands[s.Cmd].Broken, ignores: !back}
	f.add(s.Type.Factor(o.Type), Factor{Code: FactorShootType, Type: s.Type.String(), Class: o.Type.Info().Class.String()})
	t.commonFactors(&f, s, o, rules.Shoot)
	return f
}

// bespeller is Magician m's side of a bespell of o (§8). It suffers a
// loss only against a Magician or a God.
func (t *tx) bespeller(m, o *Element) fighter {
	f := fighter{e: m, name: t.name(m), broken: t.st.Commands[m.Cmd].Broken, winsAs: true,
		ignores: o.Type != rules.Magicians && o.Type != rules.Gods}
	f.add(rules.MagicianBase, Factor{Code: FactorMagician})
	if o.Type == rules.Magicians && t.nearOwnStronghold(o) {
		f.add(rules.WardedTarget, Factor{Code: FactorWarded})
	}
	t.commonFactors(&f, m, o, rules.Bespell)
	return f
}

// canShootNow: a Shooter of either side not yet shot and not in close
// combat (to shoot back within a contest).
func (t *tx) canShootNow(o *Element) bool {
	return o.OnTable() && !o.Shot && !t.engaged(o)
}

func ids(es []*Element) []int {
	var out []int
	for _, e := range es {
		out = append(out, e.ID)
	}
	return out
}

// target works out the factors of an element shot at or bespelled by x,
// with n aiders against it (§6.2, §7, §8).
func (t *tx) target(o, x *Element, c rules.Contest, n int) fighter {
	f := fighter{e: o, name: t.name(o), broken: t.st.Commands[o.Cmd].Broken, inBad: t.sc.inBad(o.Base.Poly(), o.Type)}
	if c == rules.Bespell {
		f.add(o.Type.Info().VsFoot, Factor{Code: FactorVsMagic, Type: o.Type.String()})
	} else {
		f.add(o.Type.Factor(x.Type), Factor{Code: FactorType, Type: o.Type.String(), Class: x.Type.Info().Class.String()})
	}
	if o.General {
		f.add(rules.General, Factor{Code: FactorGeneral})
	}
	if t.sc.inCover(o.Base.Poly()) {
		f.add(rules.CoverVsMissile, Factor{Code: FactorCover})
	}
	if c == rules.Bespell {
		if t.sc.acrossWater(x.Base.Center(), o.Base.Center()) {
			f.add(rules.WaterBetween, Factor{Code: FactorWater})
		}
		for i := range t.st.Elements {
			h := &t.st.Elements[i]
			if h != o && h.Side == o.Side && h.OnTable() && rules.HolyHelpers.Has(h.Type) &&
				geom.Within(h.Base.Poly(), o.Base.Poly(), geom.Paces(rules.HolyAura)) {
				f.add(rules.HolyHelp, Factor{Code: FactorHoly, ID: h.ID, Name: t.name(h)})
				break
			}
		}
	}
	if n > 0 {
		f.add(max(rules.AidEach*n, rules.AidMax), Factor{Code: FactorAiding, Count: n})
	}
	t.commonFactors(&f, o, x, c)
	return f
}

// magicians checks a bespell's Magician, target and aiders (§8).
func (t *tx) magicians(a Action) (m, o *Element, aid []*Element, pay int, err error) {
	if err := t.needPhase("bespell", PhaseDistant); err != nil {
		return nil, nil, nil, 0, err
	}
	o = t.el(a.Target)
	if o == nil || !o.OnTable() || o.Type == rules.Stronghold {
		return nil, nil, nil, 0, illegal("bespell.target", "no element %d on the table to bespell", a.Target)
	}
	ids := append([]int{a.ID}, a.Aiders...)
	for i, id := range ids {
		x, err := t.own(id, "bespell with")
		switch {
		case i > 0 && id == o.ID:
			return nil, nil, nil, 0, illegal("bespell.aider_target", "%s is the target; it cannot aid the bespell of itself", t.name(o))
		case err != nil:
			return nil, nil, nil, 0, err
		case slices.Index(ids, id) != i:
			return nil, nil, nil, 0, illegal("bespell.twice", "%s is named twice", t.name(x))
		case x.Type != rules.Magicians:
			return nil, nil, nil, 0, illegal("bespell.not_magician", "%s is not a Magician", t.name(x))
		case x.Moved || x.Spelled:
			return nil, nil, nil, 0, illegal("bespell.moved", "%s has moved or used magic this bound", t.name(x))
		case t.engaged(x):
			return nil, nil, nil, 0, illegal("bespell.engaged", "%s is in close combat", t.name(x))
		case o.Side == x.Side:
			return nil, nil, nil, 0, illegal("bespell.friend", "%s is a friend", t.name(o))
		case !geom.Within(x.Base.Poly(), o.Base.Poly(), geom.Paces(rules.BespellRange)):
			return nil, nil, nil, 0, illegal("bespell.range", "%s is more than %s from %s", t.name(o), paces(rules.BespellRange), t.name(x))
		}
		if i == 0 {
			m = x
		} else {
			aid = append(aid, x)
		}
	}
	pay, err = t.payer(m, a.Pay)
	return m, o, aid, pay, err
}

func (t *tx) bespell(a Action) error {
	c, err := t.prepareBespell(a)
	if err != nil {
		return err
	}
	return t.rollAndResolve(c)
}

// prepareBespell checks a bespell, pays for it and sets it up to the dice
// (§8).
func (t *tx) prepareBespell(a Action) (*prepared, error) {
	m, o, aid, pay, err := t.magicians(a)
	if err != nil {
		return nil, err
	}
	cost := []CostItem{{CostBespell, rules.CostBespell}}
	if len(aid) > 0 {
		cost = append(cost, CostItem{CostAiders, rules.CostAidBespell * len(aid)})
	}
	if err := t.spend(pay, cost, Event{Code: CodeSpentBespell, ID: m.ID, Name: t.name(m), Other: o.ID, OName: t.name(o)}); err != nil {
		return nil, err
	}
	c := &prepared{kind: rules.Bespell, a: t.bespeller(m, o), b: t.target(o, m, rules.Bespell, len(aid)), aiders: ids(aid)}
	m.Spelled = true
	for _, x := range aid {
		x.Spelled = true
	}
	return c, nil
}

// nearOwnStronghold reports whether o is within 600 p of its side's
// stronghold (§8).
func (t *tx) nearOwnStronghold(o *Element) bool {
	for i := range t.st.Elements {
		s := &t.st.Elements[i]
		if s.Type == rules.Stronghold && s.Side == o.Side &&
			geom.Within(s.Base.Poly(), o.Base.Poly(), geom.Paces(rules.StrongholdWard)) {
			return true
		}
	}
	return false
}
