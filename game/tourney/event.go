package tourney

import (
	"bytes"
	"fmt"
	"strings"

	"pelennor/game/store"
	"pelennor/record"
	"pelennor/tournament"
)

// Event is a tournament being run from the store: every change is
// written to its file at once, and a change refused (by the tournament or
// by the store) leaves the tournament as it was.
type Event struct {
	T     *tournament.Tournament
	File  string
	Store *store.Tournaments
	// Lookup finds the scenario of a save being verified (nil:
	// record.Builtin, the scenarios this build ships).
	Lookup record.Lookup
}

// Create makes the form's tournament and stores it.
func Create(s *store.Tournaments, f Form, seed uint64) (*Event, error) {
	c, err := f.Config(seed)
	if err != nil {
		return nil, err
	}
	t, err := tournament.New(c)
	if err != nil {
		return nil, err
	}
	file, err := s.Create(t)
	if err != nil {
		return nil, err
	}
	return &Event{T: t, File: file, Store: s}, nil
}

// Open reads a stored tournament.
func Open(s *store.Tournaments, file string) (*Event, error) {
	t, err := s.Load(file)
	if err != nil {
		return nil, err
	}
	return &Event{T: t, File: file, Store: s}, nil
}

// change applies fn to the tournament and saves it; if fn or the save
// fails the tournament is restored and the error returned.
func (e *Event) change(fn func(t *tournament.Tournament) error) error {
	before, err := e.T.Marshal()
	if err != nil {
		return err
	}
	restore := func() {
		if t, perr := tournament.Parse(e.File, before); perr == nil {
			*e.T = *t
		}
	}
	if err := fn(e.T); err != nil {
		restore()
		return err
	}
	if err := e.Store.Save(e.File, e.T); err != nil {
		restore()
		return err
	}
	return nil
}

// trial runs fn on a copy of the tournament: whether a change would be
// allowed, without making it.
func (e *Event) trial(fn func(t *tournament.Tournament) error) error {
	data, err := e.T.Marshal()
	if err != nil {
		return err
	}
	t, err := tournament.Parse(e.File, data)
	if err != nil {
		return err
	}
	return fn(t)
}

// AddPlayer enters a player (a late entry after round 1).
func (e *Event) AddPlayer(name, club, army string) (int, error) {
	var id int
	err := e.change(func(t *tournament.Tournament) (err error) {
		id, err = t.AddPlayer(name, club, army)
		return err
	})
	return id, err
}

// Drop withdraws a player and says what became of the round.
func (e *Event) Drop(id int) (string, error) {
	var unpaired bool
	err := e.change(func(t *tournament.Tournament) (err error) {
		unpaired, err = t.Drop(id)
		return err
	})
	if err != nil {
		return "", err
	}
	msg := e.T.Player(id).Name + " has left the tournament"
	if unpaired {
		msg += fmt.Sprintf(": round %d is unpaired, pair it again", len(e.T.Schedule)+1)
	}
	return msg, nil
}

// SetBonus sets a player's bonus points.
func (e *Event) SetBonus(id, points int) error {
	return e.change(func(t *tournament.Tournament) error { return t.SetBonus(id, points) })
}

// pair and repair as functions, for change and trial.
func pair(t *tournament.Tournament) error   { _, err := t.Pair(); return err }
func repair(t *tournament.Tournament) error { _, err := t.Repair(); return err }

// CanPair is nil when the next round can be paired, else the reason.
func (e *Event) CanPair() error { return e.trial(pair) }

// CanRepair is nil when the last round can be paired again, else the reason.
func (e *Event) CanRepair() error { return e.trial(repair) }

// Pair pairs the next round.
func (e *Event) Pair() error { return e.change(pair) }

// Repair pairs the last round again.
func (e *Event) Repair() error { return e.change(repair) }

// Pairing is a table of a round, or nil.
func (e *Event) Pairing(round, table int) *tournament.Pairing {
	if round < 1 || round > len(e.T.Schedule) {
		return nil
	}
	for i, pr := range e.T.Schedule[round-1].Pairings {
		if pr.Table == table {
			return &e.T.Schedule[round-1].Pairings[i]
		}
	}
	return nil
}

// sideOfA is the side player A plays in game g (from 1): 0 in odd games,
// 1 in even ones (a duel swaps sides; formats §9).
func sideOfA(game int) int { return (game - 1) % 2 }

// Hand is a result as the organiser enters it: each pair of values for
// the pairing's player A, then B, whatever sides they played.
type Hand struct {
	Winner     int // 0: A won, 1: B won, tournament.Draw: a draw
	APLost     [2]int
	Generals   [2]int  // generals lost
	Stronghold [2]bool // whether A, B took the enemy's stronghold
	Bounds     int
	TimeCalled bool
}

// HandOf is the result of a game as the organiser sees it, for
// correcting it; ok is false when none is entered.
func (e *Event) HandOf(round, table, game int) (h Hand, ok bool) {
	pr := e.Pairing(round, table)
	if pr == nil || game < 1 || game > len(pr.Results) || pr.Results[game-1] == nil {
		return Hand{Winner: 0}, false
	}
	r, sa := pr.Results[game-1], sideOfA(game)
	h = Hand{Winner: tournament.Draw, Bounds: r.Bounds, TimeCalled: r.TimeCalled}
	switch r.Winner {
	case sa:
		h.Winner = 0
	case 1 - sa:
		h.Winner = 1
	}
	h.APLost = [2]int{r.APLost[sa], r.APLost[1-sa]}
	h.Generals = [2]int{r.GeneralsLost[sa], r.GeneralsLost[1-sa]}
	h.Stronghold = [2]bool{r.StrongholdTaken[sa], r.StrongholdTaken[1-sa]}
	return h, true
}

// EnterByHand enters or corrects a game's result, marked as by hand.
func (e *Event) EnterByHand(round, table, game int, h Hand) error {
	sa := sideOfA(game)
	r := tournament.Result{Winner: tournament.Draw, Bounds: h.Bounds, TimeCalled: h.TimeCalled, Source: tournament.ByHand}
	switch h.Winner {
	case 0:
		r.Winner = sa
	case 1:
		r.Winner = 1 - sa
	}
	r.APLost[sa], r.APLost[1-sa] = h.APLost[0], h.APLost[1]
	r.GeneralsLost[sa], r.GeneralsLost[1-sa] = h.Generals[0], h.Generals[1]
	r.StrongholdTaken[sa], r.StrongholdTaken[1-sa] = h.Stronghold[0], h.Stronghold[1]
	return e.change(func(t *tournament.Tournament) error { return t.SetResult(round, table, game, r) })
}

// EnterSave enters a game's result from its save or turn file (data,
// named file), verified by replaying it (record.Verify): a game not over,
// a file that does not verify, or one whose players are not the
// pairing's on their sides is refused with the reason (ruling N29). It
// returns what was entered, in words.
func (e *Event) EnterSave(round, table, game int, file string, data []byte) (string, error) {
	lookup := e.Lookup
	if lookup == nil {
		lookup = record.Builtin
	}
	o, err := record.Verify(file, data, lookup)
	if err != nil {
		return "", err
	}
	if !o.Over {
		return "", fmt.Errorf("%s: the game is not over (bound %d): it has no result yet", file, o.Bounds)
	}
	pr := e.Pairing(round, table)
	if pr == nil {
		return "", fmt.Errorf("round %d has no table %d", round, table)
	}
	a, b := e.T.Player(pr.A).Name, e.T.Player(pr.B).Name
	sa := sideOfA(game)
	var want [2]string
	want[sa], want[1-sa] = a, b
	for s, side := range o.Sides {
		if side.Player != "" && !strings.EqualFold(side.Player, want[s]) {
			return "", fmt.Errorf("%s: side %d (%s) was played by %s, but in round %d at table %d it is %s's", file, s+1, side.Name, side.Player, round, table, want[s])
		}
	}
	r := tournament.Replayed(o, baseName(file))
	if err := e.change(func(t *tournament.Tournament) error { return t.SetResult(round, table, game, r) }); err != nil {
		return "", err
	}
	return fmt.Sprintf("Table %d: %s v %s, %s, verified by replaying %s", table, a, b, e.ResultText(round, table, game), baseName(file)), nil
}

// baseName is a path's last element, / or \ separated.
func baseName(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}

// Game is what a pairing's game is played with: the players' names and
// the armies they bring by side, the scenario (a duel's; "" for a
// standard battle), the armies' AP and the clock.
type Game struct {
	Round, Table, Game int
	Names              [2]string // by side
	Armies             [2]string // by side: each player's "army" as entered (N44)
	Scenario           string
	AP                 int
	ClockMinutes       int
}

// GameOf is the game to start for a pairing.
func (e *Event) GameOf(round, table, game int) (Game, error) {
	pr := e.Pairing(round, table)
	if pr == nil {
		return Game{}, fmt.Errorf("round %d has no table %d", round, table)
	}
	if game < 1 || game > e.T.Games {
		return Game{}, fmt.Errorf("game %d: a pairing plays %d game(s)", game, e.T.Games)
	}
	g := Game{Round: round, Table: table, Game: game, Scenario: e.T.Scenario, AP: e.T.AP, ClockMinutes: e.T.Clock}
	sa := sideOfA(game)
	a, b := e.T.Player(pr.A), e.T.Player(pr.B)
	g.Names[sa], g.Names[1-sa] = a.Name, b.Name
	g.Armies[sa], g.Armies[1-sa] = a.Army, b.Army
	return g, nil
}

// Export is an export's bytes and its file name.
type Export struct {
	Name string
	Data []byte
}

// Exports: the standings and round as CSV and HTML, and the event file.
const (
	ExportStandingsCSV = iota
	ExportStandingsHTML
	ExportRoundCSV
	ExportPairingsHTML
	ExportEvent
)

// MakeExport writes one of the exports (round r for a round's).
func (e *Event) MakeExport(what, r int) (Export, error) {
	var buf bytes.Buffer
	base := strings.TrimSuffix(e.File, ".json")
	var err error
	var name string
	switch what {
	case ExportStandingsCSV:
		name, err = base+"-standings.csv", e.T.StandingsCSV(&buf, 0)
	case ExportStandingsHTML:
		name, err = base+"-standings.html", e.T.StandingsHTML(&buf, 0)
	case ExportRoundCSV:
		name, err = fmt.Sprintf("%s-round%d.csv", base, r), e.T.RoundCSV(&buf, r)
	case ExportPairingsHTML:
		name, err = fmt.Sprintf("%s-round%d.html", base, r), e.T.PairingsHTML(&buf, r)
	case ExportEvent:
		var data []byte
		data, err = e.T.Marshal()
		name = e.File
		buf.Write(data)
	default:
		err = fmt.Errorf("export %d: unknown", what)
	}
	if err != nil {
		return Export{}, err
	}
	return Export{Name: name, Data: buf.Bytes()}, nil
}
