package clock

import (
	"testing"
	"time"
)

// frames feeds a clock a run of frames: each step is a frame number and
// the time since the start it is seen at.
type step struct {
	frame int
	at    time.Duration
}

func TestTick(t *testing.T) {
	t0 := time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)
	sixty := func(from, n int, start time.Duration) []step {
		var out []step
		for i := range n {
			out = append(out, step{from + i, start + time.Duration(i)*time.Second/60})
		}
		return out
	}
	for _, tc := range []struct {
		name  string
		limit time.Duration
		steps []step
		used  time.Duration
		out   bool
	}{
		{"one second of frames", time.Minute, sixty(1, 61, 0), time.Second, false},
		// Frames 62 to 99 were another screen's: the gap is not counted.
		{"a gap of frames", time.Minute, append(sixty(1, 61, 0), sixty(100, 61, time.Hour)...), 2 * time.Second, false},
		// The program stalled ten minutes between two frames.
		{"a stall", time.Minute, []step{{1, 0}, {2, 10 * time.Minute}, {3, 10*time.Minute + time.Second/2}}, MaxStep + time.Second/2, false},
		{"a clock going back", time.Minute, []step{{1, time.Second}, {2, 0}, {3, time.Second / 4}}, time.Second / 4, false},
		{"the time runs out", 2 * time.Second, sixty(1, 200, 0), 2 * time.Second, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := New(tc.limit)
			ran := 0
			for _, s := range tc.steps {
				if c.Tick(s.frame, t0.Add(s.at)) {
					ran++
				}
			}
			if c.Used() != tc.used || c.Out() != tc.out || c.Left() != tc.limit-tc.used {
				t.Errorf("used %v (left %v, out %v), want %v (out %v)", c.Used(), c.Left(), c.Out(), tc.used, tc.out)
			}
			if want := map[bool]int{true: 1}[tc.out]; ran != want {
				t.Errorf("Tick reported the time running out %d times, want %d", ran, want)
			}
		})
	}
}

// TestStop: time between Stop and the next Tick is not counted, even on
// consecutive frames.
func TestStop(t *testing.T) {
	t0 := time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)
	c := New(time.Minute)
	c.Tick(1, t0)
	c.Tick(2, t0.Add(time.Second/2))
	c.Stop()
	c.Tick(3, t0.Add(time.Second))
	c.Tick(4, t0.Add(time.Second+time.Second/4))
	if c.Used() != time.Second*3/4 {
		t.Errorf("used %v, want 750ms", c.Used())
	}
}

func TestRestore(t *testing.T) {
	for _, tc := range []struct{ limit, used, want time.Duration }{
		{time.Hour, 20 * time.Minute, 20 * time.Minute},
		{time.Hour, 2 * time.Hour, time.Hour},
		{time.Hour, -time.Minute, 0},
	} {
		c := Restore(tc.limit, tc.used)
		if c.Limit() != tc.limit || c.Used() != tc.want {
			t.Errorf("Restore(%v, %v): limit %v used %v, want used %v", tc.limit, tc.used, c.Limit(), c.Used(), tc.want)
		}
	}
	if !Restore(time.Hour, time.Hour).Out() || New(time.Hour).Out() {
		t.Error("a clock all used is not out, or a new one is")
	}
}

func TestFormat(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0: "0:00", time.Millisecond: "0:01", 59*time.Second + time.Millisecond: "1:00",
		42*time.Minute + 7*time.Second: "42:07", time.Hour: "1:00:00", 90 * time.Minute: "1:30:00", -time.Second: "0:00",
	} {
		if got := Format(d); got != want {
			t.Errorf("Format(%v) = %q, want %q", d, got, want)
		}
	}
}
