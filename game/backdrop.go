package game

import (
	"image"
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
	cv.AA = true
	rgb := render.RGB
	horizon := H * 0.63
	// The sky: night above, the red glow of Mordor low in the east.
	gradient(img, 0, 0, W, horizon*0.5, rgb(0x06, 0x08, 0x10), rgb(0x12, 0x15, 0x22))
	gradient(img, 0, horizon*0.5, W, horizon, rgb(0x12, 0x15, 0x22), rgb(0x2a, 0x1c, 0x22))
	for i := 0; i < 26; i++ {
		r := W * (0.03 + float64(i)*0.011)
		cv.Circle(W*0.84, horizon, r, render.Fade(rgb(0xc0, 0x40, 0x18), 0.02))
	}
	// Stars in the clear west.
	for i := 0; i < 220; i++ {
		x, y := rng.Float64()*W*0.55, rng.Float64()*horizon*0.6
		a := (0.15 + rng.Float64()*0.6) * (1 - x/(W*0.55))
		cv.Circle(x, y, 0.5+rng.Float64()*rng.Float64()*1.6, render.Fade(color.White, a))
	}
	// The Darkness rolling from the east.
	for i := 0; i < 70; i++ {
		x := W*0.45 + rng.Float64()*W*0.65
		y := rng.Float64() * horizon * 0.55
		r := W * (0.04 + rng.Float64()*0.08)
		pts := make([]float64, 0, 48)
		for k := 0; k < 24; k++ {
			a := 2 * math.Pi * float64(k) / 24
			pts = append(pts, x+r*math.Cos(a)*1.8, y+r*math.Sin(a)*0.45)
		}
		cv.Convex(render.Fade(rgb(0x05, 0x05, 0x08), 0.16), pts...)
	}
	// The Ephel Dúath, lit from behind.
	var ridge []float64
	for x := W * 0.4; x <= W+10; x += W / 110 {
		y := horizon - H*0.018 - rng.Float64()*H*0.022 - math.Max(0, (x-W*0.55)/W)*H*0.09 - math.Pow(math.Sin(x*0.013), 2)*H*0.012
		ridge = append(ridge, x, y)
	}
	poly := append([]float64{W * 0.4, horizon + 4}, ridge...)
	poly = append(poly, W+10, horizon+4)
	cv.FillPoly(rgb(0x17, 0x10, 0x12), poly...)
	cv.Polyline(1.3, render.Fade(rgb(0xa0, 0x3a, 0x1c), 0.55), false, ridge...)
	// The plain of the Pelennor, darkening toward us, its fields drawn in
	// perspective toward the river.
	cv.Flush()
	gradient(img, 0, horizon, W, H, rgb(0x1c, 0x1b, 0x15), rgb(0x07, 0x07, 0x07))
	for k := 1.0; k < 9; k++ {
		y := horizon + (H-horizon)*math.Pow(k/9, 2.2)
		cv.Line(0, y, W, y+math.Sin(k)*4, 1+k*0.3, render.Fade(rgb(0x24, 0x22, 0x1a), 0.35))
	}
	// The fires of the siege camps, and their smoke drifting west.
	for i := 0; i < 60; i++ {
		x := W*0.34 + rng.Float64()*W*0.64
		y := horizon + 3 + rng.Float64()*rng.Float64()*H*0.16
		near := (y - horizon) / (H * 0.16)
		for k := 0; k < 5; k++ {
			cv.Circle(x, y, (4+near*10)*float64(k+1), render.Fade(rgb(0xff, 0x6a, 0x20), 0.035))
		}
		cv.Circle(x, y, 1.2+near*2, rgb(0xff, 0xc0, 0x60))
		if i%3 == 0 {
			for k := 0; k < 14; k++ {
				t := float64(k) / 13
				cv.Circle(x-t*W*0.05+math.Sin(t*5+float64(i))*W*0.006, y-t*H*0.2, 3+t*W*0.012, render.Fade(rgb(0x40, 0x38, 0x3a), 0.05*(1-t*0.6)))
			}
		}
	}
	// Mindolluin: the mountain's shoulder above the city, with a lighter
	// face and a little snow.
	var mtn []float64
	mtn = append(mtn, -10, H)
	for x := -10.0; x <= W*0.58; x += W / 160 {
		t := x / (W * 0.58)
		y := H*0.05 + H*0.05*math.Abs(math.Sin(t*7)) + t*t*(horizon-H*0.05) + rng.Float64()*2.5
		if t < 0.12 {
			y = H*0.05 + (0.12-t)*H*0.6
		}
		mtn = append(mtn, x, y)
	}
	mtn = append(mtn, W*0.58, H)
	cv.FillPoly(rgb(0x12, 0x15, 0x1e), mtn...)
	// A lighter rock face in front, rising from the left edge.
	var face []float64
	face = append(face, -10, H)
	for x := -10.0; x <= W*0.46; x += W / 120 {
		t := (x + 10) / (W*0.46 + 10)
		y := H*0.3 + t*t*(horizon-H*0.3) + rng.Float64()*3 + 10*math.Sin(t*9)
		face = append(face, x, y)
	}
	face = append(face, W*0.46, H)
	cv.FillPoly(rgb(0x17, 0x1a, 0x24), face...)
	// Minas Tirith: seven walled tiers, the prow of rock through them, the
	// white tower on top. The walls catch the firelight from the east.
	cx, base := W*0.25, horizon+H*0.035
	tierH := H * 0.036
	for tier := 0; tier < 7; tier++ {
		rx := W * (0.13 - float64(tier)*0.0145)
		ry := rx * 0.2
		top := base - float64(tier)*tierH
		wall := tierH * 0.62
		// The ring's face: an arc of wall.
		var p []float64
		n := 36
		for k := 0; k <= n; k++ {
			a := math.Pi * float64(k) / float64(n)
			p = append(p, cx-rx*math.Cos(a), top+ry*math.Sin(a)*0.35)
		}
		for k := n; k >= 0; k-- {
			a := math.Pi * float64(k) / float64(n)
			p = append(p, cx-rx*math.Cos(a), top+wall+ry*math.Sin(a)*0.35)
		}
		lit := render.Mix(rgb(0xb9, 0xb6, 0xb0), rgb(0xe4, 0xdd, 0xd0), float64(tier)/7)
		cv.FillPoly(lit, p...)
		// Firelight on the eastern half.
		var q []float64
		for k := n / 2; k <= n; k++ {
			a := math.Pi * float64(k) / float64(n)
			q = append(q, cx-rx*math.Cos(a), top+ry*math.Sin(a)*0.35)
		}
		for k := n; k >= n/2; k-- {
			a := math.Pi * float64(k) / float64(n)
			q = append(q, cx-rx*math.Cos(a), top+wall+ry*math.Sin(a)*0.35)
		}
		cv.FillPoly(render.Fade(rgb(0xff, 0x9a, 0x60), 0.16), q...)
		// Battlements and lit windows.
		for k := 0; k <= n; k += 1 {
			a := math.Pi * float64(k) / float64(n)
			x, y := cx-rx*math.Cos(a), top+ry*math.Sin(a)*0.35
			cv.Convex(render.Fade(rgb(0x6a, 0x66, 0x60), 0.8), x-1.2, y-2.5, x+1.2, y-2.5, x+1.2, y, x-1.2, y)
			if rng.Float64() < 0.45 {
				wy := y + wall*(0.35+rng.Float64()*0.4)
				cv.Circle(x+rng.Float64()*4-2, wy, 0.9, render.Fade(rgb(0xff, 0xd2, 0x80), 0.5+rng.Float64()*0.5))
			}
		}
		// A shadow line under the wall.
		var sh []float64
		for k := 0; k <= n; k++ {
			a := math.Pi * float64(k) / float64(n)
			sh = append(sh, cx-rx*math.Cos(a), top+wall+ry*math.Sin(a)*0.35)
		}
		cv.Polyline(2, render.Fade(color.Black, 0.45), false, sh...)
	}
	// The prow of rock, cleaving the tiers.
	cv.FillPoly(rgb(0x8c, 0x88, 0x82), cx-W*0.012, base+tierH*0.6, cx+W*0.016, base+tierH*0.6, cx+W*0.004, base-6.2*tierH, cx-W*0.002, base-6.2*tierH)
	cv.FillPoly(render.Fade(color.Black, 0.25), cx+W*0.002, base+tierH*0.6, cx+W*0.016, base+tierH*0.6, cx+W*0.004, base-6.2*tierH)
	// The citadel and the Tower of Ecthelion.
	ty := base - 6*tierH
	cv.Convex(rgb(0xdc, 0xd8, 0xd0), cx-W*0.016, ty+2, cx+W*0.016, ty+2, cx+W*0.012, ty-tierH*0.45, cx-W*0.012, ty-tierH*0.45)
	cv.Convex(rgb(0xe9, 0xe6, 0xdf), cx-W*0.0026, ty-tierH*0.4, cx+W*0.0026, ty-tierH*0.4, cx+W*0.002, ty-H*0.13, cx-W*0.002, ty-H*0.13)
	cv.Convex(rgb(0xf6, 0xf3, 0xec), cx-W*0.002, ty-H*0.13, cx+W*0.002, ty-H*0.13, cx, ty-H*0.155)
	cv.Circle(cx, ty-H*0.135, 1.4, rgb(0xff, 0xe8, 0xa8))
	for k := 0; k < 6; k++ {
		cv.Circle(cx, ty-H*0.135, float64(k+1)*3, render.Fade(rgb(0xff, 0xe8, 0xa8), 0.04))
	}
	// The near ridge and the Rohirrim riding over it at dawn, banners up.
	var hill []float64
	hill = append(hill, -10, H+10)
	for x := -10.0; x <= W+10; x += W / 80 {
		t := x / W
		hill = append(hill, x, H*0.88-math.Sin(t*math.Pi*0.9+0.2)*H*0.07+math.Sin(t*17)*2)
	}
	hill = append(hill, W+10, H+10)
	cv.FillPoly(rgb(0x06, 0x07, 0x08), hill...)
	ridgeY := func(x float64) float64 {
		t := x / W
		return H*0.88 - math.Sin(t*math.Pi*0.9+0.2)*H*0.07 + math.Sin(t*17)*2
	}
	k := H / 900
	for i := 0; i < 34; i++ {
		x := W*0.04 + float64(i)*W*0.0125 + rng.Float64()*W*0.004
		y := ridgeY(x) + 1
		rider(cv, x, y, k*(0.9+rng.Float64()*0.2), i%7 == 3, rng)
	}
	// Vignette.
	cv.Flush()
	gradient(img, 0, 0, W, H*0.18, render.Fade(color.Black, 0.55), render.Fade(color.Black, 0))
	gradient(img, 0, H*0.8, W, H, render.Fade(color.Black, 0), render.Fade(color.Black, 0.5))
	cv.Flush()
}

// rider is a horseman's silhouette standing on (x, y), k scaling 1 to a
// 900-pixel-high screen; banner adds a pennon on his spear.
func rider(cv *render.Canvas, x, y, k float64, banner bool, rng *rand.Rand) {
	ink := render.RGB(0x06, 0x07, 0x08)
	s := 1.4 * k
	// The horse: body, neck and head, four legs.
	cv.Convex(ink, x-9*s, y-9*s, x+7*s, y-10*s, x+9*s, y-6*s, x-9*s, y-5*s)
	cv.Convex(ink, x+5*s, y-9*s, x+9*s, y-16*s, x+12*s, y-15*s, x+9*s, y-7*s)
	cv.Convex(ink, x+9*s, y-16*s, x+14*s, y-13*s, x+13*s, y-11*s, x+9*s, y-13*s)
	for _, lx := range []float64{-8, -5, 4, 7} {
		cv.Line(x+lx*s, y-6*s, x+(lx+rng.Float64()*2-1)*s, y, 1.3*s, ink)
	}
	cv.Line(x-9*s, y-8*s, x-12*s, y-3*s, 1.2*s, ink)
	// The rider and his spear.
	cv.Convex(ink, x-3*s, y-10*s, x+1*s, y-10*s, x+1*s, y-17*s, x-2*s, y-17*s)
	cv.Circle(x-0.5*s, y-19*s, 1.8*s, ink)
	cv.Line(x+2*s, y-9*s, x+5*s, y-32*s, 0.9*s, ink)
	if banner {
		cv.Convex(render.RGB(0x2e, 0x5e, 0x28), x+5*s, y-32*s, x+14*s, y-30*s, x+4.6*s, y-27*s)
		cv.Convex(render.RGB(0xd8, 0xd0, 0xb8), x+7*s, y-31*s, x+9*s, y-30.6*s, x+6.6*s, y-29.4*s)
	}
}

// drawTitle draws the game's name, large, with a subtitle.
func drawTitle(dst *ebiten.Image, th *ui.Theme, cx, y float64) float64 {
	s := th.Scale
	// The word and the line under it keep inside the screen's width, with
	// a margin: a phone's screen is narrower than the word at full size.
	maxW := float64(dst.Bounds().Dx()) - 32*s
	word := "PELENNOR"
	size, track := 92.0, 14*s
	big := th.Face(fontSmallCaps, size)
	total := ui.Width(word, big) + track*float64(len(word)-1)
	if total > maxW {
		size, track = math.Floor(size*maxW/total), track*maxW/total
		big = th.Face(fontSmallCaps, size)
		total = ui.Width(word, big) + track*float64(len(word)-1)
	}
	x := cx - total/2
	for _, r := range word {
		l := string(r)
		for _, o := range [][2]float64{{3, 4}, {-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			ui.Text(dst, l, big, x+o[0]*s, y+o[1]*s, ui.Alpha(color.Black, 0.55), ui.Left)
		}
		ui.Text(dst, l, big, x, y, ui.Gold, ui.Left)
		top := dst.SubImage(image.Rect(int(x-2), int(y), int(x+ui.Width(l, big)+2), int(y+ui.LineHeight(big)*0.52))).(*ebiten.Image)
		ui.Text(top, l, big, x, y, ui.GoldBright, ui.Left)
		x += ui.Width(l, big) + track
	}
	y += ui.LineHeight(big) - 6*s
	sub := th.Face(fontItalic, 20)
	// One line when it fits, else its two halves on two lines.
	subs := []string{"The Battle of the Pelennor Fields  ·  a game of Hordes of the Things"}
	if ui.Width(subs[0], sub) > maxW {
		subs = []string{"The Battle of the Pelennor Fields", "a game of Hordes of the Things"}
	}
	for _, l := range subs {
		ui.Text(dst, ui.Ellipsis(l, sub, maxW), sub, cx, y, ui.ParchDim, ui.Center)
		y += ui.LineHeight(sub)
	}
	y += 10 * s
	lw := math.Min(220*s, maxW/2)
	ui.Line(dst, cx-lw, y, cx+lw, y, 1.5*s, ui.Alpha(ui.Gold, 0.7))
	d := 6 * s
	cv := render.NewCanvas(dst)
	cv.Convex(ui.Gold, cx, y-d, cx+d, y, cx, y+d, cx-d, y)
	cv.Flush()
	return y + 16*s
}
