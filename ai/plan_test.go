package ai

import (
	"reflect"
	"testing"

	"pelennor/engine"
)

// Plan is the whole plan: its first step is the action Next plays, and
// Next then plays the rest of it in order.
func TestPlanIsWhatNextPlays(t *testing.T) {
	for _, name := range []string{"flank-kill.json", "overlap.json"} {
		g := posePuzzle(t, puzzle{scenario: name, dice: []int{4}})
		cfg := Config{Level: Normal, Seed: 3}
		steps, err := New(cfg).Plan(g)
		if err != nil {
			t.Fatal(err)
		}
		p := New(cfg)
		for i, s := range steps {
			a, err := p.Next(g)
			if err != nil {
				t.Fatalf("%s: step %d: %v", name, i+1, err)
			}
			if !reflect.DeepEqual(a, s.Action) {
				t.Fatalf("%s: Next plays %s as step %d, the plan says %s", name, Describe(g, a), i+1, Describe(g, s.Action))
			}
			if a.Kind == engine.ActEndPhase {
				break
			}
			if _, err := g.Apply(a); err != nil {
				t.Fatalf("%s: step %d: %v", name, i+1, err)
			}
		}
	}
}
