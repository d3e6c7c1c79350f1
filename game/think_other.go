//go:build !js

package game

import (
	"sync/atomic"
	"time"

	"pelennor/ai"
	"pelennor/engine"
)

// thinkRun is a thinking stepped to its end on a goroutine of its own:
// the frame only asks whether it is done. The Thinking works on its own
// fork of the game, so the game goes on being drawn meanwhile.
type thinkRun struct {
	done    chan struct{} // closed when the goroutine has ended
	quit    atomic.Bool   // asked to give up
	stopped bool          // cancel was called (the game's goroutine's own note)
	act     engine.Action // the answer, once done
	err     error
}

// startThink steps t on a goroutine. Only that goroutine touches t from
// now on: a Thinking is not to be stopped from another.
func startThink(t *ai.Thinking) *thinkRun {
	r := &thinkRun{done: make(chan struct{})}
	go func() {
		defer close(r.done)
		for !t.Step() {
			if r.quit.Load() {
				t.Stop()
				break
			}
		}
		r.act, r.err = t.Result()
	}()
	return r
}

// poll reports whether the thinking has ended; its answer may then be
// read.
func (r *thinkRun) poll() bool { return r.finished() }

func (r *thinkRun) finished() bool {
	select {
	case <-r.done:
		return true
	default:
		return false
	}
}

// cancel asks the thinking to give up after the unit of work under way.
func (r *thinkRun) cancel() {
	r.stopped = true
	r.quit.Store(true)
}

// thinkSliceLongest is the longest a frame has spent thinking: none
// here, where the thinking has a goroutine of its own.
func thinkSliceLongest() time.Duration { return 0 }

// wait blocks until the thinking has ended (tests, and a benchmark that
// must not count a thinking left running).
func (r *thinkRun) wait() { <-r.done }
