package store

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
)

// The store's kinds of document (armies, tournaments) share these: one
// file of a given ending each, listed with their errors so a damaged one
// can be deleted, exported under their own name into a folder.

// filesOf lists the entries of s whose names end in ext, sorted by name.
func filesOf(s Store, ext string) ([]Entry, error) {
	entries, err := s.List()
	if err != nil {
		return nil, err
	}
	var out []Entry
	for _, e := range entries {
		if strings.HasSuffix(e.Name, ext) {
			out = append(out, e)
		}
	}
	return out, nil
}

// removeOf removes file from s if its name ends in ext (what names the
// kind in the refusal); a missing one is an error wrapping fs.ErrNotExist.
func removeOf(s Store, file, ext, what string) error {
	if !strings.HasSuffix(file, ext) {
		return &fs.PathError{Op: "delete", Path: file, Err: errors.New("not " + what + " file")}
	}
	return s.Remove(file)
}

// exportTo writes data to p atomically (WriteFile); a p naming a
// directory (ending in a separator) gets file's name in it. It returns
// where it wrote.
func exportTo(p, file string, data []byte) (string, error) {
	if strings.HasSuffix(p, "/") || strings.HasSuffix(p, string(filepath.Separator)) {
		p = filepath.Join(p, file)
	}
	return p, WriteFile(p, data)
}
