package game

import (
	"testing"

	"pelennor/game/control"
)

// Every command has a name in the keys list and at least one key, and
// no key with the same modifiers means two commands where both apply.
func TestKeymap(t *testing.T) {
	bound := map[control.Command]bool{}
	for i, k := range keymap {
		bound[k.cmd] = true
		for _, o := range keymap[:i] {
			overlap := k.scope == o.scope || k.scope == scopeAny || o.scope == scopeAny
			if o.key == k.key && modsOverlap(o.mod, k.mod) && o.cmd != k.cmd && overlap {
				t.Errorf("%s means both %d and %d", k.label, o.cmd, k.cmd)
			}
		}
	}
	for cmd := control.CmdNone + 1; cmd < control.NumCommands; cmd++ {
		if !bound[cmd] || commandNames[cmd] == "" {
			t.Errorf("command %d: bound %v, named %q", cmd, bound[cmd], commandNames[cmd])
		}
	}
	list := keyList()
	if len(list) != len(bound) {
		t.Errorf("keys list has %d lines for %d commands", len(list), len(bound))
	}
	if got := keysOf(control.CmdRedo); got != "Ctrl+Y or Ctrl+Shift+Z" {
		t.Errorf("redo keys %q", got)
	}
	if k, l := keyOf(control.CmdTurnAbout); l != "R" || k == 0 {
		t.Errorf("about-turn key %v %q", k, l)
	}
}

// modsOverlap reports whether some state of Ctrl and Shift fires both.
func modsOverlap(a, b mod) bool {
	for _, ctrl := range []bool{false, true} {
		for _, shift := range []bool{false, true} {
			if a.allows(ctrl, shift) && b.allows(ctrl, shift) {
				return true
			}
		}
	}
	return false
}
