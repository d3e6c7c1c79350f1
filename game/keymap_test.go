package game

import (
	"testing"

	"pelennor/game/control"
)

// Every command has a name in the keys list and at least one key, and
// no key with the same modifiers means two commands.
func TestKeymap(t *testing.T) {
	bound := map[control.Command]bool{}
	type chord struct {
		key int
		mod mod
	}
	seen := map[chord]control.Command{}
	for _, k := range keymap {
		bound[k.cmd] = true
		c := chord{int(k.key), k.mod}
		if prev, ok := seen[c]; ok && prev != k.cmd {
			t.Errorf("%s means both %d and %d", k.label, prev, k.cmd)
		}
		seen[c] = k.cmd
	}
	for cmd := control.CmdNone + 1; cmd < control.CmdPanDown+1; cmd++ {
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
