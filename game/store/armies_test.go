//go:build !js

package store

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The army functions on a memory store and on a directory behave alike.
func TestArmies(t *testing.T) {
	for name, s := range map[string]Store{"memory": NewMemory(), "dir": NewDir(filepath.Join(t.TempDir(), "armies"))} {
		t.Run(name, func(t *testing.T) { exerciseArmies(t, &Armies{S: s}) })
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
