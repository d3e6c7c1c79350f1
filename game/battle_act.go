package game

import (
	"slices"

	"pelennor/engine"
	"pelennor/engine/rules"
	"pelennor/game/input"
	"pelennor/game/render"
	"pelennor/game/sound"
	"pelennor/game/ui"
)

// submit sends an action to the engine and shows what happened.
func (b *Battle) submit(a *App, act engine.Action, dropped ...int) bool {
	before := b.M.G.Elements()
	bound, over := b.M.G.Bound(), b.M.Over()
	evs, err := b.M.Submit(act)
	if err != nil {
		a.Toast(reason(err), ui.Bad)
		b.hint = reason(err)
		return false
	}
	b.hint = ""
	b.comp.due = a.Frame() + a.Settings.Speed.Pause()
	b.animate(before, dropped)
	b.react(a, evs)
	a.session(b.M).played(a, bound, over)
	b.afterAction(a)
	return true
}

// animate slides everything that moved since before, except the
// elements dropped in place.
func (b *Battle) animate(before []engine.Element, dropped []int) {
	after := b.M.G.Elements()
	for i := range after {
		if i >= len(before) || slices.Contains(dropped, after[i].ID) || !after[i].OnTable() || !before[i].OnTable() {
			continue
		}
		if after[i].Base != before[i].Base {
			frames := 24
			if b.animFrames > 0 {
				frames = b.animFrames
			}
			b.anims[after[i].ID] = &anim{from: render.PoseOf(before[i].Base), to: render.PoseOf(after[i].Base), start: b.frameNow, frames: frames}
		}
	}
}

// react plays sounds and shows toasts for notable events.
func (b *Battle) react(a *App, evs []engine.Event) {
	for _, e := range evs {
		switch e.Kind {
		case engine.EvCombat:
			if e.Combat != nil {
				b.lastResult = e.Combat
			}
			if isDuelReport(e) {
				b.openDoc(newDuelPanel(e.Combat)) // it stays until closed
			}
		case engine.EvScenario:
			// Events, Imrahil's sally, Gandalf, the Witch-King's fall:
			// every scenario rule that acts is announced.
			a.Toast(e.Describe(), ui.Info)
		case engine.EvBroken:
			a.Toast(e.Describe(), ui.Bad)
		case engine.EvGameOver:
			sound.Play(sound.Fanfare)
		}
	}
	if k, ok := cue(evs); ok {
		sound.Play(k)
	}
}

// cue picks the one sound an action's events call for, from their kinds
// and codes: the horn for a scenario moment, else the clash of a close
// combat, else the dice.
func cue(evs []engine.Event) (sound.Kind, bool) {
	dice, clash, horn := false, false, false
	for _, e := range evs {
		switch e.Kind {
		case engine.EvDie:
			dice = true
		case engine.EvCombat:
			clash = clash || e.Combat != nil && e.Combat.Contest == rules.Close.String()
		case engine.EvScenario:
			horn = horn || hornCodes[e.Code]
		}
	}
	switch {
	case horn:
		return sound.Horn, true
	case clash:
		return sound.Clash, true
	case dice:
		return sound.Dice, true
	}
	return 0, false
}

// hornCodes are the scenario moments the horn sounds for: an event,
// a command called to battle, Gandalf riding out.
var hornCodes = map[engine.Code]bool{
	engine.CodeEvent: true, engine.CodeEventCounted: true, engine.CodeActivated: true, engine.CodeGandalf: true,
}

// afterAction shows what the session decided after an action: the
// results, a hand-over to the other seat, or nothing.
func (b *Battle) afterAction(a *App) {
	b.Cancel()
	b.feedLog()
	if b.M.G.Phase() == engine.PhaseMove {
		// The last contest's card stays up until the next bound.
		b.lastResult = nil
	}
	switch next, side := a.session(b.M).next(a, b.lastActing); next {
	case showResults:
		a.Push(NewResults(a, b.M))
	case showHandover:
		b.lastActing = side
		// The messages of the player leaving are not for the one arriving
		// (a hand-over after a load keeps the loader's).
		a.ClearToasts()
		a.Push(NewHandover(a, b.M, side))
	default:
		b.lastActing = side
	}
}

func (b *Battle) updateButtons(a *App, f *input.Frame) {
	b.endPhase.Disabled, b.endBound.Disabled = b.EndDisabled()
	b.endPhase.Label = b.EndPhaseLabel()
	if b.Locked != "" {
		// The computer's bound: the person may hold it and let it go on.
		s := a.session(b.M)
		b.endPhase.Disabled, b.endBound.Disabled = true, b.M.Over()
		b.endBound.Label = map[bool]string{false: "Pause", true: "Resume"}[s.Paused]
		if b.endBound.Update(f) {
			s.Paused = !s.Paused
		}
		b.updatePanelButtons(a, f)
		return
	}
	b.endBound.Label = "End bound"
	if b.endPhase.Update(f) {
		b.do(a, b.EndPhase())
		return
	}
	if b.endBound.Update(f) {
		b.do(a, b.EndBound())
		return
	}
	b.updatePanelButtons(a, f)
}
