package store

import (
	"errors"
	"io/fs"
	"reflect"
	"strings"
	"testing"

	"pelennor/army"
)

func readyArmy(t *testing.T, id string) *army.Army {
	t.Helper()
	cat, err := army.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	a, ok := cat.Army(id)
	if !ok {
		t.Fatalf("no ready-made army %q", id)
	}
	return a
}

func exerciseArmies(t *testing.T, s *Armies) {
	if l, err := s.List(); err != nil || len(l) != 0 {
		t.Fatalf("new store lists %v, %v", l, err)
	}
	rohan := readyArmy(t, "rohan")
	file, err := s.Save(rohan)
	if err != nil || file != "The Muster of Dunharrow.json" {
		t.Fatalf("Save: %q, %v", file, err)
	}
	got, err := s.Load(file)
	if err != nil || !reflect.DeepEqual(got, rohan) {
		t.Fatalf("Load: %+v, %v", got, err)
	}
	odd := readyArmy(t, "shire")
	odd.Name = "Hobbits: the/real ones?"
	oddFile, err := s.Save(odd)
	if err != nil || oddFile != "Hobbits- the-real ones-.json" {
		t.Fatalf("Save of an odd name: %q, %v", oddFile, err)
	}
	// Saving again under the same name replaces it.
	odd.Description = "changed"
	if f, err := s.Save(odd); err != nil || f != oddFile {
		t.Fatalf("second Save: %q, %v", f, err)
	}
	if a, _ := s.Load(oddFile); a.Description != "changed" {
		t.Errorf("the second Save did not replace the army")
	}
	// A file that is not an army is listed with its error; other files are not listed.
	if err := s.S.Put("broken.json", []byte(`{"format": 1, "list": "rohan", "name": "B", "elements": [{"entry": "x", "colour": 1}]}`)); err != nil {
		t.Fatal(err)
	}
	if err := s.S.Put("notes.txt", []byte("hello")); err != nil {
		t.Fatal(err)
	}
	list, err := s.List()
	if err != nil || len(list) != 3 {
		t.Fatalf("List: %+v, %v", list, err)
	}
	if l := list[0]; l.File != "Hobbits- the-real ones-.json" || l.Name != odd.Name || l.List != "shire" || l.Err != nil {
		t.Errorf("first: %+v", l)
	}
	if l := list[2]; l.File != "broken.json" || l.Err == nil || !strings.Contains(l.Err.Error(), `elements[0]: unknown field "colour"`) {
		t.Errorf("the broken file: %+v", l)
	}
	// Delete.
	if err := s.Delete("broken.json"); err != nil {
		t.Fatal(err)
	}
	if err := s.Delete("broken.json"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("second Delete: %v, want fs.ErrNotExist", err)
	}
	if err := s.Delete("notes.txt"); err == nil {
		t.Error("Delete removed a file that is not an army")
	}
	if _, err := s.Load("broken.json"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Load of a deleted army: %v", err)
	}
	// Ill-formed armies are not saved.
	for _, bad := range []*army.Army{{Format: 1, List: "rohan", Name: "  "}, {Format: 1, List: "rohan", Name: "Empty"}} {
		if _, err := s.Save(bad); err == nil {
			t.Errorf("Save(%+v) succeeded", bad)
		}
	}
	if _, err := s.Load("Empty.json"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("an ill-formed army was written: %v", err)
	}
}
