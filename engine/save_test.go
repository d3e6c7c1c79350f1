package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"pelennor/engine/rules"
)

// A save is a replay (DESIGN.md §3.5): recorded, written, read back and
// re-simulated, it gives the same game.
func TestSaveRoundTrip(t *testing.T) {
	sc := readGoldenScenario(t)
	seed := uint64(goldenSeed)
	s, g, err := Record(sc, &seed, nil, Options{}, basicScript)
	if err != nil {
		t.Fatal(err)
	}
	data, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	s2, err := ParseSave("round.json", data)
	if err != nil {
		t.Fatal(err)
	}
	g2, evs, err := Replay(s2, sc)
	if err != nil {
		t.Fatal(err)
	}
	if g2.Hash() != g.Hash() || g2.Draws() != g.Draws() || g2.Bound() != g.Bound() || g2.Actions() != len(basicScript) {
		t.Fatalf("replayed: hash %s, %d draws, bound %d, %d actions; recorded %s, %d, %d, %d",
			g2.Hash(), g2.Draws(), g2.Bound(), g2.Actions(), g.Hash(), g.Draws(), g.Bound(), len(basicScript))
	}
	if len(evs) == 0 || evs[0].Kind != EvBound {
		t.Errorf("replay events should begin with the first bound's start, got %v", evs[:min(len(evs), 1)])
	}
	// Written again, the save is the same bytes.
	again, err := s2.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, data) {
		t.Errorf("a save read and written again changed:\n%s\n%s", data, again)
	}
	// Checkpoints: the start, every bound's end, the end.
	cps := s.Checkpoints
	if cps[0].After != 0 || cps[len(cps)-1].After != len(basicScript) {
		t.Errorf("checkpoints %+v: want the first after 0 actions and the last after %d", cps, len(basicScript))
	}
	for i := 1; i < len(cps); i++ {
		if cps[i].After <= cps[i-1].After || cps[i].Draws < cps[i-1].Draws {
			t.Errorf("checkpoints %d and %d out of order: %+v, %+v", i-1, i, cps[i-1], cps[i])
		}
	}
}

// A game played with a dice script saves the script, not a seed, and
// replays from it.
func TestSaveRoundTripScripted(t *testing.T) {
	sc := readGoldenScenario(t)
	script := []int{4, 6, 2, 5, 5, 3, 1, 6, 2, 4, 3, 3, 6, 6, 1, 2, 5, 4, 3, 2, 6, 5, 4, 4, 3, 2, 1, 6, 5, 4}
	acts := []Action{
		{Kind: ActGroup, IDs: []int{2, 3}, Forward: 200},
		{Kind: ActMove, ID: 4, To: &Pose{X: 1400, Y: 1200, Facing: 0}},
		{Kind: ActEndBound},
		{Kind: ActGroup, IDs: []int{12, 13}, Forward: 200},
		{Kind: ActMove, ID: 14, Contact: &Contact{Target: 4, Edge: "front"}},
		{Kind: ActEndBound},
		{Kind: ActEndBound},
	}
	s, g, err := Record(sc, nil, script, Options{}, acts)
	if err != nil {
		t.Fatal(err)
	}
	data, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(data, []byte(`"seed"`)) || !bytes.Contains(data, []byte(`"dice"`)) {
		t.Errorf("a scripted game's save should hold the dice and no seed:\n%s", data)
	}
	s2, err := ParseSave("scripted.json", data)
	if err != nil {
		t.Fatal(err)
	}
	g2, _, err := Replay(s2, sc)
	if err != nil {
		t.Fatal(err)
	}
	if g2.Hash() != g.Hash() {
		t.Errorf("replayed hash %s, recorded %s", g2.Hash(), g.Hash())
	}
}

// goldenSave returns the bytes of a small recorded save.
func goldenSave(t *testing.T) (*Scenario, []byte) {
	t.Helper()
	sc := readGoldenScenario(t)
	seed := uint64(goldenSeed)
	s, _, err := Record(sc, &seed, nil, Options{}, basicScript)
	if err != nil {
		t.Fatal(err)
	}
	data, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return sc, data
}

// edit decodes a save into generic JSON, changes it and encodes it again.
func edit(t *testing.T, data []byte, f func(m map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	f(m)
	out, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestParseSaveRefuses(t *testing.T) {
	_, data := goldenSave(t)
	cases := []struct {
		name string
		data []byte
		want []string // in the message, besides the file name
	}{
		{"newer format", edit(t, data, func(m map[string]any) { m["format"] = SaveFormat + 1 }),
			[]string{fmt.Sprint(SaveFormat + 1), "newer"}},
		{"older format", edit(t, data, func(m map[string]any) { m["format"] = 0 }),
			[]string{"format 0"}},
		{"other rules version", edit(t, data, func(m map[string]any) { m["rulesVersion"] = rules.Version + 1 }),
			[]string{"rules version", fmt.Sprint(rules.Version + 1)}},
		{"older rules version", edit(t, data, func(m map[string]any) { m["rulesVersion"] = rules.Version - 1 }),
			[]string{"rules version", fmt.Sprint(rules.Version - 1)}},
		{"garbage", []byte("PK\x03\x04 this is not a save \x00\xff"), nil},
		{"empty", nil, nil},
		{"a JSON array", []byte(`[1, 2, 3]`), nil},
		{"no format", edit(t, data, func(m map[string]any) { delete(m, "format") }), nil},
		{"truncated", data[:len(data)/2], nil},
		{"truncated at the end", data[:len(data)-3], nil},
		{"unknown field", edit(t, data, func(m map[string]any) { m["cheat"] = true }), []string{"cheat"}},
		{"no checkpoints", edit(t, data, func(m map[string]any) { m["checkpoints"] = []any{} }), []string{"checkpoints"}},
		{"a string for the seed", edit(t, data, func(m map[string]any) { m["seed"] = "seven" }), nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			const file = "saves/my game.json"
			s, err := ParseSave(file, c.data)
			if err == nil {
				t.Fatalf("ParseSave accepted it: %+v", s)
			}
			msg := err.Error()
			if !strings.Contains(msg, file) {
				t.Errorf("the message does not name the file: %q", msg)
			}
			for _, w := range c.want {
				if !strings.Contains(msg, w) {
					t.Errorf("the message %q does not say %q", msg, w)
				}
			}
		})
	}
}

// A save whose re-simulation does not reach a recorded checkpoint names
// the first diverging checkpoint's action (DESIGN.md §3.5).
func TestReplayDivergence(t *testing.T) {
	sc, data := goldenSave(t)
	base, err := ParseSave("good.json", data)
	if err != nil {
		t.Fatal(err)
	}
	for i, cp := range base.Checkpoints {
		for _, field := range []string{"hash", "draws", "bound"} {
			t.Run(fmt.Sprintf("checkpoint %d %s", i, field), func(t *testing.T) {
				tampered := edit(t, data, func(m map[string]any) {
					c := m["checkpoints"].([]any)[i].(map[string]any)
					switch field {
					case "hash":
						h := []byte(c["hash"].(string))
						if h[0] == '0' { // a different hex digit
							h[0] = '1'
						} else {
							h[0] = '0'
						}
						c["hash"] = string(h)
					case "draws":
						c["draws"] = c["draws"].(float64) + 1
					case "bound":
						c["bound"] = c["bound"].(float64) + 1
					}
				})
				s, err := ParseSave("tampered.json", tampered)
				if err != nil {
					t.Fatal(err)
				}
				g, _, err := Replay(s, sc)
				var d *Divergence
				if !errors.As(err, &d) {
					t.Fatalf("Replay returned %v (%T), game %v; want a *Divergence", err, err, g != nil)
				}
				if g != nil {
					t.Errorf("Replay returned a game with its divergence")
				}
				if d.After != cp.After {
					t.Errorf("diverges after %d actions, want %d", d.After, cp.After)
				}
				if field == "hash" && (d.Expected == d.Got || d.Expected != s.Checkpoints[i].Hash) {
					t.Errorf("divergence %+v: want the tampered hash %s as expected", d, s.Checkpoints[i].Hash)
				}
				want := fmt.Sprintf("action %d (index %d)", cp.After, cp.After-1)
				if cp.After == 0 {
					want = "at its start"
				}
				if !strings.Contains(err.Error(), want) {
					t.Errorf("message %q does not name %q", err, want)
				}
			})
		}
	}
}

func TestReplayRefuses(t *testing.T) {
	sc, data := goldenSave(t)
	base, err := ParseSave("good.json", data)
	if err != nil {
		t.Fatal(err)
	}
	n := len(base.Actions)

	t.Run("an action changed", func(t *testing.T) {
		// The Knights move 50 p less: still legal, but not the recorded game.
		s, _ := ParseSave("x.json", data)
		s.Actions[1].To = &Pose{X: 1400, Y: 1250, Facing: 0}
		_, _, err := Replay(s, sc)
		var d *Divergence
		if !errors.As(err, &d) || d.After < 2 {
			t.Fatalf("Replay: %v; want a *Divergence at or after action 2", err)
		}
	})
	t.Run("an illegal action", func(t *testing.T) {
		s, _ := ParseSave("x.json", data)
		s.Actions[1].To = &Pose{X: 1400, Y: 900, Facing: 0} // 500 p: too far for Knights
		_, _, err := Replay(s, sc)
		var ae *ActionError
		if !errors.As(err, &ae) || ae.Index != 1 {
			t.Fatalf("Replay: %v; want an *ActionError for index 1", err)
		}
		var ie *IllegalError
		if !errors.As(err, &ie) || ie.Code != "move.too_far" {
			t.Errorf("Replay: %v; want it to wrap the move.too_far IllegalError", err)
		}
	})
	t.Run("an unknown action kind", func(t *testing.T) {
		// DESIGN.md §3.1: an unknown kind is a load error.
		tampered := edit(t, data, func(m map[string]any) {
			m["actions"].([]any)[3].(map[string]any)["kind"] = "teleport"
		})
		s, err := ParseSave("x.json", tampered)
		if err != nil {
			if !strings.Contains(err.Error(), "x.json") {
				t.Errorf("message %q does not name the file", err)
			}
			return
		}
		_, _, err = Replay(s, sc)
		var ae *ActionError
		if !errors.As(err, &ae) || ae.Index != 3 || !strings.Contains(err.Error(), "teleport") {
			t.Fatalf("Replay: %v; want an *ActionError naming index 3 and the kind", err)
		}
	})
	t.Run("a checkpoint beyond the actions", func(t *testing.T) {
		s, _ := ParseSave("x.json", data)
		s.Checkpoints = append(s.Checkpoints, Checkpoint{After: n + 5, Bound: 99, Draws: 99, Hash: "0000000000000000"})
		if _, _, err := Replay(s, sc); err == nil || !strings.Contains(err.Error(), fmt.Sprint(n+5)) {
			t.Fatalf("Replay: %v; want an error naming the checkpoint after %d actions", err, n+5)
		}
	})
	t.Run("a changed scenario", func(t *testing.T) {
		raw, err := os.ReadFile(goldenScenario)
		if err != nil {
			t.Fatal(err)
		}
		other, err := ParseScenario("other.json", append(raw, '\n'))
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := Replay(base, other); err == nil || !strings.Contains(err.Error(), "changed") {
			t.Fatalf("Replay on an edited scenario file: %v; want a checksum refusal", err)
		}
	})
	t.Run("another scenario", func(t *testing.T) {
		other := sharedFuzzScenario(t)
		if _, _, err := Replay(base, other); err == nil || !strings.Contains(err.Error(), sc.ID) {
			t.Fatalf("Replay on another scenario: %v; want a refusal naming %s", err, sc.ID)
		}
	})
	t.Run("a seed and a script", func(t *testing.T) {
		s, _ := ParseSave("x.json", data)
		s.Dice = []int{1, 2, 3}
		if _, _, err := Replay(s, sc); err == nil {
			t.Fatal("Replay accepted a save with both a seed and a dice script")
		}
	})
	t.Run("a bad dice script", func(t *testing.T) {
		s, _ := ParseSave("x.json", data)
		s.Seed, s.Dice = nil, []int{3, 7}
		if _, _, err := Replay(s, sc); err == nil {
			t.Fatal("Replay accepted a dice script with a 7")
		}
	})
}
