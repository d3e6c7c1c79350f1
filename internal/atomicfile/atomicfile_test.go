package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// A failure between writing and renaming leaves the previous file whole
// and no temporary file behind; a good write replaces it.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "save.json")
	if err := Write(path, []byte("first"), nil); err != nil {
		t.Fatal(err)
	}
	crash := errors.New("power cut")
	if err := Write(path, []byte("second"), func(string, string) error { return crash }); !errors.Is(err, crash) {
		t.Fatalf("err %v, want the injected failure", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "first" {
		t.Errorf("after a failed write the file holds %q, want the previous %q", got, "first")
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Errorf("%d files left in the directory, want only the save", len(es))
	}
	if err := Write(path, []byte("second"), nil); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); string(got) != "second" {
		t.Errorf("file holds %q, want %q", got, "second")
	}
}
