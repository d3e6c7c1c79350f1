package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestHeroShow(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"hero", "show", "aragorn"}, []string{
			"Aragorn son of Arathorn (aragorn)\nDúnedain, Ranger",
			"STR 18 (16+2)", "DEX 16  CHA 18 (16+2)",
			"hit points 18, damage bonus 1D6, Defence 3, strike rank SIZ 1 + DEX 1",
			"chest      12     5       7", "head       19–20  3       6",
			"Andúril     one-handed sword  22      18     1D8+1D6  4",
			"Shield:      light shield (stops 8 when parried)",
			"Hero Magic:  Sure Blow, Powerful Blow, Speed 2; POW 17",
			"Mount:       none", "casts Speed at the start", "Army lists:  dunedain: Chieftain of the Dúnedain\n", "Heir of Isildur"}},
		{[]string{"hero", "show", "witch-king"}, []string{"Mount:       fell beast, 30 hit points, armour 3",
			"great mace  maul (two hands)", "Shield:      none (no parry)"}},
		{[]string{"hero", "show", "Meriadoc"}, []string{"STR 6 (12−6)", "SIZ 4 (12−8)", "damage bonus −1D4", "1D8−1D4"}},
		{[]string{"hero", "show", "KING TH"}, []string{"King Théoden (theoden)", "Army lists:  rohan: King of the Mark\n"}},
	} {
		code, out, errOut := hott(t, c.args...)
		if code != exitOK {
			t.Errorf("%v: status %d: %s", c.args, code, errOut)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%v: no %q in\n%s", c.args, w, out)
			}
		}
	}
}

func TestHeroShowJSON(t *testing.T) {
	code, out, errOut := hott(t, "hero", "show", "--json", "gimli")
	if code != exitOK {
		t.Fatalf("status %d: %s", code, errOut)
	}
	var v struct {
		Sheet struct {
			ID         string         `json:"id"`
			Attributes map[string]int `json:"attributes"`
		} `json:"sheet"`
		Derived struct {
			Attributes map[string]int `json:"attributes"`
			HitPoints  int            `json:"hit_points"`
			Locations  []struct {
				Location  string `json:"location"`
				Armour    int    `json:"armour"`
				HitPoints int    `json:"hit_points"`
			} `json:"locations"`
			Weapons []struct {
				Name string `json:"name"`
				SR   int    `json:"sr"`
			} `json:"weapons"`
		} `json:"derived"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	// Dwarves: SIZ 13−4 = 9, CON 14+6 = 20: 15 hit points, a leg 5; the abdomen mail 5 and the leather byrnie under it.
	if v.Sheet.ID != "gimli" || v.Sheet.Attributes["SIZ"] != 13 || v.Derived.Attributes["SIZ"] != 9 || v.Derived.HitPoints != 15 ||
		len(v.Derived.Locations) != 7 || v.Derived.Locations[0].HitPoints != 5 || v.Derived.Locations[2].Armour != 6 ||
		v.Derived.Weapons[0].Name != "axe" || v.Derived.Weapons[0].SR != 6 {
		t.Errorf("gimli: %+v", v)
	}
}

func TestHeroErrorsAndList(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"hero", "show", "Gandalf"}, exitError, `hott hero show: "Gandalf" matches`},
		{[]string{"hero", "show", "Gandalf"}, exitError, "gandalf-grey (Gandalf the Grey)"},
		{[]string{"hero", "show", "sauron"}, exitError, `no hero "sauron"`},
		{[]string{"hero", "show", "legolass"}, exitError, "near: legolas"},
		{[]string{"hero", "show"}, exitUsage, "want one hero NAME"},
		{[]string{"hero", "list", "x"}, exitUsage, "Usage: hott hero list"},
		{[]string{"hero"}, exitUsage, "hott hero show [--json] NAME"},
	} {
		code, _, errOut := hott(t, c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: status %d, %q; want %d, %q", c.args, code, errOut, c.code, c.want)
		}
	}
	code, out, _ := hott(t, "hero", "list")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != exitOK || len(lines) < 30 || !strings.Contains(out, "gothmog") || !strings.HasPrefix(lines[0], "aragorn ") {
		t.Errorf("hero list: status %d\n%s", code, out)
	}
	if code, out, _ := hott(t, "help"); code != exitOK || !strings.Contains(out, "hott hero show [--json] NAME") {
		t.Errorf("help: no hero show in\n%s", out)
	}
}
