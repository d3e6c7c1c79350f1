package game

import (
	"fmt"
	"image/color"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/game/control"
	"pelennor/game/render"
	"pelennor/game/ui"
)

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
	out = append(out, ui.LogEntry{Text: fmt.Sprintf("%s phase · after action %d of %d", control.Capitalise(g.Phase().String()), v.pos, v.n), Colour: ui.ParchDim, Indent: true})
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
