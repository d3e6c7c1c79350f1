package main

import (
	"strings"
	"testing"
)

// A -clock that is no game's length is refused before anything opens.
func TestClockFlagRefused(t *testing.T) {
	for _, arg := range []string{"-5", "100000"} {
		err := run([]string{"-clock", arg})
		if err == nil || !strings.Contains(err.Error(), "-clock "+arg) {
			t.Errorf("-clock %s: %v", arg, err)
		}
	}
}
