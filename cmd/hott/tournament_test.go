package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"pelennor/tournament"
)

// mustHott runs hott and fails the test unless it succeeds.
func mustHott(t *testing.T, args ...string) string {
	t.Helper()
	code, out, errOut := hott(t, args...)
	if code != exitOK {
		t.Fatalf("hott %s: status %d: %s", strings.Join(args, " "), code, errOut)
	}
	return out
}

// A whole small event from the command line: a new Swiss, five players,
// two rounds paired and entered by hand (the bye moving on), a correction,
// the standings and every export.
func TestTournamentCommands(t *testing.T) {
	dir := t.TempDir()
	ev := filepath.Join(dir, "club.json")
	mustHott(t, "tournament", "new", ev, "--name", "Club night", "--seed", "7", "--rounds", "3", "--scoring", "berkeley", "--tie-breaks", "buchholz, ap-killed ,lots")
	for _, p := range [][]string{{"Ann", "Minas", "Gondor"}, {"Bob", "Minas", "Rohan"}, {"Cy", "Dol", "Mordor"}, {"Di", "Dol", "Isengard"}, {"Ed", "Edoras", "Elves"}} {
		mustHott(t, "tournament", "add", ev, "--name", p[0], "--club", p[1], "--army", p[2])
	}
	out := mustHott(t, "tournament", "pair", ev)
	if !strings.Contains(out, "round 1") || strings.Count(out, "table ") != 2 || strings.Count(out, "bye") != 1 {
		t.Fatalf("round 1 pairings:\n%s", out)
	}
	mustHott(t, "tournament", "result", ev, "--round", "1", "--table", "1", "--winner", "a", "--ap-lost", "4,12", "--generals-lost", "0,1", "--bounds", "9")
	code, _, errOut := hott(t, "tournament", "pair", ev)
	if code != exitError || !strings.Contains(errOut, "round 1 is not finished") {
		t.Fatalf("pairing round 2 early: status %d, %q", code, errOut)
	}
	mustHott(t, "tournament", "result", ev, "--round", "1", "--table", "2", "--winner", "draw", "--ap-lost", "6,8", "--bounds", "14", "--time-called")
	// A correction: table 2 was won by B after all.
	out = mustHott(t, "tournament", "result", ev, "--round", "1", "--table", "2", "--winner", "b", "--ap-lost", "12,3", "--stronghold", "b")
	if !strings.Contains(out, "corrected") {
		t.Errorf("the correction says %q", out)
	}
	bye1 := byeOf(t, ev, 1)
	mustHott(t, "tournament", "pair", ev)
	if bye2 := byeOf(t, ev, 2); bye2 == bye1 {
		t.Errorf("%s had the bye in rounds 1 and 2", bye1)
	}
	out = mustHott(t, "tournament", "standings", ev, "--after", "1")
	for _, want := range []string{"Rank", "Buchholz", "AP killed", "Lots", "Bonus", "Gondor"} {
		if !strings.Contains(out, want) {
			t.Errorf("standings lack %q:\n%s", want, out)
		}
	}
	csvOut := mustHott(t, "tournament", "export", ev, "--what", "standings-csv")
	if !strings.HasPrefix(csvOut, "Rank,Player,Club,Army,W-D-L,Score,Buchholz,AP killed,Lots,Bonus\n") {
		t.Errorf("standings CSV:\n%s", csvOut)
	}
	roundOut := mustHott(t, "tournament", "export", ev, "--what", "round-csv", "--round", "1")
	if !strings.Contains(roundOut, ",12,3,0,0,") || !strings.Contains(roundOut, "bye (a win)") {
		t.Errorf("round CSV:\n%s", roundOut)
	}
	page := filepath.Join(dir, "pairings.html")
	mustHott(t, "tournament", "export", ev, "--what", "pairings-html", "--out", page)
	if data, err := os.ReadFile(page); err != nil || !strings.Contains(string(data), "Club night: round 2 pairings") {
		t.Errorf("pairings page: %v\n%s", err, data)
	}
	if html := mustHott(t, "tournament", "export", ev, "--what", "standings-html"); !strings.Contains(html, "<table>") {
		t.Errorf("standings page:\n%s", html)
	}
	if event := mustHott(t, "tournament", "export", ev, "--what", "event"); !strings.Contains(event, `"format": 1`) {
		t.Errorf("event export:\n%s", event)
	}
	// A drop before round 2 starts unpairs it; it is paired again without the player.
	out = mustHott(t, "tournament", "drop", ev, "--player", "Ann")
	if !strings.Contains(out, "Ann leaves before round 2") || !strings.Contains(out, "pair it again") {
		t.Errorf("drop says %q", out)
	}
	if out = mustHott(t, "tournament", "pair", ev); strings.Contains(out, "Ann") || strings.Contains(out, "bye") {
		t.Errorf("round 2 again, four players:\n%s", out)
	}
}

// byeOf names the player with the bye in round r, from the round CSV.
func byeOf(t *testing.T, ev string, r int) string {
	t.Helper()
	for _, l := range strings.Split(mustHott(t, "tournament", "export", ev, "--what", "round-csv", "--round", string(rune('0'+r))), "\n") {
		if strings.HasPrefix(l, "bye,") {
			return strings.Split(l, ",")[2]
		}
	}
	t.Fatalf("round %d has no bye", r)
	return ""
}

// Bad input is refused with a clear message and the file left as it was.
func TestTournamentCommandErrors(t *testing.T) {
	dir := t.TempDir()
	ev := filepath.Join(dir, "ev.json")
	mustHott(t, "tournament", "new", ev, "--name", "E", "--rounds", "2")
	mustHott(t, "tournament", "add", ev, "--name", "Ann")
	before, _ := os.ReadFile(ev)
	tests := []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"tournament"}, exitUsage, "Usage: hott tournament"},
		{[]string{"tournament", "shuffle", ev}, exitUsage, "Usage: hott tournament"},
		{[]string{"tournament", "new", ev, "--name", "Again", "--rounds", "2"}, exitError, "already exists"},
		{[]string{"tournament", "new", filepath.Join(dir, "x.json"), "--name", "X", "--rounds", "2", "--scoring", "4-2-0"}, exitError, `unknown preset "4-2-0"`},
		{[]string{"tournament", "new", filepath.Join(dir, "y.json"), "--name", "Y", "--rounds", "2", "--scoring", "custom:3,x,0"}, exitUsage, "not a whole number"},
		{[]string{"tournament", "add", ev, "--name", "ann"}, exitError, `already a player "Ann"`},
		{[]string{"tournament", "pair", ev}, exitError, "at least 2 are needed"},
		{[]string{"tournament", "drop", ev, "--player", "Zed"}, exitError, `no player of that id or name`},
		{[]string{"tournament", "result", ev, "--round", "1", "--table", "1", "--winner", "a", "--ap-lost", "4"}, exitUsage, "give two whole numbers"},
		{[]string{"tournament", "result", ev, "--round", "1", "--table", "1", "--winner", "a", "--ap-lost", "4,12"}, exitError, "0 rounds are paired"},
		{[]string{"tournament", "export", ev, "--what", "pdf"}, exitUsage, `--what "pdf"`},
		{[]string{"tournament", "export", ev, "--what", "standings-csv", "--round", "3"}, exitError, "--round 3: 0 rounds are paired"},
		{[]string{"tournament", "export", ev, "--what", "standings-html", "--round", "-1"}, exitError, "--round -1: 0 rounds are paired"},
		{[]string{"tournament", "standings", ev, "--after", "2"}, exitError, "--after 2: 0 rounds are paired"},
	}
	for _, tc := range tests {
		code, _, errOut := hott(t, tc.args...)
		if code != tc.status || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: status %d, stderr %q; want %d and %q", tc.args[1:], code, errOut, tc.status, tc.want)
		}
	}
	if after, _ := os.ReadFile(ev); string(after) != string(before) {
		t.Error("a refused command changed the file")
	}
	// A corrupt file is refused naming the file, line and column.
	os.WriteFile(ev, []byte("{\n \"format\": 1,\n \"name\" \"E\"\n}\n"), 0o644)
	code, _, errOut := hott(t, "tournament", "standings", ev)
	if code != exitError || !strings.Contains(errOut, ev+":3:9: malformed JSON") {
		t.Errorf("corrupt file: status %d, %q", code, errOut)
	}
}

// A result taken from a game's save is verified by replaying it and
// entered in the save's side terms; a save whose players are not the
// pairing's sides, and --save with a hand result, are refused with the
// file unchanged. Seeds are tried until both orders of the pairing have
// been met.
func TestTournamentResultFromSave(t *testing.T) {
	save := "../../engine/testdata/golden/standard.json"
	var entered, refused bool
	for seed := 1; seed <= 40 && !(entered && refused); seed++ {
		ev := filepath.Join(t.TempDir(), "duel.json")
		mustHott(t, "tournament", "new", ev, "--name", "Duel", "--seed", strconv.Itoa(seed), "--rounds", "1", "--scoring", "berkeley")
		for _, name := range []string{"Gondor bot", "Mordor bot"} {
			mustHott(t, "tournament", "add", ev, "--name", name)
		}
		mustHott(t, "tournament", "pair", ev)
		before, _ := os.ReadFile(ev)
		code, out, errOut := hott(t, "tournament", "result", ev, "--round", "1", "--table", "1", "--save", save)
		roundOut := mustHott(t, "tournament", "export", ev, "--what", "round-csv", "--round", "1")
		gondorFirst := strings.Index(roundOut, "Gondor bot") < strings.Index(roundOut, "Mordor bot")
		switch {
		case gondorFirst && !entered:
			if code != exitOK || !strings.Contains(out, "win, verified by replaying standard.json") {
				t.Fatalf("seed %d: status %d, %q %q", seed, code, out, errOut)
			}
			if !strings.Contains(roundOut, "replay") {
				t.Errorf("seed %d: the round CSV lacks the verified result:\n%s", seed, roundOut)
			}
			code, _, errOut = hott(t, "tournament", "result", ev, "--round", "1", "--table", "1", "--save", save, "--winner", "a")
			if code != exitUsage || !strings.Contains(errOut, "--save takes the result from the game") {
				t.Fatalf("--save with --winner: status %d, %q", code, errOut)
			}
			entered = true
		case !gondorFirst && !refused:
			if code == exitOK || !strings.Contains(errOut, "was played by Gondor bot") {
				t.Fatalf("seed %d: a save of the other order: status %d, %q", seed, code, errOut)
			}
			if after, _ := os.ReadFile(ev); string(after) != string(before) {
				t.Fatal("a refused result changed the tournament file")
			}
			refused = true
		}
	}
	if !entered || !refused {
		t.Fatalf("seeds 1-40: entered %v, refused %v", entered, refused)
	}
}

// A game number below 1 is refused as a usage error, by hand and with
// --save alike, before anything is read or indexed by it, and the file
// is left as it was.
func TestTournamentResultGameNumber(t *testing.T) {
	ev := filepath.Join(t.TempDir(), "ev.json")
	mustHott(t, "tournament", "new", ev, "--name", "E", "--rounds", "1")
	for _, name := range []string{"Ann", "Bob"} {
		mustHott(t, "tournament", "add", ev, "--name", name)
	}
	mustHott(t, "tournament", "pair", ev)
	before, _ := os.ReadFile(ev)
	save := "../../engine/testdata/golden/standard.json"
	for _, game := range []string{"0", "-1"} {
		for _, how := range [][]string{{"--winner", "a", "--ap-lost", "4,12"}, {"--save", save}} {
			args := append([]string{"tournament", "result", ev, "--round", "1", "--table", "1", "--game", game}, how...)
			code, _, errOut := hott(t, args...)
			if code != exitUsage || !strings.Contains(errOut, "--game "+game+": ") {
				t.Errorf("%v: status %d, %q; want a usage error naming --game", args[3:], code, errOut)
			}
		}
	}
	if after, _ := os.ReadFile(ev); string(after) != string(before) {
		t.Error("a refused result changed the file")
	}
}

// A change whose file cannot be written reports nothing done: only the
// error. (The file's name leaves no room for the temporary file the
// atomic write needs beside it.)
func TestTournamentChangeNotSaved(t *testing.T) {
	ev := filepath.Join(t.TempDir(), strings.Repeat("e", 240)+".json")
	tour, err := tournament.New(tournament.Config{Name: "E", Pairing: tournament.Swiss, Rounds: 1, Scoring: tournament.Scoring{Preset: tournament.Preset310}})
	if err != nil {
		t.Fatal(err)
	}
	data, err := tour.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(ev, data, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := hott(t, "tournament", "add", ev, "--name", "Ann")
	if code != exitError || out != "" || errOut == "" {
		t.Fatalf("status %d, stdout %q, stderr %q: want an error and nothing said done", code, out, errOut)
	}
	if after, _ := os.ReadFile(ev); string(after) != string(data) {
		t.Error("the file changed")
	}
}

// A scenario duel on the Pelennor takes its verified games, though a
// Pelennor side loses far more than a 24 AP army has (the golden game:
// 42 AP and 22); the side that began with 78 AP may lose 42, not 79.
func TestTournamentPelennorDuel(t *testing.T) {
	save := "../../engine/testdata/golden/pelennor.json"
	ev := filepath.Join(t.TempDir(), "duel.json")
	mustHott(t, "tournament", "new", ev, "--name", "Duel", "--rounds", "1", "--games", "2", "--scenario", "pelennor", "--scoring", "wl-ap")
	for _, name := range []string{"Gondor bot", "Mordor bot"} {
		mustHott(t, "tournament", "add", ev, "--name", name)
	}
	mustHott(t, "tournament", "pair", ev)
	// A game of another battle is refused, whoever played it (N34).
	for _, g := range []string{"1", "2"} {
		code, _, errOut := hott(t, "tournament", "result", ev, "--round", "1", "--table", "1", "--game", g, "--save", "../../engine/testdata/golden/standard.json")
		if code != exitError || !strings.Contains(errOut, "(standard-gondor-mordor), but every game of Duel is played on pelennor") {
			t.Fatalf("game %s from a standard battle: status %d, %q", g, code, errOut)
		}
	}
	// Player A plays Gondor (side 0) in game 1, or else in game 2.
	game := "1"
	if code, _, _ := hott(t, "tournament", "result", ev, "--round", "1", "--table", "1", "--game", "1", "--save", save); code != exitOK {
		game = "2"
		mustHott(t, "tournament", "result", ev, "--round", "1", "--table", "1", "--game", game, "--save", save)
	}
	tour, err := tournament.Load(ev)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := strconv.Atoi(game)
	res := tour.Schedule[0].Pairings[0].Results[g-1]
	if res == nil || res.APLost != [2]int{42, 22} || res.StartAP != [2]int{78, 94} || res.Winner != 1 {
		t.Fatalf("game %s's result: %+v", game, res)
	}
	// The side's own AP bounds a correction by hand of such a result.
	res.APLost[0] = 79
	if err := tour.Validate(); err == nil || !strings.Contains(err.Error(), "ap_lost[0] 79: between 0 and the side's starting 78 AP") {
		t.Fatalf("79 AP lost of 78: %v", err)
	}
}
