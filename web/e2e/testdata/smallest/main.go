// Command smallest is the yardstick for the browser build's size and first
// frame (docs/web.md, web/e2e): the smallest Ebitengine game with a line
// of text in a Go font and an audio context. It reports its first drawn
// frame as the game's hook does (hott.ready, hott.timing.firstFrame), so
// the same page and test measure both.
package main

import (
	"bytes"
	"log"
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/audio"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/goregular"
)

type game struct {
	face  *text.GoTextFace
	drawn bool
}

func (g *game) Update() error { return nil }

func (g *game) Draw(screen *ebiten.Image) {
	op := &text.DrawOptions{}
	op.GeoM.Translate(40, 40)
	text.Draw(screen, "The smallest game", g.face, op)
	if !g.drawn {
		g.drawn = true
		hott := js.Global().Get("Object").New()
		t := js.Global().Get("hottTiming")
		if !t.Truthy() {
			t = js.Global().Get("Object").New()
		}
		t.Set("firstFrame", js.Global().Get("performance").Call("now"))
		hott.Set("timing", t)
		hott.Set("ready", true)
		js.Global().Set("hott", hott)
		js.Global().Call("dispatchEvent", js.Global().Get("CustomEvent").New("hott:ready"))
	}
}

func (g *game) Layout(w, h int) (int, int) { return w, h }

func main() {
	src, err := text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF))
	if err != nil {
		log.Fatal(err)
	}
	audio.NewContext(48000)
	if err := ebiten.RunGame(&game{face: &text.GoTextFace{Source: src, Size: 24}}); err != nil {
		log.Fatal(err)
	}
}
