package engine

import (
	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// decide compares totals and returns each side's result (RULES.md §6.3).
// m, if not nil, keeps the outcome table's answers for the contest's
// next totals.
func decide(c rules.Contest, a, b *fighter, ta, tb int, m *losses) (ra, rb rules.Result) {
	if ta == tb {
		if c == rules.Close && ta%2 != 0 && rules.BothDie(a.e.Type, b.e.Type) {
			return rules.Destroyed, rules.Destroyed
		}
		return rules.NoResult, rules.NoResult
	}
	if ta < tb {
		return m.loss(c, 0, a, b, 2*ta <= tb), rules.NoResult
	}
	return rules.NoResult, m.loss(c, 1, b, a, 2*tb <= ta)
}

// losses keeps a contest's losing results: of the totals, only who lost
// and whether doubled reach the outcome table, so Odds, deciding all 36
// pairs of dice, looks up at most four.
type losses struct {
	known [2][2]bool
	r     [2][2]rules.Result
}

// loss is the result of l (side 0 for A, 1 for B) beaten by w, kept in m
// if m is not nil.
func (m *losses) loss(c rules.Contest, side int, l, w *fighter, doubled bool) rules.Result {
	d := 0
	if doubled {
		d = 1
	}
	if m != nil && m.known[side][d] {
		return m.r[side][d]
	}
	r := rules.NoResult
	if !l.ignores {
		r = rules.Outcome(rules.Beaten{Loser: l.e.Type, Winner: w.e.Type, Contest: c, LoserInBad: l.inBad,
			LoserCharged: l.charged, Doubled: doubled, MagicianWon: w.winsAs})
		if r == rules.Recoil && l.broken {
			r = rules.Flee // PELENNOR.md §5.7
		}
	}
	if m != nil {
		m.known[side][d], m.r[side][d] = true, r
	}
	return r
}

// report emits a resolved contest.
func (t *tx) report(c rules.Contest, fa, fb fighter, da, db int, ra, rb rules.Result, aiders []int) {
	side := func(f fighter, d int, r rules.Result) Fighter {
		fs := f.factors
		if !f.kept {
			fs = t.keepFactors(fs)
		}
		return Fighter{ID: f.e.ID, Name: f.name, Factors: fs, Score: f.score, Die: d, Total: f.score + d, Result: r.String()}
	}
	if len(t.reports) == cap(t.reports) {
		t.reports = make([]Report, 0, t.slabSize(1))
	}
	t.reports = append(t.reports, Report{Contest: c.String(), Attacker: side(fa, da, ra), Defender: side(fb, db, rb), Aiders: aiders})
	rep := &t.reports[len(t.reports)-1]
	t.addEl(EvCombat, CodeContest, fa.e, fb.e).Combat = rep
}

// slabs are what the close combats' events point into: each kind is
// appended to one slab at a time, so that the events of a bound's
// combats take a few allocations rather than one each. A transaction's
// slabs are only appended to; ApplyTo hands the game's last ones on to
// its next, emptied (applyTo).
type slabs struct {
	poses      []Pose
	reports    []Report
	factorSlab []Factor
}

// emptied returns s's slabs with nothing in them, their room kept.
func (s slabs) emptied() slabs {
	return slabs{s.poses[:0], s.reports[:0], s.factorSlab[:0]}
}

// emptiedIf is emptied if keep is set, else no slabs at all.
func (s slabs) emptiedIf(keep bool) slabs {
	if !keep {
		return slabs{}
	}
	return s.emptied()
}

// slab is how many poses or reports an event slab holds in a transaction
// fighting a single contest.
const slab = 8

// slabSize is the size of a new slab for n items per close combat: when
// finishBound fights every pending combat in this transaction, room for
// them all and no more, so a bound's events take one slab of each kind
// most often, and a bound of few combats allocates little.
func (t *tx) slabSize(n int) int {
	if !t.fightAll {
		return slab
	}
	return n * (len(t.st.Pending) + 1)
}

// factorsPerCombat is the room a factor slab makes per close combat:
// both sides' factors, two each (most have one to three).
const factorsPerCombat = 4

// keepFactors copies fs into t's slab of factors, for an event (none
// stay as they are).
func (t *tx) keepFactors(fs []Factor) []Factor {
	if len(fs) == 0 {
		return fs
	}
	if len(fs) > cap(t.factorSlab)-len(t.factorSlab) {
		t.factorSlab = make([]Factor, 0, max(t.slabSize(factorsPerCombat), len(fs)))
	}
	n := len(t.factorSlab)
	t.factorSlab = append(t.factorSlab, fs...)
	return t.factorSlab[n:len(t.factorSlab):len(t.factorSlab)]
}

// factorTail returns room for one side's factors at the end of t's slab
// of factors (keepTail keeps what is put there).
func (t *tx) factorTail() []Factor {
	if cap(t.factorSlab)-len(t.factorSlab) < factorRoom {
		t.factorSlab = make([]Factor, 0, max(t.slabSize(factorsPerCombat), 2*factorRoom))
	}
	n := len(t.factorSlab)
	return t.factorSlab[n : n : n+factorRoom]
}

// keepTail keeps fs, gathered in factorTail's room, in the slab and
// returns it capped; factors that outgrew the room are already in their
// own array.
func (t *tx) keepTail(fs []Factor) []Factor {
	if len(fs) <= factorRoom { // appended within the room, so still there
		t.factorSlab = t.factorSlab[:len(t.factorSlab)+len(fs)]
	}
	return fs[:len(fs):len(fs)]
}

// poseAt is poseOf from t's slab of poses.
func (t *tx) poseAt(b geom.Base) *Pose {
	if len(t.poses) == cap(t.poses) {
		t.poses = make([]Pose, 0, t.slabSize(2))
	}
	t.poses = append(t.poses, poseValue(b))
	return &t.poses[len(t.poses)-1]
}
