//go:build js

package game

// window.hott: the browser build's hook for tests and for the page
// (web/index.html). DESIGN.md §7.4, docs/web.md.
//
//	hott.ready             true once the first frame (the title) is drawn
//	hott.timing            performance.now() at the page's steps and firstFrame
//	hott.frame()           updates so far
//	hott.state()           HookState (hook_state.go) as an object
//	hott.pagePos(id, d)    element id's centre, d paces ahead of it if given, in page CSS pixels
//	hott.toPage(x, y)      a table point (paces) in page CSS pixels
//	hott.button(label)     the centre of the top screen's button with that label, in page CSS pixels
//	hott.newGame(opts)     Promise: a hotseat battle {scenario, seed, p1, p2, deploy}
//	hott.shot()            Promise: the next frame as a PNG data URL (ReadPixels)
//	hott.exportSave()      {name, data} of the battle in play, or {error}
//	hott.importSave(n, t)  Promise: opens a save or turn file's text and keeps it; {error} if it cannot
//	hott.files()           [{area, name, size, modified}] the files kept (saves, autosave, exports)
//	hott.file(area, name)  {name, data} of a kept file, or {error}
//
// JavaScript calls into Go on the page's event loop, while the game runs
// in requestAnimationFrame callbacks: what must happen inside the game
// loop (starting a battle, reading the screen) is queued for the next
// Update or Draw and answered with a Promise.

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"math"
	"strings"
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game/ui"
)

// Hook returns the game with window.hott installed.
func Hook(a *App) ebiten.Game {
	h := &hooked{App: a, obj: js.Global().Get("Object").New()}
	h.install()
	return h
}

type hooked struct {
	*App
	obj    js.Value
	drawn  int
	jobs   []func()
	shots  []js.Value // resolve functions
	scene  string
	sceneE string // the last scene event sent
	funcs  []js.Func
}

func (h *hooked) fn(name string, f func(args []js.Value) any) {
	jf := js.FuncOf(func(_ js.Value, args []js.Value) any { return f(args) })
	h.funcs = append(h.funcs, jf)
	h.obj.Set(name, jf)
}

// promise returns a Promise and its resolve and reject functions.
func promise() (p, resolve, reject js.Value) {
	var res, rej js.Value
	exec := js.FuncOf(func(_ js.Value, args []js.Value) any {
		res, rej = args[0], args[1]
		return nil
	})
	p = js.Global().Get("Promise").New(exec)
	exec.Release()
	return p, res, rej
}

func toJS(v any) js.Value {
	b, err := json.Marshal(v)
	if err != nil {
		return js.ValueOf(map[string]any{"error": err.Error()})
	}
	return js.Global().Get("JSON").Call("parse", string(b))
}

func jsErr(msg string) js.Value { return js.ValueOf(map[string]any{"error": msg}) }

// page maps screen pixels to page CSS pixels through the canvas's box.
func (h *hooked) page(sx, sy float64) js.Value {
	c := js.Global().Get("document").Call("querySelector", "canvas")
	if c.IsNull() || h.W <= 0 || h.H <= 0 {
		return js.Null()
	}
	r := c.Call("getBoundingClientRect")
	x := r.Get("left").Float() + sx*r.Get("width").Float()/h.W
	y := r.Get("top").Float() + sy*r.Get("height").Float()/h.H
	return js.ValueOf(map[string]any{"x": x, "y": y})
}

func (h *hooked) install() {
	h.obj.Set("ready", false)
	if t := js.Global().Get("hottTiming"); t.Truthy() {
		h.obj.Set("timing", t)
	} else {
		h.obj.Set("timing", js.Global().Get("Object").New())
	}
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
	h.fn("exportSave", func([]js.Value) any {
		name, data, err := h.hookExportSave()
		if err != nil {
			h.Toast(err.Error(), ui.Bad)
			return jsErr(err.Error())
		}
		return js.ValueOf(map[string]any{"name": name, "data": string(data)})
	})
	h.fn("importSave", func(args []js.Value) any {
		if len(args) < 2 {
			return jsErr("importSave(name, text)")
		}
		name, text := args[0].String(), args[1].String()
		p, res, _ := promise()
		h.jobs = append(h.jobs, func() {
			// The game shows why a file cannot be opened.
			if err := h.hookImportSave(name, []byte(text)); err != nil {
				res.Invoke(jsErr(err.Error()))
				return
			}
			res.Invoke(toJS(h.HookState()))
		})
		return p
	})
	h.fn("files", func(args []js.Value) any {
		return toJS(h.hookFiles(true))
	})
	h.fn("file", func(args []js.Value) any {
		if len(args) < 2 {
			return jsErr("file(area, name)")
		}
		data, err := h.hookFile(args[0].String(), args[1].String())
		if err != nil {
			return jsErr(err.Error())
		}
		return js.ValueOf(map[string]any{"name": args[1].String(), "data": string(data)})
	})
	js.Global().Set("hott", h.obj)
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

// Update runs the queued jobs, then the game.
func (h *hooked) Update() error {
	jobs := h.jobs
	h.jobs = nil
	for _, j := range jobs {
		j()
	}
	err := h.App.Update()
	h.announceScene()
	return err
}

// announceScene tells the page which screen is up and, for the title
// and the pause menu, where the page's save-file buttons go: centred
// under the menu's lowest button (in page CSS pixels). It sends an event
// when any of it changes.
func (h *hooked) announceScene() {
	top := h.Top()
	if top == nil {
		return
	}
	name := sceneName(top)
	// The load screen shows the Export button when the browser may
	// evict the saves (its storage notice).
	_, load := top.(*LoadScreen)
	files := name == "title" || name == "pause" || load && loadNotice() != ""
	canExport := name == "pause" && h.topBattle() != nil
	detail := map[string]any{"name": name, "files": files, "canExport": canExport}
	if files && !load { // the load screen's buttons are at its foot: the corner
		var low *HookButton
		bs := buttonsOf(top)
		for i := range bs {
			if low == nil || bs[i].Y+bs[i].H > low.Y+low.H {
				low = &bs[i]
			}
		}
		if low != nil {
			s := 1.0
			if h.Theme != nil {
				s = h.Theme.Scale
			}
			if p := h.page(low.X+low.W/2, low.Y+low.H+40*s); p.Truthy() {
				detail["x"], detail["y"] = math.Round(p.Get("x").Float()), math.Round(p.Get("y").Float())
			}
		}
	}
	key := fmt.Sprint(name, files, canExport, detail["x"], detail["y"])
	if key == h.sceneE {
		return
	}
	h.sceneE = key
	h.dispatch("hott:scene", detail)
}

func (h *hooked) dispatch(event string, detail map[string]any) {
	init := js.Global().Get("Object").New()
	init.Set("detail", js.ValueOf(detail))
	ev := js.Global().Get("CustomEvent").New(event, init)
	js.Global().Call("dispatchEvent", ev)
}

// Draw draws the game, answers pending screenshots, and marks the hook
// ready after the first frame.
func (h *hooked) Draw(screen *ebiten.Image) {
	h.App.Draw(screen)
	h.drawn++
	if len(h.shots) > 0 {
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
	if h.drawn == 1 {
		now := js.Global().Get("performance").Call("now")
		h.obj.Get("timing").Set("firstFrame", now)
		h.obj.Set("ready", true)
		h.dispatch("hott:ready", map[string]any{"firstFrame": now.Float()})
	}
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
