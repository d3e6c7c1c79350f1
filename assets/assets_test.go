package assets

import (
	"bytes"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/gofont/gosmallcaps"

	"pelennor/assets/internal/ttf"
)

var goFonts = [numFonts][]byte{goregular.TTF, gobold.TTF, gomedium.TTF, goitalic.TTF, gosmallcaps.TTF}

// The embedded fonts are what gen_fonts.go makes of the Go fonts now.
func TestFontsAreSubsetsOfTheGoFonts(t *testing.T) {
	for f := Font(0); f < numFonts; f++ {
		want, err := ttf.Subset(goFonts[f], ttf.Kept)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(TTF(f), want) {
			t.Errorf("font %d is not the subset of its Go font: run `go run gen_fonts.go` in assets/", f)
		}
	}
}

// outline is the triangles text/v2 fills for s, and its advance.
func outline(t *testing.T, src *text.GoTextFaceSource, s string) ([]float32, float64) {
	t.Helper()
	face := &text.GoTextFace{Source: src, Size: 17}
	var p vector.Path
	text.AppendVectorPath(&p, s, face, nil)
	vs, _ := p.AppendVerticesAndIndicesForFilling(nil, nil)
	var xy []float32
	for _, v := range vs {
		xy = append(xy, v.DstX, v.DstY)
	}
	return xy, text.Advance(s, face)
}

// Every typeface draws the game's characters exactly as the Go font
// does, and a character left out (Cyrillic, Greek) as a blank of its width.
func TestFontsDrawAsTheGoFonts(t *testing.T) {
	const sample = "Théoden's Éored — 3.4\" of 6\" · Mûmakil ≤ ½ → ▼ “Fight…” ×2 −1 Ș"
	for f := Font(0); f < numFonts; f++ {
		orig, err := text.NewGoTextFaceSource(bytes.NewReader(goFonts[f]))
		if err != nil {
			t.Fatal(err)
		}
		got, adv := outline(t, Source(f), sample)
		want, wantAdv := outline(t, orig, sample)
		if len(got) == 0 || !slices.Equal(got, want) || adv != wantAdv {
			t.Errorf("font %d: %d outline points (advance %v), the Go font's %d (%v)", f, len(got)/2, adv, len(want)/2, wantAdv)
		}
		got, adv = outline(t, Source(f), "Жяπ")
		_, wantAdv = outline(t, orig, "Жяπ")
		if len(got) != 0 || adv != wantAdv {
			t.Errorf("font %d: Cyrillic and Greek drawn with %d points, advance %v (want none, %v)", f, len(got)/2, adv, wantAdv)
		}
	}
}
