package saves

import (
	"strings"
	"testing"
)

// The journal keeps a battle clock: read back with the game, read alone
// by JournalClock, and a clock that is none (more used than its limit,
// no limit) makes the journal refused, naming it.
func TestJournalKeepsTheClock(t *testing.T) {
	for _, tc := range []struct {
		name  string
		clock *Clock
		ok    bool
	}{
		{"none", nil, true},
		{"a clock", &Clock{LimitMS: 3600000, UsedMS: 1275000}, true},
		{"all used", &Clock{LimitMS: 3600000, UsedMS: 3600000}, true},
		{"over its limit", &Clock{LimitMS: 60000, UsedMS: 60001}, false},
		{"no limit", &Clock{LimitMS: 0, UsedMS: 0}, false},
		{"time used backwards", &Clock{LimitMS: 60000, UsedMS: -1}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := library(t)
			h := pelennor(t, 3)
			j := l.Journal(h, h.Game().Scenario())
			j.Clock = tc.clock
			if err := j.Write(h, players); err != nil {
				t.Fatal(err)
			}
			g, _, err := l.OpenJournal(j.Name())
			alone := l.JournalClock(j.Name())
			if !tc.ok {
				if err == nil || !strings.Contains(err.Error(), j.Name()+": the battle clock") || alone != nil {
					t.Errorf("journal read: %v; JournalClock %+v", err, alone)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if (g.Clock == nil) != (tc.clock == nil) || g.Clock != nil && *g.Clock != *tc.clock {
				t.Errorf("read back %+v, written %+v", g.Clock, tc.clock)
			}
			if (alone == nil) != (tc.clock == nil) || alone != nil && *alone != *tc.clock {
				t.Errorf("JournalClock %+v, written %+v", alone, tc.clock)
			}
		})
	}
}
