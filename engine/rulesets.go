package engine

import (
	"fmt"
	"sort"
	"strings"

	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// ScenarioRules is the hook through which a scenario's own rules (events,
// break rules, victory) join the general rules. A scenario file names its
// rule set in "rules"; every rule set reads its parameters from the
// scenario data.
type ScenarioRules interface {
	// Validate checks the scenario against what the rule set needs.
	Validate(sc *Scenario) error
	// Setup runs once, before the first bound.
	Setup(t *tx)
	// BoundStart runs at the start of a bound, before the PIP dice.
	BoundStart(t *tx) error
	// Rolls reports whether a command of the moving side rolls a PIP die.
	Rolls(t *tx, cmd int) bool
	// PIPs turns a command's PIP die into its PIPs for the bound.
	PIPs(t *tx, cmd, die int) int
	// AfterPIPs runs after each command's PIP die (tests made at that roll).
	AfterPIPs(t *tx, cmd, die int) error
	// InRange may decide command range for a command whose general is
	// not on the table (decided false: the normal rule applies).
	InRange(t *tx, cmd int, e *Element) (inRange, decided bool)
	// AfterMove runs after elements moved or arrived by a player's action.
	AfterMove(t *tx, ids []int) error
	// Factors adds scenario factors to x's total against y.
	Factors(t *tx, x, y *Element, c rules.Contest) []Factor
	// Declare applies a scenario's special choice.
	Declare(t *tx, a Action) error
	// Removed runs when an element leaves the table by any result.
	Removed(t *tx, e *Element, why Status)
	// Place checks re-placing an element that a scenario event has just
	// brought on.
	Place(t *tx, e *Element, b geom.Base) error
	// Contested runs after a contest's results are applied, with both
	// sides' results and final totals.
	Contested(t *tx, c rules.Contest, x, y *Element, rx, ry rules.Result, tx0, ty int)
	// ReturnPose may fix where a desorcelled element returns.
	ReturnPose(t *tx, e *Element) (geom.Base, bool)
	// BoundEnd checks breaking and victory, setting the winner.
	BoundEnd(t *tx)
}

// scenarioRules are the rule sets scenario files may name.
var scenarioRules = map[string]ScenarioRules{
	"standard": standardRules{},
	"commands": commandRules{},
}

func ruleNames() string {
	var names []string
	for n := range scenarioRules {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// baseRules does nothing beyond the general rules.
type baseRules struct{}

func (baseRules) Validate(*Scenario) error                                { return nil }
func (baseRules) Setup(*tx)                                               {}
func (baseRules) BoundStart(*tx) error                                    { return nil }
func (baseRules) PIPs(_ *tx, _, die int) int                              { return die }
func (baseRules) AfterPIPs(*tx, int, int) error                           { return nil }
func (baseRules) InRange(*tx, int, *Element) (bool, bool)                 { return false, false }
func (baseRules) AfterMove(*tx, []int) error                              { return nil }
func (baseRules) Factors(*tx, *Element, *Element, rules.Contest) []Factor { return nil }
func (baseRules) Removed(*tx, *Element, Status)                           {}
func (baseRules) Contested(*tx, rules.Contest, *Element, *Element, rules.Result, rules.Result, int, int) {
}
func (baseRules) ReturnPose(*tx, *Element) (geom.Base, bool) { return geom.Base{}, false }
func (baseRules) Place(t *tx, e *Element, _ geom.Base) error {
	return illegal("place.none", "%s was not brought on by a scenario event this bound", t.name(e))
}
func (baseRules) Declare(*tx, Action) error {
	return illegal("declare.none", "this scenario has no special declarations")
}

// Rolls: a command rolls while it has an element on the table or still to
// come.
func (baseRules) Rolls(t *tx, cmd int) bool {
	if !t.st.Commands[cmd].Active {
		return false
	}
	for i := range t.st.Elements {
		e := &t.st.Elements[i]
		if e.Cmd == cmd && (e.OnTable() || e.Status == Reserve || e.Status == Left || e.Status == Ensorcelled) {
			return true
		}
	}
	return false
}

// standardRules: a single-army HOTT battle (RULES.md §10): an army loses
// when its general is lost, it has lost half its AP, or its stronghold
// is captured.
type standardRules struct{ baseRules }

func (standardRules) Validate(sc *Scenario) error {
	if len(sc.Params) > 0 {
		return fieldErr("params", "the standard rules take no parameters")
	}
	for _, side := range sc.Sides {
		n := 0
		for _, c := range sc.Commands {
			if c.Side == side.ID {
				n++
			}
		}
		if n != 1 {
			return fieldErr("commands", "standard rules need one command per side; %s has %d (use \"commands\")", side.ID, n)
		}
	}
	return nil
}

func (standardRules) BoundEnd(t *tx) {
	var lost [2]Loss
	for c := range t.sc.Commands {
		side := t.sc.sideOf(c)
		switch {
		case t.generalLost(c):
			lost[side] = Loss{Code: CodeLossGeneral}
		case 2*t.LostAPOf(c) >= t.startAP[c]:
			lost[side] = Loss{Code: CodeLossAP, Value: t.LostAPOf(c), Limit: t.startAP[c]}
		case t.st.Captured[side]:
			lost[side] = Loss{Code: CodeLossStronghold}
		}
	}
	t.decide(lost)
}

// commandRules: several commands a side, each breaking when its lost AP
// reach its break point; a side loses when all its commands on the table
// are broken. Broken commands suffer the penalties of PELENNOR.md §5.7.
type commandRules struct{ baseRules }

func (commandRules) Validate(sc *Scenario) error {
	if len(sc.Params) > 0 && sc.Rules == "commands" {
		return fieldErr("params", "the commands rules take no parameters")
	}
	for i, c := range sc.Commands {
		if c.BreakPoint <= 0 && !c.AnyElement {
			return fieldErr(fmt.Sprintf("commands[%d].breakPoint", i), "command rules need a break point")
		}
	}
	return nil
}

func (commandRules) Removed(t *tx, e *Element, _ Status) {
	if e.General {
		t.st.Commands[e.Cmd].NoLeader = true
	}
}

func (commandRules) BoundEnd(t *tx) {
	t.breakCommands()
	var lost [2]Loss
	for side := range 2 {
		if t.allBroken(side, 0) {
			lost[side] = Loss{Code: CodeLossAllBroken}
		}
	}
	t.decide(lost)
}

// breakCommands breaks every command whose lost AP reach its break point.
func (t *tx) breakCommands() {
	for c, spec := range t.sc.Commands {
		if spec.BreakPoint > 0 && !t.st.Commands[c].Broken && t.LostAPOf(c) >= spec.BreakPoint {
			t.breakCommand(c, Event{Code: CodeBreakPoint, Value: t.LostAPOf(c), Limit: spec.BreakPoint})
		}
	}
}

// breakCommand breaks command c; why (its Code and numbers) says why.
func (t *tx) breakCommand(c int, why Event) {
	t.st.Commands[c].Broken = true
	t.emitCmd(EvBroken, why.Code, c, why)
}

// allBroken reports whether every command of side that has been on the
// table is broken, allowing `spare` unbroken ones.
func (t *tx) allBroken(side, spare int) bool {
	onTable, unbroken := 0, 0
	for c, spec := range t.sc.Commands {
		if t.sc.sideOf(c) != side || spec.AnyElement || !t.placed(c) {
			continue
		}
		onTable++
		if !t.st.Commands[c].Broken {
			unbroken++
		}
	}
	return onTable > 0 && unbroken <= spare
}

// placed reports whether any element of the command has been on the table.
func (t *tx) placed(c int) bool {
	for i := range t.st.Elements {
		if e := &t.st.Elements[i]; e.Cmd == c && e.Status != Reserve {
			return true
		}
	}
	return false
}

// decide ends the game if a side has lost; if both have, the moving side
// wins (R20).
func (t *tx) decide(lost [2]Loss) {
	loss := func(s int) Loss {
		l := lost[s]
		l.Side, l.Name = t.sc.Sides[s].ID, t.sc.Sides[s].Name
		return l
	}
	switch {
	case lost[0].Code != "" && lost[1].Code != "":
		t.st.Winner = t.st.Side
		t.emit(Event{Kind: EvScenario, Code: CodeBothLose, Lost: []Loss{loss(0), loss(1)}})
	case lost[0].Code != "":
		t.st.Winner = 1
		t.emit(Event{Kind: EvScenario, Code: CodeLose, Lost: []Loss{loss(0)}})
	case lost[1].Code != "":
		t.st.Winner = 0
		t.emit(Event{Kind: EvScenario, Code: CodeLose, Lost: []Loss{loss(1)}})
	}
}

// generalLost reports whether a command's general is destroyed,
// ensorcelled (R17) or gone.
func (t *tx) generalLost(c int) bool {
	g := t.el(t.sc.Commands[c].General)
	return g.Status != OnTable && g.Status != Reserve
}

// LostAPOf is the AP a command has lost.
func (t *tx) LostAPOf(c int) int { return lostAP(t.sc, t.st, c) }
