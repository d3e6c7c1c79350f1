package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// downloaded waits for a file ending in suffix to arrive complete in dir
// and returns its name and bytes.
func (tb *tab) downloaded(dir, suffix string) (string, []byte) {
	tb.t.Helper()
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), suffix) {
				b, err := os.ReadFile(filepath.Join(dir, e.Name()))
				if err == nil && len(b) > 0 {
					return e.Name(), b
				}
			}
		}
	}
	entries, _ := os.ReadDir(dir)
	tb.t.Fatalf("no download ending in %q; the folder has %v", suffix, entries)
	return "", nil
}

// kept returns a file the game keeps in the browser's storage.
func (tb *tab) kept(area, name string) string {
	tb.t.Helper()
	var f struct {
		Data  string `json:"data"`
		Error string `json:"error"`
	}
	tb.eval(`hott.file(`+jsString(area)+`, `+jsString(name)+`)`, &f)
	if f.Error != "" {
		tb.t.Fatalf("hott.file(%q, %q): %s", area, name, f.Error)
	}
	return f.Data
}

func jsString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

func (tb *tab) drawn() int {
	tb.t.Helper()
	var n int
	tb.eval(`hott.drawn()`, &n)
	return n
}

// TestBrowserFiles checks that an idle battle draws no frames and input
// draws again, and that a turn file and the battle log are downloaded to
// the device (and kept in the browser), with the browser's wording.
func TestBrowserFiles(t *testing.T) {
	tb, ctx, base := openSite(t)
	downloads := t.TempDir()
	if _, err := chromedp.CallBrowser(ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: downloads}); err != nil {
		t.Fatal(err)
	}
	tb.do("loading the battle", 60*time.Second, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(base+"/?mute=1&show=battle&seed=3"))
	tb.poll("the battle", `window.hott && hott.ready && hott.state().scene === "battle" && !(hott.state().toasts || []).length`, 120*time.Second)

	// Idle: over 60 updates not one frame is drawn; the pointer moving
	// draws again.
	tb.frames(20)
	before := tb.drawn()
	tb.frames(60)
	if n := tb.drawn() - before; n != 0 {
		t.Fatalf("an idle battle drew %d frames in 60 updates", n)
	}
	tb.mouse(input.DispatchMouseEventTypeMouseMoved, pt{640, 400}, 0)
	tb.frames(3)
	if tb.drawn() == before {
		t.Fatal("moving the pointer drew no frame")
	}

	// A turn file from the pause menu: downloaded, and kept among the saves.
	tb.click(tb.button("Menu"))
	tb.poll("the pause menu", `hott.state().scene === "pause"`, 10*time.Second)
	tb.click(tb.button("Export a turn file"))
	tb.poll("the export dialog", `hott.state().scene !== "pause" && hott.button("Export") !== null`, 10*time.Second)
	tb.click(tb.button("Export"))
	name, got := tb.downloaded(downloads, ".turn.json")
	if kept := tb.kept("saves", name); kept != string(got) || !strings.Contains(kept, `"actions"`) {
		t.Fatalf("the downloaded %s (%d bytes) is not the kept turn file (%d bytes)", name, len(got), len(kept))
	}
	tb.poll("the toast", `(hott.state().toasts || []).some(m => m.startsWith("Downloaded as `+name+`") && m.includes("Import"))`, 10*time.Second)
	for _, m := range tb.state().Toasts {
		if strings.Contains(m, "~/") || strings.Contains(m, "-load") {
			t.Errorf("desktop wording in the browser: %q", m)
		}
	}

	// The battle log from the results screen.
	tb.do("loading the results", 60*time.Second, chromedp.Navigate(base+"/?mute=1&show=results&seed=3"))
	tb.poll("the results", `window.hott && hott.ready && hott.state().scene === "results"`, 120*time.Second)
	tb.click(tb.button("Battle log"))
	name, got = tb.downloaded(downloads, " log.md")
	if kept := tb.kept("saves", name); kept != string(got) || !strings.HasPrefix(kept, "#") {
		t.Fatalf("the downloaded %s (%d bytes) is not the kept log (%d bytes): %.80q", name, len(got), len(kept), got)
	}
	tb.poll("the toast", `(hott.state().toasts || []).some(m => m === "Battle log downloaded as `+name+`")`, 10*time.Second)
}
