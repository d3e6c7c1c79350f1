package engine

import (
	"pelennor/engine/rules"
)

// startBound begins the next bound: the other side moves, scenario events
// are rolled, then the PIP dice (PELENNOR.md §3, RULES.md §11). In keyed
// games the bound then waits for its begin action, which rolls them: the
// side ending a bound cannot open the next bound's dice.
func (t *tx) startBound() error {
	t.nextBound()
	if t.keyed {
		t.st.Awaiting = true
		return nil
	}
	return t.openBound()
}

// beginBound is the begin action of a keyed game's awaiting bound.
func (t *tx) beginBound() error {
	if !t.st.Awaiting {
		return illegal("begin.started", "bound %d has already begun", t.st.Bound)
	}
	t.st.Awaiting = false
	return t.openBound()
}

// nextBound hands the table to the other side for a new bound.
func (t *tx) nextBound() {
	st := t.st
	st.Bound++
	st.Side = 1 - st.Side
	st.Phase = PhaseMove
	st.Pending = nil
	for i := range st.Elements {
		e := &st.Elements[i]
		e.Moved, e.Shot, e.Spelled, e.Charged = false, false, false, 0
	}
	for i := range st.Commands {
		st.Commands[i].Die, st.Commands[i].PIPs = 0, 0
	}
	t.emitSide(EvBound, CodeBound, st.Side, Event{Value: st.Bound})
}

// openBound rolls a bound's scenario events and PIP dice.
func (t *tx) openBound() error {
	st := t.st
	if err := t.hooks.BoundStart(t); err != nil {
		return err
	}
	for c := range t.sc.Commands {
		if t.sc.sideOf(c) != st.Side || !t.hooks.Rolls(t, c) {
			continue
		}
		die, err := t.roll(Event{Code: CodePIPDie, Purpose: DiePIPs, Command: t.sc.Commands[c].ID, CName: t.sc.Commands[c].Name})
		if err != nil {
			return err
		}
		pips := t.hooks.PIPs(t, c, die)
		st.Commands[c].Die, st.Commands[c].PIPs = die, pips
		t.emitCmd(EvPIPs, CodePIPs, c, Event{Value: pips})
		if err := t.hooks.AfterPIPs(t, c, die); err != nil {
			return err
		}
		t.godsDepart(c, die)
	}
	return nil
}

// godsDepart removes the command's Gods when its PIP die shows 1 (R19).
func (t *tx) godsDepart(c, die int) {
	if die != 1 {
		return
	}
	for i := range t.st.Elements {
		e := &t.st.Elements[i]
		if e.Cmd == c && e.Type == rules.Gods && e.OnTable() {
			t.remove(e, Left, CodeDeparts, nil, "")
		}
	}
}

func (t *tx) endPhase() error {
	switch t.st.Phase {
	case PhaseDeploy:
		// Side 1 deploys first and side 0 has the first bound; in a
		// standard set-up the defender does both (§13 steps 4–6).
		first, opens := 1, 0
		if s := t.st.Setup; s != nil {
			first, opens = s.Defender, s.Defender
		}
		if t.st.Side == first {
			t.st.Side = 1 - first
			t.emitSide(EvPhase, CodeDeployPhase, 1-first, Event{})
			return nil
		}
		t.st.Side = 1 - opens // startBound hands the first bound over
		return t.startBound()
	case PhaseMove:
		t.setPhase(PhaseDistant)
	case PhaseDistant:
		if t.anyReplyShooter() {
			t.setPhase(PhaseReply)
		} else {
			return t.openClose()
		}
	case PhaseReply:
		return t.openClose()
	case PhaseClose:
		return t.finishBound()
	}
	return nil
}

// endBoundAction finishes the bound. The other side's return shooting is
// never skipped for it: if it has Shooters able to shoot, the bound
// stops there and that side ends it.
func (t *tx) endBoundAction() error {
	if t.st.Phase == PhaseDeploy {
		return illegal("deploy.end_bound", "deployment ends with end_phase, one side after the other")
	}
	if t.keyed && t.st.Phase == PhaseReply {
		// The moving side's combats are its own: their dice come from its
		// segment, not from the return shooter's (ruling D64).
		return illegal("reply.end_bound", "in a play-by-e-mail game return shooting ends with end_phase; %s then fight their own close combats",
			t.sc.Sides[t.st.Side].Name)
	}
	if t.st.Phase == PhaseMove || t.st.Phase == PhaseDistant {
		if t.anyReplyShooter() {
			t.setPhase(PhaseReply)
			return nil
		}
	}
	if t.st.Phase != PhaseClose {
		if err := t.enterClose(); err != nil {
			return err
		}
	}
	return t.finishBound()
}

func (t *tx) setPhase(p Phase) {
	t.st.Phase = p
	t.emit(Event{Kind: EvPhase, Code: CodePhase, Detail: p.String()})
}

// finishBound fights every combat not yet fought, in the default order,
// then checks breaking and victory and starts the next bound.
func (t *tx) finishBound() error {
	t.keepSpots()
	t.fightAll = true
	for len(t.st.Pending) > 0 {
		p := t.st.Pending[0]
		if err := t.fight(p); err != nil {
			return err
		}
	}
	t.dropSpots() // the next bound's bases change without setBase
	t.hooks.BoundEnd(t)
	if t.st.Winner >= 0 {
		t.st.Phase = PhaseOver
		t.emitSide(EvGameOver, CodeVictory, t.st.Winner, Event{})
		return nil
	}
	if t.st.TimeCalled {
		t.st.Phase = PhaseOver
		t.emit(Event{Kind: EvGameOver, Code: CodeTimeDraw})
		return nil
	}
	return t.startBound()
}

func (t *tx) anyReplyShooter() bool {
	// The spots are kept from here: without a reply shooter the close
	// combats begin and keep them, and engaged, asked of every Shooter,
	// finds what is near it there instead of in the whole table.
	kept := t.spots != nil
	t.keepSpots()
	for i := range t.st.Elements {
		e := &t.st.Elements[i]
		if e.Side != t.st.Side && e.Type == rules.Shooters && len(t.shotTargets(e, PhaseReply)) > 0 {
			if !kept {
				t.dropSpots() // the close combats wait for the return shooting
			}
			return true
		}
	}
	return false
}
