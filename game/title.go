package game

import (
	"fmt"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/assets"
	"pelennor/engine"
	"pelennor/engine/dice"
	"pelennor/game/input"
	"pelennor/game/render"
	"pelennor/game/saves"
	"pelennor/game/store"
	"pelennor/game/ui"
)

const (
	fontRegular   = assets.Regular
	fontBold      = assets.Bold
	fontMedium    = assets.Medium
	fontItalic    = assets.Italic
	fontSmallCaps = assets.SmallCaps
)

// Title is the main menu.
type Title struct {
	cont, newGame, load, settings, quit ui.Button
	newest                              string // what Continue resumes, in words
}

// NewTitle returns the title screen.
func NewTitle(a *App) *Title {
	t := &Title{
		cont:     ui.Button{Label: "Continue", Primary: true, Key: ebiten.KeyC, KeyLabel: "C"},
		newGame:  ui.Button{Label: "New Hotseat Battle", Primary: true, Key: ebiten.KeyN, KeyLabel: "N"},
		load:     ui.Button{Label: "Load a Battle", Key: ebiten.KeyL, KeyLabel: "L"},
		settings: ui.Button{Label: "Settings", Key: ebiten.KeyS, KeyLabel: "S"},
		quit:     ui.Button{Label: "Quit", Danger: true, Key: ebiten.KeyQ, KeyLabel: "Q"},
	}
	if a.Lib != nil {
		// What Continue resumes: the battle in play (its journal), or the
		// newest autosave.
		g, auto := a.continuation()
		var in saves.Info
		switch {
		case g != nil:
			gm := g.H.Game()
			side, _ := gm.ToAct() // whose bound it is
			in = saves.Info{Scenario: g.Sc.Name, Bound: gm.Bound(), ToMove: g.Sc.Sides[side].Name}
			if in.Scenario == "" {
				in.Scenario = g.Sc.ID
			}
			if w := gm.Winner(); w >= 0 {
				in.Winner = g.Sc.Sides[w].Name
			}
		case auto != "":
			in = a.Lib.Check(a.Lib.Info(saves.AreaAuto, store.Entry{Name: auto}))
		}
		switch {
		case g == nil && auto == "":
		case in.Err != nil:
			t.newest = "the last autosave"
		case in.Winner != "":
			t.newest = fmt.Sprintf("%s\nwon by %s in bound %d", in.Scenario, in.Winner, in.Bound)
		case in.Bound == 0:
			t.newest = in.Scenario + "\ndeployment"
		default:
			t.newest = fmt.Sprintf("%s\nbound %d, %s to move", in.Scenario, in.Bound, in.ToMove)
		}
	}
	t.cont.Disabled = t.newest == ""
	if t.cont.Disabled {
		t.newGame.Primary = true
		t.cont.Primary = false
	} else {
		t.newGame.Primary = false
	}
	return t
}

func (t *Title) layout(a *App) {
	s := a.Theme.Scale
	w, h, gap := 340*s, 50*s, 12*s
	x := a.W/2 - w/2
	y := a.H*0.47 + 10*s
	if inBrowser {
		// Nothing to quit to in a browser tab: no Quit button.
		rows := ui.R(x, y, w, 4*h+3*gap).Stack(gap, h, h, h, h)
		t.cont.Rect, t.newGame.Rect, t.load.Rect, t.settings.Rect, t.quit.Rect = rows[0], rows[1], rows[2], rows[3], ui.Rect{}
		return
	}
	rows := ui.R(x, y, w, 5*h+4*gap).Stack(gap, h, h, h, h, h)
	t.cont.Rect, t.newGame.Rect, t.load.Rect, t.settings.Rect, t.quit.Rect = rows[0], rows[1], rows[2], rows[3], rows[4]
}

// Update handles the menu.
func (t *Title) Update(a *App, f *input.Frame) error {
	t.layout(a)
	switch {
	case t.cont.Update(f):
		a.ContinueNewest()
	case t.newGame.Update(f):
		a.Push(NewSetup(a))
	case t.load.Update(f):
		a.Push(NewLoadScreen(a))
	case t.settings.Update(f):
		a.Push(NewSettingsScene(a))
	case !inBrowser && (t.quit.Update(f) || f.KeyPressed(ebiten.KeyEscape)):
		return ErrQuit // in a browser Esc here does nothing: ending would leave a dead page
	}
	return nil
}

// Draw draws the title screen.
func (t *Title) Draw(a *App, dst *ebiten.Image) {
	t.layout(a)
	theBackdrop.draw(dst)
	s := a.Theme.Scale
	drawTitle(dst, a.Theme, a.W/2, a.H*0.16)
	top := t.cont.Rect.Y - 24*s
	small := a.Theme.Small()
	var lines []string
	if t.newest != "" {
		lines = strings.Split(t.newest, "\n")
	}
	top -= float64(len(lines)) * ui.LineHeight(small)
	if len(lines) > 0 {
		top -= 8 * s
	}
	shown := []*ui.Button{&t.cont, &t.newGame, &t.load, &t.settings, &t.quit}
	if inBrowser {
		shown = shown[:4]
	}
	ui.Panel(dst, a.Theme, ui.R(t.cont.Rect.X-26*s, top, t.cont.Rect.W+52*s, shown[len(shown)-1].Rect.Bottom()-top+24*s))
	for _, b := range shown {
		b.Draw(dst, a.Theme)
	}
	for i, l := range lines {
		ui.Text(dst, ui.Ellipsis(l, small, t.cont.Rect.W+30*s), small, a.W/2, top+14*s+float64(i)*ui.LineHeight(small), ui.ParchDim, ui.Center)
	}
	foot := a.Theme.Small()
	ui.Text(dst, "Two generals, one table: pass the mouse at each bound.   F11 full screen · Ctrl+M sound", foot, a.W/2, a.H-34*s, ui.ParchFaint, ui.Center)
}

// Setup chooses the scenario, the players and their sides.
type Setup struct {
	names    []string
	infos    []string
	list     ui.List
	p1, p2   ui.TextField
	side     ui.Choice
	deploy   ui.Checkbox
	mail     ui.Checkbox // play by e-mail: the first player is at this computer
	start    ui.Button
	back     ui.Button
	sc       *engine.Scenario
	err      string
	lastPick int

	field     *render.Terrain
	fieldFor  *engine.Scenario
	fieldGame *engine.Game
}

// NewSetup returns the new-battle screen.
func NewSetup(a *App) *Setup {
	st := &Setup{
		p1:     ui.TextField{Text: a.Opts.Names[0], Placeholder: "First player", MaxLen: 24},
		p2:     ui.TextField{Text: a.Opts.Names[1], Placeholder: "Second player", MaxLen: 24},
		deploy: ui.Checkbox{Label: "Deployment step: rearrange within your zones before the first bound"},
		mail:   ui.Checkbox{Label: "Play by e-mail: you are the first player; the second gets an invitation file"},
		start:  ui.Button{Label: "To Battle", Primary: true, Key: ebiten.KeyEnter, KeyLabel: "Enter"},
		back:   ui.Button{Label: "Back", Key: ebiten.KeyEscape, KeyLabel: "Esc"},
	}
	if a.Opts.Catalog.Names != nil {
		st.names = a.Opts.Catalog.Names()
	}
	for i, n := range st.names {
		sc, err := LoadScenario(a.Opts.Catalog, n)
		info := n
		if err == nil {
			info = sc.Name
		}
		st.list.Items = append(st.list.Items, info)
		if err == nil {
			st.list.Detail = append(st.list.Detail, fmt.Sprintf("%d\" × %d\"  ·  %d elements  ·  %s", sc.Table.Width/100, sc.Table.Height/100, len(sc.Elements), sc.Sides[0].Name+" v "+sc.Sides[1].Name))
		} else {
			st.list.Detail = append(st.list.Detail, "cannot be read: "+err.Error())
		}
		if n == a.Opts.Scenario {
			st.list.Selected = i
		}
	}
	st.lastPick = -1
	return st
}

func (st *Setup) pick(a *App) {
	if st.list.Selected == st.lastPick || st.list.Selected >= len(st.names) {
		return
	}
	st.lastPick = st.list.Selected
	sc, err := LoadScenario(a.Opts.Catalog, st.names[st.list.Selected])
	st.sc, st.err = sc, ""
	if err != nil {
		st.err = err.Error()
		return
	}
	st.side.Options = []string{sc.Sides[0].Name, sc.Sides[1].Name}
}

func (st *Setup) layout(a *App) (panel, left, right ui.Rect) {
	s := a.Theme.Scale
	pw, ph := minf(a.W-80*s, 1220*s), minf(a.H-190*s, 660*s)
	panel = ui.R(a.W/2-pw/2, math.Max(170*s, a.H*0.21), pw, ph)
	inner := panel.Inset(28 * s)
	_, inner = inner.CutTop(44*s, 0)
	left, right = inner.CutLeft(inner.W*0.5, 30*s)
	n := math.Max(2, float64(len(st.list.Items)))
	st.list.RowH = 58 * s
	st.list.Rect = ui.R(left.X, left.Y+26*s, left.W, math.Min(n*st.list.RowH+8*s, left.H*0.32))
	y := right.Y + 26*s
	st.p1.Rect = ui.R(right.X, y, right.W, 40*s)
	y += 40*s + 10*s
	st.side.Rect = ui.R(right.X, y, right.W, 38*s)
	y += 38*s + 40*s
	st.p2.Rect = ui.R(right.X, y, right.W*0.5, 40*s)
	y += 40*s + 26*s
	st.deploy.Rect = ui.R(right.X, y, right.W, 30*s)
	y += 30*s + 8*s
	st.mail.Rect = ui.R(right.X, y, right.W, 30*s)
	bw := 200 * s
	st.start.Rect = ui.R(panel.Right()-28*s-bw, panel.Bottom()-28*s-50*s, bw, 50*s)
	st.back.Rect = ui.R(st.start.Rect.X-16*s-150*s, st.start.Rect.Y, 150*s, 50*s)
	return
}

// Update handles the form.
func (st *Setup) Update(a *App, f *input.Frame) error {
	st.layout(a)
	st.pick(a)
	typing := st.p1.Focused || st.p2.Focused
	st.p1.Update(f)
	st.p2.Update(f)
	st.list.Update(f)
	st.pick(a)
	st.side.Update(f)
	st.deploy.Update(f)
	st.mail.Update(f)
	if typing {
		// Enter and Escape finish typing first.
		st.start.Key, st.back.Key = 0, 0
	} else {
		st.start.Key, st.back.Key = ebiten.KeyEnter, ebiten.KeyEscape
	}
	if st.back.Update(f) {
		a.Pop()
		return nil
	}
	st.start.Disabled = st.sc == nil
	if st.start.Update(f) && st.sc != nil {
		names := [2]string{strings.TrimSpace(st.p1.Text), strings.TrimSpace(st.p2.Text)}
		if names[0] == "" {
			names[0] = "Player 1"
		}
		if names[1] == "" {
			names[1] = "Player 2"
		}
		if st.side.Selected == 1 {
			names[0], names[1] = names[1], names[0]
		}
		a.Opts.Names = [2]string{strings.TrimSpace(st.p1.Text), strings.TrimSpace(st.p2.Text)}
		if st.mail.Checked {
			st.startMail(a, names)
			return nil
		}
		seed := a.Opts.Seed
		if seed == 0 {
			seed = ClockSeed()
		}
		m, err := NewMatch(st.sc, seed, names, st.deploy.Checked)
		if err != nil {
			a.Toast("Cannot start: "+err.Error(), ui.Bad)
			return nil
		}
		a.Reset(NewBattle(a, m))
		a.Push(NewHandover(a, m, -1, nil))
	}
	return nil
}

// startMail starts a play-by-e-mail match created here, with the first
// player's side, and offers the invitation to send.
func (st *Setup) startMail(a *App, names [2]string) {
	m, err := a.NewMailMatch(st.sc, st.side.Selected, names, st.deploy.Checked)
	if err != nil {
		a.Toast("Cannot start: "+err.Error(), ui.Bad)
		return
	}
	a.Reset(NewBattle(a, m))
	a.mailTurn(m)
	a.Push(NewExportDialog(a, m))
}

// Draw draws the form.
func (st *Setup) Draw(a *App, dst *ebiten.Image) {
	panel, left, right := st.layout(a)
	th := a.Theme
	s := th.Scale
	theBackdrop.draw(dst)
	drawTitle(dst, th, a.W/2, math.Max(8*s, panel.Y-170*s))
	ui.Panel(dst, th, panel)
	h := th.Face(fontSmallCaps, 24)
	ui.Text(dst, "A new battle", h, panel.X+28*s, panel.Y+22*s, ui.GoldBright, ui.Left)
	label := th.Face(fontBold, 13)
	ui.Text(dst, "SCENARIO", label, left.X, left.Y, ui.Gold, ui.Left)
	st.list.Draw(dst, th)
	y := st.list.Rect.Bottom() + 10*s
	if st.sc != nil && st.sc.Description != "" {
		f := th.Face(fontItalic, 14)
		for i, l := range ui.Wrap(st.sc.Description, f, left.W) {
			if i >= 5 {
				break
			}
			ui.Text(dst, l, f, left.X, y, ui.ParchDim, ui.Left)
			y += ui.LineHeight(f)
		}
	}
	if st.err != "" {
		ui.Text(dst, st.err, th.Small(), left.X, y, ui.Bad, ui.Left)
	}
	if st.sc != nil {
		y += 12 * s
		ui.Text(dst, "THE FIELD", label, left.X, y, ui.Gold, ui.Left)
		y += 22 * s
		st.drawField(a, dst, ui.R(left.X, y, left.W, left.Bottom()-y))
	}
	ui.Text(dst, "FIRST PLAYER", label, right.X, right.Y, ui.Gold, ui.Left)
	st.p1.Draw(dst, th)
	st.side.Draw(dst, th)
	ui.Text(dst, "SECOND PLAYER", label, right.X, st.p2.Rect.Y-22*s, ui.Gold, ui.Left)
	st.p2.Draw(dst, th)
	if len(st.side.Options) == 2 {
		ui.TextMid(dst, "commands "+st.side.Options[1-st.side.Selected], th.Face(fontItalic, 15), st.p2.Rect.Right()+14*s, st.p2.Rect.CY(), ui.ParchDim, ui.Left)
	}
	st.deploy.Draw(dst, th)
	st.mail.Draw(dst, th)
	if st.sc != nil {
		y := st.mail.Rect.Bottom() + 24*s
		ui.Text(dst, "THE FORCES", label, right.X, y, ui.Gold, ui.Left)
		y += 22 * s
		for si, side := range st.sc.Sides {
			line := side.Name
			if si == 0 {
				line += " — first bound"
			}
			ui.Text(dst, line, th.Strong(), right.X, y, ui.Parchment, ui.Left)
			y += ui.LineHeight(th.Strong()) + 2*s
			for _, c := range st.sc.Commands {
				if c.Side != side.ID {
					continue
				}
				clr, _ := render.ParseHex(c.Colour)
				ui.RoundRect(dst, ui.R(right.X+12*s, y+3*s, 10*s, 10*s), 2*s, clr, ui.ParchDim, 1*s)
				txt := c.Name
				if c.BreakPoint > 0 {
					txt += fmt.Sprintf("  ·  breaks at %d AP lost", c.BreakPoint)
				}
				ui.Text(dst, txt, th.Small(), right.X+30*s, y, ui.ParchDim, ui.Left)
				y += ui.LineHeight(th.Small()) + 1*s
			}
			y += 10 * s
		}
	}
	st.back.Draw(dst, th)
	st.start.Draw(dst, th)
}

// drawField draws a small map of the chosen scenario's table with its
// elements where they start.
func (st *Setup) drawField(a *App, dst *ebiten.Image, r ui.Rect) {
	if r.W <= 0 || r.H <= 20 {
		return
	}
	if st.field == nil || st.fieldFor != st.sc {
		st.field = render.NewTerrain(st.sc, a.Theme.Scale)
		st.field.Plain = true
		st.fieldFor = st.sc
		st.fieldGame = nil
		if g, _, err := engine.NewGame(st.sc, dice.NewPCG(1), engine.Options{}); err == nil {
			st.fieldGame = g
		}
	}
	cam := &render.Camera{TableW: float64(st.sc.Table.Width), TableH: float64(st.sc.Table.Height)}
	z := math.Min(r.W/cam.TableW, r.H/cam.TableH)
	w, h := cam.TableW*z, cam.TableH*z
	cam.SetViewport(math.Round(r.X), math.Round(r.Y), math.Round(w), math.Round(h))
	cam.Zoom, cam.X, cam.Y = z, 0, 0
	st.field.Draw(dst, cam)
	if st.fieldGame == nil {
		return
	}
	cv := render.NewCanvas(dst)
	for _, e := range st.fieldGame.Elements() {
		if !e.OnTable() {
			continue
		}
		clr, _ := render.ParseHex(st.sc.Commands[e.Cmd].Colour)
		render.DrawElement(cv, cam, render.PoseOf(e.Base), render.Look{Type: e.Type, Colour: clr, Upright: true}, a.Theme.Scale)
	}
	cv.Flush()
}

// SettingsScene sets the volume, mute and units.
type SettingsScene struct {
	volume ui.Slider
	mute   ui.Checkbox
	units  ui.Choice
	back   ui.Button
}

// NewSettingsScene returns the settings screen.
func NewSettingsScene(a *App) *SettingsScene {
	ss := &SettingsScene{
		volume: ui.Slider{Value: a.Settings.Volume},
		mute:   ui.Checkbox{Label: "Mute all sound (Ctrl+M in play)", Checked: a.Settings.Muted},
		units:  ui.Choice{Options: []string{"Inches", "Paces"}, Selected: int(a.Settings.Units)},
		back:   ui.Button{Label: "Done", Primary: true, Key: ebiten.KeyEscape, KeyLabel: "Esc"},
	}
	return ss
}

// Overlay: the settings float over the screen they were opened from.
func (ss *SettingsScene) Overlay() bool { return true }

func (ss *SettingsScene) layout(a *App) ui.Rect {
	s := a.Theme.Scale
	p := ui.R(a.W/2-260*s, a.H/2-190*s, 520*s, 380*s)
	in := p.Inset(30 * s)
	ss.volume.Rect = ui.R(in.X+150*s, in.Y+84*s, in.W-150*s, 30*s)
	ss.mute.Rect = ui.R(in.X, in.Y+134*s, in.W, 30*s)
	ss.units.Rect = ui.R(in.X+150*s, in.Y+196*s, 240*s, 40*s)
	ss.back.Rect = ui.R(p.Right()-30*s-160*s, p.Bottom()-30*s-48*s, 160*s, 48*s)
	return p
}

// Update handles the controls.
func (ss *SettingsScene) Update(a *App, f *input.Frame) error {
	ss.layout(a)
	if ss.volume.Update(f) {
		a.Settings.Volume = ss.volume.Value
		a.Settings.Apply()
	}
	if ss.mute.Update(f) {
		a.Settings.Muted = ss.mute.Checked
		a.Settings.Apply()
	}
	if ss.units.Update(f) {
		a.Settings.Units = Units(ss.units.Selected)
	}
	if ss.back.Update(f) {
		a.SaveSettings()
		a.Pop()
	}
	ss.mute.Checked = a.Settings.Muted
	return nil
}

// Draw draws the panel over a dimmed screen.
func (ss *SettingsScene) Draw(a *App, dst *ebiten.Image) {
	p := ss.layout(a)
	th := a.Theme
	s := th.Scale
	ui.Fill(dst, ui.R(0, 0, a.W, a.H), ui.Alpha(ui.Backdrop, 0.7))
	ui.Panel(dst, th, p)
	ui.Text(dst, "Settings", th.Face(fontSmallCaps, 26), p.X+30*s, p.Y+26*s, ui.GoldBright, ui.Left)
	ui.TextMid(dst, "Volume", th.Strong(), p.X+30*s, ss.volume.Rect.CY(), ui.Parchment, ui.Left)
	ss.volume.Draw(dst, th)
	ui.TextMid(dst, fmt.Sprintf("%d%%", int(ss.volume.Value*100+0.5)), th.Small(), ss.volume.Rect.Right(), ss.volume.Rect.Y-8*s, ui.ParchDim, ui.Right)
	ss.mute.Draw(dst, th)
	ui.TextMid(dst, "Distances", th.Strong(), p.X+30*s, ss.units.Rect.CY(), ui.Parchment, ui.Left)
	ss.units.Draw(dst, th)
	ui.Text(dst, "1 inch = 100 paces on the 15 mm table; a base is 1.6\" wide.", th.Small(), p.X+30*s, ss.units.Rect.Bottom()+14*s, ui.ParchFaint, ui.Left)
	ss.back.Draw(dst, th)
}

func minf(a, b float64) float64 {
	if a < b {
		return a
	}
	return b
}
