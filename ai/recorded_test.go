package ai

// A recorded game against the computer: the Pelennor, the computer at
// normal for Gondor against the nearest-enemy bot (engine/bot) for
// Mordor, seeded. The save in testdata/recorded replays to its final
// hash natively, on 386 and under js/wasm (the Makefile runs this
// package on all three); and the computer, played again from the seed,
// makes the very same actions (it is deterministic: its own stream is
// seeded from its seed and the position).
//
// After a change to the computer (or to the rules) that alters the
// game, re-record:
//
//	go test ./ai -run TestRecordedGame -update

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"pelennor/engine"
	"pelennor/engine/bot"
	"pelennor/engine/dice"
	"pelennor/engine/rules"
	"pelennor/internal/atomicfile"
	"pelennor/scenarios"
)

var update = flag.Bool("update", false, "re-record the game of testdata/recorded by playing the computer again")

const (
	recordedSave  = "testdata/recorded/pelennor-normal-vs-nearest.json"
	recordedFacts = "testdata/recorded/pelennor-normal-vs-nearest.facts.json"
	reRecord      = "go test ./ai -run TestRecordedGame -update"
)

// recording is how the recorded game is played.
var recording = struct {
	seed      uint64 // the game's dice, and the computer's and the bot's seeds
	maxBounds int
}{seed: 10, maxBounds: 60}

// recordedFactsFile is what is known of the recorded game beside its save:
// who played, how it ended and its final hash.
type recordedFactsFile struct {
	Scenario  string `json:"scenario"`
	Seed      uint64 `json:"seed"`
	MaxBounds int    `json:"maxBounds"`
	Gondor    string `json:"gondor"`
	Mordor    string `json:"mordor"`
	Winner    string `json:"winner"` // a side's id, or "" if the bound limit came first
	Bound     int    `json:"bound"`
	Actions   int    `json:"actions"`
	Hash      string `json:"hash"`
}

func pelennorScenario(t *testing.T) *engine.Scenario { return scenario(t, "pelennor") }

// scenario is the embedded scenario of that name.
func scenario(t *testing.T, name string) *engine.Scenario {
	t.Helper()
	data, err := scenarios.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := engine.ParseScenario("scenarios/"+name+".json", data)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func rulingsOf(sc *engine.Scenario) rules.Rulings {
	if sc.Rulings != nil {
		return *sc.Rulings
	}
	return rules.Rulings{}
}

// playRecorded plays the recorded game's players from the seed: the
// computer (normal, balanced) for the first side, the nearest-enemy bot
// for the second, the bot seeded as `hott sim` seeds it.
func playRecorded(sc *engine.Scenario) ([]engine.Action, *engine.Game, error) {
	seed := recording.seed
	g, _, err := engine.New(sc, dice.NewPCG(seed), rulingsOf(sc))
	if err != nil {
		return nil, nil, err
	}
	computer := New(Config{Level: Normal, Temper: Balanced, Seed: seed})
	nearest := bot.New(seed ^ 0x5eed)
	var actions []engine.Action
	for g.Winner() < 0 && g.Bound() <= recording.maxBounds {
		var a engine.Action
		if _, side := g.ToAct(); side == 0 {
			if a, err = computer.Next(g); err != nil {
				return nil, nil, fmt.Errorf("action %d, bound %d: %v", len(actions), g.Bound(), err)
			}
		} else {
			a = nearest.Next(g)
		}
		if _, err := g.Apply(a); err != nil {
			return nil, nil, fmt.Errorf("action %d, bound %d: %s is illegal: %v", len(actions), g.Bound(), Describe(g, a), err)
		}
		actions = append(actions, a)
	}
	return actions, g, nil
}

// TestRecordedGameReplays replays the save and checks every checkpoint,
// the final hash and how the game ended.
func TestRecordedGameReplays(t *testing.T) {
	if *update {
		t.Skip("re-recording (TestRecordedGameRegenerates)")
	}
	sc := pelennorScenario(t)
	s, facts := readRecorded(t)
	g, _, err := engine.Replay(s, sc)
	if err != nil {
		t.Fatalf("%s does not replay: %v\nIf the rules or the scenario changed on purpose, re-record: %s", recordedSave, err, reRecord)
	}
	last := s.Checkpoints[len(s.Checkpoints)-1]
	if g.Hash() != facts.Hash || last.Hash != facts.Hash {
		t.Errorf("final hash %s (last checkpoint %s), want %s", g.Hash(), last.Hash, facts.Hash)
	}
	winner := ""
	if w := g.Winner(); w >= 0 {
		winner = sc.Sides[w].ID
	}
	if winner != facts.Winner || g.Bound() != facts.Bound || g.Actions() != facts.Actions {
		t.Errorf("the replay ends won by %q in bound %d after %d actions, want %q, %d, %d",
			winner, g.Bound(), g.Actions(), facts.Winner, facts.Bound, facts.Actions)
	}
}

// TestRecordedGameRegenerates plays the computer and the bot again from
// the seed and checks they make the recorded game's actions; with
// -update it writes the game anew.
func TestRecordedGameRegenerates(t *testing.T) {
	sc := pelennorScenario(t)
	actions, g, err := playRecorded(sc)
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		writeRecorded(t, sc, actions, g)
		return
	}
	s, facts := readRecorded(t)
	for i := range min(len(actions), len(s.Actions)) {
		if !sameJSON(actions[i], s.Actions[i]) {
			h, _, _ := engine.Replay(&engine.Save{Format: s.Format, RulesVersion: s.RulesVersion, Scenario: s.Scenario,
				Rulings: s.Rulings, Seed: s.Seed, Actions: s.Actions[:i]}, sc)
			at := ""
			if h != nil {
				at = fmt.Sprintf(" (bound %d, %s phase)", h.Bound(), h.Phase())
			}
			t.Fatalf("the players no longer make the recorded game: action %d%s was %s, is now %s.\n"+
				"If the computer was changed on purpose, re-record the game: %s",
				i, at, jsonOf(s.Actions[i]), jsonOf(actions[i]), reRecord)
		}
	}
	if len(actions) != len(s.Actions) || g.Hash() != facts.Hash {
		t.Fatalf("the game played again has %d actions and ends with hash %s; the recorded one %d and %s.\n"+
			"If the computer was changed on purpose, re-record the game: %s", len(actions), g.Hash(), len(s.Actions), facts.Hash, reRecord)
	}
}

func readRecorded(t *testing.T) (*engine.Save, recordedFactsFile) {
	t.Helper()
	data, err := os.ReadFile(recordedSave)
	if err != nil {
		t.Fatalf("%v (record it: %s)", err, reRecord)
	}
	s, err := engine.ParseSave(recordedSave, data)
	if err != nil {
		t.Fatal(err)
	}
	var facts recordedFactsFile
	if data, err = os.ReadFile(recordedFacts); err != nil {
		t.Fatalf("%v (record it: %s)", err, reRecord)
	}
	if err := json.Unmarshal(data, &facts); err != nil {
		t.Fatalf("%s: %v", recordedFacts, err)
	}
	if facts.Seed != recording.seed || facts.MaxBounds != recording.maxBounds {
		t.Fatalf("%s was recorded with seed %d and %d bounds at most, the test plays %d and %d: re-record: %s",
			recordedFacts, facts.Seed, facts.MaxBounds, recording.seed, recording.maxBounds, reRecord)
	}
	return s, facts
}

// writeRecorded writes the game's save and facts, each atomically.
func writeRecorded(t *testing.T, sc *engine.Scenario, actions []engine.Action, g *engine.Game) {
	t.Helper()
	seed := recording.seed
	s, replayed, err := engine.Record(sc, &seed, nil, engine.Options{Rulings: rulingsOf(sc)}, actions)
	if err != nil {
		t.Fatal(err)
	}
	if replayed.Hash() != g.Hash() {
		t.Fatalf("the recorded save ends with hash %s, the game played %s", replayed.Hash(), g.Hash())
	}
	s.Players = []string{Config{Level: Normal, Seed: seed}.String(), "nearest"}
	data, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	facts := recordedFactsFile{Scenario: sc.ID, Seed: seed, MaxBounds: recording.maxBounds,
		Gondor: s.Players[0], Mordor: s.Players[1], Bound: g.Bound(), Actions: g.Actions(), Hash: g.Hash()}
	if w := g.Winner(); w >= 0 {
		facts.Winner = sc.Sides[w].ID
	}
	fdata, err := json.MarshalIndent(facts, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	writeAtomic(t, recordedSave, append(data, '\n'))
	writeAtomic(t, recordedFacts, append(fdata, '\n'))
	t.Logf("recorded %s: %d actions, won by %q in bound %d, hash %s", recordedSave, g.Actions(), facts.Winner, g.Bound(), g.Hash())
}

func writeAtomic(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := atomicfile.Write(path, data, nil); err != nil {
		t.Fatal(err)
	}
}

func jsonOf(a engine.Action) string {
	data, _ := json.Marshal(a)
	return string(data)
}

func sameJSON(a, b engine.Action) bool { return jsonOf(a) == jsonOf(b) }
