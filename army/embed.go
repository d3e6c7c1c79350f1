package army

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"
)

// The lists and their ready-made armies shipped with the game: each list
// lists/ID.json has one army armies/ID.json of that list (docs/formats.md §8.3).
//
//go:embed lists/*.json armies/*.json
var embedded embed.FS

// Catalog is a set of lists by id, with a ready-made army for each.
type Catalog struct {
	lists  map[string]*List
	armies map[string]*Army
	ids    []string
}

var (
	builtinOnce sync.Once
	builtin     *Catalog
	builtinErr  error
)

// Builtin returns the embedded lists and armies, decoded once. An error
// means a shipped file is broken (the tests keep that from happening).
func Builtin() (*Catalog, error) {
	builtinOnce.Do(func() { builtin, builtinErr = LoadCatalog(embedded) })
	return builtin, builtinErr
}

// LoadCatalog reads lists/*.json and armies/*.json from fsys. A list's
// id must be its file name; an army file is named after its list.
func LoadCatalog(fsys fs.FS) (*Catalog, error) {
	c := &Catalog{lists: map[string]*List{}, armies: map[string]*Army{}}
	var errs []error
	files, _ := fs.Glob(fsys, "lists/*.json")
	for _, f := range files {
		data, err := fs.ReadFile(fsys, f)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		l, err := ParseList(f, data)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if want := strings.TrimSuffix(path.Base(f), ".json"); l.ID != want {
			errs = append(errs, fmt.Errorf("%s: id: the list id %q is not the file's name %q", f, l.ID, want))
			continue
		}
		c.lists[l.ID] = l
		c.ids = append(c.ids, l.ID)
	}
	files, _ = fs.Glob(fsys, "armies/*.json")
	for _, f := range files {
		data, err := fs.ReadFile(fsys, f)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		a, err := ParseArmy(f, data)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if want := strings.TrimSuffix(path.Base(f), ".json"); a.List != want {
			errs = append(errs, fmt.Errorf("%s: list: the ready-made army of list %q is of list %q", f, want, a.List))
			continue
		}
		c.armies[a.List] = a
	}
	slices.Sort(c.ids)
	return c, errors.Join(errs...)
}

// IDs returns the list ids, sorted.
func (c *Catalog) IDs() []string { return slices.Clone(c.ids) }

// List returns the list with the given id.
func (c *Catalog) List(id string) (*List, bool) { l, ok := c.lists[id]; return l, ok }

// Army returns a copy of the ready-made army of the list with the given id.
func (c *Catalog) Army(id string) (*Army, bool) {
	a, ok := c.armies[id]
	if !ok {
		return nil, false
	}
	cp := *a
	cp.Elements = slices.Clone(a.Elements)
	if a.Stronghold != nil {
		s := *a.Stronghold
		cp.Stronghold = &s
	}
	return &cp, true
}
