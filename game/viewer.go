package game

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/render"
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

func (v *Viewer) layout(a *App) {
	v.b.layout(a)
	s := a.Theme.Scale
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
	v.speed.Rect = ui.R(x, y+2*s, 200*s, h-4*s)
	x = v.speed.Rect.Right() + 64*s
	v.boundField.Rect = ui.R(x, y+2*s, 76*s, h-4*s)
	right := bar.Right() - 18*s
	if v.branch.Label != "" {
		w := 190 * s
		v.branch.Rect = ui.R(right-w, y, w, h)
		right -= w + 10*s
	}
	w := 100 * s
	if v.mode == ViewLastBound {
		w = 240 * s
	}
	v.back.Rect = ui.R(right-w, y, w, h)
}

// Update steps, plays and jumps; the table under it keeps its camera and
// hover cards.
func (v *Viewer) Update(a *App, f *input.Frame) error {
	v.layout(a)
	typing := v.boundField.Focused
	vk := keyCtx{viewer: true}
	if !typing {
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
	a.Reset(NewBattle(a, m))
	switch {
	case m.G.Winner() >= 0:
		a.Push(NewResults(a, m))
	case a.mailTurn(m): // play by e-mail: begin the bound, or wait
	case v.mode == ViewReplay:
		a.Push(NewHandover(a, m, -1, nil))
		a.Toast(fmt.Sprintf("A new game from action %d of %d: the file it came from is unchanged", v.pos, v.n), ui.Info)
	}
}

// note is what the side panel says about the position.
func (v *Viewer) note() []ui.LogEntry {
	var out []ui.LogEntry
	switch v.mode {
	case ViewTurn:
		out = append(out, ui.LogEntry{Text: "A turn file: " + otherPlayer(v.m) + "'s bound. Watch it, then play yours.", Colour: ui.Info})
	case ViewLastBound:
		out = append(out, ui.LogEntry{Text: "The last bound, again. The game goes on when you go back.", Colour: ui.Info})
	}
	g := v.vm.G
	bound, acting := g.ToAct()
	head := fmt.Sprintf("Bound %d — %s (%s)", g.Bound(), v.m.SideName(bound), v.m.Names[bound])
	if g.Phase() == engine.PhaseDeploy {
		head = fmt.Sprintf("Deployment — %s (%s)", v.m.SideName(acting), v.m.Names[acting])
	}
	out = append(out, ui.LogEntry{Text: head, Colour: ui.GoldBright})
	out = append(out, ui.LogEntry{Text: fmt.Sprintf("%s phase · after action %d of %d", capitalise(g.Phase().String()), v.pos, v.n), Colour: ui.ParchDim, Indent: true})
	if v.pos > 0 {
		out = append(out, ui.LogEntry{Text: describeAction(v.vm, v.acts[v.pos-1]), Colour: ui.Parchment})
		for _, e := range v.rec.ActionEvents(v.pos - 1) {
			switch e.Kind {
			case engine.EvMoved, engine.EvCombat, engine.EvDestroyed, engine.EvRecoiled, engine.EvFled, engine.EvScenario, engine.EvBroken, engine.EvGameOver, engine.EvArrived, engine.EvSorcery:
				out = append(out, ui.LogEntry{Text: e.Describe(), Colour: ui.ParchDim, Indent: true})
			}
		}
	} else {
		out = append(out, ui.LogEntry{Text: "The battle as it began.", Colour: ui.ParchDim})
	}
	return out
}

func capitalise(s string) string {
	for i, r := range s {
		return strings.ToUpper(string(r)) + s[i+len(string(r)):]
	}
	return s
}

// describeAction says what an action did, in a few words.
func describeAction(m *Match, a engine.Action) string {
	name := func(id int) string { return m.ElementName(id) }
	switch a.Kind {
	case engine.ActMove:
		if a.Contact != nil {
			return fmt.Sprintf("%s moved into contact with %s", name(a.ID), name(a.Contact.Target))
		}
		return name(a.ID) + " moved"
	case engine.ActGroup:
		var ns []string
		for _, id := range a.IDs {
			ns = append(ns, name(id))
		}
		return fmt.Sprintf("A group of %d moved: %s", len(a.IDs), strings.Join(ns, ", "))
	case engine.ActShoot:
		return fmt.Sprintf("%s shot at %s", name(a.ID), name(a.Target))
	case engine.ActBespell:
		return fmt.Sprintf("%s bespelled %s", name(a.ID), name(a.Target))
	case engine.ActCombat:
		if a.Target != 0 {
			return fmt.Sprintf("%s fought %s", name(a.ID), name(a.Target))
		}
		return name(a.ID) + " fought"
	case engine.ActReplace:
		return name(a.ID) + " came back"
	case engine.ActDesorcel:
		return name(a.ID) + " was desorcelled"
	case engine.ActSummon:
		if a.ID != 0 {
			return name(a.ID) + " was summoned"
		}
		return "The Dragons were summoned"
	case engine.ActDeploy:
		return name(a.ID) + " was deployed"
	case engine.ActPlace:
		return name(a.ID) + " was placed"
	case engine.ActEndPhase:
		return "The phase ended"
	case engine.ActEndBound:
		return "The bound ended"
	case engine.ActDeclare:
		if a.Choice == engine.MerryEowyn {
			return "Merry and Éowyn strike at the Witch-King"
		}
		return "Declared " + a.Choice
	}
	return a.Kind
}

// Draw draws the table, then the replay's controls in the bar.
func (v *Viewer) Draw(a *App, dst *ebiten.Image) {
	v.layout(a)
	v.b.Draw(a, dst)
	th := a.Theme
	s := th.Scale
	bar := v.b.bar
	ui.Fill(dst, bar, ui.Backdrop)
	ui.Line(dst, bar.X, bar.Y, bar.Right(), bar.Y, 1.5*s, ui.GoldDeep)
	v.drawTimeline(a, dst)
	for _, b := range []*ui.Button{&v.prevBound, &v.prev, &v.play, &v.next, &v.nextBound} {
		b.Draw(dst, th)
	}
	icon := func(b *ui.Button, kind string) {
		var clr color.Color = ui.Parchment
		if b.Disabled {
			clr = ui.ParchFaint
		} else if b.Primary {
			clr = ui.GoldBright
		}
		drawIcon(dst, b.Rect, kind, clr, s)
	}
	icon(&v.prevBound, "prevBound")
	icon(&v.prev, "prev")
	if v.playing {
		icon(&v.play, "pause")
	} else {
		icon(&v.play, "play")
	}
	icon(&v.next, "next")
	icon(&v.nextBound, "nextBound")
	v.speed.Draw(dst, th)
	ui.TextMid(dst, "SPEED", th.Face(fontBold, 10), v.speed.Rect.X, v.speed.Rect.Y-8*s, ui.ParchFaint, ui.Left)
	ui.TextMid(dst, "Go to", th.Small(), v.boundField.Rect.X-8*s, v.boundField.Rect.CY(), ui.ParchDim, ui.Right)
	v.boundField.Draw(dst, th)
	v.back.Draw(dst, th)
	if v.branch.Label != "" {
		v.branch.Draw(dst, th)
	}
	// Where we are, between the field and the buttons.
	x := v.boundField.Rect.Right() + 16*s
	w := v.back.Rect.X - 12*s - x
	if w > 60*s {
		where := fmt.Sprintf("Bound %d · %d/%d", v.boundAt(v.pos), v.pos, v.n)
		if v.boundAt(v.pos) == 0 {
			where = fmt.Sprintf("Deployment · %d/%d", v.pos, v.n)
		}
		ui.TextMid(dst, ui.Ellipsis(where, th.Strong(), w), th.Strong(), x, v.play.Rect.CY()-8*s, ui.Parchment, ui.Left)
		keys := "Space play · ←→ step · Shift bound"
		ui.TextMid(dst, ui.Ellipsis(keys, th.Face(fontRegular, 11), w), th.Face(fontRegular, 11), x, v.play.Rect.CY()+10*s, ui.ParchFaint, ui.Left)
	}
	// A ribbon over the table: this is a replay.
	label := "REPLAY"
	switch v.mode {
	case ViewTurn:
		label = "TURN FILE — REPLAY"
	case ViewLastBound:
		label = "THE LAST BOUND — REPLAY"
	}
	f := th.Face(fontBold, 13)
	rw := ui.Width(label, f) + 28*s
	r := ui.R(v.b.view.X+12*s, v.b.view.Y+12*s, rw, 26*s)
	ui.RoundRect(dst, r, 5*s, ui.Alpha(ui.Backdrop, 0.85), ui.Gold, 1.2*s)
	ui.TextMid(dst, label, f, r.CX(), r.CY(), ui.GoldBright, ui.Center)
}

// drawTimeline draws the game as a strip: one segment a bound, the part
// played, the position, and a drag's target.
func (v *Viewer) drawTimeline(a *App, dst *ebiten.Image) {
	th := a.Theme
	s := th.Scale
	r := v.timeline
	track := ui.R(r.X, r.Y+14*s, r.W, 8*s)
	ui.RoundRect(dst, track, 4*s, ui.Steel, ui.SteelEdge, 1*s)
	xOf := func(p float64) float64 {
		if v.n == 0 {
			return track.X
		}
		return track.X + track.W*p/float64(v.n)
	}
	played := xOf(float64(v.pos)) - track.X
	if played > 0 {
		ui.RoundRect(dst, ui.R(track.X, track.Y, played, track.H), 4*s, ui.GoldDeep, ui.Transparent, 0)
	}
	// Bound ticks, and every few bounds a number.
	last := v.boundAt(v.n)
	first := v.boundAt(0)
	nb := max(1, last-first+1)
	every := 1
	for float64(nb/every)*26*s > r.W {
		every++
	}
	small := th.Face(fontMedium, 10)
	for b := first + 1; b <= last; b++ {
		p := v.BoundPos(b)
		if p < 0 {
			continue
		}
		x := xOf(float64(p))
		ui.Line(dst, x, track.Y-2*s, x, track.Bottom()+2*s, 1*s, ui.ParchFaint)
		if b%every == 0 {
			ui.Text(dst, strconv.Itoa(b), small, x+2*s, r.Y-1*s, ui.ParchFaint, ui.Left)
		}
	}
	if v.from > 0 && v.mode != ViewReplay {
		x := xOf(float64(v.from))
		ui.Line(dst, x, track.Y-5*s, x, track.Bottom()+5*s, 2*s, ui.Info)
	}
	cv := render.NewCanvas(dst)
	x := xOf(float64(v.pos))
	cv.Circle(x, track.CY(), 8*s, ui.Backdrop)
	cv.Circle(x, track.CY(), 6.5*s, ui.GoldBright)
	if v.scrub >= 0 {
		sx := xOf(v.scrub)
		cv.Ring(sx, track.CY(), 8*s, 2*s, ui.Parchment)
	}
	cv.Flush()
	if v.scrub >= 0 {
		tip := fmt.Sprintf("bound %d · action %d", v.boundAt(int(v.scrub)), int(v.scrub))
		ui.Text(dst, tip, th.Face(fontBold, 12), xOf(v.scrub), track.Bottom()+4*s, ui.Parchment, ui.Center)
	}
}

// drawIcon draws a transport control's symbol centred in r.
func drawIcon(dst *ebiten.Image, r ui.Rect, kind string, clr color.Color, s float64) {
	cv := render.NewCanvas(dst)
	cx, cy := r.CX(), r.CY()
	h := 7 * s
	tri := func(x float64, dir float64) { // a triangle pointing dir (+1 right)
		cv.Convex(clr, x-dir*h*0.8, cy-h, x+dir*h*0.8, cy, x-dir*h*0.8, cy+h)
	}
	bar := func(x float64) { cv.Convex(clr, x-1.5*s, cy-h, x+1.5*s, cy-h, x+1.5*s, cy+h, x-1.5*s, cy+h) }
	switch kind {
	case "play":
		tri(cx+1*s, 1)
	case "pause":
		cv.Convex(clr, cx-6*s, cy-h, cx-2*s, cy-h, cx-2*s, cy+h, cx-6*s, cy+h)
		cv.Convex(clr, cx+2*s, cy-h, cx+6*s, cy-h, cx+6*s, cy+h, cx+2*s, cy+h)
	case "prev":
		bar(cx - 7*s)
		tri(cx+1*s, -1)
	case "next":
		tri(cx-1*s, 1)
		bar(cx + 7*s)
	case "prevBound":
		tri(cx-5*s, -1)
		tri(cx+6*s, -1)
	case "nextBound":
		tri(cx-6*s, 1)
		tri(cx+5*s, 1)
	}
	cv.Flush()
}
