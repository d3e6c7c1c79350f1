package engine

import (
	"strings"
	"testing"
)

// pelennorGoldenHash is the final state hash of the golden Pelennor game
// (testdata/golden/pelennor.json, written by engine/bot's
// TestWritePelennorGolden -update). A change to it is a change of rules:
// bump rules.Version and re-record.
const pelennorGoldenHash = "046d4591a8669afb"

// TestPelennorGoldenGame replays a whole scripted Pelennor game: it must
// pass through all four events, Imrahil's activation, Gandalf's
// appearance, a broken command and a victory, and end on the golden hash,
// natively, on 386 and under js/wasm alike.
func TestPelennorGoldenGame(t *testing.T) {
	s, sc := goldenPelennor(t)
	g, evs, err := Replay(s, sc)
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Hash(); got != pelennorGoldenHash {
		t.Errorf("final hash %s, golden %s", got, pelennorGoldenHash)
	}
	happened := map[int]bool{}
	seen := map[Code]bool{}
	for _, e := range evs {
		if e.Code == CodeEvent || e.Code == CodeEventCounted {
			happened[e.N] = true
		}
		if e.Code != CodeActivated || e.Command == "imrahil" {
			seen[e.Code] = true
		}
		if _, ok := wording.Events[e.Code]; !ok {
			t.Errorf("event %+v has no format for its code", e)
		}
		if e.Combat != nil {
			for _, f := range append(e.Combat.Attacker.Factors, e.Combat.Defender.Factors...) {
				if _, ok := wording.Factors[f.Code]; !ok {
					t.Errorf("factor %+v has no format for its code", f)
				}
			}
		}
	}
	for n := 1; n <= 4; n++ {
		if !happened[n] {
			t.Errorf("event %d never happens in the golden game", n)
		}
	}
	for _, want := range []Code{CodeActivated, CodeGandalf, CodeBreakPoint, CodeVictory} {
		if !seen[want] {
			t.Errorf("the golden game never shows a %s event", want)
		}
	}
	// A few lines in today's words.
	log := texts(evs)
	for _, want := range []string{"Imrahil's Command is activated", "Gandalf the White rides out of the Gate", " win the battle"} {
		if !strings.Contains(log, want) {
			t.Errorf("the golden game's log never says %q", want)
		}
	}
	if g.Winner() < 0 {
		t.Error("the golden game has no winner")
	}
}
