package engine

import (
	"errors"

	"pelennor/engine/geom"

	"pelennor/engine/rules"
)

// Queries that answer "what may this element do now?" (issue 10 §1). All
// are read-only: they work on a copy of the state, and every answer they
// give as legal is one the engine's own Check accepts. Refusals carry the
// IllegalError code and the player's reason; nothing here is text a
// caller must parse.

// Refusal is why the rules refuse something.
type Refusal struct {
	Code   string `json:"code"`   // stable: the IllegalError code, or one of the option codes below
	Reason string `json:"reason"` // for players
}

// refusalOf turns an engine error into a Refusal; nil stays nil.
func refusalOf(err error) *Refusal {
	if err == nil {
		return nil
	}
	var ie *IllegalError
	if errors.As(err, &ie) {
		return &Refusal{Code: ie.Code, Reason: ie.Reason}
	}
	return &Refusal{Code: "error", Reason: err.Error()}
}

// Ways an element may be moved, as reported by MoveOptions.
const (
	WayMove     = "move"      // a tactical move (ActMove)
	WayBreakOff = "break_off" // a move straight back out of close combat (ActMove, R7)
	WayDeploy   = "deploy"    // before the first bound (ActDeploy)
	WayPlace    = "place"     // re-placing a scenario arrival (ActPlace)
)

// Way is one way of moving and whether it is open now.
type Way struct {
	Way     string   `json:"way"`
	Allowed bool     `json:"allowed"`
	Refusal *Refusal `json:"refusal,omitempty"`
}

// Goings, as reported in GoingAllowance.
const (
	GoingGood  = "good"
	GoingBad   = "bad"
	GoingRoad  = "road"
	GoingRiver = "river"
)

// GoingAllowance is how far an element moves when the worst going of its
// path is Going; Cannot is set when it may not enter that going at all.
type GoingAllowance struct {
	Going  string `json:"going"`
	Paces  int    `json:"paces"`
	Cannot bool   `json:"cannot,omitempty"`
}

// PIPCost is what an action would cost, who pays and what it has.
type PIPCost struct {
	Total   int        `json:"total"`
	Command string     `json:"command"` // the paying command's id
	Left    int        `json:"left"`    // its PIPs now
	Items   []CostItem `json:"items"`
}

// MoveOptions is everything about how one element may move now.
type MoveOptions struct {
	ID         int              `json:"id"`
	Ways       []Way            `json:"ways"`
	Cost       *PIPCost         `json:"cost,omitempty"` // of a move now
	Allowances []GoingAllowance `json:"allowances"`
	// Reach outlines where the element's front-edge centre can get in
	// one straight leg without turning (see reach in options_move.go).
	Reach    []Pose          `json:"reach,omitempty"`
	Contacts []ContactOption `json:"contacts"`
}

// ContactOption is one legal contact: the action that makes it, where it
// puts the mover, the path and what it costs.
type ContactOption struct {
	Target int     `json:"target"`
	Edge   string  `json:"edge"` // of the target: front, right, rear, left
	By     int     `json:"by,omitempty"`
	Pose   Pose    `json:"pose"`          // the conformed pose
	Via    []Pose  `json:"via,omitempty"` // waypoints before the contact (R21, R22)
	Dist   int     `json:"dist"`          // paces, as measured for the move (R6, R21)
	Cost   PIPCost `json:"cost"`
	Action Action  `json:"action"` // the action making it, as Check accepts it
}

// costItems is the PIP cost of moving es together, paid by command pay,
// item by item: the engine's own moveCost (RULES.md §3).
func (t *tx) costItems(pay int, es []*Element) PIPCost {
	items := t.moveCost(pay, es)
	return PIPCost{Command: t.sc.Commands[pay].ID, Left: t.st.Commands[pay].PIPs, Items: items, Total: CostTotal(items)}
}

// allowances lists e's move in each going (RULES.md §2, R3, R4).
func (t *tx) allowances(e *Element) []GoingAllowance {
	good, bad, road := t.rulings.Move(e.Type)
	river := rules.RiverMove
	if e.Type == rules.Artillery {
		river = rules.Cannot
	}
	if !e.Type.Ground() {
		river = good // aerials fly over rivers
	}
	out := []GoingAllowance{{Going: GoingGood, Paces: good}, {Going: GoingBad, Paces: bad}, {Going: GoingRoad, Paces: max(good, road)}, {Going: GoingRiver, Paces: river}}
	for i := range out {
		if out[i].Paces == rules.Cannot {
			out[i].Paces, out[i].Cannot = 0, true
		}
	}
	return out
}

// maxAllowance is the furthest e could move in any going.
func maxAllowance(as []GoingAllowance) int {
	m := 0
	for _, a := range as {
		m = max(m, a.Paces)
	}
	return m
}

// ways says which ways of moving are open to e now, and why not.
func (t *tx) ways(e *Element) []Way {
	var out []Way
	way := func(w string, err error) {
		out = append(out, Way{Way: w, Allowed: err == nil, Refusal: refusalOf(err)})
	}
	_, pay, err := t.mover(e.ID, "")
	if err == nil {
		c := t.costItems(pay, []*Element{e})
		if c.Total > c.Left {
			err = illegal("pips.short", "moving %s costs %d PIPs; %s has %d left", t.name(e), c.Total, t.sc.Commands[pay].Name, c.Left)
		}
	}
	if t.engaged(e) {
		if err == nil {
			// Whether it is faster than every enemy in contact does not
			// depend on where it goes (R7).
			err = t.breakOff(e, e.Base.Forward(-geom.Paces(rules.BreakOffMin)))
		}
		way(WayBreakOff, err)
		way(WayMove, illegal("move.engaged", "%s is in close combat: it may only break off (R7)", t.name(e)))
	} else {
		way(WayMove, err)
	}
	switch {
	case t.st.Phase != PhaseDeploy:
		way(WayDeploy, illegal("deploy.phase", "not allowed in the %s phase", t.st.Phase))
	case e.Side != t.st.Side:
		way(WayDeploy, illegal("element.enemy", "%s is not yours to deploy", t.name(e)))
	case e.Type == rules.Stronghold:
		way(WayDeploy, illegal("deploy.immobile", "a stronghold never moves"))
	default:
		way(WayDeploy, nil)
	}
	way(WayPlace, t.mayPlace(e))
	return out
}

// mayPlace is why e may not be re-placed now (ActPlace), or nil: the
// checks of placeArrival that do not depend on the pose.
func (t *tx) mayPlace(e *Element) error {
	if err := t.needPhase("place", PhaseMove); err != nil {
		return err
	}
	if e.Side != t.st.Side {
		return illegal("element.enemy", "%s is not yours to place", t.name(e))
	}
	if e.Moved {
		return illegal("place.moved", "%s has already moved", t.name(e))
	}
	// The scenario refuses "place.none" whatever the pose when no event
	// brought e on this bound; any other refusal is about the pose.
	if err := t.hooks.Place(t, e, e.Base); err != nil && refusalOf(err).Code == "place.none" {
		return err
	}
	return nil
}

// MoveOptions answers how element id may move now: the ways open to it,
// its allowance in each going, an outline of its reach and every legal
// contact with an enemy this bound.
func (g *Game) MoveOptions(id int) (*MoveOptions, error) {
	t := g.scratch() // a pooled copy: nothing returned points into it
	defer t.release()
	e := t.el(id)
	if e == nil || !e.OnTable() {
		return nil, illegal("element.absent", "no element %d on the table", id)
	}
	o := &MoveOptions{ID: id, Ways: t.ways(e), Allowances: t.allowances(e), Contacts: []ContactOption{}}
	if e.Type == rules.Stronghold {
		return o, nil
	}
	if p, err := t.payer(e, ""); err == nil {
		c := t.costItems(p, []*Element{e})
		o.Cost = &c
	}
	if o.Ways[0].Way == WayMove && o.Ways[0].Allowed {
		o.Reach = t.reach(e, maxAllowance(o.Allowances))
		o.Contacts = g.contacts(t, e)
	}
	return o, nil
}

// Contacts lists every legal contact element id can make with an enemy
// now (MoveOptions.Contacts alone, without the reach outline): none when
// it may not make a tactical move.
func (g *Game) Contacts(id int) ([]ContactOption, error) {
	t := g.scratch() // a pooled copy: nothing returned points into it
	defer t.release()
	e := t.el(id)
	if e == nil || !e.OnTable() {
		return nil, illegal("element.absent", "no element %d on the table", id)
	}
	if w := t.ways(e); !w[0].Allowed || w[0].Way != WayMove {
		return []ContactOption{}, nil
	}
	return g.contacts(t, e), nil
}

// Reach outlines where element id's front-edge centre can get in one
// straight leg now (MoveOptions.Reach alone): nil when it may not make a
// tactical move.
func (g *Game) Reach(id int) ([]Pose, error) {
	t := g.scratch() // a pooled copy: nothing returned points into it
	defer t.release()
	e := t.el(id)
	if e == nil || !e.OnTable() {
		return nil, illegal("element.absent", "no element %d on the table", id)
	}
	if w := t.ways(e); !w[0].Allowed || w[0].Way != WayMove {
		return nil, nil
	}
	return t.reach(e, maxAllowance(t.allowances(e))), nil
}
