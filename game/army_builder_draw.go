package game

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game/armybuild"
	"pelennor/game/ui"
)

// builderLayout is where the elements column's text goes (the widgets
// hold their own rectangles).
type builderLayout struct {
	entries []entryLay
	strongY float64
}

type entryLay struct {
	y     float64 // the entry's heading, on the screen (scrolled)
	count ui.Rect // between its − and + buttons
	opts  string  // the types it offers, with their costs
	desc  []string
}

// layoutElements lays the entries out in the scrolled column: each
// entry's heading with its count buttons, the types it offers, its
// description, then a row per element (name, general, type), then the
// stronghold's name.
func (ab *ArmyBuilder) layoutElements(a *App) {
	th := a.Theme
	s := th.Scale
	c := ab.cols[1]
	ab.scroll.Rect = ui.R(c.X, c.Y+24*s, c.W, math.Max(0, c.H-24*s))
	l := ab.b.List()
	x, w := c.X+8*s, c.W-24*s // room for the scroll bar
	wide := w >= 560*s
	bsz := math.Max(34*s, th.TargetPx())
	rh := math.Max(38*s, th.TargetPx())
	small, ital := th.Small(), th.Face(fontItalic, 13)
	y := ab.scroll.Rect.Y - ab.scroll.Off + 8*s
	ab.lay.entries = ab.lay.entries[:0]
	for k := range l.Entries {
		e := &l.Entries[k]
		el := entryLay{y: y}
		ew := &ab.entries[k]
		ew.plus.Rect = ui.R(x+w-bsz, y, bsz, bsz)
		el.count = ui.R(ew.plus.Rect.X-70*s, y, 70*s, bsz)
		ew.minus.Rect = ui.R(el.count.X-bsz, y, bsz, bsz)
		y += bsz + 4*s
		var opts []string
		for i, o := range e.Options() {
			word := fmt.Sprintf("%s %d AP", o.Type, armybuild.OptionCost(o))
			if i > 0 {
				word = "or " + word
			}
			opts = append(opts, word)
		}
		if e.General {
			opts = append(opts, "may lead")
		}
		el.opts = strings.Join(opts, "  ·  ")
		y += ui.LineHeight(small)
		if e.Description != "" {
			el.desc = ui.Wrap(e.Description, ital, w)
			if len(el.desc) > 2 {
				el.desc = el.desc[:2]
				el.desc[1] = ui.Ellipsis(el.desc[1]+" …", ital, w)
			}
			y += float64(len(el.desc)) * ui.LineHeight(ital)
		}
		y += 8 * s
		for _, i := range ab.b.Elements(k) {
			ew := &ab.elems[i]
			gw := 0.0
			if e.General {
				gw = 110 * s
			}
			tw := 0.0
			if n := len(ew.types.Options); n > 1 {
				tw = float64(n) * 112 * s
			}
			if !wide {
				tw = 0
			}
			nw := w - gw - tw
			if gw > 0 {
				nw -= 10 * s
			}
			if tw > 0 {
				nw -= 10 * s
			}
			ew.name.Rect = ui.R(x, y, nw, rh)
			ew.general.Rect = ui.R(ew.name.Rect.Right()+10*s, y, gw, rh)
			if gw == 0 {
				ew.general.Rect = ui.Rect{}
			}
			ew.types.Rect = ui.Rect{}
			if len(ew.types.Options) > 1 {
				if wide {
					ew.types.Rect = ui.R(x+w-tw, y, tw, rh)
				} else {
					y += rh + 6*s
					ew.types.Rect = ui.R(x+16*s, y, w-16*s, rh)
				}
			}
			y += rh + 6*s
		}
		ab.lay.entries = append(ab.lay.entries, el)
		y += 16 * s
	}
	ab.lay.strongY = y
	y += 22 * s
	ab.strong.Rect = ui.R(x, y, w, rh)
	y += rh + 16*s
	ab.scroll.Content = y + ab.scroll.Off - ab.scroll.Rect.Y
	ab.scroll.clamp()
}

// totalsHeight is the height of the totals strip of the one-column
// layout.
func (ab *ArmyBuilder) totalsHeight(a *App, w float64) float64 {
	return 2*ui.LineHeight(a.Theme.Small()) + 4*a.Theme.Scale
}

// Draw draws the builder.
func (ab *ArmyBuilder) Draw(a *App, dst *ebiten.Image) {
	ab.layout(a)
	th := a.Theme
	s := th.Scale
	theBackdrop.draw(dst)
	ui.Panel(dst, th, ab.panel)
	pad := ab.name.Rect.X - ab.panel.X
	ui.Text(dst, "Build an army", th.Face(fontSmallCaps, 24), ab.panel.X+pad, ab.panel.Y+pad-2*s, ui.GoldBright, ui.Left)
	ab.name.Draw(dst, th)
	ab.budget.Draw(dst, th)
	if ab.narrow {
		ab.tabs.Draw(dst, th)
	}
	if ab.narrow && ab.tabs.Selected != 2 {
		ab.drawStrip(a, dst, ui.R(ab.tabs.Rect.X, ab.tabs.Rect.Bottom()+8*s, ab.tabs.Rect.W, ab.totalsHeight(a, ab.tabs.Rect.W)))
	}
	if ab.showing(0) {
		ab.drawList(a, dst)
	}
	if ab.showing(1) {
		ab.drawElements(a, dst)
	}
	if ab.showing(2) {
		ab.drawCheck(a, dst)
	}
	ab.back.Draw(dst, th)
	ab.use.Draw(dst, th)
}

func colLabel(a *App, dst *ebiten.Image, s string, x, y float64) {
	ui.Text(dst, s, a.Theme.Face(fontBold, 13), x, y, ui.Gold, ui.Left)
}

// drawList draws the lists and what the chosen one says of itself.
func (ab *ArmyBuilder) drawList(a *App, dst *ebiten.Image) {
	th := a.Theme
	s := th.Scale
	c := ab.cols[0]
	colLabel(a, dst, "ARMY LIST", c.X, c.Y)
	ab.lists.Draw(dst, th)
	ab.ready.Draw(dst, th)
	l := ab.b.List()
	y := ab.ready.Rect.Bottom() + 12*s
	fits := func(h float64) bool { return y+h <= c.Bottom() }
	ital, small, strong := th.Face(fontItalic, 14), th.Small(), th.Strong()
	if fits(ui.LineHeight(strong)) {
		ui.Text(dst, l.Name, strong, c.X, y, ui.Parchment, ui.Left)
		y += ui.LineHeight(strong) + 2*s
	}
	for _, line := range ui.Wrap(l.Description, ital, c.W) {
		if !fits(ui.LineHeight(ital)) {
			break
		}
		ui.Text(dst, line, ital, c.X, y, ui.ParchDim, ui.Left)
		y += ui.LineHeight(ital)
	}
	y += 8 * s
	names := func(ids []string) string {
		var out []string
		for _, id := range ids {
			if o, ok := ab.b.Cat.List(id); ok {
				out = append(out, o.Name)
			} else {
				out = append(out, id)
			}
		}
		return strings.Join(out, ", ")
	}
	for _, kv := range [][2]string{{"Home country", l.Home}, {"Fights beside", names(l.Allies)}, {"Fights against", names(l.Enemies)}} {
		if kv[1] == "" {
			continue
		}
		for _, line := range ui.Wrap(kv[0]+": "+kv[1], small, c.W) {
			if !fits(ui.LineHeight(small)) {
				return
			}
			ui.Text(dst, line, small, c.X, y, ui.ParchDim, ui.Left)
			y += ui.LineHeight(small)
		}
		y += 3 * s
	}
}

// drawElements draws the scrolled entries and elements.
func (ab *ArmyBuilder) drawElements(a *App, dst *ebiten.Image) {
	th := a.Theme
	s := th.Scale
	c := ab.cols[1]
	colLabel(a, dst, "ELEMENTS", c.X, c.Y)
	r := ab.scroll.Rect
	ui.RoundRect(dst, r, 6*s, color.RGBA{0x0e, 0x10, 0x14, 0xff}, ui.SteelEdge, 1.5*s)
	clip := dst.SubImage(r.Inset(2 * s).Image()).(*ebiten.Image)
	l := ab.b.List()
	strong, small, ital := th.Strong(), th.Small(), th.Face(fontItalic, 13)
	x := c.X + 8*s
	for k, el := range ab.lay.entries {
		if el.y > r.Bottom() {
			break
		}
		e := &l.Entries[k]
		ew := &ab.entries[k]
		ui.TextMid(clip, ui.Ellipsis(e.Name, strong, ew.minus.Rect.X-x-10*s), strong, x, el.count.CY(), ui.Parchment, ui.Left)
		n := len(ab.b.Elements(k))
		rng := fmt.Sprint(e.Count)
		if e.MinCount() != e.Count {
			rng = fmt.Sprintf("%d–%d", e.MinCount(), e.Count)
		}
		ink := ui.Parchment
		if n < e.MinCount() {
			ink = ui.Bad
		}
		ui.TextMid(clip, fmt.Sprintf("%d of %s", n, rng), small, el.count.CX(), el.count.CY(), ink, ui.Center)
		ew.minus.Draw(clip, th)
		ew.plus.Draw(clip, th)
		y := el.count.Bottom() + 4*s
		ui.Text(clip, ui.Ellipsis(el.opts, small, c.W-24*s), small, x, y, ui.Gold, ui.Left)
		y += ui.LineHeight(small)
		for _, line := range el.desc {
			ui.Text(clip, line, ital, x, y, ui.ParchFaint, ui.Left)
			y += ui.LineHeight(ital)
		}
		for _, i := range ab.b.Elements(k) {
			ew := &ab.elems[i]
			ew.name.Draw(clip, th)
			if ew.general.Rect.W > 0 {
				ew.general.Draw(clip, th)
			}
			if ew.types.Rect.W > 0 {
				ew.types.Draw(clip, th)
			}
		}
	}
	ui.Text(clip, "STRONGHOLD  ·  0 AP, every army has one", th.Face(fontBold, 13), x, ab.lay.strongY, ui.Gold, ui.Left)
	ab.strong.Draw(clip, th)
	if ab.scroll.Content > r.H {
		// The scroll bar: where the view stands in the content.
		h := math.Max(30*s, r.H*r.H/ab.scroll.Content)
		y := r.Y + (r.H-h)*ab.scroll.Off/ab.scroll.max()
		ui.RoundRect(dst, ui.R(r.Right()-8*s, y, 5*s, h), 2.5*s, ui.SteelEdge, ui.Transparent, 0)
	}
}

// drawStrip draws the totals in two lines (the one-column layout).
func (ab *ArmyBuilder) drawStrip(a *App, dst *ebiten.Image, r ui.Rect) {
	small := a.Theme.Small()
	t := ab.b.Totals()
	y := r.Y
	for _, pair := range [][]armybuild.Status{t[:2], t[2:]} {
		x := r.X
		for j, st := range pair {
			clr := ui.Good
			if !st.OK {
				clr = ui.Bad
			}
			txt := st.Text
			if j == 0 {
				txt += "  ·  "
			}
			txt = ui.Ellipsis(txt, small, r.Right()-x)
			ui.Text(dst, txt, small, x, y, clr, ui.Left)
			x += ui.Width(txt, small)
		}
		y += ui.LineHeight(small)
	}
}

// drawCheck draws §13's totals, the problems and the file buttons.
func (ab *ArmyBuilder) drawCheck(a *App, dst *ebiten.Image) {
	th := a.Theme
	s := th.Scale
	c := ab.cols[2]
	colLabel(a, dst, "THE ARMY AGAINST §13", c.X, c.Y)
	y := c.Y + 26*s
	body, small := th.Body(), th.Small()
	for _, st := range ab.b.Totals() {
		lines := ui.Wrap(st.Text, body, c.W-24*s)
		drawMark(dst, ui.R(c.X, y+ui.LineHeight(body)/2-7*s, 14*s, 14*s), st.OK, s)
		for _, line := range lines {
			ui.Text(dst, line, body, c.X+22*s, y, ui.Parchment, ui.Left)
			y += ui.LineHeight(body)
		}
		y += 4 * s
	}
	y += 10 * s
	bottom := math.Min(c.Bottom(), ab.save.Rect.Y-12*s)
	words := ab.b.Words()
	if len(words) == 0 {
		ui.Text(dst, "Ready to fight.", th.Strong(), c.X, y, ui.Good, ui.Left)
	} else {
		colLabel(a, dst, "TO PUT RIGHT", c.X, y)
		y += 22 * s
	list:
		for k, w := range words {
			lines := ui.Wrap(w, small, c.W-14*s)
			for i, line := range lines {
				last := k == len(words)-1 && i == len(lines)-1
				lh := ui.LineHeight(small)
				if !last && y+2*lh > bottom || y+lh > bottom {
					// No room for the rest: say how many are left.
					ui.Text(dst, fmt.Sprintf("… and %d more", len(words)-k), small, c.X+14*s, y, ui.Bad, ui.Left)
					break list
				}
				if i == 0 {
					ui.Text(dst, "•", small, c.X, y, ui.Bad, ui.Left)
				}
				ui.Text(dst, line, small, c.X+14*s, y, ui.ParchDim, ui.Left)
				y += lh
			}
			y += 3 * s
		}
	}
	for _, b := range []*ui.Button{&ab.save, &ab.load, &ab.imp, &ab.exp} {
		b.Draw(dst, th)
	}
	if ab.said != "" && ab.exp.Rect.Bottom() < c.Bottom() {
		clr := ui.ParchDim
		if ab.saidBad {
			clr = ui.Bad
		}
		ui.Text(dst, ui.Ellipsis(ab.said, small, c.W), small, c.X, ab.exp.Rect.Bottom()+6*s, clr, ui.Left)
	}
}

// drawMark draws a tick (met) or a cross (not met) in r: the fonts have
// neither glyph.
func drawMark(dst *ebiten.Image, r ui.Rect, ok bool, s float64) {
	if ok {
		ui.StrokePath(dst, ui.CheckPath(r), 2.5*s, ui.Good)
		return
	}
	ui.Line(dst, r.X+2*s, r.Y+2*s, r.Right()-2*s, r.Bottom()-2*s, 2.5*s, ui.Bad)
	ui.Line(dst, r.Right()-2*s, r.Y+2*s, r.X+2*s, r.Bottom()-2*s, 2.5*s, ui.Bad)
}
