package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pelennor/engine"
	"pelennor/record"
)

// TestResult verifies the golden games: one JSON outcome a file, in
// order, agreeing with the engine's replay.
func TestResult(t *testing.T) {
	files := []string{"../../engine/testdata/golden/standard.json", "../../engine/testdata/golden/pelennor.json"}
	code, out, errOut := hott(t, append([]string{"result"}, files...)...)
	if code != exitOK || errOut != "" {
		t.Fatalf("status %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != len(files) {
		t.Fatalf("%d lines for %d files:\n%s", len(lines), len(files), out)
	}
	for i, l := range lines {
		var o record.Outcome
		dec := json.NewDecoder(strings.NewReader(l))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&o); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		data, err := os.ReadFile(files[i])
		if err != nil {
			t.Fatal(err)
		}
		sv, err := engine.ParseSave(files[i], data)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := record.Builtin(sv.Scenario.ID)
		if err != nil {
			t.Fatal(err)
		}
		g, _, err := engine.Replay(sv, sc)
		if err != nil {
			t.Fatal(err)
		}
		if o.File != files[i] || !o.Over || o.Result != "win" || o.Hash != g.Hash() || o.Winner != g.Winner() {
			t.Errorf("%s: outcome %s won by %d, hash %s; the replay: won by %d, hash %s", files[i], o.Result, o.Winner, o.Hash,
				g.Winner(), g.Hash())
		}
	}
}

// TestResultText prints the table, one row a file, with the winner by
// player and the AP lost by each side.
func TestResultText(t *testing.T) {
	code, out, _ := hott(t, "result", "--text", "../../engine/testdata/golden/standard.json")
	rows := strings.Split(strings.TrimSpace(out), "\n")
	if code != exitOK || len(rows) != 2 || !strings.HasPrefix(rows[0], "FILE") ||
		!strings.Contains(rows[1], "won by Gondor bot") || !strings.Contains(rows[1], "2–8") {
		t.Errorf("status %d:\n%s", code, out)
	}
}

// TestResultRefuses: a file that does not verify is named with its
// problem and makes the status 1; the good files are still printed.
func TestResultRefuses(t *testing.T) {
	data, err := os.ReadFile("../../engine/testdata/golden/standard.json")
	if err != nil {
		t.Fatal(err)
	}
	s, err := engine.ParseSave("standard.json", data)
	if err != nil {
		t.Fatal(err)
	}
	s.Actions[20].Kind = engine.ActEndBound
	bad, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	tampered, junk := filepath.Join(dir, "tampered.json"), filepath.Join(dir, "junk.json")
	for name, d := range map[string][]byte{tampered: bad, junk: []byte("[1, 2")} {
		if err := os.WriteFile(name, d, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	missing := filepath.Join(dir, "missing.json")
	code, out, errOut := hott(t, "result", tampered, "../../engine/testdata/golden/standard.json", junk, missing)
	if code != exitError {
		t.Errorf("status %d, want %d", code, exitError)
	}
	if n := strings.Count(out, "\n"); n != 1 || !strings.Contains(out, `"result":"win"`) {
		t.Errorf("stdout has %d lines, want the one good file's:\n%s", n, out)
	}
	for _, want := range []string{
		"hott result: " + tampered + ": tampered or broken record",
		"hott result: " + junk + ": not a readable save file",
		"hott result: open " + missing,
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	if code, _, errOut := hott(t, "result"); code != exitUsage || !strings.Contains(errOut, "Usage: hott result") {
		t.Errorf("no files: status %d, stderr %q", code, errOut)
	}
}

// checkOutcomeDoc holds the outcome shown in docs/formats.md §10 to the
// golden standard battle's, as hott result prints it (but the file name).
func checkOutcomeDoc(t *testing.T, b docBlock) {
	t.Helper()
	var doc record.Outcome
	dec := json.NewDecoder(strings.NewReader(b.text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		t.Errorf("formats.md:%d: %v", b.line, err)
		return
	}
	_, out, errOut := hott(t, "result", "../../engine/testdata/golden/standard.json")
	var got record.Outcome
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("hott result: %v (%s)", err, errOut)
	}
	got.File = doc.File
	if a, b2 := mustJSON(t, doc), mustJSON(t, got); a != b2 {
		t.Errorf("formats.md:%d: the example outcome\n%s\nis not the golden battle's\n%s", b.line, a, b2)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestResultTurnFiles verifies a play-by-e-mail match's turn files: each
// replays (every die against its revealed values) as an unfinished game,
// bound after bound, each a record of its own.
func TestResultTurnFiles(t *testing.T) {
	turns, _ := keyedFiles(t, "5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e")
	dir := t.TempDir()
	var args []string
	for i, data := range turns {
		name := filepath.Join(dir, "turn"+string(rune('1'+i))+".json")
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, name)
	}
	code, out, errOut := hott(t, append([]string{"result"}, args...)...)
	if code != exitOK {
		t.Fatalf("status %d: %s", code, errOut)
	}
	digests := map[string]bool{}
	for i, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var o record.Outcome
		if err := json.Unmarshal([]byte(l), &o); err != nil {
			t.Fatal(err)
		}
		if o.Over || o.Result != "unfinished" || o.Winner != -1 || o.Bounds != i+2 {
			t.Errorf("turn %d: %s, over %v, winner %d, bound %d", i+1, o.Result, o.Over, o.Winner, o.Bounds)
		}
		digests[o.Digest] = true
	}
	if len(digests) != len(turns) {
		t.Errorf("%d digests for %d turn files", len(digests), len(turns))
	}
}
