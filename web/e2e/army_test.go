package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserStandardBattle opens New Standard Battle from the title in
// the browser, takes a ready-made army for each player, opens the army
// builder and comes back, then starts the battle: its set-up screen.
func TestBrowserStandardBattle(t *testing.T) {
	tb, _, base := openSite(t)
	tb.do("loading the page", 60*time.Second, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(base+"/?mute=1&seed=2"))
	tb.poll("the title screen", `window.hott && hott.ready === true && hott.state().scene === "title"`, 120*time.Second)
	tb.click(tb.button("New Standard Battle"))
	tb.poll("the pick screen", `hott.state().scene === "standardnew"`, 10*time.Second)
	tb.click(tb.button("Build a new army"))
	tb.poll("the army builder", `hott.state().scene === "armybuilder"`, 10*time.Second)
	tb.click(tb.button("Back"))
	tb.poll("back to the pick screen", `hott.state().scene === "standardnew"`, 10*time.Second)
	// The first two ready-made armies (no army is stored yet): the list's
	// first two rows as the pick screen lays them out at 1280 × 800
	// (scale 0.8: the list from y 190, rows 45 px high).
	rows := [2]pt{{400, 213}, {400, 258}}
	tb.click(rows[0])
	tb.poll("Next enabled", `hott.state().buttons.some(b => b.label.startsWith("Next") && !b.disabled)`, 10*time.Second)
	tb.click(tb.button("Next"))
	tb.click(rows[1])
	tb.poll("To Battle enabled", `hott.state().buttons.some(b => b.label === "To Battle" && !b.disabled)`, 10*time.Second)
	tb.click(tb.button("To Battle"))
	tb.poll("the battle's set-up", `hott.state().scene === "setupfield"`, 20*time.Second)
}
