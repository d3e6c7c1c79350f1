package arena

import (
	"slices"

	"pelennor/engine"
	"pelennor/engine/geom"
	"pelennor/engine/rules"
	"pelennor/standard"
)

// Random plays uniformly at random among legal actions it finds through
// the engine's public queries: contacts (Contacts, GroupOptions), moves
// to a random point of an element's reach (Reach), a group's advance or
// wheel now and then, lost elements brought back (Arrivals), shots and
// bespells at random targets (FireOptions), combats in a random order
// and scenario declarations on a coin. Each element is tried at most
// once a phase, so a phase always ends (ruling AI42). It is the floor
// every other player should beat by a distance.
type Random struct {
	r   stream
	lay standard.Layer
	// What this phase has tried: elements as movers or shooters, and
	// group moves; reset when the bound, phase or side changes.
	at     phaseKey
	tried  map[int]bool
	groups int
	els    []engine.Element
}

// phaseKey says which phase of which bound a Random's marks are for.
type phaseKey struct {
	bound, side int
	phase       engine.Phase
}

// NewRandom returns a random player with its own stream seeded by seed;
// in a standard battle's set-up it lays lay's terrain.
func NewRandom(seed uint64, lay standard.Layer) *Random {
	return &Random{r: stream(seed), lay: lay, tried: map[int]bool{}}
}

// Name is "random".
func (r *Random) Name() string { return KindRandom }

// How the random player spreads its choices.
const (
	groupChance   = 6  // in a hundred: a group move instead of a single element's
	groupTries    = 3  // group moves attempted a phase
	contactChance = 40 // in a hundred: a contact, when the element has one
	turnChance    = 25 // in a hundred: a move that also turns
	stopChance    = 3  // in a hundred: the phase ends early, leaving elements unmoved
	shotChance    = 80 // in a hundred: an element that may shoot or bespell does
	declareChance = 50 // in a hundred: a scenario declaration is made
	poseTries     = 4  // random destinations tried for one element
)

// Next returns the random player's next action; it never fails.
func (r *Random) Next(g *engine.Game) (engine.Action, error) {
	_, side := g.ToAct()
	if k := (phaseKey{g.Bound(), side, g.Phase()}); k != r.at {
		r.at, r.groups = k, 0
		clear(r.tried)
	}
	switch g.Phase() {
	case engine.PhaseSetup, engine.PhaseDeploy:
		if a, ok := standard.Next(g, r.lay); ok {
			return a, nil
		}
	case engine.PhaseMove:
		if a, ok := r.move(g, side); ok {
			return a, nil
		}
	case engine.PhaseDistant, engine.PhaseReply:
		if a, ok := r.fire(g, side); ok {
			return a, nil
		}
	case engine.PhaseClose:
		return r.close(g), nil
	}
	return engine.Action{Kind: engine.ActEndPhase}, nil
}

// move finds a random legal move for side, or reports the phase done.
func (r *Random) move(g *engine.Game, side int) (engine.Action, bool) {
	if r.r.intn(100) < stopChance {
		return engine.Action{}, false
	}
	if a, ok := r.arrival(g, side); ok {
		return a, true
	}
	r.els = g.AppendElements(r.els[:0])
	if r.groups < groupTries && r.r.intn(100) < groupChance {
		r.groups++
		if a, ok := r.group(g, side); ok {
			return a, true
		}
	}
	for {
		var movers []engine.Element
		for _, e := range r.els {
			if e.Side == side && e.OnTable() && !e.Moved && e.Type != rules.Stronghold && !r.tried[e.ID] {
				movers = append(movers, e)
			}
		}
		if len(movers) == 0 {
			return engine.Action{}, false
		}
		e := movers[r.r.intn(len(movers))]
		r.tried[e.ID] = true
		if !g.MayMove(e.ID) {
			continue
		}
		if a, ok := r.moveOne(g, e); ok {
			return a, true
		}
	}
}

// moveOne is a random contact of e, or a move to a random point of its
// reach, perhaps turning on the way.
func (r *Random) moveOne(g *engine.Game, e engine.Element) (engine.Action, bool) {
	if cs, err := g.Contacts(e.ID); err == nil && len(cs) > 0 && r.r.intn(100) < contactChance {
		return cs[r.r.intn(len(cs))].Action, true
	}
	reach, err := g.Reach(e.ID)
	if err != nil || len(reach) == 0 {
		return engine.Action{}, false
	}
	from := e.Base.Front
	for range poseTries {
		p := reach[r.r.intn(len(reach))]
		quarters := 1 + r.r.intn(4) // a quarter to all of the way there
		facing := e.Base.Facing
		if r.r.intn(100) < turnChance {
			// Turning costs distance (R6): go half as far.
			facing = (facing + geom.Angle(r.r.intn(int(geom.Turn)/2)) - geom.Turn/4).Norm()
			quarters = max(1, quarters/2)
		}
		dx := geom.Paces(p.X) - from.X
		dy := geom.Paces(p.Y) - from.Y
		to := engine.Pose{
			X:      (from.X + dx*geom.Sub(quarters)/4).Paces(),
			Y:      (from.Y + dy*geom.Sub(quarters)/4).Paces(),
			Facing: int(facing),
		}
		a := engine.Action{Kind: engine.ActMove, ID: e.ID, To: &to}
		if g.Allowed(a) {
			return a, true
		}
	}
	return engine.Action{}, false
}

// group gathers a random element's neighbours of its command into a
// group and, if the engine lets them move together, makes one of the
// group's contacts or advances it, perhaps wheeling.
func (r *Random) group(g *engine.Game, side int) (engine.Action, bool) {
	var free []engine.Element
	for _, e := range r.els {
		if e.Side == side && e.OnTable() && !e.Moved && e.Type != rules.Stronghold {
			free = append(free, e)
		}
	}
	if len(free) < 2 {
		return engine.Action{}, false
	}
	seed := free[r.r.intn(len(free))]
	ids := []int{seed.ID}
	// Grow the group by elements whose centres are within a base and a
	// half of a member's: side by side or one behind another.
	near := geom.Paces(rules.BaseWidth * 3 / 2)
	for grown := true; grown; {
		grown = false
		for _, f := range free {
			if f.Cmd != seed.Cmd || slices.Contains(ids, f.ID) {
				continue
			}
			for _, id := range ids {
				m, _ := g.Element(id)
				if geom.Len(f.Base.Center().Sub(m.Base.Center())) <= near {
					ids, grown = append(ids, f.ID), true
					break
				}
			}
		}
	}
	if len(ids) < 2 {
		return engine.Action{}, false
	}
	o, err := g.GroupOptions(ids)
	if err != nil || !o.Allowed {
		return engine.Action{}, false
	}
	if len(o.Contacts) > 0 && r.r.intn(100) < contactChance {
		return o.Contacts[r.r.intn(len(o.Contacts))].Action, true
	}
	most := o.Allowances[0].Paces // good going: the slowest member's
	for range poseTries {
		a := engine.Action{Kind: engine.ActGroup, IDs: o.IDs, Forward: most * (1 + r.r.intn(4)) / 4}
		if r.r.intn(100) < turnChance {
			a.Wheel = r.r.intn(int(geom.Turn)/4) - int(geom.Turn)/8
			a.Forward /= 2
		}
		if g.Allowed(a) {
			return a, true
		}
	}
	return engine.Action{}, false
}

// arrival brings back a lost element (a Hordes replaced, a Magician's
// victim desorcelled, a summoning) now and then, at a random legal place.
func (r *Random) arrival(g *engine.Game, side int) (engine.Action, bool) {
	for _, a := range g.Arrivals(side) {
		if !a.Allowed || len(a.Poses) == 0 || a.Kind == engine.ActPlace || r.tried[-a.ID] || r.r.intn(2) == 0 {
			continue
		}
		r.tried[-a.ID] = true // element ids are positive: negatives mark arrivals
		p := a.Poses[r.r.intn(len(a.Poses))]
		act := engine.Action{Kind: a.Kind, ID: a.ID, To: &p}
		if g.Allowed(act) {
			return act, true
		}
	}
	return engine.Action{}, false
}

// fire is a random shot or bespell of one of side's elements not yet
// tried this phase.
func (r *Random) fire(g *engine.Game, side int) (engine.Action, bool) {
	r.els = g.AppendElements(r.els[:0])
	for {
		var shooters []engine.Element
		for _, e := range r.els {
			if e.Side == side && e.OnTable() && !r.tried[e.ID] {
				shooters = append(shooters, e)
			}
		}
		if len(shooters) == 0 {
			return engine.Action{}, false
		}
		e := shooters[r.r.intn(len(shooters))]
		r.tried[e.ID] = true
		fo, err := g.FireOptions(e.ID)
		if err != nil || fo.Kind == "" || len(fo.Targets) == 0 || r.r.intn(100) >= shotChance {
			continue
		}
		t := fo.Targets[r.r.intn(len(fo.Targets))]
		a := engine.Action{Kind: fo.Kind, ID: e.ID, Target: t.ID}
		if g.Allowed(a) {
			return a, true
		}
	}
}

// close fights the bound's combats in a random order, after a scenario
// declaration on a coin, then ends the bound.
func (r *Random) close(g *engine.Game) engine.Action {
	if d := g.Declarations(); len(d) > 0 && !r.tried[0] {
		r.tried[0] = true // 0 is no element's id: it marks the declaration's coin
		if r.r.intn(100) < declareChance {
			return engine.Action{Kind: engine.ActDeclare, Choice: d[r.r.intn(len(d))]}
		}
	}
	if cs := g.Combats(); len(cs) > 0 {
		c := cs[r.r.intn(len(cs))]
		a := engine.Action{Kind: engine.ActCombat, ID: c[0], Target: c[1]}
		if g.Allowed(a) {
			return a
		}
	}
	return engine.Action{Kind: engine.ActEndBound}
}

// stream is splitmix64: a player's own random numbers.
type stream uint64

func (s *stream) next() uint64 {
	*s += 0x9e3779b97f4a7c15
	z := uint64(*s)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func (s *stream) intn(n int) int { return int(s.next() % uint64(n)) }
