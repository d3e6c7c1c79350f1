package engine

import (
	"errors"
	"fmt"
	"slices"
	"sync"

	"pelennor/engine/dice"
	"pelennor/engine/geom"
	"pelennor/terrain"
)

// Action kinds, as written in action files (docs/formats.md).
const (
	ActMove     = "move"      // one element: to a pose, or into contact
	ActGroup    = "group"     // a group: wheel and/or straight ahead
	ActShoot    = "shoot"     // a shot, with aiding shooters
	ActBespell  = "bespell"   // a bespell, with aiding Magicians
	ActCombat   = "combat"    // resolve the close combat an element is in
	ActReplace  = "replace"   // bring back a lost Hordes element
	ActDesorcel = "desorcel"  // bring back an ensorcelled element
	ActSummon   = "summon"    // bring on a God, a Lurker, or all the Dragons
	ActEndPhase = "end_phase" // go on to the next phase
	ActEndBound = "end_bound" // finish the bound (resolving every combat left)
	ActDeclare  = "declare"   // a scenario's special choice (e.g. Merry and Éowyn)
	ActDeploy   = "deploy"    // before the first bound: move an element within its deployment zone
	ActPlace    = "place"     // re-place an element a scenario event has just brought on
	ActBegin    = "begin"     // keyed games: begin the awaiting bound (rolls its PIP dice)
	// and the set-up's kinds (setup.go)
)

// ActionKinds lists every action kind, for loaders that refuse unknown ones.
var ActionKinds = []string{ActMove, ActGroup, ActShoot, ActBespell, ActCombat, ActReplace, ActDesorcel,
	ActSummon, ActEndPhase, ActEndBound, ActDeclare, ActDeploy, ActPlace, ActBegin,
	ActDefenderRoll, ActTerrain, ActTerrainDone, ActEdgeRoll, ActStronghold, ActTimeCalled}

// Action is one player decision. Only the fields its kind uses are set.
type Action struct {
	Kind    string      `json:"kind"`
	ID      int         `json:"id,omitempty"`
	IDs     []int       `json:"ids,omitempty"`     // group members
	To      *Pose       `json:"to,omitempty"`      // destination (move, replace, desorcel, summon)
	Via     []Pose      `json:"via,omitempty"`     // move, group column: poses passed through first, at most 3 (R21)
	Contact *Contact    `json:"contact,omitempty"` // move into contact instead of To
	Target  int         `json:"target,omitempty"`  // shoot, bespell, combat opponent
	Aiders  []int       `json:"aiders,omitempty"`  // shoot, bespell
	Pay     string      `json:"pay,omitempty"`     // command whose PIPs pay; default the element's own
	Forward int         `json:"forward,omitempty"` // group: paces straight ahead, after any wheel
	Wheel   int         `json:"wheel,omitempty"`   // group: turn about a front corner, 4096 a turn, + clockwise
	Place   []Placement `json:"place,omitempty"`   // summon several (Dragons)
	Choice  string      `json:"choice,omitempty"`  // declare
	// The set-up's terrain (setup.go): the op, the feature it concerns
	// and a resize's sizes.
	Op      string           `json:"op,omitempty"`
	Index   int              `json:"index,omitempty"`
	Feature *terrain.Feature `json:"feature,omitempty"`
	Width   int              `json:"width,omitempty"`
	Depth   int              `json:"depth,omitempty"`
}

// Contact asks the engine to conform the mover's front edge to an edge of
// the target (enemy), or to line up beside, behind or before it (friend).
// In a group move it names the member By that makes the contact (§4.2).
type Contact struct {
	Target int    `json:"target"`
	Edge   string `json:"edge"`         // front, left, right or rear (of the target)
	By     int    `json:"by,omitempty"` // group: the member whose front makes the contact
}

// Placement puts one element on the table.
type Placement struct {
	ID int `json:"id"`
	Pose
}

// IllegalError is returned for an action the rules forbid. The state is
// unchanged.
type IllegalError struct {
	Code   string // stable, for programs: "move.too_far"
	Reason string // for players
}

func (e *IllegalError) Error() string { return e.Reason }

func illegal(code, format string, args ...any) error {
	return &IllegalError{Code: code, Reason: fmt.Sprintf(format, args...)}
}

// tx is an action being applied to a copy of the state.
type tx struct {
	*Game
	st      *state
	dice    dice.Source
	events  []Event
	preview bool   // a keyed game's preview draws no dice
	notes   []note // why results removed elements, for Odds (odds.go)
	swept   sweptMemo
	newSc   *Scenario // the scenario the set-up has built, taken on commit
	buffers
	spots *spots    // kept while close combats are fought (nearby.go)
	slabs           // the close combats' events point into (combat_report.go)
	close *prepared // the close combat being fought (combat.go)
	// mountKilled are the elements whose mount a heroic duel has just
	// killed (0: none), for the scenario's hook (duel.go).
	mountKilled [2]int
	fightAll    bool // finishBound is fighting every pending combat (slabSize)
	recoilPlan  plan // the recoil being planned (results.go)
	// committed: every base in st is still as in the game's committed
	// state, so searches may use the game's view of it (bounding,
	// nearby.go). Set where a transaction begins on that state or a
	// copy of it; setBase clears it.
	committed bool
}

// buffers are a transaction's working space, which nothing outside it
// sees: a pooled transaction keeps them for the next, emptied.
type buffers struct {
	// nearOf buffers of the close combat being set up, and their edges
	// (combat.go)
	nearX, nearY []*Element
	edgeX, edgeY []geom.Edge
	sweepBuf     contactSweep // the close combat phase's start (combat_pairs.go)
}

// emptied returns b's buffers empty, holding no pointer into a state.
func (b buffers) emptied() buffers {
	clear(b.nearX[:cap(b.nearX)])
	clear(b.nearY[:cap(b.nearY)])
	return buffers{nearX: b.nearX[:0], nearY: b.nearY[:0], edgeX: b.edgeX[:0], edgeY: b.edgeY[:0],
		sweepBuf: contactSweep{fronts: b.sweepBuf.fronts[:0], flanks: b.sweepBuf.flanks[:0]}}
}

func (g *Game) begin() *tx {
	return &tx{Game: g, st: g.st.clone(), dice: g.dice.Clone(), committed: true}
}

// commit makes t's state the game's, as a new position (serial); the
// state it replaces becomes the spare.
func (g *Game) commit(t *tx) {
	t.st.serial = serials.Add(1)
	g.spare, g.st, g.dice = g.st, t.st, t.dice
	// No question is asked during a commit: the view of the position
	// replaced is free for the next.
	if v := g.view.Swap(nil); v != nil {
		g.spareView.Store(v)
	}
	if t.newSc != nil {
		g.sc = t.newSc
	}
}

// beginApply is begin for an action that is meant to be committed: the
// copy goes into the spare state, if there is one, and the transaction
// is a pooled one (endApply gives it back).
func (g *Game) beginApply() *tx {
	st := g.spare
	if st == nil {
		st = g.st.clone()
	} else {
		g.spare = nil
		copyState(st, g.st)
	}
	t := applyTxs.Get().(*tx)
	*t = tx{Game: g, st: st, dice: g.dice.Clone(), buffers: t.buffers, committed: true}
	return t
}

// applyTxs holds the transactions Apply has finished with. They carry no
// state (each works on the game's spare), only their emptied buffers: a
// bot applies thousands of actions, and each would otherwise allocate
// one, and its buffers, for the collector.
var applyTxs = sync.Pool{New: func() any { return new(tx) }}

// endApply gives an Apply's transaction back once nothing will read it:
// what its events point to (the close combats' slabs) is their own.
func (t *tx) endApply() {
	*t = tx{buffers: t.buffers.emptied()}
	applyTxs.Put(t)
}

// Apply validates an action and, if it is legal, applies it and returns
// what happened. An illegal action returns an *IllegalError and changes
// nothing.
func (g *Game) Apply(a Action) ([]Event, error) {
	buf := eventBufs.Get().(*[]Event)
	evs, err := g.applyTo((*buf)[:0], a, false)
	return handBack(buf, evs), err
}

// ApplyTo is Apply with the events appended to dst, for a caller that
// reads them and lets them go, such as a simulation or a planner's fork:
// reusing dst, it allocates nothing for the events themselves, and what
// they point to (combat reports, their factors, poses) is written in the
// room the game's last ApplyTo used, so its next ApplyTo writes over it.
// A caller that keeps events past that uses Apply. An illegal action
// returns dst as it was (though what the last call's events point to
// may have been written over).
func (g *Game) ApplyTo(dst []Event, a Action) ([]Event, error) {
	return g.applyTo(dst, a, true)
}

// applyTo is ApplyTo; reuse says whether the events may point into the
// slabs of the game's last ApplyTo (else they get slabs of their own).
func (g *Game) applyTo(dst []Event, a Action, reuse bool) ([]Event, error) {
	if evs, ok := g.applyChecked(dst, a); ok {
		return evs, nil
	}
	t := g.beginApply()
	defer t.endApply()
	if reuse {
		t.slabs = g.reused.emptied()
		defer func() { g.reused = t.slabs }()
	}
	t.events = dst // nothing in a transaction reads the events before its own
	if err := t.run(a); err != nil {
		clear(t.events[len(dst):]) // let go of what they point to
		g.spare = t.st
		return dst, err
	}
	g.commit(t)
	g.counted()
	return t.events, nil
}

// counted counts an applied action, the game's and the simulations'.
func (g *Game) counted() {
	g.actions++
	simActions.Add(1)
}

// eventBufs holds buffers an action's events are gathered in: a bound's
// hundreds of events then cost one allocation of the right size, not a
// series of doublings of a slice of large structs.
var eventBufs = sync.Pool{New: func() any { return new([]Event) }}

// handBack returns a copy of evs, gathered in the pooled buffer buf (nil
// if none), and gives the buffer back to the pool.
func handBack(buf *[]Event, evs []Event) []Event {
	var out []Event
	switch n := len(evs); {
	case n >= handOver:
		// A bound's worth: the buffer itself is handed over, not copied,
		// and the pool gets a new one as large.
		out = evs[:n:n]
		*buf = make([]Event, 0, n)
	case n > 0:
		out = slices.Clone(evs)
		fallthrough
	default:
		clear(evs) // let go of what the events point to
		*buf = evs[:0]
	}
	eventBufs.Put(buf)
	return out
}

// handOver is how many events make handBack hand its buffer over rather
// than copy it.
const handOver = 32

// Check validates an action without applying it.
func (g *Game) Check(a Action) error {
	t := g.scratch()
	defer t.release()
	return t.run(a)
}

// Preview returns the events an action would produce, without applying
// it: for a move, the PIPs it would spend and where the element would
// end. Dice an action would roll are drawn from a copy of the generator
// and thrown away, so previews never change the game. In keyed games a
// preview that would roll a die is refused (dice.preview): no die is
// shown before the action that draws it is made.
func (g *Game) Preview(a Action) ([]Event, error) {
	t := g.scratch() // never committed: a pooled copy
	defer t.release()
	t.preview = g.keyed
	if err := t.run(a); err != nil {
		return nil, err
	}
	if len(t.events) == 0 {
		return nil, nil
	}
	return slices.Clone(t.events), nil
}

// roll draws a die; ev says what it is for (its Code, Purpose and whom
// it concerns).
func (t *tx) roll(ev Event) (int, error) {
	v, err := t.draw()
	if err != nil {
		return 0, err
	}
	ev.Kind, ev.Value, ev.Draw = EvDie, v, t.dice.Draws()
	t.emit(ev)
	return v, nil
}

// draw draws a die for roll, or for a caller that records it itself.
func (t *tx) draw() (int, error) { return t.drawDie(6) }

// drawDie is draw for a die of the given sides (the heroic duel's).
func (t *tx) drawDie(sides int) (int, error) {
	if t.preview {
		return 0, illegal("dice.preview", "dice are rolled only when the action is made")
	}
	v, err := t.dice.Die(sides)
	if err != nil {
		// errors.As only here: its target escapes, and most rolls succeed.
		var se *dice.SealedError
		if errors.As(err, &se) {
			return 0, t.sealedReason(se)
		}
		return 0, illegal("dice.exhausted", "%v", err)
	}
	return v, nil
}

// run applies an action and, in keyed games, moves on to the next dice
// segment when the action hands the game over.
func (t *tx) run(a Action) error {
	before, wasAwaiting := acting(t.st), t.st.Awaiting
	if err := t.apply(a); err != nil {
		return err
	}
	return t.nextSegment(before, wasAwaiting)
}

func (t *tx) apply(a Action) error {
	if t.st.Phase == PhaseOver {
		return illegal("game.over", "the game is over")
	}
	if t.st.Awaiting && a.Kind != ActBegin {
		return illegal("bound.awaiting", "bound %d has not begun: %s begin it first (its PIP dice are rolled then)",
			t.st.Bound, t.sc.Sides[t.st.Side].Name)
	}
	if a.Kind == ActTimeCalled {
		return t.timeCalled()
	}
	if t.st.Phase == PhaseSetup {
		return t.setupAction(a)
	}
	switch a.Kind {
	case ActBegin:
		return t.beginBound()
	case ActMove:
		return t.moveOne(a)
	case ActGroup:
		return t.moveGroup(a)
	case ActShoot:
		return t.shoot(a)
	case ActBespell:
		return t.bespell(a)
	case ActCombat:
		return t.combatAction(a)
	case ActReplace:
		return t.replace(a)
	case ActDesorcel:
		return t.desorcel(a)
	case ActSummon:
		return t.summon(a)
	case ActEndPhase:
		return t.endPhase()
	case ActEndBound:
		return t.endBoundAction()
	case ActDeclare:
		return t.hooks.Declare(t, a)
	case ActDeploy:
		return t.deploy(a)
	case ActPlace:
		return t.placeArrival(a)
	}
	return illegal("action.unknown", "unknown action kind %q", a.Kind)
}

// el returns the element with the given id, or nil.
func (t *tx) el(id int) *Element {
	i := t.sc.index(id)
	if i < 0 {
		return nil
	}
	return &t.st.Elements[i]
}

// name is an element's name for messages.
func (t *tx) name(e *Element) string {
	return t.sc.Elements[t.sc.index(e.ID)].Name
}

func (t *tx) needPhase(code string, phases ...Phase) error {
	for _, p := range phases {
		if t.st.Phase == p {
			return nil
		}
	}
	return illegal(code+".phase", "not allowed in the %s phase", t.st.Phase)
}

// own finds an element of the moving side, on the table.
func (t *tx) own(id int, what string) (*Element, error) {
	e := t.el(id)
	switch {
	case e == nil:
		return nil, illegal("element.unknown", "no element with id %d", id)
	case e.Side != t.st.Side:
		return nil, illegal("element.enemy", "%s is not yours to %s", t.name(e), what)
	case !e.OnTable():
		return nil, illegal("element.absent", "%s is not on the table (%s)", t.name(e), e.Status)
	}
	return e, nil
}

// payer resolves which command pays for acting with e, and checks that it
// may.
func (t *tx) payer(e *Element, pay string) (int, error) {
	c := e.Cmd
	if pay != "" {
		i, ok := t.sc.cmdIndex[pay]
		if !ok {
			return 0, illegal("pay.unknown", "no command %q", pay)
		}
		c = i
	}
	if c != e.Cmd && !(t.sc.Commands[c].AnyElement && t.sc.sideOf(c) == e.Side) {
		return 0, illegal("pay.other", "PIPs of %s cannot be spent on %s of %s (PIPs are never pooled, R5)",
			t.sc.Commands[c].Name, t.name(e), t.sc.Commands[e.Cmd].Name)
	}
	return c, nil
}

// spend pays the cost's items from command cmd's PIPs; ev (its Code and
// elements) records the spending.
func (t *tx) spend(cmd int, cost []CostItem, ev Event) error {
	c := &t.st.Commands[cmd]
	n := CostTotal(cost)
	if n > c.PIPs {
		ev.Cost = cost
		what := expand(spendWhat[ev.Code], ev.field)
		return illegal("pips.short", "%s costs %d PIPs; %s has %d left", what, n, t.sc.Commands[cmd].Name, c.PIPs)
	}
	c.PIPs -= n
	ev.Value, ev.Cost, ev.Left = n, cost, c.PIPs
	t.emitCmd(EvSpent, ev.Code, cmd, ev)
	return nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
