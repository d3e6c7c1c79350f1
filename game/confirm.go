package game

import (
	"image/color"
	"math"

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

// layout sizes the dialog to its message and its buttons to their
// labels: side by side when they fit, one over the other when not.
func (c *Confirm) layout(a *App) ui.Rect {
	th := a.Theme
	s := th.Scale
	w := math.Min(500*s, a.W-24*s)
	pad := math.Min(24*s, w*0.05)
	inW := w - 2*pad
	bh := math.Max(math.Max(46*s, th.TargetPx()), ui.LineHeight(th.Face(fontBold, 16))+18*s)
	yw, nw := math.Max(190*s, c.yes.Need(th)), math.Max(150*s, c.no.Need(th))
	head := ui.LineHeight(th.Face(fontSmallCaps, 22)) + 30*s
	text := float64(len(ui.Wrap(c.msg, th.Body(), inW))) * ui.LineHeight(th.Body())
	stacked := yw+12*s+nw > inW
	buttons := bh
	if stacked {
		buttons = 2*bh + 10*s
	}
	h := math.Max(220*s, pad+head+text+20*s+buttons+pad)
	p := ui.R(a.W/2-w/2, math.Max(8*s, a.H/2-h/2), w, h)
	by := p.Bottom() - pad - bh
	if stacked {
		c.yes.Rect = ui.R(p.X+pad, by, inW, bh)
		c.no.Rect = ui.R(p.X+pad, by-10*s-bh, inW, bh)
		return p
	}
	c.yes.Rect = ui.R(p.Right()-pad-yw, by, yw, bh)
	c.no.Rect = ui.R(c.yes.Rect.X-12*s-nw, by, nw, bh)
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
	pad := math.Min(24*s, p.W*0.05)
	hf := th.Face(fontSmallCaps, 22)
	ui.Text(dst, "Are you sure?", hf, p.X+pad, p.Y+20*s, ui.GoldBright, ui.Left)
	y := p.Y + pad + ui.LineHeight(hf) + 30*s
	for _, l := range ui.Wrap(c.msg, th.Body(), p.W-2*pad) {
		ui.Text(dst, l, th.Body(), p.X+pad, y, ui.Parchment, ui.Left)
		y += ui.LineHeight(th.Body())
	}
	c.no.Draw(dst, th)
	c.yes.Draw(dst, th)
}
