package bot

import (
	"testing"

	"pelennor/engine"
	"pelennor/standard"
)

// standardGoldenSeed is a bot game of a standard battle, Gondor against
// Mordor, from the set-up (terrain generated from the same seed) to a
// victory (checked by engine's TestStandardGoldenBattle).
const standardGoldenSeed = 1

// TestWriteStandardGolden records the golden standard battle when run
// with -update; the engine's tests replay it.
func TestWriteStandardGolden(t *testing.T) {
	if !*update {
		t.Skip("run with -update to rewrite the golden standard battle")
	}
	_, sc, err := standard.Builtin("gondor", "mordor")
	if err != nil {
		t.Fatal(err)
	}
	out, actions, err := Battle(sc, standardGoldenSeed, 150, standard.Generated(standardGoldenSeed, [2]string{}))
	if err != nil {
		t.Fatal(err)
	}
	if out.Winner < 0 {
		t.Fatalf("the golden battle ends undecided after %d bounds", out.Bounds)
	}
	writeGolden(t, sc, standardGoldenSeed, engine.Options{}, actions, "../testdata/golden/standard.json")
}
