// Package scenarios embeds the scenario files shipped with the game. It
// only holds bytes: parsing and validation are the engine's
// (engine.ParseScenario), so this package imports nothing of the engine.
package scenarios

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"
)

//go:embed *.json
var files embed.FS

const ext = ".json"

// Names returns the names of the embedded scenarios, sorted, without the
// .json extension.
func Names() []string {
	entries, err := fs.ReadDir(files, ".")
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range entries {
		if n := e.Name(); !e.IsDir() && strings.HasSuffix(n, ext) {
			names = append(names, strings.TrimSuffix(n, ext))
		}
	}
	sort.Strings(names)
	return names
}

// Load returns the bytes of the embedded scenario with the given name
// (without .json; a trailing .json is accepted too).
func Load(name string) ([]byte, error) {
	base := strings.TrimSuffix(name, ext)
	if base == "" || strings.ContainsAny(base, `/\`) {
		return nil, fmt.Errorf("no embedded scenario %q (embedded: %s)", name, strings.Join(Names(), ", "))
	}
	data, err := files.ReadFile(base + ext)
	if err != nil {
		return nil, fmt.Errorf("no embedded scenario %q (embedded: %s)", name, strings.Join(Names(), ", "))
	}
	return data, nil
}
