package ttf

import (
	"bytes"
	"testing"

	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"
)

// A subset is a well-formed font: the same tables less the hinting ones,
// the same glyph count, a long loca over the new glyf, valid checksums;
// the characters kept keep their outlines (and those of the glyphs a
// composite one is made of), the others' are empty.
func TestSubsetIsAWellFormedFont(t *testing.T) {
	for name, font := range map[string][]byte{"regular": goregular.TTF, "italic": goitalic.TTF} {
		out, err := Subset(font, Kept)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(out) >= len(font)/2 {
			t.Errorf("%s: %d bytes, the Go font's %d", name, len(out), len(font))
		}
		if sum := checksum(out); sum != 0xB1B0AFBA {
			t.Errorf("%s: whole-file checksum %#x, want 0xB1B0AFBA", name, sum)
		}
		tabs, err := tables(out)
		if err != nil {
			t.Fatal(err)
		}
		get := map[string][]byte{}
		for i, tb := range tabs {
			get[tb.tag] = tb.data
			if dropped[tb.tag] {
				t.Errorf("%s: hinting table %q kept", name, tb.tag)
			}
			rec := out[12+16*i:]
			if got := be.Uint32(rec[4:]); tb.tag != "head" && got != checksum(tb.data) {
				t.Errorf("%s: table %q checksum %#x, want %#x", name, tb.tag, got, checksum(tb.data))
			}
		}
		n := int(be.Uint16(get["maxp"][4:]))
		orig, _ := tables(font)
		for _, tb := range orig {
			if tb.tag == "maxp" && int(be.Uint16(tb.data[4:])) != n {
				t.Errorf("%s: %d glyphs, the Go font has %d", name, n, be.Uint16(tb.data[4:]))
			}
		}
		if be.Uint16(get["head"][50:]) != 1 {
			t.Errorf("%s: loca not long", name)
		}
		offs, err := glyphOffsets(get["loca"], n, true, len(get["glyf"]))
		if err != nil {
			t.Fatal(err)
		}
		runes, err := charMap(get["cmap"])
		if err != nil {
			t.Fatal(err)
		}
		glyph := func(g int) []byte { return get["glyf"][offs[g]:offs[g+1]] }
		for _, c := range []struct {
			r    rune
			kept bool
		}{{'A', true}, {'é', true}, {'É', true}, {'û', true}, {'—', true}, {'…', true}, {'→', true}, {'−', true}, {'≤', true}, {'▼', true}, {'Ș', true}, {'π', false}, {'Ж', false}, {'я', false}} {
			g := glyph(runes[c.r])
			if (len(g) > 0) != c.kept {
				t.Errorf("%s: %q has %d bytes of outline, want kept %v", name, c.r, len(g), c.kept)
			}
			for _, comp := range components(g) {
				if len(glyph(comp)) == 0 {
					t.Errorf("%s: %q is made of glyph %d, left out", name, c.r, comp)
				}
			}
			if len(g) > 12 && int16(be.Uint16(g)) >= 0 {
				at := 10 + 2*int(int16(be.Uint16(g)))
				if il := be.Uint16(g[at:]); il != 0 {
					t.Errorf("%s: %q keeps %d bytes of instructions", name, c.r, il)
				}
			}
		}
	}
}

// Bad input is an error, never a panic: every cut of a font, and bytes
// changed in its directory and tables.
func TestSubsetRefusesBrokenFonts(t *testing.T) {
	font := goregular.TTF
	if _, err := Subset(font[:11], Kept); err == nil {
		t.Error("a font cut to 11 bytes was accepted")
	}
	for cut := 0; cut < len(font); cut += 997 {
		Subset(font[:cut], Kept)
	}
	for at := 0; at < 600; at++ {
		bad := bytes.Clone(font)
		bad[at] ^= 0xa5
		Subset(bad, Kept)
	}
	if _, err := Subset([]byte("OTTO and more bytes than twelve"), Kept); err == nil {
		t.Error("a CFF font was accepted")
	}
}
