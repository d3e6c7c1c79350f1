package ui

import (
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"pelennor/assets"
	"pelennor/game/render/glyphs"
	"pelennor/game/render/textcache"
)

var (
	whiteImage = ebiten.NewImage(3, 3)
	whiteSub   = whiteImage.SubImage(whiteImage.Bounds().Inset(1)).(*ebiten.Image)
)

func init() { whiteImage.Fill(color.White) }

// FillPath fills a convex path with a colour. (Convex shapes need no
// stencil, so Ebitengine batches them with the rest.)
func FillPath(dst *ebiten.Image, p *vector.Path, clr color.Color) {
	vs, is := p.AppendVerticesAndIndicesForFilling(nil, nil)
	drawTris(dst, vs, is, clr, ebiten.FillRuleFillAll)
}

// StrokePath strokes a path.
func StrokePath(dst *ebiten.Image, p *vector.Path, width float64, clr color.Color) {
	vs, is := p.AppendVerticesAndIndicesForStroke(nil, nil, &vector.StrokeOptions{Width: float32(width), LineJoin: vector.LineJoinRound, LineCap: vector.LineCapRound})
	drawTris(dst, vs, is, clr, ebiten.FillRuleFillAll)
}

func drawTris(dst *ebiten.Image, vs []ebiten.Vertex, is []uint16, clr color.Color, rule ebiten.FillRule) {
	if len(is) == 0 {
		return
	}
	r, g, b, a := clr.RGBA()
	for i := range vs {
		vs[i].SrcX, vs[i].SrcY = 1, 1
		vs[i].ColorR = float32(r) / 0xffff
		vs[i].ColorG = float32(g) / 0xffff
		vs[i].ColorB = float32(b) / 0xffff
		vs[i].ColorA = float32(a) / 0xffff
	}
	op := &ebiten.DrawTrianglesOptions{AntiAlias: AntiAlias, FillRule: rule, ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha}
	dst.DrawTriangles(vs, is, whiteSub, op)
}

// RoundRectPath returns the path of a rectangle with rounded corners.
func RoundRectPath(r Rect, rad float64) *vector.Path {
	rad = math.Min(rad, math.Min(r.W, r.H)/2)
	var p vector.Path
	x0, y0, x1, y1 := float32(r.X), float32(r.Y), float32(r.Right()), float32(r.Bottom())
	rr := float32(rad)
	p.MoveTo(x0+rr, y0)
	p.LineTo(x1-rr, y0)
	p.Arc(x1-rr, y0+rr, rr, -math.Pi/2, 0, vector.Clockwise)
	p.LineTo(x1, y1-rr)
	p.Arc(x1-rr, y1-rr, rr, 0, math.Pi/2, vector.Clockwise)
	p.LineTo(x0+rr, y1)
	p.Arc(x0+rr, y1-rr, rr, math.Pi/2, math.Pi, vector.Clockwise)
	p.LineTo(x0, y0+rr)
	p.Arc(x0+rr, y0+rr, rr, math.Pi, 3*math.Pi/2, vector.Clockwise)
	p.Close()
	return &p
}

// RoundRect fills a rounded rectangle and strokes its edge (skipped when
// stroke is transparent or width is 0). Its triangles are kept
// (meshcache.go).
func RoundRect(dst *ebiten.Image, r Rect, rad float64, fill, stroke color.Color, width float64) {
	if r.W <= 0 || r.H <= 0 {
		return
	}
	if _, _, _, a := fill.RGBA(); a > 0 {
		drawRoundRect(dst, r, rad, 0, fill)
	}
	if _, _, _, a := stroke.RGBA(); a > 0 && width > 0 {
		drawRoundRect(dst, r, rad, width, stroke)
	}
}

// Fill fills a plain rectangle.
func Fill(dst *ebiten.Image, r Rect, clr color.Color) {
	vector.DrawFilledRect(dst, float32(r.X), float32(r.Y), float32(r.W), float32(r.H), clr, false)
}

// Line draws a line.
func Line(dst *ebiten.Image, x0, y0, x1, y1, width float64, clr color.Color) {
	vector.StrokeLine(dst, float32(x0), float32(y0), float32(x1), float32(y1), float32(width), clr, AntiAlias)
}

// Align is a horizontal alignment.
type Align int

// Alignments.
const (
	Left Align = iota
	Center
	Right
)

// Text draws one line of text with its top at y (or centred on y with
// middle), aligned on x.
// (Through textcache: the string is drawn from one image made once.)
func Text(dst *ebiten.Image, s string, face *glyphs.Face, x, y float64, clr color.Color, align Align) {
	textcache.Draw(dst, s, face, x, y, clr, glyphs.Align(align), glyphs.AlignStart)
}

// TextMid draws one line of text vertically centred on cy.
func TextMid(dst *ebiten.Image, s string, face *glyphs.Face, x, cy float64, clr color.Color, align Align) {
	textcache.Draw(dst, s, face, x, cy, clr, glyphs.Align(align), glyphs.AlignCenter)
}

// Width returns the advance of s in face.
func Width(s string, face *glyphs.Face) float64 { return textcache.Advance(s, face) }

// LineHeight returns the line height of a face.
func LineHeight(face *glyphs.Face) float64 {
	m := face.Metrics()
	return math.Ceil(m.HAscent + m.HDescent + m.HLineGap)
}

// Wrap breaks s into lines no wider than w (explicit newlines kept).
func Wrap(s string, face *glyphs.Face, w float64) []string {
	return WrapFunc(s, w, func(s string) float64 { return textcache.Advance(s, face) })
}

// WrapFunc breaks s into lines no wider than w as measured by width.
func WrapFunc(s string, w float64, width func(string) float64) []string {
	var out []string
	for _, para := range strings.Split(s, "\n") {
		words := strings.Fields(para)
		if len(words) == 0 {
			out = append(out, "")
			continue
		}
		line := words[0]
		for _, wd := range words[1:] {
			if width(line+" "+wd) <= w {
				line += " " + wd
			} else {
				out = append(out, line)
				line = wd
			}
		}
		out = append(out, line)
	}
	return out
}

// FitLines wraps the first of the wordings that fits in at most n lines
// no wider than w, and reports whether one did; when none does, the last
// (the shortest) is cut to n lines, the last of them shortened with "…".
func FitLines(face *glyphs.Face, w float64, n int, wordings ...string) ([]string, bool) {
	var lines []string
	for _, s := range wordings {
		lines = Wrap(s, face, w)
		if len(lines) <= n && linesFit(lines, face, w) {
			return lines, true
		}
	}
	if n < 1 || len(lines) == 0 {
		return nil, false
	}
	if len(lines) > n {
		lines = append(lines[:n-1:n-1], strings.Join(lines[n-1:], " "))
	}
	for i, l := range lines {
		lines[i] = Ellipsis(l, face, w)
	}
	return lines, false
}

// linesFit reports whether every line is at most w wide (a single word
// wider than w stays on its line, too wide).
func linesFit(lines []string, face *glyphs.Face, w float64) bool {
	for _, l := range lines {
		if glyphs.Advance(l, face) > w+0.5 {
			return false
		}
	}
	return true
}

// Ellipsis shortens s with "…" to fit width w.
func Ellipsis(s string, face *glyphs.Face, w float64) string {
	if textcache.Advance(s, face) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && textcache.Advance(string(r)+"…", face) > w {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// Mix blends two colours: t = 0 gives a, 1 gives b.
func Mix(a, b color.Color, t float64) color.RGBA {
	ar, ag, ab, aa := a.RGBA()
	br, bg, bb, ba := b.RGBA()
	f := func(x, y uint32) uint8 { return uint8((float64(x)*(1-t) + float64(y)*t) / 257) }
	return color.RGBA{f(ar, br), f(ag, bg), f(ab, bb), f(aa, ba)}
}

// Alpha returns c with its alpha scaled by a (premultiplied).
func Alpha(c color.Color, a float64) color.RGBA {
	r, g, b, al := c.RGBA()
	return color.RGBA{uint8(float64(r) * a / 257), uint8(float64(g) * a / 257), uint8(float64(b) * a / 257), uint8(float64(al) * a / 257)}
}

// Panel draws a framed panel: a dark translucent fill, a steel edge and a
// thin gold line inside it.
func Panel(dst *ebiten.Image, th *Theme, r Rect) {
	s := th.Scale
	RoundRect(dst, Rect{r.X + 3*s, r.Y + 4*s, r.W, r.H}, 8*s, Shadow, Transparent, 0)
	RoundRect(dst, r, 8*s, PanelFill, SteelEdge, 1.5*s)
	RoundRect(dst, r.Inset(4*s), 5*s, Transparent, Alpha(GoldDeep, 0.6), 1*s)
}

// PanelTitle draws a panel and its title; it returns the area below the
// title.
func PanelTitle(dst *ebiten.Image, th *Theme, r Rect, title string) Rect {
	Panel(dst, th, r)
	s := th.Scale
	f := th.Face(assets.SmallCaps, 17)
	Text(dst, title, f, r.X+14*s, r.Y+10*s, GoldBright, Left)
	y := r.Y + 10*s + LineHeight(f) + 4*s
	Line(dst, r.X+12*s, y, r.Right()-12*s, y, 1*s, Alpha(Gold, 0.5))
	return Rect{r.X + 12*s, y + 8*s, r.W - 24*s, r.Bottom() - y - 16*s}
}

// CheckPath is a tick mark filling r.
func CheckPath(r Rect) *vector.Path {
	var p vector.Path
	p.MoveTo(float32(r.X), float32(r.Y+r.H*0.55))
	p.LineTo(float32(r.X+r.W*0.38), float32(r.Bottom()))
	p.LineTo(float32(r.Right()), float32(r.Y))
	return &p
}

// AntiAlias turns Ebitengine's anti-aliasing of widget shapes on.
var AntiAlias = false
