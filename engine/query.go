package engine

import (
	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// Read-only questions the user interface asks before it builds an
// action. None changes the game.

// Allowance returns how far element id may move to the given pose: its
// move in the worst going of the path, and that going in words.
func (g *Game) Allowance(id int, to Pose) (int, string, error) {
	t := g.scratch() // a pooled copy: nothing returned points into it
	defer t.release()
	e := t.el(id)
	if e == nil || !e.OnTable() {
		return 0, "", illegal("element.absent", "no element %d on the table", id)
	}
	return t.allowance(e, []geom.Base{e.Base, t.poseBase(e, &to)})
}

// InCommandRange reports whether element id is within command range of
// the command paying for its move (its own when pay is "").
func (g *Game) InCommandRange(id int, pay string) (bool, error) {
	t := g.scratch() // a pooled copy: nothing returned points into it
	defer t.release()
	e := t.el(id)
	if e == nil || !e.OnTable() {
		return false, illegal("element.absent", "no element %d on the table", id)
	}
	p, err := t.payer(e, pay)
	if err != nil {
		return false, err
	}
	return !t.outOfRange(p, e), nil
}

// SpellTargets lists the enemies Magician id could bespell now.
func (g *Game) SpellTargets(id int) []int {
	var out []int
	for _, o := range g.spellCandidates(id) {
		if g.Check(Action{Kind: ActBespell, ID: id, Target: o}) == nil {
			out = append(out, o)
		}
	}
	return out
}

// spellCandidates returns the ids of the elements the bespell of
// Magician id is not surely refused on: what magicians refuses whatever
// the target (the phase, the caster) and the targets it refuses (off the
// table, strongholds, friends, out of range), tested once on the game's
// own state, so that Check copies the state only for the rest. Each test
// is one magicians makes (distant.go); only a target that passes them all
// can be bespelled.
func (g *Game) spellCandidates(id int) []int {
	t := g.reader() // only reads
	defer t.done()
	if t.st.Phase != PhaseDistant || t.st.Awaiting {
		return nil // apply or needPhase refuses every bespell
	}
	m := t.el(id)
	if m == nil || !m.OnTable() || m.Side != t.st.Side || m.Type != rules.Magicians || m.Moved || m.Spelled || t.engaged(m) {
		return nil // own or magicians refuses the caster
	}
	var out []int
	mp, reach := m.Base.Poly(), geom.Paces(rules.BespellRange)
	for i := range t.st.Elements {
		o := &t.st.Elements[i]
		if o.OnTable() && o.Type != rules.Stronghold && o.Side != m.Side && geom.Within(mp, o.Base.Poly(), reach) {
			out = append(out, o.ID)
		}
	}
	return out
}

// ContactPose returns where a contact move would put element id, and
// whether the move is legal (the error says why not).
func (g *Game) ContactPose(id int, c Contact) (Pose, error) {
	t := g.scratch() // a pooled copy: nothing returned points into it
	defer t.release()
	e := t.el(id)
	if e == nil || !e.OnTable() {
		return Pose{}, illegal("element.absent", "no element %d on the table", id)
	}
	b, _, err := t.contactPose(e, &c)
	if err != nil {
		return Pose{}, err
	}
	return *poseOf(b), g.Check(Action{Kind: ActMove, ID: id, Contact: &c})
}

// Returnable lists the elements of side that an action could bring onto
// the table now or later: lost Hordes, ensorcelled elements, and Gods,
// Dragons and Lurkers in reserve or gone, each with the action kind.
func (g *Game) Returnable(side int) map[int]string {
	out := map[int]string{}
	for _, e := range g.st.Elements {
		if e.Side != side {
			continue
		}
		switch {
		case e.Status == Destroyed && e.Type == rules.Hordes:
			out[e.ID] = ActReplace
		case e.Status == Ensorcelled:
			out[e.ID] = ActDesorcel
		case e.Type.Arrives() && (e.Status == Reserve || e.Status == Left):
			out[e.ID] = ActSummon
		}
	}
	return out
}

// EntryEdge names the table edge where element id's command returns
// Hordes and brings on arrivals.
func (g *Game) EntryEdge(id int) string {
	e, ok := g.Element(id)
	if !ok {
		return ""
	}
	return g.sc.entryEdge(e.Cmd)
}

// ScenarioEvent is one of a scenario's numbered events and when it
// happened.
type ScenarioEvent struct {
	N     int
	Name  string
	Side  int // the side whose bound rolls it
	Bound int // the bound it happened in, 0 if not yet
}

// ScenarioEvents lists the scenario's numbered events (the Pelennor's
// four), or nothing for scenarios without them.
func (g *Game) ScenarioEvents() []ScenarioEvent {
	p, ok := g.sc.ext.(*pelennorParams)
	if !ok {
		return nil
	}
	var out []ScenarioEvent
	for i, ev := range p.Events {
		out = append(out, ScenarioEvent{N: ev.N, Name: ev.Name, Side: p.evSide[i], Bound: max(0, g.st.Hook[hookEvents+i])})
	}
	return out
}
