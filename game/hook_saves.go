package game

// Save files across the browser's edge: web/index.html downloads them
// (export) and reads them from a file picker (import) through
// window.hott (hook_js.go). The files themselves are kept by the saves
// library in the App's stores (localStorage in the browser). These are
// here, untagged, so that they are tested natively.

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"pelennor/game/saves"
	"pelennor/game/store"
)

// HookFile is a file kept by the game, as the page lists it for export.
type HookFile struct {
	Area     string `json:"area"` // saves, autosave or exports
	Name     string `json:"name"`
	Size     int64  `json:"size"`
	Modified int64  `json:"modified"` // Unix milliseconds
}

// areaExports is where store.WriteFile keeps files written to a path
// (turn files) in the browser, which has no file system.
const areaExports = "exports"

// hookStore returns the store of an area.
func (a *App) hookStore(area string) (store.Store, error) {
	switch area {
	case saves.AreaSaves:
		return a.storage.Saves, nil
	case saves.AreaAuto:
		return a.storage.Autosaves, nil
	case areaExports:
		return store.Open(areaExports)
	}
	return nil, fmt.Errorf("no area %q", area)
}

// hookFiles lists the files kept, saves first, then autosaves (newest
// first) and exported turn files.
func (a *App) hookFiles(withExports bool) []HookFile {
	areas := []string{saves.AreaSaves, saves.AreaAuto}
	if withExports {
		areas = append(areas, areaExports)
	}
	var out []HookFile
	for _, area := range areas {
		s, err := a.hookStore(area)
		if err != nil || s == nil {
			continue
		}
		es, err := s.List()
		if err != nil {
			continue
		}
		var fs []HookFile
		for _, e := range es {
			fs = append(fs, HookFile{Area: area, Name: e.Name, Size: e.Size, Modified: e.Modified.UnixMilli()})
		}
		slices.SortStableFunc(fs, func(x, y HookFile) int { return int(y.Modified - x.Modified) })
		out = append(out, fs...)
	}
	return out
}

// hookFile reads a kept file.
func (a *App) hookFile(area, name string) ([]byte, error) {
	s, err := a.hookStore(area)
	if err != nil {
		return nil, err
	}
	if s == nil {
		return nil, errors.New("no storage")
	}
	return s.Get(name)
}

// hookExportSave returns the battle in play as a save file and a name
// for it.
func (a *App) hookExportSave() (name string, data []byte, err error) {
	b := a.topBattle()
	if b == nil {
		return "", nil, errors.New("no battle in play to export")
	}
	if b.M.H == nil {
		return "", nil, errors.New("a replay cannot be exported: play from here first")
	}
	data, err = saves.Encode(b.M.H, b.M.Names)
	if err != nil {
		return "", nil, err
	}
	return defaultName(b.M) + saves.Ext, data, nil
}

// hookImportSave opens a save or turn file from outside (the page's file
// picker) as the desktop opens one from a path, and keeps a copy among
// the saves, since the browser has nowhere else to find it again. A
// file that cannot be opened is not kept.
func (a *App) hookImportSave(name string, data []byte) error {
	if t, ok := a.Top().(fileTaker); ok {
		return t.TakeFile(a, name, data) // a tournament's screen (tournament_round.go)
	}
	name = store.SafeName(name, 120)
	if name == "" {
		name = "imported" + saves.Ext
	}
	if err := a.OpenFile(name, data, saves.Info{}); err != nil {
		return err
	}
	s := a.storage.Saves
	if s == nil {
		return nil
	}
	keep := name
	for i := 2; ; i++ {
		old, err := s.Get(keep)
		if errors.Is(err, fs.ErrNotExist) {
			break
		}
		if err == nil && string(old) == string(data) {
			return nil // kept already
		}
		base, ext := splitExt(name)
		keep = fmt.Sprintf("%s (%d)%s", base, i, ext)
	}
	return s.Put(keep, data)
}

// splitExt splits "x.turn.json" into "x" and ".turn.json".
func splitExt(name string) (string, string) {
	for _, ext := range []string{saves.TurnExt, saves.Ext, saves.MdExt} {
		if base, ok := strings.CutSuffix(name, ext); ok {
			return base, ext
		}
	}
	return name, ""
}
