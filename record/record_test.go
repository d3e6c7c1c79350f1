package record_test

import (
	"encoding/json"
	"errors"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"pelennor/engine"
	"pelennor/record"
)

// readGolden reads one of the engine's golden games.
func readGolden(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile("../engine/testdata/golden/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// replayed is the game a save's replay ends on, and its events, from
// the engine directly: what Verify's outcome is checked against.
func replayed(t *testing.T, data []byte, lookup record.Lookup) (*engine.Game, []engine.Event) {
	t.Helper()
	s, err := engine.ParseSave("x", data)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := s.EmbeddedScenario("x")
	if sc == nil && err == nil {
		sc, err = lookup(s.Scenario.ID)
	}
	if err != nil {
		t.Fatal(err)
	}
	g, evs, err := engine.Replay(s, sc)
	if err != nil {
		t.Fatal(err)
	}
	return g, evs
}

// checkSides checks an outcome's sides against the game's events: AP
// lost as the log tells it, the losing condition named, a general lost
// by every side that lost by it.
func checkSides(t *testing.T, o record.Outcome, g *engine.Game, evs []engine.Event) {
	t.Helper()
	sc := g.Scenario()
	for i, sd := range o.Sides {
		if sd.ID != sc.Sides[i].ID || sd.Name != sc.Sides[i].Name {
			t.Errorf("side %d is %s %q, the scenario's %s %q", i, sd.ID, sd.Name, sc.Sides[i].ID, sc.Sides[i].Name)
		}
		if want := apFromEvents(sc, evs, i); sd.APLost != want {
			t.Errorf("side %d lost %d AP, the events say %d", i, sd.APLost, want)
		}
		if sd.StartAP <= 0 || sd.APLost > sd.StartAP {
			t.Errorf("side %d: %d AP lost of %d", i, sd.APLost, sd.StartAP)
		}
		if want := lossCode(evs, sd.ID); sd.Lost != want {
			t.Errorf("side %d lost by %q, the events say %q", i, sd.Lost, want)
		}
		if sd.Lost == engine.CodeLossGeneral && sd.GeneralsLost == 0 {
			t.Errorf("side %d lost by its general's loss but counts no general lost", i)
		}
	}
}

// TestVerifyGoldenStandard verifies the golden standard battle, which
// names its scenario without carrying it: the built-in catalog finds it.
func TestVerifyGoldenStandard(t *testing.T) {
	data := readGolden(t, "standard.json")
	o, err := record.Verify("standard.json", data, record.Builtin)
	if err != nil {
		t.Fatal(err)
	}
	g, evs := replayed(t, data, record.Builtin)
	if !o.Over || o.Result != "win" || o.Winner != g.Winner() || o.Winner < 0 {
		t.Errorf("outcome %s, winner %d; the replay's winner %d", o.Result, o.Winner, g.Winner())
	}
	if o.Bounds != g.Bound() || o.Actions != g.Actions() || o.Hash != g.Hash() || o.TimeCalled {
		t.Errorf("bounds %d actions %d hash %s time %v; the replay's %d, %d, %s", o.Bounds, o.Actions, o.Hash, o.TimeCalled,
			g.Bound(), g.Actions(), g.Hash())
	}
	if o.Scenario.ID != "standard-gondor-mordor" || o.Scenario.Name == "" || o.Kind != "save" {
		t.Errorf("scenario %+v, kind %s", o.Scenario, o.Kind)
	}
	if o.Sides[0].Player != "Gondor bot" || o.Sides[1].Player != "Mordor bot" {
		t.Errorf("players %q, %q", o.Sides[0].Player, o.Sides[1].Player)
	}
	if o.Sides[1-o.Winner].Lost == "" || o.Sides[o.Winner].Lost != "" {
		t.Errorf("the loser met no losing condition, or the winner did: %+v", o.Sides)
	}
	checkSides(t, o, g, evs)
}

// TestVerifyGeneralDeath verifies a battle won by the enemy general's
// death (the first such of a run of seeds), carrying its scenario.
func TestVerifyGeneralDeath(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		_, _, data := battle{a: "gondor", b: "mordor", seed: seed, maxBounds: 150}.play(t)
		g, evs := replayed(t, data, nil)
		if g.Winner() < 0 || lossCode(evs, g.Scenario().Sides[1-g.Winner()].ID) != engine.CodeLossGeneral ||
			lossCode(evs, g.Scenario().Sides[g.Winner()].ID) != "" {
			continue
		}
		o, err := record.Verify("general.json", data, nil) // the save carries its scenario
		if err != nil {
			t.Fatal(err)
		}
		loser := 1 - g.Winner()
		if o.Result != "win" || o.Winner != g.Winner() || o.Sides[loser].Lost != engine.CodeLossGeneral ||
			o.Sides[loser].GeneralsLost != 1 || o.Sides[o.Winner].GeneralsLost != 0 {
			t.Errorf("seed %d: %s, winner %d, sides %+v", seed, o.Result, o.Winner, o.Sides)
		}
		if o.Sides[0].Player != "Ann" || o.Sides[1].Player != "Bob" {
			t.Errorf("players %q, %q", o.Sides[0].Player, o.Sides[1].Player)
		}
		checkSides(t, o, g, evs)
		return
	}
	t.Fatal("no battle of seeds 1–40 ends by a general's death alone")
}

// TestVerifyTimeCalled: time called in bound 3 ends the game as a draw
// when that bound is over.
func TestVerifyTimeCalled(t *testing.T) {
	_, _, data := battle{a: "rohan", b: "isengard", seed: 3, maxBounds: 150, callTime: 3}.play(t)
	o, err := record.Verify("time.json", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	g, evs := replayed(t, data, nil)
	if !o.Over || o.Result != "draw" || o.Winner != -1 || !o.TimeCalled || o.TimeCalledBound != 3 || o.Bounds != 3 {
		t.Errorf("outcome %s winner %d, time called %v in bound %d, ended in bound %d", o.Result, o.Winner, o.TimeCalled,
			o.TimeCalledBound, o.Bounds)
	}
	if last := evs[len(evs)-1]; last.Code != engine.CodeTimeDraw {
		t.Errorf("the game's last event is %s, not %s", last.Code, engine.CodeTimeDraw)
	}
	checkSides(t, o, g, evs)
}

// TestVerifyPelennor verifies the golden Pelennor game: several commands
// a side, AP lost and generals lost added up by side.
func TestVerifyPelennor(t *testing.T) {
	data := readGolden(t, "pelennor.json")
	o, err := record.Verify("pelennor.json", data, record.Builtin)
	if err != nil {
		t.Fatal(err)
	}
	g, evs := replayed(t, data, record.Builtin)
	if o.Scenario.ID != "pelennor" || o.Over != (g.Phase() == engine.PhaseOver) || o.Winner != g.Winner() {
		t.Errorf("scenario %s, over %v winner %d; the replay: %s, winner %d", o.Scenario.ID, o.Over, o.Winner, g.Phase(), g.Winner())
	}
	sc := g.Scenario()
	var start, lost, generals [2]int
	for c, spec := range sc.Commands {
		for i, s := range sc.Sides {
			if s.ID == spec.Side {
				start[i] += g.StartAP(c)
				lost[i] += g.LostAP(c)
			}
		}
	}
	for _, e := range g.Elements() {
		if e.General && e.Status != engine.OnTable && e.Status != engine.Reserve {
			generals[e.Side]++
		}
	}
	for i, sd := range o.Sides {
		if sd.StartAP != start[i] || sd.APLost != lost[i] || sd.GeneralsLost != generals[i] {
			t.Errorf("side %d: %d of %d AP lost, %d generals; the commands say %d of %d, %d", i, sd.APLost, sd.StartAP,
				sd.GeneralsLost, lost[i], start[i], generals[i])
		}
		if want := lossCode(evs, sd.ID); sd.Lost != want {
			t.Errorf("side %d lost by %q, the events say %q", i, sd.Lost, want)
		}
	}
	var taken [2]bool
	for _, e := range evs {
		if e.Code == engine.CodeCaptured {
			el, _ := g.Element(e.ID)
			taken[1-el.Side] = true
		}
	}
	if o.Sides[0].StrongholdTaken != taken[0] || o.Sides[1].StrongholdTaken != taken[1] {
		t.Errorf("strongholds taken %v, %v; the events say %v", o.Sides[0].StrongholdTaken, o.Sides[1].StrongholdTaken, taken)
	}
	if o.Over && o.Winner >= 0 && o.Sides[1-o.Winner].Lost == "" {
		t.Errorf("the loser met no losing condition: %+v", o.Sides)
	}
}

// TestVerifyUnfinished: a game stopped in bound 4 is reported as not
// over, with no winner.
func TestVerifyUnfinished(t *testing.T) {
	_, _, data := battle{a: "gondor", b: "mordor", seed: 3, maxBounds: 3}.play(t)
	o, err := record.Verify("unfinished.json", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	if o.Over || o.Result != "unfinished" || o.Winner != -1 || o.Bounds != 4 {
		t.Errorf("outcome %s, over %v, winner %d, bound %d", o.Result, o.Over, o.Winner, o.Bounds)
	}
}

// TestDigest: the digest names the game, not the file: the same game
// written again with other players, time or checkpoints keeps it; a
// shorter record of it, or another game, has another.
func TestDigest(t *testing.T) {
	sc, s, data := battle{a: "gondor", b: "mordor", seed: 5, maxBounds: 150}.play(t)
	o, err := record.Verify("a.json", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Digest) != 64 {
		t.Fatalf("digest %q", o.Digest)
	}
	s.Players, s.Written = []string{"Carl", "Dora"}, "2026-12-01T22:00:00Z"
	s.Checkpoints = []engine.Checkpoint{s.Checkpoints[0], s.Checkpoints[len(s.Checkpoints)-1]}
	again := marshal(t, s)
	if o2, err := record.Verify("b.json", again, nil); err != nil || o2.Digest != o.Digest {
		t.Errorf("the same game rewritten: digest %s (%v), first %s", o2.Digest, err, o.Digest)
	}
	short, _, err := engine.Record(sc, s.Seed, nil, engine.Options{}, s.Actions[:len(s.Actions)-5])
	if err != nil {
		t.Fatal(err)
	}
	if o3, err := record.Verify("c.json", marshal(t, short), nil); err != nil || o3.Digest == o.Digest {
		t.Errorf("a shorter record: digest %s (%v), the whole game's %s", o3.Digest, err, o.Digest)
	}
	_, _, other := battle{a: "gondor", b: "mordor", seed: 6, maxBounds: 150}.play(t)
	if o4, err := record.Verify("d.json", other, nil); err != nil || o4.Digest == o.Digest {
		t.Errorf("another game: digest %s (%v), the first %s", o4.Digest, err, o.Digest)
	}
}

func marshal(t *testing.T, s *engine.Save) []byte {
	t.Helper()
	data, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

var divergedAt = regexp.MustCompile(`action (\d+) \(|actions (\d+) to (\d+)`)

// TestVerifyTampered: a changed action is found by the replay, and the
// error names the file and where the record goes wrong.
func TestVerifyTampered(t *testing.T) {
	data := readGolden(t, "standard.json")
	s, err := engine.ParseSave("standard.json", data)
	if err != nil {
		t.Fatal(err)
	}
	// A move of the battle (not of the deployment) and a phase's end,
	// each changed.
	move, end := -1, -1
	for i, a := range s.Actions[s.Checkpoints[1].After:] {
		i += s.Checkpoints[1].After
		switch {
		case a.Kind == engine.ActMove && a.To != nil && move < 0:
			move = i
		case a.Kind == engine.ActEndPhase && end < 0 && i > move+20:
			end = i
		}
	}
	if move < 0 || end < 0 {
		t.Fatal("the golden battle has no move or no phase end to change")
	}
	for _, tc := range []struct {
		name   string
		index  int
		change func(a *engine.Action)
	}{
		{"moved aside", move, func(a *engine.Action) { to := *a.To; to.X += 10; a.To = &to }},
		{"another element moved", move, func(a *engine.Action) { a.ID = 999 }},
		{"bound ended instead", end, func(a *engine.Action) { *a = engine.Action{Kind: engine.ActEndBound} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := cloneSave(t, s)
			tc.change(&c.Actions[tc.index])
			_, err := record.Verify("tampered.json", marshal(t, c), record.Builtin)
			var re *record.Error
			if !errors.As(err, &re) || re.File != "tampered.json" || !strings.HasPrefix(err.Error(), "tampered.json: ") ||
				!strings.Contains(err.Error(), "tampered or broken record") {
				t.Fatalf("error %v", err)
			}
			m := divergedAt.FindStringSubmatch(err.Error())
			if m == nil {
				t.Fatalf("the error names no action: %v", err)
			}
			n := tc.index + 1 // the changed action, counted from 1
			if m[1] != "" {
				if got, _ := strconv.Atoi(m[1]); got != n {
					t.Errorf("the error names action %d, the changed one is %d: %v", got, n, err)
				}
			} else if lo, _ := strconv.Atoi(m[2]); lo > n {
				t.Errorf("the error's range begins after the changed action %d: %v", n, err)
			} else if hi, _ := strconv.Atoi(m[3]); hi < n {
				t.Errorf("the error's range ends before the changed action %d: %v", n, err)
			}
		})
	}
}

func cloneSave(t *testing.T, s *engine.Save) *engine.Save {
	t.Helper()
	var c engine.Save
	if err := json.Unmarshal(marshal(t, s), &c); err != nil {
		t.Fatal(err)
	}
	return &c
}

// TestVerifyRefuses: files that are no game, or not this game's
// scenario, are refused naming the file and the problem.
func TestVerifyRefuses(t *testing.T) {
	standard := readGolden(t, "standard.json")
	pelennor := func(string) (*engine.Scenario, error) { return record.Builtin("pelennor") }
	for _, tc := range []struct {
		name   string
		data   []byte
		lookup record.Lookup
		want   string
	}{
		{"not JSON", []byte("hello"), nil, "not a readable save file"},
		{"JSON, no save", []byte(`{"name": "x"}`), nil, "not a Pelennor save file"},
		{"no catalog", standard, nil, "does not carry"},
		{"unknown scenario", standard, func(id string) (*engine.Scenario, error) { return nil, errors.New("nobody has it") }, "nobody has it"},
		{"wrong scenario", standard, pelennor, "wrong scenario"},
		{"not built in", []byte(strings.Replace(string(standard), "standard-gondor-mordor", "standard-gondor-nowhere", 1)), record.Builtin, `no scenario "standard-gondor-nowhere" is built in`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := record.Verify("game.json", tc.data, tc.lookup)
			if err == nil || !strings.HasPrefix(err.Error(), "game.json: ") || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want game.json: …%s…", err, tc.want)
			}
		})
	}
}
