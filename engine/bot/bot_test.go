package bot

import (
	"os"
	"testing"

	"pelennor/engine"
)

func load(t testing.TB, name string) *engine.Scenario {
	t.Helper()
	data, err := os.ReadFile("../../scenarios/" + name + ".json")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := engine.ParseScenario(name, data)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// The bot only ever chooses legal actions and games end, the same way
// for the same seed.
func TestBotPlaysWholeGames(t *testing.T) {
	for _, name := range []string{"skirmish", "pelennor"} {
		sc := load(t, name)
		for seed := uint64(1); seed <= 3; seed++ {
			a, err := Play(sc, seed, 60)
			if err != nil {
				t.Fatalf("%s seed %d: %v", name, seed, err)
			}
			b, _ := Play(sc, seed, 60)
			if a.Winner != b.Winner || a.Bounds != b.Bounds || a.Actions != b.Actions {
				t.Errorf("%s seed %d: replays differ: %+v vs %+v", name, seed, a, b)
			}
			t.Logf("%s seed %d: winner %d after %d bounds, %d actions, events %v, broken %v", name, seed, a.Winner, a.Bounds, a.Actions, a.Events, a.Broken)
		}
	}
}
