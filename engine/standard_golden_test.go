package engine_test

import (
	"os"
	"testing"

	"pelennor/engine"
	"pelennor/standard"
)

// standardGoldenHash is the final state hash of the golden standard
// battle (testdata/golden/standard.json, written by engine/bot's
// TestWriteStandardGolden -update). A change to it is a change of rules
// (or of the army lists, the terrain generator or the automatic
// deployment): re-record it.
const standardGoldenHash = "2312594ec0d0524e"

// TestStandardGoldenBattle replays a whole standard battle, Gondor
// against Mordor, from the dice for who defends through the terrain, the
// base edges, the stronghold and both deployments to a victory: it must
// end on the golden hash natively, on 386 and under js/wasm alike.
func TestStandardGoldenBattle(t *testing.T) {
	data, err := os.ReadFile("testdata/golden/standard.json")
	if err != nil {
		t.Fatal(err)
	}
	s, err := engine.ParseSave("standard.json", data)
	if err != nil {
		t.Fatal(err)
	}
	_, sc, err := standard.Builtin("gondor", "mordor")
	if err != nil {
		t.Fatal(err)
	}
	g, evs, err := engine.Replay(s, sc)
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Hash(); got != standardGoldenHash {
		t.Errorf("final hash %s, golden %s", got, standardGoldenHash)
	}
	seen := map[engine.Code]bool{}
	for _, e := range evs {
		seen[e.Code] = true
		if e.Describe() == string(e.Code) {
			t.Errorf("event %s has no words", e.Code)
		}
	}
	for _, want := range []engine.Code{engine.CodeSetupDefender, engine.CodeTerrainDone, engine.CodeBaseEdges,
		engine.CodePlaced, engine.CodeDeployPhase, engine.CodeVictory} {
		if !seen[want] {
			t.Errorf("the golden battle never shows a %s event", want)
		}
	}
	if g.Phase() != engine.PhaseOver || g.Winner() < 0 {
		t.Errorf("the golden battle ends in %s, winner %d", g.Phase(), g.Winner())
	}
}
