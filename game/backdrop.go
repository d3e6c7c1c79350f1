package game

import (
	"image/color"
	"math"
	"math/rand/v2"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game/render"
	"pelennor/game/ui"
)

// backdrop is the painted scene behind the menus: dusk over the Pelennor,
// the white city on the shoulder of Mindolluin, the fires of the siege
// and the shadow of Mordor. It is drawn once per window size.
type backdrop struct {
	img  *ebiten.Image
	w, h int
}

var theBackdrop backdrop

func gradient(dst *ebiten.Image, x0, y0, x1, y1 float64, top, bottom color.Color) {
	tr, tg, tb, ta := top.RGBA()
	br, bg, bb, ba := bottom.RGBA()
	v := func(x, y float64, r, g, b, a uint32) ebiten.Vertex {
		return ebiten.Vertex{DstX: float32(x), DstY: float32(y), SrcX: 1, SrcY: 1,
			ColorR: float32(r) / 0xffff, ColorG: float32(g) / 0xffff, ColorB: float32(b) / 0xffff, ColorA: float32(a) / 0xffff}
	}
	vs := []ebiten.Vertex{v(x0, y0, tr, tg, tb, ta), v(x1, y0, tr, tg, tb, ta), v(x1, y1, br, bg, bb, ba), v(x0, y1, br, bg, bb, ba)}
	op := &ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha}
	dst.DrawTriangles(vs, []uint16{0, 1, 2, 0, 2, 3}, whitePixel, op)
}

var whitePixel = func() *ebiten.Image {
	img := ebiten.NewImage(3, 3)
	img.Fill(color.White)
	return img.SubImage(img.Bounds().Inset(1)).(*ebiten.Image)
}()

func (b *backdrop) draw(dst *ebiten.Image) {
	w, h := dst.Bounds().Dx(), dst.Bounds().Dy()
	if b.img == nil || b.w != w || b.h != h {
		if b.img != nil {
			b.img.Deallocate()
		}
		b.img = ebiten.NewImage(w, h)
		b.w, b.h = w, h
		paintBackdrop(b.img, float64(w), float64(h))
	}
	dst.DrawImage(b.img, nil)
}

func paintBackdrop(img *ebiten.Image, W, H float64) {
	rng := rand.New(rand.NewPCG(1, 2))
	cv := render.NewCanvas(img)
	horizon := H * 0.64
	gradient(img, 0, 0, W, horizon*0.55, color.RGBA{0x0b, 0x0e, 0x17, 0xff}, color.RGBA{0x1c, 0x1d, 0x2a, 0xff})
	gradient(img, 0, horizon*0.55, W, horizon, color.RGBA{0x1c, 0x1d, 0x2a, 0xff}, color.RGBA{0x4a, 0x2b, 0x22, 0xff})
	gradient(img, 0, horizon, W, H, color.RGBA{0x1d, 0x1a, 0x16, 0xff}, color.RGBA{0x0c, 0x0c, 0x0e, 0xff})
	// Stars in the clear west.
	for i := 0; i < 140; i++ {
		x, y := rng.Float64()*W*0.6, rng.Float64()*horizon*0.5
		a := 0.2 + rng.Float64()*0.5
		cv.Circle(x, y, 0.6+rng.Float64()*0.9, render.Fade(color.White, a*(1-y/(horizon*0.5))))
	}
	// The glow of Mordor in the east.
	for i := 0; i < 28; i++ {
		r := W * (0.05 + float64(i)*0.012)
		cv.Circle(W*0.86, horizon+H*0.02, r, render.Fade(color.RGBA{0xb0, 0x3a, 0x18, 0xff}, 0.018))
	}
	// The Ephel Dúath: a jagged ridge on the eastern horizon.
	var ridge []float64
	ridge = append(ridge, W*0.42, horizon+2)
	for x := W * 0.42; x <= W+10; x += W / 90 {
		y := horizon - H*0.025 - rng.Float64()*H*0.03 - math.Max(0, (x-W*0.6)/W)*H*0.08
		ridge = append(ridge, x, y)
	}
	ridge = append(ridge, W+10, horizon+2)
	cv.FillPoly(color.RGBA{0x16, 0x10, 0x12, 0xff}, ridge...)
	// The plain, and the fires of the siege camps with their smoke.
	cv.Convex(color.RGBA{0x16, 0x15, 0x12, 0xff}, 0, horizon, W, horizon, W, H, 0, H)
	for i := 0; i < 26; i++ {
		x := W*0.35 + rng.Float64()*W*0.62
		y := horizon + 4 + rng.Float64()*H*0.12
		cv.Circle(x, y, 10+rng.Float64()*10, render.Fade(color.RGBA{0xff, 0x70, 0x20, 0xff}, 0.07))
		cv.Circle(x, y, 1.5+rng.Float64()*1.5, color.RGBA{0xff, 0xb0, 0x50, 0xff})
		var smoke []float64
		for k := 0; k < 12; k++ {
			t := float64(k) / 11
			smoke = append(smoke, x+math.Sin(t*3+float64(i))*W*0.01+t*W*0.03, y-t*H*0.22)
		}
		cv.Polyline(6+rng.Float64()*10, render.Fade(color.RGBA{0x50, 0x48, 0x48, 0xff}, 0.12), false, smoke...)
	}
	// Mindolluin: a great dark shoulder on the left.
	var mtn []float64
	mtn = append(mtn, -10, H)
	for x := -10.0; x <= W*0.42; x += W / 120 {
		t := x / (W * 0.42)
		y := H*0.12 + t*t*(horizon-H*0.12) + math.Sin(x*0.05)*4 + rng.Float64()*3
		mtn = append(mtn, x, y)
	}
	mtn = append(mtn, W*0.42, H)
	cv.FillPoly(color.RGBA{0x1a, 0x1c, 0x24, 0xff}, mtn...)
	// Minas Tirith: seven white tiers on the mountain's knee, the prow of
	// rock, the Tower of Ecthelion.
	cx, base := W*0.2, horizon+H*0.02
	for tier := 0; tier < 7; tier++ {
		rw := W * (0.15 - float64(tier)*0.017)
		y := base - float64(tier)*H*0.032
		shade := render.Mix(color.RGBA{0xd9, 0xd6, 0xcc, 0xff}, color.RGBA{0x8a, 0x86, 0x80, 0xff}, 0.15+float64(tier)*0.05)
		var p []float64
		for k := 0; k <= 24; k++ {
			a := math.Pi * float64(k) / 24
			p = append(p, cx-rw*math.Cos(a), y-H*0.018*math.Sin(a))
		}
		p = append(p, cx+rw, y+H*0.034, cx-rw, y+H*0.034)
		cv.FillPoly(shade, p...)
		cv.Polyline(1.2, render.Fade(color.Black, 0.35), false, p[:50]...)
		for k := 0; k < int(rw/7); k++ {
			lx := cx - rw*0.9 + rng.Float64()*rw*1.8
			cv.Circle(lx, y+H*0.012+rng.Float64()*H*0.014, 1.1, render.Fade(color.RGBA{0xff, 0xd9, 0x8a, 0xff}, 0.5+rng.Float64()*0.5))
		}
	}
	cv.Convex(color.RGBA{0x9c, 0x98, 0x90, 0xff}, cx-W*0.004, base-H*0.38, cx+W*0.004, base-H*0.38, cx+W*0.007, base-H*0.19, cx-W*0.007, base-H*0.19)
	cv.Convex(color.RGBA{0xe8, 0xe4, 0xdb, 0xff}, cx-W*0.0025, base-H*0.41, cx+W*0.0025, base-H*0.41, cx+W*0.004, base-H*0.38, cx-W*0.004, base-H*0.38)
	// A vignette.
	for i := 0; i < 12; i++ {
		d := float64(i) * math.Min(W, H) * 0.012
		cv.Polyline(math.Min(W, H)*0.024, render.Fade(color.Black, 0.07), true, d, d, W-d, d, W-d, H-d, d, H-d)
	}
	cv.Flush()
}

// drawTitle draws the game's name, large, with a subtitle.
func drawTitle(dst *ebiten.Image, th *ui.Theme, cx, y float64) float64 {
	big := th.Face(fontSmallCaps, 92)
	s := th.Scale
	ui.Text(dst, "PELENNOR", big, cx+3*s, y+4*s, ui.Alpha(color.Black, 0.6), ui.Center)
	ui.Text(dst, "PELENNOR", big, cx, y, ui.GoldBright, ui.Center)
	y += ui.LineHeight(big) - 6*s
	sub := th.Face(fontItalic, 20)
	ui.Text(dst, "The Battle of the Pelennor Fields  ·  a game of Hordes of the Things", sub, cx, y, ui.ParchDim, ui.Center)
	y += ui.LineHeight(sub) + 10*s
	ui.Line(dst, cx-220*s, y, cx+220*s, y, 1.5*s, ui.Alpha(ui.Gold, 0.7))
	d := 6 * s
	cv := render.NewCanvas(dst)
	cv.Convex(ui.Gold, cx, y-d, cx+d, y, cx, y+d, cx-d, y)
	cv.Flush()
	return y + 16*s
}
