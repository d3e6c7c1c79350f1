package terrain

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The package is pure like the engine (DESIGN.md §3.3): it imports only
// these, never the engine itself (whose set-up actions are to import
// it), and uses no floating point.
var allowedImports = []string{"fmt", "math/rand/v2", "slices", "pelennor/engine/geom", "pelennor/engine/rules"}

func TestPure(t *testing.T) {
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); !slices.Contains(allowedImports, p) {
				t.Errorf("%s imports %s", name, p)
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if n.Name == "float64" || n.Name == "float32" {
					t.Errorf("%s: %s at %s", name, n.Name, fset.Position(n.Pos()))
				}
			case *ast.BasicLit:
				if n.Kind == token.FLOAT {
					t.Errorf("%s: float literal %s at %s", name, n.Value, fset.Position(n.Pos()))
				}
			}
			return true
		})
	}
}
