package main

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// playerRows reads sim's player table: name -> wins, losses, unfinished.
func playerRows(t *testing.T, out string) map[string][3]int {
	t.Helper()
	rows := map[string][3]int{}
	re := regexp.MustCompile(`(?m)^\| ([^|]+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| \d+\.\d% \(\d+\.\d–\d+\.\d%\) \|$`)
	for _, m := range re.FindAllStringSubmatch(out, -1) {
		var r [3]int
		for i := range r {
			r[i], _ = strconv.Atoi(m[3+i])
		}
		if n, _ := strconv.Atoi(m[2]); n != r[0]+r[1]+r[2] {
			t.Errorf("row %q: %d games, but %v", m[1], n, r)
		}
		rows[m[1]] = r
	}
	return rows
}

// sideWins reads sim's result table: wins of each side, and unfinished.
func sideWins(t *testing.T, out string) [3]int {
	t.Helper()
	var r [3]int
	ms := regexp.MustCompile(`(?m)^\| (?:.* win|unfinished after \d+ bounds) \| (\d+) \|`).FindAllStringSubmatch(out, -1)
	if len(ms) != 3 {
		t.Fatalf("no result table:\n%s", out)
	}
	for i, m := range ms {
		r[i], _ = strconv.Atoi(m[1])
	}
	return r
}

// A paired run plays each seed with the players one way round and then
// the other: its games as side 1 are the games of a run with the
// players in that order, its games as side 2 those of a run with them
// swapped, and each player's record adds up across the sides.
func TestSimPairedSwapsSides(t *testing.T) {
	for _, where := range [][]string{{"--scenario", "skirmish"}, {"--armies", "gondor,mordor"}} {
		base := append(where, "--games", "3", "--seed", "5", "--max-bounds", "30")
		code, out, errOut := hott(t, append([]string{"sim", "--side1", "random", "--side2", "nearest", "--paired"}, base...)...)
		if code != exitOK {
			t.Fatalf("%v: status %d: %s", where, code, errOut)
		}
		if !strings.Contains(out, "6 games, seeds 5 to 7 each played twice") || !strings.Contains(out, "and the other way round") {
			t.Errorf("%v: the header does not say the games are paired:\n%s", where, out)
		}
		_, ahead, _ := hott(t, append([]string{"sim", "--side1", "random", "--side2", "nearest"}, base...)...)
		_, behind, _ := hott(t, append([]string{"sim", "--side1", "nearest", "--side2", "random"}, base...)...)
		rows := playerRows(t, out)
		one, two := sideWins(t, ahead), sideWins(t, behind)
		var side [2]string
		// The sides' names, in the order the result table gives them.
		names := regexp.MustCompile(`(?m)^\| (.*) win \|`).FindAllStringSubmatch(out, -1)
		side[0], side[1] = names[0][1], names[1][1]
		if got, want := rows["random as "+side[0]], [3]int{one[0], one[1], one[2]}; got != want {
			t.Errorf("%v: random as %s %v, but the run with random on side 1 %v", where, side[0], got, want)
		}
		if got, want := rows["random as "+side[1]], [3]int{two[1], two[0], two[2]}; got != want {
			t.Errorf("%v: random as %s %v, but the run with random on side 2 %v", where, side[1], got, want)
		}
		r, n := rows["random"], rows["nearest"]
		if r[0]+r[1]+r[2] != 6 || r[0] != n[1] || r[1] != n[0] || r[2] != n[2] {
			t.Errorf("%v: random %v and nearest %v do not mirror over 6 games:\n%s", where, r, n, out)
		}
		for _, p := range []string{"random", "nearest"} {
			a, b := rows[p+" as "+side[0]], rows[p+" as "+side[1]]
			if a[0]+b[0] != rows[p][0] || a[1]+b[1] != rows[p][1] || a[2]+b[2] != rows[p][2] {
				t.Errorf("%v: %s's sides %v and %v do not add up to %v", where, p, a, b, rows[p])
			}
		}
		if _, again, _ := hott(t, append([]string{"sim", "--side1", "random", "--side2", "nearest", "--paired"}, base...)...); again != out {
			t.Errorf("%v: same seeds, different report", where)
		}
	}
}

// Bad players and flags that do not go together are refused, saying
// which and why.
func TestSimRefusesBadPlayers(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--side1", "ai:great"}, `--side1: player "ai:great": no level "great"`},
		{[]string{"--side2", "human"}, `--side2: no player "human": want random, nearest or ai:LEVEL[:TEMPER]`},
		{[]string{"--side2", "ai:normal:wild"}, `no temperament "wild"`},
		{[]string{"--elo", "--paired"}, "--side1, --side2 and --paired do not go with it"},
		{[]string{"--elo", "--side1", "random"}, "do not go with it"},
		{[]string{"--players", "random,nearest"}, "--players is for --elo"},
		{[]string{"--elo", "--players", "random"}, "two players or more"},
		{[]string{"--elo", "--players", "random,ai:easy,random"}, "names random twice"},
		{[]string{"--elo", "--players", "random,,nearest"}, `no player ""`},
	} {
		code, _, errOut := hott(t, append([]string{"sim", "--scenario", "skirmish", "--games", "1"}, c.args...)...)
		if code != exitUsage || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: status %d, %q; want %d and %q", c.args, code, errOut, exitUsage, c.want)
		}
	}
}

// --elo plays every pairing both ways round and prints each player's
// rating, the nearest-enemy bot at 1000, and every pairing's record.
func TestSimElo(t *testing.T) {
	args := []string{"sim", "--scenario", "skirmish", "--elo", "--players", "random,nearest,ai:easy", "--games", "1", "--seed", "2", "--max-bounds", "25"}
	code, out, errOut := hott(t, args...)
	if code != exitOK {
		t.Fatalf("status %d: %s", code, errOut)
	}
	ratings := regexp.MustCompile(`(?m)^\| (random|nearest|ai:easy) \| (-?\d+) \| (\d+|anchor) \| (\d+) \| \d+\.\d% \|$`).FindAllStringSubmatch(out, -1)
	if len(ratings) != 3 {
		t.Fatalf("%d rating rows, want 3:\n%s", len(ratings), out)
	}
	for _, m := range ratings {
		if m[4] != "4" {
			t.Errorf("%s played %s games, want 4 (two pairings, two games each)", m[1], m[4])
		}
		if m[1] == "nearest" && (m[2] != "1000" || m[3] != "anchor") {
			t.Errorf("nearest rated %s (%s), want the anchor at 1000", m[2], m[3])
		}
	}
	pairings := regexp.MustCompile(`(?m)^\| (\S+) – (\S+) \| 2 \| (\d) \| (\d) \| (\d) \|`).FindAllStringSubmatch(out, -1)
	if len(pairings) != 3 {
		t.Errorf("%d pairings of 2 games, want 3:\n%s", len(pairings), out)
	}
	if !strings.Contains(out, "Anchored on nearest = 1000") || !strings.Contains(out, "unfinished game") {
		t.Errorf("the table does not say how it is anchored and what an unfinished game counts as:\n%s", out)
	}
	if _, again, _ := hott(t, args...); again != out {
		t.Errorf("same seeds, different table:\n%s\n---\n%s", out, again)
	}
}
