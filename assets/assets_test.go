package assets

import (
	"bytes"
	"image"
	"math"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/gofont/gosmallcaps"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"pelennor/assets/internal/ttf"
	"pelennor/game/render/glyphs"
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

// drawn is s drawn by x/image's rasteriser in face fc (as package
// glyphs draws it) on a 600×40 mask, and its advance.
func drawn(fc font.Face, s string) (*image.Alpha, fixed.Int26_6) {
	img := image.NewAlpha(image.Rect(0, 0, 600, 40))
	d := font.Drawer{Dst: img, Src: image.Opaque, Face: fc, Dot: fixed.P(4, 28)}
	d.DrawString(s)
	return img, font.MeasureString(fc, s)
}

func inked(img *image.Alpha) int {
	n := 0
	for _, a := range img.Pix {
		if a != 0 {
			n++
		}
	}
	return n
}

// Every typeface draws the game's characters exactly as the Go font
// does, and a character left out (Cyrillic, Greek) as a blank of its width.
func TestFontsDrawAsTheGoFonts(t *testing.T) {
	const sample = "Théoden's Éored — 3.4\" of 6\" · Mûmakil ≤ ½ → ▼ “Fight…” ×2 −1 Ș"
	for f := Font(0); f < numFonts; f++ {
		orig, err := opentype.Parse(goFonts[f])
		if err != nil {
			t.Fatal(err)
		}
		want, _ := opentype.NewFace(orig, &opentype.FaceOptions{Size: 17, DPI: 72, Hinting: font.HintingNone})
		got := xFace(f, 17*64)
		img, adv := drawn(got, sample)
		wantImg, wantAdv := drawn(want, sample)
		if inked(img) == 0 || !bytes.Equal(img.Pix, wantImg.Pix) || adv != wantAdv {
			t.Errorf("font %d: %d pixels inked (advance %v), the Go font %d (%v)", f, inked(img), adv, inked(wantImg), wantAdv)
		}
		img, adv = drawn(got, "Жяπ")
		_, wantAdv = drawn(want, "Жяπ")
		if inked(img) != 0 || adv != wantAdv {
			t.Errorf("font %d: Cyrillic and Greek drawn with %d pixels, advance %v (want none, %v)", f, inked(img), adv, wantAdv)
		}
	}
}

// Face gives one face for a typeface and size (package glyphs keeps its
// glyphs' images per face, textcache its strings), and SizeOf its size.
func TestFaceIsMadeOnce(t *testing.T) {
	a, b := Face(Bold, 15), Face(Bold, 15)
	if a != b {
		t.Error("two faces of Bold at 15 px")
	}
	if a == Face(Bold, 16) || a == Face(Regular, 15) {
		t.Error("a face shared by another size or typeface")
	}
	if SizeOf(a) != 15 || SizeOf(Face(Italic, 22.5)) != 22.5 || SizeOf(glyphs.NewFace(xFace(Bold, 15*64))) != 0 {
		t.Errorf("sizes %v, %v, %v", SizeOf(a), SizeOf(Face(Italic, 22.5)), SizeOf(glyphs.NewFace(xFace(Bold, 15*64))))
	}
	if m := a.Metrics(); m.HAscent < 10 || m.HAscent > 16 || m.HDescent <= 0 {
		t.Errorf("a 15 px face's metrics: %+v", m)
	}
}

// Sizes within a 64th of a pixel share their face (x/image keeps no
// finer size); faces go after two generations unused, and one asked for
// in every generation stays.
func TestFaceGenerations(t *testing.T) {
	if Face(Regular, 14) != Face(Regular, 14+1.0/256) || SizeOf(Face(Regular, 14+1.0/256)) != 14 {
		t.Error("14 px and 14 px and a 256th are two faces")
	}
	kept, dropped := Face(Medium, 11), Face(Medium, 12)
	for i := 0; i < 2*faceGeneration+1; i++ {
		Face(Italic, 20+float64(i)/64)
		if i%(faceGeneration/2) == 0 && Face(Medium, 11) != kept {
			t.Fatal("a face asked for in every generation was made again")
		}
	}
	if Face(Medium, 12) == dropped {
		t.Error("a face unused for two generations is still kept")
	}
	if n := len(faces) + len(oldFaces); n > 2*faceGeneration {
		t.Errorf("%d faces kept, want at most %d", n, 2*faceGeneration)
	}
}

// A size that is not a positive number of pixels draws nothing, and
// does not panic.
func TestFaceOfBadSize(t *testing.T) {
	for _, px := range []float64{0, -3, math.NaN(), math.Inf(1)} {
		if adv := glyphs.Advance("Théoden", Face(Bold, px)); adv != 0 {
			t.Errorf("a face of %v px: advance %v", px, adv)
		}
	}
}
