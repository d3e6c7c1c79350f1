//go:build js

package saves

import (
	"strings"
	"testing"

	"pelennor/game/store"
	"pelennor/game/store/storetest"
)

// In the browser the journal is a localStorage item, rewritten after
// every action; it reads back as the game, and a damaged item is refused
// naming the file, and set aside.
func TestJournalInLocalStorage(t *testing.T) {
	items := storetest.FakeLocalStorage()
	l := library(t)
	var err error
	if l.Journals, err = store.Open(AreaJournal); err != nil {
		t.Fatal(err)
	}
	s, _ := golden(t)
	h := pelennor(t, 0)
	j := l.Journal(h, h.Game().Scenario())
	for i, a := range s.Actions[:40] {
		if _, err := h.Apply(a); err != nil {
			t.Fatalf("action %d: %v", i, err)
		}
		if err := j.Write(h, players); err != nil {
			t.Fatalf("write after action %d: %v", i, err)
		}
	}
	readBack(t, l, j, h)
	key := store.Prefix + AreaJournal + "/" + j.Name()
	text, ok := items[key]
	if !ok || !strings.HasPrefix(text, `{"format":1,"kind":"journal"`) {
		t.Fatalf("localStorage[%q] = %.60q", key, text)
	}
	items[key] = text[:len(text)-40]
	_, data, err := l.OpenJournal(j.Name())
	if err == nil || !strings.Contains(err.Error(), j.Name()) {
		t.Fatalf("a damaged journal: %v", err)
	}
	if _, err := l.SetAside(j.Name(), data); err != nil {
		t.Fatal(err)
	}
	if _, ok := items[key+".broken"]; !ok {
		t.Error("the damaged journal was not kept")
	}
	if _, ok := items[key]; ok {
		t.Error("the damaged journal is still read")
	}
}
