package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pelennor/engine"
)

// docBlock is a fenced block of docs/formats.md marked for checking by an
// HTML comment "<!-- check: WHAT ARGS... -->" on the line before it.
type docBlock struct {
	what []string
	line int
	text string
}

func docBlocks(t *testing.T) []docBlock {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "formats.md"))
	if err != nil {
		t.Fatal(err)
	}
	var blocks []docBlock
	var cur *docBlock
	var pending []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		switch {
		case cur != nil && l == "```":
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			cur.text += l + "\n"
		case strings.HasPrefix(l, "<!-- check: "):
			pending = strings.Fields(strings.TrimSuffix(strings.TrimPrefix(l, "<!-- check: "), "-->"))
		case pending != nil && strings.HasPrefix(l, "```"):
			cur = &docBlock{what: pending, line: n + 1}
			pending = nil
		}
	}
	return blocks
}

// The examples of docs/formats.md are valid: the scenario parses and
// starts, the one-line actions decode, the action file plays on the
// scenario.
func TestFormatsExamples(t *testing.T) {
	blocks := docBlocks(t)
	scenarios := map[string][]byte{}
	checked := 0
	for _, b := range blocks {
		switch b.what[0] {
		case "scenario":
			sc, err := engine.ParseScenario("formats.md example", []byte(b.text))
			if err != nil {
				t.Errorf("formats.md:%d: %v", b.line, err)
				continue
			}
			scenarios[sc.ID] = []byte(b.text)
			checked++
		case "action-lines":
			for i, l := range strings.Split(strings.TrimSpace(b.text), "\n") {
				var a engine.Action
				dec := json.NewDecoder(strings.NewReader(l))
				dec.DisallowUnknownFields()
				if err := dec.Decode(&a); err != nil || !slices.Contains(actionKinds, a.Kind) {
					t.Errorf("formats.md:%d: %q: %v (kind %q)", b.line+i, l, err, a.Kind)
				}
				checked++
			}
		case "actions":
			dir := t.TempDir()
			scen := filepath.Join(dir, b.what[1]+".json")
			acts := filepath.Join(dir, "actions.json")
			os.WriteFile(scen, scenarios[b.what[1]], 0o644)
			os.WriteFile(acts, []byte(b.text), 0o644)
			code, out, errOut := hott(t, "play", "--scenario", scen, "--dice", b.what[2], "--actions", acts)
			if code != exitOK {
				t.Errorf("formats.md:%d: status %d: %s", b.line, code, errOut)
				continue
			}
			t.Logf("formats.md:%d: %+v", b.line, lastLine(t, out))
			checked++
		case "outcome":
			checkOutcomeDoc(t, b) // result_test.go
			checked++
		default:
			t.Errorf("formats.md:%d: unknown check %q", b.line, b.what)
		}
	}
	if checked < 18 {
		t.Errorf("only %d examples checked", checked)
	}
}
