//go:build js

package store

import (
	"strings"
	"testing"

	"pelennor/game/store/storetest"
)

func TestLocal(t *testing.T) {
	items := storetest.FakeLocalStorage()
	s, err := Open("saves")
	if err != nil {
		t.Fatal(err)
	}
	exercise(t, s)
	for k, v := range items {
		if !strings.HasPrefix(k, Prefix) {
			t.Errorf("key %q without the prefix", k)
		}
		if k == Prefix+"saves/b.json" && v != `{"b":2}` {
			t.Errorf("JSON not kept as text: %q", v)
		}
	}
	// Areas do not see each other's files.
	root, _ := Open("")
	if err := root.Put("settings.json", []byte("{}")); err != nil {
		t.Fatal(err)
	}
	if l, _ := root.List(); len(l) != 1 || l[0].Name != "settings.json" {
		t.Errorf("root area lists %+v", l)
	}
	if l, _ := s.List(); len(l) != 2 {
		t.Errorf("saves area lists %+v", l)
	}
}
