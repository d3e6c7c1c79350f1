package terrain

import (
	"slices"
	"strings"
	"testing"
)

// Every one of 1000 seeds gives a layout that passes Check, the same one
// each time, without the fallback; and the layouts vary.
func TestGenerateProperty(t *testing.T) {
	for i, st := range Styles {
		seeds := 1000 // the default style: the 1000 seeds
		if i > 0 {
			seeds = 200
		}
		if testing.Short() {
			seeds /= 5
		}
		t.Run(st.Name, func(t *testing.T) { checkSeeds(t, st.Name, seeds, i == 0) })
	}
}

func checkSeeds(t *testing.T, style string, seeds int, mix bool) {
	distinct, kinds := map[string]bool{}, map[string]bool{}
	counts := map[int]int{}
	rivers, roads, attempts, most := 0, 0, 0, 0
	for seed := range uint64(seeds) {
		fs, n := generate(seed, Options{Style: style})
		if n == 0 {
			t.Errorf("seed %d: every attempt failed; the fallback was used", seed)
		}
		attempts += n
		most = max(most, n)
		if probs := Check(fs); len(probs) > 0 {
			t.Errorf("seed %d: %d problems, first: %s", seed, len(probs), probs[0].Describe())
		}
		again := Generate(seed, Options{Style: style})
		if !slices.EqualFunc(fs, again, sameFeature) {
			t.Errorf("seed %d: a second run gave another layout", seed)
		}
		distinct[signature(fs)] = true
		counts[len(fs)]++
		for _, f := range fs {
			kinds[f.Kind+" "+f.Shape] = true
			if f.Kind == "river" {
				kinds[riverForm(f)] = true
			}
			if !gentle(f.Path) {
				t.Errorf("seed %d: %s bends more than 45°: %v", seed, f.Name, f.Path)
			}
			rivers += b2i(f.Kind == "river")
			roads += b2i(f.Kind == "road")
		}
	}
	t.Logf("style %q: %d kinds and shapes, %d distinct of %d, feature counts %v, %d rivers, %d roads, %d attempts for %d layouts (at most %d)",
		style, len(kinds), len(distinct), seeds, counts, rivers, roads, attempts, seeds, most)
	if most > 5 {
		t.Errorf("a layout took %d attempts: the generator fails too often (rulings T9 says a few)", most)
	}
	if len(distinct) < seeds*9/10 {
		t.Errorf("only %d distinct layouts from %d seeds", len(distinct), seeds)
	}
	if mix {
		// Every kind in every shape it may take, and both forms of river.
		for _, k := range Palette {
			for _, sh := range k.Shapes {
				if !kinds[k.Name+" "+sh] {
					t.Errorf("no %s is ever %s", k.Name, sh)
				}
			}
		}
		for _, form := range []string{"river across", "river round a corner"} {
			if !kinds[form] {
				t.Errorf("no %s", form)
			}
		}
	}
	if len(counts) < 3 {
		t.Errorf("layouts have only %d different numbers of features", len(counts))
	}
	if mix && (rivers < seeds/5 || rivers > seeds*7/10 || roads < seeds/5) {
		t.Errorf("%d rivers and %d roads in %d layouts: not the mix the style asks", rivers, roads, seeds)
	}
}

// Styles weight the kinds: a forest has more wood than farmland, the
// wetland more marsh and water than the hills.
func TestStylesDiffer(t *testing.T) {
	share := func(style string, kinds ...string) int {
		n := 0
		for seed := range uint64(200) {
			for _, f := range Generate(seed, Options{Style: style}) {
				n += b2i(slices.Contains(kinds, f.Kind))
			}
		}
		return n
	}
	if f, m := share("forest", "wood"), share("farmland", "wood"); f <= 2*m {
		t.Errorf("forest layouts have %d woods, farmland %d", f, m)
	}
	if w, h := share("wetland", "marsh", "water"), share("hills", "marsh", "water"); w <= 3*h {
		t.Errorf("wetland layouts have %d marshes and lakes, hills %d", w, h)
	}
	if !slices.EqualFunc(Generate(7, Options{Style: "no such style"}), Generate(7, Options{}), sameFeature) {
		t.Error("an unknown style is not the default")
	}
}

// Other tables get legal layouts too, none from the fallback.
func TestGenerateOtherTables(t *testing.T) {
	for _, tb := range []Table{{Width: 3600, Height: 2400}, {Width: 1800, Height: 1800}, {Width: 2400, Height: 3000}} {
		for seed := range uint64(100) {
			fs, n := generate(seed, Options{Table: tb})
			if probs := tb.Check(fs); n == 0 || len(probs) > 0 {
				t.Errorf("%d x %d table, seed %d: attempt %d, problems %v", tb.Width, tb.Height, seed, n, probs)
			}
		}
	}
}

// A style of only good going still gets its central bad going (woods).
func TestStyleWithoutBadGoing(t *testing.T) {
	Styles = append(Styles, Style{Name: "downs", MinFeatures: 4, MaxFeatures: 5, Weights: map[string]int{"hill": 1}})
	defer func() { Styles = Styles[:len(Styles)-1] }()
	for seed := range uint64(50) {
		if probs := Check(Generate(seed, Options{Style: "downs"})); len(probs) > 0 {
			t.Errorf("seed %d: %s", seed, probs[0].Describe())
		}
	}
}

// The fallback layout is legal too.
func TestFallback(t *testing.T) {
	if probs := Check(fallback(Standard)); len(probs) > 0 {
		t.Errorf("fallback: %s", probs[0].Describe())
	}
}

func BenchmarkCheck(b *testing.B) {
	// A busy layout: the generator's with the most features of 50 seeds.
	var fs []Feature
	for seed := range uint64(50) {
		if g := Generate(seed, Options{Style: "forest"}); len(g) > len(fs) {
			fs = g
		}
	}
	for b.Loop() {
		if len(Check(fs)) != 0 {
			b.Fatal("not legal")
		}
	}
	b.ReportMetric(float64(len(fs)), "features")
}

// A feature dragged across the table, as the set-up screen checks it
// every frame: each position is a new layout.
func BenchmarkCheckDrag(b *testing.B) {
	fs := Generate(4, Options{})
	i := 0
	for b.Loop() {
		moved := slices.Clone(fs)
		moved[0] = moved[0].Moved(i%400-200, i%300-150)
		Check(moved)
		i++
	}
}

func BenchmarkGenerate(b *testing.B) {
	seed := uint64(0)
	for b.Loop() {
		Generate(seed, Options{})
		seed++
	}
}

// signature is a layout's kinds of feature, each with the quarter of its
// centre, in order: layouts that differ only by a few paces share one.
func signature(fs []Feature) string {
	var parts []string
	for _, f := range fs {
		x, y := f.X, f.Y
		if len(f.Path) > 0 {
			m := f.Path[len(f.Path)/2]
			x, y = m[0], m[1]
		}
		parts = append(parts, f.Kind+"@"+Standard.QuarterOf(x, y).String())
	}
	slices.Sort(parts)
	return strings.Join(parts, " ")
}

func riverForm(f Feature) string {
	a, _ := Standard.onEdge(f.Path[0])
	b, _ := Standard.onEdge(f.Path[len(f.Path)-1])
	if a == b.Opposite() {
		return "river across"
	}
	return "river round a corner"
}

func sameFeature(a, b Feature) bool {
	return a.Name == b.Name && a.Kind == b.Kind && a.Shape == b.Shape && a.X == b.X && a.Y == b.Y &&
		a.Facing == b.Facing && a.Width == b.Width && a.Depth == b.Depth && slices.Equal(a.Path, b.Path)
}
