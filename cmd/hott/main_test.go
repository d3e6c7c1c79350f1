package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pelennor/engine"
)

// hott runs the tool in-process and returns its status and outputs.
func hott(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// lastLine decodes the final result line of play or replay.
func lastLine(t *testing.T, stdout string) resultLine {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	var r resultLine
	dec := json.NewDecoder(strings.NewReader(lines[len(lines)-1]))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		t.Fatalf("last line %q is not a result line: %v", lines[len(lines)-1], err)
	}
	return r
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}} {
		code, out, _ := hott(t, args...)
		if code != exitOK || !strings.Contains(out, "hott scenario check") || !strings.Contains(out, "hott replay") {
			t.Errorf("%v: status %d, stdout %q", args, code, out)
		}
	}
	for _, args := range [][]string{nil, {"fly"}, {"scenario"}, {"scenario", "lint", "x"}} {
		code, _, errOut := hott(t, args...)
		if code != exitUsage || !strings.Contains(errOut, "Usage") {
			t.Errorf("%v: status %d, want %d; stderr %q", args, code, exitUsage, errOut)
		}
	}
	code, _, errOut := hott(t, "fly")
	if !strings.Contains(errOut, `unknown command "fly"`) {
		t.Errorf("unknown command: status %d, stderr %q", code, errOut)
	}
	// A subcommand's -h prints its flags and succeeds.
	code, _, errOut = hott(t, "play", "-h")
	if code != exitOK || !strings.Contains(errOut, "-actions") {
		t.Errorf("play -h: status %d, stderr %q", code, errOut)
	}
}

func TestScenarioCheckSkirmish(t *testing.T) {
	code, out, errOut := hott(t, "scenario", "check", "skirmish")
	if code != exitOK {
		t.Fatalf("status %d, stderr %s", code, errOut)
	}
	for _, want := range []string{
		"Skirmish at Barrow Hill (id skirmish, version 2)",
		`table: 24" x 24" (2400 x 2400 paces), rules "standard"`,
		"side horde: The Ashen Horde, moves first",
		"general: Gorthak on the War-Mammoth (Behemoths)",
		"elements: 13: Warband 1, Shooters 1, Hordes 4, Sneakers 1, Lurkers 1 (1 in reserve), Beasts 1, Behemoths 1, Flyers 1, Gods 1 (1 in reserve), Stronghold 1",
		"side alliance: The Marcher Alliance",
		"general: Alder, Warden of the Marches (Heroes)",
		"elements: 11: Blades 1, Spears 1, Shooters 1, Hordes 1, Magicians 1, Clerics 1, Knights 1, Riders 1, Heroes 1, Flyers 1, Stronghold 1",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
	if n := strings.Count(out, "starting AP: 24, break point: none"); n != 2 {
		t.Errorf("want two armies of 24 AP, found %d:\n%s", n, out)
	}
	// The same file given by path.
	if code, out2, _ := hott(t, "scenario", "check", "../../scenarios/skirmish.json"); code != exitOK || out2 != out {
		t.Errorf("by path: status %d, summary differs:\n%s", code, out2)
	}
}

func TestScenarioCheckBroken(t *testing.T) {
	for _, c := range []struct {
		file string
		want []string
	}{
		{"bad_type.json", []string{"testdata/bad_type.json: elements[1].type", `unknown element type "Elves"`}},
		{"bad_json.json", []string{"testdata/bad_json.json:6:", "malformed JSON"}},
		{"overlap.json", []string{"testdata/overlap.json: elements[1]", "Red Pikes (id 2) overlaps element 1"}},
		{"missing.json", []string{"testdata/missing.json", "no such file"}},
	} {
		code, out, errOut := hott(t, "scenario", "check", filepath.Join("testdata", c.file))
		if code != exitError {
			t.Errorf("%s: status %d, want %d", c.file, code, exitError)
		}
		if out != "" {
			t.Errorf("%s: stdout %q, want nothing", c.file, out)
		}
		for _, w := range c.want {
			if !strings.Contains(errOut, w) {
				t.Errorf("%s: stderr %q lacks %q", c.file, errOut, w)
			}
		}
	}
	code, _, errOut := hott(t, "scenario", "check", "no-such-scenario")
	if code != exitError || !strings.Contains(errOut, "skirmish") {
		t.Errorf("unknown name: status %d, stderr %q (should list the embedded scenarios)", code, errOut)
	}
}

func TestPlay(t *testing.T) {
	args := []string{"play", "--scenario", "skirmish", "--seed", "7", "--actions", "testdata/moves.json"}
	code, out, errOut := hott(t, args...)
	if code != exitOK {
		t.Fatalf("status %d, stderr %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var first engine.Event
	if err := json.Unmarshal([]byte(lines[0]), &first); err != nil || first.Kind != engine.EvBound || first.Bound != 1 {
		t.Errorf("first line %q: %v", lines[0], err)
	}
	moved := 0
	for _, l := range lines[:len(lines)-1] {
		var e engine.Event
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		if e.Kind == engine.EvMoved {
			moved++
		}
	}
	if moved != 4 {
		t.Errorf("%d moved events, want 4 (one move, a group of two, one move)", moved)
	}
	r := lastLine(t, out)
	if r.Result != "ongoing" || r.Winner != "" || r.Bound != 4 || r.Actions != 8 || len(r.Hash) != 16 {
		t.Errorf("result %+v", r)
	}
	// Deterministic: the same game again gives the same output.
	if _, out2, _ := hott(t, args...); out2 != out {
		t.Errorf("second run differs:\n%s\n---\n%s", out, out2)
	}
	// Another seed rolls other PIP dice, so another hash.
	args[4] = "8"
	if code, out3, errOut := hott(t, args...); code != exitOK || lastLine(t, out3).Hash == r.Hash {
		t.Errorf("seed 8: status %d (%s), hash %s", code, errOut, r.Hash)
	}
	// Scripted dice.
	code, out, errOut = hott(t, "play", "--scenario", "skirmish", "--dice", "6,6,6,6", "--actions", "testdata/moves.json")
	if code != exitOK || !strings.Contains(out, `"commandName":"Muster of the Marches","purpose":"pips","value":6,"draw":2`) {
		t.Errorf("--dice: status %d, stderr %s\n%s", code, errOut, out)
	}
	// The script runs out at bound 4's PIP die, rolled by the last action.
	code, _, errOut = hott(t, "play", "--scenario", "skirmish", "--dice", "6,6,6", "--actions", "testdata/moves.json")
	if code != exitIllegal || !strings.Contains(errOut, "action 7 (end_phase)") || !strings.Contains(errOut, "exhausted") {
		t.Errorf("short script: status %d, stderr %q", code, errOut)
	}
}

// A game that ends: the Red Captain doubles the Blue Captain in the close
// combat they start in, and Blue, its general lost, loses.
func TestPlayGameOver(t *testing.T) {
	code, out, errOut := hott(t, "play", "--scenario", "testdata/duel.json", "--dice", "1,6,1", "--actions", "testdata/end_bound.json")
	if code != exitOK {
		t.Fatalf("status %d, stderr %s", code, errOut)
	}
	if r := lastLine(t, out); r.Result != "won" || r.Winner != "red" || r.Bound != 1 || r.Actions != 1 {
		t.Errorf("result %+v", r)
	}
	if !strings.Contains(out, `"kind":"destroyed","code":"destroyed_by","bound":1,"id":3`) || !strings.Contains(out, `"kind":"gameover"`) {
		t.Errorf("events:\n%s", out)
	}
	// Nothing more may happen.
	code, _, errOut = hott(t, "play", "--scenario", "testdata/duel.json", "--dice", "1,6,1", "--actions", "testdata/duel_moves.json")
	if code != exitIllegal || !strings.Contains(errOut, "action 2 (move) is illegal [game.over]") {
		t.Errorf("after the end: status %d, stderr %q", code, errOut)
	}
}

func TestPlayIllegal(t *testing.T) {
	code, out, errOut := hott(t, "play", "--scenario", "skirmish", "--dice", "6", "--actions", "testdata/too_far.json")
	if code != exitIllegal {
		t.Fatalf("status %d, want %d; stderr %s", code, exitIllegal, errOut)
	}
	for _, w := range []string{"testdata/too_far.json", "action 1 (move)", "move.too_far", "Hordes can move 200 p"} {
		if !strings.Contains(errOut, w) {
			t.Errorf("stderr %q lacks %q", errOut, w)
		}
	}
	// Action 0's events are printed, and no result line.
	if !strings.Contains(out, `"kind":"moved","code":"moved","bound":1,"id":7`) || strings.Contains(out, `"result"`) {
		t.Errorf("stdout:\n%s", out)
	}
}

func TestPlayBadInput(t *testing.T) {
	for _, c := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"--actions", "testdata/bad_actions.json", "--seed", "1"}, exitError, `testdata/bad_actions.json:5: actions[1]: unknown field "destination"`},
		{[]string{"--actions", "testdata/moves.json"}, exitUsage, "--seed N or --dice"},
		{[]string{"--actions", "testdata/moves.json", "--seed", "1", "--dice", "1"}, exitUsage, "not both"},
		{[]string{"--actions", "testdata/moves.json", "--dice", "1,21"}, exitError, "dice value 21 at position 2"},
		{[]string{"--seed", "1"}, exitUsage, "--actions is required"},
		{[]string{"--actions", "testdata/moves.json", "--seed", "1", "extra"}, exitUsage, `unexpected argument "extra"`},
	} {
		args := append([]string{"play", "--scenario", "skirmish"}, c.args...)
		code, _, errOut := hott(t, args...)
		if code != c.status || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: status %d (want %d), stderr %q (want %q)", c.args, code, c.status, errOut, c.want)
		}
	}
}

func TestParseActions(t *testing.T) {
	for _, c := range []struct{ data, want string }{
		{"{\"format\": 1,\n \"actions\": [\n  {\"kind\": \"move\", \"id\": 7 \"to\": {}}\n ]}", "f.json:3: actions[0]: malformed JSON"},
		{"{\"format\": 1,\n \"actions\": [\n  {\"kind\": \"move\"},\n\n  {\"kind\": \"move\", \"id\": \"x\"}\n ]}", "f.json:5: actions[1]: id: expected int"},
		{"{\"format\": 1,\n \"actions\": [\n  {\"kind\": \"fly\"}]}", `f.json:3: actions[0].kind: unknown action kind "fly"`},
		{"{\"format\": 1,\n \"actions\": [\n  {\"id\": 3}]}", "f.json:3: actions[0].kind: missing"},
		{"{\"format\": 2, \"actions\": []}", "f.json:1: format: format 2 is not supported"},
		{"{\"actions\": []}", "f.json:1: format: missing"},
		{"{\"format\": 1}", "f.json:1: actions: missing"},
		{"{\"format\": 1,\n \"actions\": [],\n \"x\": 1}", `f.json:3: unknown field "x"`},
		{"{\"format\": 1, \"actions\": [\n", "f.json:2: actions: the file ends too soon"},
		{"{\"format\": 1, \"actions\": []}\n[]", "f.json:2: extra data"},
		{"\n[]", "f.json:2: an action file is a JSON object"},
		{"{\"format\": 1, \"actions\": {}}", "f.json:1: actions: expected an array"},
	} {
		_, err := parseActions("f.json", []byte(c.data))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q...", c.data, err, c.want)
		}
	}
	acts, err := parseActions("f.json", []byte(`{"format": 1, "actions": [
		{"kind": "move", "id": 3, "contact": {"target": 7, "edge": "front"}},
		{"kind": "summon", "place": [{"id": 9, "x": 100, "y": 2400, "facing": 0}]}]}`))
	if err != nil || len(acts) != 2 || acts[0].Contact.Target != 7 || acts[1].Place[0].Y != 2400 {
		t.Errorf("got %+v, %v", acts, err)
	}
}

// oddsOf runs hott odds and decodes its report.
func oddsOf(t *testing.T, args ...string) *engine.OddsReport {
	t.Helper()
	code, out, errOut := hott(t, append([]string{"odds"}, args...)...)
	if code != exitOK {
		t.Fatalf("odds %v: status %d, stderr %s", args, code, errOut)
	}
	rep := new(engine.OddsReport)
	if err := json.Unmarshal([]byte(out), rep); err != nil {
		t.Fatalf("odds %v: %v\n%s", args, err, out)
	}
	return rep
}

func TestOdds(t *testing.T) {
	sum := func(s engine.OddsSide) int {
		n := 0
		for _, c := range s.Outcomes {
			n += c.In36
		}
		return n
	}
	rep := oddsOf(t, "--scenario", "testdata/duel.json", "--attacker", "1", "--defender", "3")
	if rep.Kind != "close" || rep.Attacker.Score != 6 || rep.Defender.Score != 5 || rep.Equal != 5 {
		t.Errorf("close: %+v", rep)
	}
	for _, s := range []engine.OddsSide{rep.Attacker, rep.Defender} {
		if n := sum(s); n != 36 {
			t.Errorf("close: outcomes of %s sum to %d, not 36", s.Name, n)
		}
	}
	rep = oddsOf(t, "--scenario", "testdata/duel.json", "--dice", "1", "--attacker", "2", "--defender", "4", "--kind", "shoot")
	if rep.Kind != "shoot" || sum(rep.Attacker) != 36 || sum(rep.Defender) != 36 {
		t.Errorf("shoot: %+v", rep)
	}
	// Before any action the Blue Wildmen are not in combat with the Red
	// Bows; after the actions they have charged them.
	code, _, errOut := hott(t, "odds", "--scenario", "testdata/duel.json", "--attacker", "4", "--defender", "2")
	if code != exitError || !strings.Contains(errOut, "Blue Wildmen and Red Bows are not in close combat") {
		t.Errorf("before the charge: status %d, stderr %q", code, errOut)
	}
	rep = oddsOf(t, "--scenario", "testdata/duel.json", "--seed", "3", "--actions", "testdata/duel_moves.json",
		"--attacker", "4", "--defender", "2")
	if rep.Attacker.Name != "Blue Wildmen" || sum(rep.Attacker) != 36 || sum(rep.Defender) != 36 {
		t.Errorf("after the charge: %+v", rep)
	}
	code, _, errOut = hott(t, "odds", "--scenario", "testdata/duel.json", "--seed", "3", "--actions", "testdata/too_far.json",
		"--attacker", "4", "--defender", "2")
	if code != exitIllegal || !strings.Contains(errOut, "action 0 (move)") {
		t.Errorf("illegal action: status %d, stderr %q", code, errOut)
	}
	code, _, errOut = hott(t, "odds", "--scenario", "testdata/duel.json", "--attacker", "1", "--defender", "3", "--kind", "melee")
	if code != exitUsage || !strings.Contains(errOut, "close, shoot or bespell") {
		t.Errorf("bad kind: status %d, stderr %q", code, errOut)
	}
	code, _, errOut = hott(t, "odds", "--scenario", "testdata/duel.json", "--attacker", "1", "--defender", "3", "--aiders", "2,x")
	if code != exitUsage || !strings.Contains(errOut, "--aiders") {
		t.Errorf("bad aiders: status %d, stderr %q", code, errOut)
	}
}

func TestSaveReplay(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name, scenario, actions string
		dice                    []string
		replayArgs              []string
	}{
		{"skirmish", "skirmish", "testdata/moves.json", []string{"--seed", "7"}, nil},
		{"duel", "testdata/duel.json", "testdata/duel_moves.json", []string{"--dice", "2,5,6,1,3,4,2"}, []string{"--scenario", "testdata/duel.json"}},
	} {
		save := filepath.Join(dir, c.name+".save.json")
		args := append([]string{"play", "--scenario", c.scenario, "--actions", c.actions, "--save", save}, c.dice...)
		code, out, errOut := hott(t, args...)
		if code != exitOK {
			t.Fatalf("%s: play: status %d, stderr %s", c.name, code, errOut)
		}
		played := lastLine(t, out)
		// replay FILE [--scenario X]: flags may follow the file.
		code, out, errOut = hott(t, append([]string{"replay", save}, c.replayArgs...)...)
		if code != exitOK {
			t.Fatalf("%s: replay: status %d, stderr %s", c.name, code, errOut)
		}
		if got := lastLine(t, out); got != played {
			t.Errorf("%s: replay gives %+v, play gave %+v", c.name, got, played)
		}
		if strings.Count(strings.TrimSpace(out), "\n") != 0 {
			t.Errorf("%s: replay prints more than the result line:\n%s", c.name, out)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("the directory holds %d files, want the 2 saves (no temporary files left)", len(entries))
	}
}

func TestReplayTampered(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.json")
	if code, _, errOut := hott(t, "play", "--scenario", "skirmish", "--seed", "7", "--actions", "testdata/moves.json", "--save", path); code != exitOK {
		t.Fatalf("play: status %d, stderr %s", code, errOut)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := engine.ParseSave(path, data)
	if err != nil {
		t.Fatal(err)
	}
	// Checkpoints: the start, each new bound, the end. Tamper with the one
	// after the first end_bound (action index 1).
	var i int
	for i = range s.Checkpoints {
		if s.Checkpoints[i].After == 2 {
			break
		}
	}
	if s.Checkpoints[i].After != 2 {
		t.Fatalf("no checkpoint after 2 actions: %+v", s.Checkpoints)
	}
	s.Checkpoints[i].Hash = "0123456789abcdef"
	bad, _ := s.Marshal()
	if err := os.WriteFile(path, bad, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := hott(t, "replay", path)
	if code == exitOK || out != "" {
		t.Fatalf("tampered save replays: status %d, stdout %s", code, out)
	}
	for _, w := range []string{path, "action 2 (index 1)", "actions 0 (move) to 1 (end_bound)", "0123456789abcdef"} {
		if !strings.Contains(errOut, w) {
			t.Errorf("stderr %q lacks %q", errOut, w)
		}
	}
	// A changed action: the move of action 0 goes elsewhere.
	s, _ = engine.ParseSave(path, data)
	s.Actions[0].To.Y = 500
	bad, _ = s.Marshal()
	os.WriteFile(path, bad, 0o644)
	code, _, errOut = hott(t, "replay", path)
	if code == exitOK || !strings.Contains(errOut, "actions 0 (move) to 1 (end_bound)") {
		t.Errorf("changed action: status %d, stderr %q", code, errOut)
	}
	// Not a save at all.
	code, _, errOut = hott(t, "replay", "testdata/bad_json.json")
	if code != exitError || !strings.Contains(errOut, "not a readable save file") || !strings.Contains(errOut, "bad_json.json:6") {
		t.Errorf("not a save: status %d, stderr %q", code, errOut)
	}
}
