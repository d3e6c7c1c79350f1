package main

import (
	"strings"
	"testing"
)

// hott scenario check pelennor prints the forces of PELENNOR.md §2:
// every command's general, AP, break point and elements by type.
func TestScenarioCheckPelennorForces(t *testing.T) {
	code, out, errOut := hott(t, "scenario", "check", "pelennor")
	if code != exitOK {
		t.Fatalf("status %d: %s", code, errOut)
	}
	for _, want := range []string{
		"general: Prince Imrahil (Heroes)\n    starting AP: 22, break point: 11",
		"elements: 11: Blades 2, Spears 2, Shooters 1, Knights 4, Heroes 1, Stronghold 1",
		"general: King Théoden (Heroes)\n    starting AP: 32, break point: 16",
		"elements: 14: Knights 9, Riders 3, Heroes 2",
		"general: Aragorn, Heir of Isildur (Heroes)\n    starting AP: 20, break point: 10",
		"elements: 8: Blades 2 (2 in reserve), Spears 2 (2 in reserve), Shooters 2 (2 in reserve), Heroes 2 (2 in reserve)",
		"general: Gandalf the White (Magicians)\n    starting AP: 4, break point: none",
		"general: The Witch-King of Angmar (Aerial Heroes)\n    starting AP: 42, break point: 21",
		"elements: 19: Blades 4, Shooters 2, Hordes 6, Artillery 2, Behemoths 2, Flyers 2, Aerial Heroes 1 (1 in reserve)",
		"general: The Southron Chieftain (Riders)\n    starting AP: 24, break point: 12",
		"elements: 10: Spears 2, Shooters 2, Riders 4, Behemoths 2",
		"general: Gothmog, Lieutenant of Morgul (Heroes)\n    starting AP: 28, break point: 14",
		"elements: 15: Blades 3 (3 in reserve), Spears 1 (1 in reserve), Warband 4 (4 in reserve), Shooters 1 (1 in reserve), Hordes 4 (4 in reserve), Riders 1 (1 in reserve), Heroes 1 (1 in reserve)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the summary lacks %q", want)
		}
	}
}
