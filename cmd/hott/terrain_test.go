package main

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pelennor/terrain"
)

// hott terrain --seed prints the generator's layout and a legal check,
// and writes a picture with a polygon for every part of every feature.
func TestTerrainSeed(t *testing.T) {
	dir := t.TempDir()
	svg, out := filepath.Join(dir, "t.svg"), filepath.Join(dir, "t.json")
	code, stdout, stderr := hott(t, "terrain", "--seed", "4", "--svg", svg, "--out", out)
	if code != exitOK {
		t.Fatalf("status %d: %s", code, stderr)
	}
	fs := terrain.Generate(4, terrain.Options{})
	for _, f := range fs {
		if !strings.Contains(stdout, f.Name) {
			t.Errorf("the listing lacks %s:\n%s", f.Name, stdout)
		}
	}
	if !strings.Contains(stdout, "check: legal") {
		t.Errorf("no verdict:\n%s", stdout)
	}
	data, err := os.ReadFile(svg)
	if err != nil {
		t.Fatal(err)
	}
	parts := 0
	for _, f := range fs {
		parts += len(f.Parts())
	}
	// The table's deployment lines are polygons too: one for each long edge.
	if got := countElements(t, data, "polygon"); got != parts+2 {
		t.Errorf("the picture has %d polygons, want %d parts and 2 zones", got, parts)
	}
	// The layout written reads back to the same verdict.
	code, again, stderr := hott(t, "terrain", "--file", out)
	if code != exitOK || !strings.Contains(again, "check: legal") {
		t.Errorf("reading the layout back: status %d: %s%s", code, again, stderr)
	}
}

// countElements decodes data as XML and counts elements named name.
func countElements(t *testing.T, data []byte, name string) int {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	n := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			if err.Error() != "EOF" {
				t.Fatalf("the picture is not well-formed XML: %v", err)
			}
			return n
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == name {
			n++
		}
	}
}

func TestTerrainFileProblems(t *testing.T) {
	cases := []struct {
		name, text string
		code       int
		want       []string
	}{
		{"illegal", `{"features": [{"name": "Lone Wood", "kind": "wood", "shape": "oval", "x": 1200, "y": 1200, "width": 400, "depth": 400}]}`,
			exitError, []string{"terrain.count: 1 feature laid; at least 4", "terrain.central"}},
		{"malformed", "{\"features\": [\n{\"name\": 3}]}", exitError, []string{"bad.json:2:", "features.name", "expected string"}},
		{"unknown field", `{"features": [], "colour": "red"}`, exitError, []string{"bad.json", `unknown field "colour"`}},
		{"tiny table", `{"table": {"width": 100, "height": 100}, "features": []}`, exitError, []string{"bad.json: table"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "bad.json")
			os.WriteFile(path, []byte(c.text), 0o644)
			code, stdout, stderr := hott(t, "terrain", "--file", path)
			if code != c.code {
				t.Errorf("status %d, want %d", code, c.code)
			}
			for _, w := range c.want {
				if !strings.Contains(stdout+stderr, w) {
					t.Errorf("output lacks %q:\n%s%s", w, stdout, stderr)
				}
			}
		})
	}
}

func TestTerrainUsage(t *testing.T) {
	for _, args := range [][]string{
		{"terrain"},
		{"terrain", "--seed", "1", "--file", "x.json"},
		{"terrain", "--seed", "-1"},
		{"terrain", "--seed", "1", "--style", "jungle"},
		{"terrain", "--seed", "1", "extra"},
	} {
		if code, _, stderr := hott(t, args...); code != exitUsage || stderr == "" {
			t.Errorf("%v: status %d, stderr %q", args, code, stderr)
		}
	}
}

// The example of docs/formats.md §7.5 is a legal layout.
func TestTerrainFormatsExample(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "formats.md"))
	if err != nil {
		t.Fatal(err)
	}
	var block strings.Builder
	state := 0 // 0 looking for the marker, 1 for the fence, 2 inside
	for sc := bufio.NewScanner(bytes.NewReader(data)); sc.Scan(); {
		l := sc.Text()
		switch {
		case state == 0 && l == "<!-- terrain-example -->":
			state = 1
		case state == 1 && strings.HasPrefix(l, "```"):
			state = 2
		case state == 2 && l == "```":
			state = 3
		case state == 2:
			block.WriteString(l + "\n")
		}
	}
	if state != 3 {
		t.Fatal("formats.md has no terrain example")
	}
	path := filepath.Join(t.TempDir(), "example.json")
	os.WriteFile(path, []byte(block.String()), 0o644)
	if code, stdout, stderr := hott(t, "terrain", "--file", path); code != exitOK {
		t.Errorf("status %d:\n%s%s", code, stdout, stderr)
	}
}

// The pictures in docs/ are what hott terrain draws today; to refresh
// them run the command each names.
func TestTerrainDocsPictures(t *testing.T) {
	for _, c := range []struct{ file, seed, style string }{
		{"terrain-seed-6.svg", "6", ""},
		{"terrain-seed-12-forest.svg", "12", "forest"},
	} {
		out := filepath.Join(t.TempDir(), c.file)
		args := []string{"terrain", "--seed", c.seed}
		if c.style != "" {
			args = append(args, "--style", c.style)
		}
		cmd := strings.Join(args, " ") + " --svg docs/" + c.file
		args = append(args, "--svg", out)
		if code, _, stderr := hott(t, args...); code != exitOK {
			t.Fatalf("%v: %s", args, stderr)
		}
		got, _ := os.ReadFile(out)
		want, err := os.ReadFile(filepath.Join("..", "..", "docs", c.file))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("docs/%s is not current: run hott %s", c.file, cmd)
		}
	}
}
