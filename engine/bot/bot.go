// Package bot is a simple automatic player for measuring scenarios: it
// makes random legal moves biased toward the enemy, shoots and bespells
// what it can, and fights every combat. It is no opponent for a person;
// it exists so that hundreds of games can be played headless.
package bot

import (
	"pelennor/engine"
	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// Bot chooses actions for whichever side is to act. Its choices depend
// only on its seed and the game, so a simulation is repeatable.
type Bot struct {
	state uint64
	tried map[int]bool // elements given up on this bound
	bound int
	els   []engine.Element // the game's elements, reused between actions
	movs  []engine.Element // buffer for move's movers
}

// New returns a bot seeded with seed.
func New(seed uint64) *Bot { return &Bot{state: seed*0x9e3779b97f4a7c15 + 1} }

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
	if g.Bound() != b.bound {
		b.bound, b.tried = g.Bound(), map[int]bool{}
	}
	_, acting := g.ToAct()
	switch g.Phase() {
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
	cmds := g.Commands()
	movers := b.movs[:0]
	defer func() { b.movs = movers[:0] }()
	for _, e := range els {
		if e.Side == side && e.OnTable() && !e.Moved && !b.tried[e.ID] && e.Type != rules.Stronghold && cmds[e.Cmd].PIPs > 0 {
			movers = append(movers, e)
		}
	}
	for len(movers) > 0 {
		i := b.intn(len(movers))
		e := movers[i]
		movers = append(movers[:i], movers[i+1:]...)
		b.tried[e.ID] = true
		if a, ok := b.moveOne(g, els, e); ok {
			return a, true
		}
	}
	return engine.Action{}, false
}

// moveOne finds a move for e: into contact with the nearest enemy if it
// can reach, else as far toward it as is legal.
func (b *Bot) moveOne(g *engine.Game, els []engine.Element, e engine.Element) (engine.Action, bool) {
	enemy, ok := nearestEnemy(els, e)
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
		a := engine.Action{Kind: engine.ActMove, ID: e.ID, Contact: &engine.Contact{Target: enemy.ID, Edge: edge.name}}
		if g.Allowed(a) {
			return a, true
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
		a := engine.Action{Kind: engine.ActMove, ID: e.ID, To: &engine.Pose{X: front.X.Paces(), Y: front.Y.Paces(), Facing: int(facing.Norm())}}
		if g.Allowed(a) {
			return a, true
		}
	}
	return engine.Action{}, false
}

// shoot finds a shot or a bespell for side.
func (b *Bot) shoot(g *engine.Game, side int) (engine.Action, bool) {
	b.els = g.AppendElements(b.els[:0])
	for _, e := range b.els {
		if e.Side != side || !e.OnTable() || b.tried[-e.ID] {
			continue
		}
		b.tried[-e.ID] = true
		if ts := g.Targets(e.ID); len(ts) > 0 {
			return engine.Action{Kind: engine.ActShoot, ID: e.ID, Target: ts[0]}, true
		}
		if e.Type == rules.Magicians {
			if enemy, ok := nearestEnemy(b.els, e); ok {
				a := engine.Action{Kind: engine.ActBespell, ID: e.ID, Target: enemy.ID}
				if g.Allowed(a) {
					return a, true
				}
			}
		}
	}
	return engine.Action{}, false
}

func nearestEnemy(els []engine.Element, e engine.Element) (engine.Element, bool) {
	var best engine.Element
	bestD := geom.Sub(-1)
	eb := e.Base.Bounds()
	// The gap between bounding boxes is at most the distance: an enemy
	// whose box is further than some enemy's distance cannot be nearest.
	// Bound the distance first by the enemy whose box is nearest.
	bound, k := geom.Sub(-1), -1
	for i, o := range els {
		if o.Side != e.Side && o.OnTable() {
			if g := eb.Gap(o.Base.Bounds()); k < 0 || g < bound {
				bound, k = g, i
			}
		}
	}
	if k >= 0 {
		bound = geom.Dist(e.Base.Poly(), els[k].Base.Poly())
	}
	for _, o := range els {
		if o.Side == e.Side || !o.OnTable() {
			continue
		}
		if g := eb.Gap(o.Base.Bounds()); g > bound || bestD >= 0 && g > bestD {
			continue
		}
		if d := geom.Dist(e.Base.Poly(), o.Base.Poly()); bestD < 0 || d < bestD {
			best, bestD = o, d
		}
	}
	return best, bestD >= 0
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
