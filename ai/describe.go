package ai

import (
	"fmt"
	"strings"

	"pelennor/engine"
	"pelennor/engine/dice"
	"pelennor/engine/geom"
)

// This file puts a plan into words and plays it out on a fork, for
// `hott ai move` and for the puzzles that pose positions to the
// computer (ai/puzzles_test.go). It reads the engine's public queries
// only, like the rest of the package.

// ElementName names element id of g as a player reads it: its name in
// the scenario, its type and its id, e.g. "Swan Knights of Belfalas
// (Knights, 103)".
func ElementName(g *engine.Game, id int) string {
	e, ok := g.Element(id)
	if !ok {
		return fmt.Sprintf("element %d", id)
	}
	for _, s := range g.Scenario().Elements {
		if s.ID == id && s.Name != "" {
			return fmt.Sprintf("%s (%s, %d)", s.Name, e.Type, id)
		}
	}
	return fmt.Sprintf("%s %d", e.Type, id)
}

// edgeWords are a target's edges as a player names them.
var edgeWords = map[string]string{"front": "front", "left": "left flank", "right": "right flank", "rear": "rear"}

// friendWords are where a move lines up with a friend (an action's
// contact on an element of the mover's own side).
var friendWords = map[string]string{"left": "lines up on the left of", "right": "lines up on the right of",
	"rear": "falls in behind", "front": "steps in front of"}

// Describe puts action a, as it would be played in g, into words.
func Describe(g *engine.Game, a engine.Action) string {
	name := func(id int) string { return ElementName(g, id) }
	names := func(ids []int) string {
		var s []string
		for _, id := range ids {
			s = append(s, name(id))
		}
		return strings.Join(s, ", ")
	}
	pay := ""
	if a.Pay != "" {
		pay = fmt.Sprintf(", paid by %s", a.Pay)
	}
	switch a.Kind {
	case engine.ActMove, engine.ActDeploy:
		if c := a.Contact; c != nil {
			return name(a.ID) + " " + contactWords(g, a.ID, c) + pay
		}
		if a.To != nil {
			return fmt.Sprintf("%s moves to (%d, %d) facing %d%s%s", name(a.ID), a.To.X, a.To.Y, a.To.Facing, viaWords(a.Via), pay)
		}
	case engine.ActGroup:
		s := fmt.Sprintf("the group of %d (%s)", len(a.IDs), names(a.IDs))
		if c := a.Contact; c != nil {
			return fmt.Sprintf("%s moves so that %s %s%s", s, name(c.By), contactWords(g, c.By, c), pay)
		}
		if a.To != nil {
			return fmt.Sprintf("%s moves in column to (%d, %d) facing %d%s%s", s, a.To.X, a.To.Y, a.To.Facing, viaWords(a.Via), pay)
		}
		var parts []string
		if a.Wheel != 0 {
			parts = append(parts, fmt.Sprintf("wheels %d", a.Wheel))
		}
		parts = append(parts, fmt.Sprintf("advances %d p", a.Forward))
		return s + " " + strings.Join(parts, " and ") + pay
	case engine.ActShoot, engine.ActBespell:
		verb := map[string]string{engine.ActShoot: "shoots at", engine.ActBespell: "bespells"}[a.Kind]
		s := fmt.Sprintf("%s %s %s", name(a.ID), verb, name(a.Target))
		if len(a.Aiders) > 0 {
			s += ", aided by " + names(a.Aiders)
		}
		return s + pay
	case engine.ActCombat:
		if a.Target != 0 {
			return fmt.Sprintf("%s fights %s", name(a.ID), name(a.Target))
		}
		return fmt.Sprintf("%s fights its close combat", name(a.ID))
	case engine.ActReplace, engine.ActDesorcel, engine.ActSummon, engine.ActPlace:
		verb := map[string]string{engine.ActReplace: "replaces lost", engine.ActDesorcel: "desorcels",
			engine.ActSummon: "brings on", engine.ActPlace: "re-places"}[a.Kind]
		s := verb + " " + name(a.ID)
		if a.To != nil {
			s += fmt.Sprintf(" at (%d, %d) facing %d", a.To.X, a.To.Y, a.To.Facing)
		}
		return s + pay
	case engine.ActEndPhase:
		return fmt.Sprintf("ends the %s phase", g.Phase())
	case engine.ActEndBound:
		return "ends the bound (every close combat left is fought)"
	case engine.ActDeclare:
		return "declares " + a.Choice
	}
	return a.Kind
}

func contactWords(g *engine.Game, mover int, c *engine.Contact) string {
	m, _ := g.Element(mover)
	t, ok := g.Element(c.Target)
	if ok && t.Side == m.Side {
		if w, ok := friendWords[c.Edge]; ok {
			return w + " " + ElementName(g, c.Target)
		}
	}
	edge := edgeWords[c.Edge]
	if edge == "" {
		edge = c.Edge
	}
	return fmt.Sprintf("moves into contact with the %s of %s", edge, ElementName(g, c.Target))
}

func viaWords(via []engine.Pose) string {
	if len(via) == 0 {
		return ""
	}
	var s []string
	for _, p := range via {
		s = append(s, fmt.Sprintf("(%d, %d)", p.X, p.Y))
	}
	return " by way of " + strings.Join(s, ", ")
}

// Touch is an enemy whose front edge is against one of an element's
// edges: the contacts that make close combats, flank attacks and rear
// attacks (RULES.md §6.1).
type Touch struct {
	By   int    `json:"by"`   // the enemy touching
	Edge string `json:"edge"` // the edge of the element it touches: front, right, rear or left
}

var geomEdges = []struct {
	e    geom.Edge
	name string
}{{geom.Front, "front"}, {geom.Right, "right"}, {geom.Rear, "rear"}, {geom.Left, "left"}}

// Attackers lists the enemies whose front edges are against element id
// in g, with the edge each touches, in element order.
func Attackers(g *engine.Game, id int) []Touch {
	e, ok := g.Element(id)
	if !ok || !e.OnTable() {
		return nil
	}
	var out []Touch
	for _, x := range g.Elements() {
		if x.Side == e.Side || !x.OnTable() {
			continue
		}
		for _, ed := range geomEdges {
			if geom.EdgesAgainst(x.Base, geom.Front, e.Base, ed.e) > 0 {
				out = append(out, Touch{By: x.ID, Edge: ed.name})
				break
			}
		}
	}
	return out
}

// PlayOut plays the steps of a plan on a fork of g (dice from a stream
// seeded with seed, never g's), up to the first that ends the phase or
// the bound: the position the plan leaves before anything more is
// rolled. It returns the fork and each played step's events.
func PlayOut(g *engine.Game, steps []Step, seed uint64) (*engine.Game, [][]engine.Event, error) {
	f := g.Fork(dice.NewPCG(seed))
	var evs [][]engine.Event
	for i, s := range steps {
		if s.Action.Kind == engine.ActEndPhase || s.Action.Kind == engine.ActEndBound {
			break
		}
		ev, err := f.Apply(s.Action)
		if err != nil {
			return f, evs, fmt.Errorf("step %d (%s): %v", i+1, Describe(f, s.Action), err)
		}
		evs = append(evs, ev)
	}
	return f, evs, nil
}
