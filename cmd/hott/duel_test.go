package main

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"pelennor/engine"
)

// hott duel fights the duel with exactly the dice given, in order, and
// the same dice give the same duel.
func TestDuelDrawsTheDiceGiven(t *testing.T) {
	var script []string
	for i := range 120 {
		script = append(script, strconv.Itoa(1+(i*7)%4)) // 1..4: a face of every die
	}
	args := []string{"duel", "--scenario", "testdata/heroes.json", "--seed", "1", "--a", "1", "--b", "3", "--dice", strings.Join(script, ",")}
	code, out, errOut := hott(t, args...)
	if code != exitOK {
		t.Fatalf("status %d: %s", code, errOut)
	}
	rolled := regexp.MustCompile(`heroic duel: [^:]+: [a-z ]+ d(\d+): rolled (\d+)`).FindAllStringSubmatch(out, -1)
	if len(rolled) < 4 {
		t.Fatalf("only %d dice shown:\n%s", len(rolled), out)
	}
	for i, m := range rolled {
		if m[2] != script[i] {
			t.Fatalf("die %d rolled %s, the script's is %s:\n%s", i+1, m[2], script[i], out)
		}
	}
	for _, want := range []string{"Heroic duel: King Théoden", "Odds, counted over 4000 sampled duels", "round 1: ", "heroic duel: King Théoden against Gothmog over "} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
	if _, again, _ := hott(t, args...); again != out {
		t.Errorf("the same dice gave another duel:\n%s\n---\n%s", out, again)
	}
}

// --json gives the odds with their samples and the duel's report with
// every round.
func TestDuelJSON(t *testing.T) {
	code, out, errOut := hott(t, "duel", "--scenario", "testdata/heroes.json", "--a", "3", "--b", "1", "--duel-seed", "9", "--json")
	if code != exitOK {
		t.Fatalf("status %d: %s", code, errOut)
	}
	var got struct {
		Odds   engine.OddsReport `json:"odds"`
		Duel   engine.Report     `json:"duel"`
		Events []json.RawMessage `json:"events"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Odds.Duel == nil || got.Odds.Samples != engine.DuelSamples || got.Odds.Attacker.ID != 3 {
		t.Fatalf("odds %+v: want a duel's, asked from Gothmog's side", got.Odds)
	}
	for _, s := range []engine.OddsSide{got.Odds.Attacker, got.Odds.Defender} {
		n := 0
		for _, c := range s.Outcomes {
			n += c.Count
		}
		if n != engine.DuelSamples {
			t.Errorf("%s's outcomes count %d samples of %d", s.Name, n, engine.DuelSamples)
		}
	}
	if got.Duel.Duel == nil || len(got.Duel.Duel.Rounds) == 0 || got.Duel.Contest != engine.ContestDuel {
		t.Fatalf("report %+v: want a heroic duel with its rounds", got.Duel)
	}
	if len(got.Events) == 0 {
		t.Fatal("no events")
	}
}

func TestDuelRefusals(t *testing.T) {
	for _, c := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"--a", "1", "--b", "4"}, exitIllegal, "Morgul Uruks carries no hero sheet"},
		{[]string{"--a", "1"}, exitUsage, "--a and --b are required"},
		{[]string{"--a", "1", "--b", "3", "--dice", "1,30"}, exitUsage, "--dice"},
		{[]string{"--a", "1", "--b", "3", "--dice", "1"}, exitIllegal, "exhausted"},
	} {
		args := append([]string{"duel", "--scenario", "testdata/heroes.json"}, c.args...)
		code, _, errOut := hott(t, args...)
		if code != c.status || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: status %d (want %d), stderr %q (want %q)", c.args, code, c.status, errOut, c.want)
		}
	}
}
