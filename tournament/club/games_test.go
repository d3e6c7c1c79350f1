package club_test

import (
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"pelennor/engine"
	"pelennor/engine/bot"
	"pelennor/engine/dice"
	"pelennor/engine/rules"
	"pelennor/standard"
	"pelennor/tournament"
	"pelennor/tournament/club"
)

// The tests' games: real bot games of a standard battle between two
// built-in armies, time called in bound 1 so each ends quickly as a draw
// (or a victory in that bound) — a finished game the replay proves.
// One game a seed, played once for the whole test binary; the players'
// names are set on a copy for each table.

var (
	gamesMu sync.Mutex
	games   = map[uint64]*engine.Save{}
)

// game plays (once) the game of seed: time called in bound 1 (a
// finished game), or, when callTime is false, stopped as bound 2 begins
// (an unfinished game).
func game(t testing.TB, seed uint64, callTime bool) *engine.Save {
	t.Helper()
	key := seed<<1 | map[bool]uint64{true: 1}[callTime]
	gamesMu.Lock()
	defer gamesMu.Unlock()
	if s, ok := games[key]; ok {
		return s
	}
	_, sc, err := standard.Builtin("gondor", "mordor")
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := engine.New(sc, dice.NewPCG(seed), rules.Rulings{})
	if err != nil {
		t.Fatal(err)
	}
	acts, err := standard.AutoSetup(g, standard.Generated(seed, [2]string{}))
	if err != nil {
		t.Fatal(err)
	}
	b := bot.New(seed ^ 0x5eed)
	for g.Phase() != engine.PhaseOver && g.Bound() <= 1 {
		a := b.Next(g)
		if callTime && !g.TimeCalled() && g.Phase() == engine.PhaseMove {
			a = engine.Action{Kind: engine.ActTimeCalled}
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatalf("seed %d: bound %d: %s refused: %v", seed, g.Bound(), a.Kind, err)
		}
		acts = append(acts, a)
	}
	sd := seed
	s, _, err := engine.Record(sc, &sd, nil, engine.Options{}, acts)
	if err != nil {
		t.Fatal(err)
	}
	games[key] = s
	return s
}

// saveOf is the bytes of the finished game of seed with its sides played
// by first and second.
func saveOf(t testing.TB, seed uint64, first, second string) []byte {
	t.Helper()
	s := *game(t, seed, true)
	s.Players = []string{first, second}
	data, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// event is a tournament file of n players, round 1 paired, and a server
// of it.
func event(t testing.TB, name string, n int) (string, *club.Server, []byte) {
	t.Helper()
	tr, err := tournament.New(tournament.Config{Name: name, Seed: 7, Pairing: tournament.Swiss, Rounds: 3,
		Scoring: tournament.Scoring{Preset: tournament.Preset310}})
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if _, err := tr.AddPlayer(fmt.Sprintf("Player %02d", i+1), "", "gondor"); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tr.Pair(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "event.json")
	if err := tr.Save(path); err != nil {
		t.Fatal(err)
	}
	key, _ := hex.DecodeString("00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff")
	srv, err := club.New(club.Config{Path: path, Key: key})
	if err != nil {
		t.Fatal(err)
	}
	return path, srv, key
}

func load(t testing.TB, path string) *tournament.Tournament {
	t.Helper()
	tr, err := tournament.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func readFile(t testing.TB, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
