// Package bot is a simple automatic player for measuring scenarios: it
// makes random legal moves biased toward the enemy, shoots and bespells
// what it can, and fights every combat. It is no opponent for a person;
// it exists so that hundreds of games can be played headless.
package bot

import (
	"pelennor/engine"
	"pelennor/engine/geom"
	"pelennor/engine/rules"
	"pelennor/standard"
	"pelennor/terrain"
)

// Bot chooses actions for whichever side is to act. Its choices depend
// only on its seed and the game, so a simulation is repeatable.
type Bot struct {
	state uint64
	// The elements given up on this bound, by their place in els: as
	// movers, and as shooters or magicians.
	tried, triedShot []bool
	bound            int
	els              []engine.Element // the game's elements, reused between actions
	cmds             []engine.Command // the game's commands, likewise
	movs             []moverAt        // buffer for move's movers
	near             []gapOf          // buffer for nearestEnemy
	// What the moves tried point to, reused: only the one chosen is kept.
	contact engine.Contact
	pose    engine.Pose
	// The terrain a set-up lays (SetTerrain), and what it laid last.
	lay    standard.Layer
	layFor int // the defender laid was for, if laid is not nil
	laid   []terrain.Feature
}

// New returns a bot seeded with seed. In a standard battle's set-up it
// lays the seeded generator's terrain (terrain.Generate from seed, the
// default style) unless SetTerrain says otherwise.
func New(seed uint64) *Bot {
	return &Bot{state: seed*0x9e3779b97f4a7c15 + 1, lay: standard.Generated(seed, [2]string{})}
}

// SetTerrain makes the bot lay lay's terrain when it defends in a set-up
// (rulings S9, S10).
func (b *Bot) SetTerrain(lay standard.Layer) { b.lay, b.laid = lay, nil }

// layer is b's terrain with each defender's layout made once: the
// set-up asks for it at every feature placed.
func (b *Bot) layer(defender int) []terrain.Feature {
	if b.laid == nil || b.layFor != defender {
		b.laid, b.layFor = b.lay(defender), defender
	}
	return b.laid
}

// next is splitmix64.
func (b *Bot) next() uint64 {
	b.state += 0x9e3779b97f4a7c15
	z := b.state
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func (b *Bot) intn(n int) int { return int(b.next() % uint64(n)) }

// Next returns the bot's next action.
func (b *Bot) Next(g *engine.Game) engine.Action {
	if g.Bound() != b.bound || b.tried == nil {
		b.bound = g.Bound()
		b.tried, b.triedShot = b.tried[:0], b.triedShot[:0]
	}
	_, acting := g.ToAct()
	switch g.Phase() {
	case engine.PhaseSetup, engine.PhaseDeploy:
		// The set-up's steps and the deployment as the engine lays it
		// out (S5), as the automatic set-up takes them.
		if a, ok := standard.Next(g, b.layer); ok {
			return a
		}
	case engine.PhaseMove:
		if a, ok := b.move(g, acting); ok {
			return a
		}
	case engine.PhaseDistant, engine.PhaseReply:
		if a, ok := b.shoot(g, acting); ok {
			return a
		}
	case engine.PhaseClose:
		if d := g.Declarations(); len(d) > 0 {
			return engine.Action{Kind: engine.ActDeclare, Choice: d[0]}
		}
		return engine.Action{Kind: engine.ActEndBound}
	}
	return engine.Action{Kind: engine.ActEndPhase}
}

// move finds a legal move for an element of side that has not moved:
// into contact with an enemy if it can, else toward the nearest enemy.
func (b *Bot) move(g *engine.Game, side int) (engine.Action, bool) {
	b.els = g.AppendElements(b.els[:0])
	els := b.els
	b.cmds = g.AppendCommands(b.cmds[:0])
	cmds := b.cmds
	b.tried = grow(b.tried, len(els))
	movers := b.movs[:0]
	defer func() { b.movs = movers[:0] }()
	for i, e := range els {
		if e.Side == side && e.OnTable() && !e.Moved && !b.tried[i] && e.Type != rules.Stronghold && cmds[e.Cmd].PIPs > 0 {
			movers = append(movers, moverAt{e, i})
		}
	}
	for len(movers) > 0 {
		i := b.intn(len(movers))
		m := movers[i]
		movers = append(movers[:i], movers[i+1:]...)
		b.tried[m.at] = true
		if a, ok := b.moveOne(g, els, m.Element); ok {
			return a, true
		}
	}
	return engine.Action{}, false
}

// moveOne finds a move for e: into contact with the nearest enemy if it
// can reach, else as far toward it as is legal.
func (b *Bot) moveOne(g *engine.Game, els []engine.Element, e engine.Element) (engine.Action, bool) {
	if !g.MayMove(e.ID) {
		return engine.Action{}, false // every move below would be refused
	}
	enemy, ok := b.nearestEnemy(els, e)
	if !ok {
		return engine.Action{}, false
	}
	good, bad, road := g.Rulings().Move(e.Type)
	most := max(good, bad, road, rules.RiverMove)
	for _, edge := range contactEdges {
		if !mayReach(e, enemy, most) {
			break // the engine would refuse every edge as too far
		}
		if tooFar(e, enemy, edge.edge, most) {
			continue
		}
		b.contact = engine.Contact{Target: enemy.ID, Edge: edge.name}
		if g.Allowed(engine.Action{Kind: engine.ActMove, ID: e.ID, Contact: &b.contact}) {
			c := b.contact // the action chosen gets its own
			return engine.Action{Kind: engine.ActMove, ID: e.ID, Contact: &c}, true
		}
	}
	dir := geom.Bearing(enemy.Base.Center().Sub(e.Base.Center()))
	for _, frac := range []int{4, 3, 2, 1} {
		d := geom.Paces(good * frac / 4)
		front := e.Base.Front.Add(geom.Offset(dir, d))
		// Turning costs distance (R6): keep the facing when the enemy is
		// roughly ahead, else swing round to face it.
		facing := e.Base.Facing
		if diff := geom.AngleDiff(dir, facing); diff > 512 || diff < -512 {
			facing = dir
		}
		b.pose = engine.Pose{X: front.X.Paces(), Y: front.Y.Paces(), Facing: int(facing.Norm())}
		if g.Allowed(engine.Action{Kind: engine.ActMove, ID: e.ID, To: &b.pose}) {
			p := b.pose
			return engine.Action{Kind: engine.ActMove, ID: e.ID, To: &p}, true
		}
	}
	return engine.Action{}, false
}

// shoot finds a shot or a bespell for side.
func (b *Bot) shoot(g *engine.Game, side int) (engine.Action, bool) {
	b.els = g.AppendElements(b.els[:0])
	b.triedShot = grow(b.triedShot, len(b.els))
	for i, e := range b.els {
		if e.Side != side || !e.OnTable() || b.triedShot[i] {
			continue
		}
		b.triedShot[i] = true
		if ts := g.Targets(e.ID); len(ts) > 0 {
			return engine.Action{Kind: engine.ActShoot, ID: e.ID, Target: ts[0]}, true
		}
		if e.Type == rules.Magicians {
			if enemy, ok := b.nearestEnemy(b.els, e); ok {
				a := engine.Action{Kind: engine.ActBespell, ID: e.ID, Target: enemy.ID}
				if g.Allowed(a) {
					return a, true
				}
			}
		}
	}
	return engine.Action{}, false
}

// nearestEnemy returns the enemy on the table nearest to e, the first
// in els of those equally near.
func (b *Bot) nearestEnemy(els []engine.Element, e engine.Element) (engine.Element, bool) {
	// The gap between boxes is at most the distance: measuring enemies
	// in order of their gaps, none whose gap exceeds the least distance
	// found so far can be nearer; one whose gap equals it may be as near,
	// and is measured, the first in els winning a tie.
	eb := geom.BoxOf(e.Base.Poly())
	cs := b.near[:0]
	for i, o := range els {
		if o.Side != e.Side && o.OnTable() {
			cs = append(cs, gapOf{eb.Gap(o.Base.Bounds()), i})
		}
	}
	b.near = cs
	best, bestD := -1, geom.Sub(0)
	ep := e.Base.Poly()
	// The least gap left next, taken out of cs: few are measured, so this
	// beats sorting them all.
	for len(cs) > 0 {
		k := 0
		for j := range cs {
			if cs[j].gap < cs[k].gap {
				k = j
			}
		}
		c := cs[k]
		if best >= 0 && c.gap > bestD {
			break
		}
		cs[k] = cs[len(cs)-1]
		cs = cs[:len(cs)-1]
		op := els[c.i].Base.Poly()
		if best >= 0 && eb.Gap(geom.BoxOf(op)) > bestD {
			continue // its own box, closer than its bounds, is already further
		}
		if d := geom.Dist(ep, op); best < 0 || d < bestD || d == bestD && c.i < best {
			best, bestD = c.i, d
		}
	}
	if best < 0 {
		return engine.Element{}, false
	}
	return els[best], true
}

// moverAt is an element that may move and its place in the elements.
type moverAt struct {
	engine.Element
	at int
}

// grow returns marks for n elements: those of bs, none if it is empty
// (a new bound), the rest unmarked.
func grow(bs []bool, n int) []bool {
	for len(bs) < n {
		bs = append(bs, false)
	}
	return bs
}

// gapOf is an enemy's index in the elements and its box's gap.
type gapOf struct {
	gap geom.Sub
	i   int
}

// mayReach reports whether a contact move of e to o might be within a
// move of most paces. Some point of e ends touching o; in a rigid move no
// point travels further than the furthest corner, which is what a move
// measures (R6), and the conforming slide of up to ConformSlide is free
// (R8). So if the boxes alone are further apart than the move, the slide,
// the contact tolerance and a pace for rounding, the engine refuses the
// move (move.too_far), and checking it would be wasted.
func mayReach(e, o engine.Element, most int) bool {
	return e.Base.Bounds().Gap(o.Base.Bounds()) <= geom.Paces(most+rules.ConformSlide+1)+geom.Tol
}

// contactEdges are the edges the bot tries to contact, in order.
var contactEdges = []struct {
	name string
	edge geom.Edge
}{{"front", geom.Front}, {"left", geom.Left}, {"right", geom.Right}, {"rear", geom.Rear}}

// tooFar reports whether the contact of e with edge of enemy o is surely
// beyond a move of most paces. The engine conforms e's base to the edge
// (geom.Against, at e's size) and measures the move to there less the
// free slide of up to ConformSlide (R8): no corner's travel shrinks by more
// than the slide, so if the conformed pose alone is further than the move,
// the slide and a pace for rounding, the engine refuses it (move.too_far).
func tooFar(e, o engine.Element, edge geom.Edge, most int) bool {
	to := geom.Against(o.Base, edge, geom.Paces(rules.BaseWidth), geom.Paces(e.Type.Info().Depth))
	return geom.MoveDist(e.Base, to) > geom.Paces(most+rules.ConformSlide+1)
}
