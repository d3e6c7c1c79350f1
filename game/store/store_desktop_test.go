//go:build !js

package store

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDir(t *testing.T) { exercise(t, NewDir(filepath.Join(t.TempDir(), "saves"))) }

// A crash between writing the new file and renaming it over the old one
// leaves the old one whole, and the half-done file out of the listing.
func TestInterruptedPutKeepsThePreviousFile(t *testing.T) {
	dir := t.TempDir()
	d := NewDir(dir)
	old := []byte(`{"format":1,"actions":["the old game"]}`)
	if err := d.Put("game.json", old); err != nil {
		t.Fatal(err)
	}
	crash := errors.New("power cut")
	var tmp string
	d.Rename = func(oldpath, newpath string) error {
		tmp = oldpath
		// The new content is fully written and synced by now.
		data, err := os.ReadFile(oldpath)
		if err != nil || !strings.Contains(string(data), "the new game") {
			t.Errorf("temporary file before rename: %q, %v", data, err)
		}
		if filepath.Dir(oldpath) != filepath.Dir(newpath) {
			t.Errorf("temporary file %s not beside %s", oldpath, newpath)
		}
		return crash
	}
	err := d.Put("game.json", []byte(`{"format":1,"actions":["the new game"]}`))
	if !errors.Is(err, crash) {
		t.Fatalf("Put: %v, want the injected failure", err)
	}
	got, err := d.Get("game.json")
	if err != nil || string(got) != string(old) {
		t.Fatalf("after the interrupted save: %q, %v; want the previous save", got, err)
	}
	if _, err := os.Stat(tmp); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("temporary file %s left behind: %v", tmp, err)
	}
	// Had the process died instead, the temporary file would remain: it
	// is hidden from the listing.
	if err := os.WriteFile(filepath.Join(dir, ".game.json.tmp-123"), []byte("{half"), 0o644); err != nil {
		t.Fatal(err)
	}
	l, _ := d.List()
	if len(l) != 1 || l[0].Name != "game.json" {
		t.Errorf("List after a crash: %+v", l)
	}
	d.Rename = nil
	if err := d.Put("game.json", []byte("new")); err != nil {
		t.Fatal(err)
	}
	if got, _ := d.Get("game.json"); string(got) != "new" {
		t.Errorf("after a good save: %q", got)
	}
	if fi, err := os.Stat(filepath.Join(dir, "game.json")); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, %v", fi.Mode(), err)
	}
}

func TestOpenUsesTheConfigDir(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(ConfigEnv, dir)
	s, err := Open("saves")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Put("x.json", []byte("{}")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "saves", "x.json")); err != nil {
		t.Fatal(err)
	}
	if w := Where(s, "x.json"); w != filepath.Join(dir, "saves", "x.json") {
		t.Errorf("Where: %s", w)
	}
	if _, err := Open("../x"); err == nil {
		t.Error("Open of ../x accepted")
	}
}

func TestWriteFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "mail", "turn.json")
	if err := WriteFile(p, []byte("turn")); err != nil {
		t.Fatal(err)
	}
	if got, err := ReadFile(p); err != nil || string(got) != "turn" {
		t.Fatalf("%q %v", got, err)
	}
	if err := WriteFile(t.TempDir()+string(filepath.Separator), nil); err == nil {
		t.Error("a directory accepted as a file")
	}
	home, _ := os.UserHomeDir()
	if got := Expand("~/x/y"); home != "" && got != filepath.Join(home, "x", "y") {
		t.Errorf("Expand: %s", got)
	}
}

// A directory on disk needs no promise from anyone.
func TestDesktopIsPersistent(t *testing.T) {
	<-RequestPersistence()
	if p := Persisted(); p != PersistGranted || p.Evictable() {
		t.Errorf("Persisted %s", p)
	}
}
