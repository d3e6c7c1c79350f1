package game

import (
	"image/color"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/ai"
	"pelennor/engine"
	"pelennor/engine/rules"
	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
)

// benchBattle starts the Pelennor battle at the first bound of Gondor's
// in which 77 of its 78 elements are on the table (the events have
// brought on the Witch-King, Gothmog and Aragorn; Gandalf comes only
// when called), with a knight being dragged, so
// that a frame draws every element, the ghost, its ruler and label, the
// status bar, the panels and the log.
func benchBattle(b *testing.B) (*App, *Battle) {
	script := input.NewScript()
	a, err := New(Options{Mute: true, Seed: 1, Show: "title", Catalog: catalog, Input: script})
	if err != nil {
		b.Fatal(err)
	}
	data, err := catalog.Load("pelennor")
	if err != nil {
		b.Fatal(err)
	}
	sc, err := engine.ParseScenario("pelennor", data)
	if err != nil {
		b.Fatal(err)
	}
	m, err := NewMatch(sc, 1, [2]string{"Théoden", "Gothmog"}, false)
	if err != nil {
		b.Fatal(err)
	}
	e, ok := benchKnight(m)
	for i := 0; i < 40 && !ok; i++ {
		if _, err := m.Submit(engine.Action{Kind: engine.ActEndBound}); err != nil {
			b.Fatalf("bound %d: %v", m.G.Bound(), err)
		}
		e, ok = benchKnight(m)
	}
	if !ok {
		b.Fatalf("no bound of Gondor's with the elements on the table by bound %d", m.G.Bound())
	}
	bt := NewBattle(a, m)
	a.Reset(bt)
	ebitest.Run(b, a, 3)
	bt.Cam.Fit()
	x0, y0 := bt.ScreenOf(e.ID)
	script.Add(input.Event{Kind: input.Move, X: x0, Y: y0}, input.Event{At: 1, Kind: input.Press, X: x0, Y: y0},
		input.Event{At: 2, Kind: input.Move, X: x0 + 20, Y: y0 + 30}, input.Event{At: 3, Kind: input.Move, X: x0 + 25, Y: y0 + 40})
	ebitest.Run(b, a, 6)
	if bt.Dragging() == nil {
		b.Fatal("no drag in progress")
	}
	if n := onTable(bt); n != len(sc.Elements)-1 {
		b.Fatalf("%d of %d elements on the table", n, len(sc.Elements))
	}
	return a, bt
}

// benchKnight returns a Rohirrim knight that may move 3" ahead now, if
// every element but Gandalf is on the table.
func benchKnight(m *Match) (engine.Element, bool) {
	ci := cmdIndex(m.Sc, "rohirrim")
	if m.G.Phase() != engine.PhaseMove || m.G.Winner() >= 0 {
		return engine.Element{}, false
	}
	for _, e := range m.G.Elements() {
		if !e.OnTable() && e.Cmd != cmdIndex(m.Sc, "gandalf") {
			return engine.Element{}, false
		}
	}
	for _, e := range m.G.Elements() {
		to := forward(e, 300)
		if e.Cmd == ci && e.Type == rules.Knights {
			if _, err := m.G.Preview(engine.Action{Kind: engine.ActMove, ID: e.ID, To: &to}); err == nil {
				return e, true
			}
		}
	}
	return engine.Element{}, false
}

// timed wraps a game to measure the time its own Update and Draw take
// on the CPU (the GPU works on afterwards, in its own time).
type timed struct {
	ebiten.Game
	spent time.Duration
}

func (t *timed) Update() error {
	t0 := time.Now()
	err := t.Game.Update()
	t.spent += time.Since(t0)
	return err
}

func (t *timed) Draw(s *ebiten.Image) {
	t0 := time.Now()
	t.Game.Draw(s)
	t.spent += time.Since(t0)
}

func (t *timed) LayoutF(w, h float64) (float64, float64) { return t.Game.(*App).LayoutF(w, h) }

// onTable counts the elements on the table (all drawn in the frame).
func onTable(bt *Battle) int {
	n := 0
	for _, e := range bt.M.G.Elements() {
		if e.OnTable() {
			n++
		}
	}
	return n
}

// BenchmarkBattleFrame measures one battle-screen frame (update and draw)
// while a move is dragged, the table's view unchanged. ns/op is the
// whole frame as the test loop runs it (including the software GPU under
// Xvfb); cpu-ns/frame is the game's own Update and Draw, which is what
// the game costs the CPU (Ebitengine's own work and the GPU's come after
// Draw returns); elements is how many are drawn.
func BenchmarkBattleFrame(b *testing.B) {
	a, bt := benchBattle(b)
	tg := &timed{Game: a}
	b.ResetTimer()
	ebitest.Run(b, tg, b.N)
	b.ReportMetric(float64(tg.spent.Nanoseconds())/float64(b.N), "cpu-ns/frame")
	b.ReportMetric(float64(onTable(bt)), "elements")
}

type blank struct{}

func (blank) Update() error              { return nil }
func (blank) Draw(s *ebiten.Image)       { s.Fill(color.RGBA{0x20, 0x20, 0x20, 0xff}) }
func (blank) Layout(w, h int) (int, int) { return w, h }

// BenchmarkBlankFrame is the test loop's cost for a frame that only
// clears the screen, to read the others against.
func BenchmarkBlankFrame(b *testing.B) {
	ebitest.Run(b, blank{}, 2)
	b.ResetTimer()
	ebitest.Run(b, blank{}, b.N)
}

// BenchmarkBattleFramePanning is the same with the view moving every
// frame, so that the terrain is redrawn each time.
func BenchmarkBattleFramePanning(b *testing.B) {
	a, bt := benchBattle(b)
	tg := &timed{Game: a}
	b.ResetTimer()
	defer func() { b.ReportMetric(float64(tg.spent.Nanoseconds())/float64(b.N), "cpu-ns/frame") }()
	ebitest.RunWith(b, tg, b.N, func(i int) {
		if i%2 == 0 {
			bt.Cam.PanBy(1, 0)
		} else {
			bt.Cam.PanBy(-1, 0)
		}
	})
}

// BenchmarkFrameWhileThinking is BenchmarkBattleFrame with the computer
// thinking all the while: a hard computer's Thinking for the position
// stepped on its own goroutine as the computer seat steps it
// (think_other.go), begun again on a fresh player whenever one ends, so
// every frame is drawn while the computer thinks. thinkings is how
// many were worked through; compare ns/op and cpu-ns/frame with
// BenchmarkBattleFrame run the same way.
func BenchmarkFrameWhileThinking(b *testing.B) {
	a, bt := benchBattle(b)
	tg := &timed{Game: a}
	var run *thinkRun
	thinkings := 0
	think := func() {
		if run == nil || run.finished() {
			run = startThink(ai.New(ai.Config{Level: ai.Hard, Seed: uint64(thinkings)}).Think(bt.M.G))
			thinkings++
		}
	}
	think()
	b.ResetTimer()
	ebitest.RunWith(b, tg, b.N, func(int) { think() })
	b.StopTimer()
	run.cancel()
	run.wait()
	b.ReportMetric(float64(tg.spent.Nanoseconds())/float64(b.N), "cpu-ns/frame")
	b.ReportMetric(float64(thinkings), "thinkings")
}
