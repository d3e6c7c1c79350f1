package thirdage

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The hero-sheet example of docs/formats.md §12 is a valid sheet, is the
// embedded Éowyn but for her note, and derives what the text says.
func TestFormatsExample(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "docs", "formats.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(data), "<!-- hero-example -->\n```json\n")
	block, _, ok2 := strings.Cut(rest, "```")
	if !ok || !ok2 {
		t.Fatal("no hero-example block in docs/formats.md")
	}
	s, err := ParseSheet("formats.md", []byte(block))
	if err != nil {
		t.Fatal(err)
	}
	e, _ := Lookup("eowyn")
	c := *e
	c.Note = s.Note
	if d, w := s.Derive(), c.Derive(); !equalDerived(d, w) || s.Shield != e.Shield || s.Tactics.Cast[0] != e.Tactics.Cast[0] {
		t.Errorf("the example is not the embedded Éowyn")
	}
	d := s.Derive()
	if d.HitPoints != 12 || d.Locations != [NumLocations]int{4, 4, 4, 5, 3, 3, 4} ||
		d.Armour != [NumLocations]int{1, 1, 4, 3, 3, 3, 3} || d.DamageBonus != "none" || d.Defence != 2 || d.Weapons[0].SR != 5 {
		t.Errorf("derived %+v", d)
	}
	f := &fighter{Fighter: Fighter{Sheet: s}, d: &d, use: s.Weapons[0]}
	f.weapon, _ = WeaponNamed(s.Weapons[0].Kind)
	f.castAtStart()
	if f.strikeRank(1) != 4 || f.strikeRank(2) != 4 {
		t.Errorf("strike ranks %d, %d", f.strikeRank(1), f.strikeRank(2))
	}
}

func equalDerived(a, b Derived) bool {
	return a.Attributes == b.Attributes && a.HitPoints == b.HitPoints && a.Armour == b.Armour &&
		a.Defence == b.Defence && a.Bonus == b.Bonus && len(a.Weapons) == len(b.Weapons) && a.Weapons[0] == b.Weapons[0]
}
