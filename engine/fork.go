package engine

import "pelennor/engine/dice"

// Fork returns an independent copy of the game whose dice from now on
// come from src instead of the game's own generator. A planner (the
// computer opponent, package ai) thinks on forks: it may play a fork on
// to see what its moves lead to, but whatever the fork rolls comes from
// the planner's own stream, so nothing it does there tells it a die the
// real game will roll (DESIGN.md §10, "fair dice").
//
// A fork of a keyed game (play by e-mail) is keyed no more: its dice are
// src's, drawn as they are needed.
func (g *Game) Fork(src dice.Source) *Game {
	f := g.clone()
	f.dice = src
	f.keyed = false
	return f
}

// ForkInto is Fork made in the memory of f, a game the caller is done
// with (an earlier fork, most often): its state, its spare and the room
// its events were written in are used again, so that a planner playing
// one fork after another, or a benchmark starting each run from one
// position, allocates next to nothing for each. f is then g.Fork(src)
// in all but memory; nothing may use f's earlier positions or events
// after this. A nil f, or g itself, gets a new fork.
func (g *Game) ForkInto(f *Game, src dice.Source) *Game {
	if f == nil || f == g {
		return g.Fork(src)
	}
	if f.st == nil {
		f.st = new(state)
	}
	copyState(f.st, g.st)
	f.sc, f.rulings, f.dice, f.hooks = g.sc, g.rulings, src, g.hooks
	f.actions, f.startAP, f.keyed, f.forecast = g.actions, g.startAP, false, g.forecast
	// A move f's last position kept ready was checked with f's dice. The
	// views stay: each is of the position its serial names, wherever.
	if c := f.checked.Swap(nil); c != nil {
		c.drop()
	}
	return f
}

// Turned returns a fork of the position as if the other side's bound had
// begun now with every PIP die it rolls showing pips: its move phase,
// nothing moved, shot or charged. What the moving side's bound would
// still do (its shots, its close combats) is not done, and no scenario
// event is rolled: a planner asks what the other side could do against
// the table as it stands (package ai weighs the threats to what it
// moves). Dice come from src.
func (g *Game) Turned(src dice.Source, pips int) *Game {
	f := g.Fork(src)
	t := f.begin()
	t.nextBound()
	for c := range t.sc.Commands {
		if t.sc.sideOf(c) == t.st.Side && t.hooks.Rolls(t, c) {
			t.st.Commands[c].Die, t.st.Commands[c].PIPs = pips, t.hooks.PIPs(t, c, pips)
		}
	}
	f.commit(t)
	return f
}
