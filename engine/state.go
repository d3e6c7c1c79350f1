package engine

import (
	"sync"
	"sync/atomic"

	"pelennor/engine/dice"
	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// Phase is the part of a bound the game is in (RULES.md §3).
type Phase int

const (
	PhaseMove    Phase = iota // spending PIPs on moves
	PhaseDistant              // the moving side shoots and bespells
	PhaseReply                // the other side's Shooters shoot
	PhaseClose                // close combats, in the moving player's order
	PhaseOver                 // the game has ended
	PhaseDeploy               // before the first bound: rearranging within deployment zones
	PhaseSetup                // a standard battle's set-up (setup.go)
)

var phaseNames = [...]string{"move", "distant combat", "return shooting", "close combat", "game over", "deployment", "set-up"}

func (p Phase) String() string { return phaseNames[p] }

// Status is where an element is.
type Status int

const (
	OnTable     Status = iota
	Reserve            // not yet arrived
	Destroyed          // includes fled off the table
	Ensorcelled        // removed, may be desorcelled
	Left               // left the table (Gods, Dragons, Lurkers)
)

var statusNames = [...]string{"on table", "in reserve", "destroyed", "ensorcelled", "left the table"}

func (s Status) String() string { return statusNames[s] }

// Element is an element's state. Read-only outside the engine.
type Element struct {
	ID      int
	Cmd     int // index into the scenario's commands
	Side    int // 0 or 1
	Type    rules.Type
	General bool
	Status  Status
	Base    geom.Base
	Moved   bool // made its tactical move this bound (or arrived)
	Shot    bool // shot this bound
	Spelled bool // bespelled or aided a bespell this bound
	Charged int  // the enemy it moved into contact with this bound, 0 if none
	Ones    int  // 1s rolled while bespelling (R16)
	Lost    bool // counts as lost (cleared when a Hordes element returns, R18)
}

// OnTable reports whether e is on the table.
func (e Element) OnTable() bool { return e.Status == OnTable }

// Command is a command's state.
type Command struct {
	Die      int  // this bound's PIP die (0 if not rolled)
	PIPs     int  // PIPs left this bound
	Active   bool // may move (a scenario may hold a command back)
	Broken   bool
	ExtraAP  int  // AP lost beyond its lost elements (scenario rules)
	NoLeader bool // its general is lost but it fights on (every move beyond range)
}

type state struct {
	Bound    int // from 1
	Side     int // side whose bound it is
	Phase    Phase
	Elements []Element // ordered by ID
	Commands []Command
	Winner   int // -1 while the game goes on
	Captured [2]bool
	Pending  []pair // close combats still to fight this bound
	Hook     []int  // state kept by the scenario rules
	// Keyed games only (hashed only there): the dice segment, and whether
	// the bound waits for its begin action.
	Segment  int
	Awaiting bool
	// serial names the position: every committed state gets a new one
	// (commit), so a cache of what a position implies (Odds' forecast) may
	// key by it even though state memory is reused. Not hashed.
	serial uint64
	// A standard battle's set-up (nil without one; shared by copies, so
	// changed only through tx.edit), and whether time has been called.
	Setup      *setupState
	TimeCalled bool
	// Hurt are the wounds of heroes who have fought a heroic duel, by
	// element id (duel.go); empty in a game without one.
	Hurt []hurt
}

// serials numbers committed states, across all games.
var serials atomic.Uint64

type pair struct{ A, B int }

func (s *state) clone() *state {
	c := *s
	c.Elements = append([]Element(nil), s.Elements...)
	c.Commands = append([]Command(nil), s.Commands...)
	c.Pending = append([]pair(nil), s.Pending...)
	c.Hook = append([]int(nil), s.Hook...)
	c.Hurt = append([]hurt(nil), s.Hurt...)
	return &c
}

// statePool holds scratch states for transactions that are never
// committed (Check, Odds, read-only questions): a bot or a fuzzer checks
// thousands of actions, and each would otherwise allocate a copy of every
// element for the collector to sweep.
var statePool = sync.Pool{New: func() any { return new(state) }}

// txPool holds scratch transactions, each with its own state.
var txPool = sync.Pool{New: func() any { return &tx{st: new(state)} }}

// scratch begins a transaction on a pooled copy of the state. The caller
// must release it when done and keep nothing that points into it.
func (g *Game) scratch() *tx {
	t := txPool.Get().(*tx)
	st, events, notes := t.st, t.events[:0], t.notes[:0]
	copyState(st, g.st)
	*t = tx{Game: g, st: st, dice: g.dice.Clone(), events: events, notes: notes, buffers: t.buffers, committed: true}
	return t
}

// release gives a scratch transaction back to the pool.
func (t *tx) release() {
	clear(t.events) // let go of what the events point to
	t.Game, t.dice, t.events, t.buffers = nil, nil, t.events[:0], t.buffers.emptied()
	txPool.Put(t)
}

// Game is one battle: a scenario, a dice source and the state they have
// reached. Apply is the only way to change it.
type Game struct {
	sc      *Scenario
	rulings rules.Rulings
	dice    dice.Source
	hooks   ScenarioRules
	st      *state
	actions int
	startAP []int // per command, as deployed
	keyed   bool  // dice from a keyed source: segments and begin actions
	// forecast caches the close combat phase Odds foresees (odds.go). It
	// is shared by copies of the game, which it keys by their state.
	forecast *atomic.Pointer[closeForecast]
	// spare is the state the last commit replaced, which nothing else
	// points to: the next Apply copies the state into it instead of
	// allocating a new one. Never shared with a copy of the game.
	spare *state
	// checked is the last move Allowed found legal, ready to commit.
	checked atomic.Pointer[checkedMove]
	// view holds the bounds of the committed position's elements, for the
	// questions asked of it (nearby.go); spareView is the one before,
	// whose memory the next is built in. Neither is shared with a copy.
	view, spareView atomic.Pointer[boxView]
	// reused holds the slabs the last ApplyTo's events point into, for
	// the next to write over (combat_report.go). Never shared with a copy.
	reused slabs
	// A copy of a Game value would share its state, which its spare may
	// later overwrite: go vet refuses such copies; use clone.
	_ noCopy
}

// noCopy makes go vet's copylocks check refuse copies of what holds it.
type noCopy struct{}

func (*noCopy) Lock()   {}
func (*noCopy) Unlock() {}

// gameFields is how many fields Game has, as clone knows them (it
// leaves the spare, checked, the views and the reused slabs empty; the
// noCopy marker holds nothing).
const gameFields = 15

// clone returns an independent copy of the game: its state and its dice
// source are copied, everything else (the scenario, the rules, startAP)
// is never changed after NewGame and is shared; the spare is its own.
// A field added to Game must be set here too: History's snapshots rely on
// it.
func (g *Game) clone() *Game {
	return &Game{sc: g.sc, rulings: g.rulings, dice: g.dice.Clone(), hooks: g.hooks, st: g.st.clone(),
		actions: g.actions, startAP: g.startAP, keyed: g.keyed, forecast: g.forecast}
}

// Options are the choices made when a game is set up.
type Options struct {
	Rulings rules.Rulings `json:"rulings"`
	// Deployment adds a deployment step before the first bound: the side
	// moving second, then the other, may move its on-table elements within
	// their deployment zones.
	Deployment bool `json:"deployment,omitempty"`
}

// New starts a game: the first bound begins and its PIP dice are rolled.
// It returns the events of that start.
func New(sc *Scenario, src dice.Source, r rules.Rulings) (*Game, []Event, error) {
	return NewGame(sc, src, Options{Rulings: r})
}

// NewGame starts a game with the given options.
func NewGame(sc *Scenario, src dice.Source, o Options) (*Game, []Event, error) {
	simGames.Add(1)
	r := o.Rulings
	g := &Game{sc: sc, rulings: r, dice: src, hooks: scenarioRules[sc.Rules], forecast: new(atomic.Pointer[closeForecast])}
	st := &state{Bound: 0, Side: 1, Winner: -1}
	if k, ok := src.(*dice.Keyed); ok {
		// Segment 1 is the first side's first stretch of actions.
		g.keyed, st.Segment = true, 1
		if err := k.Enter(1); err != nil {
			return nil, nil, err
		}
	}
	for i, es := range sc.Elements {
		t, _ := rules.ParseType(es.Type)
		ci := sc.cmdIndex[es.Command]
		e := Element{ID: es.ID, Cmd: ci, Side: sc.sideOf(ci), Type: t, General: sc.Commands[ci].General == es.ID}
		if es.Reserve {
			e.Status = Reserve
		} else {
			e.Base = sc.startBase(i)
		}
		st.Elements = append(st.Elements, e)
	}
	for _, c := range sc.Commands {
		st.Commands = append(st.Commands, Command{Active: !c.Inactive})
		g.startAP = append(g.startAP, 0)
	}
	for _, e := range st.Elements {
		g.startAP[e.Cmd] += e.Type.Info().AP
	}
	g.st = st
	tx := g.begin()
	tx.hooks.Setup(tx)
	if sc.Setup != nil {
		tx.startSetup()
	} else if o.Deployment && len(sc.Zones) > 0 {
		tx.st.Side = 1
		tx.st.Phase = PhaseDeploy
		tx.emitSide(EvPhase, CodeDeployPhase, 1, Event{})
	} else if err := tx.startBound(); err != nil {
		return nil, nil, err
	}
	g.commit(tx)
	return g, tx.events, nil
}

func (sc *Scenario) sideOf(cmd int) int {
	if sc.Commands[cmd].Side == sc.Sides[0].ID {
		return 0
	}
	return 1
}

// Scenario returns the game's scenario.
func (g *Game) Scenario() *Scenario { return g.sc }

// Rulings returns the rulings in force.
func (g *Game) Rulings() rules.Rulings { return g.rulings }

// Bound returns the bound number, from 1.
func (g *Game) Bound() int { return g.st.Bound }

// ToAct returns the side whose bound it is (0 or 1), and the side that
// submits the next action (the other side during return shooting).
func (g *Game) ToAct() (bound, acting int) {
	if g.st.Phase == PhaseReply {
		return g.st.Side, 1 - g.st.Side
	}
	return g.st.Side, g.st.Side
}

// Phase returns the current phase.
func (g *Game) Phase() Phase { return g.st.Phase }

// Elements returns a copy of every element, in ID order.
func (g *Game) Elements() []Element { return append([]Element(nil), g.st.Elements...) }

// AppendElements appends a copy of every element, in ID order, to dst: as
// Elements, into a buffer a caller asking every action (a bot) reuses.
func (g *Game) AppendElements(dst []Element) []Element { return append(dst, g.st.Elements...) }

// Element returns the element with the given ID.
func (g *Game) Element(id int) (Element, bool) {
	i, ok := g.sc.byID[id]
	if !ok {
		return Element{}, false
	}
	return g.st.Elements[i], true
}

// Commands returns a copy of every command's state, in scenario order.
func (g *Game) Commands() []Command { return append([]Command(nil), g.st.Commands...) }

// AppendCommands appends a copy of every command's state, in the
// scenario's order, to dst: Commands into a caller's reused buffer.
func (g *Game) AppendCommands(dst []Command) []Command { return append(dst, g.st.Commands...) }

// Winner returns the winning side, or -1 while the game goes on.
func (g *Game) Winner() int { return g.st.Winner }

// Draws returns how many dice have been rolled.
func (g *Game) Draws() int { return g.dice.Draws() }

// Actions returns how many actions have been applied.
func (g *Game) Actions() int { return g.actions }

// LostAP returns the AP a command has lost.
func (g *Game) LostAP(cmd int) int { return lostAP(g.sc, g.st, cmd) }

func lostAP(sc *Scenario, st *state, cmd int) int {
	n := st.Commands[cmd].ExtraAP
	for i := range st.Elements {
		e := &st.Elements[i]
		if e.Cmd == cmd && e.Lost {
			n += e.Type.Info().AP
		}
	}
	return n
}

// StartAP returns the AP a command started with.
func (g *Game) StartAP(cmd int) int { return g.startAP[cmd] }
