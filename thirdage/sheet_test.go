package thirdage

import (
	"strings"
	"testing"
	"testing/fstest"
)

// The Pelennor's heroes, whose ids the engine's scenario uses.
var pelennorHeroes = []string{"imrahil", "theoden", "eomer", "eowyn", "merry", "aragorn", "legolas", "gimli",
	"gandalf", "witch-king", "southron-chieftain", "gothmog"}

// Every embedded sheet loads and is valid (ParseSheet validates), and the
// Pelennor's are all there.
func TestEmbeddedSheets(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	if len(all) < 30 {
		t.Errorf("%d sheets", len(all))
	}
	checked, err := LoadSheets(heroFiles, "heroes")
	if err != nil || len(checked) != len(all) {
		t.Fatalf("the embedded sheets, checked as a file would be: %d of %d, %v", len(checked), len(all), err)
	}
	for _, s := range all {
		if ps := problems(s); len(ps) > 0 {
			t.Errorf("%s: %v", s.ID, ps)
		}
		a := s.Final()
		for i, v := range a {
			if v < 3 || v > 40 {
				t.Errorf("%s: %s %d", s.ID, AttributeNames[i], v)
			}
		}
		if l, ok := Lookup(s.ID); !ok || l != s {
			t.Errorf("Lookup(%q) = %v, %v", s.ID, l, ok)
		}
	}
	for _, id := range pelennorHeroes {
		if _, ok := Lookup(id); !ok {
			t.Errorf("no sheet %q", id)
		}
	}
	if _, ok := Lookup("sauron"); ok {
		t.Error("Lookup found an unknown id")
	}
	wk, _ := Lookup("witch-king")
	if wk.Mount == nil || wk.Mount.Name != "fell beast" {
		t.Errorf("the Witch-King has no fell beast: %+v", wk.Mount)
	}
}

func TestFind(t *testing.T) {
	for _, c := range []struct{ q, id, err string }{
		{"aragorn", "aragorn", ""},
		{"king th", "theoden", ""},
		{"ÉOMER", "eomer", ""},
		{"Gandalf", "", "matches 2 heroes"},
		{"gandalf the w", "gandalf", ""},
		{"sauron", "", "no hero"},
		{"southron", "southron-chieftain", ""},
		{"witch", "", "matches 2 heroes: witch-king (The Witch-King of Angmar), witch-king-of-angmar"},
		{"elvenk", "", "no hero"},
		{"thranduil", "thranduil", ""},
		{"gothmg", "", "near: gothmog"},
	} {
		s, err := Find(c.q)
		switch {
		case c.err == "" && (err != nil || s.ID != c.id):
			t.Errorf("Find(%q) = %v, %v; want %s", c.q, s, err, c.id)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("Find(%q) error %v, want %q", c.q, err, c.err)
		}
	}
}

// Bad sheets are refused with every problem named.
func TestParseSheetProblems(t *testing.T) {
	good := `{"id": "x", "name": "X", "race": "Men", "background": "Ranger",
 "attributes": {"STR": 10, "CON": 10, "SIZ": 10, "INT": 10, "POW": 10, "DEX": 10, "CHA": 10},
 "weapons": [{"kind": "spear", "attack": 10, "parry": 10}], "tactics": {}, "note": "n"}`
	if _, err := ParseSheet("x.json", []byte(good)); err != nil {
		t.Fatalf("good sheet: %v", err)
	}
	for _, c := range []struct{ old, new, want string }{
		{`"Ranger"`, `"Pirate"`, `background: "Pirate" is not one of`},
		{`"Men"`, `"Ents"`, `race: "Ents"`},
		{`"STR": 10`, `"STR": 19`, "STR 19 is not a 3D6 roll"},
		{`"STR": 10`, `"STRENGTH": 10`, `unknown attribute "STRENGTH"`},
		{`"Men"`, `"Hobbits"`, "SIZ 10 with the Hobbits modifier is 2"},
		{`"spear"`, `"bow"`, `unknown kind "bow"`},
		{`"attack": 10`, `"attack": 31`, "attack 31 and parry 10 must be 1–30"},
		{`"tactics": {}`, `"armour": ["mithril shirt"], "tactics": {}`, `unknown piece "mithril shirt"`},
		{`"tactics": {}`, `"shield": "tower shield", "tactics": {}`, `unknown shield "tower shield"`},
		{`"tactics": {}`, `"tactics": {"cast": ["Shield"]}`, "does not know Shield"},
		{`"tactics": {}`, `"magic": [{"name": "Speed", "points": 5}], "tactics": {}`, "points 5, not 1–4"},
		{`"tactics": {}`, `"tactics": {"cast": ["Sure Blow"]}`, "is not a duration spell"},
		{`"tactics": {}`, `"magic": [{"name": "Blur", "points": 1}], "tactics": {"cast": ["Blur", "Blur"]}`, "tactics.cast[1]: Blur is cast twice"},
		{`"tactics": {}`, `"magic": [{"name": "Blur", "points": 1}, {"name": "Blur", "points": 2}], "tactics": {}`, "magic[1]: Blur is known twice"},
		{`"tactics": {}`, `"tactics": {"weapon": "Narsil"}`, `"Narsil" is not one of the hero's weapons`},
		{`"note": "n"`, `"note": ""`, "note: missing"},
		{`"weapons": [{"kind": "spear"`, `"shield": "light shield", "weapons": [{"kind": "maul"`, "the duel weapon maul takes two hands"},
		{`"note": "n"`, `"note": "n", "wings": 2`, `unknown field "wings"`},
	} {
		data := strings.Replace(good, c.old, c.new, 1)
		_, err := ParseSheet("x.json", []byte(data))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "x.json: ") {
			t.Errorf("%s → %s: error %v, want %q", c.old, c.new, err, c.want)
		}
	}
	fsys := fstest.MapFS{"h/y.json": {Data: []byte(good)}}
	if _, err := LoadSheets(fsys, "h"); err == nil || !strings.Contains(err.Error(), `id "x" is not the file's name "y"`) {
		t.Errorf("misnamed file: %v", err)
	}
}

// The race modifiers are applied to the stored 3D6 attributes.
func TestRaceModifiers(t *testing.T) {
	s := &Sheet{Race: "Dwarves", Attributes: AttrMap{"STR": 10, "CON": 10, "SIZ": 10, "INT": 10, "POW": 10, "DEX": 10, "CHA": 10}}
	if got := s.Final(); got != (Attributes{14, 16, 6, 10, 10, 9, 9}) {
		t.Errorf("Dwarves: %v", got)
	}
	if len(Races) != 7 {
		t.Errorf("%d races", len(Races))
	}
}
