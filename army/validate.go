package army

import (
	"fmt"
	"strings"

	"pelennor/engine/rules"
)

// HighCost is the cost from which an element counts against the cap:
// at most half an army's AP may be on elements of 3 AP or more (§13).
// The cost is the element table's (rules.Types); a list cannot change
// it (A2).
const HighCost = 3

// Unit is one element as §13's totals see it: its type, whether it is
// the general, and where it is named in its file, for messages. An army
// gives one per element plus its stronghold; a scenario gives its
// elements (cmd/hott's scenario check).
type Unit struct {
	Type    rules.Type
	General bool
	Where   string
}

// Tally is what §13 counts of an army.
type Tally struct {
	Budget     int    // the AP the army must be worth: 24, or a tournament's 36
	AP         int    // what its elements cost
	High       int    // of which on elements of HighCost AP or more
	Cap        int    // the most High may be: half the budget
	General    string // where the general is named; "" if none
	Stronghold string // where the stronghold is named; "" if none
}

// CheckForce applies §13's rules to an army's elements: it is worth
// exactly budget AP, at most half of them on elements of 3 AP or more,
// exactly one general, who starts on the table, and exactly one
// stronghold. Each problem names the elements concerned.
func CheckForce(units []Unit, budget int) (Tally, Problems) {
	t := Tally{Budget: budget, Cap: budget / 2}
	var ps Problems
	add := func(where, rule, format string, args ...any) {
		ps = append(ps, Problem{Where: where, Rule: rule, Msg: fmt.Sprintf(format, args...)})
	}
	var high, generals, strongholds []string
	for _, u := range units {
		cost := u.Type.Info().AP
		t.AP += cost
		if cost >= HighCost {
			t.High += cost
			high = append(high, fmt.Sprintf("%s (%s, %d AP)", u.Where, u.Type, cost))
		}
		if u.Type == rules.Stronghold {
			strongholds = append(strongholds, u.Where)
		}
		if !u.General {
			continue
		}
		generals = append(generals, u.Where)
		switch {
		case u.Type.Arrives():
			add(u.Where, "general", "a %s may not be the general: Gods, Dragons and Lurkers start off the table (§9.4), and an absent general counts as lost (A4)", u.Type)
		case u.Type == rules.Stronghold:
			add(u.Where, "general", "the stronghold may not be the general")
		}
	}
	if budget <= 0 {
		add("", "ap", "the budget %d AP is not positive", budget)
	} else if t.AP != budget {
		add("", "ap", "the army is worth %d AP, not the %d AP required (§13)", t.AP, budget)
	}
	if t.High > t.Cap {
		add("", "cap", "%d AP are on elements of %d AP or more, over the cap of %d (half of %d, §13): %s",
			t.High, HighCost, t.Cap, budget, strings.Join(high, ", "))
	}
	switch len(generals) {
	case 0:
		add("", "general", "no element is the general (an army has exactly one, §13)")
	case 1:
		t.General = generals[0]
	default:
		t.General = generals[0]
		for _, g := range generals[1:] {
			add(g, "general", "a second general: %s is already the general (an army has exactly one, §13)", generals[0])
		}
	}
	switch len(strongholds) {
	case 0:
		add("", "stronghold", "the army has no stronghold (every army has one, §13)")
	case 1:
		t.Stronghold = strongholds[0]
	default:
		t.Stronghold = strongholds[0]
		for _, s := range strongholds[1:] {
			add(s, "stronghold", "a second stronghold: %s is already the army's (an army has exactly one, §13)", strongholds[0])
		}
	}
	return t, ps
}

// Report is the outcome of validating an army against its list.
type Report struct {
	Tally
	Elements   []Resolved
	Stronghold Stronghold
	Problems   Problems
}

// OK reports whether the army is legal.
func (r *Report) OK() bool { return len(r.Problems) == 0 }

// Validate checks an army against its list and §13 for a budget of
// Standard or Tournament AP (any positive budget is accepted).
func Validate(l *List, a *Army, budget int) Report {
	rep := Report{Tally: Tally{Budget: budget, Cap: budget / 2}}
	els, ps := a.Resolve(l)
	rep.Elements, rep.Problems = els, ps
	if a.List != l.ID {
		return rep
	}
	rep.Stronghold = a.StrongholdOf(l)
	units := make([]Unit, 0, len(els)+1)
	for _, e := range els {
		units = append(units, Unit{Type: e.Type, General: e.General, Where: elementWhere(e.Index, e.Name)})
	}
	units = append(units, Unit{Type: rules.Stronghold, Where: fmt.Sprintf("stronghold %q", rep.Stronghold.Name)})
	tally, fps := CheckForce(units, budget)
	rep.Tally = tally
	rep.Problems = append(rep.Problems, fps...)
	return rep
}
