package e2e

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// computerState is what the hook reports of the seats (game.HookState).
type computerState struct {
	Scene    string   `json:"scene"`
	Bound    int      `json:"bound"`
	Acting   int      `json:"acting"`
	Actions  []any    `json:"actions"`
	Seats    []string `json:"seats"`
	Thinking bool     `json:"thinking"`
	Locked   string   `json:"locked"`
	SliceMS  float64  `json:"sliceMs"`
	Choices  []struct {
		Options []string     `json:"options"`
		Centres [][2]float64 `json:"centres"`
	} `json:"choices"`
}

func (tb *tab) computer() computerState {
	tb.t.Helper()
	var st computerState
	tb.eval(`hott.state()`, &st)
	return st
}

// TestBrowserPlayTheComputer: from the title, a Pelennor battle against
// the computer; the person ends the bound; the computer plays its own
// in the page's time slices, its actions in the record, the page's
// frames going on meanwhile, and the bound comes back to the person.
func TestBrowserPlayTheComputer(t *testing.T) {
	tb, _, base := openSite(t)
	tb.do("loading the page", 60*time.Second, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(base+"/?mute=1&seed=5"))
	tb.poll("the title screen", `window.hott && hott.ready === true && hott.state().scene === "title"`, 120*time.Second)

	// The computer at its fastest, so the test waits on its thinking,
	// not its pauses.
	tb.click(tb.button("Settings"))
	tb.poll("the settings", `hott.state().scene === "settings"`, 10*time.Second)
	st := tb.computer()
	i := slices.IndexFunc(st.Choices, func(c struct {
		Options []string     `json:"options"`
		Centres [][2]float64 `json:"centres"`
	}) bool {
		return slices.Contains(c.Options, "Instant")
	})
	if i < 0 {
		t.Fatalf("no computer speed on the settings screen: %+v", st.Choices)
	}
	c := st.Choices[i].Centres[slices.Index(st.Choices[i].Options, "Instant")]
	tb.click(tb.page(c[0], c[1]))
	tb.click(tb.button("Done"))

	tb.click(tb.button("Play the Computer"))
	tb.poll("the computer's set-up", `hott.state().scene === "setup"`, 10*time.Second)
	tb.click(tb.button("To Battle"))
	tb.poll("the battle", `hott.state().scene === "battle"`, 30*time.Second)
	st = tb.computer()
	if want := []string{"person", "ai:normal"}; !slices.Equal(st.Seats, want) {
		t.Fatalf("seats %q, want %q", st.Seats, want)
	}
	if st.Acting != 0 || st.Locked != "" {
		t.Fatalf("the person's bound: acting %d, locked %q", st.Acting, st.Locked)
	}

	// A frame-gap meter in the page: the longest time between two
	// animation frames while the computer plays (reported, not judged:
	// the machine is shared).
	tb.eval(`(() => { window.gapMax = 0; let last = performance.now();
		const tick = t => { window.gapMax = Math.max(window.gapMax, t - last); last = t; requestAnimationFrame(tick); };
		requestAnimationFrame(tick); return true; })()`, nil)

	// End the bound: End bound, then the question about unspent PIPs.
	tb.click(tb.button("End bound"))
	tb.frames(3)
	if s := tb.state(); s.Scene == "confirm" {
		tb.click(tb.button("End bound"))
	}
	tb.poll("the computer's bound", `hott.state().acting === 1`, 20*time.Second)
	before := len(tb.computer().Actions)
	tb.eval(`window.gapMax = 0`, nil)

	// While it plays, the page goes on drawing: frames keep coming.
	sawLocked := false
	deadline := time.Now().Add(5 * time.Minute)
	for {
		tb.frames(10)
		st = tb.computer()
		if st.Locked != "" {
			sawLocked = true
		}
		if st.Acting == 0 || st.Scene == "results" || time.Now().After(deadline) {
			break
		}
	}
	if !sawLocked {
		t.Error("the table was never locked for the computer's bound")
	}
	if st.Acting != 0 && st.Scene != "results" {
		t.Fatalf("the computer did not end its bound: acting %d, bound %d, %d actions", st.Acting, st.Bound, len(st.Actions)-before)
	}
	if n := len(st.Actions) - before; n < 1 {
		t.Errorf("the computer's bound played %d actions", n)
	}
	if st.Scene == "handover" {
		t.Error("a hand-over between the person and the computer")
	}
	var gap float64
	tb.eval(`window.gapMax`, &gap)
	t.Logf("the computer's bound: %d actions; the longest gap between frames %.1f ms; the longest frame's thinking %.1f ms", len(st.Actions)-before, gap, st.SliceMS)
	tb.shot(fmt.Sprintf("computer-bound-%d", st.Bound))
}
