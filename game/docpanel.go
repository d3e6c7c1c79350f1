package game

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/render/glyphs"
	"pelennor/game/ui"
)

// A document panel: a titled card over the table holding rows of text
// (headings, paragraphs, small tables) that scroll when they do not fit,
// with a Close button and optionally tabs. The duel panel and the codex
// are documents (duel_panel.go, codex.go); the rows are built from typed
// data, never parsed from words.

// docStyle is how a row is set.
type docStyle int

const (
	docBody   docStyle = iota
	docHead            // a section's heading, in gold small capitals
	docStrong          // bold
	docSmall           // small, for detail
	docNote            // italic
	docRule            // a thin line across
)

// docRow is one row of a document: a paragraph (wrapped to the width),
// or a table row whose cells stand at tabs (fractions of the width;
// a cell too long is shortened).
type docRow struct {
	style  docStyle
	text   string
	clr    color.Color
	indent int // steps of 14 px
	cells  []string
	tabs   []float64
}

// docLine is a row laid out: one line of text at its place.
type docLine struct {
	x, y float64 // from the content's top left
	text string
	face *glyphs.Face
	clr  color.Color
	rule bool
}

// docPanel is a document shown over the table.
type docPanel struct {
	title string
	rows  []docRow
	tabs  ui.Choice // none if it has no options
	// onTab rebuilds the rows for tab i.
	onTab func(i int) []docRow

	rect, body ui.Rect
	sc         scroller
	close      ui.Button

	lines  []docLine
	laidW  float64 // the width and scale the lines were laid out at
	laidS  float64
	height float64
}

// moreStrip is the height of the strip under a long document's body.
const moreStrip = 16

func newDocPanel(title string, rows []docRow) *docPanel {
	return &docPanel{title: title, rows: rows, close: ui.Button{Label: "Close", Small: true}}
}

// setRows replaces the content and scrolls to its top.
func (p *docPanel) setRows(rows []docRow) {
	p.rows, p.laidW, p.sc.Off = rows, 0, 0
}

// docRect is where a document stands: over the table in the wide and
// compact layouts, over the whole screen on a narrow one (a phone).
func (b *Battle) docRect(a *App) ui.Rect {
	s := a.Theme.Scale
	if b.mode == layoutNarrow {
		return ui.R(6*s, 6*s, a.W-12*s, a.H-12*s)
	}
	w := math.Min(680*s, b.view.W-24*s)
	h := b.view.H - 24*s
	return ui.R(b.view.CX()-w/2, b.view.Y+12*s, w, h)
}

// layout places the panel in r: the title and Close on top, the tabs
// under them, the body below.
func (p *docPanel) layout(a *App, r ui.Rect) {
	th := a.Theme
	s := th.Scale
	p.rect = r
	in := r.Inset(14 * s)
	bh := math.Max(32*s, th.TargetPx()*0.8)
	cw := math.Max(90*s, p.close.Need(th))
	p.close.Rect = ui.R(in.Right()-cw, in.Y, cw, bh)
	y := in.Y + bh + 8*s
	if len(p.tabs.Options) > 1 {
		p.tabs.Rect = ui.R(in.X, y, in.W, bh)
		y += bh + 8*s
	} else {
		p.tabs.Rect = ui.Rect{}
	}
	p.body = ui.R(in.X, y, in.W, in.Bottom()-y)
	if p.laidW != p.body.W || p.laidS != s {
		p.lay(th, p.body.W)
	}
	if p.height < p.body.H {
		// A short document: the card no taller than it.
		cut := p.body.H - p.height
		p.body.H -= cut
		p.rect.H -= cut
	} else {
		// A long one: a strip under the body says there is more.
		p.body.H -= moreStrip * s
	}
	p.sc.Rect, p.sc.Content = p.body, p.height
	p.sc.clamp()
}

// lay wraps the rows to width w.
func (p *docPanel) lay(th *ui.Theme, w float64) {
	s := th.Scale
	p.lines, p.laidW, p.laidS = p.lines[:0], w, s
	faces := map[docStyle]*glyphs.Face{
		docBody: th.Face(fontRegular, 14), docHead: th.Face(fontSmallCaps, 17), docStrong: th.Face(fontBold, 14),
		docSmall: th.Face(fontRegular, 12), docNote: th.Face(fontItalic, 13), docRule: th.Face(fontRegular, 6),
	}
	y := 0.0
	for i, r := range p.rows {
		face := faces[r.style]
		clr := r.clr
		if clr == nil {
			clr = ui.Parchment
			switch r.style {
			case docHead:
				clr = ui.Gold
			case docSmall, docNote:
				clr = ui.ParchDim
			}
		}
		x := float64(r.indent) * 14 * s
		switch {
		case r.style == docRule:
			y += 4 * s
			p.lines = append(p.lines, docLine{x: x, y: y, clr: ui.Alpha(ui.Gold, 0.35), rule: true})
			y += 6 * s
			continue
		case r.style == docHead && i > 0:
			y += 8 * s
		}
		if len(r.cells) > 0 {
			for k, c := range r.cells {
				cx := x + (w-x)*r.tabs[k]
				cw := w - cx
				if k+1 < len(r.tabs) {
					cw = x + (w-x)*r.tabs[k+1] - cx - 6*s
				}
				p.lines = append(p.lines, docLine{x: cx, y: y, text: ui.Ellipsis(c, face, cw), face: face, clr: clr})
			}
			y += ui.LineHeight(face)
			continue
		}
		for _, l := range ui.Wrap(r.text, face, w-x) {
			p.lines = append(p.lines, docLine{x: x, y: y, text: l, face: face, clr: clr})
			y += ui.LineHeight(face)
		}
		if r.style == docHead {
			y += 2 * s
		}
	}
	p.height = y + 8*s
}

// update handles the panel's input: Close, the tabs, scrolling; a
// press or the wheel on the panel is the panel's. It reports whether
// the panel was closed.
func (p *docPanel) update(a *App, f *input.Frame) bool {
	if p.close.Update(f) {
		return true
	}
	if p.tabs.Rect.W > 0 && p.tabs.Update(f) && p.onTab != nil {
		p.setRows(p.onTab(p.tabs.Selected))
		p.lay(a.Theme, p.body.W)
		p.sc.Content = p.height
	}
	p.sc.Update(f, 3*ui.LineHeight(a.Theme.Body()))
	if p.rect.Contains(f.X, f.Y) {
		f.WheelY = 0
		if f.Pressed(input.Left) || f.Released(input.Left) || f.Pressed(input.Right) {
			f.Consume()
		}
	}
	return false
}

// draw draws the panel.
func (p *docPanel) draw(a *App, dst *ebiten.Image) {
	th := a.Theme
	s := th.Scale
	ui.Panel(dst, th, p.rect)
	tf := th.Face(fontSmallCaps, 20)
	in := p.rect.Inset(14 * s)
	ui.TextMid(dst, ui.Ellipsis(p.title, tf, p.close.Rect.X-in.X-10*s), tf, in.X, p.close.Rect.CY(), ui.GoldBright, ui.Left)
	p.close.Draw(dst, th)
	if p.tabs.Rect.W > 0 {
		p.tabs.Draw(dst, th)
	}
	clip := dst.SubImage(p.body.Image()).(*ebiten.Image)
	top := p.body.Y - p.sc.Off
	for _, l := range p.lines {
		y := top + l.y
		if l.rule {
			if y >= p.body.Y && y <= p.body.Bottom() {
				ui.Line(clip, p.body.X+l.x, y, p.body.Right(), y, 1*s, l.clr)
			}
			continue
		}
		if y+ui.LineHeight(l.face) < p.body.Y || y > p.body.Bottom() {
			continue
		}
		ui.Text(clip, l.text, l.face, p.body.X+l.x, y, l.clr, ui.Left)
	}
	if p.sc.max() > 0.5 {
		// Where the view stands in the content, and that there is more.
		trackH := p.body.H
		thumbH := math.Max(24*s, trackH*p.body.H/p.height)
		ty := p.body.Y + (trackH-thumbH)*p.sc.Off/p.sc.max()
		ui.RoundRect(dst, ui.R(p.rect.Right()-8*s, ty, 4*s, thumbH), 2*s, ui.Alpha(ui.Gold, 0.6), ui.Transparent, 0)
		if p.sc.Off < p.sc.max()-1 {
			f := th.Face(fontBold, 11)
			ui.TextMid(dst, "▼ more below: scroll", f, p.body.Right(), p.body.Bottom()+moreStrip*s/2, ui.ParchFaint, ui.Right)
		}
	}
}

// Documents in the battle: one at a time, over the table.

// openDoc shows p (in place of any other).
func (b *Battle) openDoc(p *docPanel) { b.doc = p }

// updateDoc gives the document the frame's input first (what falls on
// it is its own); Close or Escape closes it.
func (b *Battle) updateDoc(a *App, f *input.Frame) {
	if b.doc == nil {
		return
	}
	b.doc.layout(a, b.docRect(a))
	if b.doc.update(a, f) || commanded(f, control.CmdBack, b.keys()) {
		b.doc = nil
	}
}

func (b *Battle) drawDoc(a *App, dst *ebiten.Image) {
	if b.doc == nil {
		return
	}
	b.doc.layout(a, b.docRect(a))
	b.doc.draw(a, dst)
}

// logLink is the log's link number for event i of the match's log.
func logLink(i int) int { return i + 1 }

// isDuelReport reports whether event e is a heroic duel's result.
func isDuelReport(e engine.Event) bool {
	return e.Kind == engine.EvCombat && e.Code == engine.CodeContest && e.Combat != nil && e.Combat.Duel != nil
}
