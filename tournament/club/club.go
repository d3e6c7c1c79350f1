// Package club is the organiser's server at a club: it serves the live
// standings and the current round's pairings as web pages on the local
// network, and takes finished games uploaded from the tables. Each
// upload is verified by replaying it (record.Verify) before it counts,
// entered as a "replay" result, and the tournament file rewritten
// atomically before the answer says "counted" (docs/tournament.md,
// "Several tables at a club"; rulings N30–N36).
//
// Only the organiser changes the tournament: an upload is taken only at
// the address of a table of the current round, which carries that
// table's code (Code), and only for that table's pairing. The file is
// the only state: it is read again for every page and every upload, so
// a server killed and started again loses nothing, and the organiser's
// own hott tournament commands may run beside it.
package club

import (
	"crypto/subtle"
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"sync"

	"pelennor/record"
	"pelennor/tournament"
)

// DefaultMaxUpload is the largest upload taken, in bytes. A long
// Pelennor game's save is well under a megabyte.
const DefaultMaxUpload = 4 << 20

// DefaultRefresh is how often, in seconds, the pages reload themselves.
const DefaultRefresh = 30

// Config is what a server is made from.
type Config struct {
	Path      string        // the tournament file
	Key       []byte        // the table-code key (LoadKey)
	MaxUpload int64         // 0: DefaultMaxUpload
	Refresh   int           // 0: DefaultRefresh
	Lookup    record.Lookup // nil: record.Builtin
	// Base is the address the tables reach the server at, such as
	// "http://192.168.1.20:8080", for the printed slips; "" takes the
	// host the slips page was asked for.
	Base string
}

// Server serves one tournament file. Its handlers may run at once; every
// change to the tournament is made under one lock (one writer).
type Server struct {
	path    string
	key     []byte
	max     int64
	refresh int
	lookup  record.Lookup
	base    string
	mu      sync.Mutex // held from reading the file to writing it back
}

// New makes a server of the tournament file at c.Path, which it reads
// once to refuse a bad file before serving.
func New(c Config) (*Server, error) {
	if len(c.Key) < 16 {
		return nil, errors.New("club: a table-code key of at least 16 bytes is needed (LoadKey)")
	}
	if _, err := tournament.Load(c.Path); err != nil {
		return nil, err
	}
	s := &Server{path: c.Path, key: c.Key, max: c.MaxUpload, refresh: c.Refresh, lookup: c.Lookup,
		base: strings.TrimSuffix(c.Base, "/")}
	if s.max <= 0 {
		s.max = DefaultMaxUpload
	}
	if s.refresh <= 0 {
		s.refresh = DefaultRefresh
	}
	if s.lookup == nil {
		s.lookup = record.Builtin
	}
	return s, nil
}

// Table is a table of the current round and its upload code.
type Table struct {
	Round, Table int
	A, B         string // the pairing's players
	Code         string
}

// Path is the table's upload address on the server (after the host).
func (t Table) Path() string { return "/table/" + t.Code }

// Tables lists the current round's tables with their codes.
func (s *Server) Tables() ([]Table, error) {
	t, err := tournament.Load(s.path)
	if err != nil {
		return nil, err
	}
	return s.tables(t), nil
}

func (s *Server) tables(t *tournament.Tournament) []Table {
	n := len(t.Schedule)
	if n == 0 {
		return nil
	}
	var out []Table
	for _, pr := range t.Schedule[n-1].Pairings {
		out = append(out, Table{Round: n, Table: pr.Table, A: t.Player(pr.A).Name, B: t.Player(pr.B).Name, Code: Code(s.key, n, pr.Table)})
	}
	return out
}

// Reasons a table's upload is refused: the answer's "reason" (formats
// §9.2) and the HTTP status it is sent with.
const (
	Counted      = "counted"
	NoRound      = "no_round"       // no round is paired
	WrongCode    = "wrong_code"     // the address's code is no table's
	OldCode      = "old_code"       // a table's code of an earlier round
	TooLarge     = "too_large"      // the upload is over the limit
	BadUpload    = "bad_upload"     // not a save or turn file, or it does not replay (tampered)
	NotOver      = "not_over"       // the game has no result yet
	WrongPlayers = "wrong_players"  // not this pairing's game (another table's or tournament's)
	WrongGame    = "wrong_scenario" // not on the tournament's scenario
	Duplicate    = "duplicate"      // this game is already counted
	ResultIn     = "result_in"      // the table's games already have their results
	NotSaved     = "not_saved"      // the tournament file could not be written
)

var statusOf = map[string]int{
	Counted: http.StatusOK, NoRound: http.StatusConflict, WrongCode: http.StatusNotFound,
	OldCode: http.StatusGone, TooLarge: http.StatusRequestEntityTooLarge, BadUpload: http.StatusBadRequest,
	NotOver: http.StatusUnprocessableEntity, WrongPlayers: http.StatusUnprocessableEntity, WrongGame: http.StatusUnprocessableEntity,
	Duplicate: http.StatusConflict, ResultIn: http.StatusConflict, NotSaved: http.StatusInternalServerError,
}

// Answer is the server's reply to an upload.
type Answer struct {
	Reason  string `json:"reason"` // Counted, or why it was refused
	Message string `json:"message"`
	Round   int    `json:"round,omitempty"`
	Table   int    `json:"table,omitempty"`
	Game    int    `json:"game,omitempty"`
}

func refuse(reason, format string, args ...any) Answer {
	return Answer{Reason: reason, Message: fmt.Sprintf(format, args...)}
}

// find is the table a code opens in the tournament: its round and
// pairing in the current round, or the refusal.
func (s *Server) find(t *tournament.Tournament, code string) (*tournament.Pairing, Answer, bool) {
	n := len(t.Schedule)
	if n == 0 {
		return nil, refuse(NoRound, "no round is paired yet: wait for the organiser to pair round 1"), false
	}
	for r := n; r >= 1; r-- {
		rd := &t.Schedule[r-1]
		for i := range rd.Pairings {
			pr := &rd.Pairings[i]
			if subtle.ConstantTimeCompare([]byte(Code(s.key, r, pr.Table)), []byte(code)) != 1 {
				continue
			}
			if r < n {
				return nil, refuse(OldCode, "this is the address of table %d in round %d; round %d is being played: use this round's address for your table", pr.Table, r, n), false
			}
			return pr, Answer{Round: n, Table: pr.Table}, true
		}
	}
	return nil, refuse(WrongCode, "no table has the code %q: check the address on your table's slip", code), false
}

// check tells whether code is a current table's, without an upload.
func (s *Server) check(code string) (Answer, *tournament.Tournament, *tournament.Pairing) {
	t, err := tournament.Load(s.path)
	if err != nil {
		return refuse(NotSaved, "the tournament file cannot be read: %v", err), nil, nil
	}
	pr, a, ok := s.find(t, code)
	if !ok {
		return a, t, nil
	}
	return a, t, pr
}

// Upload verifies a finished game uploaded at the table of code and, if
// it is that table's and not yet counted, enters it and saves the
// tournament. name is the uploaded file's name (for messages and the
// result's file); data its bytes.
func (s *Server) Upload(code, name string, data []byte) Answer {
	name = filepath.Base(strings.ReplaceAll(name, `\`, "/"))
	if name == "." || name == "/" || name == "" {
		name = "upload"
	}
	if r := []rune(name); len(r) > 80 {
		name = string(r[:80])
	}
	// Refuse a wrong address before the replay's work.
	if a, _, pr := s.check(code); pr == nil {
		return a
	}
	// The replay is the expensive part: done outside the lock, so the
	// tables' uploads are verified side by side.
	o, err := record.Verify(name, data, s.lookup)
	if err != nil {
		return refuse(BadUpload, "refused: %v", err)
	}
	if !o.Over {
		return refuse(NotOver, "refused: %s: the game is not over (bound %d): finish it, or have time called, and upload it again", name, o.Bounds)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	// The file's lock keeps the organiser's commands out until the
	// result is written; read the file again under it: it may have
	// changed since (another table, the organiser's commands).
	unlock, err := tournament.Lock(s.path)
	if err != nil {
		return refuse(NotSaved, "not counted: %v: upload it again", err)
	}
	defer unlock()
	t, err := tournament.Load(s.path)
	if err != nil {
		return refuse(NotSaved, "the tournament file cannot be read: %v", err)
	}
	pr, a, ok := s.find(t, code)
	if !ok {
		return a
	}
	round := a.Round
	if t.Scenario != "" && o.Scenario.ID != t.Scenario {
		return refuse(WrongGame, "refused: %s is a game of %s (%s), but every game of %s is played on %s", name, o.Scenario.Name, o.Scenario.ID, t.Name, t.Scenario)
	}
	if at := t.CountedAt(o.Digest); at != "" {
		return refuse(Duplicate, "refused: %s is already counted, as the result of %s: nothing changed", name, at)
	}
	game, a := gameOf(t, pr, o, name, round)
	if game == 0 {
		return a
	}
	if prev := pr.Results[game-1]; prev != nil {
		return refuse(ResultIn, "refused: table %d's game %d already has its result (%s): only the organiser can correct it", pr.Table, game, describe(prev))
	}
	res := tournament.Replayed(o, name)
	if err := t.SetResult(round, pr.Table, game, res); err != nil {
		return refuse(BadUpload, "refused: %v", err)
	}
	if err := t.Save(s.path); err != nil {
		return refuse(NotSaved, "not counted: the tournament file could not be written (%v): upload it again", err)
	}
	msg := fmt.Sprintf("counted: round %d, table %d, game %d: %s, verified by replaying %s (%d actions)",
		round, pr.Table, game, resultText(o, t, pr, game), name, o.Actions)
	return Answer{Reason: Counted, Message: msg, Round: round, Table: pr.Table, Game: game}
}

// gameOf is the pairing's game the outcome is (from 1), by the players
// the save names on its sides: in game g player A plays side 0 when g
// is odd (formats §9). A save must name its players (ruling N32).
func gameOf(t *tournament.Tournament, pr *tournament.Pairing, o record.Outcome, name string, round int) (int, Answer) {
	a, b := t.Player(pr.A).Name, t.Player(pr.B).Name
	p0, p1 := o.Sides[0].Player, o.Sides[1].Player
	if p0 == "" || p1 == "" {
		return 0, refuse(WrongPlayers, "refused: %s names no players: only a game whose save names its two players (%s and %s) counts", name, a, b)
	}
	for g := 1; g <= t.Games; g++ {
		want := [2]string{a, b}
		if g%2 == 0 {
			want = [2]string{b, a}
		}
		if strings.EqualFold(p0, want[0]) && strings.EqualFold(p1, want[1]) {
			return g, Answer{}
		}
	}
	if t.Games == 1 && strings.EqualFold(p0, b) && strings.EqualFold(p1, a) {
		return 0, refuse(WrongPlayers, "refused: %s has %s on side 1 and %s on side 2, but at table %d %s plays side 1", name, p0, p1, pr.Table, a)
	}
	return 0, refuse(WrongPlayers, "refused: %s is a game of %s v %s, but round %d's table %d is %s v %s: upload it at its own table's address", name, p0, p1, round, pr.Table, a, b)
}

// resultText says who won the pairing's game.
func resultText(o record.Outcome, t *tournament.Tournament, pr *tournament.Pairing, game int) string {
	if o.Winner < 0 {
		return "a draw"
	}
	// Player A plays side 0 in an odd game.
	if (o.Winner == 0) == (game%2 == 1) {
		return t.Player(pr.A).Name + " won"
	}
	return t.Player(pr.B).Name + " won"
}

func describe(r *tournament.Result) string {
	src := "entered by hand"
	if r.Source == tournament.FromReplay {
		src = "from " + r.File
	}
	if r.Winner == tournament.Draw {
		return "a draw, " + src
	}
	return fmt.Sprintf("side %d won, %s", r.Winner+1, src)
}
