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
