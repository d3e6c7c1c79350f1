package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// The Pelennor rule set (PELENNOR.md §4, §5): four chained events, an
// inactive command, Gandalf, Merry and Éowyn, Aragorn's Arrival, the
// Witch-King, and command breaking and victory. Its numbers and names
// come from the scenario's "params" (docs/formats.md).
type pelennorRules struct{ commandRules }

func init() { scenarioRules["pelennor"] = pelennorRules{} }

// pelennorParams is the "params" object of a Pelennor scenario.
type pelennorParams struct {
	EventRoll int `json:"eventRoll"`
	Events    []struct {
		N          int    `json:"n"`
		Name       string `json:"name"`
		Side       string `json:"side"`
		Effect     string `json:"effect"` // activate, general, enter
		Command    string `json:"command"`
		Zone       string `json:"zone,omitempty"`
		PIPPenalty int    `json:"pipPenalty,omitempty"`
	} `json:"events"`
	Inactive struct {
		Command    string `json:"command"`
		Ally       string `json:"ally"`
		EnemyRange int    `json:"enemyRange"`
	} `json:"inactive"`
	Gandalf struct {
		Command string `json:"command"`
	} `json:"gandalf"`
	MerryEowyn struct {
		Command string `json:"command"`
		Factor  int    `json:"factor"`
	} `json:"merryEowyn"`
	WitchKing struct {
		Command      string `json:"command"`
		ReturnX      int    `json:"returnX"`
		ReturnY      int    `json:"returnY"`
		ReturnFacing int    `json:"returnFacing"`
		Becomes      string `json:"becomes"`
		LostAP       int    `json:"lostAP"`
	} `json:"witchKing"`
	StrongholdSpare int `json:"strongholdSpare"`

	// Resolved by Validate.
	evSide, evCmd []int
	inactive      int
	ally          int
	gandalf       int
	merry         int
	wkCmd         int
	becomes       rules.Type
}

// Slots of the rule set's state in state.Hook.
const (
	hookEvents     = 0 // 4 slots: the bound in which event n+1 happened, 0 if not yet
	hookGandalf    = 4 // the bound Gandalf appeared
	hookMerry      = 5 // the bound Merry and Éowyn were declared
	hookFellBeast  = 6 // 1 once the Witch-King's fell beast is killed
	hookGandalfDue = 7 // 1 while Gandalf is due but has found no room
	hookTested     = 8 // one slot a command: its commander-killed test was taken
)

// MerryEowyn is the choice of the declare action for Merry and Éowyn.
const MerryEowyn = "merry_eowyn"

func (sc *Scenario) pel() *pelennorParams { return sc.ext.(*pelennorParams) }

func (pelennorRules) Validate(sc *Scenario) error {
	if err := (commandRules{}).Validate(sc); err != nil {
		return err
	}
	p := new(pelennorParams)
	dec := json.NewDecoder(bytes.NewReader(sc.Params))
	dec.DisallowUnknownFields()
	if err := dec.Decode(p); err != nil {
		return fieldErr("params", "%v", err)
	}
	cmd := func(field, id string) (int, error) {
		i, ok := sc.cmdIndex[id]
		if !ok {
			return 0, fieldErr("params."+field, "unknown command %q", id)
		}
		return i, nil
	}
	if p.EventRoll < 1 || p.EventRoll > 6 {
		return fieldErr("params.eventRoll", "must be 1 to 6")
	}
	for i, ev := range p.Events {
		f := fmt.Sprintf("events[%d]", i)
		if ev.N != i+1 {
			return fieldErr("params."+f+".n", "events are numbered 1, 2, 3... in order")
		}
		side := indexOf([]string{sc.Sides[0].ID, sc.Sides[1].ID}, ev.Side)
		if side < 0 {
			return fieldErr("params."+f+".side", "unknown side %q", ev.Side)
		}
		c, err := cmd(f+".command", ev.Command)
		if err != nil {
			return err
		}
		switch ev.Effect {
		case "activate", "general":
		case "enter":
			found := false
			for _, z := range sc.zonesOf("entry", c) {
				found = found || z.ID == ev.Zone
			}
			if !found {
				return fieldErr("params."+f+".zone", "no entry zone %q for command %q", ev.Zone, ev.Command)
			}
		default:
			return fieldErr("params."+f+".effect", "unknown effect %q (activate, general or enter)", ev.Effect)
		}
		p.evSide, p.evCmd = append(p.evSide, side), append(p.evCmd, c)
	}
	var err error
	if p.inactive, err = cmd("inactive.command", p.Inactive.Command); err != nil {
		return err
	}
	if p.ally, err = cmd("inactive.ally", p.Inactive.Ally); err != nil {
		return err
	}
	if p.gandalf, err = cmd("gandalf.command", p.Gandalf.Command); err != nil {
		return err
	}
	if p.merry, err = cmd("merryEowyn.command", p.MerryEowyn.Command); err != nil {
		return err
	}
	if p.wkCmd, err = cmd("witchKing.command", p.WitchKing.Command); err != nil {
		return err
	}
	var ok bool
	if p.becomes, ok = rules.ParseType(p.WitchKing.Becomes); !ok {
		return fieldErr("params.witchKing.becomes", "unknown element type %q", p.WitchKing.Becomes)
	}
	for i, c := range sc.Commands {
		if c.BreakPoint > 0 {
			ap := 0
			for _, e := range sc.Elements {
				if t, _ := rules.ParseType(e.Type); e.Command == c.ID {
					ap += t.Info().AP
				}
			}
			if ap != 2*c.BreakPoint {
				return fieldErr(fmt.Sprintf("commands[%d].breakPoint", i), "%s has %d AP, not twice its break point %d", c.Name, ap, c.BreakPoint)
			}
		}
	}
	sc.ext = p
	return nil
}

func (pelennorRules) Setup(t *tx) {
	t.st.Hook = make([]int, hookTested+len(t.sc.Commands))
}

// BoundStart rolls the next event, if it belongs to the moving side and
// the one before it happened in an earlier bound (P1).
func (pelennorRules) BoundStart(t *tx) error {
	p := t.sc.pel()
	if t.st.Hook[hookGandalfDue] == 1 {
		t.gandalfAppears()
	}
	for i, ev := range p.Events {
		if t.st.Hook[hookEvents+i] > 0 {
			continue
		}
		if p.evSide[i] != t.st.Side {
			return nil
		}
		if i > 0 && t.st.Hook[hookEvents+i-1] >= t.st.Bound {
			return nil
		}
		die, err := t.roll(Event{Code: CodeEventDie, Purpose: DieEvent, N: ev.N, Detail: ev.Name})
		if err != nil {
			return err
		}
		if die >= p.EventRoll {
			t.happen(i)
		}
		return nil
	}
	return nil
}

// happen carries out event i.
func (t *tx) happen(i int) {
	p := t.sc.pel()
	ev := p.Events[i]
	t.st.Hook[hookEvents+i] = t.st.Bound
	t.emit(Event{Kind: EvScenario, Code: CodeEvent, N: ev.N, Command: ev.Command, Detail: ev.Name})
	c := p.evCmd[i]
	switch ev.Effect {
	case "activate":
		t.activate(c)
	case "general":
		t.placeGeneral(c)
	case "enter":
		t.enter(c)
	}
}

func (t *tx) activate(c int) {
	if t.st.Commands[c].Active {
		return
	}
	t.st.Commands[c].Active = true
	t.emitCmd(EvScenario, CodeActivated, c, Event{})
}

// placeGeneral puts a command's general touching an element of his
// command, even in contact with an enemy (event 2): the first free place
// behind, left of or right of its elements in ID order. The player may
// then re-place him (the place action).
func (t *tx) placeGeneral(c int) {
	g := t.el(t.sc.Commands[c].General)
	if g.Status != Reserve {
		return
	}
	w, d := t.size(g)
	for i := range t.st.Elements {
		o := &t.st.Elements[i]
		if o.Cmd != c || o == g || !o.OnTable() {
			continue
		}
		for _, b := range []geom.Base{geom.Behind(o.Base, d), geom.Beside(o.Base, false, w, d), geom.Beside(o.Base, true, w, d)} {
			if t.standClear(g, b) == nil {
				t.arriveByEvent(g, b)
				return
			}
		}
	}
	t.emitEl(EvScenario, CodeNoRoomPlace, g, nil, Event{})
}

// arriveByEvent places an element brought on by an event: it may move
// this bound.
func (t *tx) arriveByEvent(e *Element, b geom.Base) {
	e.Status = OnTable
	t.setBase(e, b)
	t.emitEl(EvArrived, CodeEntered, e, nil, Event{To: poseOf(b)})
}

// enter places a command's reserve elements at their entry positions: as
// one body, the scenario's formation (Gothmog's block, a legal group that
// can march off for one PIP, P7) shifted as little as it must sideways
// along its front line, in steps of 80 p, to stand clear and touch no
// enemy (PELENNOR.md §4). If the whole body fits nowhere, each element
// takes the nearest free place of its own.
func (t *tx) enter(c int) {
	var es []*Element
	var homes []geom.Base
	for i := range t.st.Elements {
		if e := &t.st.Elements[i]; e.Cmd == c && e.Status == Reserve {
			es, homes = append(es, e), append(homes, t.sc.startBase(t.sc.byID[e.ID]))
		}
	}
	if len(es) == 0 {
		return
	}
	fits := func(bs []geom.Base) bool {
		for i, e := range es {
			if t.standClear(e, bs[i]) != nil || t.touchesEnemy(e, bs[i]) || overlapsAny(bs[:i], bs[i]) >= 0 {
				return false
			}
		}
		return true
	}
	for k := 0; k <= 80; k++ {
		v := geom.Offset(homes[0].Facing+geom.East, entryStep(k))
		bs := make([]geom.Base, len(es))
		for i := range homes {
			bs[i] = homes[i].Translate(v)
		}
		if fits(bs) {
			for i, e := range es {
				t.arriveByEvent(e, bs[i])
			}
			return
		}
	}
	for i, e := range es {
		placed := false
		for k := 0; k <= 80 && !placed; k++ {
			b := homes[i].Translate(geom.Offset(homes[i].Facing+geom.East, entryStep(k)))
			if t.standClear(e, b) == nil && !t.touchesEnemy(e, b) {
				t.arriveByEvent(e, b)
				placed = true
			}
		}
		if !placed {
			t.emitEl(EvScenario, CodeNoRoomEnter, e, nil, Event{})
		}
	}
}

// entryStep is the k-th sideways shift tried for an entry: 0, −80, +80,
// −160, +160, ... paces.
func entryStep(k int) geom.Sub {
	step := geom.Paces(rules.BaseWidth / 2 * ((k + 1) / 2))
	if k%2 == 1 {
		return -step
	}
	return step
}

func (t *tx) touchesEnemy(e *Element, b geom.Base) bool {
	bp := b.Poly()
	for i := range t.st.Elements {
		o := &t.st.Elements[i]
		if o.Side != e.Side && o.OnTable() && geom.Within(bp, o.Base.Poly(), geom.Tol) {
			return true
		}
	}
	return false
}

// Rolls: a command rolls once it is active and on the table (P3);
// Gandalf from the Gondor bound after he appears (§5.2).
func (r pelennorRules) Rolls(t *tx, c int) bool {
	p := t.sc.pel()
	if !t.placed(c) {
		return false
	}
	if c == p.gandalf {
		if at := t.st.Hook[hookGandalf]; at == 0 || at >= t.st.Bound {
			return false
		}
	}
	return r.commandRules.Rolls(t, c)
}

// PIPs: Aragorn's Arrival takes 2 from every die of the other side in the
// bound after event 4 (§5.4).
func (pelennorRules) PIPs(t *tx, c, die int) int {
	p := t.sc.pel()
	for i, ev := range p.Events {
		at := t.st.Hook[hookEvents+i]
		if ev.PIPPenalty > 0 && at > 0 && at == t.st.Bound-1 && p.evSide[i] != t.st.Side {
			t.emitCmd(EvScenario, CodePIPPenalty, c, Event{Value: ev.PIPPenalty, N: ev.N, Detail: ev.Name})
			return max(0, die-ev.PIPPenalty)
		}
	}
	return die
}

// AfterPIPs takes the commander-killed test: a command whose general is
// lost breaks if this PIP roll is no more than half its lost AP; if it
// passes it fights on with every move beyond range (§5.7, P5).
func (pelennorRules) AfterPIPs(t *tx, c, die int) error {
	cs := &t.st.Commands[c]
	if cs.Broken || t.st.Hook[hookTested+c] != 0 || !t.generalLost(c) || t.sc.Commands[c].AnyElement {
		return nil
	}
	t.st.Hook[hookTested+c] = 1
	lost := t.LostAPOf(c)
	if 2*die <= lost {
		t.breakCommand(c, Event{Code: CodeGeneralTest, Value: die, Limit: lost})
		return nil
	}
	cs.NoLeader = true
	t.emitCmd(EvScenario, CodeFightsOn, c, Event{Value: die, Limit: lost})
	return nil
}

func (pelennorRules) Removed(*tx, *Element, Status) {}

// InRange: until the Witch-King is placed, his whole command counts as
// within his command range (§5.5).
func (pelennorRules) InRange(t *tx, c int, _ *Element) (bool, bool) {
	p := t.sc.pel()
	if c == p.wkCmd && t.el(t.sc.Commands[c].General).Status == Reserve {
		return true, true
	}
	return false, false
}

// AfterMove checks the triggers that moves set off: Imrahil's activation
// (§5.1, P2) and Gandalf's appearance (§5.2).
func (pelennorRules) AfterMove(t *tx, ids []int) error {
	p := t.sc.pel()
	for _, id := range ids {
		m := t.el(id)
		if !m.OnTable() {
			continue
		}
		if !t.st.Commands[p.inactive].Active && t.triggersActivation(m) {
			t.activate(p.inactive)
			for i, ev := range p.Events {
				if ev.Effect == "activate" && p.evCmd[i] == p.inactive && t.st.Hook[hookEvents+i] == 0 {
					t.st.Hook[hookEvents+i] = t.st.Bound
					t.emit(Event{Kind: EvScenario, Code: CodeEventCounted, N: ev.N})
				}
			}
		}
		if t.st.Hook[hookGandalf] == 0 && m.Side != t.sc.sideOf(p.gandalf) && t.touchesStronghold(m) {
			t.st.Hook[hookGandalfDue] = 1
		}
	}
	if t.st.Hook[hookGandalfDue] == 1 {
		t.gandalfAppears()
	}
	return nil
}

// triggersActivation: an allied element in contact with an element of
// the inactive command, or an enemy within range of one (§5.1).
func (t *tx) triggersActivation(m *Element) bool {
	p := t.sc.pel()
	for i := range t.st.Elements {
		o := &t.st.Elements[i]
		if o.Cmd != p.inactive || !o.OnTable() || o.Type == rules.Stronghold {
			continue
		}
		d := geom.Dist(m.Base.Poly(), o.Base.Poly())
		if m.Cmd == p.ally && d <= geom.Tol {
			return true
		}
		if m.Side != o.Side && d <= geom.Paces(p.Inactive.EnemyRange) {
			return true
		}
	}
	return false
}

func (t *tx) touchesStronghold(m *Element) bool {
	for i := range t.st.Elements {
		s := &t.st.Elements[i]
		if s.Type == rules.Stronghold && s.Side != m.Side && geom.Touching(m.Base.Poly(), s.Base.Poly()) {
			return true
		}
	}
	return false
}

// gandalfAppears places Gandalf touching the stronghold at the first
// free place along its front (§5.2).
func (t *tx) gandalfAppears() {
	p := t.sc.pel()
	g := t.el(t.sc.Commands[p.gandalf].General)
	var s *Element
	for i := range t.st.Elements {
		if e := &t.st.Elements[i]; e.Type == rules.Stronghold && e.Side == g.Side {
			s = e
		}
	}
	if s == nil || g.Status != Reserve {
		return
	}
	w, d := t.size(g)
	// Gandalf's rear edge on the line of the gate's front, his centre
	// stepping along it from the gate's left end, then beyond its ends.
	line := s.Base.Corners()[geom.FrontLeft]
	along := s.Base.Facing + geom.East
	var offsets []geom.Sub
	for k := w / 2; k <= s.Base.Width-w/2; k += w / 2 {
		offsets = append(offsets, k)
	}
	for k := geom.Sub(0); k <= w; k += w / 2 {
		offsets = append(offsets, -k, s.Base.Width+k)
	}
	for _, k := range offsets {
		front := line.Add(geom.Offset(along, k)).Add(geom.Offset(s.Base.Facing, d))
		b := geom.Base{Front: front, Facing: s.Base.Facing, Width: w, Depth: d}
		if geom.Touching(b.Poly(), s.Base.Poly()) && t.standClear(g, b) == nil {
			t.st.Hook[hookGandalf], t.st.Hook[hookGandalfDue] = t.st.Bound, 0
			t.emitEl(EvScenario, CodeGandalf, g, nil, Event{})
			t.arriveByEvent(g, b)
			return
		}
	}
	t.emitEl(EvScenario, CodeGandalfWaits, g, nil, Event{})
}

// Factors: Merry and Éowyn's −2 to the Witch-King, in the bound they are
// declared (§5.3).
func (pelennorRules) Factors(t *tx, x, _ *Element, c rules.Contest) []Factor {
	p := t.sc.pel()
	if c == rules.Close && x.Cmd == p.wkCmd && x.General && t.st.Hook[hookMerry] == t.st.Bound && t.st.Hook[hookMerry] > 0 {
		return []Factor{{Value: p.MerryEowyn.Factor, Code: FactorMerryEowyn}}
	}
	return nil
}

// Declare: Merry and Éowyn, once per game, before the dice of a close
// combat of the Witch-King, with a Rohirrim element in contact with or
// overlapping him (§5.3).
func (pelennorRules) Declare(t *tx, a Action) error {
	p := t.sc.pel()
	if a.Choice != MerryEowyn {
		return illegal("declare.unknown", "unknown declaration %q", a.Choice)
	}
	if t.st.Hook[hookMerry] > 0 {
		return illegal("declare.used", "Merry and Éowyn have already been declared in this battle")
	}
	if err := t.needPhase("declare", PhaseClose); err != nil {
		return err
	}
	wk := t.el(t.sc.Commands[p.wkCmd].General)
	if !wk.OnTable() {
		return illegal("declare.absent", "%s is not on the table", t.name(wk))
	}
	pending := false
	for _, q := range t.st.Pending {
		pending = pending || q.A == wk.ID || q.B == wk.ID
	}
	if !pending {
		return illegal("declare.no_combat", "%s has no close combat left to fight this bound", t.name(wk))
	}
	near := false
	for i := range t.st.Elements {
		o := &t.st.Elements[i]
		if o.Cmd == p.merry && o.OnTable() && (geom.Touching(o.Base.Poly(), wk.Base.Poly()) || geom.Overlap(o.Base.Poly(), wk.Base.Poly())) {
			near = true
		}
	}
	if !near {
		return illegal("declare.no_rohirrim", "Merry and Éowyn need an element of %s in contact with %s", t.sc.Commands[p.merry].Name, t.name(wk))
	}
	t.st.Hook[hookMerry] = t.st.Bound
	t.emitEl(EvScenario, CodeMerryEowyn, wk, nil, Event{Value: p.MerryEowyn.Factor})
	return nil
}

// Declarations lists the declarations legal now, for the user interface.
func (g *Game) Declarations() []string {
	if g.Check(Action{Kind: ActDeclare, Choice: MerryEowyn}) == nil {
		return []string{MerryEowyn}
	}
	return nil
}

// Contested: the Witch-King's fell beast is killed when he is bespelled,
// or must recoil with an odd total: he becomes Heroes and his command
// loses 2 AP more, once (§5.5).
func (pelennorRules) Contested(t *tx, c rules.Contest, x, y *Element, rx, ry rules.Result, tx0, ty int) {
	p := t.sc.pel()
	check := func(e *Element, r rules.Result, total int) {
		if e.Cmd != p.wkCmd || !e.General || t.st.Hook[hookFellBeast] != 0 || e.Type == p.becomes {
			return
		}
		bespelled := c == rules.Bespell && r != rules.NoResult && r != rules.NoEffect
		recoiled := (r == rules.Recoil || r == rules.Flee) && total%2 != 0
		// In a heroic duel the fell beast dies of its wounds (TA24).
		slain := slices.Contains(t.mountKilled[:], e.ID)
		if !bespelled && !recoiled && !slain {
			return
		}
		t.st.Hook[hookFellBeast] = 1
		e.Type = p.becomes
		t.st.Commands[e.Cmd].ExtraAP += p.WitchKing.LostAP
		t.emitEl(EvScenario, CodeFellBeast, e, nil, Event{Detail: p.becomes.String(), Value: p.WitchKing.LostAP})
	}
	check(x, rx, tx0)
	check(y, ry, ty)
}

// ReturnPose: the Witch-King returns at the centre of the east edge
// (§5.5).
func (pelennorRules) ReturnPose(t *tx, e *Element) (geom.Base, bool) {
	p := t.sc.pel()
	if e.Cmd != p.wkCmd || !e.General {
		return geom.Base{}, false
	}
	w, d := t.size(e)
	facing := geom.Angle(p.WitchKing.ReturnFacing)
	rear := geom.Point{X: geom.Paces(p.WitchKing.ReturnX), Y: geom.Paces(p.WitchKing.ReturnY)}
	return geom.Base{Front: rear.Add(geom.Offset(facing, d)), Facing: facing, Width: w, Depth: d}, true
}

// Place lets the player re-place an element an event brought on this
// bound: the Witch-King touching an element of his command; entering
// commands inside their entry zone, not touching an enemy.
func (pelennorRules) Place(t *tx, e *Element, b geom.Base) error {
	p := t.sc.pel()
	for i, ev := range p.Events {
		if p.evCmd[i] != e.Cmd || t.st.Hook[hookEvents+i] != t.st.Bound {
			continue
		}
		switch ev.Effect {
		case "general":
			if !e.General {
				continue
			}
			for j := range t.st.Elements {
				o := &t.st.Elements[j]
				if o != e && o.Cmd == e.Cmd && o.OnTable() && geom.Touching(b.Poly(), o.Base.Poly()) {
					return nil
				}
			}
			return illegal("place.general", "%s must be placed touching an element of his command", t.name(e))
		case "enter":
			for _, z := range t.sc.zonesOf("entry", e.Cmd) {
				if z.Contains(b) {
					if t.touchesEnemy(e, b) {
						return illegal("place.enemy", "%s may not enter in contact with an enemy", t.name(e))
					}
					return nil
				}
			}
			return illegal("place.zone", "%s must be placed inside the %s entry zone", t.name(e), ev.Zone)
		}
	}
	return illegal("place.none", "%s was not brought on by a scenario event this bound", t.name(e))
}

// BoundEnd: commands break at their break points; Mordor wins when every
// on-table Gondor command is broken (one may be spared if the stronghold
// is captured), Gondor when every on-table Mordor command is (§5.8).
func (pelennorRules) BoundEnd(t *tx) {
	p := t.sc.pel()
	t.breakCommands()
	var lost [2]Loss
	for side := range 2 {
		spare := 0
		if t.st.Captured[side] {
			spare = p.StrongholdSpare
		}
		if t.allBroken(side, spare) {
			lost[side] = Loss{Code: CodeLossEvery}
			if spare > 0 {
				lost[side].Code = CodeLossEverySpare
			}
		}
	}
	t.decide(lost)
}
