//go:build ignore

// gen_fonts writes fonts/*.ttf, the Go fonts as the game embeds them: the
// characters ttf.Kept keeps, without hinting (assets/internal/ttf). Run
// it with `go run gen_fonts.go` in assets/ after changing either;
// TestFontsAreSubsetsOfTheGoFonts checks that the files are up to date.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/gofont/gosmallcaps"

	"pelennor/assets/internal/ttf"
)

func main() {
	fonts := []struct {
		name string
		ttf  []byte
	}{{"regular", goregular.TTF}, {"bold", gobold.TTF}, {"medium", gomedium.TTF}, {"italic", goitalic.TTF}, {"smallcaps", gosmallcaps.TTF}}
	for _, f := range fonts {
		out, err := ttf.Subset(f.ttf, ttf.Kept)
		if err != nil {
			fail(fmt.Errorf("%s: %w", f.name, err))
		}
		path := filepath.Join("fonts", f.name+".ttf")
		if err := writeAtomic(path, out); err != nil {
			fail(err)
		}
		fmt.Printf("%s: %d bytes (the Go font's %d)\n", path, len(out), len(f.ttf))
	}
}

// writeAtomic writes a temporary file beside path and renames it over.
func writeAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".gen-*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "gen_fonts:", err)
	os.Exit(1)
}
