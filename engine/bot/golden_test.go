package bot

import (
	"encoding/json"
	"flag"
	"os"
	"testing"

	"pelennor/engine"
	"pelennor/engine/rules"
)

var update = flag.Bool("update", false, "rewrite engine/testdata/golden/pelennor.json from a bot game")

// goldenSeed is a bot game of the Pelennor that passes through all four
// events, Imrahil's activation, Gandalf's appearance, broken commands and
// a victory (checked by engine's TestPelennorGoldenGame).
const goldenSeed = 16

// TestWritePelennorGolden records the golden Pelennor game when run with
// -update; the engine's tests replay it.
func TestWritePelennorGolden(t *testing.T) {
	if !*update {
		t.Skip("run with -update to rewrite the golden Pelennor game")
	}
	sc := load(t, "pelennor")
	actions, err := Actions(sc, goldenSeed, 150)
	if err != nil {
		t.Fatal(err)
	}
	writeGolden(t, sc, goldenSeed, engine.Options{}, actions, "../testdata/golden/pelennor.json")
	// The same game as an action file for `hott play --seed 16`.
	file := struct {
		Format  int             `json:"format"`
		Actions []engine.Action `json:"actions"`
	}{1, actions}
	data, err := json.MarshalIndent(file, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("../testdata/golden/pelennor-actions.json", append(data, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

// duelGoldenSeed is a bot game of the Pelennor with the heroic duel in
// play that fights four duels, Imrahil's, Éowyn's and Gandalf's among
// them, the Witch-King in three (checked by engine's
// TestPelennorDuelGoldenGame).
const duelGoldenSeed = 27

// TestWritePelennorDuelGolden records the golden Pelennor game with the
// heroic duel in play when run with -update.
func TestWritePelennorDuelGolden(t *testing.T) {
	if !*update {
		t.Skip("run with -update to rewrite the golden Pelennor game with heroic duels")
	}
	sc := load(t, "pelennor")
	o := engine.Options{Rulings: rules.Rulings{HeroicDuel: true}}
	sc.Rulings = &o.Rulings
	actions, err := Actions(sc, duelGoldenSeed, 150)
	if err != nil {
		t.Fatal(err)
	}
	writeGolden(t, sc, duelGoldenSeed, o, actions, "../testdata/golden/pelennor-duel.json")
}

// writeGolden records a bot game of sc and writes it as a save to path.
func writeGolden(t *testing.T, sc *engine.Scenario, seed uint64, o engine.Options, actions []engine.Action, path string) {
	t.Helper()
	s, _, err := engine.Record(sc, &seed, nil, o, actions)
	if err != nil {
		t.Fatal(err)
	}
	s.Players = []string{"Gondor bot", "Mordor bot"}
	data, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}
