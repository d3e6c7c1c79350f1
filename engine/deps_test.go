//go:build !js

package engine_test

// Import-policy tests (DESIGN.md §2, §3.3): the engine and the headless CLI
// depend on nothing graphical, the engine has no clock, I/O or float maths.

import (
	"bytes"
	"go/ast"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// forbiddenDep reports whether a (transitive) dependency is graphical or
// browser-only.
func forbiddenDep(path string) bool {
	for _, p := range []string{"github.com/hajimehoshi/ebiten", "golang.org/x/image", "github.com/ebitengine/oto"} {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return path == "image" || strings.HasPrefix(path, "image/") || path == "syscall/js"
}

// TestDependencies runs `go list -deps` on the engine and cmd/hott, natively
// and for js/wasm (where syscall/js would show up).
func TestDependencies(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not on PATH")
	}
	root := moduleRoot(t, goCmd)
	statSources(t, root)
	patterns := []string{"pelennor/engine/..."}
	if hasGoFiles(filepath.Join(root, "cmd", "hott")) {
		patterns = append(patterns, "pelennor/cmd/hott")
	} else {
		t.Log("cmd/hott has no Go files yet: not checked")
	}
	for _, env := range [][]string{nil, {"GOOS=js", "GOARCH=wasm"}} {
		args := append([]string{"list", "-deps", "-f", "{{.ImportPath}} {{.Standard}}: {{join .Imports \" \"}}"}, patterns...)
		cmd := exec.Command(goCmd, args...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), env...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go %s (%s): %v\n%s", strings.Join(args, " "), strings.Join(env, " "), err, stderr.Bytes())
		}
		// importers[p] lists the packages importing p; nonStd[p] those
		// outside the standard library.
		importers, nonStd := map[string][]string{}, map[string][]string{}
		var deps []string
		for line := range strings.Lines(string(out)) {
			head, imports, _ := strings.Cut(strings.TrimSpace(line), ":")
			pkg, std, _ := strings.Cut(head, " ")
			deps = append(deps, pkg)
			for imp := range strings.FieldsSeq(imports) {
				importers[imp] = append(importers[imp], pkg)
				if std != "true" {
					nonStd[imp] = append(nonStd[imp], pkg)
				}
			}
		}
		for _, d := range deps {
			// On js/wasm the standard library itself (syscall, time)
			// imports syscall/js: only our or third-party imports count.
			if d == "syscall/js" && len(nonStd[d]) == 0 {
				continue
			}
			if forbiddenDep(d) {
				t.Errorf("%s depends on %s (imported by %s)%s", strings.Join(patterns, " "), d,
					strings.Join(importers[d], ", "), envNote(env))
			}
		}
	}
}

func envNote(env []string) string {
	if env == nil {
		return ""
	}
	return " with " + strings.Join(env, " ")
}

func moduleRoot(t *testing.T, goCmd string) string {
	t.Helper()
	out, err := exec.Command(goCmd, "env", "GOMOD").Output()
	if err != nil {
		t.Fatalf("go env GOMOD: %v", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		t.Fatal("not inside a Go module")
	}
	return filepath.Dir(gomod)
}

// statSources stats every .go file and go.mod in the module so that go
// test's result cache reruns this test when any of them changes (it tracks
// only files the test process itself opens or stats, not go list's).
func statSources(t *testing.T, root string) {
	t.Helper()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && path != root && (name == "testdata" || strings.HasPrefix(name, ".") ||
			strings.HasPrefix(name, "_") || name == "build" || name == "dist") {
			return filepath.SkipDir
		}
		if !d.IsDir() && (strings.HasSuffix(name, ".go") || name == "go.mod" || name == "go.sum") {
			_, err = os.Stat(path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

func hasGoFiles(dir string) bool {
	names, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	return len(names) > 0
}

// engineFile is a parsed non-test Go file under engine/ (this directory).
type engineFile struct {
	path string // slash-separated, relative to engine/
	file *ast.File
}

// engineFiles parses every non-test .go file under engine/, skipping
// testdata and generators marked //go:build ignore.
func engineFiles(t *testing.T, mode parser.Mode) (*token.FileSet, []engineFile) {
	t.Helper()
	fset := token.NewFileSet()
	var files []engineFile
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != "." && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") ||
			strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, mode|parser.ParseComments)
		if err != nil {
			return err
		}
		if !isIgnored(f) {
			files = append(files, engineFile{filepath.ToSlash(path), f})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("found no engine source files")
	}
	return fset, files
}

// isIgnored reports whether f has the constraint //go:build ignore.
func isIgnored(f *ast.File) bool {
	for _, g := range f.Comments {
		if g.Pos() >= f.Package {
			break
		}
		for _, c := range g.List {
			if !constraint.IsGoBuild(c.Text) {
				continue
			}
			expr, err := constraint.Parse(c.Text)
			if err != nil {
				return false
			}
			if tag, ok := expr.(*constraint.TagExpr); ok && tag.Tag == "ignore" {
				return true
			}
		}
	}
	return false
}

func importPaths(f *ast.File) []string {
	var paths []string
	for _, imp := range f.Imports {
		if p, err := strconv.Unquote(imp.Path.Value); err == nil {
			paths = append(paths, p)
		}
	}
	return paths
}

// TestDirectImports: no clock, I/O or float maths imported by engine code;
// math/rand/v2 only in engine/dice, the one source of dice.
func TestDirectImports(t *testing.T) {
	_, files := engineFiles(t, parser.ImportsOnly)
	banned := []string{"time", "os", "math", "math/rand"}
	for _, f := range files {
		dir := filepath.ToSlash(filepath.Dir(f.path))
		for _, p := range importPaths(f.file) {
			if slices.Contains(banned, p) {
				t.Errorf("engine/%s imports %q", f.path, p)
			}
			if p == "math/rand/v2" && dir != "dice" {
				t.Errorf("engine/%s imports %q: only engine/dice may", f.path, p)
			}
		}
	}
}

// TestNoFloats: rules decisions use integers only (DESIGN.md §3.3).
func TestNoFloats(t *testing.T) {
	fset, files := engineFiles(t, 0)
	for _, f := range files {
		for _, p := range importPaths(f.file) {
			if p == "math" {
				t.Errorf("engine/%s imports \"math\"", f.path)
			}
		}
		ast.Inspect(f.file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				switch n.Name {
				case "float32", "float64", "complex64", "complex128":
					t.Errorf("engine/%s: %s in engine code", fset.Position(n.Pos()), n.Name)
				}
			case *ast.BasicLit:
				if n.Kind == token.FLOAT || n.Kind == token.IMAG {
					t.Errorf("engine/%s: float literal %s in engine code", fset.Position(n.Pos()), n.Value)
				}
			}
			return true
		})
	}
}
