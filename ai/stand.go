package ai

import (
	"cmp"
	"fmt"
	"slices"
	"sync/atomic"

	"pelennor/engine"
	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// position weighs what the next bound may bring: where an enemy could
// strike each of our elements (its front, or an open flank or rear while
// something holds its front), flanks guarded by a friend beside, the
// fights we could pick next, and the distance still to close.
func (s *search) position(v *view) int {
	total := 0
	s.threats = s.threats[:0]
	engaged := s.engaged(v)
	mat := materialKey(v)
	if s.stood == nil {
		s.stood = map[uint64]stand{}
	}
	for i := range v.els {
		e := &v.els[i]
		if !e.OnTable() || e.Side != s.side {
			continue
		}
		// Most candidates move one element or a few: the stands of the
		// rest are as they were, found again by what they depend on.
		k := standKey(v, i, engaged, mat)
		t, ok := s.stood[k]
		if !ok {
			t = s.standing(v, i, engaged)
			s.stood[k] = t
		} else if checkCaches {
			cacheChecks.Add(1)
			if u := s.standing(v, i, engaged); u != t {
				panic(fmt.Sprintf("stand of %d: cached %+v, now %+v", e.ID, t, u))
			}
		}
		total += t.line + t.chance + t.advance
		if t.by >= 0 {
			s.threats = append(s.threats, [2]int{t.by, t.threat})
		} else {
			total -= t.threat
		}
	}
	return total - s.worstThreats()
}

// threatPIPs is how many of the threats one enemy command makes count:
// it moves about as many elements a bound as its PIP die gives (3.5 on
// average), so it cannot strike everything it reaches at once.
const threatPIPs = 4

// worstThreats sums, for each enemy command, the threatPIPs largest of
// the threats it makes (s.threats, which it reorders).
func (s *search) worstThreats() int {
	t := s.threats
	slices.SortFunc(t, func(a, b [2]int) int {
		if a[0] != b[0] {
			return cmp.Compare(a[0], b[0])
		}
		return cmp.Compare(b[1], a[1])
	})
	total, run, prev := 0, 0, -1
	for _, x := range t {
		if x[0] != prev {
			prev, run = x[0], 0
		}
		if run < threatPIPs {
			total += x[1]
		}
		run++
	}
	return total
}

// marchFar is how far, in paces, an element must be from every enemy that
// counts to be on the march rather than in the fight.
const marchFar = 1500

// standFar is how far from an element anything its stand depends on may
// stand: beyond the longest reach of any element (an aerial's move, a
// base and the slack reachOf allows).
const standFar = 1800

// checkCaches, when set (by a test), works out every stand and fight
// found in a cache again and panics if the cache was wrong.
var checkCaches = false

// cacheChecks counts the cached answers checked.
var cacheChecks atomic.Int64

// materialKey hashes what the worth of a loss depends on: each command's
// lost AP and whether it is broken.
func materialKey(v *view) uint64 {
	var h key
	for i, c := range v.cmds {
		h.mix(int64(v.lost[i]<<1 | b2i(c.Broken)))
	}
	return uint64(h)
}

// key hashes a sequence of numbers, every bit of each reaching every bit
// of the key (a splitmix64 step per number).
type key uint64

func (h *key) mix(x int64) {
	z := uint64(*h) ^ uint64(x)
	z += 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	*h = key(z ^ z>>31)
}

// standKey hashes what els[i]'s stand depends on: itself, everything on
// the table within standFar, whether each is engaged, the distance to the
// nearest enemy that counts, and the material.
func standKey(v *view, i int, engaged []bool, mat uint64) uint64 {
	h := key(mat)
	mix := h.mix
	e := &v.els[i]
	mix(int64(e.ID)) // whose stand: its neighbours may share its neighbourhood
	near := int64(1) << 62
	r := sq(geom.Paces(standFar))
	for j := range v.els {
		x := &v.els[j]
		if !x.OnTable() {
			continue
		}
		d := dist2(v.centre[j], v.centre[i])
		if x.Side != e.Side && d < near && v.aim.at(x) {
			near = d
		}
		if d > r {
			continue
		}
		mix(int64(x.ID))
		mix(int64(x.Base.Front.X)<<32 | int64(uint32(x.Base.Front.Y)))
		mix(int64(x.Base.Facing)<<1 | int64(b2i(engaged[j])))
	}
	mix(near)
	return uint64(h)
}

// stand is what one element's place is worth: the parts of position.
type stand struct {
	line, threat, chance, advance int
	by                            int // the command whose element makes the threat (-1: none)
}

// standing is els[i]'s stand.
func (s *search) standing(v *view, i int, engaged []bool) stand {
	e := &v.els[i]
	left, right := guarded(v, i, false), guarded(v, i, true)
	beside := b2i(left) + b2i(right)
	var st stand
	st.line = s.w.line * beside
	near := int64(1) << 62
	best := 0
	var fronts [8]int // the enemies that could strike its front, by index
	nf, reachers, flank := 0, 0, false
	st.by = -1
	flankBy := -1
	for j := range v.els {
		x := &v.els[j]
		if !x.OnTable() || x.Side == e.Side {
			continue
		}
		d := dist2(v.centre[j], v.centre[i])
		if d < near && v.aim.at(x) {
			near = d
		}
		if !engaged[i] && e.Type != rules.Stronghold && d <= sq(reachOf(e)) {
			if c := attackWorth(e, x, 0, v.loss(e), v.loss(x), v.cornered(j)); c > best {
				best = c
			}
		}
		if x.Type == rules.Stronghold || engaged[j] || d > sq(reachOf(x)+geom.Paces(200)) {
			continue
		}
		// Where could x strike e next bound?
		hit := false
		if !engaged[i] && reaches(x, e, geom.Front) {
			if nf < len(fronts) {
				fronts[nf] = j
				nf++
			}
			hit = true
		}
		if !left && reaches(x, e, geom.Left) || !right && reaches(x, e, geom.Right) || reaches(x, e, geom.Rear) {
			flank, hit = true, true
			if flankBy < 0 {
				flankBy = x.Cmd
			}
		}
		reachers += b2i(hit)
	}
	// Friends beside e overlap an attacker on its front; a second
	// enemy beside the attacker overlaps e where its flank is open.
	mod := beside - min(2-beside, max(0, reachers-1))
	corner := nf > 0 && v.cornered(i)
	front, foe := 0, rules.NumTypes
	if engaged[i] {
		o := &v.els[v.at[s.opponent(v, e.ID)]]
		foe, st.by = o.Type, o.Cmd
	}
	for _, j := range fronts[:nf] {
		x := &v.els[j]
		if t := attackWorth(x, e, mod, v.loss(x), v.loss(e), corner); t > front || foe == rules.NumTypes {
			if t > front || st.by < 0 {
				st.by = x.Cmd
			}
			front, foe = max(front, t), x.Type
		}
	}
	if e.Type == rules.Stronghold {
		// It neither moves nor recoils: only a storm counts.
		return stand{threat: front * s.w.threat / 100, by: st.by}
	}
	threat := front
	if flank && foe != rules.NumTypes {
		// Struck in front and flank: overlapped, and beaten at all
		// it is destroyed.
		threat = max(threat, v.loss(e)*beaten(foe, e.Type, -1)/36)
		if st.by < 0 {
			st.by = flankBy
		}
	}
	st.threat = threat * s.w.threat / 100 * guard(e)
	st.chance = best * s.w.chance / 100
	// Closing pays; counted up from the far side of the table, so
	// that an element brought on is never worth less than none, and
	// one in the fight has closed all the way.
	if near > sq(geom.Paces(marchFar)) && !engaged[i] {
		// Far from any enemy that counts, a body in line closes by
		// the group for one PIP: forming up pays more.
		st.line *= 4
	}
	if !e.General && beyondRange(v, i) {
		// Each move of it costs a PIP more.
		st.line -= s.w.astray
	}
	switch {
	case engaged[i]:
		st.advance = s.w.advance * v.pull * v.diag
	case near < 1<<62:
		st.advance = s.w.advance * v.pull * max(0, v.diag-int(geom.Sub(isqrt(near))/geom.Paces(100)))
	}
	return st
}

// beyondRange reports whether els[i] stands beyond its general's command
// range (or its general is lost), by the distance between their centres
// less a base's half width: roughly as the engine measures it between
// the bases, without the line of sight.
func beyondRange(v *view, i int) bool {
	e := &v.els[i]
	gen, ok := v.at[v.g.Scenario().Commands[e.Cmd].General]
	if !ok || !v.els[gen].OnTable() {
		return true
	}
	return dist2(v.centre[gen], v.centre[i]) > sq(geom.Paces(rules.CommandRange+100))
}

func dist2(p, q geom.Point) int64 {
	dx, dy := int64(p.X-q.X), int64(p.Y-q.Y)
	return dx*dx + dy*dy
}

func sq(d geom.Sub) int64 { return int64(d) * int64(d) }

func isqrt(n int64) int64 { return int64(geom.Isqrt(uint64(n))) }

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// reaches reports whether x could move against edge of e next bound,
// as far as distance goes (the move measured as the engine measures it,
// less the free conforming slide).
func reaches(x, e *engine.Element, edge geom.Edge) bool {
	good, _, road := x.Type.Info().Good, 0, x.Type.Info().Road
	to := geom.Against(e.Base, edge, x.Base.Width, x.Base.Depth)
	return geom.MoveDist(x.Base, to) <= geom.Paces(max(good, road)+rules.ConformSlide)
}

// beaten is, of 36 pairs of dice, how often d loses to a frontally
// (its total changed by mod), however it loses.
func beaten(a, d rules.Type, mod int) int {
	fa, fd := a.Factor(d), d.Factor(a)+mod
	n := 0
	for da := 1; da <= 6; da++ {
		for dd := 1; dd <= 6; dd++ {
			if fd+dd < fa+da {
				n++
			}
		}
	}
	return n
}

// engaged marks the elements with an enemy touching their front, and
// notes the pairs.
func (s *search) engaged(v *view) []bool {
	m := make([]bool, len(v.els))
	for _, p := range v.pairs {
		for _, id := range p {
			if i, ok := v.at[id]; ok {
				m[i] = true
			}
		}
	}
	return m
}

// opponent is the element fighting id's front.
func (s *search) opponent(v *view, id int) int {
	for _, p := range v.pairs {
		switch id {
		case p[0]:
			return p[1]
		case p[1]:
			return p[0]
		}
	}
	return 0
}

// reachOf is how far from its centre an element can strike next bound.
func reachOf(e *engine.Element) geom.Sub {
	in := e.Type.Info()
	return geom.Paces(max(in.Good, in.Road) + 150)
}

// guarded reports whether a friend stands beside els[i] on its right
// (or left) flank, facing the same way.
func guarded(v *view, i int, right bool) bool {
	e := &v.els[i]
	spot := v.spot[i][b2i(right)]
	for j := range v.els {
		f := &v.els[j]
		if j != i && f.OnTable() && f.Side == e.Side && dist2(v.centre[j], spot) <= sq(geom.Paces(30)) {
			return true
		}
	}
	return false
}

// attackWorth is what x attacking e frontally stands to gain: e's
// expected loss less x's, by the factors alone (mod added to e's; a
// cornered e is destroyed where it would recoil).
func attackWorth(x, e *engine.Element, mod, worthX, worthE int, cornered bool) int {
	o := quick(x.Type, e.Type, mod, cornered)
	return (o.loser*worthE - o.winner*worthX) / (36 * 100)
}

// quickOdds are, per 36 pairs of dice and per cent of worth, what a
// frontal fight costs the defender (loser) and the attacker (winner).
type quickOdds struct{ loser, winner int }

// quickTab holds quick's answers for every pair of types, mod from −2 to
// +2 and a defender cornered or not, worked out once: the players of a
// simulation share it.
var quickTab = func() (t [rules.NumTypes][rules.NumTypes][5][2]quickOdds) {
	for a := range rules.NumTypes {
		for d := range rules.NumTypes {
			for m := range 5 {
				for c := range 2 {
					t[a][d][m][c] = quickOf(a, d, m-2, c == 1)
				}
			}
		}
	}
	return t
}()

// quick is the factor-only odds of a attacking d frontally in good
// going, d's total changed by mod (−2 to +2); a cornered d cannot
// recoil and is destroyed instead (RULES.md §6.4).
func quick(a, d rules.Type, mod int, cornered bool) quickOdds {
	return quickTab[a][d][max(-2, min(2, mod))+2][b2i(cornered)]
}

func quickOf(a, d rules.Type, mod int, cornered bool) quickOdds {
	fa, fd := a.Factor(d), d.Factor(a)+mod
	var o quickOdds
	for da := 1; da <= 6; da++ {
		for dd := 1; dd <= 6; dd++ {
			ta, td := fa+da, fd+dd
			switch {
			case td < ta:
				r := rules.Outcome(rules.Beaten{Loser: d, Winner: a, Contest: rules.Close, Doubled: 2*td <= ta})
				if cornered && r == rules.Recoil {
					r = rules.Destroyed
				}
				o.loser += fateShareOf(r)
			case ta < td:
				o.winner += fateShareOf(rules.Outcome(rules.Beaten{Loser: a, Winner: d, Contest: rules.Close, LoserCharged: true, Doubled: 2*ta <= td}))
			}
		}
	}
	return o
}

func fateShareOf(r rules.Result) int {
	switch r {
	case rules.Destroyed, rules.LeaveTable, rules.Captured:
		return 100
	case rules.Flee:
		return 35
	case rules.Recoil:
		return 8
	}
	return 0
}
