package scenarios_test

import (
	"slices"
	"testing"

	"pelennor/engine"
	"pelennor/engine/dice"
	"pelennor/engine/rules"
	"pelennor/scenarios"
)

func TestNames(t *testing.T) {
	names := scenarios.Names()
	if !slices.IsSorted(names) || !slices.Contains(names, "skirmish") {
		t.Fatalf("Names() = %v: want sorted, with skirmish", names)
	}
	for _, n := range names {
		if _, err := scenarios.Load(n); err != nil {
			t.Errorf("Load(%q): %v", n, err)
		}
	}
	for _, bad := range []string{"", "nope", "../scenarios/skirmish", "scenarios.go"} {
		if _, err := scenarios.Load(bad); err == nil {
			t.Errorf("Load(%q) succeeds", bad)
		}
	}
	a, _ := scenarios.Load("skirmish")
	b, err := scenarios.Load("skirmish.json")
	if err != nil || string(a) != string(b) {
		t.Errorf("Load(skirmish.json) differs from Load(skirmish): %v", err)
	}
}

// Every embedded scenario is valid and starts.
func TestEmbeddedScenariosStart(t *testing.T) {
	for _, n := range scenarios.Names() {
		data, _ := scenarios.Load(n)
		sc, err := engine.ParseScenario(n+".json", data)
		if err != nil {
			t.Errorf("%s: %v", n, err)
			continue
		}
		if _, _, err := engine.New(sc, dice.NewPCG(1), rules.Rulings{}); err != nil {
			t.Errorf("%s: the game does not start: %v", n, err)
		}
	}
}

// The skirmish is a standard battle of two 24 AP armies, one command a
// side, with a general and a stronghold each, covering most element types.
func TestSkirmish(t *testing.T) {
	data, _ := scenarios.Load("skirmish")
	sc, err := engine.ParseScenario("skirmish.json", data)
	if err != nil {
		t.Fatal(err)
	}
	if sc.Rules != "standard" || sc.Table.Width != 2400 || sc.Table.Height != 2400 || len(sc.Commands) != 2 {
		t.Fatalf("not a standard 24-inch battle of one command a side: %+v", sc.Table)
	}
	types := map[rules.Type]bool{}
	for _, c := range sc.Commands {
		ap, strongholds := 0, 0
		for _, e := range sc.Elements {
			if e.Command != c.ID {
				continue
			}
			ty, _ := rules.ParseType(e.Type)
			types[ty] = true
			ap += ty.Info().AP
			if ty == rules.Stronghold {
				strongholds++
			}
			if e.Name == "" || e.Description == "" {
				t.Errorf("element %d lacks a name or description", e.ID)
			}
		}
		if ap != 24 || strongholds != 1 {
			t.Errorf("command %s: %d AP and %d strongholds, want 24 and 1", c.ID, ap, strongholds)
		}
	}
	if n := len(types) - 1; n < 15 {
		t.Errorf("the armies use %d element types, want most of the %d", n, rules.NumTypes-1)
	}
	kinds := map[string]bool{}
	for _, f := range sc.Terrain {
		kinds[f.Kind] = true
	}
	for _, k := range []string{"wood", "hill", "river", "road", "built-up"} {
		if !kinds[k] {
			t.Errorf("no %s", k)
		}
	}
	if !kinds["marsh"] && !kinds["rough"] {
		t.Error("no marsh or rough ground")
	}
}
