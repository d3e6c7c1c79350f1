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
// labels (dialogButtons).
func (c *Confirm) layout(a *App) ui.Rect {
	th := a.Theme
	s := th.Scale
	w := math.Min(500*s, a.W-24*s)
	pad := dialogPad(th, w)
	head := ui.LineHeight(th.Face(fontSmallCaps, 22)) + 30*s
	text := float64(len(ui.Wrap(c.msg, th.Body(), w-2*pad))) * ui.LineHeight(th.Body())
	buttons := dialogButtonsHeight(th, w, pad, &c.yes, &c.no, 190*s, 150*s)
	h := math.Max(220*s, pad+head+text+20*s+buttons+pad)
	p := ui.R(a.W/2-w/2, math.Max(8*s, a.H/2-h/2), w, h)
	placeDialogButtons(th, p, pad, &c.yes, &c.no, 190*s, 150*s)
	return p
}

// dialogPad is a dialog's inner margin at width w.
func dialogPad(th *ui.Theme, w float64) float64 { return math.Min(24*th.Scale, w*0.05) }

// dialogStack gives a dialog's button height and widths, and whether its two
// buttons must stand one over the other in a dialog w wide.
func dialogStack(th *ui.Theme, w, pad float64, yes, no *ui.Button, minYes, minNo float64) (bh, yw, nw float64, stacked bool) {
	s := th.Scale
	bh = math.Max(math.Max(46*s, th.TargetPx()), ui.LineHeight(th.Face(fontBold, 16))+18*s)
	yw, nw = math.Max(minYes, yes.Need(th)), math.Max(minNo, no.Need(th))
	return bh, yw, nw, yw+12*s+nw > w-2*pad
}

// dialogButtonsHeight is the height a dialog's two buttons take.
func dialogButtonsHeight(th *ui.Theme, w, pad float64, yes, no *ui.Button, minYes, minNo float64) float64 {
	bh, _, _, stacked := dialogStack(th, w, pad, yes, no, minYes, minNo)
	if stacked {
		return 2*bh + 10*th.Scale
	}
	return bh
}

// placeDialogButtons puts a dialog's buttons at its foot: yes at the
// right and no before it, each as wide as its label; when the two do
// not fit side by side, across the dialog, no over yes.
func placeDialogButtons(th *ui.Theme, p ui.Rect, pad float64, yes, no *ui.Button, minYes, minNo float64) {
	bh, yw, nw, stacked := dialogStack(th, p.W, pad, yes, no, minYes, minNo)
	by := p.Bottom() - pad - bh
	if stacked {
		yes.Rect = ui.R(p.X+pad, by, p.W-2*pad, bh)
		no.Rect = ui.R(p.X+pad, by-10*th.Scale-bh, p.W-2*pad, bh)
		return
	}
	yes.Rect = ui.R(p.Right()-pad-yw, by, yw, bh)
	no.Rect = ui.R(yes.Rect.X-12*th.Scale-nw, by, nw, bh)
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
	pad := dialogPad(th, p.W)
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
