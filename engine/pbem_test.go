package engine_test

// Play by e-mail with keyed dice between two "machines", each with its
// own secret, exchanging only the files a player would send.

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"pelennor/engine"
	"pelennor/engine/bot"
	"pelennor/engine/dice"
)

func loadScenario(t testing.TB, name string) *engine.Scenario {
	t.Helper()
	path := "../scenarios/" + name + ".json"
	if name == "pbem-test" {
		path = "testdata/pbem-scenario.json"
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := engine.ParseScenario(name, data)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// machine is one player's computer: a secret kept locally and the local
// game of the match.
type machine struct {
	name string
	sec  *engine.Secret
	h    *engine.History
	bot  *bot.Bot
}

// maxBounds is how long the test matches go on.
const maxBounds = 14

// fixedMaster is a deterministic stand-in for crypto/rand in tests.
func fixedMaster(b byte) []byte { return bytes.Repeat([]byte{b}, dice.MasterSize) }

const testMatch = "0123456789abcdef0123456789abcdef"

// send is what leaves a machine: its game as a turn file, revealing the
// sender's value for the segment the game stands in.
func (m *machine) send(t *testing.T) []byte {
	t.Helper()
	m.h.RevealOwn()
	s, err := m.h.Save([]string{"Ann", "Bob"})
	if err != nil {
		t.Fatalf("%s: save: %v", m.name, err)
	}
	s.Kind = "turn"
	data, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func parse(t *testing.T, data []byte) *engine.Save {
	t.Helper()
	s, err := engine.ParseSave("x.turn.json", data)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return s
}

// receive checks and takes a file in.
func (m *machine) receive(t *testing.T, data []byte) {
	t.Helper()
	h, err := m.h.Receive(parse(t, data))
	if err != nil {
		t.Fatalf("%s refuses an honest file: %v", m.name, err)
	}
	m.h = h
}

// play makes the machine's actions while its side is to act; it returns
// the number of actions and whether return shooting was played.
func (m *machine) play(t *testing.T) (n int, reply bool) {
	t.Helper()
	for {
		g := m.h.Game()
		_, acting := g.ToAct()
		if g.Winner() >= 0 || acting != m.sec.Side || g.Bound() > maxBounds {
			return n, reply
		}
		if !g.DiceOpen() {
			// A deployment that ends in the same side's bound: the next
			// segment needs the other's value first (D62).
			return n, reply
		}
		a := engine.Action{Kind: engine.ActBegin}
		if !g.Awaiting() {
			a = m.bot.Next(g)
		}
		if g.Phase() == engine.PhaseReply {
			reply = true
		}
		if _, err := m.h.Apply(a); err != nil {
			t.Fatalf("%s: bound %d %s: %v", m.name, g.Bound(), a.Kind, err)
		}
		n++
	}
}

// startMatch makes the invitation on the creator's machine and the
// acceptance on the other's, and brings the acceptance back.
func startMatch(t *testing.T, sc *engine.Scenario, creatorSide int) (creator, other *machine) {
	t.Helper()
	return startMatchWith(t, sc, creatorSide, false)
}

func startMatchWith(t *testing.T, sc *engine.Scenario, creatorSide int, deployment bool) (creator, other *machine) {
	t.Helper()
	o := *rulingsOf(sc)
	o.Deployment = deployment
	creator = &machine{name: "creator", sec: &engine.Secret{Match: testMatch, Side: creatorSide, Master: fixedMaster(1)}, bot: bot.New(1)}
	h, err := engine.NewKeyedHistory(sc, testMatch, creator.sec, o)
	if err != nil {
		t.Fatal(err)
	}
	creator.h = h
	invitation := creator.send(t)
	if s := parse(t, invitation); s.Keyed.Revealed != [2]engine.Reveal{} {
		t.Fatalf("the invitation reveals a value before both have committed: %+v", s.Keyed.Revealed)
	}
	other = &machine{name: "other", sec: &engine.Secret{Match: testMatch, Side: 1 - creatorSide, Master: fixedMaster(2)}, bot: bot.New(2)}
	if other.h, err = engine.AcceptInvitation(parse(t, invitation), sc, other.sec); err != nil {
		t.Fatal(err)
	}
	creator.receive(t, other.send(t))
	return creator, other
}

func rulingsOf(sc *engine.Scenario) *engine.Options {
	o := engine.Options{}
	if sc.Rulings != nil {
		o.Rulings = *sc.Rulings
	}
	return &o
}

// A whole keyed match between two machines: each plays its own
// segments, files go back and forth, and at the end the last file alone
// verifies every die of the game.
func TestKeyedMatchTwoMachines(t *testing.T) {
	for _, tc := range []struct {
		scenario string
		creator  int
		deploy   bool
	}{{"pbem-test", 0, false}, {"pbem-test", 1, false}, {"skirmish", 1, false}, {"pelennor", 0, false}, {"pelennor", 1, true}} {
		t.Run(fmt.Sprintf("%s/creator%d/deploy%v", tc.scenario, tc.creator, tc.deploy), func(t *testing.T) {
			sc := loadScenario(t, tc.scenario)
			a, b := startMatchWith(t, sc, tc.creator, tc.deploy)
			ms := [2]*machine{a, b}
			if a.sec.Side == 1 {
				ms = [2]*machine{b, a}
			}
			var last []byte
			replies, files := 0, 0
			deployed := false
			for turn := 0; turn < 200; turn++ {
				g := a.h.Game()
				_, acting := g.ToAct()
				if g.Winner() >= 0 || g.Bound() > maxBounds {
					break
				}
				m, to := ms[acting], ms[1-acting]
				deployed = deployed || g.Phase() == engine.PhaseDeploy
				if !m.h.Game().DiceOpen() {
					// The side to act needs the other's value first (the
					// creator of side 1 sends it after the acceptance).
					m.receive(t, to.send(t))
					files++
					if !m.h.Game().DiceOpen() {
						t.Fatalf("%s: segment %d is still sealed on its own turn", m.name, m.h.Game().Segment())
					}
				}
				if m.h.Game().Hash() != to.h.Game().Hash() {
					t.Fatalf("turn %d: the machines disagree: %s v %s", turn, m.h.Game().Hash(), to.h.Game().Hash())
				}
				_, r := m.play(t)
				if r {
					replies++
				}
				last = m.send(t)
				files++
				to.receive(t, last)
			}
			g := a.h.Game()
			if tc.deploy && !deployed {
				t.Error("no deployment was played")
			}
			if g.Bound() < 4 {
				t.Fatalf("only %d bounds played", g.Bound())
			}
			if replies == 0 && tc.scenario == "pbem-test" {
				t.Errorf("no return shooting was played")
			}
			if a.h.Game().Hash() != b.h.Game().Hash() {
				t.Fatalf("the machines end apart: %s v %s", a.h.Game().Hash(), b.h.Game().Hash())
			}
			// Verify the last file alone, without either secret: every die
			// drawn so far is reproduced from the revealed values.
			s := parse(t, last)
			vg, evs, err := engine.Replay(s, sc)
			if err != nil {
				t.Fatalf("the last file does not verify: %v", err)
			}
			if vg.Hash() != g.Hash() {
				t.Errorf("verified game hash %s, played %s", vg.Hash(), g.Hash())
			}
			dies := 0
			for _, e := range evs {
				if e.Kind == engine.EvDie {
					dies++
				}
			}
			if dies != g.Draws() || dies == 0 {
				t.Errorf("verified %d dice of %d", dies, g.Draws())
			}
			t.Logf("%d bounds, %d files, %d dice, %d segments, %d with return shooting", g.Bound(), files, dies, g.Segment(), replies)
			// No file ever carries a secret or a value beyond its segment.
			for _, m := range ms {
				top := dice.ChainValue(m.sec.Master, g.Segment()+1).String()
				if bytes.Contains(last, []byte(fmt.Sprintf("%x", m.sec.Master))) || strings.Contains(string(last), top) {
					t.Errorf("the file carries %s's secret or a later value", m.name)
				}
			}
		})
	}
}

// Seeded (hotseat) games never await a begin and refuse one.
func TestSeededGamesDoNotAwait(t *testing.T) {
	sc := loadScenario(t, "skirmish")
	h, err := engine.NewHistory(sc, new(uint64), nil, *rulingsOf(sc))
	if err != nil {
		t.Fatal(err)
	}
	g := h.Game()
	if g.Keyed() || g.Awaiting() || g.Segment() != 0 || g.Draws() == 0 {
		t.Fatalf("keyed %v awaiting %v segment %d draws %d", g.Keyed(), g.Awaiting(), g.Segment(), g.Draws())
	}
	if _, err := h.Apply(engine.Action{Kind: engine.ActBegin}); code(err) != "begin.started" {
		t.Errorf("begin in a seeded game: %v", err)
	}
}

func code(err error) string {
	var ie *engine.IllegalError
	if errors.As(err, &ie) {
		return ie.Code
	}
	if err == nil {
		return ""
	}
	return "error: " + err.Error()
}
