package engine

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"sync"

	"pelennor/engine/dice"
	"pelennor/engine/rules"
)

// OddsReport is what a contest would be before the dice: each side's
// factors and score, and the exact chance of every outcome, from all 36
// pairs of dice. Each outcome is what resolving the contest with those
// dice actually does (docs/formats.md, odds).
type OddsReport struct {
	Kind     string   `json:"kind"` // close, shoot or bespell
	Attacker OddsSide `json:"attacker"`
	Defender OddsSide `json:"defender"`
	Aiders   []int    `json:"aiders,omitempty"`
	Equal    int      `json:"equal"` // dice pairs giving equal totals, of 36
	// Samples is what every Chance's Count is out of: the 36 pairs of
	// dice, or a heroic duel's sampled duels (Duel says how).
	Samples int       `json:"samples"`
	Duel    *DuelOdds `json:"duel,omitempty"`
}

// OddsSide is one side's part of an OddsReport.
type OddsSide struct {
	ID       int      `json:"id"`
	Name     string   `json:"name"`
	Factors  []Factor `json:"factors"`
	Score    int      `json:"score"`
	Outcomes []Chance `json:"outcomes"` // every outcome this side can suffer, "nothing" included
}

// Chance is an outcome and how many of the 36 dice pairs give it.
type Chance struct {
	Result  string        `json:"result"`  // the outcome's text, e.g. "recoil blocked: destroyed"
	In36    int           `json:"in36"`    // of the 36 pairs of dice; 0 in a heroic duel
	Count   int           `json:"count"`   // of the report's Samples
	Percent string        `json:"percent"` // to one decimal
	Fate    Fate          `json:"fate"`
	Table   string        `json:"table"` // what the outcome table gave (§6.3, §8)
	Also    []Consequence `json:"also,omitempty"`
}

// Fate is what a contest did to one of its two elements. A small number
// (uint16, as is Cause: they share a word in every Event, and go vet
// catches string(fate), as it does not for a byte).
type Fate uint16

const (
	FateNothing     Fate = iota // not beaten, or it ignores the loss
	FateRecoiled                // recoiled and is still on the table
	FateFled                    // fled (or was hemmed in) and is still on the table
	FateFledOff                 // fled off the table: lost
	FateDestroyed               // destroyed, by the result or because it could not recoil or flee
	FateEnsorcelled             // removed by magic (§9.2)
	FateLeft                    // left the table
	FateUnaffected              // beaten, but "no effect" (§6.3)
	FateCaptured                // a stronghold taken
)

var fateNames = [...]string{"nothing", "recoils", "flees", "flees off the table", "destroyed", "ensorcelled", "leaves the table", "no effect", "captured"}

func (f Fate) String() string { return fateNames[f] }

// MarshalText writes a fate as its name.
func (f Fate) MarshalText() ([]byte, error) { return []byte(f.String()), nil }

// UnmarshalText reads a fate's name.
func (f *Fate) UnmarshalText(b []byte) error {
	i := slices.Index(fateNames[:], string(b))
	if i < 0 {
		return fmt.Errorf("unknown fate %q", b)
	}
	*f = Fate(i)
	return nil
}

// Cause is a consequence of a contest beyond its table result.
type Cause uint16

const (
	CauseRecoilBlocked Cause = iota + 1 // its recoil was fatal: a flank attacker, an enemy, terrain, the edge or a friend (§6.4)
	CauseFleeBlocked                    // its flight met an enemy or impassable ground (§6.5)
	CauseFledOff                        // its flight left the table (§6.5)
	CauseHemmedIn                       // friends hemmed it in: it could not flee (R14)
	CauseTrampled                       // a friend trampled by its recoil (§6.4)
	CauseSupporter                      // its rear supporter destroyed with it (§6.3)
	CauseFriendLost                     // a friend recoiling with it (on the enemy's flank) lost
	CauseBecomes                        // it changed type (the Witch-King's fell beast, PELENNOR.md §5.5)
	CauseSecondOne                      // a Magician's second 1 while bespelling (R16)
)

var causeNames = [...]string{"", "recoil_blocked", "flee_blocked", "fled_off", "hemmed_in", "trampled", "supporter_destroyed", "friend_lost", "becomes", "second_one"}

func (c Cause) String() string { return causeNames[c] }

// MarshalText writes a cause as its name.
func (c Cause) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads a cause's name.
func (c *Cause) UnmarshalText(b []byte) error {
	i := slices.Index(causeNames[:], string(b))
	if i < 1 {
		return fmt.Errorf("unknown consequence %q", b)
	}
	*c = Cause(i)
	return nil
}

// selfCauses are the texts of the causes about the element itself.
var selfCauses = map[Cause]string{
	CauseRecoilBlocked: "its recoil is blocked",
	CauseFleeBlocked:   "its flight is blocked",
	CauseFledOff:       "it flees off the table",
	CauseHemmedIn:      "friends hem it in",
	CauseSecondOne:     "a second 1 while bespelling (R16)",
}

// Consequence is a cause and the element it concerns.
type Consequence struct {
	Kind Cause  `json:"kind"`
	ID   int    `json:"id"`
	Text string `json:"text"`
}

// Outcome is what resolving a contest did to one side: its fate, the
// table result that led to it, and what else followed.
type Outcome struct {
	Fate  Fate
	Table rules.Result
	Also  []Consequence
}

// Text describes an outcome: its fate, with the cause of a fatal recoil
// or flight in front, then the other consequences.
func (o Outcome) Text() string {
	head := o.Fate.String()
	var tail []string
	for _, c := range o.Also {
		switch c.Kind {
		case CauseRecoilBlocked:
			head = "recoil blocked: destroyed"
		case CauseFleeBlocked:
			head = "flee blocked: destroyed"
		case CauseHemmedIn:
			head = "flees: hemmed in"
		case CauseFledOff, CauseSecondOne:
		default:
			tail = append(tail, c.Text)
		}
	}
	if o.Fate == FateEnsorcelled && slices.ContainsFunc(o.Also, func(c Consequence) bool { return c.Kind == CauseSecondOne }) {
		head = "ensorcelled by a second 1"
	}
	return strings.Join(append([]string{head}, tail...), "; ")
}

// note is a cause resolution recorded against an element.
type note struct {
	id    int
	cause Cause
}

func (t *tx) note(e *Element, c Cause) { t.notes = append(t.notes, note{e.ID, c}) }

func (t *tx) noted(id int, c Cause) bool { return slices.Contains(t.notes, note{id, c}) }

// outcomeOf says what resolution did to element id, to which the outcome
// table gave r: from the state before the action, the state now and the
// notes and events resolution left. Friends of id removed meanwhile are
// its consequences: only its own result can remove them.
func (t *tx) outcomeOf(before *state, id int, r rules.Result) Outcome {
	i := t.sc.index(id)
	was, now := &before.Elements[i], &t.st.Elements[i]
	o := Outcome{Table: r}
	also := func(c Cause, e *Element, text string) {
		o.Also = append(o.Also, Consequence{Kind: c, ID: e.ID, Text: text})
	}
	for _, c := range []Cause{CauseRecoilBlocked, CauseFleeBlocked, CauseFledOff, CauseHemmedIn, CauseSecondOne} {
		if t.noted(id, c) {
			also(c, now, selfCauses[c])
		}
	}
	switch {
	case r == rules.Captured:
		o.Fate = FateCaptured
	case now.Status == Ensorcelled:
		o.Fate = FateEnsorcelled
	case now.Status == Left:
		o.Fate = FateLeft
	case now.Status == Destroyed && t.noted(id, CauseFledOff):
		o.Fate = FateFledOff
	case now.Status == Destroyed:
		o.Fate = FateDestroyed
	case r == rules.Recoil:
		o.Fate = FateRecoiled
	case r == rules.Flee:
		o.Fate = FateFled
	case r == rules.NoEffect:
		o.Fate = FateUnaffected
	}
	if now.Type != was.Type {
		also(CauseBecomes, now, fmt.Sprintf("becomes %s", now.Type))
	}
	// Friends its result removed, in the order they went.
	var done []int
	for _, ev := range t.events {
		if ev.Kind != EvDestroyed && ev.Kind != EvSorcery && ev.Kind != EvLeft || ev.ID == id || slices.Contains(done, ev.ID) {
			continue
		}
		f := t.el(ev.ID)
		if f.Side != now.Side || f.OnTable() {
			continue
		}
		done = append(done, f.ID)
		switch {
		case t.noted(f.ID, CauseSupporter):
			also(CauseSupporter, f, "supporter "+t.name(f)+" destroyed")
		case t.noted(f.ID, CauseTrampled):
			also(CauseTrampled, f, t.name(f)+" trampled")
		default:
			also(CauseFriendLost, f, t.name(f)+" "+fateOfStatus(f.Status).String())
		}
	}
	return o
}

func fateOfStatus(s Status) Fate {
	switch s {
	case Ensorcelled:
		return FateEnsorcelled
	case Left:
		return FateLeft
	}
	return FateDestroyed
}

// oddsRun is the resolution of a contest with one class of dice pairs.
type oddsRun struct {
	da, db int    // the first pair of the class
	st     *state // the state it leaves
	a, b   Outcome
}

// oddsTable is a contest set up to the dice and its resolution for every
// pair of dice: pair (da, db) gave runs[pairs[da-1][db-1]].
type oddsTable struct {
	c     *prepared
	pairs [6][6]int
	runs  []oddsRun
	equal int
	pool  []*state // pooled scratch states, given back by release
	// room for the runs and states most tables have, allocated with it
	runBuf  [16]oddsRun
	poolBuf [3]*state
	// The transactions the contest is resolved in, kept with their
	// buffers by a pooled table (oddsTables).
	base, results, after tx
	pooled               bool
}

// oddsTables holds the tables Odds has finished with: a planner asks
// thousands of odds a bound, and each table and its three transactions
// would otherwise be allocated for the collector.
var oddsTables = sync.Pool{New: func() any { return &oddsTable{pooled: true} }}

// release gives the table's scratch states back to the pool, and a
// pooled table back to its own; the table's element pointers are dead
// after it.
func (tab *oddsTable) release() {
	for _, st := range tab.pool {
		statePool.Put(st)
	}
	tab.pool = nil
	if tab.pooled {
		oddsTables.Put(tab)
	}
}

// reuse sets t up on state st and dice d, keeping the room its events,
// notes, buffers, prepared contest and, if slabs is set, slabs had (the
// base's slabs hold the factors the report hands over).
func (t *tx) reuse(g *Game, st *state, d dice.Source, slabs bool) {
	*t = tx{Game: g, st: st, dice: d, events: t.events[:0], notes: t.notes[:0], buffers: t.buffers.emptied(),
		slabs: t.slabs.emptiedIf(slabs), close: t.close}
}

// oddsKey is what of the dice reaches resolution: the two results
// (applyResults), the parity of the totals and a bespeller's 1
// (afterResults). Pairs with the same key resolve alike.
type oddsKey struct {
	ra, rb     rules.Result
	oddA, oddB bool
	one        bool
}

// oddsOf sets up the contest as the action would, refusing what it
// would refuse with the same code and reason, then resolves it on copies
// of the state: the results once for each pair of results the dice can
// give, then what follows them once for each key. Asked before its phase,
// a contest is foreseen as if that phase began now: a shot or bespell in
// the move phase as in the distant combat phase, a close combat as the
// close combat phase would list it (after turning to face, R9).
// With keep set each run keeps the state it leaves (for tests); else
// the runs share scratch states.
func (g *Game) oddsOf(attacker, defender int, kind string, aiders []int, keep bool) (*oddsTable, error) {
	// Without keep, every state here is scratch from the pool, given back
	// by tab.release.
	var tab *oddsTable
	if keep {
		tab = new(oddsTable)
	} else {
		tab = oddsTables.Get().(*oddsTable)
		tab.c, tab.equal = nil, 0
	}
	tab.runs, tab.pool = tab.runBuf[:0], tab.poolBuf[:0]
	scratch := func(from *state) *state {
		if keep {
			return from.clone()
		}
		st := statePool.Get().(*state)
		copyState(st, from)
		tab.pool = append(tab.pool, st)
		return st
	}
	// The base's factors go to the caller with the report: its slabs are
	// its own.
	base := &tab.base
	base.reuse(g, scratch(g.st), g.dice.Clone(), false)
	var c *prepared
	var err error
	switch kind {
	case "close":
		c, err = base.prepareOddsClose(attacker, defender)
	case "shoot":
		base.forecastDistant(attacker)
		c, err = base.prepareShot(Action{Kind: ActShoot, ID: attacker, Target: defender, Aiders: aiders})
	case "bespell":
		base.forecastDistant(attacker)
		c, err = base.prepareBespell(Action{Kind: ActBespell, ID: attacker, Target: defender, Aiders: aiders})
	default:
		return nil, illegal("odds.kind", "kind %q is not close, shoot or bespell", kind)
	}
	if err != nil {
		tab.release()
		return nil, err
	}
	tab.c = c
	var keys [6][6]oddsKey
	var m losses
	for da := 1; da <= 6; da++ {
		for db := 1; db <= 6; db++ {
			ta, tb := c.a.score+da, c.b.score+db
			if ta == tb {
				tab.equal++
			}
			ra, rb := decide(c.kind, &c.a, &c.b, ta, tb, &m)
			keys[da-1][db-1] = oddsKey{ra, rb, ta%2 != 0, tb%2 != 0, c.kind == rules.Bespell && da == 1}
		}
	}
	for i := range tab.pairs {
		for j := range tab.pairs[i] {
			tab.pairs[i][j] = -1
		}
	}
	// results is the state after applyResults; after a copy of it, when
	// several keys share the results.
	results := &tab.results
	results.reuse(g, scratch(base.st), base.dice, true)
	var after *tx
	for i := range 36 {
		k := keys[i/6][i%6]
		if tab.pairs[i/6][i%6] >= 0 {
			continue
		}
		copyState(results.st, base.st)
		results.events, results.notes = results.events[:0], results.notes[:0]
		results.applyResults(c, k.ra, k.rb)
		// The keys with these results, first pairs first.
		var fb [36]int
		first := fb[:0]
		for j := i; j < 36; j++ {
			kj := keys[j/6][j%6]
			if kj.ra == k.ra && kj.rb == k.rb && !slices.ContainsFunc(first, func(f int) bool { return keys[f/6][f%6] == kj }) {
				first = append(first, j)
			}
		}
		for n, j := range first {
			kj := keys[j/6][j%6]
			run := results
			if keep || n < len(first)-1 {
				// Another key still needs the results as they are: work
				// on a copy. The last one may use them up.
				if after == nil {
					after = &tab.after
					after.reuse(g, scratch(results.st), base.dice, true)
				}
				if keep {
					after.st = results.st.clone()
				} else {
					copyState(after.st, results.st)
				}
				after.events, after.notes = append(after.events[:0], results.events...), append(after.notes[:0], results.notes...)
				run = after
			}
			da, db := j/6+1, j%6+1
			run.afterResults(c, kj.ra, kj.rb, da, db)
			r := oddsRun{da: da, db: db, a: run.outcomeOf(g.st, c.a.e.ID, kj.ra), b: run.outcomeOf(g.st, c.b.e.ID, kj.rb)}
			if keep {
				r.st = run.st
			}
			for m := j; m < 36; m++ {
				if keys[m/6][m%6] == kj {
					tab.pairs[m/6][m%6] = len(tab.runs)
				}
			}
			tab.runs = append(tab.runs, r)
		}
	}
	return tab, nil
}

// copyState makes dst a copy of src, reusing dst's slices: clone without
// the allocations. Every slice of state must be copied here.
func copyState(dst, src *state) {
	els, cmds, pend, hook, hurt := dst.Elements[:0], dst.Commands[:0], dst.Pending[:0], dst.Hook[:0], dst.Hurt[:0]
	*dst = *src
	dst.Elements = append(els, src.Elements...)
	dst.Commands = append(cmds, src.Commands...)
	dst.Pending = append(pend, src.Pending...)
	dst.Hook = append(hook, src.Hook...)
	dst.Hurt = append(hurt, src.Hurt...)
}

// prepareOddsClose sets up the close combat between two elements as the
// combat action would.
func (t *tx) prepareOddsClose(x, y int) (*prepared, error) {
	switch t.st.Phase {
	case PhaseMove, PhaseDistant, PhaseReply:
		// The close combat phase as it would begin is the same for every
		// pair asked about in one position: work it out once (forecast).
		cache := t.Game.forecast
		if f := cache.Load(); f != nil && f.of == t.Game.st.serial {
			copyState(t.st, f.st)
			break
		}
		if err := t.enterClose(); err != nil {
			return nil, err
		}
		cache.Store(&closeForecast{of: t.Game.st.serial, st: t.st.clone()})
	}
	if err := t.needPhase("combat", PhaseClose); err != nil {
		return nil, err
	}
	p, err := t.pendingFor(x, y)
	if err != nil {
		return nil, err
	}
	c, ok := t.prepareClose(p)
	if !ok {
		return nil, illegal("combat.apart", "%s and %s are no longer in contact", t.name(t.el(p.A)), t.name(t.el(p.B)))
	}
	return c, nil
}

// closeForecast is the state of a position as its close combat phase
// would begin (enterClose), kept for Odds. Every action commits a new
// position, with a new serial, so the serial of the state it was made from
// identifies the position (state memory is reused: a pointer would not).
type closeForecast struct {
	of uint64
	st *state
}

// forecastDistant puts a move-phase copy in the distant combat phase the
// element would act in: its own side's, or the other side's return
// shooting.
func (t *tx) forecastDistant(id int) {
	if e := t.el(id); t.st.Phase == PhaseMove && e != nil {
		t.st.Phase = PhaseDistant
		if e.Side != t.st.Side {
			t.st.Phase = PhaseReply
		}
	}
}

// Odds reports the odds of a close combat, shot or bespell between two
// elements as the game stands, computed by resolving it (see oddsOf).
// Aiders apply to shots and bespells.
func Odds(g *Game, attacker, defender int, kind string, aiders []int) (*OddsReport, error) {
	if kind == "" {
		kind = "close"
	}
	if kind == "close" && g.IsDuel(attacker, defender) {
		return g.duelOdds(attacker, defender)
	}
	tab, err := g.oddsOf(attacker, defender, kind, aiders, false)
	if err != nil {
		return nil, err
	}
	defer tab.release()
	var nb [36]int // at most a run per pair of dice
	n := nb[:len(tab.runs)]
	for da := range 6 {
		for db := range 6 {
			n[tab.pairs[da][db]]++
		}
	}
	a := oddsSide(tab.c.a, tab.runs, n, func(r *oddsRun) Outcome { return r.a })
	b := oddsSide(tab.c.b, tab.runs, n, func(r *oddsRun) Outcome { return r.b })
	if tab.c.a.e.ID != attacker { // a close combat asked from the other side
		a, b = b, a
	}
	return &OddsReport{Kind: kind, Attacker: a, Defender: b, Aiders: aiders, Equal: tab.equal, Samples: 36}, nil
}

// oddsSide counts one side's outcomes over the runs, run i giving n[i]
// of the 36 pairs, in order of fate, then text.
func oddsSide(f fighter, runs []oddsRun, n []int, side func(*oddsRun) Outcome) OddsSide {
	s := OddsSide{ID: f.e.ID, Name: f.name, Factors: f.factors, Score: f.score, Outcomes: make([]Chance, 0, len(runs))}
	for i := range runs {
		o := side(&runs[i])
		text := o.Text()
		j := slices.IndexFunc(s.Outcomes, func(c Chance) bool { return c.Result == text })
		if j < 0 {
			j = len(s.Outcomes)
			s.Outcomes = append(s.Outcomes, Chance{Result: text, Fate: o.Fate, Table: o.Table.String(), Also: o.Also})
		}
		s.Outcomes[j].In36 += n[i]
		s.Outcomes[j].Count += n[i]
	}
	slices.SortStableFunc(s.Outcomes, func(p, q Chance) int {
		return cmp.Or(cmp.Compare(p.Fate, q.Fate), cmp.Compare(p.Result, q.Result))
	})
	for i := range s.Outcomes {
		n := s.Outcomes[i].In36
		s.Outcomes[i].Percent = fmt.Sprintf("%d.%d%%", tenths(n)/10, tenths(n)%10)
	}
	return s
}

// tenths returns n of 36 in tenths of a percent, rounded half up.
func tenths(n int) int { return (n*1000 + 18) / 36 }
