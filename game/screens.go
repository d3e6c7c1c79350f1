package game

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
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
func NewHandover(a *App, m *Match, side int, _ *Battle) *Handover {
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
	h.begin = ui.Button{Label: "I am " + name + " — take command", Primary: true, Key: ebiten.KeySpace, KeyLabel: "Space"}
	h.summary = summarise(m)
	h.watch = ui.Button{Label: "Watch last bound", Key: ebiten.KeyW, KeyLabel: "W"}
	h.export = ui.Button{Label: "Export turn file", Key: ebiten.KeyE, KeyLabel: "E"}
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
		for _, e := range evs {
			var clr color.Color
			switch e.Kind {
			case engine.EvMoved:
				n := m.Sc.Commands[cmdOf(m, e.ID)].Name
				if moves[n] == 0 {
					order = append(order, n)
				}
				moves[n]++
				continue
			case engine.EvCombat:
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
	case h.begin.Update(f) || f.KeyPressed(ebiten.KeyEnter):
		a.Pop()
	case h.watch.Update(f):
		a.Push(NewViewer(a, h.m, ViewLastBound, h.lastFrom))
	case h.export.Update(f):
		a.Push(NewExportDialog(a, h.m))
	}
	return nil
}

func (h *Handover) layout(a *App) ui.Rect {
	s := a.Theme.Scale
	w, ht := math.Min(a.W-60*s, 860*s), math.Min(a.H-80*s, 640*s)
	p := ui.R(a.W/2-w/2, a.H/2-ht/2, w, ht)
	h.begin.Rect = ui.R(p.CX()-170*s, p.Bottom()-30*s-54*s, 340*s, 54*s)
	bw := (p.W - 60*s - 340*s - 24*s) / 2
	h.watch.Rect = ui.R(p.X+30*s, h.begin.Rect.Y+6*s, bw, 42*s)
	h.export.Rect = ui.R(h.begin.Rect.Right()+12*s, h.begin.Rect.Y+6*s, bw, 42*s)
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
	cv := render.NewCanvas(dst)
	render.Banner(cv, p.X+46*s, p.Y+110*s, 84*s, clr)
	cv.Flush()
	ui.Text(dst, fmt.Sprintf("BOUND %d", h.m.G.Bound()), th.Face(fontSmallCaps, 18), p.X+110*s, p.Y+30*s, ui.Gold, ui.Left)
	big := th.Face(fontSmallCaps, 34)
	y := p.Y + 56*s
	for _, l := range ui.Wrap(h.title, big, p.W-140*s) {
		ui.Text(dst, l, big, p.X+110*s, y, ui.GoldBright, ui.Left)
		y += ui.LineHeight(big)
	}
	ui.Text(dst, "The other player looks away: the table is hidden until you take command.", th.Face(fontItalic, 15), p.X+110*s, y+4*s, ui.ParchDim, ui.Left)
	y += 40 * s
	ui.Line(dst, p.X+30*s, y, p.Right()-30*s, y, 1*s, ui.Alpha(ui.Gold, 0.5))
	y += 12 * s
	ui.Text(dst, "What happened", th.Face(fontSmallCaps, 17), p.X+30*s, y, ui.Gold, ui.Left)
	y += 28 * s
	lg := ui.Log{Rect: ui.R(p.X+24*s, y, p.W-48*s, h.begin.Rect.Y-y-16*s)}
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

// Results shows who won and what it cost.
type Results struct {
	m                          *Match
	view, menu, replay, export ui.Button
}

// NewResults returns the results screen.
func NewResults(a *App, m *Match) *Results {
	r := &Results{m: m,
		view:   ui.Button{Label: "Look at the field", Key: ebiten.KeyEscape, KeyLabel: "Esc"},
		menu:   ui.Button{Label: "Main menu", Primary: true, Key: ebiten.KeyEnter, KeyLabel: "Enter"},
		replay: ui.Button{Label: "Watch the replay", Key: ebiten.KeyR, KeyLabel: "R"},
		export: ui.Button{Label: "Battle log (Markdown)", Small: true},
	}
	r.replay.Disabled, r.export.Disabled = m.H == nil, m.H == nil
	return r
}

func (r *Results) layout(a *App) ui.Rect {
	s := a.Theme.Scale
	w, h := math.Min(a.W-60*s, 900*s), math.Min(a.H-80*s, 660*s)
	p := ui.R(a.W/2-w/2, a.H/2-h/2, w, h)
	r.menu.Rect = ui.R(p.Right()-30*s-200*s, p.Bottom()-30*s-50*s, 200*s, 50*s)
	r.view.Rect = ui.R(r.menu.Rect.X-14*s-220*s, r.menu.Rect.Y, 220*s, 50*s)
	r.replay.Rect = ui.R(p.X+30*s, r.menu.Rect.Y, 220*s, 50*s)
	r.export.Rect = ui.R(r.replay.Rect.Right()+14*s, r.menu.Rect.Y+5*s, 200*s, 40*s)
	return p
}

// Update handles the buttons.
func (r *Results) Update(a *App, f *input.Frame) error {
	r.layout(a)
	switch {
	case r.view.Update(f):
		a.Pop()
	case r.menu.Update(f):
		a.Reset(NewTitle(a))
	case r.replay.Update(f):
		a.Push(NewViewer(a, r.m, ViewReplay, 0))
	case r.export.Update(f):
		exportLog(a, r.m)
	}
	return nil
}

// exportLog writes the battle log as Markdown and says where.
func exportLog(a *App, m *Match) {
	where, err := a.ExportLog(m)
	if err != nil {
		a.Toast("The battle log was not written: "+err.Error(), ui.Bad)
		return
	}
	a.Toast(fmt.Sprintf(exportWords.logDone, where), ui.Good)
}

// Draw draws the result table over the dimmed field.
func (r *Results) Draw(a *App, dst *ebiten.Image) {
	p := r.layout(a)
	th := a.Theme
	s := th.Scale
	m := r.m
	g := m.G
	theBackdrop.draw(dst)
	ui.Fill(dst, ui.R(0, 0, a.W, a.H), ui.Alpha(ui.Backdrop, 0.35))
	ui.Panel(dst, th, p)
	title := "The battle goes on"
	sub := ""
	if w := g.Winner(); w >= 0 {
		title = "Victory to " + m.SideName(w)
		sub = fmt.Sprintf("%s, commanded by %s, after %d bound%s", m.SideName(w), m.Names[w], g.Bound(), plural(g.Bound()))
	} else {
		sub = fmt.Sprintf("%d bound%s played so far", g.Bound(), plural(g.Bound()))
	}
	ui.Text(dst, title, th.Face(fontSmallCaps, 40), p.CX(), p.Y+30*s, ui.GoldBright, ui.Center)
	ui.Text(dst, sub, th.Face(fontItalic, 17), p.CX(), p.Y+86*s, ui.ParchDim, ui.Center)
	y := p.Y + 130*s
	cols := []float64{p.X + 40*s, p.X + p.W*0.44, p.X + p.W*0.56, p.X + p.W*0.7, p.X + p.W*0.84}
	hf := th.Face(fontBold, 13)
	for i, hd := range []string{"Command", "AP lost", "Break point", "Elements lost", "State"} {
		ui.Text(dst, strings.ToUpper(hd), hf, cols[i], y, ui.Gold, ui.Left)
	}
	y += 26 * s
	cmds := g.Commands()
	lost := map[int]int{}
	total := map[int]int{}
	for _, e := range g.Elements() {
		total[e.Cmd]++
		if e.Lost {
			lost[e.Cmd]++
		}
	}
	body := th.Face(fontRegular, 15)
	for si := 0; si < 2; si++ {
		ui.Text(dst, m.SideName(si)+" — "+m.Names[si], th.Face(fontSmallCaps, 18), cols[0], y, ui.Parchment, ui.Left)
		y += 28 * s
		for ci, c := range m.Sc.Commands {
			if c.Side != m.Sc.Sides[si].ID {
				continue
			}
			clr := render.RGB(0x88, 0x88, 0x88)
			if v, ok := render.ParseHex(c.Colour); ok {
				clr = v
			}
			ui.RoundRect(dst, ui.R(cols[0], y+3*s, 12*s, 12*s), 2*s, clr, ui.ParchDim, 1*s)
			ui.Text(dst, c.Name, body, cols[0]+20*s, y, ui.Parchment, ui.Left)
			ui.Text(dst, fmt.Sprint(g.LostAP(ci)), body, cols[1], y, ui.Parchment, ui.Left)
			bp := "—"
			if c.BreakPoint > 0 {
				bp = fmt.Sprint(c.BreakPoint)
			}
			ui.Text(dst, bp, body, cols[2], y, ui.Parchment, ui.Left)
			ui.Text(dst, fmt.Sprintf("%d of %d", lost[ci], total[ci]), body, cols[3], y, ui.Parchment, ui.Left)
			state, sc := "fighting", color.Color(ui.Good)
			if cmds[ci].Broken {
				state, sc = "broken", ui.Bad
			} else if !cmds[ci].Active {
				state, sc = "held back", ui.Info
			}
			ui.Text(dst, state, body, cols[4], y, sc, ui.Left)
			y += ui.LineHeight(body) + 4*s
		}
		y += 14 * s
	}
	r.view.Draw(dst, th)
	r.menu.Draw(dst, th)
	r.replay.Draw(dst, th)
	r.export.Draw(dst, th)
}

// Confirm asks a yes-or-no question over the screen beneath.
type Confirm struct {
	msg     string
	yes, no ui.Button
	onYes   func()
}

// NewConfirm returns a confirmation dialog.
func NewConfirm(a *App, msg, yes string, onYes func()) *Confirm {
	return &Confirm{msg: msg, onYes: onYes,
		yes: ui.Button{Label: yes, Primary: true, Key: ebiten.KeyEnter, KeyLabel: "Enter"},
		no:  ui.Button{Label: "Not yet", Key: ebiten.KeyEscape, KeyLabel: "Esc"},
	}
}

// Overlay: the battle stays visible beneath.
func (c *Confirm) Overlay() bool { return true }

func (c *Confirm) layout(a *App) ui.Rect {
	s := a.Theme.Scale
	p := ui.R(a.W/2-250*s, a.H/2-110*s, 500*s, 220*s)
	c.yes.Rect = ui.R(p.Right()-24*s-190*s, p.Bottom()-24*s-46*s, 190*s, 46*s)
	c.no.Rect = ui.R(c.yes.Rect.X-12*s-150*s, c.yes.Rect.Y, 150*s, 46*s)
	return p
}

// Update handles the answer.
func (c *Confirm) Update(a *App, f *input.Frame) error {
	c.layout(a)
	if c.yes.Update(f) {
		a.Pop()
		c.onYes()
		return nil
	}
	if c.no.Update(f) {
		a.Pop()
	}
	return nil
}

// Draw draws the dialog.
func (c *Confirm) Draw(a *App, dst *ebiten.Image) {
	p := c.layout(a)
	th := a.Theme
	s := th.Scale
	ui.Fill(dst, ui.R(0, 0, a.W, a.H), ui.Alpha(color.Black, 0.45))
	ui.Panel(dst, th, p)
	ui.Text(dst, "Are you sure?", th.Face(fontSmallCaps, 22), p.X+24*s, p.Y+20*s, ui.GoldBright, ui.Left)
	y := p.Y + 60*s
	for _, l := range ui.Wrap(c.msg, th.Body(), p.W-48*s) {
		ui.Text(dst, l, th.Body(), p.X+24*s, y, ui.Parchment, ui.Left)
		y += ui.LineHeight(th.Body())
	}
	c.no.Draw(dst, th)
	c.yes.Draw(dst, th)
}

// Pause is the in-battle menu.
type Pause struct {
	b                                       *Battle
	resume, save, load, export, log, replay ui.Button
	settings, leave                         ui.Button
}

// NewPause returns the in-battle menu.
func NewPause(a *App, b *Battle) *Pause {
	return &Pause{b: b,
		resume:   ui.Button{Label: "Back to the battle", Primary: true, Key: ebiten.KeyEscape, KeyLabel: "Esc"},
		save:     ui.Button{Label: "Save the battle…", KeyLabel: "Ctrl+S"},
		load:     ui.Button{Label: "Load a battle…"},
		export:   ui.Button{Label: "Export a turn file…"},
		log:      ui.Button{Label: "Battle log as Markdown"},
		replay:   ui.Button{Label: "Watch the replay"},
		settings: ui.Button{Label: "Settings"},
		leave:    ui.Button{Label: "Leave to the main menu", Danger: true},
	}
}

// Overlay: the battle stays visible beneath.
func (p *Pause) Overlay() bool { return true }

func (p *Pause) buttons() []*ui.Button {
	return []*ui.Button{&p.resume, &p.save, &p.load, &p.export, &p.log, &p.replay, &p.settings, &p.leave}
}

func (p *Pause) layout(a *App) ui.Rect {
	s := a.Theme.Scale
	bs := p.buttons()
	h, gap := 44*s, 10*s
	hs := make([]float64, len(bs))
	for i := range hs {
		hs[i] = h
	}
	total := float64(len(bs))*h + float64(len(bs)-1)*gap
	r := ui.R(a.W/2-210*s, a.H/2-(total+110*s)/2, 420*s, total+110*s)
	rows := ui.R(r.X+30*s, r.Y+76*s, r.W-60*s, total).Stack(gap, hs...)
	for i, b := range bs {
		b.Rect = rows[i]
	}
	return r
}

// Update handles the menu.
func (p *Pause) Update(a *App, f *input.Frame) error {
	p.layout(a)
	m := p.b.M
	// A turn file is sent when a bound has ended, before the next one is
	// touched (or when the battle is over).
	p.export.Disabled = m.H == nil || (m.G.Winner() < 0 && m.BoundStart(m.G.Bound()) != len(m.Actions))
	if f.Ctrl() && f.KeyPressed(ebiten.KeyS) {
		a.Replace(NewSaveDialog(a, m))
		return nil
	}
	switch {
	case p.resume.Update(f):
		a.Pop()
	case p.save.Update(f):
		a.Replace(NewSaveDialog(a, m))
	case p.load.Update(f):
		a.Pop()
		a.Push(NewLoadScreen(a))
	case p.export.Update(f):
		a.Replace(NewExportDialog(a, m))
	case p.log.Update(f):
		a.Pop()
		exportLog(a, m)
	case p.replay.Update(f):
		a.Pop()
		v := NewViewer(a, m, ViewReplay, 0)
		v.live = true
		a.Push(v)
	case p.settings.Update(f):
		a.Push(NewSettingsScene(a))
	case p.leave.Update(f):
		a.Reset(NewTitle(a))
		// Every action is already kept (App.track): say so, or that it
		// could not be.
		switch {
		case m.H == nil:
		case m.keepErr != nil:
			a.Toast("The battle could not be kept ("+m.keepErr.Error()+"): Continue resumes its last autosave", ui.Bad)
		default:
			a.Toast("The battle is kept as it stands: Continue resumes it", ui.Info)
		}
	}
	return nil
}

// Draw draws the menu.
func (p *Pause) Draw(a *App, dst *ebiten.Image) {
	r := p.layout(a)
	th := a.Theme
	ui.Fill(dst, ui.R(0, 0, a.W, a.H), ui.Alpha(color.Black, 0.45))
	ui.Panel(dst, th, r)
	ui.Text(dst, "Paused", th.Face(fontSmallCaps, 26), r.CX(), r.Y+24*th.Scale, ui.GoldBright, ui.Center)
	for _, b := range p.buttons() {
		b.Draw(dst, th)
	}
}
