//go:build js && e2e

package game

// The tests' calls on window.hott, built only with the e2e tag (web/e2e
// builds the module with -tags=e2e; make web does not). docs/web.md.
//
//	hott.frame()           updates so far
//	hott.drawn()           frames drawn so far (an idle game draws none)
//	hott.state()           HookState (hook_state.go) as an object
//	hott.pagePos(id, d)    element id's centre, d paces ahead of it if given, in page CSS pixels
//	hott.toPage(x, y)      a table point (paces) in page CSS pixels
//	hott.button(label)     the centre of the top screen's button with that label, in page CSS pixels
//	hott.newGame(opts)     Promise: a hotseat battle {scenario, seed, p1, p2, deploy}
//	hott.shot()            Promise: the next frame as a PNG data URL (ReadPixels)

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/png"
	"strings"
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"
)

func init() {
	installTestHook = (*hooked).installTest
	answerShots = func(h *hooked, screen *ebiten.Image) {
		url, err := pngURL(screen)
		for _, res := range h.shots {
			if err != nil {
				res.Invoke(jsErr(err.Error()))
			} else {
				res.Invoke(url)
			}
		}
		h.shots = nil
	}
}

func (h *hooked) installTest() {
	h.fn("drawn", func([]js.Value) any { return h.gate.Drawn })
	h.fn("frame", func([]js.Value) any { return h.Frame() })
	h.fn("state", func([]js.Value) any { return toJS(h.HookState()) })
	h.fn("pagePos", func(args []js.Value) any {
		if len(args) < 1 {
			return js.Null()
		}
		b := h.topBattle()
		if b == nil {
			return js.Null()
		}
		e, ok := b.M.G.Element(args[0].Int())
		if !ok {
			return js.Null()
		}
		p := b.poseOf(e)
		c := p.Center()
		if len(args) > 1 && args[1].Type() == js.TypeNumber {
			f, _ := p.Dirs()
			d := args[1].Float()
			c.X, c.Y = c.X+f.X*d, c.Y+f.Y*d
		}
		sx, sy := b.Cam.ToScreen(c.X, c.Y)
		return h.page(sx, sy)
	})
	h.fn("toPage", func(args []js.Value) any {
		if len(args) < 2 {
			return js.Null()
		}
		sx, sy, ok := h.WorldToScreen(args[0].Float(), args[1].Float())
		if !ok {
			return js.Null()
		}
		return h.page(sx, sy)
	})
	h.fn("button", func(args []js.Value) any {
		if len(args) < 1 || h.Top() == nil {
			return js.Null()
		}
		want := strings.ToLower(args[0].String())
		for _, b := range buttonsOf(h.Top()) {
			if strings.ToLower(b.Label) == want || strings.HasPrefix(strings.ToLower(b.Label), want) {
				return h.page(b.X+b.W/2, b.Y+b.H/2)
			}
		}
		return js.Null()
	})
	h.fn("newGame", func(args []js.Value) any {
		p, res, rej := promise()
		o := newGameOpts{Scenario: h.Opts.Scenario, Seed: h.Opts.Seed, Names: h.Opts.Names}
		if len(args) > 0 && args[0].Type() == js.TypeObject {
			s := js.Global().Get("JSON").Call("stringify", args[0]).String()
			if err := json.Unmarshal([]byte(s), &o); err != nil {
				rej.Invoke(err.Error())
				return p
			}
		}
		h.jobs = append(h.jobs, func() {
			m, err := h.StartMatch(o.Scenario, o.Seed, [2]string{or(o.P1, o.Names[0]), or(o.P2, o.Names[1])}, o.Deploy)
			if err != nil {
				rej.Invoke(err.Error())
				return
			}
			h.Reset(NewBattle(h.App, m))
			res.Invoke(toJS(h.HookState()))
		})
		return p
	})
	h.fn("shot", func([]js.Value) any {
		p, res, _ := promise()
		h.shots = append(h.shots, res)
		return p
	})
}

type newGameOpts struct {
	Scenario string    `json:"scenario"`
	Seed     uint64    `json:"seed"`
	P1       string    `json:"p1"`
	P2       string    `json:"p2"`
	Deploy   bool      `json:"deploy"`
	Names    [2]string `json:"-"`
}

func or(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// pngURL reads the screen (inside Draw) and encodes it as a data URL.
func pngURL(screen *ebiten.Image) (string, error) {
	b := screen.Bounds()
	img := image.NewRGBA(b)
	screen.ReadPixels(img.Pix)
	// ReadPixels gives premultiplied alpha; the screen is opaque.
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, img); err != nil {
		return "", err
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes()), nil
}
