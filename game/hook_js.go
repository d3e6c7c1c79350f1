//go:build js

package game

// window.hott: what the browser build's page (web/index.html) calls, and
// what it is told. DESIGN.md §7.4, docs/web.md.
//
//	hott.ready             true once the first frame (the title) is drawn
//	hott.timing            performance.now() at the page's steps and firstFrame
//	hott.exportSave()      {name, data} of the battle in play, or {error}
//	hott.importSave(n, t)  Promise: opens a save or turn file's text and keeps it; {error} if it cannot
//	hott.files()           [{area, name, size, modified}] the files kept (saves, autosave, exports)
//	hott.file(area, name)  {name, data} of a kept file, or {error}
//
// The tests' own calls (hott.state(), hott.shot() and the rest) are in
// hook_e2e_js.go, built only with the e2e tag (web/e2e builds with it;
// make web does not), so the shipped build carries none of them.
//
// JavaScript calls into Go on the page's event loop, while the game runs
// in requestAnimationFrame callbacks: what must happen inside the game
// loop (starting a battle, reading the screen) is queued for the next
// Update or Draw and answered with a Promise.

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game/sound"
	"pelennor/game/ui"
)

// Hook returns the game with window.hott installed, drawn only when
// something changed (idle.go).
func Hook(a *App) ebiten.Game {
	h := &hooked{App: a, obj: js.Global().Get("Object").New()}
	h.install()
	h.obj.Get("timing").Set("hooked", js.Global().Get("performance").Call("now")) // the App made
	if installTestHook != nil {
		installTestHook(h)
	}
	js.Global().Set("hott", h.obj)
	h.gate = NewIdleGate(a, h)
	// A screenshot asked for, or a job run from the page, is drawn.
	h.gate.More = func() bool {
		more := len(h.shots) > 0 || h.ranJobs
		h.ranJobs = false
		return more
	}
	return h.gate
}

// The sounds are synthesised after the first frame is shown (sound.Defer).
func init() { sound.Defer() }

// installTestHook adds the tests' calls (hook_e2e_js.go), when built in.
var installTestHook func(h *hooked)

// inBrowser is true here: there is nothing to quit to, and exported files
// are downloaded.
const inBrowser = true

// exportWords are what the game says of an exported turn file and log.
var exportWords = struct {
	turnDone, logDone string // %s: the name downloaded
	turnNotes         [2]string
}{
	turnDone: "Downloaded as %s: your opponent opens it with Import a save… on the title screen",
	logDone:  "Battle log downloaded as %s",
	turnNotes: [2]string{
		"Play by e-mail: the file is downloaded to this device; send it to your opponent. They open it with Import a save… on the title screen, watch your bound, play theirs and send a turn file back.",
		"A copy stays in this browser: Export a save… on the title screen downloads it again.",
	},
}

// download hands data to the browser as a file download: a Blob behind a
// clicked <a download>, as the page's Export button does.
func download(name string, data []byte) (err error) {
	defer func() {
		if r := recover(); r != nil { // a js exception: no Blob, no URL
			err = fmt.Errorf("the browser did not download %s: %v", name, r)
		}
	}()
	g := js.Global()
	u8 := g.Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(u8, data)
	typ := "application/json"
	if strings.HasSuffix(name, ".md") {
		typ = "text/markdown"
	}
	blob := g.Get("Blob").New([]any{u8}, map[string]any{"type": typ})
	url := g.Get("URL").Call("createObjectURL", blob)
	doc := g.Get("document")
	a := doc.Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", name)
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
	// The download has the Blob once it starts; free it a little later.
	var revoke js.Func
	revoke = js.FuncOf(func(js.Value, []js.Value) any {
		g.Get("URL").Call("revokeObjectURL", url)
		revoke.Release()
		return nil
	})
	g.Call("setTimeout", revoke, 10000)
	return nil
}

type hooked struct {
	*App
	obj     js.Value
	gate    *IdleGate
	drawn   int
	jobs    []func()
	ranJobs bool       // jobs ran in this update: draw the frame
	shots   []js.Value // resolve functions (hook_e2e_js.go)
	sceneE  string     // the last scene event sent
	funcs   []js.Func
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
}

// Update runs the queued jobs, then the game.
func (h *hooked) Update() error {
	jobs := h.jobs
	h.jobs = nil
	h.ranJobs = h.ranJobs || len(jobs) > 0
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
	if h.drawn == 0 {
		h.obj.Get("timing").Set("drawStart", js.Global().Get("performance").Call("now"))
	}
	h.App.Draw(screen)
	h.drawn++
	if len(h.shots) > 0 {
		answerShots(h, screen)
	}
	if h.drawn == 1 {
		now := js.Global().Get("performance").Call("now")
		h.obj.Get("timing").Set("firstFrame", now)
		h.obj.Set("ready", true)
		h.dispatch("hott:ready", map[string]any{"firstFrame": now.Float()})
		sound.Begin()
	}
}

// answerShots answers hott.shot() (hook_e2e_js.go); nil in the shipped build.
var answerShots func(h *hooked, screen *ebiten.Image)
