package army

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// docExamples returns the fenced blocks of docs/formats.md marked
// "<!-- army-example: WHAT -->", by WHAT.
func docExamples(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "docs", "formats.md"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	var what string
	var cur *strings.Builder
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		l := sc.Text()
		switch {
		case cur != nil && l == "```":
			// Only the block right after its mark: later blocks of the
			// file (other formats' examples) are not this one.
			out[what] = cur.String()
			cur, what = nil, ""
		case cur != nil:
			cur.WriteString(l + "\n")
		case strings.HasPrefix(l, "<!-- army-example: "):
			what = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(l, "<!-- army-example: "), "-->"))
		case what != "" && strings.HasPrefix(l, "```"):
			cur = &strings.Builder{}
		}
	}
	return out
}

// The list and army of docs/formats.md §8 are what the text says: the
// army is legal with 7 AP on elements of 3 AP or more, and one short
// without its Hordes.
func TestFormatsExamples(t *testing.T) {
	ex := docExamples(t)
	l, err := ParseList("formats.md list", []byte(ex["list"]))
	if err != nil {
		t.Fatal(err)
	}
	a, err := ParseArmy("formats.md army", []byte(ex["army westmarch"]))
	if err != nil {
		t.Fatal(err)
	}
	r := Validate(l, a, Standard)
	if !r.OK() || r.AP != 24 || r.High != 7 || r.Cap != 12 {
		t.Fatalf("the example army: %+v %v", r.Tally, r.Problems)
	}
	i := slices.IndexFunc(a.Elements, func(e Element) bool { return e.Type == "Hordes" })
	a.Elements = slices.Delete(a.Elements, i, i+1)
	r = Validate(l, a, Standard)
	if len(r.Problems) != 1 || r.Problems[0].String() != "the army is worth 23 AP, not the 24 AP required (§13)" {
		t.Errorf("without the Hordes: %v", r.Problems)
	}
}
