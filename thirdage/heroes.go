package thirdage

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"
)

//go:embed heroes/*.json
var heroFiles embed.FS

// ParseSheet decodes and checks one sheet file; name is used in messages.
// Unknown fields are refused, and every problem is named.
func ParseSheet(name string, data []byte) (*Sheet, error) {
	s, err := decodeSheet(name, data)
	if err != nil {
		return nil, err
	}
	if ps := problems(s); len(ps) > 0 {
		return nil, fmt.Errorf("%s: %s", name, strings.Join(ps, "\n"+name+": "))
	}
	return s, nil
}

// decodeSheet decodes one sheet file strictly, without checking it.
func decodeSheet(name string, data []byte) (*Sheet, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var s Sheet
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%s: more than one JSON value", name)
	}
	return &s, nil
}

// LoadSheets reads every *.json sheet of a directory of fsys: one sheet
// a file, the file named by the sheet's id.
func LoadSheets(fsys fs.FS, dir string) ([]*Sheet, error) { return loadSheets(fsys, dir, ParseSheet) }

func loadSheets(fsys fs.FS, dir string, parse func(string, []byte) (*Sheet, error)) ([]*Sheet, error) {
	names, err := fs.Glob(fsys, path.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	var sheets []*Sheet
	var errs []string
	for _, n := range names {
		data, err := fs.ReadFile(fsys, n)
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		s, err := parse(n, data)
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		if want := strings.TrimSuffix(path.Base(n), ".json"); s.ID != want {
			errs = append(errs, fmt.Sprintf("%s: id %q is not the file's name %q", n, s.ID, want))
			continue
		}
		sheets = append(sheets, s)
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	slices.SortFunc(sheets, func(a, b *Sheet) int { return strings.Compare(a.ID, b.ID) })
	return sheets, nil
}

// builtin are the embedded sheets, decoded but not checked here: their
// test checks every one (TestEmbeddedSheets), and the check's code would
// weigh on the browser's module for nothing.
var builtin = sync.OnceValues(func() ([]*Sheet, error) { return loadSheets(heroFiles, "heroes", decodeSheet) })

// All returns every embedded sheet, by id. The sheets are shared: do not
// change them.
func All() ([]*Sheet, error) { return builtin() }

// Lookup finds a sheet by its ID.
func Lookup(id string) (*Sheet, bool) {
	all, err := builtin()
	if err != nil {
		return nil, false
	}
	i, ok := slices.BinarySearchFunc(all, id, func(s *Sheet, id string) int { return strings.Compare(s.ID, id) })
	if !ok {
		return nil, false
	}
	return all[i], true
}

// Find matches name as a sheet's id or as a unique case-insensitive
// prefix of its name (with or without a leading "The") or id; otherwise
// the error lists the near matches.
func Find(name string) (*Sheet, error) {
	all, err := builtin()
	if err != nil {
		return nil, err
	}
	if s, ok := Lookup(name); ok {
		return s, nil
	}
	q := strings.ToLower(strings.TrimSpace(name))
	var hits []*Sheet
	for _, s := range all {
		name := strings.ToLower(s.Name)
		if q != "" && (strings.HasPrefix(name, q) || strings.HasPrefix(strings.TrimPrefix(name, "the "), q) || strings.HasPrefix(s.ID, q)) {
			hits = append(hits, s)
		}
	}
	if len(hits) == 1 {
		return hits[0], nil
	}
	if len(hits) > 1 {
		return nil, fmt.Errorf("%q matches %d heroes: %s", name, len(hits), idList(hits))
	}
	var near []*Sheet
	for _, s := range all {
		if q != "" && (strings.Contains(strings.ToLower(s.Name), q) || strings.Contains(s.ID, q) ||
			len(q) >= 2 && strings.HasPrefix(s.ID, q[:2])) {
			near = append(near, s)
		}
	}
	if len(near) == 0 {
		return nil, fmt.Errorf("no hero %q (hott hero list names them all)", name)
	}
	return nil, fmt.Errorf("no hero %q; near: %s", name, idList(near))
}

func idList(ss []*Sheet) string {
	var s []string
	for _, h := range ss {
		s = append(s, fmt.Sprintf("%s (%s)", h.ID, h.Name))
	}
	return strings.Join(s, ", ")
}
