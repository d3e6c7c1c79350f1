package engine

import (
	"fmt"
	"slices"
	"strings"

	"pelennor/engine/geom"
	"pelennor/engine/rules"
	"pelennor/terrain"
)

// A standard battle's set-up (RULES.md §13, R26, R27) is played as
// actions, recorded and replayed like any other: who defends, the
// defender's terrain, the attacker's base-edge die, the defender's
// stronghold, then the deployment step (ActDeploy, end_phase) of the
// defender and the attacker, and the defender's first bound. A scenario
// asks for it with "setup" (docs/formats.md §2, ruling S1).

// Set-up action kinds.
const (
	ActDefenderRoll = "defender_roll" // the acting player rolls for who defends
	ActTerrain      = "terrain"       // the defender lays a feature: op place, move, turn, resize, remove
	ActTerrainDone  = "terrain_done"  // the defender has laid the terrain (refused while §13 is not met)
	ActEdgeRoll     = "edge_roll"     // the attacker rolls for its base edge
	ActStronghold   = "stronghold"    // the defender places its stronghold (to)
	ActTimeCalled   = "time_called"   // a tournament calls time: a draw after the bound in progress
)

// Terrain operations (Action.Op of ActTerrain).
const (
	OpPlace  = "place"  // add Feature
	OpMove   = "move"   // feature Index: centre (or a path's first point) to To.X, To.Y
	OpTurn   = "turn"   // feature Index: facing To.Facing (area features)
	OpResize = "resize" // feature Index: Width (and Depth of an area feature)
	OpRemove = "remove" // feature Index
)

// MaxSetupFeatures bounds the features a defender may lay (ruling S3).
const MaxSetupFeatures = 24

// SetupStep is what a standard battle's set-up waits for.
type SetupStep int

const (
	StepRoll       SetupStep = iota // each player rolls a d6, side 0 first (ties re-rolled)
	StepTerrain                     // the defender lays the terrain
	StepEdge                        // the attacker rolls for its base edge
	StepStronghold                  // the defender places its stronghold
	StepDone                        // deployment (PhaseDeploy) or play
)

var stepNames = [...]string{"roll for the defender", "lay the terrain", "roll for base edges", "place the stronghold", "done"}

func (s SetupStep) String() string { return stepNames[s] }

// SetupSpec in a scenario asks for a standard battle's set-up: the table
// starts bare and every element is placed during the set-up.
type SetupSpec struct {
	Kind string `json:"kind"` // "standard": RULES.md §13
}

// setupState is the set-up's progress. Actions never change one in
// place (scratch states share it): they change a copy (edit).
type setupState struct {
	Step     SetupStep
	Dice     [2]int // this round's who-defends dice, 0 not yet rolled
	Defender int    // the defending side, from StepTerrain
	Terrain  []terrain.Feature
	Edges    [2]terrain.Edge // each side's base edge, from StepStronghold
}

func (s *setupState) clone() *setupState {
	c := *s
	c.Terrain = append([]terrain.Feature(nil), s.Terrain...)
	return &c
}

// equal reports whether two set-up states (either may be nil) are the same.
func (s *setupState) equal(o *setupState) bool {
	if s == nil || o == nil {
		return s == o
	}
	return s.Step == o.Step && s.Dice == o.Dice && s.Defender == o.Defender && s.Edges == o.Edges &&
		slices.EqualFunc(s.Terrain, o.Terrain, func(a, b terrain.Feature) bool {
			return a.Name == b.Name && a.Kind == b.Kind && a.Shape == b.Shape && a.X == b.X && a.Y == b.Y &&
				a.Facing == b.Facing && a.Width == b.Width && a.Depth == b.Depth && slices.Equal(a.Path, b.Path)
		})
}

// table is the scenario's table for the terrain package.
func (sc *Scenario) table() terrain.Table {
	return terrain.Table{Width: sc.Table.Width, Height: sc.Table.Height}
}

// validateSetup checks a scenario whose set-up is played: standard rules
// (one command a side), one stronghold a side, a bare table.
func (sc *Scenario) validateSetup() error {
	if sc.built {
		return nil // builtFor's: the set-up has placed what it holds
	}
	if sc.Setup.Kind != "standard" {
		return fieldErr("setup.kind", "unknown set-up %q (known: standard)", sc.Setup.Kind)
	}
	if sc.Rules != "standard" {
		return fieldErr("setup", "a standard set-up needs the standard rules, not %q", sc.Rules)
	}
	if len(sc.Terrain) > 0 || len(sc.Zones) > 0 {
		return fieldErr("setup", "the defender lays the terrain and the zones follow the base edges: give no terrain or zones")
	}
	if sc.Table.Width < 2*terrain.DeployDepth+rules.BaseWidth || sc.Table.Height < 2*terrain.DeployDepth+rules.BaseWidth {
		return fieldErr("table", "a standard set-up needs a table at least %d p each way", 2*terrain.DeployDepth+rules.BaseWidth)
	}
	for _, side := range sc.Sides {
		n := 0
		for _, e := range sc.Elements {
			if e.Type == rules.Stronghold.String() && sc.Commands[sc.cmdIndex[e.Command]].Side == side.ID {
				n++
			}
		}
		if n != 1 {
			return fieldErr("elements", "side %s needs its stronghold for a standard set-up", side.ID)
		}
	}
	return nil
}

// startSetup begins a game with a set-up: side 0 rolls first.
func (t *tx) startSetup() {
	t.st.Setup = &setupState{}
	t.st.Side, t.st.Phase = 0, PhaseSetup
	for i := range t.st.Elements {
		t.st.Elements[i].Status = Reserve // nothing stands on the bare table
	}
	t.emitSide(EvSetup, CodeSetupRoll, 0, Event{})
}

// edit gives the set-up state to change: a copy of the one shared with
// the states this one was copied from.
func (t *tx) edit() *setupState {
	t.st.Setup = t.st.Setup.clone()
	return t.st.Setup
}

// setupKinds are the actions of each step.
var setupKinds = map[SetupStep][]string{
	StepRoll:       {ActDefenderRoll},
	StepTerrain:    {ActTerrain, ActTerrainDone},
	StepEdge:       {ActEdgeRoll},
	StepStronghold: {ActStronghold},
}

// setupAction applies an action during the set-up.
func (t *tx) setupAction(a Action) error {
	s := t.st.Setup
	ok := false
	for _, k := range setupKinds[s.Step] {
		ok = ok || k == a.Kind
	}
	if !ok {
		return illegal("setup.step", "the set-up waits for %s to %s, not %q", t.sc.Sides[t.st.Side].Name, s.Step, a.Kind)
	}
	switch a.Kind {
	case ActDefenderRoll:
		return t.defenderRoll()
	case ActTerrain:
		return t.layTerrain(a)
	case ActTerrainDone:
		return t.terrainDone()
	case ActEdgeRoll:
		return t.edgeRoll()
	}
	return t.placeStronghold(a)
}

// defenderRoll: the acting side rolls; when both have, the lower
// defends, and a tie is rolled again from side 0 (§13 step 1).
func (t *tx) defenderRoll() error {
	side := t.st.Side
	v, err := t.roll(Event{Code: CodeSetupDie, Purpose: DieSetup, Side: t.sc.Sides[side].ID, SName: t.sc.Sides[side].Name})
	if err != nil {
		return err
	}
	s := t.edit()
	s.Dice[side] = v
	if side == 0 {
		t.st.Side = 1
		return nil
	}
	if s.Dice[0] == s.Dice[1] {
		s.Dice = [2]int{}
		t.st.Side = 0
		t.emitSide(EvSetup, CodeSetupTie, 0, Event{Value: v})
		return nil
	}
	s.Defender = 0
	if s.Dice[1] < s.Dice[0] {
		s.Defender = 1
	}
	s.Step, t.st.Side = StepTerrain, s.Defender
	t.emitSide(EvSetup, CodeSetupDefender, s.Defender, Event{Value: s.Dice[s.Defender], Limit: s.Dice[1-s.Defender]})
	return nil
}

// layTerrain places, moves, turns, resizes or removes a feature. A
// feature that breaks §13 is laid all the same: the problems are shown
// as the defender goes (SetupProblems) and terrain_done waits for none.
func (t *tx) layTerrain(a Action) error {
	s := t.st.Setup
	var f terrain.Feature
	if !slices.Contains([]string{OpPlace, OpMove, OpTurn, OpResize, OpRemove}, a.Op) {
		return illegal("terrain.op", "unknown terrain op %q (place, move, turn, resize or remove)", a.Op)
	}
	if a.Op != OpPlace {
		if a.Index < 0 || a.Index >= len(s.Terrain) {
			return illegal("terrain.index", "there is no feature %d (%d laid)", a.Index, len(s.Terrain))
		}
		f = s.Terrain[a.Index]
	}
	switch a.Op {
	case OpPlace:
		if a.Feature == nil {
			return illegal("terrain.feature", "say which feature to place (feature)")
		}
		if len(s.Terrain) >= MaxSetupFeatures {
			return illegal("terrain.many", "at most %d features may be laid", MaxSetupFeatures)
		}
		f = *a.Feature
		f.Path = append([][2]int(nil), f.Path...)
	case OpMove:
		if a.To == nil {
			return illegal("terrain.to", "say where %s goes (to)", f.Name)
		}
		x, y := f.X, f.Y
		if f.Linear() && len(f.Path) > 0 {
			x, y = f.Path[0][0], f.Path[0][1]
		}
		f = f.Moved(a.To.X-x, a.To.Y-y)
	case OpTurn:
		if a.To == nil || f.Linear() {
			return illegal("terrain.turn", "turn an area feature to a facing (to.facing); move a river's or road's points instead")
		}
		f = f.Turned(a.To.Facing)
	case OpResize:
		if a.Width <= 0 || (!f.Linear() && a.Depth <= 0) {
			return illegal("terrain.size", "give %s a positive width and depth", f.Name)
		}
		f = f.Resized(a.Width, a.Depth)
	}
	if len(f.Name) > 80 || len(f.Path) > 16 || !sane(f) {
		return illegal("terrain.feature", "a feature's name is at most 80 bytes, its path at most 16 points, and its place and size within %d p", maxCoord)
	}
	s = t.edit()
	switch a.Op {
	case OpPlace:
		s.Terrain = append(s.Terrain, f)
	case OpRemove:
		s.Terrain = append(s.Terrain[:a.Index], s.Terrain[a.Index+1:]...)
	default:
		s.Terrain[a.Index] = f
	}
	t.emitSide(EvSetup, CodeTerrainLaid, s.Defender, Event{N: len(s.Terrain), Detail: a.Op + " " + f.Name})
	return nil
}

// terrainDone ends the laying of terrain once §13 is met.
func (t *tx) terrainDone() error {
	if ps := t.sc.table().Check(t.st.Setup.Terrain); len(ps) > 0 {
		return &IllegalError{Code: "terrain.problems", Reason: "the terrain does not meet §13 yet: " + describeProblems(ps)}
	}
	s := t.edit()
	s.Step, t.st.Side = StepEdge, 1-s.Defender
	t.emitSide(EvSetup, CodeTerrainDone, s.Defender, Event{N: len(s.Terrain)})
	return nil
}

// maxCoord bounds a feature's numbers, far beyond any table, so that no
// arithmetic on them can overflow (ruling S3).
const maxCoord = 100000

// sane reports whether every number of f is within ±maxCoord.
func sane(f terrain.Feature) bool {
	in := func(v int) bool { return v >= -maxCoord && v <= maxCoord }
	ok := in(f.X) && in(f.Y) && in(f.Width) && in(f.Depth)
	for _, p := range f.Path {
		ok = ok && in(p[0]) && in(p[1])
	}
	return ok
}

func describeProblems(ps []terrain.Problem) string {
	var words []string
	for _, p := range ps {
		words = append(words, p.Describe())
	}
	return strings.Join(words, "; ")
}

// edgeRoll: the attacker's die gives its base edge, the defender takes
// the opposite one (§13 step 3).
func (t *tx) edgeRoll() error {
	att := t.st.Side
	v, err := t.roll(Event{Code: CodeSetupDie, Purpose: DieEdge, Side: t.sc.Sides[att].ID, SName: t.sc.Sides[att].Name})
	if err != nil {
		return err
	}
	s := t.edit()
	s.Edges[att], s.Edges[1-att] = t.sc.table().BaseEdges(v)
	s.Step, t.st.Side = StepStronghold, s.Defender
	t.emitSide(EvSetup, CodeBaseEdges, att, Event{Value: v, Detail: s.Edges[att].String()})
	return nil
}

// placeStronghold places the defender's stronghold, then lays both
// armies out in their zones and opens the deployment step.
func (t *tx) placeStronghold(a Action) error {
	s := t.st.Setup
	e := t.strongholdOf(s.Defender)
	if a.To == nil {
		return illegal("stronghold.pose", "say where %s goes (to)", t.name(e))
	}
	b := t.poseBase(e, a.To)
	if err := t.strongholdClear(e, b); err != nil {
		return err
	}
	sc, err := t.sc.builtFor(s, a.To)
	if err != nil {
		return err
	}
	placed, err := layOut(sc, t.st, s)
	if err != nil {
		return err
	}
	copy(t.st.Elements, placed)
	t.committed = false // every element laid out anew
	s = t.edit()
	s.Step = StepDone
	t.newSc = sc
	t.emitEl(EvArrived, CodePlaced, e, nil, Event{To: poseOf(b)})
	t.st.Side, t.st.Phase = s.Defender, PhaseDeploy
	t.emitSide(EvPhase, CodeDeployPhase, s.Defender, Event{})
	return nil
}

// strongholdOf is side's stronghold.
func (t *tx) strongholdOf(side int) *Element {
	for i := range t.st.Elements {
		if e := &t.st.Elements[i]; e.Side == side && e.Type == rules.Stronghold {
			return e
		}
	}
	panic("validateSetup: no stronghold")
}

// strongholdClear says why a stronghold may not stand at b: not touching
// the base edge or beyond 600 p (StrongholdProblem), or on any terrain
// feature (ruling S4).
func (t *tx) strongholdClear(e *Element, b geom.Base) error {
	s := t.st.Setup
	if p := t.sc.table().StrongholdProblem(s.Edges[e.Side], b); p != nil {
		return &IllegalError{Code: string(p.Code), Reason: fmt.Sprintf("%s: %s", t.name(e), p.Describe())}
	}
	poly := b.Poly()
	for _, f := range s.Terrain {
		for _, part := range f.Parts() {
			if geom.Overlap(part, poly) {
				return illegal("stronghold.terrain", "%s may not stand on %s", t.name(e), f.Name)
			}
		}
	}
	return nil
}

// SetupStep returns the set-up's step (StepDone if the game has no
// set-up or it is over) and the side whose turn it is in it.
func (g *Game) SetupStep() (SetupStep, int) {
	if g.st.Setup == nil || g.st.Phase != PhaseSetup {
		return StepDone, g.st.Side
	}
	return g.st.Setup.Step, g.st.Side
}

// SetupActions returns the action kinds the set-up step takes (none
// outside the set-up), for a screen to offer.
func (g *Game) SetupActions() []string {
	step, _ := g.SetupStep()
	return slices.Clone(setupKinds[step])
}

// SetupTerrain returns the features laid so far.
func (g *Game) SetupTerrain() []terrain.Feature {
	if g.st.Setup == nil {
		return nil
	}
	return append([]terrain.Feature(nil), g.st.Setup.Terrain...)
}

// SetupProblems returns what the terrain laid so far breaks of §13
// (none: terrain_done is allowed).
func (g *Game) SetupProblems() []terrain.Problem {
	if g.st.Setup == nil {
		return nil
	}
	return g.sc.table().Check(g.st.Setup.Terrain)
}

// Defender returns the defending side, once the dice have chosen it.
func (g *Game) Defender() (int, bool) {
	s := g.st.Setup
	if s == nil || (s.Step == StepRoll) {
		return 0, false
	}
	return s.Defender, true
}

// BaseEdge returns side's base edge once the attacker's die has given it.
func (g *Game) BaseEdge(side int) (terrain.Edge, bool) {
	s := g.st.Setup
	if s == nil || s.Step < StepStronghold {
		return 0, false
	}
	return s.Edges[side], true
}

// DeployZone returns side's deployment zone (sub-paces) once the base
// edges are known: the strip within 600 p of its base edge.
func (g *Game) DeployZone(side int) (geom.Poly, bool) {
	e, ok := g.BaseEdge(side)
	if !ok {
		return nil, false
	}
	return g.sc.table().Zone(e, terrain.DeployDepth), true
}

// SetupDice returns this round's who-defends dice (0: not rolled).
func (g *Game) SetupDice() [2]int {
	if g.st.Setup == nil {
		return [2]int{}
	}
	return g.st.Setup.Dice
}
