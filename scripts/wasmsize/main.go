// Command wasmsize says where a Go WebAssembly module's bytes are: the
// sections, the code by package (raw and gzipped on its own) and the
// largest functions, read from the module's code and name sections (so
// build it without -s). Given a second module (-base), it ranks the
// packages by how much more code the first has (docs/web.md, Figures).
//
//	go run ./scripts/wasmsize [-base small.wasm] [-top 40] [-funcs 30] game.wasm
package main

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
)

// module is what wasmsize reads from a file.
type module struct {
	sections []section
	imported int      // imported functions: they come first in the index space
	names    []string // function names by index (defined functions only)
	bodies   [][]byte // function bodies, in the code section's order
	data     [][]byte // data segments' bytes
	dataAt   []int    // and their addresses in linear memory
}

type section struct {
	id   byte
	name string // a custom section's name
	size int
}

var sectionNames = map[byte]string{0: "custom", 1: "type", 2: "import", 3: "function", 4: "table",
	5: "memory", 6: "global", 7: "export", 8: "start", 9: "element", 10: "code", 11: "data", 12: "datacount"}

// reader reads a module's LEB128 numbers and names, failing with the offset.
type reader struct {
	b   []byte
	off int
	err error
}

func (r *reader) fail(what string) {
	if r.err == nil {
		r.err = fmt.Errorf("offset %d: %s", r.off, what)
	}
}

func (r *reader) u32() int {
	var v, shift uint64
	for {
		if r.err != nil {
			return 0
		}
		if r.off >= len(r.b) || shift > 35 {
			r.fail("bad LEB128 number")
			return 0
		}
		c := r.b[r.off]
		r.off++
		v |= uint64(c&0x7f) << shift
		if c&0x80 == 0 {
			return int(v)
		}
		shift += 7
	}
}

func (r *reader) bytes(n int) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 || r.off+n > len(r.b) {
		r.fail(fmt.Sprintf("%d bytes past the end", n))
		return nil
	}
	b := r.b[r.off : r.off+n]
	r.off += n
	return b
}

func (r *reader) byte1() byte {
	b := r.bytes(1)
	if b == nil {
		return 0
	}
	return b[0]
}

func parse(b []byte) (*module, error) {
	if len(b) < 8 || !bytes.Equal(b[:4], []byte("\x00asm")) {
		return nil, errors.New("not a WebAssembly module")
	}
	m := &module{}
	r := &reader{b: b, off: 8}
	for r.off < len(b) && r.err == nil {
		id := r.byte1()
		size := r.u32()
		body := &reader{b: r.bytes(size)}
		if r.err != nil {
			break
		}
		s := section{id: id, size: size}
		switch id {
		case 0:
			s.name = string(body.bytes(body.u32()))
			if s.name == "name" {
				m.readNames(body)
			}
		case 2:
			m.readImports(body)
		case 10:
			for n := body.u32(); n > 0 && body.err == nil; n-- {
				m.bodies = append(m.bodies, body.bytes(body.u32()))
			}
		case 11:
			m.readData(body)
		}
		if body.err != nil {
			return nil, fmt.Errorf("section %d: %v", id, body.err)
		}
		m.sections = append(m.sections, s)
	}
	if r.err != nil {
		return nil, r.err
	}
	return m, nil
}

func (m *module) readImports(r *reader) {
	for n := r.u32(); n > 0 && r.err == nil; n-- {
		r.bytes(r.u32()) // module
		r.bytes(r.u32()) // name
		switch kind := r.byte1(); kind {
		case 0:
			r.u32()
			m.imported++
		case 1: // table: element type, limits
			r.byte1()
			if r.byte1() == 1 {
				r.u32()
			}
			r.u32()
		case 2: // memory: limits
			if r.byte1() == 1 {
				r.u32()
			}
			r.u32()
		case 3: // global: type, mutability
			r.byte1()
			r.byte1()
		default:
			r.fail(fmt.Sprintf("import kind %d", kind))
		}
	}
}

func (m *module) readNames(r *reader) {
	for r.off < len(r.b) && r.err == nil {
		id := r.byte1()
		sub := &reader{b: r.bytes(r.u32())}
		if id != 1 {
			continue
		}
		for n := sub.u32(); n > 0 && sub.err == nil; n-- {
			idx := sub.u32()
			name := string(sub.bytes(sub.u32()))
			if i := idx - m.imported; i >= 0 {
				for len(m.names) <= i {
					m.names = append(m.names, "")
				}
				m.names[i] = name
			}
		}
		if sub.err != nil {
			r.err = sub.err
		}
	}
}

// readData keeps each segment's bytes; Go writes active segments with a
// constant offset expression.
func (m *module) readData(r *reader) {
	for n := r.u32(); n > 0 && r.err == nil; n-- {
		flags := r.u32()
		if flags == 2 {
			r.u32()
		}
		if flags != 1 {
			// i32.const OFFSET end
			if op := r.byte1(); op != 0x41 {
				r.fail(fmt.Sprintf("data offset opcode %#x", op))
				return
			}
			at := r.u32() // signed LEB128, but Go's addresses are small and positive
			if r.byte1() != 0x0b {
				r.fail("data offset expression not ended")
				return
			}
			m.dataAt = append(m.dataAt, at)
		} else {
			m.dataAt = append(m.dataAt, -1)
		}
		m.data = append(m.data, r.bytes(r.u32()))
	}
}

// pkgOf gives the package of a Go function's name, such as
// "pelennor_engine.__State_.Apply" or "slices.SortFunc[go.shape.int]".
func pkgOf(name string) string {
	if i := strings.IndexByte(name, '['); i >= 0 {
		name = name[:i]
	}
	// The name section spells "/" and "(*T)" with "_": a host's dot
	// ("github.com_") is skipped.
	start := 0
	for _, host := range []string{"github.com_", "golang.org_", "gopkg.in_"} {
		if strings.HasPrefix(name, host) {
			start = len(host)
		}
	}
	if i := strings.IndexByte(name[start:], '.'); i >= 0 {
		return name[:start+i]
	}
	return name
}

func gzSize(b []byte) int {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	w.Write(b)
	w.Close()
	return buf.Len()
}

// group is the code of one package (or other key).
type group struct {
	key        string
	raw, gz, n int
	code       []byte
}

func (m *module) groups(key func(string) string) map[string]*group {
	gs := map[string]*group{}
	for i, b := range m.bodies {
		name := ""
		if i < len(m.names) {
			name = m.names[i]
		}
		k := key(name)
		g := gs[k]
		if g == nil {
			g = &group{key: k}
			gs[k] = g
		}
		g.raw += len(b)
		g.n++
		g.code = append(g.code, b...)
	}
	for _, g := range gs {
		g.gz = gzSize(g.code)
		g.code = nil
	}
	return gs
}

func load(path string) (*module, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	m, err := parse(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(m.names) == 0 {
		return nil, fmt.Errorf("%s: no function names (built with -ldflags=-s?)", path)
	}
	return m, nil
}

func main() {
	base := flag.String("base", "", "a module to compare with (the smallest game)")
	top := flag.Int("top", 40, "packages to list")
	funcs := flag.Int("funcs", 30, "largest functions to list")
	prefix := flag.String("prefix", "", "group by package path prefixes at this depth instead (e.g. 3)")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: wasmsize [-base small.wasm] [-top N] [-funcs N] game.wasm")
		os.Exit(2)
	}
	m, err := load(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmsize:", err)
		os.Exit(1)
	}
	key := pkgOf
	if *prefix != "" {
		var depth int
		fmt.Sscan(*prefix, &depth)
		key = func(n string) string {
			p := strings.Split(pkgOf(n), "/")
			if len(p) > depth {
				p = p[:depth]
			}
			return strings.Join(p, "/")
		}
	}
	report(m, key, *top, *funcs)
	if *base != "" {
		b, err := load(*base)
		if err != nil {
			fmt.Fprintln(os.Stderr, "wasmsize:", err)
			os.Exit(1)
		}
		compare(m, b, key, *top)
	}
}

func report(m *module, key func(string) string, top, funcs int) {
	fmt.Println("sections:")
	for _, s := range m.sections {
		n := sectionNames[s.id]
		if s.name != "" {
			n += " " + s.name
		}
		fmt.Printf("  %-16s %10d\n", n, s.size)
	}
	var data []byte
	for _, d := range m.data {
		data = append(data, d...)
	}
	fmt.Printf("data: %d segments, %d bytes, %d gzipped\n", len(m.data), len(data), gzSize(data))
	for _, t := range m.pclntab() {
		fmt.Printf("  pclntab %-9s %10d bytes %10d gzipped\n", t.name, len(t.b), gzSize(t.b))
	}
	var code []byte
	for _, b := range m.bodies {
		code = append(code, b...)
	}
	fmt.Printf("code: %d functions, %d bytes, %d gzipped\n", len(m.bodies), len(code), gzSize(code))
	gs := m.groups(key)
	list := sorted(gs, func(g *group) int { return g.gz })
	fmt.Printf("\ncode by package (gzipped on its own):\n%10s %10s %6s  %s\n", "raw", "gz", "funcs", "package")
	for i, g := range list {
		if i == top {
			break
		}
		fmt.Printf("%10d %10d %6d  %s\n", g.raw, g.gz, g.n, g.key)
	}
	type fn struct {
		name string
		size int
	}
	var fs []fn
	for i, b := range m.bodies {
		if i < len(m.names) {
			fs = append(fs, fn{m.names[i], len(b)})
		}
	}
	sort.Slice(fs, func(i, j int) bool { return fs[i].size > fs[j].size })
	fmt.Printf("\nlargest functions:\n")
	for i, f := range fs {
		if i == funcs {
			break
		}
		fmt.Printf("%10d  %s\n", f.size, f.name)
	}
}

func sorted(gs map[string]*group, by func(*group) int) []*group {
	var list []*group
	for _, g := range gs {
		list = append(list, g)
	}
	sort.Slice(list, func(i, j int) bool {
		if by(list[i]) != by(list[j]) {
			return by(list[i]) > by(list[j])
		}
		return list[i].key < list[j].key
	})
	return list
}

// compare ranks the packages by how much more code m has than base.
func compare(m, base *module, key func(string) string, top int) {
	gs, bs := m.groups(key), base.groups(key)
	type diff struct {
		key     string
		raw, gz int
	}
	var ds []diff
	seen := map[string]bool{}
	for k, g := range gs {
		seen[k] = true
		d := diff{key: k, raw: g.raw, gz: g.gz}
		if b := bs[k]; b != nil {
			d.raw -= b.raw
			d.gz -= b.gz
		}
		ds = append(ds, d)
	}
	for k, b := range bs {
		if !seen[k] {
			ds = append(ds, diff{key: k, raw: -b.raw, gz: -b.gz})
		}
	}
	sort.Slice(ds, func(i, j int) bool {
		if ds[i].gz != ds[j].gz {
			return ds[i].gz > ds[j].gz
		}
		return ds[i].key < ds[j].key
	})
	var raw, gz int
	for _, d := range ds {
		raw += d.raw
		gz += d.gz
	}
	fmt.Printf("\nmore code than the base, by package (total %d raw, %d gzipped on their own):\n%10s %10s  %s\n", raw, gz, "raw", "gz", "package")
	for i, d := range ds {
		if i == top {
			break
		}
		fmt.Printf("%10d %10d  %s\n", d.raw, d.gz, d.key)
	}
}

// table is a named part of the data.
type table struct {
	name string
	b    []byte
}

// pclntab finds the runtime's function table in the data (its header
// starts with the magic 0xfffffff1, then 0, 0, the instruction size
// quantum and the pointer size) and returns its parts: the function
// names, the compilation units' and files' tables, and the PC-value
// tables (stack maps, line numbers), all of which -s leaves in place.
func (m *module) pclntab() []table {
	lo, hi := -1, 0
	for i, d := range m.data {
		if at := m.dataAt[i]; at >= 0 {
			if lo < 0 || at < lo {
				lo = at
			}
			hi = max(hi, at+len(d))
		}
	}
	if lo < 0 || hi-lo > 1<<30 {
		return nil
	}
	mem := make([]byte, hi-lo)
	for i, d := range m.data {
		if at := m.dataAt[i]; at >= 0 {
			copy(mem[at-lo:], d)
		}
	}
	h := bytes.Index(mem, []byte{0xf1, 0xff, 0xff, 0xff, 0, 0, 1, 8})
	if h < 0 || h+72 > len(mem) {
		return nil
	}
	word := func(i int) int { return int(binary.LittleEndian.Uint64(mem[h+8+8*i:])) }
	// nfunc, nfiles, textStart, then the offsets from the header.
	offs := []int{word(3), word(4), word(5), word(6), word(7)}
	names := []string{"funcnames", "cutab", "filetab", "pctab"}
	var ts []table
	for i, n := range names {
		a, b := h+offs[i], h+offs[i+1]
		if a < h || b < a || b > len(mem) {
			return nil
		}
		ts = append(ts, table{n, mem[a:b]})
	}
	return ts
}
