package main

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// hott sim plays whole games and accounts for every one of them: wins and
// unfinished games add up to the number asked for, and a second run with
// the same seed prints the same report.
func TestSim(t *testing.T) {
	code, out, errOut := hott(t, "sim", "--scenario", "skirmish", "--games", "4", "--seed", "7", "--max-bounds", "40")
	if code != exitOK {
		t.Fatalf("status %d: %s", code, errOut)
	}
	total := 0
	for _, m := range regexp.MustCompile(`(?m)^\| (?:.* win|unfinished after \d+ bounds) \| (\d+) \|`).FindAllStringSubmatch(out, -1) {
		n, _ := strconv.Atoi(m[1])
		total += n
	}
	if total != 4 {
		t.Errorf("results add up to %d games, want 4:\n%s", total, out)
	}
	if _, again, _ := hott(t, "sim", "--scenario", "skirmish", "--games", "4", "--seed", "7", "--max-bounds", "40"); again != out {
		t.Errorf("same seed, different report:\n%s\n---\n%s", out, again)
	}
	if code, _, errOut := hott(t, "sim", "--games", "3"); code != exitUsage || !strings.Contains(errOut, "--scenario") {
		t.Errorf("missing scenario: status %d, %q", code, errOut)
	}
}

// The golden Pelennor game plays through hott from its action file to
// the golden hash (engine's TestPelennorGoldenGame checks the same game
// as a save).
func TestPlayPelennorGolden(t *testing.T) {
	code, out, errOut := hott(t, "play", "--scenario", "pelennor", "--seed", "16", "--actions", "../../engine/testdata/golden/pelennor-actions.json")
	if code != exitOK {
		t.Fatalf("status %d: %s", code, errOut)
	}
	if r := lastLine(t, out); r.Hash != "046d4591a8669afb" || r.Result != "won" {
		t.Errorf("final line %+v, want the golden hash 046d4591a8669afb and a win", r)
	}
}

func TestProgressLine(t *testing.T) {
	for _, c := range []struct {
		done, total int
		elapsed     time.Duration
		want        string
	}{
		{0, 200, 0, "0/200 games"},
		{50, 200, 10 * time.Second, "50/200 games, 5.0 games/s, 30s left"},
		{200, 200, 40 * time.Second, "200/200 games, 5.0 games/s, 0s left"},
		{3, 10, 2 * time.Second, "3/10 games, 1.5 games/s, 5s left"},
	} {
		if got := progressLine(c.done, c.total, c.elapsed); got != c.want {
			t.Errorf("progressLine(%d, %d, %v) = %q, want %q", c.done, c.total, c.elapsed, got, c.want)
		}
	}
	// A buffer is no terminal: a captured run shows no progress.
	var b bytes.Buffer
	if isTerminal(&b) {
		t.Error("a buffer counts as a terminal")
	}
}

// --each lists every game of a match, in order: each seed twice when
// paired, the players swapped the second time, and results that add up
// to the report's.
func TestSimEach(t *testing.T) {
	code, out, errOut := hott(t, "sim", "--scenario", "skirmish", "--games", "2", "--seed", "7", "--max-bounds", "40",
		"--side1", "ai:easy", "--side2", "random", "--paired", "--each")
	if code != exitOK {
		t.Fatalf("status %d: %s", code, errOut)
	}
	rows := regexp.MustCompile(`(?m)^\| (\d+) \| (\d+) \| (\S+) \| (\S+) \| ([^|]+) \| (\d+) \| [^|]+ \|$`).FindAllStringSubmatch(out, -1)
	if len(rows) != 4 {
		t.Fatalf("%d game rows, want 4:\n%s", len(rows), out)
	}
	results := map[string]int{}
	for i, r := range rows {
		wantSeed := strconv.Itoa(7 + i/2)
		wantPlayers := [2]string{"ai:easy", "random"}
		if i%2 == 1 {
			wantPlayers = [2]string{"random", "ai:easy"}
		}
		if r[1] != strconv.Itoa(i+1) || r[2] != wantSeed || r[3] != wantPlayers[0] || r[4] != wantPlayers[1] {
			t.Errorf("row %d = %q, want game %d, seed %s, players %v", i+1, r[0], i+1, wantSeed, wantPlayers)
		}
		results[strings.TrimSpace(r[5])]++
	}
	for _, m := range regexp.MustCompile(`(?m)^\| ([^|]+ win|unfinished) (?:after \d+ bounds )?\| (\d+) \| \d+\.\d%`).FindAllStringSubmatch(out, -1) {
		if want, _ := strconv.Atoi(m[2]); results[m[1]] != want {
			t.Errorf("the report counts %d games as %q, the list %d:\n%s", want, m[1], results[m[1]], out)
		}
		delete(results, m[1])
	}
	if len(results) > 0 {
		t.Errorf("results listed but not in the report: %v\n%s", results, out)
	}
	if code, _, errOut := hott(t, "sim", "--scenario", "skirmish", "--elo", "--each"); code != exitUsage || !strings.Contains(errOut, "--each") {
		t.Errorf("--elo --each: status %d, %q", code, errOut)
	}
}
