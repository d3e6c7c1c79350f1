package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"pelennor/engine/geom"
	"pelennor/engine/rules"
	"pelennor/thirdage"
)

// ScenarioFormat is the version of the scenario file format this engine
// reads (docs/formats.md).
const ScenarioFormat = 1

// Scenario is a scenario file as written (docs/formats.md). Distances are
// in paces, facings in compass units of 4096 a turn (0 north, 1024 east).
type Scenario struct {
	Format      int            `json:"format"`
	ID          string         `json:"id"`
	Version     int            `json:"version"`
	Name        string         `json:"name"`
	Description string         `json:"description,omitempty"`
	Table       TableSpec      `json:"table"`
	Rules       string         `json:"rules"`
	Sides       []SideSpec     `json:"sides"`
	Commands    []CommandSpec  `json:"commands"`
	Terrain     []TerrainSpec  `json:"terrain"`
	Elements    []ElementSpec  `json:"elements"`
	Rulings     *rules.Rulings `json:"rulings,omitempty"`
	Zones       []ZoneSpec     `json:"zones,omitempty"`
	// Params holds the parameters of the scenario's rule set, which
	// decodes and checks them (e.g. the Pelennor's events).
	Params json.RawMessage `json:"params,omitempty"`
	// Setup asks for a standard battle's set-up played as actions
	// (setup.go): the table starts bare.
	Setup *SetupSpec `json:"setup,omitempty"`

	// Derived by ParseScenario.
	terrain  []feature
	byID     map[int]int // element id -> index in Elements
	idIndex  []int32     // the same as a table by id, when ids are few enough (denseIndex)
	cmdIndex map[string]int
	sum      [32]byte
	src      []byte              // the file as read, for a save to carry (Ref)
	ext      any                 // the rule set's decoded parameters
	heroes   [][]*thirdage.Sheet // by element index: the heroes it carries (duel.go)
	built    bool                // made by a set-up (builtFor), not read from a file
}

// TableSpec is the playing area and the names of its edges.
type TableSpec struct {
	Width  int               `json:"width"`
	Height int               `json:"height"`
	Edges  map[string]string `json:"edges,omitempty"` // north/east/south/west -> shown name
}

// SideSpec is one of the two sides; the first listed has the first bound.
type SideSpec struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// CommandSpec is a command: its own general, PIP die and break point.
type CommandSpec struct {
	ID         string `json:"id"`
	Side       string `json:"side"`
	Name       string `json:"name"`
	General    int    `json:"general"`
	BreakPoint int    `json:"breakPoint,omitempty"`
	BaseEdge   string `json:"baseEdge"`
	Colour     string `json:"colour,omitempty"`
	// AnyElement lets the command's PIPs move any element of its side,
	// measuring command range from its own general (PELENNOR.md P4).
	AnyElement bool `json:"anyElement,omitempty"`
	// Inactive commands may not move until a scenario rule activates them.
	Inactive bool `json:"inactive,omitempty"`
	// ReturnEdge is where its Hordes return and its arrivals enter, if not
	// the base edge.
	ReturnEdge string `json:"returnEdge,omitempty"`
}

// TerrainSpec is a terrain feature: a convex polygon, or a path of the
// given width (made of one convex strip per segment).
type TerrainSpec struct {
	Name    string   `json:"name"`
	Kind    string   `json:"kind"`
	Polygon [][2]int `json:"polygon,omitempty"`
	Path    [][2]int `json:"path,omitempty"`
	Width   int      `json:"width,omitempty"`
}

// ElementSpec is an element and where it starts. X, Y is the centre of
// its front edge. Reserve elements start off the table.
type ElementSpec struct {
	ID          int    `json:"id"`
	Command     string `json:"command"`
	Type        string `json:"type"`
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	X           int    `json:"x,omitempty"`
	Y           int    `json:"y,omitempty"`
	Facing      int    `json:"facing,omitempty"`
	Reserve     bool   `json:"reserve,omitempty"`
	Width       int    `json:"width,omitempty"` // strongholds only
	Depth       int    `json:"depth,omitempty"` // strongholds only
	// Heroes are the Third Age hero sheets (thirdage) of the heroes the
	// element carries: the first fights its heroic duels (ruling TA20).
	// Built-in scenarios give theirs in heroRoster instead.
	Heroes []string `json:"heroes,omitempty"`
}

// ZoneSpec is an area of the table named for a purpose: "deploy" (where
// commands may rearrange before the first bound) or "entry" (where
// arriving commands are placed).
type ZoneSpec struct {
	ID       string   `json:"id"`
	Name     string   `json:"name"`
	Kind     string   `json:"kind"`
	Commands []string `json:"commands"`
	Polygon  [][2]int `json:"polygon"`
	poly     geom.Poly
}

// Contains reports whether base b lies wholly inside the zone.
func (z *ZoneSpec) Contains(b geom.Base) bool {
	for _, p := range b.Poly() {
		if !geom.Contains(z.poly, p) {
			return false
		}
	}
	return true
}

type feature struct {
	name  string
	kind  rules.Terrain
	parts []geom.Poly
	boxes []geom.Box // of each part, for cheap rejects (newFeature)
	box   geom.Box   // of them all
}

// Edges of the table, in the order used by files and events.
var edgeNames = []string{"north", "east", "south", "west"}

// FileError is a problem in a scenario, save or action file, naming
// the file and the line or field.
type FileError struct {
	File  string
	Line  int    // 0 if unknown
	Field string // e.g. elements[3].type
	Msg   string
}

func (e *FileError) Error() string {
	s := e.File
	if e.Line > 0 {
		s += fmt.Sprintf(":%d", e.Line)
	}
	if e.Field != "" {
		s += ": " + e.Field
	}
	return s + ": " + e.Msg
}

// ParseScenario decodes and validates a scenario file. name is used in
// error messages.
func ParseScenario(name string, data []byte) (*Scenario, error) {
	sc := new(Scenario)
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(sc); err != nil {
		return nil, jsonError(name, data, err)
	}
	if dec.More() {
		return nil, &FileError{File: name, Msg: "extra data after the scenario object"}
	}
	if err := sc.validate(); err != nil {
		var se *FileError
		if errors.As(err, &se) {
			se.File = name
		}
		return nil, err
	}
	sc.sum = sha256Sum(data)
	sc.src = data
	return sc, nil
}

// Ref is how a save names the scenario. A standard battle's scenario is
// made from two armies for that one game and no catalog holds it, so
// its saves carry the file itself (formats §3).
func (s *Scenario) Ref() ScenarioRef {
	ref := ScenarioRef{ID: s.ID, Version: s.Version, SHA256: s.Checksum()}
	if s.Setup != nil {
		ref.Embedded = string(s.src)
	}
	return ref
}

// jsonError turns a decoding error into a FileError with a line.
func jsonError(name string, data []byte, err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return &FileError{File: name, Line: LineAt(data, syn.Offset), Msg: "malformed JSON: " + syn.Error()}
	case errors.As(err, &typ):
		return &FileError{File: name, Line: LineAt(data, typ.Offset), Field: typ.Field,
			Msg: fmt.Sprintf("expected %s, found a JSON %s", typ.Type, typ.Value)}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return &FileError{File: name, Line: LineAt(data, int64(len(data))), Msg: "the file ends in the middle of the scenario"}
	}
	return &FileError{File: name, Msg: err.Error()}
}

// LineAt returns the line (from 1) of byte offset off in data.
func LineAt(data []byte, off int64) int {
	off = min(max(off, 0), int64(len(data)))
	return bytes.Count(data[:off], []byte("\n")) + 1
}

func fieldErr(field, format string, args ...any) error {
	return &FileError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

func (sc *Scenario) validate() error {
	if sc.Format != ScenarioFormat {
		return fieldErr("format", "format %d is not supported (this build reads format %d)", sc.Format, ScenarioFormat)
	}
	if sc.ID == "" {
		return fieldErr("id", "missing")
	}
	if sc.Table.Width <= 0 || sc.Table.Height <= 0 || sc.Table.Width > 20000 || sc.Table.Height > 20000 {
		return fieldErr("table", "width and height must be between 1 and 20000 paces")
	}
	for k := range sc.Table.Edges {
		if indexOf(edgeNames, k) < 0 {
			return fieldErr("table.edges."+k, "unknown edge (north, east, south or west)")
		}
	}
	if _, ok := scenarioRules[sc.Rules]; !ok {
		return fieldErr("rules", "unknown rules %q (known: %s)", sc.Rules, ruleNames())
	}
	if len(sc.Sides) != 2 {
		return fieldErr("sides", "a battle needs exactly two sides, found %d", len(sc.Sides))
	}
	if sc.Sides[0].ID == "" || sc.Sides[1].ID == "" || sc.Sides[0].ID == sc.Sides[1].ID {
		return fieldErr("sides", "the two sides need distinct ids")
	}
	if len(sc.Commands) == 0 {
		return fieldErr("commands", "no commands")
	}
	sc.cmdIndex = make(map[string]int)
	for i, c := range sc.Commands {
		f := fmt.Sprintf("commands[%d]", i)
		if c.ID == "" {
			return fieldErr(f+".id", "missing")
		}
		if _, dup := sc.cmdIndex[c.ID]; dup {
			return fieldErr(f+".id", "duplicate command id %q", c.ID)
		}
		sc.cmdIndex[c.ID] = i
		if c.Side != sc.Sides[0].ID && c.Side != sc.Sides[1].ID {
			return fieldErr(f+".side", "unknown side %q", c.Side)
		}
		if indexOf(edgeNames, c.BaseEdge) < 0 {
			return fieldErr(f+".baseEdge", "must be north, east, south or west, not %q", c.BaseEdge)
		}
		if c.ReturnEdge != "" && indexOf(edgeNames, c.ReturnEdge) < 0 {
			return fieldErr(f+".returnEdge", "must be north, east, south or west, not %q", c.ReturnEdge)
		}
		if c.BreakPoint < 0 {
			return fieldErr(f+".breakPoint", "negative")
		}
	}
	for i, t := range sc.Terrain {
		f := fmt.Sprintf("terrain[%d]", i)
		kind, ok := rules.ParseTerrain(t.Kind)
		if !ok {
			return fieldErr(f+".kind", "unknown terrain kind %q", t.Kind)
		}
		parts, err := t.parts()
		if err != nil {
			return fieldErr(f, "%v", err)
		}
		sc.terrain = append(sc.terrain, newFeature(t.Name, kind, parts))
	}
	for i := range sc.Zones {
		z := &sc.Zones[i]
		f := fmt.Sprintf("zones[%d]", i)
		if z.ID == "" {
			return fieldErr(f+".id", "missing")
		}
		if z.Kind != "deploy" && z.Kind != "entry" {
			return fieldErr(f+".kind", "must be deploy or entry, not %q", z.Kind)
		}
		for _, c := range z.Commands {
			if _, ok := sc.cmdIndex[c]; !ok {
				return fieldErr(f+".commands", "unknown command %q", c)
			}
		}
		z.poly = nil
		for _, v := range z.Polygon {
			z.poly = append(z.poly, geom.Point{X: geom.Paces(v[0]), Y: geom.Paces(v[1])})
		}
		if !geom.Convex(z.poly) {
			return fieldErr(f+".polygon", "not a convex polygon")
		}
	}
	sc.byID = make(map[int]int)
	sc.idIndex = denseIndex(sc.Elements)
	strongholds := map[string]int{}
	sc.heroes = nil
	for i, e := range sc.Elements {
		f := fmt.Sprintf("elements[%d]", i)
		if e.ID <= 0 {
			return fieldErr(f+".id", "element ids are positive integers")
		}
		if i > 0 && e.ID <= sc.Elements[i-1].ID {
			return fieldErr(f+".id", "element ids must increase through the file (%d follows %d)", e.ID, sc.Elements[i-1].ID)
		}
		sc.byID[e.ID] = i
		if _, ok := sc.cmdIndex[e.Command]; !ok {
			return fieldErr(f+".command", "unknown command %q", e.Command)
		}
		t, ok := rules.ParseType(e.Type)
		if !ok {
			return fieldErr(f+".type", "unknown element type %q", e.Type)
		}
		if t == rules.Stronghold {
			if e.Width <= 0 || e.Depth <= 0 {
				return fieldErr(f, "a stronghold needs a positive width and depth")
			}
			side := sc.Commands[sc.cmdIndex[e.Command]].Side
			if strongholds[side]++; strongholds[side] > 1 {
				return fieldErr(f, "side %q has a second stronghold", side)
			}
		} else if e.Width != 0 || e.Depth != 0 {
			return fieldErr(f, "only strongholds set width and depth")
		}
		if t.Arrives() && !e.Reserve {
			return fieldErr(f+".reserve", "%s are not deployed at the start: mark them reserve (RULES.md §9.4)", t)
		}
		if t == rules.Stronghold && e.Reserve {
			return fieldErr(f+".reserve", "a stronghold cannot be in reserve")
		}
		if e.Facing < 0 || e.Facing >= int(geom.Turn) {
			return fieldErr(f+".facing", "facing %d is outside 0..4095", e.Facing)
		}
		heroes := e.Heroes
		if len(heroes) == 0 {
			heroes = heroRoster[sc.ID][e.ID]
		}
		var sheets []*thirdage.Sheet
		for j, h := range heroes {
			s, ok := thirdage.Lookup(h)
			if !ok {
				return fieldErr(fmt.Sprintf("%s.heroes[%d]", f, j), "no hero sheet %q (hott hero list shows them)", h)
			}
			sheets = append(sheets, s)
		}
		sc.heroes = append(sc.heroes, sheets)
	}
	for i, c := range sc.Commands {
		gi, ok := sc.byID[c.General]
		if !ok {
			return fieldErr(fmt.Sprintf("commands[%d].general", i), "no element with id %d", c.General)
		}
		if sc.Elements[gi].Command != c.ID {
			return fieldErr(fmt.Sprintf("commands[%d].general", i), "element %d belongs to command %q", c.General, sc.Elements[gi].Command)
		}
		if sc.Elements[gi].Type == "Stronghold" {
			return fieldErr(fmt.Sprintf("commands[%d].general", i), "a stronghold cannot be a general")
		}
	}
	if err := scenarioRules[sc.Rules].Validate(sc); err != nil {
		return err
	}
	if sc.Setup != nil {
		return sc.validateSetup() // elements are placed during the set-up
	}
	return sc.validatePlacement()
}

// validatePlacement checks that on-table elements start on the table, in
// no impassable ground and overlapping nothing.
func (sc *Scenario) validatePlacement() error {
	var placed []geom.Base
	var ids []int
	for i, e := range sc.Elements {
		if e.Reserve {
			continue
		}
		f := fmt.Sprintf("elements[%d]", i)
		b := sc.startBase(i)
		if !sc.onTable(b.Poly()) {
			return fieldErr(f, "%s (id %d) at (%d, %d) is not wholly on the table", e.Name, e.ID, e.X, e.Y)
		}
		t, _ := rules.ParseType(e.Type)
		if t != rules.Stronghold {
			for k := range sc.terrain {
				if ft := &sc.terrain[k]; ft.blocks(t, true) && ft.overlaps(b.Poly()) {
					return fieldErr(f, "%s (id %d) stands in %s (%s)", e.Name, e.ID, ft.name, ft.kind.Name)
				}
			}
		}
		for j, o := range placed {
			if geom.Overlap(b.Poly(), o.Poly()) {
				return fieldErr(f, "%s (id %d) overlaps element %d", e.Name, e.ID, ids[j])
			}
		}
		placed = append(placed, b)
		ids = append(ids, e.ID)
	}
	return nil
}

func (sc *Scenario) startBase(i int) geom.Base {
	e := sc.Elements[i]
	t, _ := rules.ParseType(e.Type)
	w, d := rules.BaseWidth, t.Info().Depth
	if t == rules.Stronghold {
		w, d = e.Width, e.Depth
	}
	return geom.Base{Front: geom.Point{X: geom.Paces(e.X), Y: geom.Paces(e.Y)}, Facing: geom.Angle(e.Facing),
		Width: geom.Paces(w), Depth: geom.Paces(d)}
}

func (sc *Scenario) onTable(p geom.Poly) bool {
	w, h := geom.Paces(sc.Table.Width), geom.Paces(sc.Table.Height)
	for _, pt := range p {
		if pt.X < -geom.Tol || pt.Y < -geom.Tol || pt.X > w+geom.Tol || pt.Y > h+geom.Tol {
			return false
		}
	}
	return true
}

func (t TerrainSpec) parts() ([]geom.Poly, error) {
	toPt := func(p [2]int) geom.Point { return geom.Point{X: geom.Paces(p[0]), Y: geom.Paces(p[1])} }
	switch {
	case len(t.Polygon) > 0 && len(t.Path) > 0:
		return nil, errors.New("give a polygon or a path, not both")
	case len(t.Polygon) > 0:
		var p geom.Poly
		for _, v := range t.Polygon {
			p = append(p, toPt(v))
		}
		if !geom.Convex(p) {
			return nil, errors.New("the polygon is not convex (split it into convex features)")
		}
		return []geom.Poly{p}, nil
	case len(t.Path) > 1:
		if t.Width <= 0 {
			return nil, errors.New("a path needs a positive width")
		}
		var parts []geom.Poly
		for i := 1; i < len(t.Path); i++ {
			a, b := toPt(t.Path[i-1]), toPt(t.Path[i])
			if a == b {
				return nil, fmt.Errorf("path point %d repeats point %d", i, i-1)
			}
			parts = append(parts, strip(a, b, geom.Paces(t.Width)))
		}
		return parts, nil
	}
	return nil, errors.New("needs a polygon of at least 3 points or a path of at least 2")
}

// strip is the rectangle of the given width around segment a–b, extended
// by half the width at each end so that consecutive strips join at bends.
func strip(a, b geom.Point, width geom.Sub) geom.Poly {
	dir := geom.Bearing(b.Sub(a))
	half := width / 2
	a = a.Add(geom.Offset(dir+geom.South, half))
	b = b.Add(geom.Offset(dir, half))
	l, r := geom.Offset(dir-geom.East, half), geom.Offset(dir+geom.East, half)
	return geom.Poly{a.Add(l), b.Add(l), b.Add(r), a.Add(r)}
}

func (f *feature) overlaps(p geom.Poly) bool { return f.overlapsIn(p, geom.BoxOf(p)) }

// overlapsIn is overlaps for pb the box of p (asked of many features).
func (f *feature) overlapsIn(p geom.Poly, pb geom.Box) bool {
	if len(p) == 0 {
		return false
	}
	// Every move asks every feature: most are rejected by their boxes.
	boxed := len(f.boxes) == len(f.parts)
	if !f.mayMeet(pb) {
		return false
	}
	for i, part := range f.parts {
		if (!boxed || f.boxes[i].Meets(pb)) && geom.Overlap(part, p) {
			return true
		}
	}
	return false
}

// mayMeet reports whether the feature may meet what lies in box pb.
func (f *feature) mayMeet(pb geom.Box) bool {
	return len(f.boxes) != len(f.parts) || f.box.Meets(pb)
}

// newFeature makes a terrain feature with the boxes of its parts and of
// the whole.
func newFeature(name string, kind rules.Terrain, parts []geom.Poly) feature {
	f := feature{name: name, kind: kind, parts: parts}
	for i, part := range parts {
		b := geom.BoxOf(part)
		f.boxes = append(f.boxes, b)
		if i == 0 {
			f.box = b
		} else {
			f.box = geom.Box{L: min(f.box.L, b.L), T: min(f.box.T, b.T), R: max(f.box.R, b.R), B: max(f.box.B, b.B)}
		}
	}
	return f
}

// blocks reports whether an element of type t may not be in this feature
// (at the end of a move when ending is set, else passing over it).
func (f *feature) blocks(t rules.Type, ending bool) bool {
	switch {
	case t.Aerial():
		return ending && (f.kind.NoLanding || f.kind.Cover)
	case f.kind.Impassable:
		return true
	}
	return t == rules.Artillery && (f.kind.Bad || f.kind.River)
}

// blockedWhy is the reason the feature blocks an element of type t, as
// blocks finds, worded only for the move refused.
func (f *feature) blockedWhy(t rules.Type) string {
	switch {
	case t.Aerial():
		return "aerial elements may not end a move in " + f.kind.Name
	case f.kind.Impassable:
		return f.name + " is impassable"
	}
	return "Artillery cannot enter bad going or wade rivers"
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

// Feature is a terrain feature as the engine sees it: its kind and its
// convex parts, in sub-paces.
type Feature struct {
	Name  string
	Kind  rules.Terrain
	Parts []geom.Poly
}

// Features returns the scenario's terrain features, in file order.
func (sc *Scenario) Features() []Feature {
	var out []Feature
	for i := range sc.terrain {
		f := &sc.terrain[i]
		out = append(out, Feature{Name: f.name, Kind: f.kind, Parts: f.parts})
	}
	return out
}

// Spec returns the scenario entry of element id (its name and description).
func (sc *Scenario) Spec(id int) (ElementSpec, bool) {
	i, ok := sc.byID[id]
	if !ok {
		return ElementSpec{}, false
	}
	return sc.Elements[i], true
}
