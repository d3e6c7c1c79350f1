package game

import (
	"fmt"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/engine/dice"
	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/render"
	"pelennor/game/render/glyphs"
	"pelennor/game/ui"
)

// Setup chooses the scenario, the players and their sides.
type Setup struct {
	names    []string
	infos    []string
	list     ui.List
	p1, p2   ui.TextField
	side     ui.Choice
	deploy   ui.Checkbox
	mail     ui.Checkbox // play by e-mail: the first player is at this computer
	duel     duelToggle  // the optional heroic duel (setup_duel.go)
	vs       *versus     // "Play the computer": the second player is the computer (setup_computer.go)
	start    ui.Button
	back     ui.Button
	narrow   bool // laid out in one column (a phone)
	short    bool // laid out over the whole height (a phone on its side)
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
		p1:     ui.TextField{Text: typedName(a.Opts.Names[0], 0), Placeholder: defaultNames[0], MaxLen: 24},
		p2:     ui.TextField{Text: typedName(a.Opts.Names[1], 1), Placeholder: defaultNames[1], MaxLen: 24},
		deploy: ui.Checkbox{Label: "Deployment step: rearrange within your zones before the first bound", Short: "Deployment step"},
		mail:   ui.Checkbox{Label: "Play by e-mail: you are the first player; the second gets an invitation file", Short: "Play by e-mail"},
		duel:   newDuelToggle(),
		start:  keyed(ui.Button{Label: "To Battle", Primary: true}, control.CmdConfirm),
		back:   keyed(ui.Button{Label: "Back"}, control.CmdBack),
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
	if st.list.Selected == st.lastPick || st.list.Selected >= len(st.list.Items) {
		return
	}
	if st.standardPicked() { // "Play the computer": a standard battle
		st.lastPick = st.list.Selected
		st.sc, st.err = nil, ""
		st.side.Options = []string{"First player", "Second player"}
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
	th := a.Theme
	s := th.Scale
	n := math.Max(2, float64(len(st.list.Items)))
	st.list.RowH = 58 * s
	st.narrow = a.W < 760*s
	if st.narrow {
		// One column under the heading, over the whole screen: the
		// scenario, its description and field, then the players.
		panel = ui.R(8*s, 8*s, a.W-16*s, a.H-16*s)
		inner := panel.Inset(16 * s)
		_, inner = inner.CutTop(44*s, 0)
		rightH := 26*s + 50*s + 38*s + 40*s + 40*s + 26*s + 2*(30*s+8*s) + duelToggleH(th) + 28*s + 50*s
		if st.vs != nil {
			rightH += 48 * s // the computer's temperament under its level
		}
		left = ui.R(inner.X, inner.Y, inner.W, math.Max(0, inner.H-rightH))
		right = ui.R(inner.X, left.Bottom()+16*s, inner.W, inner.Bottom()-left.Bottom()-16*s)
		st.list.Rect = ui.R(left.X, left.Y+26*s, left.W, math.Min(n*st.list.RowH+8*s, left.H*0.32))
	} else {
		pw, ph := min(a.W-80*s, 1220*s), min(a.H-190*s, 660*s)
		top := math.Max(170*s, a.H*0.21)
		if st.vs != nil {
			// The computer's temperament and the heroic duel take two
			// rows more than a hotseat's form: the panel grows into the
			// room below it, as far as the window allows.
			ph = min(ph+84*s, a.H-top-12*s)
		}
		panel = ui.R(a.W/2-pw/2, top, pw, ph)
		st.short = ph < 480*s
		if st.short {
			// A short window (a phone on its side): the form over the
			// whole height, without the title above it.
			panel = ui.R(a.W/2-pw/2, 8*s, pw, a.H-16*s)
		}
		inner := panel.Inset(28 * s)
		_, inner = inner.CutTop(44*s, 0)
		left, right = inner.CutLeft(inner.W*0.5, 30*s)
		st.list.Rect = ui.R(left.X, left.Y+26*s, left.W, math.Min(n*st.list.RowH+8*s, left.H*0.32))
	}
	y := right.Y + 26*s
	st.p1.Rect = ui.R(right.X, y, right.W, 40*s)
	y += 40*s + 10*s
	st.side.Rect = ui.R(right.X, y, right.W, 38*s)
	y += 38*s + 40*s
	st.p2.Rect = ui.R(right.X, y, right.W*0.5, 40*s)
	if st.vs != nil {
		y = st.vs.layout(a, right, y)
	}
	y += 40*s + 26*s
	st.deploy.Rect = ui.R(right.X, y, right.W, 30*s)
	y += 30*s + 8*s
	st.mail.Rect = ui.R(right.X, y, right.W, 30*s)
	y += 30*s + 8*s
	st.duel.place(th, right.X, y, right.W)
	bw, nw := math.Max(200*s, st.start.Need(th)), math.Max(150*s, st.back.Need(th))
	pad := 28 * s
	if st.narrow {
		pad = 16 * s
		bw = math.Min(bw, (panel.W-2*pad-16*s)/2)
		nw = bw
	}
	st.start.Rect = ui.R(panel.Right()-pad-bw, panel.Bottom()-pad-50*s, bw, 50*s)
	st.back.Rect = ui.R(st.start.Rect.X-16*s-nw, st.start.Rect.Y, nw, 50*s)
	if st.vs != nil {
		st.vs.place(st)
	}
	return
}

// Update handles the form.
func (st *Setup) Update(a *App, f *input.Frame) error {
	st.layout(a)
	st.pick(a)
	typing := st.p1.Focused || st.p2.Focused
	was1 := st.p1.Focused
	st.p1.Update(f)
	st.p2.Update(f)
	// One field has the focus: the one clicked took it (the click is
	// consumed by it, so the other never sees it).
	if st.p1.Focused && st.p2.Focused {
		if was1 {
			st.p1.Blur()
		} else {
			st.p2.Blur()
		}
	}
	st.list.Update(f)
	st.pick(a)
	st.side.Update(f)
	st.deploy.Update(f)
	st.duel.update(f)
	if st.vs != nil {
		st.vs.update(f)
	} else {
		st.mail.Update(f)
	}
	if typing {
		// Enter and Escape finish typing first.
		st.start.Key, st.back.Key = 0, 0
	} else {
		st.start.Key, st.back.Key = keyOfCmd(control.CmdConfirm), keyOfCmd(control.CmdBack)
	}
	if st.back.Update(f) {
		a.Pop()
		return nil
	}
	st.start.Disabled = st.sc == nil && !st.standardPicked()
	if st.vs != nil && st.start.Update(f) {
		st.startVersus(a)
		return nil
	}
	if st.start.Update(f) && st.sc != nil {
		names := [2]string{strings.TrimSpace(st.p1.Text), strings.TrimSpace(st.p2.Text)}
		for i := range names {
			if names[i] == "" {
				names[i] = defaultNames[i]
			}
		}
		if st.side.Selected == 1 {
			names[0], names[1] = names[1], names[0]
		}
		a.Opts.Names = [2]string{strings.TrimSpace(st.p1.Text), strings.TrimSpace(st.p2.Text)}
		if st.mail.Checked {
			st.startMail(a, names)
			return nil
		}
		if m, ok := st.newMatch(a, names); ok {
			a.Reset(OpenMatch(a, m))
			a.Push(NewHandover(a, m, -1))
		}
	}
	return nil
}

// newMatch starts a hotseat match of the chosen scenario between names,
// on the options' seed or the clock's; a failure is said in a toast.
func (st *Setup) newMatch(a *App, names [2]string) (*Match, bool) {
	seed := a.Opts.Seed
	if seed == 0 {
		seed = ClockSeed()
	}
	m, err := NewMatchWith(st.sc, seed, names, st.choices())
	if err != nil {
		a.Toast("Cannot start: "+err.Error(), ui.Bad)
		return nil, false
	}
	return m, true
}

// choices are the set-up's choices as they stand.
func (st *Setup) choices() Choices {
	return Choices{Deployment: st.deploy.Checked, HeroicDuel: st.duel.box.Checked}
}

// startMail starts a play-by-e-mail match created here, with the first
// player's side, and offers the invitation to send.
func (st *Setup) startMail(a *App, names [2]string) {
	m, err := a.NewMailMatch(st.sc, st.side.Selected, names, st.choices())
	if err != nil {
		a.Toast("Cannot start: "+err.Error(), ui.Bad)
		return
	}
	a.Reset(OpenMatch(a, m))
	a.mailTurn(m)
	a.Push(NewExportDialog(a, m))
}

// Draw draws the form.
func (st *Setup) Draw(a *App, dst *ebiten.Image) {
	panel, left, right := st.layout(a)
	th := a.Theme
	s := th.Scale
	theBackdrop.draw(dst)
	if !st.narrow && !st.short {
		drawTitle(dst, th, a.W/2, math.Max(8*s, panel.Y-170*s))
	}
	ui.Panel(dst, th, panel)
	h := th.Face(fontSmallCaps, 24)
	heading := "A new battle"
	if st.vs != nil {
		heading = "Play the computer"
	}
	ui.Text(dst, heading, h, left.X, panel.Y+22*s, ui.GoldBright, ui.Left)
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
	first := "FIRST PLAYER"
	if st.vs != nil {
		first = "YOU"
	}
	ui.Text(dst, first, label, right.X, right.Y, ui.Gold, ui.Left)
	st.p1.Draw(dst, th)
	st.side.Draw(dst, th)
	if st.vs != nil {
		st.vs.draw(a, dst, st)
	} else {
		ui.Text(dst, "SECOND PLAYER", label, right.X, st.p2.Rect.Y-22*s, ui.Gold, ui.Left)
		st.p2.Draw(dst, th)
	}
	if len(st.side.Options) == 2 && st.vs == nil {
		cf := th.Face(fontItalic, 15)
		x := st.p2.Rect.Right() + 14*s
		ui.TextMid(dst, ui.Ellipsis("commands "+st.side.Options[1-st.side.Selected], cf, right.Right()-x), cf, x, st.p2.Rect.CY(), ui.ParchDim, ui.Left)
	}
	st.deploy.Draw(dst, th)
	if st.vs == nil {
		st.mail.Draw(dst, th)
	}
	st.duel.draw(dst, th)
	if st.sc != nil && !st.narrow {
		y := st.duel.hint.Bottom() + 10*s
		// As many lines as stand above the buttons.
		bottom := st.back.Rect.Y - 8*s
		fits := func(f *glyphs.Face) bool { return y+ui.LineHeight(f) <= bottom }
		if fits(label) {
			ui.Text(dst, "THE FORCES", label, right.X, y, ui.Gold, ui.Left)
		}
		y += 22 * s
		// A line a command if they all stand above the buttons, else a
		// line a side with its commands run together.
		need := y
		for _, side := range st.sc.Sides {
			need += ui.LineHeight(th.Strong()) + 2*s + 10*s
			for _, c := range st.sc.Commands {
				if c.Side == side.ID {
					need += ui.LineHeight(th.Small()) + 1*s
				}
			}
		}
		compact := need > bottom
		for si, side := range st.sc.Sides {
			line := side.Name
			if si == 0 {
				line += " — first bound"
			}
			if !fits(th.Strong()) {
				break
			}
			ui.Text(dst, line, th.Strong(), right.X, y, ui.Parchment, ui.Left)
			y += ui.LineHeight(th.Strong()) + 2*s
			var names []string
			for _, c := range st.sc.Commands {
				if c.Side != side.ID {
					continue
				}
				if compact {
					n := c.Name
					if c.BreakPoint > 0 {
						n += fmt.Sprintf(" (breaks at %d)", c.BreakPoint)
					}
					names = append(names, n)
					continue
				}
				if !fits(th.Small()) {
					break
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
			if compact && len(names) > 0 {
				for _, l := range ui.Wrap(strings.Join(names, " · "), th.Small(), right.W-12*s) {
					if !fits(th.Small()) {
						break
					}
					ui.Text(dst, l, th.Small(), right.X+12*s, y, ui.ParchDim, ui.Left)
					y += ui.LineHeight(th.Small()) + 1*s
				}
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

// defaultNames are the names of players who type none: the name fields'
// placeholders, so a player types over nothing.
var defaultNames = [2]string{"Player 1", "Player 2"}

// typedName is the text a name field starts with: a name typed before,
// or nothing if it is the default.
func typedName(name string, seat int) string {
	if name == defaultNames[seat] {
		return ""
	}
	return name
}
