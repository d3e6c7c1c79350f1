//go:build !js

package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"pelennor/internal/atomicfile"
)

// ConfigDir returns the directory the game keeps its files in:
// $PELENNOR_CONFIG_DIR if set, else os.UserConfigDir()/pelennor (on Linux
// ~/.config/pelennor).
func ConfigDir() (string, error) {
	if d := os.Getenv(ConfigEnv); d != "" {
		return d, nil
	}
	d, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("no configuration directory for saved games: %w", err)
	}
	return filepath.Join(d, "pelennor"), nil
}

// Open returns the store for an area of the configuration directory:
// "saves", "autosave", or "" for the directory itself (the settings).
func Open(area string) (Store, error) {
	root, err := ConfigDir()
	if err != nil {
		return nil, err
	}
	if area != "" {
		if err := CheckName(area); err != nil {
			return nil, err
		}
		root = filepath.Join(root, area)
	}
	return NewDir(root), nil
}

// Dir is a Store in a directory, created when first written to.
type Dir struct {
	Path string
	// Rename moves the written temporary file onto its name; nil for
	// os.Rename. Tests replace it to simulate a crash between writing
	// and renaming.
	Rename func(oldpath, newpath string) error
}

// NewDir returns the store in directory path.
func NewDir(path string) *Dir { return &Dir{Path: path} }

// Where returns the file's path.
func (d *Dir) Where(name string) string { return filepath.Join(d.Path, name) }

// Put writes the file atomically: into a temporary file in the same
// directory, synced to disk and closed, then renamed over the old file,
// then the directory synced. A failure at any step, or a crash, leaves
// the previous file as it was.
func (d *Dir) Put(name string, data []byte) error {
	if err := CheckName(name); err != nil {
		return err
	}
	if err := os.MkdirAll(d.Path, 0o755); err != nil {
		return err
	}
	return atomicfile.Write(filepath.Join(d.Path, name), data, d.Rename)
}

// Get reads the file.
func (d *Dir) Get(name string) ([]byte, error) {
	if err := CheckName(name); err != nil {
		return nil, err
	}
	return os.ReadFile(filepath.Join(d.Path, name))
}

// List returns the regular files, sorted by name, leaving out temporary
// files (their names begin with a dot). A missing directory is empty.
func (d *Dir) List() ([]Entry, error) {
	des, err := os.ReadDir(d.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []Entry
	for _, de := range des {
		if strings.HasPrefix(de.Name(), ".") || !de.Type().IsRegular() {
			continue
		}
		info, err := de.Info()
		if err != nil {
			continue // removed meanwhile
		}
		out = append(out, Entry{Name: de.Name(), Size: info.Size(), Modified: info.ModTime()})
	}
	slices.SortFunc(out, func(a, b Entry) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

// Remove deletes the file.
func (d *Dir) Remove(name string) error {
	if err := CheckName(name); err != nil {
		return err
	}
	return os.Remove(filepath.Join(d.Path, name))
}

// WriteFile writes a file anywhere on disk, atomically as Put does (for
// exported turn files, whose place the player chooses). A leading "~/"
// is the home directory.
func WriteFile(path string, data []byte) error {
	path = Expand(path)
	dir, name := filepath.Split(path)
	if name == "" {
		return fmt.Errorf("%q names a directory, not a file", path)
	}
	if dir == "" {
		dir = "."
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return atomicfile.Write(filepath.Join(dir, name), data, nil)
}

// ReadFile reads a file anywhere on disk ("~/" is the home directory).
func ReadFile(path string) ([]byte, error) { return os.ReadFile(Expand(path)) }

// Expand replaces a leading "~/" with the home directory.
func Expand(path string) string {
	if rest, ok := strings.CutPrefix(path, "~"+string(filepath.Separator)); ok || path == "~" {
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, rest)
		}
	}
	if rest, ok := strings.CutPrefix(path, "~/"); ok {
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, rest)
		}
	}
	return path
}

// RequestPersistence: a directory on disk is kept until the player
// removes it. The channel is closed at once.
func RequestPersistence() <-chan struct{} {
	done := make(chan struct{})
	close(done)
	return done
}

// Persisted is PersistGranted on the desktop.
func Persisted() Persistence { return PersistGranted }
