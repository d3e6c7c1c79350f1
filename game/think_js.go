//go:build js

package game

import (
	"time"

	"pelennor/ai"
	"pelennor/engine"
)

// thinkSlice is how much of a frame the thinking may use in the
// browser, which has one thread: a 60 Hz frame is 16.7 ms, and drawing
// needs the rest.
const thinkSlice = 6 * time.Millisecond

// thinkRun is a thinking stepped in time slices inside the frame's
// Update: each poll steps it until thinkSlice is used, then lets the
// frame be drawn and goes on at the next.
type thinkRun struct {
	t       *ai.Thinking
	done    bool
	stopped bool
	act     engine.Action
	err     error
}

func startThink(t *ai.Thinking) *thinkRun { return &thinkRun{t: t} }

// longestSlice is the longest a frame has spent thinking (the hook
// reports it: one unit of the computer's work can outlast the slice).
var longestSlice time.Duration

// thinkSliceLongest is longestSlice for the hook.
func thinkSliceLongest() time.Duration { return longestSlice }

// poll does one slice of the work and reports whether it has ended.
func (r *thinkRun) poll() bool {
	if r.done {
		return true
	}
	if r.stopped {
		r.t.Stop()
		r.done = true
		return true
	}
	start := time.Now()
	end := start.Add(thinkSlice)
	defer func() { longestSlice = max(longestSlice, time.Since(start)) }()
	for {
		if r.t.Step() {
			r.done = true
			r.act, r.err = r.t.Result()
			return true
		}
		if !time.Now().Before(end) {
			return false
		}
	}
}

func (r *thinkRun) finished() bool { return r.done }

// cancel gives the thinking up at the next poll.
func (r *thinkRun) cancel() { r.stopped = true }

// wait steps the thinking to its end.
func (r *thinkRun) wait() {
	for !r.poll() {
	}
}
