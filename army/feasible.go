package army

import "pelennor/engine/rules"

// tally is a partial army: its AP, the AP of its elements of HighCost or
// more, and whether it holds an element that may be the general.
type tally struct {
	ap, high int
	general  bool
}

// Feasible reports whether some legal army of the given budget can be
// chosen from l: a count for every entry within its range, a type for
// every element, a general that starts on the table, the AP exactly the
// budget and at most half of it on elements of 3 AP or more. (The army
// builder uses it to say which budgets a list can meet.)
func Feasible(l *List, budget int) bool {
	if budget <= 0 {
		return false
	}
	states := map[tally]bool{{}: true}
	for i := range l.Entries {
		states = addEntry(states, &l.Entries[i], budget)
	}
	for s := range states {
		if s.ap == budget && s.high <= budget/2 && s.general {
			return true
		}
	}
	return false
}

// addEntry returns every tally reachable from states by taking between
// the entry's min and count elements, each of any of its options, never
// going over budget.
func addEntry(states map[tally]bool, e *Entry, budget int) map[tally]bool {
	type option struct {
		cost    int
		general bool
	}
	var opts []option
	for _, o := range e.Options() {
		t, ok := rules.ParseType(o.Type)
		if !ok {
			continue
		}
		opts = append(opts, option{t.Info().AP, e.General && !t.Arrives()})
	}
	out := map[tally]bool{}
	cur := states
	for n := 0; n <= e.Count; n++ {
		if n >= e.MinCount() {
			for s := range cur {
				out[s] = true
			}
		}
		if n == e.Count {
			break
		}
		next := map[tally]bool{}
		for s := range cur {
			for _, o := range opts {
				t := tally{s.ap + o.cost, s.high, s.general || o.general}
				if o.cost >= HighCost {
					t.high += o.cost
				}
				if t.ap <= budget && t.high <= budget/2 {
					next[t] = true
				}
			}
		}
		cur = next
	}
	return out
}
