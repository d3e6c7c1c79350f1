package tournament

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A played tournament written and read back is the same, byte for byte.
func TestFileRoundTrip(t *testing.T) {
	tour := fixture(t, DefaultTieBreaks)
	tour.Players[1].Bonus = 3
	dir := t.TempDir()
	path := filepath.Join(dir, "event.json")
	if err := tour.Save(path); err != nil {
		t.Fatal(err)
	}
	back, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := tour.Marshal()
	b, _ := back.Marshal()
	if !bytes.Equal(a, b) {
		t.Fatalf("read back differs:\n%s\n%s", a, b)
	}
	if order(back.Standings(0)) != order(tour.Standings(0)) {
		t.Fatal("the standings differ after reading back")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("the directory holds %d files, want the one", len(entries))
	}
}

// Bad files are refused naming the file, the place and the problem.
func TestFileErrors(t *testing.T) {
	good, _ := fixture(t, DefaultTieBreaks).Marshal()
	text := string(good)
	tests := []struct{ name, data, want string }{
		{"syntax", strings.Replace(text, `"name": "Fixture",`, `"name": "Fixture",,`, 1), "bad.json:3:20: malformed JSON"},
		{"newer", strings.Replace(text, `"format": 1`, `"format": 2`, 1), "bad.json: format 2 is newer than this program reads (1)"},
		{"no format", `{"name": "x"}`, `bad.json: not a tournament file: no "format" number`},
		{"unknown field", strings.Replace(text, `"seed": 5,`, `"seed": 5, "colour": 1,`, 1), `unknown field "colour"`},
		{"wrong type", strings.Replace(text, `"seed": 5,`, `"seed": "five",`, 1), "bad.json:4:"},
		{"trailing", text + "{}", "extra data after the JSON object"},
		{"truncated", text[:len(text)/2], "bad.json: the file ends in the middle of the JSON"},
		{"paired twice", strings.Replace(text, `"b": 4,`, `"b": 1,`, 1), "player 1 (A) is paired twice"},
		{"table twice", strings.Replace(text, `"table": 2,`, `"table": 1,`, 1), "round 1: pairings[1]: table 1 has another pairing already"},
		{"name twice", strings.Replace(text, `"name": "B",`, `"name": "a",`, 1), `players[1]: "a" has the name of player 1`},
		{"bad result", strings.Replace(text, `"source": "hand"`, `"source": "rumour"`, 1), `source "rumour"`},
		{"bad preset", strings.Replace(text, `"preset": "3-1-0"`, `"preset": "4-2-0"`, 1), `scoring: unknown preset "4-2-0"`},
	}
	for _, tc := range tests {
		_, err := Parse("bad.json", []byte(tc.data))
		var fe *FileError
		if err == nil || !errors.As(err, &fe) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

// The example of docs/formats.md §9 reads, and scores as its text says.
func TestFormatsExample(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "docs", "formats.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(data), "<!-- tournament-example -->\n```json\n")
	example, _, ok2 := strings.Cut(rest, "```")
	if !ok || !ok2 {
		t.Fatal("formats.md has no tournament example")
	}
	tour, err := Parse("formats.md §9", []byte(example))
	if err != nil {
		t.Fatal(err)
	}
	if got := order(tour.Standings(0)); !strings.HasSuffix(got, "3:Eowyn ") {
		t.Errorf("standings %q", got)
	}
	for _, s := range tour.Standings(0) {
		if want := map[string]int{"Aragorn": 5, "Eowyn": 0, "Saruman": 5}[s.Player.Name]; s.Score != want {
			t.Errorf("%s scores %d, the text says %d", s.Player.Name, s.Score, want)
		}
	}
}

// Validate compares names as AddPlayer does: whatever AddPlayer takes
// is saved ("İ" lowers to "i" but is not the same letter, case aside),
// and a file with a name AddPlayer would refuse is refused.
func TestNamesAsAddPlayerCompares(t *testing.T) {
	tour := newSwiss(t, 2, "i", "\u0130")
	if _, err := tour.Marshal(); err != nil {
		t.Fatalf("two names AddPlayer took: %v", err)
	}
	if _, err := tour.AddPlayer("\u212a", "", ""); err != nil { // the Kelvin sign
		t.Fatal(err)
	}
	tour.Players = append(tour.Players, Player{ID: 4, Name: " k", Entered: 1})
	if _, err := tour.Marshal(); err == nil || !strings.Contains(err.Error(), `players[3]: " k" has the name of player 3`) {
		t.Fatalf("k after the Kelvin sign: %v", err)
	}
}
