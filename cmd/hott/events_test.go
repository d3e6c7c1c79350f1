package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pelennor/engine"
)

// eventLines decodes the event lines of play or replay --events (all
// but the result line), keeping each line's text.
func eventLines(t *testing.T, stdout string) ([]map[string]any, []string) {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	lines = lines[:len(lines)-1]
	var evs []map[string]any
	for i, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("line %d %q: %v", i+1, l, err)
		}
		evs = append(evs, m)
	}
	return evs, lines
}

// The duel ends in one close combat: its events come out typed (code,
// die purpose, factor codes, fate), and replay --events prints the very
// lines play printed.
func TestEventsTyped(t *testing.T) {
	save := filepath.Join(t.TempDir(), "duel.json")
	code, out, errOut := hott(t, "play", "--scenario", "testdata/duel.json", "--dice", "1,6,1", "--actions", "testdata/end_bound.json", "--save", save)
	if code != exitOK {
		t.Fatalf("play: status %d, stderr %s", code, errOut)
	}
	evs, lines := eventLines(t, out)
	find := func(code engine.Code) map[string]any {
		for _, e := range evs {
			if e["code"] == string(code) {
				return e
			}
		}
		t.Fatalf("no %s event in\n%s", code, out)
		return nil
	}
	for _, e := range evs {
		if e["kind"] == nil || e["code"] == nil || e["text"] == nil {
			t.Errorf("an event without kind, code or text: %v", e)
		}
	}
	if d := find(engine.CodeAttackerDie); d["purpose"] != engine.DieClose.String() || d["id"] != 1.0 || d["value"] != 6.0 {
		t.Errorf("the attacker's die: %v", d)
	}
	if d := find(engine.CodeDestroyedBy); d["id"] != 3.0 || d["other"] != 1.0 || d["fate"] != engine.FateDestroyed.String() {
		t.Errorf("the Blue Captain's end: %v", d)
	}
	c := find(engine.CodeContest)["combat"].(map[string]any)
	f := c["attacker"].(map[string]any)["factors"].([]any)
	if f0 := f[0].(map[string]any); f0["code"] != string(engine.FactorType) || f0["type"] != "Blades" || f0["class"] != "foot" || f0["reason"] != "Blades against foot" {
		t.Errorf("the Red Captain's first factor: %v", f0)
	}
	if l := find(engine.CodeLose)["lost"].([]any)[0].(map[string]any); l["side"] != "blue" || l["code"] != string(engine.CodeLossGeneral) {
		t.Errorf("the loss: %v", l)
	}
	find(engine.CodeVictory)

	code, rout, errOut := hott(t, "replay", "--events", "--scenario", "testdata/duel.json", save)
	if code != exitOK {
		t.Fatalf("replay --events: status %d, stderr %s", code, errOut)
	}
	_, rlines := eventLines(t, rout)
	if strings.Join(rlines, "\n") != strings.Join(lines, "\n") {
		t.Errorf("replay --events prints\n%s\nplay printed\n%s", strings.Join(rlines, "\n"), strings.Join(lines, "\n"))
	}
}

// Every event, factor and cost code the engine words is documented in
// docs/formats.md's events section.
func TestEventCodesDocumented(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "formats.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	start := strings.Index(doc, "## 4. Events")
	end := strings.Index(doc, "## 5.")
	if start < 0 || end < start {
		t.Fatal("docs/formats.md has no section 4, Events")
	}
	doc = doc[start:end]
	w := engine.DefaultWording()
	var codes []string
	for c := range w.Events {
		codes = append(codes, string(c))
	}
	for c := range w.Factors {
		codes = append(codes, string(c))
	}
	for c := range w.Costs {
		codes = append(codes, string(c))
	}
	for _, p := range []engine.DiePurpose{engine.DiePIPs, engine.DieClose, engine.DieShoot, engine.DieBespell, engine.DieEvent} {
		codes = append(codes, p.String())
	}
	for _, c := range codes {
		if !strings.Contains(doc, "`"+c+"`") {
			t.Errorf("docs/formats.md, events: %q is not documented", c)
		}
	}
}
