// Package ttf makes the smaller copies of the Go fonts that the game
// embeds (assets/fonts, written by assets/gen_fonts.go). A TrueType font
// is a directory of tables; most of a Go font is its glyph outlines
// (glyf) and their hinting programs, which the game's text renderer
// (x/image/font/opentype, through game/render/glyphs) never runs. Subset keeps the
// outlines of the characters asked for, without their hinting
// instructions, drops the hinting tables and the glyph names, and leaves
// every glyph number as it was, so the character map, the metrics and
// the kerning need no change: a character left out maps to an empty
// glyph, drawn as a blank its width.
package ttf

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"sort"
)

var be = binary.BigEndian

// dropped are the tables only hinting (or nothing the game draws) uses.
var dropped = map[string]bool{"fpgm": true, "prep": true, "cvt ": true, "gasp": true, "hdmx": true, "LTSH": true, "VDMX": true}

type table struct {
	tag  string
	data []byte
}

// Subset returns font with the outlines of the characters keep accepts
// (and glyph 0, the missing-character box) and no hinting.
func Subset(font []byte, keep func(rune) bool) ([]byte, error) {
	tabs, err := tables(font)
	if err != nil {
		return nil, err
	}
	get := func(tag string) []byte {
		for _, t := range tabs {
			if t.tag == tag {
				return t.data
			}
		}
		return nil
	}
	head, maxp, loca, glyf, cmap := get("head"), get("maxp"), get("loca"), get("glyf"), get("cmap")
	if len(head) < 54 || len(maxp) < 6 || loca == nil || glyf == nil || cmap == nil {
		return nil, errors.New("ttf: not a TrueType outline font (head, maxp, loca, glyf or cmap missing)")
	}
	n := int(be.Uint16(maxp[4:]))
	offs, err := glyphOffsets(loca, n, be.Uint16(head[50:]) == 1, len(glyf))
	if err != nil {
		return nil, err
	}
	runes, err := charMap(cmap)
	if err != nil {
		return nil, err
	}
	kept := map[int]bool{0: true}
	var todo []int
	for r, g := range runes {
		if keep(r) && g < n && !kept[g] {
			kept[g] = true
			todo = append(todo, g)
		}
	}
	slices.Sort(todo) // map order must not reach the output
	// Composite glyphs are built of others, kept with them.
	for len(todo) > 0 {
		g := todo[0]
		todo = todo[1:]
		for _, c := range components(glyf[offs[g]:offs[g+1]]) {
			if c < n && !kept[c] {
				kept[c] = true
				todo = append(todo, c)
			}
		}
	}
	var newGlyf []byte
	newLoca := make([]byte, 4*(n+1))
	for g := 0; g < n; g++ {
		be.PutUint32(newLoca[4*g:], uint32(len(newGlyf)))
		if !kept[g] {
			continue
		}
		data, err := stripHinting(glyf[offs[g]:offs[g+1]])
		if err != nil {
			return nil, fmt.Errorf("ttf: glyph %d: %w", g, err)
		}
		newGlyf = append(newGlyf, data...)
		for len(newGlyf)%4 != 0 {
			newGlyf = append(newGlyf, 0)
		}
	}
	be.PutUint32(newLoca[4*n:], uint32(len(newGlyf)))

	var out []table
	for _, t := range tabs {
		switch {
		case dropped[t.tag]:
			continue
		case t.tag == "glyf":
			t.data = newGlyf
		case t.tag == "loca":
			t.data = newLoca
		case t.tag == "head":
			t.data = slices.Clone(t.data)
			be.PutUint16(t.data[50:], 1) // long offsets in loca
		case t.tag == "maxp" && len(t.data) >= 32:
			t.data = slices.Clone(t.data)
			be.PutUint16(t.data[26:], 0) // maxSizeOfInstructions
		case t.tag == "post" && len(t.data) >= 32:
			// Version 3: no glyph names.
			t.data = slices.Clone(t.data[:32])
			be.PutUint32(t.data, 0x00030000)
		}
		out = append(out, t)
	}
	return assemble(out), nil
}

// tables reads the table directory.
func tables(font []byte) ([]table, error) {
	if len(font) < 12 {
		return nil, errors.New("ttf: too short for a font")
	}
	if v := be.Uint32(font); v != 0x00010000 && v != 0x74727565 {
		return nil, fmt.Errorf("ttf: not a TrueType font (version %#x)", v)
	}
	num := int(be.Uint16(font[4:]))
	if len(font) < 12+16*num {
		return nil, errors.New("ttf: table directory cut short")
	}
	var tabs []table
	for i := 0; i < num; i++ {
		rec := font[12+16*i:]
		off, size := int(be.Uint32(rec[8:])), int(be.Uint32(rec[12:]))
		if off < 0 || size < 0 || off+size > len(font) {
			return nil, fmt.Errorf("ttf: table %q lies outside the file", rec[:4])
		}
		tabs = append(tabs, table{tag: string(rec[:4]), data: font[off : off+size]})
	}
	return tabs, nil
}

// glyphOffsets reads loca: glyph g's outline is glyf[offs[g]:offs[g+1]].
func glyphOffsets(loca []byte, n int, long bool, glyfLen int) ([]int, error) {
	offs := make([]int, n+1)
	for g := 0; g <= n; g++ {
		switch {
		case long && len(loca) >= 4*(g+1):
			offs[g] = int(be.Uint32(loca[4*g:]))
		case !long && len(loca) >= 2*(g+1):
			offs[g] = 2 * int(be.Uint16(loca[2*g:]))
		default:
			return nil, errors.New("ttf: loca shorter than the glyph count")
		}
		if offs[g] > glyfLen || (g > 0 && offs[g] < offs[g-1]) {
			return nil, fmt.Errorf("ttf: glyph %d's offset %d is out of order or beyond glyf", g, offs[g])
		}
	}
	return offs, nil
}

// charMap reads the Unicode character map (format 4, or 12 if there is
// one) into rune → glyph.
func charMap(cmap []byte) (map[rune]int, error) {
	if len(cmap) < 4 {
		return nil, errors.New("ttf: cmap cut short")
	}
	var sub4, sub12 []byte
	for i := 0; i < int(be.Uint16(cmap[2:])); i++ {
		if len(cmap) < 4+8*(i+1) {
			return nil, errors.New("ttf: cmap records cut short")
		}
		rec := cmap[4+8*i:]
		pid, eid, off := be.Uint16(rec), be.Uint16(rec[2:]), int(be.Uint32(rec[4:]))
		if off+4 > len(cmap) || pid != 3 && pid != 0 {
			continue
		}
		switch be.Uint16(cmap[off:]) {
		case 4:
			if pid == 0 || eid == 1 {
				sub4 = cmap[off:]
			}
		case 12:
			sub12 = cmap[off:]
		}
	}
	out := map[rune]int{}
	switch {
	case sub12 != nil && len(sub12) >= 16:
		groups := int(be.Uint32(sub12[12:]))
		if len(sub12) < 16+12*groups {
			return nil, errors.New("ttf: cmap format 12 cut short")
		}
		for i := 0; i < groups; i++ {
			g := sub12[16+12*i:]
			start, end, gid := be.Uint32(g), be.Uint32(g[4:]), be.Uint32(g[8:])
			for r := start; r <= end && r < 0x110000; r++ {
				out[rune(r)] = int(gid + r - start)
			}
		}
	case sub4 != nil && len(sub4) >= 14:
		segs := int(be.Uint16(sub4[6:])) / 2
		if len(sub4) < 16+8*segs {
			return nil, errors.New("ttf: cmap format 4 cut short")
		}
		ends, starts := sub4[14:], sub4[16+2*segs:]
		deltas, ranges := sub4[16+4*segs:], sub4[16+6*segs:]
		for i := 0; i < segs; i++ {
			end, start := be.Uint16(ends[2*i:]), be.Uint16(starts[2*i:])
			delta, ro := be.Uint16(deltas[2*i:]), int(be.Uint16(ranges[2*i:]))
			for c := int(start); c <= int(end) && c != 0xffff; c++ {
				var g uint16
				if ro == 0 {
					g = uint16(c) + delta
				} else {
					at := 16 + 6*segs + 2*i + ro + 2*(c-int(start))
					if at+2 > len(sub4) {
						return nil, errors.New("ttf: cmap format 4 glyph index beyond the table")
					}
					if g = be.Uint16(sub4[at:]); g != 0 {
						g += delta
					}
				}
				out[rune(c)] = int(g)
			}
		}
	default:
		return nil, errors.New("ttf: no Unicode character map")
	}
	return out, nil
}

// Composite glyph flags.
const (
	argsAreWords    = 0x0001
	haveScale       = 0x0008
	moreComponents  = 0x0020
	haveXYScale     = 0x0040
	haveTwoByTwo    = 0x0080
	haveInstruction = 0x0100
)

// componentsEnd returns the glyphs a composite glyph is made of and where
// its component records end.
func componentsEnd(g []byte) ([]int, int) {
	if len(g) < 10 || int16(be.Uint16(g)) >= 0 {
		return nil, 0
	}
	var out []int
	p := 10
	for p+4 <= len(g) {
		flags := be.Uint16(g[p:])
		out = append(out, int(be.Uint16(g[p+2:])))
		p += componentLen(flags)
		if flags&moreComponents == 0 {
			break
		}
	}
	return out, p
}

// componentLen is the length of a composite glyph's component record
// with these flags: flags and glyph index, the offsets (words or bytes),
// and the scale if any.
func componentLen(flags uint16) int {
	n := 4 + 2
	if flags&argsAreWords != 0 {
		n += 2
	}
	switch {
	case flags&haveScale != 0:
		n += 2
	case flags&haveXYScale != 0:
		n += 4
	case flags&haveTwoByTwo != 0:
		n += 8
	}
	return n
}

func components(g []byte) []int {
	c, _ := componentsEnd(g)
	return c
}

// stripHinting returns a glyph's outline without its instructions.
func stripHinting(g []byte) ([]byte, error) {
	if len(g) == 0 {
		return nil, nil
	}
	if len(g) < 10 {
		return nil, errors.New("outline cut short")
	}
	contours := int16(be.Uint16(g))
	if contours < 0 {
		_, end := componentsEnd(g)
		if end > len(g) {
			return nil, errors.New("composite glyph cut short")
		}
		out := slices.Clone(g[:end])
		// Clear "instructions follow" on every component.
		p := 10
		for p+4 <= end {
			flags := be.Uint16(out[p:]) &^ haveInstruction
			be.PutUint16(out[p:], flags)
			p += componentLen(flags)
			if flags&moreComponents == 0 {
				break
			}
		}
		return out, nil
	}
	// A simple glyph: header, contour ends, instruction length and
	// instructions, then flags and coordinates.
	at := 10 + 2*int(contours)
	if at+2 > len(g) {
		return nil, errors.New("simple glyph cut short")
	}
	ilen := int(be.Uint16(g[at:]))
	if at+2+ilen > len(g) {
		return nil, errors.New("instructions run beyond the glyph")
	}
	out := make([]byte, 0, len(g)-ilen)
	out = append(out, g[:at]...)
	out = append(out, 0, 0)
	return append(out, g[at+2+ilen:]...), nil
}

// assemble writes the tables as a font file, with their checksums and
// the head table's checksum adjustment.
func assemble(tabs []table) []byte {
	sort.Slice(tabs, func(i, j int) bool { return tabs[i].tag < tabs[j].tag })
	num := len(tabs)
	es := 0
	for 1<<(es+1) <= num {
		es++
	}
	hdr := make([]byte, 12+16*num)
	be.PutUint32(hdr, 0x00010000)
	be.PutUint16(hdr[4:], uint16(num))
	be.PutUint16(hdr[6:], uint16(16<<es))
	be.PutUint16(hdr[8:], uint16(es))
	be.PutUint16(hdr[10:], uint16(16*num-16<<es))
	out := hdr
	headAt := -1
	for i, t := range tabs {
		data := t.data
		if t.tag == "head" {
			data = slices.Clone(data)
			be.PutUint32(data[8:], 0)
			headAt = len(out)
		}
		rec := out[12+16*i:]
		copy(rec, t.tag)
		be.PutUint32(rec[4:], checksum(data))
		be.PutUint32(rec[8:], uint32(len(out)))
		be.PutUint32(rec[12:], uint32(len(data)))
		out = append(out, data...)
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
	}
	if headAt >= 0 {
		be.PutUint32(out[headAt+8:], 0xB1B0AFBA-checksum(out))
	}
	return out
}

func checksum(b []byte) uint32 {
	var sum uint32
	for i := 0; i < len(b); i += 4 {
		var w [4]byte
		copy(w[:], b[i:])
		sum += be.Uint32(w[:])
	}
	return sum
}

// kept are the ranges of characters the game's fonts keep: Latin for
// every European name a player may type (Latin-1, Latin Extended-A and
// Romanian's comma-below letters), and the punctuation, arrows,
// mathematical and technical signs, box drawing and shapes of the game's
// texts. Greek, Cyrillic and the rest of the Go fonts' glyphs are left
// out: 0.13 MB gzipped for the five fonts, against 0.35 MB.
var kept = [][2]rune{
	{0x0020, 0x007e}, // ASCII
	{0x00a0, 0x017f}, // Latin-1 and Latin Extended-A
	{0x0218, 0x021b}, // Ș ș Ț ț
	{0x02c6, 0x02dd}, // spacing accents (ˆ ˇ ˘ ˙ ˚ ˛ ˜ ˝)
	{0x2000, 0x206f}, // general punctuation (– — “ ” … ′ ″)
	{0x20a0, 0x20cf}, // currency
	{0x2100, 0x214f}, // letter-like symbols (™ №)
	{0x2150, 0x218f}, // number forms (⅓ ⅔)
	{0x2190, 0x21ff}, // arrows
	{0x2200, 0x22ff}, // mathematical operators (− ≤ ≥ √)
	{0x2300, 0x23ff}, // technical (⌈ ⌊)
	{0x2500, 0x25ff}, // box drawing, block elements, shapes (▼ ●)
	{0xfffd, 0xfffd}, // the replacement character
}

// Kept reports whether the game's fonts keep character r.
func Kept(r rune) bool {
	for _, k := range kept {
		if r >= k[0] && r <= k[1] {
			return true
		}
	}
	return false
}
