package ai

import (
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
	theirs, ours int // per cent: an expected enemy loss and an expected loss of our own
	advance      int // per element, per 100 p nearer the enemy
	threat       int // per cent of the loss an enemy could inflict next bound
	chance       int // per cent of the loss we could inflict next bound
	line         int // an element with a friend beside it, guarding a flank
	slip         int // easy: per cent of candidates not looked at
}

func weightsFor(c Config) weights {
	w := weights{theirs: 100, ours: 100, advance: 6, threat: 60, chance: 25, line: 15}
	// Cautious players fear losses more and close less; aggressive ones
	// the other way about.
	w.ours += -c.Temper * 12
	w.theirs += c.Temper * 8
	w.advance += c.Temper * 2
	w.threat += -c.Temper * 10
	if c.Level == Easy {
		w.threat, w.chance, w.line, w.slip = w.threat/2, w.chance/2, 0, 40
	}
	return w
}

// view is one position read for scoring: its elements, commands, and what
// each command stands to lose.
type view struct {
	g     *engine.Game
	side  int
	els   []engine.Element
	cmds  []engine.Command
	side_ []int // each command's side
	bp    []int // each command's break point in AP
	lost  []int
	at    map[int]int // element id -> index in els
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
	for i, e := range v.els {
		v.at[e.ID] = i
	}
	n := len(v.cmds)
	v.side_, v.bp, v.lost = resize(v.side_, n), resize(v.bp, n), resize(v.lost, n)
	for i := range v.side_ {
		v.side_[i] = -1
	}
	for _, e := range v.els {
		v.side_[e.Cmd] = e.Side
	}
	for i := range n {
		v.bp[i] = sc.Commands[i].BreakPoint
		if v.bp[i] == 0 {
			v.bp[i] = (g.StartAP(i) + 1) / 2
		}
		v.lost[i] = g.LostAP(i)
	}
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
		return v.bp[e.Cmd] * apValue
	}
	l, bp := v.lost[e.Cmd], v.bp[e.Cmd]
	c := cmdCost(l+ap, bp, false) - cmdCost(l, bp, false)
	if e.General {
		c += 3 * ap * apValue
	}
	return c
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
	total := 0
	for i, c := range v.cmds {
		if v.side_[i] < 0 {
			continue
		}
		cost := cmdCost(v.lost[i], v.bp[i], c.Broken)
		if v.side_[i] == s.side {
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
	for _, p := range g.FrontPairs() {
		r, err := engine.Odds(g, p[0], p[1], "close", nil)
		if err != nil {
			continue
		}
		for _, side := range []*engine.OddsSide{&r.Attacker, &r.Defender} {
			i, ok := v.at[side.ID]
			if !ok {
				continue
			}
			e := &v.els[i]
			x := expected(side.Outcomes, v.loss(e))
			if e.Side == s.side {
				total -= x * s.w.ours / 100
			} else {
				total += x * s.w.theirs / 100
			}
		}
	}
	return total
}

// fateShare is how much of an element's worth an outcome costs it, per
// cent: a recoil or a flight leaves it weakened and out of line.
var fateShare = map[engine.Fate]int{
	engine.FateRecoiled: 8, engine.FateFled: 35, engine.FateFledOff: 100, engine.FateDestroyed: 100,
	engine.FateEnsorcelled: 100, engine.FateLeft: 100,
}

func expected(cs []engine.Chance, worth int) int {
	n := 0
	for _, c := range cs {
		n += c.In36 * fateShare[c.Fate]
	}
	return n * worth / (36 * 100)
}

// position weighs what the next bound may bring: elements in reach of
// an enemy, flanks guarded by a friend beside, and the distance to close.
func (s *search) position(v *view) int {
	total := 0
	engaged := s.engaged(v)
	for i := range v.els {
		e := &v.els[i]
		if !e.OnTable() || e.Type == rules.Stronghold || e.Side != s.side {
			continue
		}
		beside := besideFriend(v, i)
		if beside > 0 {
			total += s.w.line * beside
		}
		if engaged[i] {
			continue
		}
		near := geom.Sub(1 << 30)
		worst, best := 0, 0
		for j := range v.els {
			x := &v.els[j]
			if !x.OnTable() || x.Side == e.Side {
				continue
			}
			d := geom.Len(x.Base.Center().Sub(e.Base.Center()))
			if d < near {
				near = d
			}
			if x.Type == rules.Stronghold {
				continue
			}
			if !engaged[j] && d <= reachOf(x) {
				// The enemy may come at us next bound.
				mod := 0
				if beside < 2 {
					mod = -1 // an open flank: likely overlapped
				}
				if t := attackWorth(x, e, mod, v.loss(x), v.loss(e)); t > worst {
					worst = t
				}
			}
			if d <= reachOf(e) {
				if c := attackWorth(e, x, 0, v.loss(e), v.loss(x)); c > best {
					best = c
				}
			}
		}
		total -= worst * s.w.threat / 100
		total += best * s.w.chance / 100
		if near < 1<<30 {
			total -= s.w.advance * int(near/geom.Paces(100))
		}
	}
	return total
}

// engaged marks the elements with an enemy touching their front.
func (s *search) engaged(v *view) []bool {
	m := make([]bool, len(v.els))
	for _, p := range v.g.FrontPairs() {
		for _, id := range p {
			if i, ok := v.at[id]; ok {
				m[i] = true
			}
		}
	}
	return m
}

// reachOf is how far from its centre an element can strike next bound.
func reachOf(e *engine.Element) geom.Sub {
	in := e.Type.Info()
	return geom.Paces(max(in.Good, in.Road) + 150)
}

// besideFriend counts the flanks of els[i] guarded by a friend standing
// beside it, facing the same way.
func besideFriend(v *view, i int) int {
	e := &v.els[i]
	n := 0
	for _, right := range []bool{false, true} {
		spot := geom.Beside(e.Base, right, e.Base.Width, e.Base.Depth).Center()
		for j := range v.els {
			f := &v.els[j]
			if j == i || !f.OnTable() || f.Side != e.Side {
				continue
			}
			if geom.Len(f.Base.Center().Sub(spot)) <= geom.Paces(30) {
				n++
				break
			}
		}
	}
	return n
}

// attackWorth is what x attacking e frontally stands to gain: e's
// expected loss less x's, by the factors alone (mod added to e's).
func attackWorth(x, e *engine.Element, mod, worthX, worthE int) int {
	o := quick(x.Type, e.Type, mod)
	return (o.loser*worthE - o.winner*worthX) / (36 * 100)
}

// quickOdds are, per 36 pairs of dice and per cent of worth, what a
// frontal fight costs the defender (loser) and the attacker (winner).
type quickOdds struct{ loser, winner int }

// quickTab holds quick's answers for every pair of types and mod from
// −2 to +2, worked out once: the players of a simulation share it.
var quickTab = func() (t [rules.NumTypes][rules.NumTypes][5]quickOdds) {
	for a := range rules.NumTypes {
		for d := range rules.NumTypes {
			for m := range 5 {
				t[a][d][m] = quickOf(a, d, m-2)
			}
		}
	}
	return t
}()

// quick is the factor-only odds of a attacking d frontally in good
// going, d's total changed by mod (−2 to +2).
func quick(a, d rules.Type, mod int) quickOdds { return quickTab[a][d][max(-2, min(2, mod))+2] }

func quickOf(a, d rules.Type, mod int) quickOdds {
	fa, fd := a.Factor(d), d.Factor(a)+mod
	var o quickOdds
	for da := 1; da <= 6; da++ {
		for dd := 1; dd <= 6; dd++ {
			ta, td := fa+da, fd+dd
			switch {
			case td < ta:
				o.loser += fateShareOf(rules.Outcome(rules.Beaten{Loser: d, Winner: a, Contest: rules.Close, Doubled: 2*td <= ta}))
			case ta < td:
				o.winner += fateShareOf(rules.Outcome(rules.Beaten{Loser: a, Winner: d, Contest: rules.Close, LoserCharged: true, Doubled: 2*ta <= td}))
			}
		}
	}
	return o
}

func fateShareOf(r rules.Result) int {
	switch r {
	case rules.Destroyed, rules.LeaveTable:
		return 100
	case rules.Flee:
		return 35
	case rules.Recoil:
		return 8
	}
	return 0
}
