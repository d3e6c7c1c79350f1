package control

import (
	"errors"

	"pelennor/engine"
)

// ListedCombat is a close combat still listed by the engine
// (engine.Game.Combats), with its what-if: the odds the engine gives by
// resolving it on every pair of dice (engine.Odds, docs/rulings.md
// D53/D54), or why it cannot be fought.
type ListedCombat struct {
	A, B int                // attacker (the side acting) and defender
	Odds *engine.OddsReport // nil when the pair can no longer fight
	// Apart: a recoil or flight earlier in the phase separated the pair;
	// "fighting" it only clears it from the list (engine CodeApart).
	Apart  bool
	Reason string // why there are no odds, in the engine's words
}

// FactorMark is an element the what-if's factors name on the table: an
// overlapper, a flank or rear attacker, a second enemy on a front, a
// holy neighbour. Side is the combatant whose factor it is (0 the
// attacker, 1 the defender).
type FactorMark struct {
	ID    int
	Code  engine.FactorCode
	Edge  string
	Value int // what the factor adds to Side's total
	Side  int
}

// whatIfCache keeps the listed combats for the position they were asked
// in (odds are dear: each resolves the combat 36 times).
type whatIfCache struct {
	key  queryKey
	ok   bool
	list []ListedCombat
}

// ListedCombats returns every combat the engine still lists, with its
// odds or the reason it has none. The order is the engine's, so index i
// is the same combat as Fight(i).
func (c *Controller) ListedCombats() []ListedCombat {
	key := c.queryKey(0)
	if c.whatIf.ok && c.whatIf.key == key {
		return c.whatIf.list
	}
	var out []ListedCombat
	for _, p := range c.g().Combats() {
		lc := ListedCombat{A: p[0], B: p[1]}
		rep, err := engine.Odds(c.g(), p[0], p[1], "close", nil)
		if err == nil {
			lc.Odds = rep
		} else {
			lc.Reason = err.Error()
			var ie *engine.IllegalError
			if errors.As(err, &ie) {
				lc.Reason = ie.Reason
				lc.Apart = ie.Code == "combat.apart"
			}
		}
		out = append(out, lc)
	}
	c.whatIf = whatIfCache{key: key, ok: true, list: out}
	return out
}

// ShownCombat is the index of the combat whose what-if is shown: the
// one the player picked, else the first that may still be fought; -1 if
// none is listed.
func (c *Controller) ShownCombat() int {
	cs := c.ListedCombats()
	if c.Shown >= 0 && c.Shown < len(cs) && c.shownKey == c.queryKey(0) {
		return c.Shown
	}
	for i, lc := range cs {
		if lc.Odds != nil {
			return i
		}
	}
	if len(cs) > 0 {
		return 0
	}
	return -1
}

// ShowCombat picks the combat whose what-if is shown, for the position
// as it stands (after the next action the first is shown again).
func (c *Controller) ShowCombat(i int) {
	c.Shown, c.shownKey = i, c.queryKey(0)
}

// markCodes are the factors that name another element on the table.
var markCodes = map[engine.FactorCode]bool{
	engine.FactorOverlap:   true,
	engine.FactorFlank:     true,
	engine.FactorFrontAlso: true,
	engine.FactorHoly:      true,
}

// FactorMarks lists the elements a combat's factors name, for marking them on
// the table while its what-if is shown.
func FactorMarks(rep *engine.OddsReport) []FactorMark {
	if rep == nil {
		return nil
	}
	var out []FactorMark
	for side, s := range []engine.OddsSide{rep.Attacker, rep.Defender} {
		for _, f := range s.Factors {
			if markCodes[f.Code] && f.ID != 0 {
				out = append(out, FactorMark{ID: f.ID, Code: f.Code, Edge: f.Edge, Value: f.Value, Side: side})
			}
		}
	}
	return out
}
