package main

import (
	"strings"
	"testing"
)

// leb is n as unsigned LEB128.
func leb(n int) []byte {
	var b []byte
	for {
		c := byte(n & 0x7f)
		n >>= 7
		if n == 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}

func str(s string) []byte { return append(leb(len(s)), s...) }

func sect(id byte, body ...[]byte) []byte {
	var b []byte
	for _, p := range body {
		b = append(b, p...)
	}
	return append(append([]byte{id}, leb(len(b))...), b...)
}

// tiny is a module as Go's linker writes one: an imported function, two
// defined ones named in the name section, two data segments (the second
// at an offset whose LEB128 holds the byte 0x0b, the expression's end).
func tiny() []byte {
	m := []byte("\x00asm\x01\x00\x00\x00")
	m = append(m, sect(1, leb(1), []byte{0x60, 0, 0})...)
	m = append(m, sect(2, leb(1), str("go"), str("debug"), []byte{0}, leb(0))...)
	body1 := []byte{0, 0x0b}
	body2 := []byte{0, 0x01, 0x01, 0x0b}
	m = append(m, sect(10, leb(2), leb(len(body1)), body1, leb(len(body2)), body2)...)
	seg := func(off int, data string) []byte {
		return append(append(append([]byte{0, 0x41}, leb(off)...), 0x0b), str(data)...)
	}
	m = append(m, sect(11, leb(2), seg(4096, "hello"), seg(0x0b<<7|0x0b, "world!"))...)
	names := append(leb(2), append(append(leb(1), str("pelennor_engine.__Game_.Apply")...), append(leb(2), str("github.com_hajimehoshi_ebiten_v2.Run")...)...)...)
	m = append(m, sect(0, str("name"), []byte{1}, leb(len(names)), names)...)
	return m
}

func TestParse(t *testing.T) {
	m, err := parse(tiny())
	if err != nil {
		t.Fatal(err)
	}
	if m.imported != 1 || len(m.bodies) != 2 || len(m.bodies[1]) != 4 {
		t.Fatalf("imported %d, bodies %q", m.imported, m.bodies)
	}
	if len(m.names) != 2 || m.names[0] != "pelennor_engine.__Game_.Apply" || m.names[1] != "github.com_hajimehoshi_ebiten_v2.Run" {
		t.Errorf("names %q", m.names)
	}
	if len(m.data) != 2 || string(m.data[0]) != "hello" || string(m.data[1]) != "world!" {
		t.Errorf("data %q", m.data)
	}
	gs := m.groups(pkgOf)
	if g := gs["pelennor_engine"]; g == nil || g.raw != 2 || g.n != 1 {
		t.Errorf("groups %v", gs)
	}
	if g := gs["github.com_hajimehoshi_ebiten_v2"]; g == nil || g.raw != 4 {
		t.Errorf("groups %v", gs)
	}
}

// A cut or foreign file is refused with where it went wrong.
func TestParseBad(t *testing.T) {
	good := tiny()
	for _, c := range []struct {
		b    []byte
		want string
	}{
		{[]byte("\x7fELF\x02\x01\x01\x00"), "not a WebAssembly module"},
		{good[:len(good)-3], "offset"},
		{append(append([]byte{}, good[:8]...), 10, 0x85), "offset"},
	} {
		if _, err := parse(c.b); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("parse of %d bytes: %v, want %q", len(c.b), err, c.want)
		}
	}
}

func TestPkgOf(t *testing.T) {
	for name, want := range map[string]string{
		"pelennor_engine.__Game_.Apply":                     "pelennor_engine",
		"pelennor_game_ui.__Button_.Draw":                   "pelennor_game_ui",
		"fmt.__pp_.printValue":                              "fmt",
		"slices.SortFunc[go.shape.struct { a.b int }]":      "slices",
		"github.com_hajimehoshi_ebiten_v2_internal_ui.init": "github.com_hajimehoshi_ebiten_v2_internal_ui",
		"golang.org_x_image_font_sfnt.__Font_.GlyphIndex":   "golang.org_x_image_font_sfnt",
		"type:.eq.pelennor_engine.Pose":                     "type:",
		"runtime":                                           "runtime",
	} {
		if got := pkgOf(name); got != want {
			t.Errorf("pkgOf(%q) = %q, want %q", name, got, want)
		}
	}
}

// The runtime's function table is found by its header and cut into its
// parts by the header's offsets, across data segments.
func TestPclntab(t *testing.T) {
	hdr := []byte{0xf1, 0xff, 0xff, 0xff, 0, 0, 1, 8}
	word := func(n int) []byte {
		b := make([]byte, 8)
		for i := range b {
			b[i] = byte(n >> (8 * i))
		}
		return b
	}
	// nfunc, nfiles, textStart, then four tables of 3, 2, 4 and 5 bytes
	// after the 72-byte header, and the offset that ends the last.
	for _, n := range []int{2, 1, 0, 72, 75, 77, 81, 86} {
		hdr = append(hdr, word(n)...)
	}
	tables := "abcdeffffghijk"
	m := &module{data: [][]byte{[]byte("xx"), hdr, []byte(tables)}, dataAt: []int{1000, 1010, 1010 + len(hdr)}}
	got := m.pclntab()
	want := []string{"abc", "de", "ffff", "ghijk"}
	if len(got) != len(want) {
		t.Fatalf("%d tables, want %d", len(got), len(want))
	}
	for i, tb := range got {
		if string(tb.b) != want[i] {
			t.Errorf("%s = %q, want %q", tb.name, tb.b, want[i])
		}
	}
	if m := (&module{data: [][]byte{[]byte("no table here")}, dataAt: []int{0}}); m.pclntab() != nil {
		t.Error("a table found in data without one")
	}
}
