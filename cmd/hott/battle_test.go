package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// hott battle new writes a save, stopped at the first bound, that replay
// verifies on the scenario written beside it, or on the one it carries; a bad request is refused
// with a message naming the problem.
func TestBattleNew(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "battle.json")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"battle", "new", "--armies", "gondor,mordor", "--seed", "3", "--save", out}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, want := range []string{"defender", "attacker", "base edge", "terrain:", "bound 1"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("the summary lacks %q:\n%s", want, stdout.String())
		}
	}
	scPath := filepath.Join(dir, "battle.scenario.json")
	stdout.Reset()
	if code := run([]string{"replay", "--scenario", scPath, out}, &stdout, &stderr); code != exitOK {
		t.Fatalf("replay: exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), `"bound":1`) {
		t.Errorf("replay: %s", stdout.String())
	}
	// The save carries its scenario: no --scenario needed.
	stdout.Reset()
	if code := run([]string{"replay", out}, &stdout, &stderr); code != exitOK || !strings.Contains(stdout.String(), `"bound":1`) {
		t.Fatalf("replay without --scenario: exit %d: %s%s", code, stdout.String(), stderr.String())
	}

	bare := filepath.Join(dir, "bare.json")
	os.WriteFile(bare, []byte(`{"features": []}`), 0o644)
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--armies", "gondor", "--seed", "1", "--save", out}, exitError, "name two armies"},
		{[]string{"--armies", "gondor,narnia", "--seed", "1", "--save", out}, exitError, `"narnia" is neither`},
		{[]string{"--armies", "gondor,mordor", "--seed", "x", "--save", out}, exitUsage, "--seed"},
		{[]string{"--armies", "gondor,mordor", "--seed", "1"}, exitUsage, "--save is required"},
		{[]string{"--armies", "gondor,mordor", "--seed", "1", "--save", out, "--terrain", bare}, exitIllegal, "does not meet §13 yet: 0 features laid"},
	}
	for _, c := range cases {
		stderr.Reset()
		code := run(append([]string{"battle", "new"}, c.args...), &stdout, &stderr)
		if code != c.code || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%v: exit %d, %q; want exit %d naming %q", c.args, code, stderr.String(), c.code, c.want)
		}
	}
}

// hott sim --armies plays standard battles and reports the results.
func TestSimArmies(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"sim", "--armies", "rohan,isengard", "--games", "4", "--seed", "1"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, want := range []string{"4 games", "The Muster of Dunharrow win", "The Army of the White Hand win"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, stdout.String())
		}
	}
}

// hott sim --scenario plays whole games on a set-up scenario that
// battle new wrote: the bots take the set-up's steps (rulings S10)
// instead of being refused, and every game is accounted for.
func TestSimSetupScenario(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "battle.json")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"battle", "new", "--armies", "gondor,mordor", "--seed", "5", "--save", out}, &stdout, &stderr); code != exitOK {
		t.Fatalf("battle new: exit %d: %s", code, stderr.String())
	}
	stdout.Reset()
	args := []string{"sim", "--scenario", filepath.Join(dir, "battle.scenario.json"), "--games", "4", "--seed", "5", "--max-bounds", "60"}
	if code := run(args, &stdout, &stderr); code != exitOK {
		t.Fatalf("sim: exit %d: %s", code, stderr.String())
	}
	report := stdout.String()
	total := 0
	for _, m := range regexp.MustCompile(`(?m)^\| (?:.* win|unfinished after \d+ bounds) \| (\d+) \|`).FindAllStringSubmatch(report, -1) {
		n, _ := strconv.Atoi(m[1])
		total += n
	}
	if total != 4 || !strings.Contains(report, "4 games") {
		t.Errorf("results add up to %d games, want 4:\n%s", total, report)
	}
	if m := regexp.MustCompile(`Average bounds played: (\d+)`).FindStringSubmatch(report); m == nil || m[1] == "0" {
		t.Errorf("no bound played after the set-up:\n%s", report)
	}
}
