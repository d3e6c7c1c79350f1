package terrain_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"pelennor/engine"
	"pelennor/engine/geom"
	"pelennor/terrain"
)

// scenarioWith is a two-element standard scenario on the given terrain;
// the generals wait in reserve so that no terrain is in their way.
func scenarioWith(specs []engine.TerrainSpec) engine.Scenario {
	return engine.Scenario{
		Format: engine.ScenarioFormat, ID: "terrain-test", Version: 1, Name: "terrain test",
		Table: engine.TableSpec{Width: 2400, Height: 2400}, Rules: "standard",
		Sides: []engine.SideSpec{{ID: "a", Name: "A"}, {ID: "b", Name: "B"}},
		Commands: []engine.CommandSpec{
			{ID: "ca", Side: "a", Name: "A", General: 1, BaseEdge: "south"},
			{ID: "cb", Side: "b", Name: "B", General: 2, BaseEdge: "north"},
		},
		Terrain: specs,
		Elements: []engine.ElementSpec{
			{ID: 1, Command: "ca", Type: "Blades", Name: "General A", Reserve: true},
			{ID: 2, Command: "cb", Type: "Blades", Name: "General B", Reserve: true},
		},
	}
}

// Generated layouts are terrain the engine reads, and it builds from
// their specs exactly the parts Check measured.
func TestPartsAsEngine(t *testing.T) {
	for seed := range uint64(60) {
		fs := terrain.Generate(seed, terrain.Options{Style: terrain.Styles[seed%uint64(len(terrain.Styles))].Name})
		var specs []engine.TerrainSpec
		for _, f := range fs {
			specs = append(specs, engine.TerrainSpec(f.Spec()))
		}
		data, err := json.Marshal(scenarioWith(specs))
		if err != nil {
			t.Fatal(err)
		}
		sc, err := engine.ParseScenario(fmt.Sprintf("seed-%d.json", seed), data)
		if err != nil {
			t.Fatalf("seed %d: the engine refuses the layout: %v", seed, err)
		}
		got := sc.Features()
		if len(got) != len(fs) {
			t.Fatalf("seed %d: %d features, engine has %d", seed, len(fs), len(got))
		}
		for i, f := range fs {
			if got[i].Name != f.Name || got[i].Kind.Name != f.Kind {
				t.Errorf("seed %d feature %d: engine has %s (%s)", seed, i, got[i].Name, got[i].Kind.Name)
			}
			if !slices.EqualFunc(got[i].Parts, f.Parts(), func(a, b geom.Poly) bool { return slices.Equal(a, b) }) {
				t.Errorf("seed %d: %s: the engine's parts differ from the checked ones", seed, f.Name)
			}
		}
	}
}
