package game

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/render"
	"pelennor/game/ui"
)

// Handover hides the table between bounds in hotseat play, until the
// next player is at the screen.
type Handover struct {
	m       *Match
	side    int
	title   string
	summary []ui.LogEntry
	begin   ui.Button
	// watch replays the last bound; export writes a turn file (play by
	// e-mail).
	watch, export ui.Button
	lastFrom      int // where the last bound began, in actions; -1 if none
}

// NewHandover returns the hand-over screen for side (-1: whoever acts).
func NewHandover(a *App, m *Match, side int) *Handover {
	bound, acting := m.G.ToAct()
	if side < 0 {
		side = acting
	}
	h := &Handover{m: m, side: side}
	name := m.Names[side]
	switch {
	case m.G.Phase() == engine.PhaseDeploy:
		h.title = fmt.Sprintf("%s deploy: pass to %s", m.SideName(side), name)
	case acting != bound:
		h.title = fmt.Sprintf("%s return shooting: pass to %s", m.SideName(side), name)
	default:
		h.title = fmt.Sprintf("%s' bound: pass to %s", m.SideName(side), name)
		if !strings.HasSuffix(m.SideName(side), "s") {
			h.title = fmt.Sprintf("%s's bound: pass to %s", m.SideName(side), name)
		}
	}
	h.begin = ui.Button{Label: "I am " + name + " — take command", Short: "Take command", Primary: true, Key: ebiten.KeySpace, KeyLabel: "Space"}
	h.summary = summarise(m)
	h.watch = ui.Button{Label: "Watch last bound", Short: "Last bound", Key: ebiten.KeyW, KeyLabel: "W"}
	h.export = ui.Button{Label: "Export turn file", Short: "Export", Key: ebiten.KeyE, KeyLabel: "E"}
	h.lastFrom = -1
	if m.H != nil && m.G.Bound() > 1 {
		h.lastFrom = m.BoundStart(m.G.Bound() - 1)
	}
	h.watch.Disabled = h.lastFrom < 0
	h.export.Disabled = m.H == nil
	return h
}

// summarise picks what the arriving player should know: the last bound's
// combats, losses and events, and this bound's dice so far.
func summarise(m *Match) []ui.LogEntry {
	var out []ui.LogEntry
	b := m.G.Bound()
	moves := map[string]int{}
	var order []string
	add := func(evs []engine.Event, heading string) {
		if len(evs) == 0 {
			return
		}
		out = append(out, ui.LogEntry{Text: heading, Colour: ui.GoldBright})
		// A command arriving is one line, not one per element: the line
		// of its first element, reworded as more follow.
		type arrival struct {
			cmd  int
			code engine.Code
		}
		arrived := map[arrival][2]int{} // line in out, elements
		for _, e := range evs {
			var clr color.Color
			if e.Kind == engine.EvArrived {
				k := arrival{cmdOf(m, e.ID), e.Code}
				if at, ok := arrived[k]; ok {
					at[1]++
					arrived[k] = at
					out[at[0]].Text = fmt.Sprintf("%s arrives: %d elements", m.Sc.Commands[k.cmd].Name, at[1])
					continue
				}
				arrived[k] = [2]int{len(out), 1}
			}
			switch e.Kind {
			case engine.EvMoved:
				n := m.Sc.Commands[cmdOf(m, e.ID)].Name
				if moves[n] == 0 {
					order = append(order, n)
				}
				moves[n]++
				continue
			case engine.EvCombat:
				if e.Code == engine.CodeDuelBlow {
					continue // the duel's own line says how it went
				}
				clr = color.RGBA{0xff, 0xb0, 0x6a, 0xff}
			case engine.EvDestroyed, engine.EvBroken, engine.EvSorcery, engine.EvFled:
				clr = ui.Bad
			case engine.EvScenario, engine.EvArrived, engine.EvGameOver:
				clr = ui.Info
			case engine.EvPIPs, engine.EvRecoiled:
				clr = ui.Parchment
			default:
				continue
			}
			out = append(out, ui.LogEntry{Text: e.Describe(), Colour: clr, Indent: true})
		}
		for _, n := range order {
			out = append(out, ui.LogEntry{Text: fmt.Sprintf("%s made %d move%s", n, moves[n], plural(moves[n])), Colour: ui.ParchDim, Indent: true})
		}
		moves, order = map[string]int{}, nil
	}
	if m.G.Rulings().HeroicDuel {
		// The ruling comes from the save: whoever takes command knows.
		out = append(out, ui.LogEntry{Text: duelsInPlay, Colour: ui.Info})
	}
	if b > 1 {
		add(m.BoundEvents(b-1), fmt.Sprintf("Bound %d", b-1))
	}
	add(m.BoundEvents(b), fmt.Sprintf("Bound %d so far", b))
	return out
}

func cmdOf(m *Match, id int) int {
	e, _ := m.G.Element(id)
	return e.Cmd
}

// Update waits for the player.
func (h *Handover) Update(a *App, f *input.Frame) error {
	h.layout(a)
	switch {
	case h.begin.Update(f) || commanded(f, control.CmdConfirm, anyScene):
		a.ClearToasts()
		a.Pop()
	case h.watch.Update(f):
		a.Push(NewViewer(a, h.m, ViewLastBound, h.lastFrom))
	case h.export.Update(f):
		a.Push(NewExportDialog(a, h.m))
	}
	return nil
}

// layout places the card and its buttons: the three in a row when the
// card is wide enough, else the main one across the card's foot and the
// other two side by side over it.
func (h *Handover) layout(a *App) ui.Rect {
	th := a.Theme
	s := th.Scale
	margin := 30 * s
	if a.W < 600*s {
		margin = 8 * s
	}
	w, ht := math.Min(a.W-2*margin, 860*s), math.Min(a.H-80*s, 640*s)
	p := ui.R(a.W/2-w/2, a.H/2-ht/2, w, ht)
	pad := math.Min(30*s, margin+8*s)
	bh := math.Max(54*s, ui.LineHeight(th.Face(fontBold, 16))+22*s)
	sh := math.Max(math.Max(42*s, th.TargetPx()), ui.LineHeight(th.Face(fontBold, 16))+14*s)
	mw := math.Min(p.W-2*pad, math.Max(340*s, h.begin.Need(th)))
	side := math.Max(h.watch.Need(th), h.export.Need(th))
	if bw := (p.W - 2*pad - mw - 24*s) / 2; bw >= side {
		h.begin.Rect = ui.R(p.CX()-mw/2, p.Bottom()-pad-bh, mw, bh)
		h.watch.Rect = ui.R(p.X+pad, h.begin.Rect.Y+(bh-sh)/2, bw, sh)
		h.export.Rect = ui.R(h.begin.Rect.Right()+12*s, h.begin.Rect.Y+(bh-sh)/2, bw, sh)
		return p
	}
	h.begin.Rect = ui.R(p.X+pad, p.Bottom()-pad-bh, p.W-2*pad, bh)
	cols := ui.R(p.X+pad, h.begin.Rect.Y-10*s-sh, p.W-2*pad, sh).Cols(2, 10*s)
	h.watch.Rect, h.export.Rect = cols[0], cols[1]
	return p
}

// Draw hides the table behind the hand-over card.
func (h *Handover) Draw(a *App, dst *ebiten.Image) {
	p := h.layout(a)
	th := a.Theme
	s := th.Scale
	theBackdrop.draw(dst)
	ui.Fill(dst, ui.R(0, 0, a.W, a.H), ui.Alpha(ui.Backdrop, 0.45))
	ui.Panel(dst, th, p)
	// A banner in the side's first command colour.
	clr := render.RGB(0x88, 0x88, 0x88)
	for _, c := range h.m.Sc.Commands {
		if c.Side == h.m.Sc.Sides[h.side].ID {
			if v, ok := render.ParseHex(c.Colour); ok {
				clr = v
			}
			break
		}
	}
	pad := h.watch.Rect.X - p.X
	// The banner beside the heading; a narrow card has the heading
	// beside a smaller one.
	tx, bannerH, size := p.X+110*s, 84*s, 34.0
	if p.W < 600*s {
		bannerH, size = 56*s, 26
		tx = p.X + pad + 16*s + bannerH + 4*s // clear of the banner's flag
	}
	cv := render.NewCanvas(dst)
	render.Banner(cv, p.X+pad+16*s, p.Y+30*s+bannerH, bannerH, clr)
	cv.Flush()
	hf := th.Face(fontSmallCaps, 18)
	ui.Text(dst, fmt.Sprintf("BOUND %d", h.m.G.Bound())+h.m.clockHead(), hf, tx, p.Y+30*s, ui.Gold, ui.Left)
	big := th.Face(fontSmallCaps, size)
	y := p.Y + 32*s + ui.LineHeight(hf)
	tw := p.Right() - pad - tx
	for _, l := range ui.Wrap(h.title, big, tw) {
		ui.Text(dst, l, big, tx, y, ui.GoldBright, ui.Left)
		y += ui.LineHeight(big)
	}
	y += 4 * s
	it := th.Face(fontItalic, 15)
	for _, l := range ui.Wrap("The other player looks away: the table is hidden until you take command.", it, tw) {
		ui.Text(dst, l, it, tx, y, ui.ParchDim, ui.Left)
		y += ui.LineHeight(it)
	}
	y += 14 * s
	ui.Line(dst, p.X+pad, y, p.Right()-pad, y, 1*s, ui.Alpha(ui.Gold, 0.5))
	y += 12 * s
	wf := th.Face(fontSmallCaps, 17)
	ui.Text(dst, "What happened", wf, p.X+pad, y, ui.Gold, ui.Left)
	y += ui.LineHeight(wf) + 8*s
	lg := ui.Log{Rect: ui.R(p.X+pad-6*s, y, p.W-2*pad+12*s, h.watch.Rect.Y-y-16*s)}
	for _, e := range h.summary {
		lg.Add(e)
	}
	if len(h.summary) == 0 {
		lg.Add(ui.LogEntry{Text: "The battle is about to begin.", Colour: ui.ParchDim})
	}
	lg.Draw(dst, th)
	h.begin.Draw(dst, th)
	h.watch.Draw(dst, th)
	h.export.Draw(dst, th)
}
