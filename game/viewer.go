package game

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"pelennor/engine"
	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/ui"
)

// ViewMode is why a replay is watched, which decides how it ends.
type ViewMode int

// Replay viewer modes.
const (
	ViewReplay    ViewMode = iota // a save or a finished game: "Play from here" branches
	ViewTurn                      // a turn file: the bound just played, then "Play your bound"
	ViewLastBound                 // the hand-over's look back: "Back to the hand-over"
)

// speeds are the replay speeds, in actions a second.
var speeds = []struct {
	label string
	rate  float64
}{{"½×", 1}, {"1×", 2}, {"2×", 4}, {"4×", 8}, {"8×", 16}}

// Viewer watches a game action by action: the table, the panels and the
// log as they stood after any number of its actions. It never changes
// the game it shows: stepping forward applies the next actions to its own
// copy, a jump back or far ahead restores the history's nearest snapshot
// (engine.History.At). The log and the bounds are the history's record.
type Viewer struct {
	m    *Match          // the game watched
	rec  *engine.History // its record
	mode ViewMode
	b    *Battle // the table, read-only
	vm   *Match  // what b shows: the game at pos
	pos  int     // actions played at the position shown
	from int     // where the viewer opened
	n    int     // actions in all
	acts []engine.Action

	// live: the game watched is the battle in play, beneath (the menu's
	// Watch the replay): playing from here leaves it, so it asks first.
	live bool

	playing bool
	acc     float64
	scrub   float64 // the position under a drag on the timeline, -1 if none

	timeline                               ui.Rect
	prevBound, prev, play, next, nextBound ui.Button
	speed                                  ui.Choice
	boundField                             ui.TextField
	back, branch                           ui.Button
}

// NewViewer opens a replay of match m at position from (actions played).
func NewViewer(a *App, m *Match, mode ViewMode, from int) *Viewer {
	v := &Viewer{m: m, rec: m.rec, mode: mode, acts: m.rec.Record(), scrub: -1}
	v.n = len(v.acts)
	from = max(0, min(from, v.n))
	v.from = from
	g, _, err := v.rec.At(from)
	if err != nil {
		// The history is the engine's own: this cannot happen. Show the
		// end rather than nothing.
		g, from = m.G, v.n
	}
	v.pos = from
	v.vm = viewOf(v.rec, from, g, m)
	v.b = NewBattle(a, v.vm)
	v.b.replay = true
	v.b.lastResult = v.lastCombat()
	v.speed = ui.Choice{Options: make([]string, len(speeds)), Selected: 1}
	for i, s := range speeds {
		v.speed.Options[i] = s.label
	}
	v.prevBound = ui.Button{Small: true}
	v.prev = ui.Button{Small: true}
	v.play = ui.Button{Small: true, Primary: true}
	v.next = ui.Button{Small: true}
	v.nextBound = ui.Button{Small: true}
	v.boundField = ui.TextField{Placeholder: "bound", MaxLen: 4}
	switch mode {
	case ViewTurn:
		v.back = ui.Button{Label: "Main menu", Small: true}
		v.branch = ui.Button{Label: "Play your bound", Primary: true, KeyLabel: "Enter"}
	case ViewLastBound:
		v.back = ui.Button{Label: "Back to the hand-over", Primary: true, KeyLabel: "Esc"}
	default:
		v.back = ui.Button{Label: "Back", Small: true, KeyLabel: "Esc"}
		v.branch = ui.Button{Label: "Play from here", Primary: true}
	}
	// Turn files and the hand-over's look back start playing at once.
	v.playing = mode != ViewReplay && v.pos < v.n
	return v
}

// Pos returns the position shown: the number of actions played.
func (v *Viewer) Pos() int { return v.pos }

// Len returns the number of actions of the game watched.
func (v *Viewer) Len() int { return v.n }

// Game returns the game at the position shown.
func (v *Viewer) Game() *engine.Game { return v.vm.G }

// Playing reports whether the replay is playing.
func (v *Viewer) Playing() bool { return v.playing }

// boundAt returns the bound the game stood in at position p.
func (v *Viewer) boundAt(p int) int { return v.rec.BoundAt(p) }

// setLog shows the log up to the position.
func (v *Viewer) setLog() { v.vm.show(v.pos) }

// lastCombat returns the contest of the last action shown, if any.
func (v *Viewer) lastCombat() *engine.Report {
	if v.pos == 0 {
		return nil
	}
	evs := v.rec.ActionEvents(v.pos - 1)
	for i := len(evs) - 1; i >= 0; i-- {
		if evs[i].Combat != nil {
			return evs[i].Combat
		}
	}
	return nil
}

// seekApply is how far ahead Seek applies the actions to the game shown
// rather than restore a snapshot: a step or two of play.
const seekApply = 4

// Seek shows the game after p actions: a few ahead by applying them to
// the view's own game, back or further ahead from the history's nearest
// snapshot.
func (v *Viewer) Seek(p int) error {
	p = max(0, min(p, v.n))
	if p == v.pos {
		return nil
	}
	before := v.vm.G.Elements()
	forward := p > v.pos
	if p > v.pos && p-v.pos <= seekApply {
		for v.pos < p {
			if _, err := v.vm.G.Apply(v.acts[v.pos]); err != nil {
				return &engine.ActionError{Index: v.pos, Err: err}
			}
			v.pos++
		}
	} else {
		g, _, err := v.rec.At(p)
		if err != nil {
			return err
		}
		if p < v.pos {
			v.vm.Gen++ // the log is cut, not added to
		}
		v.vm.G, v.pos = g, p
	}
	v.setLog()
	v.b.animate(before, nil)
	v.b.lastResult = v.lastCombat()
	if r := v.b.lastResult; r != nil && r.Duel != nil && forward {
		// The replay plays on to a duel: its panel, as in play.
		v.b.openDoc(newDuelPanel(r))
	}
	v.b.feedLog()
	return nil
}

// boundStep returns the position a bound forward (dir > 0) or back.
func (v *Viewer) boundStep(dir int) int {
	if dir > 0 {
		b := v.boundAt(v.pos)
		for p := v.pos + 1; p <= v.n; p++ {
			if v.boundAt(p) != b {
				return p
			}
		}
		return v.n
	}
	// Back: to the start of this bound, or of the one before if already
	// there.
	p := v.pos
	if p > 0 && v.boundAt(p-1) != v.boundAt(p) {
		p--
	}
	b := v.boundAt(p)
	for p > 0 && v.boundAt(p-1) == b {
		p--
	}
	return p
}

// BoundPos returns the position where bound b begins, or -1.
func (v *Viewer) BoundPos(b int) int {
	if p := v.rec.BoundStart(b); p <= v.n {
		return p
	}
	return -1
}

// endWidths are the widths of the buttons at the bar's right: the branch
// (zero when there is none) and the way back.
func (v *Viewer) endWidths(th *ui.Theme) (branch, back float64) {
	s := th.Scale
	if v.branch.Label != "" {
		branch = math.Max(190*s, v.branch.Need(th))
	}
	back = 100 * s
	if v.mode == ViewLastBound {
		back = 240 * s
	}
	return branch, math.Max(back, v.back.Need(th))
}

// rowNeed is the width the replay's controls need in one row.
func (v *Viewer) rowNeed(th *ui.Theme) float64 {
	s := th.Scale
	branch, back := v.endWidths(th)
	return 18*s + 4*54*s + 66*s + 12*s + 200*s + 64*s + 76*s + 24*s + branch + 10*s + back + 18*s
}

func (v *Viewer) layout(a *App) {
	th := a.Theme
	// A bar too narrow for the controls in a row has them in three: the
	// steps, then the speed and the field, then the buttons at the right
	// (battle_layout.go gives the bar the room).
	v.b.replayNeed = v.rowNeed(th)
	v.b.layout(a)
	s := th.Scale
	bar := v.b.bar
	v.timeline = ui.R(bar.X+18*s, bar.Y+10*s, bar.W-36*s, 30*s)
	y := bar.Y + 50*s
	h := 40 * s
	x := bar.X + 18*s
	for _, b := range []*ui.Button{&v.prevBound, &v.prev, &v.play, &v.next, &v.nextBound} {
		w := 48 * s
		if b == &v.play {
			w = 60 * s
		}
		b.Rect = ui.R(x, y, w, h)
		x += w + 6*s
	}
	x += 12 * s
	narrow := bar.W < v.b.replayNeed
	if narrow {
		x, y = bar.X+18*s, y+50*s
	}
	v.speed.Rect = ui.R(x, y+2*s, 200*s, h-4*s)
	x = v.speed.Rect.Right() + 64*s
	v.boundField.Rect = ui.R(x, y+2*s, 76*s, h-4*s)
	if narrow {
		y += 50 * s
	}
	right := bar.Right() - 18*s
	branch, back := v.endWidths(th)
	if branch > 0 {
		branch = math.Min(branch, (right-bar.X-18*s)/2)
		v.branch.Rect = ui.R(right-branch, y, branch, h)
		right -= branch + 10*s
	}
	back = math.Min(back, right-bar.X-18*s)
	v.back.Rect = ui.R(right-back, y, back, h)
}

// Update steps, plays and jumps; the table under it keeps its camera and
// hover cards.
func (v *Viewer) Update(a *App, f *input.Frame) error {
	v.layout(a)
	typing := v.boundField.Focused
	vk := keyCtx{viewer: true}
	if !typing {
		if commanded(f, control.CmdHelp, vk) {
			a.Push(NewKeys(a))
			return nil
		}
		if commanded(f, control.CmdBack, vk) {
			v.leave(a)
			return nil
		}
		if v.mode == ViewTurn && commanded(f, control.CmdConfirm, vk) {
			v.go_(a)
			return nil
		}
	} else if asks(f, control.CmdConfirm, vk) { // the field sees Enter too: it lets go of the focus
		if n, err := strconv.Atoi(strings.TrimSpace(v.boundField.Text)); err == nil {
			v.jumpToBound(a, n)
		}
	}
	if v.boundField.Update(f) {
		v.boundField.Text = strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return r
			}
			return -1
		}, v.boundField.Text)
	}
	target := -1
	stop := func(p int) { target, v.playing = p, false }
	if !typing {
		switch {
		case commanded(f, control.CmdBoundBack, vk):
			stop(v.boundStep(-1))
		case commanded(f, control.CmdBoundOn, vk):
			stop(v.boundStep(1))
		case commanded(f, control.CmdStepBack, vk):
			stop(v.pos - 1)
		case commanded(f, control.CmdStepOn, vk):
			stop(v.pos + 1)
		case commanded(f, control.CmdToStart, vk):
			stop(0)
		case commanded(f, control.CmdToEnd, vk):
			stop(v.n)
		case commanded(f, control.CmdPlay, vk):
			v.toggle()
		}
		// The viewer's keys are its own: nothing under it steps or pans too.
		for k := range viewerKeys {
			f.ConsumeKey(k)
		}
	}
	v.prevBound.Disabled, v.prev.Disabled = v.pos == 0, v.pos == 0
	v.next.Disabled, v.nextBound.Disabled = v.pos == v.n, v.pos == v.n
	switch {
	case v.prevBound.Update(f):
		stop(v.boundStep(-1))
	case v.prev.Update(f):
		stop(v.pos - 1)
	case v.play.Update(f):
		v.toggle()
	case v.next.Update(f):
		stop(v.pos + 1)
	case v.nextBound.Update(f):
		stop(v.boundStep(1))
	}
	if v.speed.Update(f) {
		v.acc = 0
	}
	if v.back.Update(f) {
		v.leave(a)
		return nil
	}
	if v.branch.Label != "" && v.branch.Update(f) {
		v.go_(a)
		return nil
	}
	// The timeline: click or drag to a position; the jump happens on
	// release (a jump restores the history's nearest snapshot).
	if v.timeline.Contains(f.X, f.Y) && f.Pressed(input.Left) {
		v.scrub = v.posAt(f.X)
		v.playing = false
		f.Consume()
	}
	if v.scrub >= 0 {
		if f.Down(input.Left) {
			v.scrub = v.posAt(f.X)
		} else {
			target = int(v.scrub)
			v.scrub = -1
			f.Consume()
		}
	}
	if v.playing {
		v.acc += speeds[v.speed.Selected].rate / 60
		v.b.animFrames = int(math.Max(6, math.Min(24, 60/speeds[v.speed.Selected].rate-2)))
		if v.acc >= 1 && v.pos < v.n {
			v.acc--
			target = v.pos + 1
		}
		if v.pos >= v.n && target < 0 {
			v.playing = false
		}
	} else {
		v.b.animFrames = 0
	}
	if target >= 0 {
		if err := v.Seek(target); err != nil {
			a.Toast("The replay stops: "+err.Error(), ui.Bad)
			v.playing = false
		}
		if v.pos >= v.n {
			v.playing = false
		}
	}
	v.b.viewNote = v.note()
	return v.b.Update(a, f)
}

func (v *Viewer) toggle() {
	if v.pos >= v.n && !v.playing {
		v.Seek(v.from)
		if v.from >= v.n {
			v.Seek(0)
		}
	}
	v.playing = !v.playing
	v.acc = 1 // the first step at once
}

func (v *Viewer) jumpToBound(a *App, n int) {
	p := v.BoundPos(n)
	if p < 0 {
		last := v.boundAt(v.n)
		a.Toast(fmt.Sprintf("No bound %d: this game has bounds %d to %d", n, v.boundAt(0), last), ui.Info)
		return
	}
	v.playing = false
	v.Seek(p)
	v.boundField.Text, v.boundField.Focused = "", false
}

// posAt returns the position under x on the timeline.
func (v *Viewer) posAt(x float64) float64 {
	t := (x - v.timeline.X) / v.timeline.W
	return math.Round(math.Max(0, math.Min(1, t)) * float64(v.n))
}

// leave goes back where the viewer came from.
func (v *Viewer) leave(a *App) {
	switch v.mode {
	case ViewLastBound:
		a.Pop()
	case ViewTurn:
		a.Reset(NewTitle(a))
	default:
		if len(a.Scenes()) > 1 {
			a.Pop()
		} else {
			a.Reset(NewTitle(a))
		}
	}
}

// go_ plays on: from the position shown (a new game branching off it,
// the file untouched), or the turn file's game from its end.
func (v *Viewer) go_(a *App) {
	var m *Match
	var err error
	switch v.mode {
	case ViewTurn:
		m = v.m
	case ViewReplay:
		if why := a.RefuseBranch(v.m, v.pos); why != "" {
			a.Toast(why, ui.Bad) // the dice after it are rolled (docs/formats.md §5.1)
			return
		}
		if v.live {
			v.live = false
			a.Push(NewConfirm(a, fmt.Sprintf("Leave the battle in play for a new one from action %d? The battle you leave is kept as the newest autosave.", v.pos), "Play from here", func() {
				a.Autosave(v.m)
				v.live = false
				v.go_(a)
			}))
			v.live = true
			return
		}
		var h *engine.History
		if h, err = v.m.H.Branch(v.pos); err == nil {
			m = MatchOf(h, v.m.Names)
		}
	default:
		return
	}
	if err != nil {
		a.Toast("Cannot play from here: "+err.Error(), ui.Bad)
		return
	}
	a.Reset(OpenMatch(a, m))
	switch {
	case m.Over():
		a.Push(NewResults(a, m))
	case a.mailTurn(m): // play by e-mail: begin the bound, or wait
	case v.mode == ViewReplay:
		a.handOver(m)
		a.Toast(fmt.Sprintf("A new game from action %d of %d: the file it came from is unchanged", v.pos, v.n), ui.Info)
	}
}
