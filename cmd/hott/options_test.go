package main

import (
	"encoding/json"
	"strings"
	"testing"

	"pelennor/engine"
)

// hott options on the Pelennor after Gondor's first bound: the Fell
// Beast may move, its contacts are actions the engine accepts, and the
// report names Mordor to act.
func TestOptionsFellBeast(t *testing.T) {
	code, out, errOut := hott(t, "options", "--scenario", "pelennor", "--seed", "3", "--actions", "testdata/end_bound.json", "--element", "502")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rep optionsReport
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rep); err != nil {
		t.Fatalf("output is not an options report: %v\n%s", err, out)
	}
	if rep.Format != optionsFormat || rep.Side != 1 || rep.Phase != "move" || rep.Element == nil || rep.Element.Move == nil {
		t.Fatalf("report %+v", rep)
	}
	m := rep.Element.Move
	if !m.Ways[0].Allowed || len(m.Contacts) == 0 || len(m.Reach) == 0 {
		t.Errorf("the Fell Beast: ways %+v, %d contacts, %d reach points", m.Ways, len(m.Contacts), len(m.Reach))
	}
	if rep.Element.Fire == nil || rep.Element.Fire.Refusal == nil || rep.Element.Fire.Refusal.Code != engine.FireNotShooter {
		t.Errorf("fire %+v, want fire.not_shooter", rep.Element.Fire)
	}
	if len(rep.CommandRanges) == 0 {
		t.Errorf("no command ranges for Mordor")
	}
}

func TestOptionsUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"options"}, exitUsage, "--scenario is required"},
		{[]string{"options", "--scenario", "pelennor", "--element", "3", "--group", "3,4"}, exitUsage, "not both"},
		{[]string{"options", "--scenario", "pelennor", "--group", "3"}, exitUsage, "two or more"},
		{[]string{"options", "--scenario", "pelennor", "--group", "3,x"}, exitUsage, "not an element id"},
		{[]string{"options", "--scenario", "pelennor", "--element", "9999"}, exitError, "no element 9999"},
	} {
		code, _, errOut := hott(t, c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, %q; want %d and %q", c.args, code, errOut, c.code, c.want)
		}
	}
}
