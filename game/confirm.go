package game

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/ui"
)

// Confirm asks a yes-or-no question over the screen beneath.
type Confirm struct {
	msg     string
	yes, no ui.Button
	onYes   func()
}

// NewConfirm returns a confirmation dialog.
func NewConfirm(a *App, msg, yes string, onYes func()) *Confirm {
	return &Confirm{msg: msg, onYes: onYes,
		yes: keyed(ui.Button{Label: yes, Primary: true}, control.CmdConfirm),
		no:  keyed(ui.Button{Label: "Not yet"}, control.CmdBack),
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
