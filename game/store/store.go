// Package store keeps the player's files: saved games, autosaves, the
// settings. A Store is a flat set of named files. On the desktop it is a
// directory under the user's configuration directory (store_desktop.go);
// in the browser it is window.localStorage (store_js.go). Memory is a
// Store for tests and for when neither is available.
//
// The package does not import Ebitengine, so its tests run without a
// display.
package store

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// Entry describes a stored file.
type Entry struct {
	Name     string
	Size     int64
	Modified time.Time
}

// Store is a flat set of named files.
type Store interface {
	// Put writes a file atomically: a reader sees the old content or the
	// new, never a mixture, and a failure leaves the old content intact.
	Put(name string, data []byte) error
	// Get reads a file. A missing file gives an error wrapping
	// fs.ErrNotExist.
	Get(name string) ([]byte, error)
	// List returns the files, sorted by name.
	List() ([]Entry, error)
	// Remove deletes a file; removing a missing file is an error wrapping
	// fs.ErrNotExist.
	Remove(name string) error
}

// Locator is implemented by stores that can say where a file is, for
// messages ("written to ~/.config/pelennor/saves/x.md").
type Locator interface {
	Where(name string) string
}

// Where says where name is kept in s, or just the name.
func Where(s Store, name string) string {
	if l, ok := s.(Locator); ok {
		return l.Where(name)
	}
	return name
}

// CheckName reports whether name may name a file in a store: non-empty,
// valid UTF-8, at most 200 bytes, without path separators, control
// characters or a leading dot (temporary files begin with one).
func CheckName(name string) error {
	switch {
	case name == "":
		return errors.New("a file needs a name")
	case len(name) > 200:
		return fmt.Errorf("the name %.40q… is too long", name)
	case !utf8.ValidString(name):
		return fmt.Errorf("the name %q is not valid UTF-8", name)
	case strings.HasPrefix(name, "."):
		return fmt.Errorf("the name %q may not begin with a dot", name)
	case strings.ContainsAny(name, `/\`):
		return fmt.Errorf("the name %q may not contain / or \\", name)
	}
	for _, r := range name {
		if r < ' ' || r == 0x7f {
			return fmt.Errorf("the name %q contains a control character", name)
		}
	}
	return nil
}

// SafeName turns what a player typed into a name CheckName accepts:
// path separators and characters Windows forbids become "-", control
// characters and leading dots and spaces go, and it is cut to max runes.
// It returns "" if nothing is left.
func SafeName(s string, max int) string {
	var b strings.Builder
	n := 0
	for _, r := range s {
		if max > 0 && n >= max {
			break
		}
		switch {
		case r == utf8.RuneError || r < ' ' || r == 0x7f:
			continue
		case strings.ContainsRune(`/\:*?"<>|`, r):
			r = '-'
		}
		b.WriteRune(r)
		n++
	}
	return strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(b.String()), ". "))
}

func notFound(op, name string) error {
	return &fs.PathError{Op: op, Path: name, Err: fs.ErrNotExist}
}

// Memory is a Store held in memory.
type Memory struct {
	mu    sync.Mutex
	files map[string]memFile
	// Now gives the modification times; nil for time.Now.
	Now func() time.Time
}

type memFile struct {
	data []byte
	mod  time.Time
}

// NewMemory returns an empty Memory store.
func NewMemory() *Memory { return &Memory{files: map[string]memFile{}} }

// Put stores a copy of data.
func (m *Memory) Put(name string, data []byte) error {
	if err := CheckName(name); err != nil {
		return err
	}
	now := time.Now
	if m.Now != nil {
		now = m.Now
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.files == nil {
		m.files = map[string]memFile{}
	}
	m.files[name] = memFile{slices.Clone(data), now()}
	return nil
}

// Get returns a copy of the file.
func (m *Memory) Get(name string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	f, ok := m.files[name]
	if !ok {
		return nil, notFound("get", name)
	}
	return slices.Clone(f.data), nil
}

// List returns the files sorted by name.
func (m *Memory) List() ([]Entry, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]Entry, 0, len(m.files))
	for n, f := range m.files {
		out = append(out, Entry{Name: n, Size: int64(len(f.data)), Modified: f.mod})
	}
	slices.SortFunc(out, func(a, b Entry) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

// Remove deletes the file.
func (m *Memory) Remove(name string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.files[name]; !ok {
		return notFound("remove", name)
	}
	delete(m.files, name)
	return nil
}

// ConfigEnv names the environment variable that overrides the desktop
// configuration directory (tests set it to a temporary directory).
const ConfigEnv = "PELENNOR_CONFIG_DIR"

// Persistence says whether the place the files are kept has promised to
// keep them: a browser may otherwise evict a site's storage (private
// windows, cleared site data, storage pressure).
type Persistence int32

// The answers.
const (
	PersistAsking      Persistence = iota // the browser has not answered yet
	PersistGranted                        // kept until the player clears them
	PersistRefused                        // the browser may evict them
	PersistUnavailable                    // no way to ask: they may be evicted
)

var persistNames = [...]string{"asking", "granted", "refused", "unavailable"}

func (p Persistence) String() string {
	if p < 0 || int(p) >= len(persistNames) {
		return fmt.Sprintf("Persistence(%d)", int(p))
	}
	return persistNames[p]
}

// Evictable reports whether the files may be lost without the player
// asking: the answer is a refusal, or there is no way to ask.
func (p Persistence) Evictable() bool { return p == PersistRefused || p == PersistUnavailable }
