//go:build !js

package store

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
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

// The army functions on a memory store and on a directory behave alike.
func TestArmies(t *testing.T) {
	for name, s := range map[string]Store{"memory": NewMemory(), "dir": NewDir(filepath.Join(t.TempDir(), "armies"))} {
		t.Run(name, func(t *testing.T) { exerciseArmies(t, &Armies{S: s}) })
	}
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

func TestArmiesImportExport(t *testing.T) {
	dir := t.TempDir()
	s := &Armies{S: NewDir(filepath.Join(dir, "store"))}
	src := filepath.Join("..", "..", "army", "armies", "erebor.json")
	a, file, err := s.Import(src)
	if err != nil || file != "The Host of Dáin.json" || a.List != "erebor" {
		t.Fatalf("Import: %q, %v", file, err)
	}
	out, err := s.Export(file, dir+string(filepath.Separator))
	if err != nil || out != filepath.Join(dir, file) {
		t.Fatalf("Export to a directory: %q, %v", out, err)
	}
	want, _ := os.ReadFile(src)
	if got, _ := os.ReadFile(out); string(got) != string(want) {
		t.Errorf("the exported file differs from the imported one:\n%s\n%s", got, want)
	}
	named := filepath.Join(dir, "sub", "mine.json")
	if out, err := s.Export(file, named); err != nil || out != named {
		t.Fatalf("Export to a path: %q, %v", out, err)
	}
	if _, _, err := s.Import(named); err != nil {
		t.Errorf("re-import of the export: %v", err)
	}
	// A bad file is refused, naming the file and the element.
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"format": 1, "list": "erebor", "name": "Bad", "elements": [{"entry": "Axes", "name": "Gimli", "count": 2}]}`), 0o644)
	if _, _, err := s.Import(bad); err == nil || !strings.Contains(err.Error(), bad+`: elements[0] "Gimli": unknown field "count"`) {
		t.Errorf("Import of a bad file: %v", err)
	}
	if _, err := s.Load("Bad.json"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a refused import was stored: %v", err)
	}
	if _, _, err := s.Import(filepath.Join(dir, "missing.json")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Import of a missing file: %v", err)
	}
	if _, err := s.Export("missing.json", dir); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Export of a missing army: %v", err)
	}
}
