package rules

import (
	"errors"
	"io/fs"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// rulesPath is RULES.md seen from this package's directory: the repository
// is cloned with shared/ beside it (DESIGN.md: ../shared/docs/RULES.md).
const rulesPath = "../../../shared/docs/RULES.md"

// row is one line of the element table of RULES.md §2, as the file writes
// it, with moves in paces (Cannot for "cannot enter") and depth 0 for the
// stronghold ("scenario").
type row struct {
	name                   string
	class                  Class
	ap, vsFoot, vsMounted  int
	good, bad, road, depth int
	immobile               bool
}

// want is RULES.md §2 copied by hand, so the table is checked even where
// the file cannot be read (js/wasm, a checkout without shared/).
var want = []row{
	{"Blades", Foot, 2, 5, 3, 200, 200, 400, 60, false},
	{"Spears", Foot, 2, 4, 4, 200, 200, 400, 60, false},
	{"Warband", Foot, 2, 3, 3, 300, 300, 400, 80, false},
	{"Shooters", Foot, 2, 3, 4, 200, 200, 400, 60, false},
	{"Hordes", Foot, 1, 2, 2, 200, 200, 400, 80, false},
	{"Artillery", Foot, 3, 4, 4, 200, Cannot, 300, 160, false},
	{"Sneakers", Foot, 3, 5, 3, 300, 300, 400, 80, false},
	{"Lurkers", Foot, 1, 2, 2, 200, 200, 400, 80, false},
	{"Magicians", Foot, 4, 4, 4, 500, 200, 500, 160, false},
	{"Clerics", Foot, 3, 4, 4, 200, 200, 400, 80, false},
	{"Knights", Mounted, 2, 3, 4, 300, 200, 400, 120, false},
	{"Riders", Mounted, 2, 3, 3, 500, 200, 500, 120, false},
	{"Beasts", Mounted, 2, 3, 4, 400, 400, 400, 120, false},
	{"Behemoths", Mounted, 4, 4, 5, 300, 200, 400, 160, false},
	{"Heroes", Mounted, 4, 5, 5, 500, 200, 500, 160, false},
	{"Paladins", Mounted, 4, 6, 6, 500, 200, 500, 160, false},
	{"Flyers", Aerial, 2, 2, 2, 1200, 1200, 1200, 120, false},
	{"Airboats", Aerial, 3, 5, 3, 500, 500, 500, 120, false},
	{"Aerial Heroes", Aerial, 6, 5, 5, 1200, 1200, 1200, 160, false},
	{"Dragons", Aerial, 4, 6, 6, 1200, 1200, 1200, 160, false},
	{"Gods", Aerial, 4, 6, 6, 1200, 1200, 1200, 160, false},
	{"Stronghold", Fortification, 0, 6, 6, 0, 0, 0, 0, true},
}

// wantIndex is RULES.md §12 copied by hand.
var wantIndex = []Ruling{
	{"R1", "base depths", "table §1"},
	{"R2", "Shooter/Warband moves", "amended 200/300; printed 2.0 values behind a switch"},
	{"R3", "road speeds", "max(good going, 400), Artillery 300"},
	{"R4", "rivers", "whole move, at most 100 p; +1 defending a bank"},
	{"R5", "pooling PIPs across commands", "never"},
	{"R6", "measuring a move", "straight-line travel of the furthest-moving corner"},
	{"R7", "breaking off", "straight back ≥ 200 p, only if faster than every enemy in contact; aerials always"},
	{"R8", "conforming slide", "up to 80 p beyond the allowance"},
	{"R9", "turning to face", "when contacted on side/rear with no enemy in front, if room"},
	{"R10", "zone of control", "none; DBA-style 1 BW zone as an option, off"},
	{"R11", "overlaps", "an overlapping element must not itself have an enemy against its front"},
	{"R12", "command range cost", "+1 per move if any moved element is beyond range; out of sight = line from general crosses a wood, built-up area, city or hill (never an element)"},
	{"R13", "follow-up distance", "stay in contact; own base depth if the enemy is gone"},
	{"R14", "flee direction", "straight away from the victor, 600 p"},
	{"R15", "shooting arc and sight", "forward rectangle of the front edge; line between front-edge centres unblocked"},
	{"R16", "Magician's 1s", "ensorcelled on the second 1 rolled while bespelling"},
	{"R17", "ensorcelled general", "counts as lost"},
	{"R18", "returned Hordes", "no longer count as lost"},
	{"R19", "God/Dragon/Lurker arrival and God departure", "own base edge; God leaves on a PIP roll of 1"},
	{"R20", "both sides lose in one bound", "the moving side wins"},
	{"R21", "paths", "a move is 1–4 straight legs, each measured by its furthest-moving corner, summed"},
	{"R22", "reaching a flank or rear", "any legal path within the allowance; no start-position restriction"},
	{"R23", "what counts as a flank or rear enemy", "only an enemy whose front edge is against the side or rear edge"},
	{"R24", "doubled against \"no effect\" / \"leave the table\" rows", "those rows stand; strongholds are captured"},
	{"R25", "bespell results", "§8's list replaces §6.3's rows; others recoil even in bad going"},
	{"R26", "standard battle set-up", "§13"},
	{"R27", "who defends", "each player rolls a d6, re-rolling ties; the lower defends"},
}

// wantDepths is the R1 paragraph of RULES.md §1 copied by hand.
var wantDepths = map[string]int{
	"Blades": 60, "Spears": 60, "Shooters": 60,
	"Warband": 80, "Hordes": 80, "Clerics": 80, "Sneakers": 80, "Lurkers": 80,
	"Knights": 120, "Riders": 120, "Beasts": 120, "Flyers": 120, "Airboats": 120,
	"Behemoths": 160, "Artillery": 160, "Heroes": 160, "Aerial Heroes": 160, "Paladins": 160,
	"Magicians": 160, "Dragons": 160, "Gods": 160,
}

// readRules returns RULES.md, or skips the test if it is not beside the
// repository.
func readRules(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(rulesPath)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
			t.Skipf("%s not found (shared/ is not beside the repository): checked against the hand-copied table only", rulesPath)
		}
		t.Skipf("cannot read %s: %v", rulesPath, err)
	}
	return string(data)
}

// section returns the text of the "## N." section of md.
func section(t *testing.T, md, n string) string {
	t.Helper()
	start := strings.Index(md, "\n## "+n+" ")
	if start < 0 {
		t.Fatalf("%s: no section \"## %s\"", rulesPath, n)
	}
	body := md[start+1:]
	if end := strings.Index(body[3:], "\n## "); end >= 0 {
		body = body[:end+3]
	}
	return body
}

// tableRows returns the cells of the first markdown table in text, header
// and separator dropped.
func tableRows(t *testing.T, text string) [][]string {
	t.Helper()
	var rows [][]string
	inTable := false
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "|") {
			if inTable {
				break
			}
			continue
		}
		inTable = true
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		rows = append(rows, cells)
	}
	if len(rows) < 3 {
		t.Fatalf("%s: no table found", rulesPath)
	}
	return rows[2:]
}

func parseClass(t *testing.T, s string) Class {
	t.Helper()
	switch s {
	case "foot":
		return Foot
	case "mounted":
		return Mounted
	case "aerial":
		return Aerial
	case "(fights as foot)":
		return Fortification
	}
	t.Fatalf("%s §2: unknown class %q", rulesPath, s)
	return 0
}

func atoi(t *testing.T, what, s string) int {
	t.Helper()
	n, err := strconv.Atoi(strings.TrimPrefix(s, "+"))
	if err != nil {
		t.Fatalf("%s §2: %s %q is not a number", rulesPath, what, s)
	}
	return n
}

// parseTable reads the element table of RULES.md §2.
func parseTable(t *testing.T, md string) []row {
	t.Helper()
	var out []row
	for _, c := range tableRows(t, section(t, md, "2.")) {
		if len(c) != 9 {
			t.Fatalf("%s §2: row %q has %d cells, want 9", rulesPath, c, len(c))
		}
		r := row{name: c[0], class: parseClass(t, c[1]), ap: atoi(t, "AP", c[2]),
			vsFoot: atoi(t, "vs foot", c[3]), vsMounted: atoi(t, "vs mounted", c[4])}
		move := func(what, s string) int {
			if s == "cannot enter" {
				return Cannot
			}
			return atoi(t, what, s)
		}
		if c[5] == "immobile" {
			if c[6] != "" || c[7] != "" || c[8] != "scenario" {
				t.Fatalf("%s §2: immobile row %q: want empty bad/road and depth \"scenario\"", rulesPath, c)
			}
			r.immobile = true
		} else {
			r.good, r.bad, r.road = move("good going", c[5]), move("bad going", c[6]), move("road", c[7])
			r.depth = atoi(t, "depth", c[8])
		}
		out = append(out, r)
	}
	return out
}

// checkTable compares rules.Types with rows, value by value.
func checkTable(t *testing.T, src string, rows []row) {
	t.Helper()
	if len(rows) != int(NumTypes) {
		t.Errorf("%s: %d element types, rules.Types has %d", src, len(rows), NumTypes)
	}
	seen := map[Type]bool{}
	for _, r := range rows {
		ty, ok := ParseType(r.name)
		if !ok {
			t.Errorf("%s: type %q is not in rules.Types", src, r.name)
			continue
		}
		seen[ty] = true
		in := Types[ty]
		check := func(what string, got, want any) {
			t.Helper()
			if got != want {
				t.Errorf("%s: %s %s = %v in rules.Types, %v in RULES.md §2", src, r.name, what, got, want)
			}
		}
		check("class", in.Class, r.class)
		check("AP", in.AP, r.ap)
		check("vs foot", in.VsFoot, r.vsFoot)
		check("vs mounted", in.VsMounted, r.vsMounted)
		if r.immobile {
			// The stronghold never moves: no allowance in any going.
			check("immobile (good going)", in.Good, 0)
			check("immobile (road)", in.Road, 0)
			if in.Bad != 0 && in.Bad != Cannot {
				t.Errorf("%s: immobile %s has a bad-going move of %d", src, r.name, in.Bad)
			}
			check("depth (set by the scenario)", in.Depth, 0)
			continue
		}
		check("good going", in.Good, r.good)
		check("bad going", in.Bad, r.bad)
		check("road", in.Road, r.road)
		check("depth", in.Depth, r.depth)
	}
	for ty := Type(0); ty < NumTypes; ty++ {
		if !seen[ty] {
			t.Errorf("%s: rules.Types has %s, which the table lacks", src, ty)
		}
	}
}

func TestTypesHandTable(t *testing.T) { checkTable(t, "hand-copied §2", want) }

func TestTypesRulesMD(t *testing.T) {
	md := readRules(t)
	rows := parseTable(t, md)
	checkTable(t, rulesPath+" §2", rows)
	// The hand copy must agree with the file, so that it stays a faithful
	// stand-in where the file cannot be read.
	if len(rows) != len(want) {
		t.Fatalf("hand-copied table has %d rows, %s §2 has %d", len(want), rulesPath, len(rows))
	}
	for i := range rows {
		if rows[i] != want[i] {
			t.Errorf("hand-copied row %d %+v differs from %s §2 %+v", i, want[i], rulesPath, rows[i])
		}
	}
}

func checkDepths(t *testing.T, src string, depths map[string]int) {
	t.Helper()
	for ty := Type(0); ty < NumTypes; ty++ {
		if ty == Stronghold {
			continue
		}
		d, ok := depths[ty.String()]
		if !ok {
			t.Errorf("%s: R1 gives no depth for %s", src, ty)
			continue
		}
		if Types[ty].Depth != d {
			t.Errorf("%s: %s depth %d in rules.Types, R1 says %d", src, ty, Types[ty].Depth, d)
		}
	}
	if len(depths) != int(NumTypes)-1 {
		t.Errorf("%s: R1 lists %d types, want %d (all but the stronghold)", src, len(depths), NumTypes-1)
	}
}

func TestDepthsHand(t *testing.T) { checkDepths(t, "hand-copied R1", wantDepths) }

// R1 in RULES.md §1: "**R1 base depths** (15 mm standard): Blades, Spears,
// Shooters 60 p; Warband, ... 80 p; ... The stronghold's footprint is set
// by the scenario."
func TestDepthsRulesMD(t *testing.T) {
	md := readRules(t)
	start := strings.Index(md, "**R1 base depths**")
	if start < 0 {
		t.Fatalf("%s: no R1 base depths paragraph", rulesPath)
	}
	para := md[start:]
	para = para[:strings.Index(para, "\n\n")]
	para = strings.Join(strings.Fields(para), " ")
	_, list, ok := strings.Cut(para, "):")
	if !ok {
		t.Fatalf("%s: R1 paragraph %q lacks \"):\"", rulesPath, para)
	}
	list, _, _ = strings.Cut(list, ". The stronghold")
	group := regexp.MustCompile(`^(.*) (\d+) p$`)
	depths := map[string]int{}
	for g := range strings.SplitSeq(list, ";") {
		m := group.FindStringSubmatch(strings.TrimSpace(g))
		if m == nil {
			t.Fatalf("%s: R1 group %q is not \"Types N p\"", rulesPath, g)
		}
		d, _ := strconv.Atoi(m[2])
		for name := range strings.SplitSeq(m[1], ",") {
			name = strings.TrimSpace(name)
			if _, dup := depths[name]; dup {
				t.Errorf("%s: R1 names %s twice", rulesPath, name)
			}
			depths[name] = d
		}
	}
	checkDepths(t, rulesPath+" R1", depths)
	for name, d := range depths {
		if wantDepths[name] != d {
			t.Errorf("hand-copied R1 depth of %s is %d, %s says %d", name, wantDepths[name], rulesPath, d)
		}
	}
}

func checkIndex(t *testing.T, src string, rs []Ruling) {
	t.Helper()
	if len(Index) != len(rs) {
		t.Errorf("%s: %d rulings, rules.Index has %d", src, len(rs), len(Index))
	}
	for i := range min(len(Index), len(rs)) {
		if Index[i] != rs[i] {
			t.Errorf("%s: ruling %d\n rules.Index %+v\n   RULES.md %+v", src, i, Index[i], rs[i])
		}
	}
}

func TestIndexHand(t *testing.T) { checkIndex(t, "hand-copied §12", wantIndex) }

func TestIndexRulesMD(t *testing.T) {
	md := readRules(t)
	var rs []Ruling
	for _, c := range tableRows(t, section(t, md, "12.")) {
		if len(c) != 3 {
			t.Fatalf("%s §12: row %q has %d cells, want 3", rulesPath, c, len(c))
		}
		rs = append(rs, Ruling{ID: c[0], Point: c[1], Ruling: c[2]})
	}
	checkIndex(t, rulesPath+" §12", rs)
	for i := range rs {
		if i < len(wantIndex) && rs[i] != wantIndex[i] {
			t.Errorf("hand-copied ruling %d %+v differs from %s %+v", i, wantIndex[i], rulesPath, rs[i])
		}
	}
}

// R3: road speed is max(good going, 400 p), Artillery 300 p.
func TestRoadSpeeds(t *testing.T) {
	for ty := Type(0); ty < NumTypes; ty++ {
		in := Types[ty]
		want := max(in.Good, RoadMin)
		switch ty {
		case Artillery:
			want = ArtilleryRoad
		case Stronghold:
			want = 0
		}
		if in.Road != want {
			t.Errorf("%s road move %d, R3 gives %d", ty, in.Road, want)
		}
	}
	if RoadMin != 400 || ArtilleryRoad != 300 {
		t.Errorf("RoadMin %d, ArtilleryRoad %d; R3 says 400 and 300", RoadMin, ArtilleryRoad)
	}
}

// §2: an element uses its vs foot factor against foot and strongholds, its
// vs mounted factor against mounted and aerial elements.
func TestFactor(t *testing.T) {
	for a := Type(0); a < NumTypes; a++ {
		for b := Type(0); b < NumTypes; b++ {
			want := Types[a].VsMounted
			if c := Types[b].Class; c == Foot || c == Fortification {
				want = Types[a].VsFoot
			}
			if got := a.Factor(b); got != want {
				t.Errorf("%s.Factor(%s) = %d, want %d", a, b, got, want)
			}
		}
	}
}

// R2: the printed 2.0 book's Shooter 300 / Warband 200 moves, behind
// Rulings.PrintedMoves; the 2004 amendment (the table) by default.
func TestPrintedMoves(t *testing.T) {
	if len(Printed2) != 2 {
		t.Errorf("Printed2 has %d types, want Shooters and Warband only", len(Printed2))
	}
	if p := Printed2[Shooters]; p.Good != 300 || p.Bad != 300 {
		t.Errorf("Printed2[Shooters] = %+v, want 300/300", p)
	}
	if p := Printed2[Warband]; p.Good != 200 || p.Bad != 200 {
		t.Errorf("Printed2[Warband] = %+v, want 200/200", p)
	}
	printed := Rulings{PrintedMoves: true}
	for ty := Type(0); ty < NumTypes; ty++ {
		in := Types[ty]
		if g, b, r := (Rulings{}).Move(ty); g != in.Good || b != in.Bad || r != in.Road {
			t.Errorf("standard Move(%s) = %d, %d, %d; want the table's %d, %d, %d", ty, g, b, r, in.Good, in.Bad, in.Road)
		}
		wg, wb := in.Good, in.Bad
		switch ty {
		case Shooters:
			wg, wb = 300, 300
		case Warband:
			wg, wb = 200, 200
		}
		if g, b, r := printed.Move(ty); g != wg || b != wb || r != in.Road {
			t.Errorf("printed Move(%s) = %d, %d, %d; want %d, %d, %d", ty, g, b, r, wg, wb, in.Road)
		}
	}
	// The amendment swaps the two: Warband 300, Shooters 200.
	if g, _, _ := (Rulings{}).Move(Warband); g != 300 {
		t.Errorf("amended Warband move %d, want 300", g)
	}
	if g, _, _ := (Rulings{}).Move(Shooters); g != 200 {
		t.Errorf("amended Shooters move %d, want 200", g)
	}
}

// RULES.md §1 distances and §3 PIP costs.
func TestConstants(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want int
	}{
		{"BaseWidth", BaseWidth, 160},
		{"CommandRange", CommandRange, 1200},
		{"CommandRangeUnseen", CommandRangeUnseen, 600},
		{"ShooterRange", ShooterRange, 200},
		{"ArtilleryRange", ArtilleryRange, 500},
		{"BespellRange", BespellRange, 600},
		{"FleeDistance", FleeDistance, 600},
		{"BreakOffMin (R7)", BreakOffMin, 200},
		{"ConformSlide (R8)", ConformSlide, 80},
		{"RiverMove (R4)", RiverMove, 100},
		{"ArrivalClear", ArrivalClear, 200},
		{"CostMove", CostMove, 1},
		{"CostAerialExtra", CostAerialExtra, 1},
		{"CostMagicianExtra", CostMagicianExtra, 1},
		{"CostOutOfRange", CostOutOfRange, 1},
		{"CostBespell", CostBespell, 2},
		{"CostAidBespell", CostAidBespell, 1},
		{"CostReplaceHordes", CostReplaceHordes, 1},
		{"CostDesorcel", CostDesorcel, 6},
		{"CostSummon", CostSummon, 6},
		{"ShootRange(Shooters)", ShootRange(Shooters), 200},
		{"ShootRange(Artillery)", ShootRange(Artillery), 500},
		{"ShootRange(Blades)", ShootRange(Blades), 0},
	} {
		if c.got != c.want {
			t.Errorf("%s = %d, RULES.md says %d", c.name, c.got, c.want)
		}
	}
}
