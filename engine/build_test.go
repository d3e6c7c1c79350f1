package engine

import (
	"encoding/json"
	"testing"

	"pelennor/engine/dice"
	"pelennor/engine/rules"
)

// table builds small test positions: side "a" (command "ca", base edge
// south) moves first against side "b" (command "cb", base edge north).
// Each command's general stands in a far corner unless a test names
// another with general().
type table struct {
	sc Scenario
}

const (
	genA = 901 // side a's default general
	genB = 902
)

func newTable() *table {
	tb := &table{sc: Scenario{
		Format: ScenarioFormat, ID: "test", Version: 1, Name: "test",
		Table: TableSpec{Width: 2400, Height: 2400},
		Rules: "standard",
		Sides: []SideSpec{{ID: "a", Name: "Side A"}, {ID: "b", Name: "Side B"}},
		Commands: []CommandSpec{
			{ID: "ca", Side: "a", Name: "A", General: genA, BaseEdge: "south"},
			{ID: "cb", Side: "b", Name: "B", General: genB, BaseEdge: "north"},
		},
	}}
	return tb
}

// add puts an element of the given command ("ca" or "cb") on the table.
func (tb *table) add(id int, cmd string, ty rules.Type, x, y, facing int) *table {
	tb.sc.Elements = append(tb.sc.Elements, ElementSpec{ID: id, Command: cmd, Type: ty.String(),
		Name: ty.String() + " " + itoa(id), X: x, Y: y, Facing: facing})
	return tb
}

// reserve adds an element off the table.
func (tb *table) reserve(id int, cmd string, ty rules.Type) *table {
	tb.sc.Elements = append(tb.sc.Elements, ElementSpec{ID: id, Command: cmd, Type: ty.String(),
		Name: ty.String() + " " + itoa(id), Reserve: true})
	return tb
}

// general makes element id its command's general.
func (tb *table) general(id int) *table {
	for _, e := range tb.sc.Elements {
		if e.ID == id {
			for i := range tb.sc.Commands {
				if tb.sc.Commands[i].ID == e.Command {
					tb.sc.Commands[i].General = id
				}
			}
		}
	}
	return tb
}

func (tb *table) terrain(kind string, pts ...[2]int) *table {
	tb.sc.Terrain = append(tb.sc.Terrain, TerrainSpec{Name: kind, Kind: kind, Polygon: pts})
	return tb
}

func (tb *table) path(kind string, width int, pts ...[2]int) *table {
	tb.sc.Terrain = append(tb.sc.Terrain, TerrainSpec{Name: kind, Kind: kind, Path: pts, Width: width})
	return tb
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// scenario returns the validated scenario, adding default generals.
func (tb *table) scenario(t testing.TB) *Scenario {
	t.Helper()
	sc := tb.sc
	has := map[int]bool{}
	for _, e := range sc.Elements {
		has[e.ID] = true
	}
	if sc.Commands[0].General == genA && !has[genA] {
		sc.Elements = append(sc.Elements, ElementSpec{ID: genA, Command: "ca", Type: "Heroes", Name: "General A", X: 160, Y: 2240, Facing: 0})
	}
	if sc.Commands[1].General == genB && !has[genB] {
		sc.Elements = append(sc.Elements, ElementSpec{ID: genB, Command: "cb", Type: "Heroes", Name: "General B", X: 2240, Y: 160, Facing: 2048})
	}
	data, err := json.Marshal(sc)
	if err != nil {
		t.Fatal(err)
	}
	out, err := ParseScenario("test.json", data)
	if err != nil {
		t.Fatalf("scenario: %v", err)
	}
	return out
}

// game starts a game with scripted dice; the first die is side a's PIPs.
func (tb *table) game(t testing.TB, ds ...int) *Game {
	t.Helper()
	src, err := dice.NewScripted(ds)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := New(tb.scenario(t), src, rules.Rulings{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// must applies actions that must be legal and returns their events.
func must(t testing.TB, g *Game, as ...Action) []Event {
	t.Helper()
	var all []Event
	for _, a := range as {
		evs, err := g.Apply(a)
		if err != nil {
			t.Fatalf("%+v: %v", a, err)
		}
		all = append(all, evs...)
	}
	return all
}

// el returns an element of the game's state.
func el(t testing.TB, g *Game, id int) Element {
	t.Helper()
	e, ok := g.Element(id)
	if !ok {
		t.Fatalf("no element %d", id)
	}
	return e
}

func to(x, y, facing int) *Pose { return &Pose{X: x, Y: y, Facing: facing} }

func contact(target int, edge string) *Contact { return &Contact{Target: target, Edge: edge} }

var endPhase = Action{Kind: ActEndPhase}

// toClose ends the phases up to close combat.
func toClose(t testing.TB, g *Game) {
	t.Helper()
	for g.Phase() != PhaseClose {
		must(t, g, endPhase)
	}
}

// combatEvent returns the first combat report among events.
func combatEvent(t testing.TB, evs []Event) *Report {
	t.Helper()
	for _, e := range evs {
		if e.Kind == EvCombat && e.Combat != nil {
			return e.Combat
		}
	}
	t.Fatalf("no combat in %v", evs)
	return nil
}
