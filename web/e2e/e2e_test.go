// Package e2e plays the browser build in a real headless Chromium
// (DESIGN.md §7.4, docs/web.md): it builds the game for js/wasm, serves
// it on 127.0.0.1 with the project's static server, and drives the page
// with chromedp through real mouse and touch events, reading the game
// through its test hook, window.hott (game/hook_js.go).
//
// The test skips when no Chromium is installed, unless HOTT_E2E=require
// (make test sets it). HOTT_CHROMIUM names the browser to use;
// HOTT_E2E_SHOTS=DIR keeps the screenshots it takes.
package e2e

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"math"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"pelennor/engine"
	"pelennor/engine/dice"
	"pelennor/engine/geom"
	"pelennor/engine/rules"
	"pelennor/scenarios"
	"pelennor/web/serve"
)

// chromium finds the browser.
func chromium(t *testing.T) string {
	t.Helper()
	required := os.Getenv("HOTT_E2E") == "require"
	if p := os.Getenv("HOTT_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if required {
		t.Fatal("HOTT_E2E=require but no chromium on PATH: run scripts/deps.sh browser (as root)")
	}
	t.Skip("no chromium on PATH (scripts/deps.sh browser installs it; HOTT_E2E=require makes this a failure)")
	return ""
}

var (
	siteOnce sync.Once
	siteDir  string
	siteErr  error
)

// site builds the browser build as make web does, once per test binary.
func site(t *testing.T) string {
	t.Helper()
	siteOnce.Do(func() {
		dir, err := os.MkdirTemp("", "pelennor-web-")
		if err != nil {
			siteErr = err
			return
		}
		siteDir = dir
		root, err := filepath.Abs("../..")
		if err != nil {
			siteErr = err
			return
		}
		start := time.Now()
		// The e2e tag builds the tests' calls into window.hott (game/hook_e2e_js.go).
		cmd := exec.Command("go", "build", "-trimpath", "-tags=e2e", "-ldflags=-s -w", shippedGCFlags, "-o", filepath.Join(dir, "game.wasm"), "./cmd/pelennor")
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		if out, err := cmd.CombinedOutput(); err != nil {
			siteErr = fmt.Errorf("building the wasm: %v\n%s", err, out)
			return
		}
		build := time.Since(start)
		wasmExec := filepath.Join(runtime.GOROOT(), "lib", "wasm", "wasm_exec.js")
		if out, err := exec.Command("go", "env", "GOROOT").Output(); err == nil {
			wasmExec = filepath.Join(strings.TrimSpace(string(out)), "lib", "wasm", "wasm_exec.js")
		}
		js, err := os.ReadFile(wasmExec)
		if err != nil {
			siteErr = err
			return
		}
		page, err := os.ReadFile(filepath.Join(root, "web", "index.html"))
		if err != nil {
			siteErr = err
			return
		}
		st, err := os.Stat(filepath.Join(dir, "game.wasm"))
		if err != nil {
			siteErr = err
			return
		}
		page = bytes.ReplaceAll(page, []byte("__WASM_SIZE__"), []byte(strconv.FormatInt(st.Size(), 10)))
		if err := os.WriteFile(filepath.Join(dir, "wasm_exec.js"), js, 0o644); err != nil {
			siteErr = err
			return
		}
		siteErr = os.WriteFile(filepath.Join(dir, "index.html"), page, 0o644)
		fmt.Fprintf(os.Stderr, "e2e: built game.wasm (%d bytes) in %v\n", st.Size(), build.Round(time.Millisecond))
	})
	if siteErr != nil {
		t.Fatal(siteErr)
	}
	return siteDir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if siteDir != "" {
		os.RemoveAll(siteDir)
	}
	os.Exit(code)
}

// browser starts Chromium headless with software WebGL (SwiftShader) and
// a fresh profile, and returns a tab's context.
func browser(t *testing.T, path string) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("enable-unsafe-swiftshader", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.UserDataDir(t.TempDir()),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	t.Cleanup(func() { cancelC(); cancelA() })
	// Start the browser with no deadline (a deadline on the first Run
	// would end the browser with it).
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting %s: %v", path, err)
	}
	return ctx
}

// tab is a page under test.
type tab struct {
	t   *testing.T
	ctx context.Context

	mu       sync.Mutex
	console  []string
	problems []string
}

func newTab(t *testing.T, ctx context.Context) *tab {
	tb := &tab{t: t, ctx: ctx}
	msgs := chromedp.Console(ctx)
	go func() {
		for m, err := range msgs {
			if err != nil {
				return
			}
			tb.mu.Lock()
			line := fmt.Sprintf("console.%s: %s", m.Type, m.Text)
			tb.console = append(tb.console, line)
			if m.Type == chromedp.ConsoleException || m.Type == chromedp.ConsoleError {
				tb.problems = append(tb.problems, line)
			}
			tb.mu.Unlock()
		}
	}()
	return tb
}

// logConsole writes what the page said, when a test fails.
func (tb *tab) logConsole() {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	for _, l := range tb.console {
		tb.t.Log(l)
	}
}

func (tb *tab) do(what string, d time.Duration, actions ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, d)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		tb.logConsole()
		tb.t.Fatalf("%s: %v", what, err)
	}
}

// eval evaluates JavaScript (awaiting a Promise) and decodes the JSON of
// its value into out (if not nil).
func (tb *tab) eval(expr string, out any) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 60*time.Second)
	defer cancel()
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		tb.logConsole()
		tb.t.Fatalf("evaluating %s: %v", expr, err)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			tb.t.Fatalf("%s: decoding %.200s: %v", expr, raw, err)
		}
	}
}

// poll waits until a JavaScript expression is true. It evaluates it
// every 50 ms rather than with chromedp.Poll, which runs its predicate as
// a user gesture: that would let the page's sound start without one.
func (tb *tab) poll(what, expr string, d time.Duration) {
	tb.t.Helper()
	deadline := time.Now().Add(d)
	var last error
	for {
		ctx, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!(`+expr+`)`))
		cancel()
		if err == nil && ok {
			return
		}
		last = err
		if time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	tb.logConsole()
	var st hookState
	tb.eval(`window.hott && window.hott.ready ? hott.state() : {}`, &st)
	var loader string
	tb.eval(`(document.getElementById("loader") || {}).innerText || ""`, &loader)
	tb.t.Fatalf("waiting %v for %s (%s): last error %v; the game shows %q %v, toasts %q; loader %q", d, what, expr, last, st.Scene, st.Scenes, st.Toasts, loader)
}

// frames waits until the game has run n more updates.
func (tb *tab) frames(n int) {
	tb.t.Helper()
	var f int
	tb.eval(`hott.frame()`, &f)
	tb.poll(fmt.Sprintf("%d frames", n), fmt.Sprintf(`hott.frame() >= %d`, f+n), 30*time.Second)
}

type pt struct{ X, Y float64 }

// mouse sends one real mouse event to the page.
func (tb *tab) mouse(typ input.DispatchMouseEventType, p pt, buttons int64) {
	tb.t.Helper()
	params := input.DispatchMouseEventParams{Type: typ, X: p.X, Y: p.Y, Buttons: buttons}
	if typ == input.DispatchMouseEventTypeMousePressed || typ == input.DispatchMouseEventTypeMouseReleased {
		params.Button = input.MouseButtonLeft
		params.ClickCount = 1
	} else if buttons != 0 {
		params.Button = input.MouseButtonLeft
	}
	if _, err := chromedp.Call(tb.ctx, input.DispatchMouseEvent, params); err != nil {
		tb.t.Fatalf("mouse %s at %v: %v", typ, p, err)
	}
}

// click presses and releases the left button at p, a few frames apart
// (the game reads the buttons once a frame).
func (tb *tab) click(p pt) {
	tb.t.Helper()
	tb.mouse(input.DispatchMouseEventTypeMouseMoved, p, 0)
	tb.frames(2)
	tb.mouse(input.DispatchMouseEventTypeMousePressed, p, 1)
	tb.frames(2)
	tb.mouse(input.DispatchMouseEventTypeMouseReleased, p, 0)
	tb.frames(2)
}

// drag moves the pointer from a to b with the left button held.
func (tb *tab) drag(a, b pt, steps int) {
	tb.t.Helper()
	tb.mouse(input.DispatchMouseEventTypeMouseMoved, a, 0)
	tb.frames(2)
	tb.mouse(input.DispatchMouseEventTypeMousePressed, a, 1)
	tb.frames(2)
	for i := 1; i <= steps; i++ {
		k := float64(i) / float64(steps)
		tb.mouse(input.DispatchMouseEventTypeMouseMoved, pt{a.X + (b.X-a.X)*k, a.Y + (b.Y-a.Y)*k}, 1)
		tb.frames(1)
	}
	tb.frames(2)
	tb.mouse(input.DispatchMouseEventTypeMouseReleased, b, 0)
	tb.frames(3)
}

// wheel turns the mouse wheel at p (deltaY > 0: toward the user).
func (tb *tab) wheel(p pt, deltaY float64) {
	tb.t.Helper()
	tb.mouse(input.DispatchMouseEventTypeMouseMoved, p, 0)
	tb.frames(1)
	// The typed parameters omit a zero deltaX, which the browser needs.
	wheel := cdp.Command[map[string]any, cdp.Empty]{Method: input.CommandDispatchMouseEvent}
	if _, err := chromedp.Call(tb.ctx, wheel, map[string]any{"type": "mouseWheel", "x": p.X, "y": p.Y, "deltaX": 0, "deltaY": deltaY}); err != nil {
		tb.t.Fatal(err)
	}
	tb.frames(2)
}

// touch sends a touch event with the fingers given (none for touchEnd).
func (tb *tab) touch(typ input.DispatchTouchEventType, fingers ...pt) {
	tb.t.Helper()
	pts := []*input.TouchPoint{}
	for i, f := range fingers {
		id := float64(i + 1)
		pts = append(pts, &input.TouchPoint{X: f.X, Y: f.Y, ID: &id})
	}
	if _, err := chromedp.Call(tb.ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: pts}); err != nil {
		tb.t.Fatalf("touch %s: %v", typ, err)
	}
}

// button returns the centre of the top screen's button labelled label.
func (tb *tab) button(label string) pt {
	tb.t.Helper()
	var p *pt
	tb.eval(fmt.Sprintf(`hott.button(%q)`, label), &p)
	if p == nil {
		var st hookState
		tb.eval(`hott.state()`, &st)
		tb.t.Fatalf("no button %q on the %s screen; buttons: %+v", label, st.Scene, st.Buttons)
	}
	return *p
}

func (tb *tab) state() hookState {
	tb.t.Helper()
	var st hookState
	tb.eval(`hott.state()`, &st)
	return st
}

// shot returns the game's screen as the hook captures it (ReadPixels in
// Draw), and keeps it under HOTT_E2E_SHOTS.
func (tb *tab) shot(name string) image.Image {
	tb.t.Helper()
	var url string
	tb.eval(`hott.shot()`, &url)
	data, ok := strings.CutPrefix(url, "data:image/png;base64,")
	if !ok {
		tb.t.Fatalf("hott.shot() gave %.80q", url)
	}
	b, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		tb.t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		tb.t.Fatal(err)
	}
	keep(tb.t, name+".png", b)
	return img
}

// pageShot is a screenshot of the whole page through the DevTools
// protocol, kept under HOTT_E2E_SHOTS.
func (tb *tab) pageShot(name string) {
	tb.t.Helper()
	if os.Getenv("HOTT_E2E_SHOTS") == "" {
		return
	}
	ctx, cancel := context.WithTimeout(tb.ctx, 30*time.Second)
	defer cancel()
	b, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		tb.t.Logf("page screenshot: %v", err)
		return
	}
	keep(tb.t, name+".png", b)
}

func keep(t *testing.T, name string, b []byte) {
	if dir := os.Getenv("HOTT_E2E_SHOTS"); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err == nil {
			if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
				t.Log(err)
			}
		}
	}
}

// hookState mirrors game.HookState (game/hook_state.go).
type hookState struct {
	Scene   string   `json:"scene"`
	Scenes  []string `json:"scenes"`
	Frame   int      `json:"frame"`
	W       float64  `json:"w"`
	H       float64  `json:"h"`
	Buttons []struct {
		Label    string  `json:"label"`
		X        float64 `json:"x"`
		Y        float64 `json:"y"`
		Disabled bool    `json:"disabled"`
	} `json:"buttons"`
	Toasts   []string          `json:"toasts"`
	Muted    bool              `json:"muted"`
	Storage  string            `json:"storage"`
	Notice   string            `json:"notice"`
	Scenario string            `json:"scenario"`
	Seed     uint64            `json:"seed"`
	Bound    int               `json:"bound"`
	Phase    string            `json:"phase"`
	Acting   int               `json:"acting"`
	Hash     string            `json:"hash"`
	Actions  []json.RawMessage `json:"actions"`
	Selected []int             `json:"selected"`
	Zoom     float64           `json:"zoom"`
	Elements []struct {
		ID      int     `json:"id"`
		Name    string  `json:"name"`
		Type    string  `json:"type"`
		Command string  `json:"command"`
		Status  string  `json:"status"`
		X       int     `json:"x"`
		Y       int     `json:"y"`
		Facing  int     `json:"facing"`
		CX      float64 `json:"cx"`
		CY      float64 `json:"cy"`
	} `json:"elements"`
}

func (s hookState) hasButton(label string) bool {
	for _, b := range s.Buttons {
		if strings.EqualFold(b.Label, label) || strings.HasPrefix(strings.ToLower(b.Label), strings.ToLower(label)) {
			return true
		}
	}
	return false
}

// nativeGame starts the same battle natively, for comparing hashes.
func nativeGame(t *testing.T, seed uint64) *engine.Game {
	t.Helper()
	data, err := scenarios.Load("pelennor")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := engine.ParseScenario("pelennor.json", data)
	if err != nil {
		t.Fatal(err)
	}
	var r rules.Rulings
	if sc.Rulings != nil {
		r = *sc.Rulings
	}
	g, _, err := engine.NewGame(sc, dice.NewPCG(seed), engine.Options{Rulings: r})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// knight picks a Rohirrim Knights element the native engine lets move d
// paces straight ahead for one PIP.
func knight(t *testing.T, g *engine.Game, d int) engine.Element {
	t.Helper()
	for _, e := range g.Elements() {
		if !e.OnTable() || e.Type != rules.Knights || g.Scenario().Commands[e.Cmd].ID != "rohirrim" {
			continue
		}
		b := e.Base.Forward(geom.Paces(d))
		to := engine.Pose{X: b.Front.X.Paces(), Y: b.Front.Y.Paces(), Facing: int(b.Facing.Norm())}
		evs, err := g.Preview(engine.Action{Kind: engine.ActMove, ID: e.ID, To: &to})
		if err != nil {
			continue
		}
		for _, ev := range evs {
			if ev.Kind == engine.EvSpent && ev.Value == 1 {
				return e
			}
		}
	}
	t.Fatal("no Rohirrim Knights element can move straight ahead natively")
	return engine.Element{}
}

// colours counts the distinct colours of img (a blank screen has one).
func colours(img image.Image) int {
	seen := map[[3]uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 3 {
		for x := b.Min.X; x < b.Max.X; x += 3 {
			r, g, bl, _ := img.At(x, y).RGBA()
			seen[[3]uint32{r >> 8, g >> 8, bl >> 8}] = true
		}
	}
	return len(seen)
}

// green counts the pixels of the table's grass in img (and all pixels).
func green(img image.Image) (n, all int) {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			r, g, bl = r>>8, g>>8, bl>>8
			all++
			if g >= 90 && g > r+8 && g > bl+30 {
				n++
			}
		}
	}
	return n, all
}

// TestBrowserGame plays the browser build: the title, a hotseat battle on
// the Pelennor, a Rohirrim charge by mouse, the screen, the end of the
// bound, and a reload that continues from the autosave.
func TestBrowserGame(t *testing.T) {
	tb, ctx, base := openSite(t)

	const seed = 1
	url := base + fmt.Sprintf("/?mute=1&seed=%d", seed)
	tb.do("loading the page", 60*time.Second,
		chromedp.EmulateViewport(1280, 800),
		chromedp.Navigate(url))
	tb.poll("the title screen", `window.hott && window.hott.ready === true`, 120*time.Second)
	var timing map[string]float64
	tb.eval(`hott.timing`, &timing)
	t.Logf("page load to first frame: %.0f ms (wasm downloaded at %.0f ms, instantiated at %.0f ms)",
		timing["firstFrame"], timing["downloaded"], timing["instantiated"])

	st := tb.state()
	if st.Scene != "title" || st.W != 1280 || st.H != 800 {
		t.Fatalf("after loading: scene %q, screen %.0f×%.0f; want the title at 1280×800", st.Scene, st.W, st.H)
	}
	title := tb.shot("1-title")
	if title.Bounds().Dx() != 1280 || title.Bounds().Dy() != 800 || colours(title) < 50 {
		t.Fatalf("title screenshot: %v with %d colours", title.Bounds(), colours(title))
	}
	tb.pageShot("1-title-page")
	var loaderGone, filesShown bool
	tb.eval(`!document.getElementById("loader") || document.getElementById("loader").classList.contains("gone")`, &loaderGone)
	tb.eval(`document.getElementById("files").classList.contains("shown")`, &filesShown)
	if !loaderGone || !filesShown {
		t.Errorf("on the title: loader gone %v, save-file buttons shown %v", loaderGone, filesShown)
	}

	// The page follows the window's size.
	tb.do("resizing", 10*time.Second, chromedp.EmulateViewport(900, 640))
	tb.poll("the game to follow a resize", `hott.state().w === 900 && hott.state().h === 640`, 20*time.Second)
	tb.do("resizing back", 10*time.Second, chromedp.EmulateViewport(1280, 800))
	tb.poll("the game to follow a resize", `hott.state().w === 1280 && hott.state().h === 800`, 20*time.Second)
	tb.frames(3)

	// Title -> setup -> battle, by clicking the game's own buttons.
	tb.click(tb.button("New Hotseat Battle"))
	tb.poll("the setup screen", `hott.state().scene === "setup"`, 20*time.Second)
	tb.frames(3)
	tb.click(tb.button("To Battle"))
	tb.poll("the battle", `hott.state().scenes.includes("battle")`, 30*time.Second)
	tb.frames(3)
	// The first player takes command on the hand-over screen.
	if tb.state().Scene == "handover" {
		tb.click(tb.button("I am "))
	}
	tb.poll("the battle", `hott.state().scene === "battle"`, 10*time.Second)
	tb.frames(3)
	st = tb.state()
	native := nativeGame(t, seed)
	if st.Scenario != "pelennor" || st.Seed != seed || st.Bound != 1 || st.Phase == "" {
		t.Fatalf("battle: scenario %q seed %d bound %d phase %q", st.Scenario, st.Seed, st.Bound, st.Phase)
	}
	if st.Hash != native.Hash() {
		t.Fatalf("the battle's start differs from the native engine's: hash %s in the browser, %s natively", st.Hash, native.Hash())
	}
	tb.eval(`document.getElementById("files").classList.contains("shown")`, &filesShown)
	if filesShown {
		t.Error("the save-file buttons stay over the battle")
	}

	// A Rohirrim Knights element, zoomed in on with the wheel, then dragged
	// 290 paces straight ahead with the mouse.
	const dist = 290
	k := knight(t, native, 300)
	var at *pt
	tb.eval(fmt.Sprintf(`hott.pagePos(%d)`, k.ID), &at)
	if at == nil {
		t.Fatalf("hott.pagePos(%d): null", k.ID)
	}
	zoom0 := st.Zoom
	tb.wheel(*at, -100)
	tb.wheel(*at, -100)
	st = tb.state()
	if !(st.Zoom > zoom0*1.2 && st.Zoom < zoom0*1.5) {
		t.Errorf("two wheel notches zoomed from %.3f to %.3f: want ×1.15 each (×1.32)", zoom0, st.Zoom)
	}
	var from, to *pt
	tb.eval(fmt.Sprintf(`hott.pagePos(%d)`, k.ID), &from)
	tb.eval(fmt.Sprintf(`hott.pagePos(%d, %d)`, k.ID, dist), &to)
	before := st
	tb.drag(*from, *to, 12)
	tb.poll("the move to be made", fmt.Sprintf(`hott.state().actions && hott.state().actions.length === %d`, len(before.Actions)+1), 10*time.Second)
	after := tb.state()
	if after.Hash == before.Hash {
		t.Fatal("the hash did not change after the move")
	}
	var e0, e1 *struct{ x, y, facing int }
	for _, e := range before.Elements {
		if e.ID == k.ID {
			e0 = &struct{ x, y, facing int }{e.X, e.Y, e.Facing}
		}
	}
	for _, e := range after.Elements {
		if e.ID == k.ID {
			e1 = &struct{ x, y, facing int }{e.X, e.Y, e.Facing}
			if !strings.EqualFold(e.Type, "Knights") || e.Command != "rohirrim" {
				t.Errorf("moved %s of %s, want Rohirrim Knights", e.Type, e.Command)
			}
		}
	}
	moved := math.Hypot(float64(e1.x-e0.x), float64(e1.y-e0.y))
	t.Logf("%s moved %.0f paces by mouse, from (%d,%d) to (%d,%d)", native.Scenario().Commands[k.Cmd].ID, moved, e0.x, e0.y, e1.x, e1.y)
	if moved < dist-12 || moved > 300 || e1.facing != e0.facing {
		t.Errorf("knight %d moved %.1f paces (facing %d to %d), want about %d straight ahead", k.ID, moved, e0.facing, e1.facing, dist)
	}
	// The browser's engine and the native one agree on the result.
	var acts []engine.Action
	for _, raw := range after.Actions {
		var a engine.Action
		if err := json.Unmarshal(raw, &a); err != nil {
			t.Fatalf("action %s: %v", raw, err)
		}
		acts = append(acts, a)
	}
	for _, a := range acts {
		if _, err := native.Apply(a); err != nil {
			t.Fatalf("the browser's action %+v is illegal natively: %v", a, err)
		}
	}
	if native.Hash() != after.Hash {
		t.Fatalf("after the move: hash %s in the browser, %s natively", after.Hash, native.Hash())
	}

	// A reload in the middle of the bound, with no autosave yet, loses
	// nothing: Continue resumes the battle at the knight's move (the
	// journal). The load screen says whether the browser promised to keep
	// the games; when it did not, it warns and shows the Export button.
	var journals []string
	tb.eval(`Object.keys(localStorage).filter(k => k.startsWith("pelennor/journal/journal-"))`, &journals)
	if len(journals) != 1 {
		t.Errorf("journals in localStorage after the move: %q, want one", journals)
	}
	tb.do("reloading in the middle of the bound", 60*time.Second, chromedp.Reload())
	tb.poll("the title after a reload", `window.hott && window.hott.ready === true`, 120*time.Second)
	tb.frames(3)
	tb.click(tb.button("Load a Battle"))
	tb.poll("the load screen", `hott.state().scene === "loadscreen" && hott.state().storage !== "asking"`, 20*time.Second)
	tb.frames(2)
	st = tb.state()
	tb.eval(`document.getElementById("files").classList.contains("shown")`, &filesShown)
	t.Logf("persistent storage: %s; notice %q", st.Storage, st.Notice)
	switch st.Storage {
	case "granted":
		if st.Notice != "" || filesShown {
			t.Errorf("storage granted, yet the load screen warns %q (Export shown %v)", st.Notice, filesShown)
		}
	case "refused", "unavailable":
		if !strings.Contains(st.Notice, "Export") || !filesShown {
			t.Errorf("storage %s: notice %q, Export shown %v", st.Storage, st.Notice, filesShown)
		}
	default:
		t.Errorf("storage %q", st.Storage)
	}
	tb.click(tb.button("Back"))
	tb.poll("the title", `hott.state().scene === "title"`, 10*time.Second)
	tb.frames(2)
	if !tb.state().hasButton("Continue") {
		t.Fatal("after a reload in the middle of bound 1 the title offers no Continue")
	}
	tb.click(tb.button("Continue"))
	tb.poll("the resumed battle", `hott.state().hash !== undefined && hott.state().scenes.includes("battle")`, 30*time.Second)
	if st = tb.state(); st.Hash != after.Hash || len(st.Actions) != len(after.Actions) {
		t.Fatalf("resumed after the reload at hash %s with %d actions, want the knight's move: hash %s, %d actions", st.Hash, len(st.Actions), after.Hash, len(after.Actions))
	}
	if tb.state().Scene == "handover" {
		tb.click(tb.button("I am "))
	}
	tb.poll("the battle", `hott.state().scene === "battle"`, 10*time.Second)
	tb.frames(3)

	// The screen shows the battlefield: the Pelennor's grass.
	img := tb.shot("2-battle")
	tb.pageShot("2-battle-page")
	n, all := green(img)
	t.Logf("battle screenshot %v: %d of %d sampled pixels are grass", img.Bounds().Size(), n, all)
	if n < all/8 {
		t.Errorf("the battle screenshot has %d grass pixels of %d sampled: want at least an eighth", n, all)
	}

	// The game's menu shows the page's save-file buttons; "Export this
	// game" downloads the battle in play as a save (Blob, <a download>).
	downloads := t.TempDir()
	if _, err := chromedp.CallBrowser(ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: downloads}); err != nil {
		t.Fatal(err)
	}
	tb.click(tb.button("Menu"))
	tb.poll("the pause menu and the save-file buttons", `hott.state().scene === "pause" && document.getElementById("files").classList.contains("shown")`, 10*time.Second)
	var exported struct {
		Name  string `json:"name"`
		Data  string `json:"data"`
		Error string `json:"error"`
	}
	tb.eval(`hott.exportSave()`, &exported)
	if exported.Error != "" || !strings.HasSuffix(exported.Name, ".json") || !strings.Contains(exported.Data, `"actions"`) {
		t.Fatalf("hott.exportSave(): %+v", exported)
	}
	tb.pageShot("2-pause-page")
	tb.do("clicking Export", 10*time.Second, chromedp.Click(chromedp.CSS("#export")))
	var got []byte
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if b, err := os.ReadFile(filepath.Join(downloads, exported.Name)); err == nil && len(b) == len(exported.Data) {
			got = b
			break
		}
	}
	if string(got) != exported.Data {
		entries, _ := os.ReadDir(downloads)
		t.Fatalf("no download %q of the game (%d bytes); the folder has %v", exported.Name, len(exported.Data), entries)
	}
	tb.click(tb.button("Back to the battle"))
	tb.poll("the battle", `hott.state().scene === "battle" && !document.getElementById("files").classList.contains("shown")`, 10*time.Second)

	// End the bound through the game's buttons (confirming the unspent
	// PIPs): the other side's hand-over comes up, and the autosave is made.
	tb.click(tb.button("End bound"))
	tb.frames(3)
	if tb.state().Scene == "confirm" {
		tb.click(tb.button("End bound"))
	}
	tb.poll("the end of the bound", fmt.Sprintf(`hott.state().actions.length > %d`, len(after.Actions)), 20*time.Second)
	tb.frames(5)
	ended := tb.state()
	t.Logf("bound ended: scene %q, bound %d, side %d to act, hash %s", ended.Scene, ended.Bound, ended.Acting, ended.Hash)
	tb.shot("3-after-bound")

	// Reload: the title offers to continue the battle at the bound's end.
	tb.do("reloading", 60*time.Second, chromedp.Reload())
	tb.poll("the title after a reload", `window.hott && window.hott.ready === true`, 120*time.Second)
	tb.frames(3)
	st = tb.state()
	if st.Scene != "title" {
		t.Fatalf("after the reload: scene %q", st.Scene)
	}
	if !st.hasButton("Continue") {
		t.Log("the title offers no Continue: this build has no autosave yet, so continuing is not tested")
	} else {
		tb.click(tb.button("Continue"))
		tb.poll("the continued battle", `hott.state().hash !== undefined && hott.state().scenes.includes("battle")`, 30*time.Second)
		st = tb.state()
		if st.Hash != ended.Hash || st.Bound != ended.Bound {
			t.Fatalf("continued at bound %d hash %s, want the bound's end: bound %d hash %s", st.Bound, st.Hash, ended.Bound, ended.Hash)
		}
		t.Logf("continued at the bound's end: scene %q bound %d hash %s", st.Scene, st.Bound, st.Hash)
		tb.do("reloading", 60*time.Second, chromedp.Reload())
		tb.poll("the title after a reload", `window.hott && window.hott.ready === true`, 120*time.Second)
	}

	// The autosaves are kept in localStorage, and listed for download.
	var files []struct {
		Area string `json:"area"`
		Name string `json:"name"`
	}
	tb.eval(`hott.files()`, &files)
	autos := 0
	for _, f := range files {
		if f.Area == "autosave" {
			autos++
		}
	}
	if autos == 0 {
		t.Logf("no autosave kept in this build (files: %+v)", files)
	}

	// Import through the page's file picker: the downloaded save, of the
	// knight's move, is an older position of the battle in play, so the
	// battle resumes where it stands (the dice after the save have been
	// rolled); the file is kept.
	upload := filepath.Join(t.TempDir(), "charge of the Westfold.json")
	if err := os.WriteFile(upload, got, 0o644); err != nil {
		t.Fatal(err)
	}
	tb.do("choosing a file", 10*time.Second, chromedp.SetUploadFiles(chromedp.CSS("#picker"), []string{upload}))
	tb.poll("the imported battle", `hott.state().scenes.includes("battle")`, 30*time.Second)
	if st = tb.state(); st.Hash != ended.Hash || !strings.Contains(strings.Join(st.Toasts, "\n"), "resumes where it was left") {
		t.Fatalf("imported: scene %q hash %s, want the battle in play at hash %s (toasts %q)", st.Scene, st.Hash, ended.Hash, st.Toasts)
	}
	var kept bool
	tb.eval(`localStorage.getItem("pelennor/saves/charge of the Westfold.json") !== null`, &kept)
	if !kept {
		keys := []string{}
		tb.eval(`Object.keys(localStorage)`, &keys)
		t.Errorf("the imported save is not kept in localStorage: keys %q", keys)
	}

	tb.mu.Lock()
	problems := append([]string(nil), tb.problems...)
	tb.mu.Unlock()
	for _, p := range problems {
		t.Errorf("the page reported: %s", p)
	}
}

// TestBrowserTouch drives the battle by touch: a tap selects an element,
// two fingers spreading apart zoom in, a one-finger drag moves an
// element.
func TestBrowserTouch(t *testing.T) {
	tb, _, base := openSite(t)
	tb.do("loading the page", 60*time.Second,
		chromedp.EmulateViewport(1024, 700, chromedp.EmulateTouch, chromedp.EmulateScale(2)),
		chromedp.Navigate(base+"/?seed=2&show=battle"))
	tb.poll("the battle", `window.hott && window.hott.ready === true`, 120*time.Second)
	tb.frames(5)
	st := tb.state()
	if st.Scene != "battle" {
		t.Fatalf("?show=battle opened %q", st.Scene)
	}
	// A phone's screen: two device pixels to a CSS pixel, and the game
	// draws in device pixels.
	if st.W != 2048 || st.H != 1400 {
		t.Errorf("screen %v×%v at device scale 2, want 2048×1400", st.W, st.H)
	}
	native := nativeGame(t, 2)
	if st.Hash != native.Hash() {
		t.Fatalf("start: hash %s in the browser, %s natively", st.Hash, native.Hash())
	}
	k := knight(t, native, 200)
	var at *pt
	tb.eval(fmt.Sprintf(`hott.pagePos(%d)`, k.ID), &at)

	// A tap selects.
	tb.touch(input.DispatchTouchEventTypeTouchStart, *at)
	tb.frames(1)
	tb.touch(input.DispatchTouchEventTypeTouchEnd)
	tb.frames(4)
	if st = tb.state(); len(st.Selected) != 1 || st.Selected[0] != k.ID {
		var at2 *pt
		tb.eval(fmt.Sprintf(`hott.pagePos(%d)`, k.ID), &at2)
		t.Fatalf("a tap on %d at %v (now at %v) selected %v", k.ID, *at, *at2, st.Selected)
	}

	// Two fingers spreading apart about the element zoom in on it.
	zoom0 := st.Zoom
	a, b := pt{at.X - 30, at.Y}, pt{at.X + 30, at.Y}
	tb.touch(input.DispatchTouchEventTypeTouchStart, a, b)
	tb.frames(2)
	for i := 1; i <= 6; i++ {
		d := 30 + 10*float64(i)
		tb.touch(input.DispatchTouchEventTypeTouchMove, pt{at.X - d, at.Y}, pt{at.X + d, at.Y})
		tb.frames(1)
	}
	tb.touch(input.DispatchTouchEventTypeTouchEnd)
	tb.frames(3)
	st = tb.state()
	if ratio := st.Zoom / zoom0; ratio < 2.7 || ratio > 3.3 {
		t.Errorf("spreading two fingers from 60 to 180 px apart zoomed ×%.2f, want about ×3", ratio)
	}
	if len(st.Actions) != 0 {
		t.Fatalf("the pinch made actions: %s", st.Actions)
	}

	// One finger drags the knight 150 paces ahead.
	var from, to *pt
	tb.eval(fmt.Sprintf(`hott.pagePos(%d)`, k.ID), &from)
	tb.eval(fmt.Sprintf(`hott.pagePos(%d, 150)`, k.ID), &to)
	tb.touch(input.DispatchTouchEventTypeTouchStart, *from)
	tb.frames(1)
	for i := 1; i <= 10; i++ {
		q := float64(i) / 10
		tb.touch(input.DispatchTouchEventTypeTouchMove, pt{from.X + (to.X-from.X)*q, from.Y + (to.Y-from.Y)*q})
		tb.frames(1)
	}
	tb.frames(2)
	tb.touch(input.DispatchTouchEventTypeTouchEnd)
	tb.frames(4)
	st = tb.state()
	if len(st.Actions) != 1 {
		t.Fatalf("a one-finger drag made %d actions (toasts %q)", len(st.Actions), st.Toasts)
	}
	for _, e := range st.Elements {
		if e.ID == k.ID {
			d := math.Hypot(float64(e.X-k.Base.Front.X.Paces()), float64(e.Y-k.Base.Front.Y.Paces()))
			if d < 140 || d > 160 {
				t.Errorf("the drag moved %d %.0f paces, want about 150", k.ID, d)
			}
		}
	}
	tb.shot("4-touch")

	// hott.newGame starts a fresh hotseat battle.
	var ng hookState
	tb.eval(`hott.newGame({seed: 5})`, &ng)
	if ng.Scene != "battle" || ng.Seed != 5 || len(ng.Actions) != 0 || ng.Hash != nativeGame(t, 5).Hash() {
		t.Errorf("hott.newGame({seed: 5}): scene %q seed %d, %d actions, hash %s", ng.Scene, ng.Seed, len(ng.Actions), ng.Hash)
	}
}

// key presses a key (with Control held if ctrl) for a few frames.
func (tb *tab) key(code, key string, vk int64, ctrl bool) {
	tb.t.Helper()
	send := func(typ input.DispatchKeyEventType, code, key string, vk, mods int64) {
		p := input.DispatchKeyEventParams{Type: typ, Code: code, Key: key, WindowsVirtualKeyCode: vk, NativeVirtualKeyCode: vk, Modifiers: mods}
		if _, err := chromedp.Call(tb.ctx, input.DispatchKeyEvent, p); err != nil {
			tb.t.Fatalf("key %s %s: %v", typ, code, err)
		}
	}
	var mods int64
	if ctrl {
		mods = 2
		send(input.DispatchKeyEventTypeRawKeyDown, "ControlLeft", "Control", 17, mods)
		tb.frames(1)
	}
	send(input.DispatchKeyEventTypeRawKeyDown, code, key, vk, mods)
	tb.frames(3)
	send(input.DispatchKeyEventTypeKeyUp, code, key, vk, mods)
	if ctrl {
		send(input.DispatchKeyEventTypeKeyUp, "ControlLeft", "Control", 17, 0)
	}
	tb.frames(2)
}

// audioProbe records the page's AudioContexts before any script runs.
const audioProbe = `(() => {
	window.__audio = [];
	const AC = window.AudioContext;
	if (!AC) return;
	window.AudioContext = class extends AC {
		constructor(...a) { super(...a); window.__audio.push(this); }
	};
})();`

// TestBrowserAudio checks the sound in the browser: -mute opens no audio
// context; otherwise the context waits for the first gesture, as browsers
// require; Ctrl+M switches sound on and off, and the setting is kept
// across a reload (without a sound card: Chromium plays to nothing).
func TestBrowserAudio(t *testing.T) {
	path := chromium(t)
	dir := site(t)
	srv := httptest.NewServer(serve.Handler(dir))
	defer srv.Close()
	bctx := browser(t, path)
	var tb *tab
	defer func() {
		if t.Failed() && tb != nil {
			tb.logConsole()
		}
	}()
	// Each part has a tab of its own: a page the user has clicked lets the
	// next page of the same site start its sound at once.
	newTab := func() {
		ctx, cancel := chromedp.NewContext(bctx)
		t.Cleanup(cancel)
		if err := chromedp.Do(ctx); err != nil {
			t.Fatal(err)
		}
		tb = newTab(t, ctx)
		if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: audioProbe}); err != nil {
			t.Fatal(err)
		}
	}
	load := func(query string) {
		tb.do("loading the page", 60*time.Second, chromedp.EmulateViewport(1024, 640), chromedp.Navigate(srv.URL+"/"+query))
		tb.poll("the title", `window.hott && window.hott.ready === true`, 120*time.Second)
		tb.frames(3)
	}
	contexts := func() (n int, state string) {
		var r struct {
			N     int    `json:"n"`
			State string `json:"state"`
		}
		tb.eval(`({n: window.__audio.length, state: window.__audio.length ? window.__audio[window.__audio.length-1].state : ""})`, &r)
		return r.N, r.State
	}

	// A fresh page with sound: the context waits for a gesture (a click
	// on empty ground of the title), then runs. (First: once a page of the
	// site has had a gesture, Chromium lets the site's next pages play.)
	newTab()
	load("")
	n, state := contexts()
	if n != 1 || state != "suspended" {
		t.Fatalf("with sound: %d audio contexts, the last %q; want one, suspended until a gesture", n, state)
	}
	tb.click(pt{20, 20})
	tb.poll("the audio context to run after a click", `window.__audio[0].state === "running"`, 10*time.Second)

	// Ctrl+M mutes and the setting is kept: after a reload the game is
	// muted, and Ctrl+M brings the sound back.
	tb.key("KeyM", "m", 77, true)
	if !tb.state().Muted {
		t.Fatal("Ctrl+M did not mute")
	}
	load("")
	if !tb.state().Muted {
		t.Log("the sound setting is not kept across a reload in this build")
	} else {
		tb.key("KeyM", "m", 77, true)
		if tb.state().Muted {
			t.Fatal("Ctrl+M did not bring the sound back after a muted start")
		}
	}

	// -mute: no audio context at all; Ctrl+M makes one, and the key is
	// the gesture that lets it run.
	newTab()
	load("?mute=1")
	if n, _ := contexts(); n != 0 || !tb.state().Muted {
		t.Fatalf("?mute=1: %d audio contexts, muted %v; want none, muted", n, tb.state().Muted)
	}
	tb.key("KeyM", "m", 77, true)
	if st := tb.state(); st.Muted {
		t.Fatalf("Ctrl+M left the sound off (toasts %q)", st.Toasts)
	}
	tb.poll("the audio context to run after Ctrl+M", `window.__audio.length === 1 && window.__audio[0].state === "running"`, 10*time.Second)

	// The title offers no Quit in a browser (there is nothing to quit to),
	// and Esc on it leaves a live page: the game goes on, on its title.
	if st := tb.state(); st.Scene != "title" || st.hasButton("Quit") {
		t.Fatalf("the title (scene %q) offers Quit: %+v", st.Scene, st.Buttons)
	}
	tb.key("Escape", "Escape", 27, false)
	tb.frames(10)
	var ended bool
	tb.eval(`!!window.hott.ended || document.getElementById("ended").classList.contains("shown")`, &ended)
	if st := tb.state(); ended || st.Scene != "title" {
		t.Fatalf("Esc on the title: ended %v, scene %q", ended, st.Scene)
	}
}

// TestBrowserLoader loads the game over a slow connection: the loading
// screen counts the download in megabytes of the whole module (the
// server compresses it), then gives way to the title.
func TestBrowserLoader(t *testing.T) {
	path := chromium(t)
	dir := site(t)
	srv := httptest.NewServer(serve.Handler(dir))
	defer srv.Close()
	ctx := browser(t, path)
	tb := newTab(t, ctx)
	defer func() {
		if t.Failed() {
			tb.logConsole()
		}
	}()
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	// About 2 MB/s: the compressed module takes two or three seconds.
	if _, err := chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
		MatchedNetworkConditions: []*network.Conditions{{Latency: 20, DownloadThroughput: 2 << 20, UploadThroughput: -1}}}); err != nil {
		t.Fatal(err)
	}
	tb.do("loading the page", 60*time.Second, chromedp.EmulateViewport(1024, 640), chromedp.Navigate(srv.URL+"/?mute=1"))
	tb.poll("the download's progress", `/Loading the game… [0-9.]+ MB of [0-9.]+ MB/.test(document.getElementById("status").textContent)`, 30*time.Second)
	var progress struct {
		Text  string `json:"text"`
		Width string `json:"width"`
	}
	tb.eval(`({text: document.getElementById("status").textContent, width: document.getElementById("fill").style.width})`, &progress)
	tb.pageShot("0-loading-page")
	st, err := os.Stat(filepath.Join(dir, "game.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("of %.1f MB", float64(st.Size())/1048576); !strings.HasSuffix(progress.Text, want) {
		t.Errorf("progress %q: want the total %q (the uncompressed module)", progress.Text, want)
	}
	if w, err := strconv.ParseFloat(strings.TrimSuffix(progress.Width, "%"), 64); err != nil || w <= 0 || w >= 100 {
		t.Errorf("progress bar at %q mid-download", progress.Width)
	}
	t.Logf("mid-download: %q, bar %s", progress.Text, progress.Width)
	tb.poll("the title", `window.hott && window.hott.ready === true`, 120*time.Second)
	tb.poll("the loading screen to go", `!document.getElementById("loader")`, 5*time.Second)
}

// yardstick builds the smallest Ebitengine game (testdata/smallest: a line
// of text in a Go font and an audio context) as the game is built, and
// serves it with the same page and wasm_exec.js, precompressed.
func yardstick(t *testing.T, site string) string {
	t.Helper()
	dir := t.TempDir()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", filepath.Join(dir, "game.wasm"), "./web/e2e/testdata/smallest")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the smallest game: %v\n%s", err, out)
	}
	for _, f := range []string{"wasm_exec.js", "index.html"} {
		b, err := os.ReadFile(filepath.Join(site, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// gzipped writes FILE.gz beside a module as make web does, and returns its size.
func gzipped(t *testing.T, wasm string) int64 {
	t.Helper()
	if out, err := exec.Command("gzip", "-9", "-n", "-k", "-f", wasm).CombinedOutput(); err != nil {
		t.Fatalf("gzip: %v %s", err, out)
	}
	st, err := os.Stat(wasm + ".gz")
	if err != nil {
		t.Fatal(err)
	}
	return st.Size()
}

// TestFirstFrameTiming measures, when HOTT_E2E_MEASURE=N, the time from
// navigation to the first drawn frame over N loads, each in a fresh
// browser (nothing cached), of the game's title (built as make web
// builds it, without the e2e tag) and of the smallest Ebitengine game,
// both precompressed, in turn: the figures in docs/web.md.
func TestFirstFrameTiming(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("HOTT_E2E_MEASURE"))
	if n <= 0 {
		t.Skip("set HOTT_E2E_MEASURE=N to measure N page loads")
	}
	path := chromium(t)
	dir := site(t)
	small := yardstick(t, dir)
	// The game as make web builds it (no e2e tag), beside the same page.
	shippedDir := t.TempDir()
	for _, f := range []string{"wasm_exec.js", "index.html"} {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(shippedDir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	shipped := buildShipped(t, shippedDir)
	gz, smallGz := gzipped(t, shipped), gzipped(t, filepath.Join(small, "game.wasm"))
	t.Logf("gzipped module: game %d bytes, smallest game %d bytes: %.2f×", gz, smallGz, float64(gz)/float64(smallGz))
	sites := []struct{ name, dir, query string }{{"game", shippedDir, "/?mute=1"}, {"smallest", small, "/"}, {"game with sound", shippedDir, "/"}}
	first := make([][]float64, len(sites))
	inst := make([][]float64, len(sites))
	own := make([][]float64, len(sites)) // from the page's script to the first frame
	for i := 0; i < n; i++ {
		for k, s := range sites {
			srv := httptest.NewServer(serve.Handler(s.dir))
			ctx := browser(t, path)
			tb := newTab(t, ctx)
			tb.do("loading the page", 60*time.Second, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(srv.URL+s.query))
			tb.poll("the first frame", `window.hott && window.hott.ready === true`, 120*time.Second)
			var timing map[string]float64
			tb.eval(`hott.timing`, &timing)
			first[k] = append(first[k], timing["firstFrame"])
			inst[k] = append(inst[k], timing["instantiated"])
			own[k] = append(own[k], timing["firstFrame"]-timing["start"])
			t.Logf("%s: %v", s.name, timing)
			chromedp.Cancel(ctx)
			srv.Close()
		}
	}
	for k := range sites {
		slices.Sort(first[k])
		slices.Sort(inst[k])
		slices.Sort(own[k])
	}
	for k, s := range sites {
		t.Logf("%s (%s), %d loads: first frame median %.0f ms (min %.0f, max %.0f), instantiated at %.0f: %.2f× the smallest game's; from the page's script %.0f ms: %.2f×",
			s.name, s.query, n, first[k][n/2], first[k][0], first[k][n-1], inst[k][n/2], first[k][n/2]/first[1][n/2],
			own[k][n/2], own[k][n/2]/own[1][n/2])
	}
}

// openSite serves the built site, opens a tab of a fresh browser and
// returns it, the browser's context and the site's address; the page's
// console is logged when the test fails.
func openSite(t *testing.T) (tb *tab, ctx context.Context, base string) {
	t.Helper()
	path := chromium(t)
	srv := httptest.NewServer(serve.Handler(site(t)))
	t.Cleanup(srv.Close)
	ctx = browser(t, path)
	tb = newTab(t, ctx)
	t.Cleanup(func() {
		if t.Failed() {
			tb.logConsole()
		}
	})
	return tb, ctx, srv.URL
}
