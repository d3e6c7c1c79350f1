package store

import (
	"errors"
	"io/fs"
	"strings"
	"testing"
	"time"
)

// exercise checks the behaviour every Store shares.
func exercise(t *testing.T, s Store) {
	t.Helper()
	if l, err := s.List(); err != nil || len(l) != 0 {
		t.Fatalf("new store lists %v, %v", l, err)
	}
	if _, err := s.Get("missing.json"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Get of a missing file: %v, want fs.ErrNotExist", err)
	}
	if err := s.Remove("missing.json"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Remove of a missing file: %v, want fs.ErrNotExist", err)
	}
	if err := s.Put("b.json", []byte(`{"b":1}`)); err != nil {
		t.Fatal(err)
	}
	bin := []byte{0xff, 0, 'x', 0xfe}
	if err := s.Put("a bin", bin); err != nil {
		t.Fatal(err)
	}
	odd := []byte("base64:not really")
	if err := s.Put("c", odd); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"b.json": `{"b":1}`, "a bin": string(bin), "c": string(odd)} {
		got, err := s.Get(name)
		if err != nil || string(got) != want {
			t.Errorf("Get(%q) = %q, %v; want %q", name, got, err, want)
		}
	}
	if err := s.Put("b.json", []byte(`{"b":2}`)); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Get("b.json"); string(got) != `{"b":2}` {
		t.Errorf("after overwriting: %q", got)
	}
	l, err := s.List()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range l {
		names = append(names, e.Name)
		if e.Name == "b.json" && e.Size != 7 {
			t.Errorf("b.json size %d", e.Size)
		}
		if time.Since(e.Modified) > time.Hour || e.Modified.IsZero() {
			t.Errorf("%s modified %v", e.Name, e.Modified)
		}
	}
	if strings.Join(names, ",") != "a bin,b.json,c" {
		t.Errorf("List: %q", names)
	}
	if err := s.Remove("a bin"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get("a bin"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("after Remove: %v", err)
	}
	for _, bad := range []string{"", "../x", "a/b", `a\b`, ".hidden", "tab\there"} {
		if err := s.Put(bad, nil); err == nil {
			t.Errorf("Put(%q) accepted", bad)
		}
	}
}

func TestMemory(t *testing.T) { exercise(t, NewMemory()) }

func TestSafeName(t *testing.T) {
	for in, want := range map[string]string{
		"  Pelennor, bound 3 ": "Pelennor, bound 3",
		"../../etc/passwd":     "-..-etc-passwd",
		"..hidden":             "hidden",
		"a:b*c?":               "a-b-c-",
		"tab\there":            "tabhere",
		"":                     "",
		"...":                  "",
	} {
		if got := SafeName(in, 40); got != want {
			t.Errorf("SafeName(%q) = %q, want %q", in, got, want)
		}
		if got := SafeName(in, 40); got != "" && CheckName(got) != nil {
			t.Errorf("SafeName(%q) = %q, which CheckName refuses: %v", in, got, CheckName(got))
		}
	}
	if got := SafeName(strings.Repeat("é", 100), 10); got != strings.Repeat("é", 10) {
		t.Errorf("cut: %q", got)
	}
}
