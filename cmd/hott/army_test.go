package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pelennor/scenarios"
)

// writeTemp writes a file of the test's temporary directory and returns its path.
func writeTemp(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestArmyList(t *testing.T) {
	code, out, errOut := hott(t, "army", "list")
	if code != exitOK {
		t.Fatalf("status %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) < 20 {
		t.Errorf("%d lists:\n%s", len(lines), out)
	}
	if !strings.Contains(out, `rohan           Rohan (open; 6 entries): ready-made army "The Muster of Dunharrow"`) {
		t.Errorf("no Rohan line:\n%s", out)
	}
	if code, _, _ := hott(t, "army", "list", "extra"); code != exitUsage {
		t.Errorf("army list extra: status %d", code)
	}
	for _, args := range [][]string{{"help"}, {"army", "-h"}} {
		if code, out, _ := hott(t, args...); code != exitOK || !strings.Contains(out, "hott army check [--ap 24|36] [--list LISTFILE] FILE|NAME") {
			t.Errorf("%v: status %d, no army check in\n%s", args, code, out)
		}
	}
}

func TestArmyCheck(t *testing.T) {
	badArmy := writeTemp(t, "bad.json", `{"format": 1, "list": "rohan", "name": "Too proud",
 "elements": [
  {"entry": "King of the Mark", "name": "Théoden", "general": true},
  {"entry": "Marshal of the Mark", "name": "Éomer", "general": true},
  {"entry": "Éored of the Riddermark"}, {"entry": "Éored of the Riddermark"}, {"entry": "Éored of the Riddermark"},
  {"entry": "Light horse of the Eastfold", "type": "Knights", "name": "Grimbold's riders"}
 ]}`)
	badList := writeTemp(t, "badlist.json", `{"format": 1, "id": "x", "name": "X", "home": "farmland", "stronghold": {"name": "Keep"},
 "entries": [{"count": 1, "type": "Heroes", "name": "Lord", "general": true}, {"count": 2, "type": "Elves", "name": "Fair Folk"}]}`)
	ownList := writeTemp(t, "own.json", `{"format": 1, "id": "own", "name": "Own", "home": "hills", "stronghold": {"name": "Hold"},
 "entries": [{"count": 1, "type": "Heroes", "name": "Lord", "general": true}, {"count": 10, "type": "Blades", "name": "Guard"}]}`)
	ownArmy := writeTemp(t, "ownarmy.json", `{"format": 1, "list": "own", "name": "Mine",
 "elements": [{"entry": "Lord", "general": true}, {"entry": "Guard"}, {"entry": "Guard"}, {"entry": "Guard"}, {"entry": "Guard"},
  {"entry": "Guard"}, {"entry": "Guard"}, {"entry": "Guard"}, {"entry": "Guard"}, {"entry": "Guard"}, {"entry": "Guard"}]}`)
	neither := writeTemp(t, "neither.json", `{"format": 1}`)
	for _, c := range []struct {
		name    string
		args    []string
		code    int
		out     []string
		errOut  []string
		noError bool
	}{
		{"embedded list and its army", []string{"gondor"}, exitOK,
			[]string{"list gondor: Gondor: OK", "legal armies: 24 AP possible, 36 AP possible",
				`army "The Host of the White Tower" (list gondor: Gondor): OK`, "AP: 24 of 24; on elements of 3 AP or more: 10, cap 12",
				"general: The Captain of the Tower (Heroes)", "stronghold: A beacon-fort on the Rammas"}, nil, true},
		{"an army file", []string{"../../army/armies/moria.json"}, exitOK,
			[]string{"general: The Chieftain of the Deep (Heroes)", "off the table at the start (§9.4): The Shadow of Flame, The Watcher in the Water"}, nil, true},
		{"a list file", []string{"../../army/lists/shire.json"}, exitOK, []string{"list shire: The Shire: OK", "0-1 x Old Man Willow (Lurkers 1 AP)"}, nil, true},
		{"the ready-made army at 36 AP", []string{"--ap", "36", "rohan"}, exitError, []string{"AP: 24 of 36; on elements of 3 AP or more: 4, cap 18"},
			[]string{"hott army check: army/armies/rohan.json: the army is worth 24 AP, not the 36 AP required"}, false},
		{"every problem of an army", []string{badArmy}, exitError,
			[]string{`army "Too proud" (list rohan: Rohan): 4 problems`, "general: Théoden (Heroes)"},
			[]string{
				badArmy + `: elements[5] "Grimbold's riders": entry "Light horse of the Eastfold" offers Riders, not "Knights"`,
				badArmy + `: entries[3] "Light horse of the Eastfold": the army takes 0, the list allows 1 to 4`,
				badArmy + `: the army is worth 14 AP, not the 24 AP required`,
				badArmy + `: elements[1] "Éomer": a second general: elements[0] "Théoden" is already the general`,
			}, false},
		{"a broken list", []string{badList}, exitError, nil, []string{badList + `: entries[1] "Fair Folk": unknown type "Elves"`}, false},
		{"an army of a list of one's own", []string{"--list", ownList, ownArmy}, exitOK, []string{`army "Mine" (list own: Own): OK`, "general: Lord (Heroes)", "stronghold: Hold"}, nil, true},
		{"an army of another list", []string{"--list", ownList, "../../army/armies/rohan.json"}, exitError,
			[]string{`army "The Muster of Dunharrow" (list own: Own): 1 problem`},
			[]string{`../../army/armies/rohan.json: list: the army is of list "rohan", not "own"`}, false},
		{"an army whose list is not embedded", []string{ownArmy}, exitError, nil, []string{ownArmy + `: list: no embedded list "own" (give its file with --list`}, false},
		{"neither a list nor an army", []string{neither}, exitError, nil, []string{"is neither an army list"}, false},
		{"an unknown name", []string{"narnia"}, exitError, nil, []string{`"narnia" is neither a file nor an embedded list (embedded: angmar, dale`}, false},
		{"a missing file", []string{"nope.json"}, exitError, nil, []string{"nope.json"}, false},
		{"a bad budget", []string{"--ap", "30", "gondor"}, exitUsage, nil, []string{"--ap 30: an army is worth 24 AP, or 36 in a tournament"}, false},
		{"no argument", nil, exitUsage, nil, []string{"give one list or army file"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := hott(t, append([]string{"army", "check"}, c.args...)...)
			if code != c.code {
				t.Fatalf("status %d, want %d\nstdout %s\nstderr %s", code, c.code, out, errOut)
			}
			for _, w := range c.out {
				if !strings.Contains(out, w) {
					t.Errorf("stdout lacks %q:\n%s", w, out)
				}
			}
			for _, w := range c.errOut {
				if !strings.Contains(errOut, w) {
					t.Errorf("stderr lacks %q:\n%s", w, errOut)
				}
			}
			if c.noError && errOut != "" {
				t.Errorf("stderr %q", errOut)
			}
		})
	}
	if code, _, _ := hott(t, "army"); code != exitUsage {
		t.Errorf("army alone: status %d", code)
	}
}

// hott scenario check warns when a single-army scenario's armies break
// §13, naming the side and the rule, and still succeeds.
func TestScenarioCheckArmies(t *testing.T) {
	data, err := scenarios.Load("skirmish")
	if err != nil {
		t.Fatal(err)
	}
	const slingers = `"id": 8, "command": "ashen", "type": "Shooters"`
	const keep = `{"id": 10, "command": "ashen", "type": "Stronghold", "name": "Cinderhold", "description": "A squat tower of black basalt, its gate forever smoking.", "x": 600, "y": 180, "facing": 2048, "width": 160, "depth": 160},`
	for _, c := range []struct {
		name     string
		old, new string
		want     []string
	}{
		{"the shipped skirmish keeps to §13", "", "", nil},
		{"over the cap and the AP", slingers, `"id": 8, "command": "ashen", "type": "Artillery"`, []string{
			`warning: side horde (The Ashen Horde), the army's AP: the army is worth 25 AP, not the 24 AP required (§13)`,
			`warning: side horde (The Ashen Horde), the cap on elements of 3 AP or more: 14 AP are on elements of 3 AP or more, over the cap of 12 (half of 24, §13): elements[5] "Gorthak on the War-Mammoth" (Behemoths, 4 AP), elements[6] "Knife-in-the-Dark" (Sneakers, 3 AP), elements[7] "Bone-Slingers" (Artillery, 3 AP), elements[11] "The Smouldering One" (Gods, 4 AP)`}},
		{"no stronghold", keep, ``, []string{`warning: side horde (The Ashen Horde), the stronghold: the army has no stronghold (every army has one, §13)`}},
		{"a general off the table", `"general": 19,`, `"general": 24,`, nil}, // Hordes may lead
		{"a God for general", `"general": 6,`, `"general": 12,`, []string{
			`warning: side horde (The Ashen Horde), the general: elements[11] "The Smouldering One": a Gods may not be the general`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			text := strings.Replace(string(data), c.old, c.new, 1)
			if c.old != "" && text == string(data) {
				t.Fatalf("%q is not in the skirmish", c.old)
			}
			code, out, errOut := hott(t, "scenario", "check", writeTemp(t, "s.json", text))
			if code != exitOK {
				t.Fatalf("status %d: %s", code, errOut)
			}
			if c.want == nil && strings.Contains(out, "warning") {
				t.Errorf("unexpected warnings:\n%s", out)
			}
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
			if n := strings.Count(out, "warning:"); n != len(c.want) {
				t.Errorf("%d warnings, want %d:\n%s", n, len(c.want), out)
			}
		})
	}
	// Several commands a side (the Pelennor) is not a standard battle.
	if _, out, _ := hott(t, "scenario", "check", "pelennor"); strings.Contains(out, "warning") {
		t.Errorf("the Pelennor is warned about:\n%s", out)
	}
}
