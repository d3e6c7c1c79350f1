package ai

import (
	"fmt"
	"slices"

	"pelennor/engine"
	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// Scores are in hundredths of an AP, from the planning side's view.
const (
	won      = 10_000_000 // the game won (lost: its negative)
	apValue  = 100
	fullTurn = 4096
)

// weights are what a temperament and level make of a position.
type weights struct {
	theirs, ours int  // per cent: an expected enemy loss and an expected loss of our own
	advance      int  // per element, per 100 p nearer the enemy
	threat       int  // per cent of the loss an enemy could inflict next bound
	chance       int  // per cent of the loss we could inflict next bound
	line         int  // an element with a friend beside it, guarding a flank
	astray       int  // an element beyond its general's command range
	slip         int  // easy: per cent of candidates not looked at
	samples      int  // how many times a contact's bound is played out
	tries        int  // how many of the best contacts are looked past (pairs) and played out (settle)
	check        bool // the threats to the best moves checked with the engine (exact.go)
	charges      bool // lines moved into contact as groups
}

func weightsFor(c Config) weights {
	w := weights{theirs: 100, ours: 100, advance: 20, threat: 100, chance: 25, line: 15, astray: 40, samples: 4, tries: 6}
	// Cautious players fear losses more and close less; aggressive ones
	// the other way about.
	w.ours += -c.Temper * 12
	w.theirs += c.Temper * 8
	w.advance += c.Temper * 6
	w.threat += -c.Temper * 10
	switch c.Level {
	case Easy:
		w.threat, w.chance, w.line, w.astray, w.slip, w.samples, w.tries = 0, 0, 0, 0, 50, 0, 0
	case Hard:
		w.samples, w.tries, w.check, w.charges = 8, 12, true, true
	}
	return w
}

// view is one position read for scoring: its elements, commands, and what
// each command stands to lose.
type view struct {
	g       *engine.Game
	side    int
	els     []engine.Element
	cmds    []engine.Command
	cmdSide []int // each command's side
	bp      []int // each command's break point in AP
	lost    []int
	aim     aims
	at      map[int]int // element id -> index in els
	// single is set when each side is one army with one command.
	single bool
	pairs  [][2]int // the front contacts (engaged)
	diag   int      // the table's diagonal, in hundreds of paces
	pull   int      // how much more closing counts on a big table than on a 24" one
	centre []geom.Point
	// spot is where a friend guarding each element's left and right
	// flank would have its centre.
	spot [][2]geom.Point
	w, h geom.Sub // the table's size
}

func (s *search) read(g *engine.Game, v *view) {
	sc := g.Scenario()
	v.g, v.side = g, s.side
	v.els = g.AppendElements(v.els[:0])
	v.cmds = g.AppendCommands(v.cmds[:0])
	if v.at == nil {
		v.at = map[int]int{}
	}
	clear(v.at)
	v.centre, v.spot = v.centre[:0], v.spot[:0]
	v.w, v.h = geom.Paces(sc.Table.Width), geom.Paces(sc.Table.Height)
	for i, e := range v.els {
		v.at[e.ID] = i
		v.centre = append(v.centre, e.Base.Center())
		var sp [2]geom.Point
		if e.OnTable() {
			sp = [2]geom.Point{geom.Beside(e.Base, false, e.Base.Width, e.Base.Depth).Center(), geom.Beside(e.Base, true, e.Base.Width, e.Base.Depth).Center()}
		}
		v.spot = append(v.spot, sp)
	}
	n := len(v.cmds)
	v.cmdSide, v.bp, v.lost = resize(v.cmdSide, n), resize(v.bp, n), resize(v.lost, n)
	for i := range v.cmdSide {
		v.cmdSide[i] = -1
	}
	for _, e := range v.els {
		v.cmdSide[e.Cmd] = e.Side
	}
	v.single = len(sc.Commands) == 2
	v.diag = int(geom.Isqrt(uint64(sc.Table.Width*sc.Table.Width+sc.Table.Height*sc.Table.Height))) / 100
	// On a big table the armies start far apart and a bound's moves
	// close less of it: closing counts for more (twice on the
	// Pelennor's 72" by 48", once on 24" by 24").
	v.pull = max(1, (v.diag+18)/52)
	for i := range n {
		v.bp[i] = sc.Commands[i].BreakPoint
		if v.bp[i] == 0 {
			v.bp[i] = (g.StartAP(i) + 1) / 2
		}
		v.lost[i] = g.LostAP(i)
	}
	v.aim.read(sc, v.cmds, v.els)
}

// cornered reports whether els[i] has its back to the table edge:
// beaten at all, it is destroyed (RULES.md §6.4). Asked only where a
// stand is worked out, not for every position read.
func (v *view) cornered(i int) bool {
	e := &v.els[i]
	return e.OnTable() && e.Type != rules.Stronghold && cornered(e.Base, v.w, v.h)
}

// cornered reports whether a recoil of b, straight back its own depth,
// would take a corner of it off a table of w by h.
func cornered(b geom.Base, w, h geom.Sub) bool {
	back := geom.Offset(b.Facing+fullTurn/2, b.Depth)
	c := b.Corners()
	for _, p := range c[2:] {
		p = p.Add(back)
		if p.X < 0 || p.Y < 0 || p.X > w || p.Y > h {
			return true
		}
	}
	return false
}

// aims are the enemies worth closing with: the elements of commands not
// broken that count toward their side's defeat (the Pelennor's Gandalf,
// who may move any element, counts toward none: PELENNOR.md §5.8), and a
// side's stronghold where taking it would break that side's last such
// command on the table (PELENNOR.md §5.8: a captured stronghold counts
// one command broken).
type aims struct {
	cmd  []bool
	gate [2]bool
	// each command's side, and whether it has been on the table
	// (read's scratch).
	side   []int
	placed []bool
}

func (a *aims) read(sc *engine.Scenario, cmds []engine.Command, els []engine.Element) {
	n := len(cmds)
	a.cmd, a.placed, a.side = slices.Grow(a.cmd[:0], n)[:n], slices.Grow(a.placed[:0], n)[:n], slices.Grow(a.side[:0], n)[:n]
	clear(a.placed)
	placed, side := a.placed, a.side
	for _, e := range els {
		placed[e.Cmd] = placed[e.Cmd] || e.Status != engine.Reserve
		side[e.Cmd] = e.Side
	}
	var left [2]int
	for i, c := range cmds {
		a.cmd[i] = !c.Broken && !sc.Commands[i].AnyElement
		if a.cmd[i] && placed[i] {
			left[side[i]]++
		}
	}
	for k := range a.gate {
		a.gate[k] = len(cmds) > 2 && left[k] == 1
	}
}

// at reports whether e is worth closing with.
func (a *aims) at(e *engine.Element) bool {
	return a.cmd[e.Cmd] || e.Type == rules.Stronghold && a.gate[e.Side]
}

func resize(s []int, n int) []int {
	if cap(s) < n {
		return make([]int, n)
	}
	return s[:n]
}

// cmdCost is what having lost lost AP of a break point of bp costs a
// command: more for each AP as the break nears, and a broken command a
// great deal.
func cmdCost(lost, bp int, broken bool) int {
	if bp <= 0 {
		return lost * apValue
	}
	c := lost*apValue + lost*lost*apValue/bp
	if broken || lost >= bp {
		c += bp*apValue*2 + 500
	}
	return c
}

// loss is what losing e would cost its side beyond the AP: the step it
// takes its command toward breaking, and a general's loss.
func (v *view) loss(e *engine.Element) int {
	ap := e.Type.Info().AP
	if e.Type == rules.Stronghold {
		// Taken, it loses a battle of one army (RULES.md §10) and counts
		// a command broken in the Pelennor (PELENNOR.md §5.8).
		c := cmdCost(v.bp[e.Cmd], v.bp[e.Cmd], true) * (1 + b2i(v.single))
		if v.aim.gate[e.Side] {
			// Taken, it breaks its side's last command: the game.
			c *= gateWins
		}
		return c
	}
	l, bp := v.lost[e.Cmd], v.bp[e.Cmd]
	if v.cmds[e.Cmd].Broken {
		// Its command is broken already: the loss brings no victory nearer.
		return ap * apValue / 3
	}
	c := cmdCost(l+ap, bp, false) - cmdCost(l, bp, false)
	if e.Type == rules.Hordes && e.Side != v.side {
		// Lost, it may be brought back, and then no longer counts as
		// lost (RULES.md R18): the enemy's are not worth hunting.
		c /= 3
	}
	if e.General {
		c += v.generalCost(e.Cmd)
	}
	return c
}

// gateWins is how many times over a stronghold counts whose taking would
// win the game.
const gateWins = 5

// guard is how many times over a player fears a risk to e: a sound
// player risks its own general only where it must.
func guard(e *engine.Element) int {
	if e.General {
		return 2
	}
	return 1
}

// generalCost is what losing command cmd's general costs beyond its AP:
// the battle where a side has one command (RULES.md §10), else most of a
// broken command, which its loss puts to the test (PELENNOR.md §5.7).
func (v *view) generalCost(cmd int) int {
	if v.single {
		return cmdCost(v.bp[cmd], v.bp[cmd], true)
	}
	return cmdCost(v.bp[cmd], v.bp[cmd], true) * 2 / 3
}

// score is the position's worth to s.side.
func (s *search) score(g *engine.Game, v *view) int {
	switch g.Winner() {
	case s.side:
		return won
	case 1 - s.side:
		return -won
	}
	s.read(g, v)
	v.pairs = g.FrontPairs()
	total := 0
	for i, c := range v.cmds {
		if v.cmdSide[i] < 0 {
			continue
		}
		cost := cmdCost(v.lost[i], v.bp[i], c.Broken)
		if v.cmdSide[i] == s.side {
			total -= cost
		} else {
			total += cost
		}
	}
	total += s.fights(g, v)
	total += s.position(v)
	return total
}

// fights is the expected worth of the close combats the position's front
// contacts will fight, by the engine's exact odds.
func (s *search) fights(g *engine.Game, v *view) int {
	total := 0
	for _, p := range v.pairs {
		ev, ok := s.fight(g, v, p)
		if !ok {
			continue
		}
		total += ev
	}
	return total
}

// fight is one front contact's expected worth. The odds depend only on
// the pair and what stands near them (overlaps, flanks, supports, what
// blocks a recoil), on who moved into contact, and on whether their
// commands are broken; so they are kept under a key of those, and the
// many candidates that move something elsewhere ask the engine once.
func (s *search) fight(g *engine.Game, v *view, p [2]int) (int, bool) {
	ia, oka := v.at[p[0]]
	ib, okb := v.at[p[1]]
	if !oka || !okb {
		return 0, false
	}
	k := fightKey(v, ia, ib)
	cached, ok := s.fought[k]
	if ok && !checkCaches {
		return cached, true
	}
	r, err := engine.Odds(g, p[0], p[1], "close", nil)
	if err != nil {
		return 0, false
	}
	ev := 0
	for _, side := range []*engine.OddsSide{&r.Attacker, &r.Defender} {
		i, ok := v.at[side.ID]
		if !ok {
			continue
		}
		e := &v.els[i]
		x := expected(side.Outcomes, r.Samples, v.loss(e))
		if e.Side == s.side {
			ev -= x * s.w.ours / 100 * guard(e)
		} else {
			ev += x * s.w.theirs / 100
		}
	}
	if ok {
		cacheChecks.Add(1)
	}
	if ok && ev != cached {
		panic(fmt.Sprintf("fight %v: cached %d, now %d", p, cached, ev))
	}
	if s.fought == nil {
		s.fought = map[uint64]int{}
	}
	s.fought[k] = ev
	return ev, true
}

// nearFight is how close an element must stand to a fight to count in
// its key: beyond a base's width and depth and a recoil it touches
// nothing the fight depends on.
const nearFight = 600

// fightKey hashes what a fight's odds and worth depend on (see fight).
func fightKey(v *view, ia, ib int) uint64 {
	var h key
	mix := h.mix
	mix(int64(v.els[ia].ID)) // which fight: its neighbours may share its neighbourhood
	mix(int64(v.els[ib].ID))
	for _, id := range [2]int{v.els[ia].ID, v.els[ib].ID} { // a heroic duel's odds depend on wounds
		w := v.g.Wounds(id)
		mix(int64(w.Total))
		mix(int64(w.POWSpent))
		mix(int64(w.MountHP))
	}
	for _, c := range v.lost {
		mix(int64(c))
	}
	for _, c := range v.cmds {
		mix(int64(b2i(c.Broken)))
	}
	_, acting := v.g.ToAct()
	mix(int64(acting))
	r := sq(geom.Paces(nearFight))
	for j := range v.els {
		e := &v.els[j]
		if j != ia && j != ib && (!e.OnTable() || dist2(v.centre[j], v.centre[ia]) > r && dist2(v.centre[j], v.centre[ib]) > r) {
			continue
		}
		mix(int64(e.ID))
		mix(int64(e.Type))
		mix(int64(e.Base.Front.X))
		mix(int64(e.Base.Front.Y))
		mix(int64(e.Base.Facing))
		mix(int64(e.Charged))
		mix(int64(b2i(e.Moved)))
	}
	return uint64(h)
}

// fateShare is how much of an element's worth an outcome costs it, per
// cent: a recoil or a flight leaves it weakened and out of line.
var fateShare = map[engine.Fate]int{
	engine.FateRecoiled: 8, engine.FateFled: 35, engine.FateFledOff: 100, engine.FateDestroyed: 100,
	engine.FateEnsorcelled: 100, engine.FateLeft: 100, engine.FateCaptured: 100,
}

func expected(cs []engine.Chance, samples, worth int) int {
	n := 0
	for _, c := range cs {
		n += c.Count * fateShare[c.Fate]
	}
	return n * worth / (max(samples, 1) * 100)
}
