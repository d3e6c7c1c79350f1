//go:build !js

package game_test

// Import-policy tests for game/ (DESIGN.md; issue 11 §1): the game never
// works a rule out for itself, so only one conversion file of it may
// import the engine's geometry, and the controller imports no Ebitengine.

import (
	"bytes"
	"go/parser"
	"go/token"
	"io/fs"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// geomAllowed is the one file of game/ that may import engine/geom.
const geomAllowed = "table/convert.go"

func TestOnlyTheConversionFileImportsGeom(t *testing.T) {
	var found []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, im := range f.Imports {
			if p, _ := strconv.Unquote(im.Path.Value); p == "pelennor/engine/geom" {
				found = append(found, filepath.ToSlash(path))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(found) != 1 || found[0] != geomAllowed {
		t.Errorf("files of game/ importing engine/geom: %v, want only %s", found, geomAllowed)
	}
}

// TestControllerImportsNoEbitengine lists game/control's dependencies:
// nothing graphical, so its tests run without a display.
func TestControllerImportsNoEbitengine(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not on PATH")
	}
	for _, pkg := range []string{"pelennor/game/control", "pelennor/game/table", "pelennor/game/armybuild", "pelennor/game/tourney"} {
		cmd := exec.Command(goCmd, "list", "-deps", pkg)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v\n%s", pkg, err, stderr.Bytes())
		}
		for _, dep := range strings.Fields(string(out)) {
			if strings.HasPrefix(dep, "github.com/hajimehoshi/ebiten") || strings.HasPrefix(dep, "github.com/ebitengine/") ||
				dep == "image" || strings.HasPrefix(dep, "image/") || strings.HasPrefix(dep, "pelennor/game/render") ||
				strings.HasPrefix(dep, "pelennor/game/ui") || strings.HasPrefix(dep, "pelennor/game/input") {
				t.Errorf("%s depends on %s", pkg, dep)
			}
		}
	}
}

// TestBrowserBuildLeavesOutTextV2 keeps Ebitengine's text/v2 out of the
// browser build: importing it at all brings go-text's packages, with
// golang.org/x/text's language tables and the image decoders go-text
// registers, 160 KB gzipped; the game draws its text through
// game/render/glyphs (docs/web.md, Figures).
func TestBrowserBuildLeavesOutTextV2(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not on PATH")
	}
	cmd := exec.Command(goCmd, "list", "-deps", "pelennor/cmd/pelennor")
	cmd.Env = append(cmd.Environ(), "GOOS=js", "GOARCH=wasm")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps pelennor/cmd/pelennor: %v\n%s", err, stderr.Bytes())
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, "github.com/hajimehoshi/ebiten/v2/text") || strings.HasPrefix(dep, "github.com/go-text/") {
			t.Errorf("the browser build depends on %s", dep)
		}
	}
}
