package render

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/game/internal/ebitest"
	"pelennor/scenarios"
)

func TestMain(m *testing.M) { ebitest.Main(m) }

// tableView draws a terrain through a camera, as the battle screen does.
type tableView struct {
	t   *Terrain
	cam *Camera
}

func (v *tableView) Update() error                       { return nil }
func (v *tableView) Draw(s *ebiten.Image)                { v.t.Draw(s, v.cam) }
func (v *tableView) Layout(w, h int) (int, int)          { return w, h }
func (v *tableView) LayoutF(w, h float64) (x, y float64) { return w, h }

// directView draws the terrain for the view straight onto a fresh image,
// without the cache.
type directView struct{ tableView }

func (v *directView) Draw(s *ebiten.Image) {
	img := ebiten.NewImage(int(v.cam.VW), int(v.cam.VH))
	c := *v.cam
	c.VX, c.VY = 0, 0
	v.t.render(img, &c)
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(v.cam.VX, v.cam.VY)
	s.DrawImage(img, op)
	img.Deallocate()
}

func pelennorTerrain(t *testing.T) *Terrain {
	t.Helper()
	data, err := scenarios.Load("pelennor")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := engine.ParseScenario("pelennor", data)
	if err != nil {
		t.Fatal(err)
	}
	return NewTerrain(sc, 1)
}

// differing counts the pixels of a and b that differ by more than tol in
// some channel.
func differing(a, b *image.RGBA, tol int) int {
	n := 0
	for i := 0; i+3 < len(a.Pix); i += 4 {
		for k := 0; k < 4; k++ {
			if d := int(a.Pix[i+k]) - int(b.Pix[i+k]); d > tol || d < -tol {
				n++
				break
			}
		}
	}
	return n
}

// A pan within the cache's margin draws the terrain it already has, and
// shows what the terrain drawn straight for the new view shows; a pan beyond
// the margin or a zoom draws it again.
func TestTerrainPansWithinItsMargin(t *testing.T) {
	tr := pelennorTerrain(t)
	cam := &Camera{TableW: tr.W, TableH: tr.H, Zoom: 0.3}
	cam.SetViewport(0, 0, float64(ebitest.Width), float64(ebitest.Height))
	cam.CenterOn(tr.W/2, tr.H/2)
	v := &tableView{t: tr, cam: cam}
	ebitest.Run(t, v, 2)
	if tr.Redraws != 1 {
		t.Fatalf("terrain drawn %d times for one view", tr.Redraws)
	}
	m := float64(cacheMargin(ebitest.Width, ebitest.Height))
	cam.PanBy(m-10, -(m - 20))
	panned := ebitest.Run(t, v, 2)
	if tr.Redraws != 1 {
		t.Fatalf("terrain drawn again (%d times) for a pan within the margin of %v px", tr.Redraws, m)
	}
	fresh := pelennorTerrain(t)
	want := ebitest.Run(t, &directView{tableView{t: fresh, cam: cam}}, 2)
	if n := differing(panned, want, 8); n > len(want.Pix)/4/200 {
		t.Errorf("%d pixels differ from the terrain drawn straight for the panned view", n)
	}

	cam.PanBy(30, 0) // 20 px beyond the margin
	ebitest.Run(t, v, 2)
	if tr.Redraws != 2 {
		t.Errorf("terrain drawn %d times, want again after a pan beyond the margin", tr.Redraws)
	}
	cam.ZoomAt(300, 300, 1.1)
	ebitest.Run(t, v, 2)
	if tr.Redraws != 3 {
		t.Errorf("terrain drawn %d times, want again after a zoom", tr.Redraws)
	}
	tr.Invalidate()
	ebitest.Run(t, v, 2)
	if tr.Redraws != 4 {
		t.Errorf("terrain drawn %d times, want again after Invalidate", tr.Redraws)
	}
}
