package engine_test

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"pelennor/engine"
	"pelennor/engine/dice"
)

// The Westmen (side 0, creator) begin bound 1, shoot with their middle
// Bows and end the bound: the Eastmen have return shooting.
func westBound(shooter, target int) []engine.Action {
	return []engine.Action{{Kind: engine.ActBegin}, {Kind: engine.ActEndPhase},
		{Kind: engine.ActShoot, ID: shooter, Target: target}, {Kind: engine.ActEndBound}}
}

func (m *machine) apply(t *testing.T, as ...engine.Action) {
	t.Helper()
	for _, a := range as {
		if _, err := m.h.Apply(a); err != nil {
			t.Fatalf("%s: %s: %v", m.name, a.Kind, err)
		}
	}
}

// edit changes a file's JSON.
func edit(t *testing.T, data []byte, f func(m map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	f(m)
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func keyedOf(m map[string]any) map[string]any { return m["keyed"].(map[string]any) }

// flip changes the last hex digit of s.
func flip(s string) string {
	last := s[len(s)-1]
	if last == '0' {
		return s[:len(s)-1] + "1"
	}
	return s[:len(s)-1] + "0"
}

// Everything the recipient of a turn file holds does not let it compute
// a die not yet rolled: from the file alone the segment in play is
// sealed, and on the recipient's machine (with its own secret) the
// sender's next segment is sealed; the dice there depend on a value the
// file does not hold.
func TestRecipientCannotPredict(t *testing.T) {
	sc := loadScenario(t, "pbem-test")
	west, east := startMatch(t, sc, 0)
	west.apply(t, westBound(3, 13)...)
	if g := west.h.Game(); g.Phase() != engine.PhaseReply {
		t.Fatalf("phase %v, want return shooting", g.Phase())
	}
	file := west.send(t)
	if bytes.Contains(file, []byte(`"seed"`)) || bytes.Contains(file, []byte(`"dice"`)) {
		t.Fatalf("a keyed turn file carries a seed or dice:\n%s", file)
	}
	east.receive(t, file)

	// The file alone: segment 2 (the Eastmen's return shooting) needs
	// the Eastmen's value, which no file holds yet.
	alone, _, err := engine.Replay(parse(t, file), sc)
	if err != nil {
		t.Fatal(err)
	}
	if alone.Segment() != 2 || alone.DiceOpen() {
		t.Fatalf("from the file alone: segment %d open %v", alone.Segment(), alone.DiceOpen())
	}
	if _, err := alone.Apply(engine.Action{Kind: engine.ActShoot, ID: 12, Target: 2}); code(err) != "dice.sealed" {
		t.Errorf("a shot from the file alone: %v, want dice.sealed", err)
	}

	// The recipient plays its own segment (its dice are open to it),
	// then cannot go on into the sender's next one.
	if !east.h.Game().DiceOpen() {
		t.Fatal("the Eastmen cannot open their own return shooting")
	}
	east.apply(t, engine.Action{Kind: engine.ActEndPhase})
	g := east.h.Game()
	seg := g.Segment()
	if g.DiceOpen() {
		t.Fatalf("the recipient can open the sender's segment %d", seg)
	}
	draws := g.Draws()
	sealed := false
	for _, a := range []engine.Action{{Kind: engine.ActEndBound}, {Kind: engine.ActBegin}} {
		_, err := east.h.Apply(a)
		if code(err) == "dice.sealed" {
			sealed = true
			if !strings.Contains(err.Error(), "The Westmen") {
				t.Errorf("the reason does not name whose value is missing: %v", err)
			}
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if !sealed || east.h.Game().Draws() != draws {
		t.Fatalf("the Westmen's next dice were drawn on the Eastmen's machine (sealed %v, draws %d→%d)", sealed, draws, east.h.Game().Draws())
	}

	// The dice of that segment depend on the Westmen's unrevealed value:
	// two candidates give two different sequences.
	next := east.h.Game().Segment()
	own := dice.ChainValue(east.sec.Master, next)
	seqs := [2][]int{}
	for i, cand := range []dice.Digest{dice.ChainValue(fixedMaster(7), next), dice.ChainValue(fixedMaster(8), next)} {
		src := dice.NewKeyed(testMatch, fakeKeys{0: cand, 1: own})
		if err := src.Enter(next); err != nil {
			t.Fatal(err)
		}
		for range 12 {
			v, err := src.Roll()
			if err != nil {
				t.Fatal(err)
			}
			seqs[i] = append(seqs[i], v)
		}
	}
	if slices.Equal(seqs[0], seqs[1]) {
		t.Errorf("two different secrets give the same dice %v", seqs[0])
	}
}

type fakeKeys map[int]dice.Digest

func (f fakeKeys) Value(side, _ int) (dice.Digest, bool) { v, ok := f[side]; return v, ok }

// Every kind of bad turn file is refused with its reason, and the local
// game is left as it was.
func TestReceiveRefuses(t *testing.T) {
	sc := loadScenario(t, "pbem-test")
	west, east := startMatch(t, sc, 0)
	west.apply(t, westBound(3, 13)...)
	f1 := west.send(t)
	accepted := east.h // the Eastmen's game before f1
	east.receive(t, f1)
	east.apply(t, engine.Action{Kind: engine.ActEndPhase})
	west.receive(t, east.send(t))
	west.apply(t, engine.Action{Kind: engine.ActEndBound})
	f2 := west.send(t)

	// Files a cheating Westman could send instead of f2.
	otherActions := func() []byte { // the same bound with another shot, after f1
		m := &machine{name: "forger", sec: west.sec}
		s := parse(t, f2)
		s.Actions = append(westBound(2, 12), s.Actions[len(westBound(3, 13)):]...)
		h, err := engine.ResumeWith(recordAgain(t, sc, s, west.sec), sc, west.sec)
		if err != nil {
			t.Fatalf("forging: %v", err)
		}
		m.h = h
		return m.send(t)
	}
	otherDice := func() []byte { // honest reveals, but checkpoints of a game played with other dice
		s := parse(t, f2)
		fake := fixedMaster(10) // as if the Eastmen's values were other ones: the PIP die is 6, not 4
		k := *s.Keyed
		k.Heads[1] = dice.Head(fake).String()
		k.Revealed[1] = engine.Reveal{Segment: 3, Value: dice.ChainValue(fake, 3).String()}
		played, _, err := engine.RecordKeyed(sc, &k, west.sec, engine.Options{Rulings: s.Rulings}, s.Actions)
		if err != nil {
			t.Fatalf("forging: %v", err)
		}
		if slices.Equal(s.Checkpoints, played.Checkpoints) {
			t.Fatalf("the forged dice change nothing: %v", played.Checkpoints)
		}
		s.Checkpoints = played.Checkpoints
		data, err := s.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	newHead := func() []byte {
		forged := fixedMaster(9)
		return edit(t, f2, func(m map[string]any) {
			k := keyedOf(m)
			k["heads"].([]any)[0] = dice.Head(forged).String()
			k["revealed"].([]any)[0] = map[string]any{"segment": 4, "value": dice.ChainValue(forged, 4).String()}
		})
	}
	skipHandover := func() []byte { // the Westmen end the Eastmen's return shooting themselves
		w2 := &machine{name: "west2", sec: west.sec}
		h, err := engine.ResumeWith(parse(t, f1), sc, west.sec)
		if err != nil {
			t.Fatal(err)
		}
		w2.h = h
		w2.apply(t, engine.Action{Kind: engine.ActEndPhase}) // the Eastmen's action
		return w2.send(t)
	}

	type tcase struct {
		name  string
		file  []byte
		parse string          // a refusal when the file is read
		recv  string          // a refusal when it is received
		local *engine.History // the receiving game, if not the Eastmen's newest
	}
	cases := []tcase{
		{name: "a tampered reveal", file: edit(t, f2, func(m map[string]any) {
			r := keyedOf(m)["revealed"].([]any)[0].(map[string]any)
			r["value"] = flip(r["value"].(string))
		}), parse: "does not hash down to its commitment"},
		{name: "a reveal for a later segment than it holds", file: edit(t, f2, func(m map[string]any) {
			r := keyedOf(m)["revealed"].([]any)[0].(map[string]any)
			r["segment"] = r["segment"].(float64) + 1
		}), parse: "does not hash down to its commitment"},
		{name: "a changed head (a re-rolled bound)", file: newHead(), recv: "commitment of The Westmen differs"},
		{name: "a file of another match", file: edit(t, f2, func(m map[string]any) {
			keyedOf(m)["match"] = "ffffffffffffffffffffffffffffffff"
		}), recv: "another match"},
		{name: "an edited action after the dice were seen", file: otherActions(), recv: "differs from this game at action 3"},
		{name: "an edited die", file: otherDice(), recv: "its dice or actions were changed"},
	}
	atF1, err := accepted.Receive(parse(t, f1))
	if err != nil {
		t.Fatal(err)
	}
	cases = append(cases, tcase{"moves made for the recipient", skipHandover(), "", "makes a move for your side (The Eastmen)", atF1})
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, err := engine.ParseSave("bad.turn.json", tc.file)
			if tc.parse != "" {
				if err == nil || !strings.Contains(err.Error(), tc.parse) || !strings.Contains(err.Error(), "bad.turn.json") {
					t.Fatalf("parse: %v, want %q naming the file", err, tc.parse)
				}
				return
			}
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			local := east.h
			if tc.local != nil {
				local = tc.local
			}
			before := local.Game().Hash()
			if _, err := local.Receive(s); err == nil || !strings.Contains(err.Error(), tc.recv) {
				t.Fatalf("receive: %v, want %q", err, tc.recv)
			}
			if local.Game().Hash() != before {
				t.Error("a refused file changed the local game")
			}
		})
	}

	// In order, f2 is taken; f1 afterwards is older and refused.
	east.receive(t, f2)
	if _, err := east.h.Receive(parse(t, f1)); err == nil || !strings.Contains(err.Error(), "older") {
		t.Errorf("an older file: %v", err)
	}
}

// recordAgain re-records a save's actions with the given secret.
func recordAgain(t *testing.T, sc *engine.Scenario, s *engine.Save, sec *engine.Secret) *engine.Save {
	t.Helper()
	r, _, err := engine.RecordKeyed(sc, s.Keyed, sec, engine.Options{Rulings: s.Rulings}, s.Actions)
	if err != nil {
		t.Fatalf("re-recording: %v", err)
	}
	return r
}

// In keyed games a bound waits for its begin; return shooting ends with
// end_phase, not end_bound; previews draw no dice.
func TestKeyedActions(t *testing.T) {
	sc := loadScenario(t, "pbem-test")
	west, east := startMatch(t, sc, 0)
	g := west.h.Game()
	if !g.Awaiting() || g.Bound() != 1 || g.Draws() != 0 {
		t.Fatalf("start: awaiting %v bound %d draws %d", g.Awaiting(), g.Bound(), g.Draws())
	}
	if _, err := west.h.Apply(engine.Action{Kind: engine.ActEndPhase}); code(err) != "bound.awaiting" {
		t.Errorf("end_phase before begin: %v", err)
	}
	west.apply(t, engine.Action{Kind: engine.ActBegin}, engine.Action{Kind: engine.ActEndPhase})
	if _, err := west.h.Apply(engine.Action{Kind: engine.ActBegin}); code(err) != "begin.started" {
		t.Errorf("a second begin: %v", err)
	}
	draws := west.h.Game().Draws()
	if _, err := west.h.Game().Preview(engine.Action{Kind: engine.ActShoot, ID: 3, Target: 13}); code(err) != "dice.preview" {
		t.Errorf("preview of a shot: %v", err)
	}
	if west.h.Game().Draws() != draws {
		t.Error("a preview drew dice")
	}
	west.apply(t, engine.Action{Kind: engine.ActEndBound})
	east.receive(t, west.send(t))
	if _, err := east.h.Apply(engine.Action{Kind: engine.ActEndBound}); code(err) != "reply.end_bound" {
		t.Errorf("end_bound in return shooting: %v", err)
	}
	east.apply(t, engine.Action{Kind: engine.ActEndPhase})
	if g := east.h.Game(); g.Phase() != engine.PhaseClose || g.Segment() != 3 {
		t.Errorf("after return shooting: phase %v segment %d", g.Phase(), g.Segment())
	}
	// No playing a part again from an earlier point: its dice are known.
	if _, err := west.h.Branch(1); err == nil {
		t.Error("a keyed match branches")
	}
	if _, err := west.h.Branch(len(west.h.Actions())); err != nil {
		t.Errorf("a copy of a keyed match at its end: %v", err)
	}
}
