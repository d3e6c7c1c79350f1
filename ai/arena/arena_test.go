package arena

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"pelennor/engine"
	"pelennor/engine/bot"
	"pelennor/scenarios"
	"pelennor/standard"
)

func load(t testing.TB, name string) *engine.Scenario {
	t.Helper()
	data, err := scenarios.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := engine.ParseScenario(name, data)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func battle(t testing.TB) *engine.Scenario {
	t.Helper()
	_, sc, err := standard.Builtin("gondor", "mordor")
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func spec(t testing.TB, s string) Spec {
	t.Helper()
	sp, err := ParseSpec(s)
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

func TestParseSpec(t *testing.T) {
	for _, c := range []struct{ in, want, err string }{
		{"random", "random", ""},
		{" Nearest ", "nearest", ""},
		{"ai:normal", "ai:normal", ""},
		{"ai:hard:cautious", "ai:hard:cautious", ""},
		{"ai:easy:balanced", "ai:easy", ""},
		{"ai:Hard:Aggressive", "ai:hard:aggressive", ""},
		{"ai", "", "want random, nearest or ai:LEVEL"},
		{"normal", "", "no player \"normal\""},
		{"ai:superb", "", "no level \"superb\""},
		{"ai:hard:reckless", "", "no temperament \"reckless\""},
		{"ai:hard:bold:x", "", "want ai:LEVEL or ai:LEVEL:TEMPER"},
		{"", "", "no player \"\""},
	} {
		sp, err := ParseSpec(c.in)
		switch {
		case c.err == "" && err != nil:
			t.Errorf("ParseSpec(%q): %v", c.in, err)
		case c.err == "" && sp.String() != c.want:
			t.Errorf("ParseSpec(%q) = %s, want %s", c.in, sp, c.want)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("ParseSpec(%q): error %v, want one saying %q", c.in, err, c.err)
		}
	}
	if _, err := ParseSpecs("random,ai:normal,bogus"); err == nil || !strings.Contains(err.Error(), "bogus") {
		t.Errorf("a list with a bad spec: %v", err)
	}
}

// Nearest against nearest is the very game bot.Play and bot.Battle play
// (hott sim's default report stays as it was), on the Pelennor, the
// skirmish and a standard battle with its set-up.
func TestNearestIsTheBotsGame(t *testing.T) {
	n := spec(t, "nearest")
	for _, name := range []string{"skirmish", "pelennor"} {
		sc := load(t, name)
		for seed := uint64(1); seed <= 2; seed++ {
			want, err := bot.Play(sc, seed, 80)
			if err != nil {
				t.Fatal(err)
			}
			got, err := Play(sc, seed, 80, Players([2]Spec{n, n}, seed, [2]string{}))
			if err != nil {
				t.Fatal(err)
			}
			if got.Winner != want.Winner || got.Bounds != want.Bounds || got.Actions != want.Actions ||
				!maps.Equal(got.Events, want.Events) || !maps.Equal(got.Moments, want.Moments) || !slices.Equal(got.Broken, want.Broken) {
				t.Errorf("%s seed %d: arena %+v, bot.Play %+v", name, seed, got.Outcome, want)
			}
		}
	}
	sc := battle(t)
	homes := [2]string{"", "forest"}
	want, _, err := bot.Battle(sc, 3, 60, standard.Generated(3, homes))
	if err != nil {
		t.Fatal(err)
	}
	got, err := Play(sc, 3, 60, Players([2]Spec{n, n}, 3, homes))
	if err != nil {
		t.Fatal(err)
	}
	if got.Winner != want.Winner || got.Bounds != want.Bounds || got.Actions != want.Actions || !slices.Equal(got.Broken, want.Broken) {
		t.Errorf("standard battle: arena %+v, bot.Battle %+v", got.Outcome, want)
	}
}

// recorder counts the kinds of action a player chooses.
type recorder struct {
	Player
	kinds map[string]int
	acts  []engine.Action
}

func (r *recorder) Next(g *engine.Game) (engine.Action, error) {
	a, err := r.Player.Next(g)
	k := a.Kind
	if a.Kind == engine.ActMove && a.Contact != nil || a.Kind == engine.ActGroup && a.Contact != nil {
		k += "+contact"
	}
	if a.Kind == engine.ActGroup && a.Wheel != 0 {
		k += "+wheel"
	}
	r.kinds[k]++
	r.acts = append(r.acts, a)
	return a, err
}

// The random player makes legal moves of every sort on the Pelennor, the
// skirmish and a standard battle (set-up included); its game replays
// exactly from the seed and differs from another seed's.
func TestRandomPlaysLegalVariedGames(t *testing.T) {
	r := spec(t, "random")
	kinds := map[string]int{}
	for _, c := range []struct {
		sc    *engine.Scenario
		seeds []uint64
	}{{load(t, "pelennor"), []uint64{1, 2}}, {load(t, "skirmish"), []uint64{1, 2}}, {battle(t), []uint64{5}}} {
		hashes := map[string]bool{}
		for _, seed := range c.seeds {
			ps := Players([2]Spec{r, r}, seed, [2]string{})
			if ps[0] == ps[1] {
				t.Fatal("two random players are one")
			}
			rec := [2]*recorder{{Player: ps[0], kinds: kinds}, {Player: ps[1], kinds: kinds}}
			out, err := Play(c.sc, seed, 40, [2]Player{rec[0], rec[1]})
			if err != nil {
				t.Fatalf("%s seed %d: %v", c.sc.ID, seed, err)
			}
			if out.Bounds < 10 && out.Winner < 0 {
				t.Errorf("%s seed %d: stopped after %d bounds without a winner", c.sc.ID, seed, out.Bounds)
			}
			again, err := Play(c.sc, seed, 40, Players([2]Spec{r, r}, seed, [2]string{}))
			if err != nil || again.Hash != out.Hash || again.Actions != out.Actions {
				t.Errorf("%s seed %d: replayed to %s after %d actions (%v), first %s after %d", c.sc.ID, seed, again.Hash, again.Actions, err, out.Hash, out.Actions)
			}
			hashes[out.Hash] = true
			t.Logf("%s seed %d: winner %d, %d bounds, %d actions, broken %v", c.sc.ID, seed, out.Winner, out.Bounds, out.Actions, out.Broken)
		}
		if len(hashes) != len(c.seeds) {
			t.Errorf("%s: %d seeds gave %d different games", c.sc.ID, len(c.seeds), len(hashes))
		}
	}
	t.Logf("action kinds: %v", kinds)
	for _, k := range []string{engine.ActMove, engine.ActMove + "+contact", engine.ActGroup, engine.ActShoot, engine.ActCombat,
		engine.ActEndPhase, engine.ActEndBound, engine.ActTerrain, engine.ActStronghold} {
		if kinds[k] == 0 {
			t.Errorf("the random player never chose a %s", k)
		}
	}
	if kinds[engine.ActMove] < 10*kinds[engine.ActGroup] {
		t.Errorf("group moves (%d) are not the exception among moves (%d)", kinds[engine.ActGroup], kinds[engine.ActMove])
	}
}

// Each random player makes its own moves: the two sides' players of a
// game, and the same side's in two games, have different streams.
func TestSideSeeds(t *testing.T) {
	seen := map[uint64]bool{}
	for seed := uint64(1); seed <= 50; seed++ {
		for side := range 2 {
			seen[sideSeed(seed, side)] = true
		}
	}
	if len(seen) != 100 {
		t.Errorf("100 games' sides got %d different seeds", len(seen))
	}
}

// bad is a player that chooses what it is told.
type bad struct {
	act engine.Action
	err error
}

func (b bad) Name() string                             { return "bad" }
func (b bad) Next(*engine.Game) (engine.Action, error) { return b.act, b.err }

// A player's illegal action or failure ends the game with an error that
// names the player and its side.
func TestPlayRefusesBadPlayers(t *testing.T) {
	sc := load(t, "skirmish")
	r := NewRandom(1, nil)
	for _, c := range []struct {
		p    Player
		want string
	}{
		{bad{act: engine.Action{Kind: engine.ActShoot, ID: 999}}, "bad (side 1) chose an illegal shoot"},
		{bad{err: errString("lost")}, "bad (side 1) found no action: lost"},
		{nil, "side 1 has no player"},
	} {
		_, err := Play(sc, 1, 10, [2]Player{c.p, r})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want one saying %q", err, c.want)
		}
	}
}

type errString string

func (e errString) Error() string { return string(e) }

// Paired games play each seed twice, the second with the sides swapped,
// and the tally follows each player across the swap.
func TestPairedSwapsSides(t *testing.T) {
	sc := load(t, "skirmish")
	a, b := spec(t, "random"), spec(t, "nearest")
	gs := Games(4, 3, a, b, true)
	if len(gs) != 6 {
		t.Fatalf("%d games, want 6", len(gs))
	}
	outs, err := Run(sc, gs, 30, [2]string{}, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, o := range outs {
		gm := gs[i]
		want := [2]string{"random", "nearest"}
		if gm.Swapped {
			want = [2]string{"nearest", "random"}
		}
		if gm.Seed != 4+uint64(i/2) || gm.Swapped != (i%2 == 1) || o.Players != want {
			t.Errorf("game %d: seed %d swapped %v players %v", i, gm.Seed, gm.Swapped, o.Players)
		}
	}
	st := Tally(gs, outs)
	if st[0].Player != "random" || st[1].Player != "nearest" {
		t.Errorf("tally of %s and %s", st[0].Player, st[1].Player)
	}
	for role := range 2 {
		if st[role].Total.Games() != 6 || st[role].Side[0].Games() != 3 || st[role].Side[1].Games() != 3 {
			t.Errorf("%s: %+v", st[role].Player, st[role])
		}
	}
	if st[0].Total.Wins != st[1].Total.Losses || st[0].Total.Unfinished != st[1].Total.Unfinished {
		t.Errorf("the records do not mirror: %+v, %+v", st[0].Total, st[1].Total)
	}
	// One worker plays the same games.
	one, err := Paired(sc, 4, 3, 30, a, b, [2]string{}, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i := range one {
		if one[i].Hash != outs[i].Hash {
			t.Errorf("game %d: %s with one worker, %s with two", i, one[i].Hash, outs[i].Hash)
		}
	}
}

// Tally counts each game for the right player and side.
func TestTally(t *testing.T) {
	a, b := Spec{Kind: KindRandom}, Spec{Kind: KindNearest}
	gs := Games(1, 2, a, b, true)
	// Seed 1: side 1 wins twice (A, then B on side 1); seed 2: side 2
	// wins, then unfinished.
	outs := make([]Outcome, 4)
	for i, w := range []int{0, 0, 1, -1} {
		outs[i].Winner = w
	}
	st := Tally(gs, outs)
	want := [2]Standing{
		{Player: "random", Total: Record{1, 2, 1}, Side: [2]Record{{1, 1, 0}, {0, 1, 1}}},
		{Player: "nearest", Total: Record{2, 1, 1}, Side: [2]Record{{1, 0, 1}, {1, 1, 0}}},
	}
	if st != want {
		t.Errorf("tally %+v, want %+v", st, want)
	}
}

// Play keeps one account of think time a bound, in the order played,
// for the side whose bound it is and the other's replies.
func TestThinkPerBound(t *testing.T) {
	sc := load(t, "pelennor")
	out, err := Play(sc, 9, 12, Players([2]Spec{spec(t, "random"), spec(t, "nearest")}, 9, [2]string{}))
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Think) != out.Bounds-1 && !(out.Winner >= 0 && len(out.Think) == out.Bounds) {
		t.Errorf("%d bounds accounted, %d played", len(out.Think), out.Bounds)
	}
	for i, bt := range out.Think {
		if bt.Bound != i+1 || i > 0 && bt.Mover == out.Think[i-1].Mover {
			t.Errorf("account %d: bound %d of side %d, after %+v", i, bt.Bound, bt.Mover, out.Think[max(0, i-1)])
		}
	}
}

// Every kind of player plays either side of the Pelennor and of a
// standard battle, the battle's set-up and deployments included.
func TestEveryPlayerPlaysEverySide(t *testing.T) {
	for _, sc := range []*engine.Scenario{load(t, "pelennor"), battle(t)} {
		for _, pair := range [][2]string{{"ai:easy", "random"}, {"nearest", "ai:normal:aggressive"}, {"random", "nearest"}} {
			specs := [2]Spec{spec(t, pair[0]), spec(t, pair[1])}
			out, err := Play(sc, 11, 4, Players(specs, 11, [2]string{}))
			if err != nil {
				t.Errorf("%s, %v: %v", sc.ID, pair, err)
				continue
			}
			if out.Bounds <= 4 && out.Winner < 0 || out.Players != pair {
				t.Errorf("%s, %v: stopped at bound %d, players %v", sc.ID, pair, out.Bounds, out.Players)
			}
			acted := [2]bool{}
			for _, bt := range out.Think {
				acted[bt.Mover] = true
			}
			if !acted[0] || !acted[1] {
				t.Errorf("%s, %v: sides that had a bound %v", sc.ID, pair, acted)
			}
		}
	}
}

// A spec that ParseSpec did not make gives no player, and Play says so
// rather than failing on it.
func TestZeroSpec(t *testing.T) {
	ps := Players([2]Spec{{}, spec(t, "random")}, 1, [2]string{})
	if _, err := Play(load(t, "skirmish"), 1, 5, ps); err == nil || !strings.Contains(err.Error(), "side 1 has no player") {
		t.Errorf("a zero spec: %v", err)
	}
}
