package game

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/ui"
)

// Pause is the in-battle menu.
type Pause struct {
	b                                       *Battle
	resume, save, load, export, log, replay ui.Button
	settings, keys, leave                   ui.Button
}

// NewPause returns the in-battle menu.
func NewPause(a *App, b *Battle) *Pause {
	return &Pause{b: b,
		resume:   keyed(ui.Button{Label: "Back to the battle", Primary: true}, control.CmdBack),
		save:     ui.Button{Label: "Save the battle…", KeyLabel: keyLabel(control.CmdSave)},
		load:     ui.Button{Label: "Load a battle…"},
		export:   ui.Button{Label: "Export a turn file…"},
		log:      ui.Button{Label: "Battle log as Markdown"},
		replay:   ui.Button{Label: "Watch the replay"},
		settings: ui.Button{Label: "Settings"},
		keys:     keyed(ui.Button{Label: "Keys"}, control.CmdHelp),
		leave:    ui.Button{Label: "Leave to the main menu", Danger: true},
	}
}

// Overlay: the battle stays visible beneath.
func (p *Pause) Overlay() bool { return true }

func (p *Pause) buttons() []*ui.Button {
	return []*ui.Button{&p.resume, &p.save, &p.load, &p.export, &p.log, &p.replay, &p.settings, &p.keys, &p.leave}
}

func (p *Pause) layout(a *App) ui.Rect {
	th := a.Theme
	s := th.Scale
	bs := p.buttons()
	h := math.Max(math.Max(44*s, th.TargetPx()), ui.LineHeight(th.Face(fontBold, 16))+16*s)
	gap := 10 * s
	// One column, or two when the window is too short for one.
	cols := 1
	if float64(len(bs))*(h+gap)+110*s > a.H-16*s {
		cols = 2
	}
	n := (len(bs) + cols - 1) / cols
	total := float64(n)*h + float64(n-1)*gap
	bw := 0.0
	for _, b := range bs {
		bw = math.Max(bw, b.Need(th))
	}
	w := math.Min(a.W-24*s, math.Max(420*s, float64(cols)*bw+float64(cols-1)*gap+60*s))
	r := ui.R(a.W/2-w/2, math.Max(8*s, a.H/2-(total+110*s)/2), w, total+110*s)
	grid := ui.R(r.X+30*s, r.Y+76*s, r.W-60*s, total).Cols(cols, gap)
	for i, b := range bs {
		c := grid[i/n]
		b.Rect = ui.R(c.X, c.Y+float64(i%n)*(h+gap), c.W, h)
	}
	return r
}

// Update handles the menu.
func (p *Pause) Update(a *App, f *input.Frame) error {
	p.layout(a)
	m := p.b.M
	// A turn file is sent when a bound has ended, before the next one is
	// touched (or when the battle is over).
	p.export.Disabled = m.H == nil || (!m.Over() && m.BoundStart(m.G.Bound()) != len(m.Actions))
	if commanded(f, control.CmdSave, anyScene) {
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
	case p.keys.Update(f):
		a.Push(NewKeys(a))
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
