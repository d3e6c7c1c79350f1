package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"pelennor/engine"
	"pelennor/internal/atomicfile"
	"pelennor/terrain"
)

const terrainSynopsis = "(--seed N [--style S] | --file LAYOUT) [--svg FILE] [--out LAYOUT]"

// Layout is a terrain layout file (docs/formats.md §7).
type Layout struct {
	Table    terrain.Table     `json:"table"`
	Features []terrain.Feature `json:"features"`
}

func runTerrain(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("terrain", terrainSynopsis, stderr)
	seedText := fs.String("seed", "", "generate the layout of this seed (an unsigned integer)")
	style := fs.String("style", "", "the generator's kind of country: "+styleNames())
	file := fs.String("file", "", "check this layout file instead of generating one")
	svg := fs.String("svg", "", "write a picture of the layout to this SVG file")
	out := fs.String("out", "", "write the layout to this file")
	pos, status, ok := parseFlags(fs, args)
	if !ok {
		return status
	}
	if len(pos) > 0 {
		return usageErr(fs, stderr, "unexpected argument %q", pos[0])
	}
	if (*seedText == "") == (*file == "") {
		return usageErr(fs, stderr, "give --seed or --file")
	}
	if _, known := terrain.StyleOf(*style); !known {
		return usageErr(fs, stderr, "unknown style %q (known: %s)", *style, styleNames())
	}
	var lay Layout
	title := ""
	if *file != "" {
		if *style != "" {
			return usageErr(fs, stderr, "--style is for generating, not with --file")
		}
		var err error
		if lay, err = readLayout(*file); err != nil {
			return fail(stderr, "terrain", exitError, err)
		}
		title = "Layout " + *file
	} else {
		seed, err := strconv.ParseUint(*seedText, 10, 64)
		if err != nil {
			return usageErr(fs, stderr, "--seed %q is not an unsigned integer", *seedText)
		}
		st, _ := terrain.StyleOf(*style)
		lay = Layout{Table: terrain.Standard, Features: terrain.Generate(seed, terrain.Options{Style: st.Name})}
		title = fmt.Sprintf("Terrain of seed %d (%s)", seed, strings.ToLower(st.Label))
	}
	a := lay.Table.Assess(lay.Features)
	printLayout(stdout, title, lay, a)
	if *svg != "" {
		if err := atomicfile.Write(*svg, terrainSVG(title, lay, a), nil); err != nil {
			return fail(stderr, "terrain", exitError, err)
		}
	}
	if *out != "" {
		data, _ := json.MarshalIndent(lay, "", " ")
		if err := atomicfile.Write(*out, append(data, '\n'), nil); err != nil {
			return fail(stderr, "terrain", exitError, err)
		}
	}
	if len(a.Problems) > 0 {
		return exitError
	}
	return exitOK
}

func styleNames() string {
	var names []string
	for _, s := range terrain.Styles {
		names = append(names, s.Name)
	}
	return strings.Join(names, ", ")
}

// readLayout reads a layout file; a missing table is the standard one.
func readLayout(path string) (Layout, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Layout{}, err
	}
	var lay Layout
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&lay); err != nil {
		var syn *json.SyntaxError
		var typ *json.UnmarshalTypeError
		switch {
		case errors.As(err, &syn):
			return lay, fmt.Errorf("%s:%d: malformed JSON: %v", path, engine.LineAt(data, syn.Offset), err)
		case errors.As(err, &typ):
			return lay, fmt.Errorf("%s:%d: %s: expected %s, found a JSON %s", path, engine.LineAt(data, typ.Offset), typ.Field, typ.Type, typ.Value)
		}
		return lay, fmt.Errorf("%s: %v", path, err)
	}
	if dec.More() {
		return lay, fmt.Errorf("%s: extra data after the layout object", path)
	}
	if lay.Table == (terrain.Table{}) {
		lay.Table = terrain.Standard
	}
	if lay.Table.Width < 600 || lay.Table.Height < 600 || lay.Table.Width > 20000 || lay.Table.Height > 20000 {
		return lay, fmt.Errorf("%s: table: width and height must be between 600 and 20000 paces", path)
	}
	return lay, nil
}

// printLayout lists the features and what the check found.
func printLayout(w io.Writer, title string, lay Layout, a terrain.Assessment) {
	fmt.Fprintf(w, "%s, on a %d x %d p table\n", title, lay.Table.Width, lay.Table.Height)
	central := map[int]bool{}
	for _, i := range a.Central {
		central[i] = true
	}
	for i, f := range lay.Features {
		k, _ := terrain.KindOf(f.Kind)
		var where string
		if len(f.Path) > 0 {
			var pts []string
			for _, p := range f.Path {
				pts = append(pts, fmt.Sprintf("(%d,%d)", p[0], p[1]))
			}
			where = fmt.Sprintf("%d p wide along %s", f.Width, strings.Join(pts, " "))
		} else {
			where = fmt.Sprintf("%s %d x %d p at (%d,%d) facing %d", f.Shape, f.Width, f.Depth, f.X, f.Y, f.Facing)
		}
		mark := ""
		if central[i] {
			mark = "  [central]"
		}
		fmt.Fprintf(w, "%2d. %-22s %-14s %-10s %s%s\n", i+1, f.Name, k.Label, k.Going(), where, mark)
	}
	fmt.Fprintf(w, "features: %d (at least %d; roads do not count)\n", a.Counted, terrain.MinFeatures)
	fmt.Fprintf(w, "quarters with terrain: %s (at least %d)\n", quarterList(a.Quarters), terrain.MinQuarters)
	fmt.Fprintf(w, "quarters with bad going, river or impassable: %s (at least %d)\n", quarterList(a.BadQuarters), terrain.MinBadQuarters)
	fmt.Fprintf(w, "central bad going: %d (at least %d at least %d p across within %d p of the centre)\n",
		len(a.Central), terrain.MinCentral, terrain.CentreAcross, terrain.CentreReach)
	fmt.Fprintf(w, "bad going, rivers and impassable: %d p², %d%% of the table (under 50%%)\n",
		a.BadArea, a.BadArea*100/max(a.TableArea, 1))
	if len(a.Problems) == 0 {
		fmt.Fprintln(w, "check: legal (RULES.md §13 step 2)")
		return
	}
	fmt.Fprintf(w, "check: %d problems\n", len(a.Problems))
	for _, p := range a.Problems {
		fmt.Fprintf(w, "  %s: %s\n", p.Code, p.Describe())
	}
}

func quarterList(qs [4]bool) string {
	var in []string
	for q, ok := range qs {
		if ok {
			in = append(in, terrain.Quarter(q).String())
		}
	}
	if len(in) == 0 {
		return "none"
	}
	return fmt.Sprintf("%d (%s)", len(in), strings.Join(in, ", "))
}
