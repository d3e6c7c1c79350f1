package main

import (
	"fmt"
	"io"
	"os"
	"time"
)

// progress shows how a long `hott sim` run is going on standard error,
// when that is a terminal: games done, rate and time left, rewritten in
// place at most every progressEvery.
type progress struct {
	w           io.Writer // nil: show nothing
	total, done int
	start, last time.Time
}

const progressEvery = 250 * time.Millisecond

func newProgress(w io.Writer, total int) *progress {
	p := &progress{total: total, start: time.Now()}
	if isTerminal(w) {
		p.w = w
	}
	return p
}

// isTerminal reports whether w is a terminal (a character device).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func (p *progress) gameDone() {
	p.done++
	if p.w == nil {
		return
	}
	if now := time.Now(); now.Sub(p.last) >= progressEvery || p.done == p.total {
		p.last = now
		fmt.Fprintf(p.w, "\r%s\x1b[K", progressLine(p.done, p.total, now.Sub(p.start)))
	}
}

// finish ends the progress line so that the report starts on its own.
func (p *progress) finish() {
	if p.w != nil {
		fmt.Fprintln(p.w)
	}
}

// progressLine is the text of the progress shown after done of total
// games in elapsed time.
func progressLine(done, total int, elapsed time.Duration) string {
	line := fmt.Sprintf("%d/%d games", done, total)
	if done == 0 || elapsed <= 0 {
		return line
	}
	rate := float64(done) / elapsed.Seconds()
	left := time.Duration(float64(total-done) / rate * float64(time.Second)).Round(time.Second)
	return fmt.Sprintf("%s, %.1f games/s, %s left", line, rate, left)
}
