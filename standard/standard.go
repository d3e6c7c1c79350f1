// Package standard makes a standard HOTT battle (RULES.md §13) from two
// armies: the scenario the engine plays, whose set-up the engine runs as
// actions (engine/setup.go), and a driver that plays that set-up with
// the seeded terrain generator and the engine's automatic deployment,
// for the CLI, the bots and the tests. The rules stay in the engine; this
// package only writes data and chooses among legal actions.
package standard

import (
	"encoding/json"
	"fmt"

	"pelennor/army"
	"pelennor/engine"
	"pelennor/engine/rules"
	"pelennor/terrain"
)

// StrongholdSize is a stronghold's base in a standard battle, in paces
// (ruling S2).
const StrongholdSize = 160

// Scenario builds the scenario of a standard battle between armies a and
// b of lists la and lb: one command a side, the 2400 p table, the
// standard rules (§10), Gods, Dragons and Lurkers off the table (§9.4),
// and the set-up to be played. Each army must be legal (army.Validate at
// budget); the error names the army and its problems. It returns the
// scenario file and the scenario parsed from it.
func Scenario(la, lb *army.List, a, b *army.Army, budget int) ([]byte, *engine.Scenario, error) {
	return build(la, lb, a, b, budget, false)
}

// DuelScenario is Scenario with the heroic duel in play (issue 15): its
// rulings say so, and each element names the hero sheets of its list
// entry. A battle without the duel names none, so that its scenario, and
// every save and tournament record of it, stays as it was (ruling TA28).
func DuelScenario(la, lb *army.List, a, b *army.Army, budget int) ([]byte, *engine.Scenario, error) {
	return build(la, lb, a, b, budget, true)
}

func build(la, lb *army.List, a, b *army.Army, budget int, duel bool) ([]byte, *engine.Scenario, error) {
	sc := engine.Scenario{
		Format: engine.ScenarioFormat, ID: "standard-" + a.List + "-" + b.List, Version: 1,
		Name:        a.Name + " against " + b.Name,
		Description: "A standard battle (RULES.md §13): the defender lays the terrain, then both armies deploy.",
		Table:       engine.TableSpec{Width: terrain.Standard.Width, Height: terrain.Standard.Height},
		Rules:       "standard",
		Setup:       &engine.SetupSpec{Kind: "standard"},
	}
	next := 1
	for i, side := range []struct {
		id, edge string
		l        *army.List
		a        *army.Army
	}{{"a", "north", la, a}, {"b", "south", lb, b}} {
		rep := army.Validate(side.l, side.a, budget)
		if !rep.OK() {
			return nil, nil, fmt.Errorf("army %d (%s): %v", i+1, side.a.Name, rep.Problems)
		}
		cmd := side.id + "-army"
		sc.Sides = append(sc.Sides, engine.SideSpec{ID: side.id, Name: side.a.Name})
		c := engine.CommandSpec{ID: cmd, Side: side.id, Name: side.a.Name, BaseEdge: side.edge}
		for _, e := range rep.Elements {
			if e.General {
				c.General = next
			}
			sc.Elements = append(sc.Elements, engine.ElementSpec{ID: next, Command: cmd, Type: e.Type.String(),
				Name: e.Name, Description: e.Description, Reserve: e.Reserve})
			if duel {
				sc.Elements[len(sc.Elements)-1].Heroes = side.l.Entries[e.Entry].Heroes
			}
			next++
		}
		sc.Elements = append(sc.Elements, engine.ElementSpec{ID: next, Command: cmd, Type: rules.Stronghold.String(),
			Name: rep.Stronghold.Name, Description: rep.Stronghold.Description, Width: StrongholdSize, Depth: StrongholdSize})
		next++
		sc.Commands = append(sc.Commands, c)
	}
	if duel {
		sc.Rulings = &rules.Rulings{HeroicDuel: true}
	}
	data, err := json.MarshalIndent(sc, "", " ")
	if err != nil {
		return nil, nil, err
	}
	data = append(data, '\n')
	parsed, err := engine.ParseScenario(sc.ID+".json", data)
	if err != nil {
		return nil, nil, err
	}
	return data, parsed, nil
}

// Builtin builds the standard battle between the ready-made armies of
// two embedded lists, by id, at 24 AP.
func Builtin(idA, idB string) ([]byte, *engine.Scenario, error) {
	cat, err := army.Builtin()
	if err != nil {
		return nil, nil, err
	}
	var lists [2]*army.List
	var armies [2]*army.Army
	for i, id := range []string{idA, idB} {
		l, ok := cat.List(id)
		a, ok2 := cat.Army(id)
		if !ok || !ok2 {
			return nil, nil, fmt.Errorf("no army list %q (known: %v)", id, cat.IDs())
		}
		lists[i], armies[i] = l, a
	}
	return Scenario(lists[0], lists[1], armies[0], armies[1], army.Standard)
}
