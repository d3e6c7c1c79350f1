package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pelennor/engine"
	"pelennor/engine/dice"
	"pelennor/scenarios"
)

// keyedFiles plays a short keyed match on the skirmish between two
// secrets (bounds of begin and end_bound), and returns the turn files
// sent after each bound and the sender's local save made after one more
// begin (its own value for that segment unrevealed).
func keyedFiles(t *testing.T, match string) (turns [][]byte, local []byte) {
	t.Helper()
	data, err := scenarios.Load("skirmish")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := engine.ParseScenario("skirmish", data)
	if err != nil {
		t.Fatal(err)
	}
	secs := [2]*engine.Secret{
		{Match: match, Side: 0, Master: bytes.Repeat([]byte{5}, dice.MasterSize)},
		{Match: match, Side: 1, Master: bytes.Repeat([]byte{6}, dice.MasterSize)},
	}
	var hs [2]*engine.History
	if hs[0], err = engine.NewKeyedHistory(sc, match, secs[0], engine.Options{}); err != nil {
		t.Fatal(err)
	}
	send := func(side int) *engine.Save {
		hs[side].RevealOwn()
		s, err := hs[side].Save(nil)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	if hs[1], err = engine.AcceptInvitation(send(0), sc, secs[1]); err != nil {
		t.Fatal(err)
	}
	if hs[0], err = hs[0].Receive(send(1)); err != nil {
		t.Fatal(err)
	}
	var s *engine.Save
	for b := 0; b < 4; b++ {
		side := b % 2
		for _, a := range []engine.Action{{Kind: engine.ActBegin}, {Kind: engine.ActEndBound}} {
			if _, err := hs[side].Apply(a); err != nil {
				t.Fatalf("bound %d: %s: %v", b+1, a.Kind, err)
			}
		}
		s = send(side)
		if hs[1-side], err = hs[1-side].Receive(s); err != nil {
			t.Fatal(err)
		}
		data, err := s.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		turns = append(turns, data)
	}
	if _, err := hs[0].Apply(engine.Action{Kind: engine.ActBegin}); err != nil {
		t.Fatal(err)
	}
	ls, err := hs[0].Save(nil)
	if err != nil {
		t.Fatal(err)
	}
	if local, err = ls.Marshal(); err != nil {
		t.Fatal(err)
	}
	return turns, local
}

// hott replay verifies a keyed save: every die against the revealed
// values, each value against its commitment; a tampered value or a die
// from an unrevealed segment is refused with the reason.
func TestReplayKeyed(t *testing.T) {
	turns, local := keyedFiles(t, "feedfacefeedfacefeedfacefeedface")
	turn := turns[len(turns)-1]
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	code, out, errOut := hott(t, "replay", write("match.turn.json", turn))
	if code != exitOK {
		t.Fatalf("replay: status %d, stderr %s", code, errOut)
	}
	r := lastLine(t, out)
	if r.Keyed == nil || r.Keyed.Dice != 4 || r.Keyed.Segment != 5 || r.Keyed.Revealed != [2]int{4, 5} || r.Keyed.Open {
		t.Errorf("result %+v keyed %+v", r, r.Keyed)
	}

	s := string(turn)
	i := strings.Index(s, `"value": "`) + len(`"value": "`)
	bad := s[:i] + map[bool]string{true: "1", false: "0"}[s[i] == '0'] + s[i+1:]
	code, _, errOut = hott(t, "replay", write("bad.turn.json", []byte(bad)))
	if code != exitError || !strings.Contains(errOut, "bad.turn.json") || !strings.Contains(errOut, "does not hash down to its commitment") {
		t.Errorf("tampered reveal: status %d, stderr %q", code, errOut)
	}

	code, _, errOut = hott(t, "replay", write("local.json", local))
	if code != exitError || !strings.Contains(errOut, "[dice.sealed]") || !strings.Contains(errOut, "action 8 (begin)") {
		t.Errorf("a die from an unrevealed segment: status %d, stderr %q", code, errOut)
	}
}

// hott replay --after EARLIER FILE: FILE must be a later file of the
// same match.
func TestReplayAfter(t *testing.T) {
	turns, _ := keyedFiles(t, "feedfacefeedfacefeedfacefeedface")
	others, _ := keyedFiles(t, "0badc0de0badc0de0badc0de0badc0de")
	dir := t.TempDir()
	path := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	t1, t3 := path("t1.turn.json", turns[1]), path("t3.turn.json", turns[3])
	if code, _, errOut := hott(t, "replay", "--after", t1, t3); code != exitOK {
		t.Fatalf("a later file: status %d, %s", code, errOut)
	}
	for _, c := range []struct{ earlier, file, want string }{
		{t3, t1, "older"},
		{t1, path("other.turn.json", others[3]), "another match"},
	} {
		code, _, errOut := hott(t, "replay", "--after", c.earlier, c.file)
		if code != exitError || !strings.Contains(errOut, "does not follow") || !strings.Contains(errOut, c.want) {
			t.Errorf("%s after %s: status %d, stderr %q", c.file, c.earlier, code, errOut)
		}
	}
}
