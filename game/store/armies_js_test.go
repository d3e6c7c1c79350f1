//go:build js

package store

import (
	"strings"
	"testing"

	"pelennor/game/store/storetest"
)

// The player's armies in browser storage: the shared behaviour, the
// keys, and import and export through the exports area.
func TestArmiesLocal(t *testing.T) {
	items := storetest.FakeLocalStorage()
	s, err := OpenArmies()
	if err != nil {
		t.Fatal(err)
	}
	exerciseArmies(t, s)
	if v, ok := items[Prefix+"armies/The Muster of Dunharrow.json"]; !ok || !strings.Contains(v, `"list": "rohan"`) {
		t.Errorf("the army is not kept as text under its key: %q", v)
	}
	out, err := s.Export("The Muster of Dunharrow.json", "muster.json")
	if err != nil || out != "muster.json" {
		t.Fatalf("Export: %q, %v", out, err)
	}
	if _, ok := items[Prefix+"exports/muster.json"]; !ok {
		t.Errorf("the export is not in the exports area: %v", items)
	}
	if err := s.Delete("The Muster of Dunharrow.json"); err != nil {
		t.Fatal(err)
	}
	a, file, err := s.Import("muster.json")
	if err != nil || file != "The Muster of Dunharrow.json" || a.List != "rohan" {
		t.Errorf("Import from the exports area: %q, %v", file, err)
	}
}
