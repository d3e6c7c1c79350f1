// Package clock is a battle's time limit for tournament play: the time
// the players have spent at the battle screen, counted frame by frame
// from a time source the caller gives, so that it counts nothing while
// the game is paused, on another screen or not running at all.
//
// Time is not a rule: the engine never sees the clock, only the action
// the game submits when it runs out (engine.ActTimeCalled).
package clock

import (
	"fmt"
	"time"
)

// Default is a tournament game's time when none is given (issue 13).
const Default = 60 * time.Minute

// MaxStep is the most one frame counts. A longer gap between two frames
// means the program did not run (a suspended machine, a stalled tab),
// and nobody played in it.
const MaxStep = time.Second

// Clock counts the time used of a limit. The zero Clock has no limit and
// is out of time at once; make one with New or Restore.
type Clock struct {
	limit, used time.Duration
	frame       int       // the frame last counted
	last        time.Time // and when it was
	counting    bool      // the frame before this one was counted
}

// New is a clock of limit, none of it used.
func New(limit time.Duration) *Clock { return &Clock{limit: max(limit, 0)} }

// Restore is a clock of limit of which used has gone (a game resumed).
func Restore(limit, used time.Duration) *Clock {
	return &Clock{limit: max(limit, 0), used: min(max(used, 0), max(limit, 0))}
}

// Limit is the time the game has.
func (c *Clock) Limit() time.Duration { return c.limit }

// Used is the time spent so far.
func (c *Clock) Used() time.Duration { return c.used }

// Left is the time still to play, never below zero.
func (c *Clock) Left() time.Duration { return max(c.limit-c.used, 0) }

// Out reports whether the time is up.
func (c *Clock) Out() bool { return c.used >= c.limit }

// Tick counts frame, seen at now, as played: the time since the frame
// before it, if that frame was counted too (the battle was on screen
// then), at most MaxStep. A frame after a gap (another screen, a pause)
// only starts the count again. It reports whether the time ran out with
// this frame.
func (c *Clock) Tick(frame int, now time.Time) bool {
	if c.Out() {
		return false
	}
	if c.counting && frame == c.frame+1 {
		if d := now.Sub(c.last); d > 0 {
			c.used = min(c.used+min(d, MaxStep), c.limit)
		}
	}
	c.frame, c.last, c.counting = frame, now, true
	return c.Out()
}

// Stop ends the count: the next Tick starts it again, counting nothing
// of the time between.
func (c *Clock) Stop() { c.counting = false }

// Format writes a time left as minutes and seconds (42:07), with hours
// when there are any (1:30:00); a part of a second counts as a whole one,
// so 0:00 is shown only when the time is up.
func Format(d time.Duration) string {
	s := int64((max(d, 0) + time.Second - 1) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}
