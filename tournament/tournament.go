// Package tournament runs a HOTT tournament: players, rounds paired by
// the Swiss system or a round robin, results entered by hand or verified
// from a game's record, and standings derived from the result log under a
// scoring preset and the organiser's tie-breaks. It is pure and
// deterministic: everything it decides by chance (lots, seating) comes
// from the tournament's seed, the same on every platform.
package tournament

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// FileFormat is the version of the tournament file (docs/formats.md §9).
const FileFormat = 1

// Pairing systems.
const (
	Swiss      = "swiss"
	RoundRobin = "round-robin"
)

// MaxClock is the longest battle clock a tournament gives a game, in
// minutes (a long evening).
const MaxClock = 600

// Draw is a Result's Winner when neither side won.
const Draw = -1

// Result sources.
const (
	FromReplay = "replay" // verified by replaying the game's save
	ByHand     = "hand"   // entered by the organiser (a tabletop game)
)

// Tournament is the whole event: its settings, players and every round
// paired so far with the results entered. Standings are never stored:
// they are derived from it (Standings).
type Tournament struct {
	Format    int      `json:"format"`
	Name      string   `json:"name"`
	Seed      uint64   `json:"seed"`
	Pairing   string   `json:"pairing"`                 // Swiss or RoundRobin
	Games     int      `json:"games"`                   // games a pairing plays: 1, or 2 for a scenario duel
	Scenario  string   `json:"scenario,omitempty"`      // the scenario every game is played on (a duel's), if one
	Rounds    int      `json:"rounds"`                  // rounds planned (Swiss); a round robin has its own
	AP        int      `json:"ap"`                      // the armies' AP: 24 or 36
	Clock     int      `json:"clock_minutes,omitempty"` // each game's battle clock in minutes (0: none)
	Scoring   Scoring  `json:"scoring"`
	TieBreaks []string `json:"tie_breaks"`
	Club1     bool     `json:"avoid_same_club_round1,omitempty"`
	Forbidden [][2]int `json:"forbidden,omitempty"` // pairs of player ids never paired if it can be helped
	Players   []Player `json:"players"`
	Schedule  []Round  `json:"schedule"` // the rounds paired, in order
}

// Player is one entrant. Entered and Dropped keep the history: a player
// dropped is still in the standings with the games it played.
type Player struct {
	ID      int    `json:"id"` // from 1, in entry order
	Name    string `json:"name"`
	Club    string `json:"club,omitempty"`
	Army    string `json:"army,omitempty"`  // the army, list or side the player brings
	Entered int    `json:"entered"`         // the first round the player may be paired in
	Left    int    `json:"left,omitempty"`  // 0 playing; else dropped: the first round it is not paired in
	Bonus   int    `json:"bonus,omitempty"` // painting, theme...: shown, never used in pairing or ranking
}

// Round is one round's pairings and byes.
type Round struct {
	Number   int       `json:"round"`
	Pairings []Pairing `json:"pairings"`
	Byes     []int     `json:"byes,omitempty"` // players given a bye, scored as a win
}

// Pairing is a table's match: players A and B and the result of each of
// its games (nil until entered). In game g, A plays side 0 when g is even
// and side 1 when it is odd (a duel swaps sides).
type Pairing struct {
	Table   int       `json:"table"`
	A       int       `json:"a"`
	B       int       `json:"b"`
	Results []*Result `json:"results"`
}

// Result is one game's outcome, by side (0 and 1).
type Result struct {
	Winner          int     `json:"winner"`            // 0 or 1, or Draw (−1)
	APLost          [2]int  `json:"ap_lost"`           // AP each side lost
	StartAP         [2]int  `json:"start_ap,omitzero"` // AP each side began with, when known (a replayed game's)
	GeneralsLost    [2]int  `json:"generals_lost"`     // generals each side lost
	StrongholdTaken [2]bool `json:"stronghold_taken"`  // whether side s took its enemy's stronghold
	Bounds          int     `json:"bounds"`
	TimeCalled      bool    `json:"time_called,omitempty"`
	Source          string  `json:"source"`           // FromReplay or ByHand
	File            string  `json:"file,omitempty"`   // the save a replayed result came from
	Digest          string  `json:"digest,omitempty"` // the record's digest, identifying the game
}

// Config is what a new tournament is made from.
type Config struct {
	Name      string
	Seed      uint64
	Pairing   string
	Games     int
	Scenario  string
	Rounds    int
	AP        int
	Clock     int // minutes a game's battle clock gives (0: none)
	Scoring   Scoring
	TieBreaks []string
	Club1     bool
	Forbidden [][2]int
}

// New makes a tournament with no players yet. Zero Games and AP are 1
// and 24; a nil TieBreaks is DefaultTieBreaks.
func New(c Config) (*Tournament, error) {
	t := &Tournament{
		Format: FileFormat, Name: c.Name, Seed: c.Seed, Pairing: c.Pairing,
		Games: c.Games, Scenario: c.Scenario, Rounds: c.Rounds, AP: c.AP, Clock: c.Clock,
		Scoring: c.Scoring, TieBreaks: c.TieBreaks, Club1: c.Club1, Forbidden: c.Forbidden,
		Players: []Player{}, Schedule: []Round{},
	}
	if t.Games == 0 {
		t.Games = 1
	}
	if t.AP == 0 {
		t.AP = 24
	}
	if t.TieBreaks == nil {
		t.TieBreaks = slices.Clone(DefaultTieBreaks)
	}
	if err := t.Validate(); err != nil {
		return nil, err
	}
	return t, nil
}

// Validate checks the settings and the whole log, naming the first
// problem found.
func (t *Tournament) Validate() error {
	if t.Format != FileFormat {
		return fmt.Errorf("format %d: this program reads tournament files of format %d", t.Format, FileFormat)
	}
	if strings.TrimSpace(t.Name) == "" {
		return errors.New("name: the tournament needs a name")
	}
	if t.Pairing != Swiss && t.Pairing != RoundRobin {
		return fmt.Errorf("pairing %q: give %q or %q", t.Pairing, Swiss, RoundRobin)
	}
	if t.Games != 1 && t.Games != 2 {
		return fmt.Errorf("games %d: a pairing plays 1 game, or 2 in a scenario duel", t.Games)
	}
	if t.Pairing == Swiss && (t.Rounds < 1 || t.Rounds > 30) {
		return fmt.Errorf("rounds %d: a Swiss tournament has 1 to 30 rounds", t.Rounds)
	}
	if t.AP != 24 && t.AP != 36 {
		return fmt.Errorf("ap %d: armies are of 24 or 36 AP (RULES.md §13)", t.AP)
	}
	if t.Clock < 0 || t.Clock > MaxClock {
		return fmt.Errorf("clock_minutes %d: a game's clock is 0 (none) to %d minutes", t.Clock, MaxClock)
	}
	if err := t.Scoring.check(); err != nil {
		return fmt.Errorf("scoring: %v", err)
	}
	seen := map[string]bool{}
	for i, tb := range t.TieBreaks {
		if !slices.Contains(TieBreaks, tb) {
			return fmt.Errorf("tie_breaks[%d]: unknown tie-break %q (known: %s)", i, tb, strings.Join(TieBreaks, ", "))
		}
		if seen[tb] {
			return fmt.Errorf("tie_breaks[%d]: %q is given twice", i, tb)
		}
		seen[tb] = true
	}
	for i, p := range t.Players {
		if p.ID != i+1 {
			return fmt.Errorf("players[%d]: id %d, expected %d (ids count from 1 in entry order)", i, p.ID, i+1)
		}
		if strings.TrimSpace(p.Name) == "" {
			return fmt.Errorf("players[%d]: no name", i)
		}
		// Commands name players and uploads are matched to a pairing by
		// name, case aside (EqualFold, as AddPlayer compares): two alike
		// would be one player to them.
		for _, q := range t.Players[:i] {
			if strings.EqualFold(strings.TrimSpace(q.Name), strings.TrimSpace(p.Name)) {
				return fmt.Errorf("players[%d]: %q has the name of player %d (names are unique, case aside)", i, p.Name, q.ID)
			}
		}
		if p.Entered < 1 || p.Left < 0 || p.Left > 0 && p.Left < p.Entered {
			return fmt.Errorf("players[%d] %q: entered %d, left %d: not a possible history", i, p.Name, p.Entered, p.Left)
		}
	}
	for i, f := range t.Forbidden {
		if t.player(f[0]) == nil || t.player(f[1]) == nil || f[0] == f[1] {
			return fmt.Errorf("forbidden[%d]: %v is not a pair of two players", i, f)
		}
	}
	for i, r := range t.Schedule {
		if err := t.checkRound(r, i+1); err != nil {
			return fmt.Errorf("schedule[%d]: %v", i, err)
		}
	}
	return nil
}

func (t *Tournament) checkRound(r Round, number int) error {
	if r.Number != number {
		return fmt.Errorf("round %d, expected %d", r.Number, number)
	}
	used := map[int]bool{}
	tables := map[int]bool{}
	use := func(id int) error {
		p := t.player(id)
		switch {
		case p == nil:
			return fmt.Errorf("round %d: no player %d", number, id)
		case used[id]:
			return fmt.Errorf("round %d: player %d (%s) is paired twice", number, id, p.Name)
		case !p.playsIn(number):
			return fmt.Errorf("round %d: player %d (%s) is not playing in that round", number, id, p.Name)
		}
		used[id] = true
		return nil
	}
	for i, pr := range r.Pairings {
		if err := use(pr.A); err != nil {
			return err
		}
		if err := use(pr.B); err != nil {
			return err
		}
		if pr.Table < 1 {
			return fmt.Errorf("round %d: pairings[%d]: table %d", number, i, pr.Table)
		}
		// A result, a table's code and its page find a pairing by its
		// table: two at one table would leave one unreachable.
		if tables[pr.Table] {
			return fmt.Errorf("round %d: pairings[%d]: table %d has another pairing already", number, i, pr.Table)
		}
		tables[pr.Table] = true
		if len(pr.Results) != t.Games {
			return fmt.Errorf("round %d: pairings[%d]: %d results, expected %d (one a game, null until played)", number, i, len(pr.Results), t.Games)
		}
		for g, res := range pr.Results {
			if res == nil {
				continue
			}
			if err := res.check(t.AP); err != nil {
				return fmt.Errorf("round %d: table %d: game %d: %v", number, pr.Table, g+1, err)
			}
		}
	}
	for _, id := range r.Byes {
		if err := use(id); err != nil {
			return err
		}
	}
	return nil
}

// check refuses a result that cannot have happened. A side loses at
// most the AP it began with: start_ap when the result gives it (a
// replayed game: a scenario's side may be far larger than the
// tournament's AP, a Pelennor side 78 or 94), else the tournament's AP.
func (r *Result) check(ap int) error {
	if r.Winner != 0 && r.Winner != 1 && r.Winner != Draw {
		return fmt.Errorf("winner %d: give side 0, side 1 or %d for a draw", r.Winner, Draw)
	}
	for s := range 2 {
		if r.StartAP[s] < 0 {
			return fmt.Errorf("start_ap[%d] %d: not negative", s, r.StartAP[s])
		}
		most, of := ap, "the army's"
		if r.StartAP != [2]int{} {
			most, of = r.StartAP[s], "the side's starting"
		}
		if r.APLost[s] < 0 || r.APLost[s] > most {
			return fmt.Errorf("ap_lost[%d] %d: between 0 and %s %d AP", s, r.APLost[s], of, most)
		}
		if r.GeneralsLost[s] < 0 || r.GeneralsLost[s] > 9 {
			return fmt.Errorf("generals_lost[%d] %d: between 0 and 9", s, r.GeneralsLost[s])
		}
	}
	if r.Bounds < 0 {
		return fmt.Errorf("bounds %d: not negative", r.Bounds)
	}
	if r.Source != FromReplay && r.Source != ByHand {
		return fmt.Errorf("source %q: %q or %q", r.Source, FromReplay, ByHand)
	}
	return nil
}

func (t *Tournament) player(id int) *Player {
	if id < 1 || id > len(t.Players) {
		return nil
	}
	return &t.Players[id-1]
}

// playsIn reports whether the player is in the tournament in round r.
func (p *Player) playsIn(r int) bool {
	return p.Entered <= r && (p.Left == 0 || r < p.Left)
}

// Player returns the player of that id, or nil.
func (t *Tournament) Player(id int) *Player { return t.player(id) }

// AddPlayer enters a player, who plays from the first round without a
// result (a late entry starts on no points): if that round is already
// paired, pairing it again (Repair) takes the player in. A round robin
// takes no entries once its first round is paired.
func (t *Tournament) AddPlayer(name, club, army string) (int, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return 0, errors.New("a player needs a name")
	}
	for _, p := range t.Players {
		if strings.EqualFold(p.Name, name) {
			return 0, fmt.Errorf("there is already a player %q (id %d)", p.Name, p.ID)
		}
	}
	if t.Pairing == RoundRobin && len(t.Schedule) > 0 {
		return 0, errors.New("a round robin takes no late entries: its schedule was fixed when round 1 was paired")
	}
	id := len(t.Players) + 1
	t.Players = append(t.Players, Player{ID: id, Name: name, Club: strings.TrimSpace(club), Army: strings.TrimSpace(army), Entered: t.nextToStart()})
	return id, nil
}

// nextToStart is the first round without a result: the last round paired
// if it has not started (pairing it again takes a new player in), else
// the next one to pair.
func (t *Tournament) nextToStart() int {
	n := len(t.Schedule)
	if n > 0 && !t.Schedule[n-1].started() {
		return n
	}
	return n + 1
}

// Drop withdraws a player: it is paired no more, and keeps its games and
// place in the standings. If the last round is paired but not started
// and the player is in it, that round's pairing is undone (unpaired is
// true): pair it again without the player.
func (t *Tournament) Drop(id int) (unpaired bool, err error) {
	p := t.player(id)
	if p == nil {
		return false, fmt.Errorf("no player %d", id)
	}
	if p.Left != 0 {
		return false, fmt.Errorf("player %d (%s) has already left, before round %d", id, p.Name, p.Left)
	}
	next := t.nextToStart()
	p.Left = max(next, p.Entered)
	if n := len(t.Schedule); next == n && t.Schedule[n-1].has(id) {
		t.Schedule = t.Schedule[:n-1]
		return true, nil
	}
	return false, nil
}

// has reports whether the player is paired or has a bye in the round.
func (r *Round) has(id int) bool {
	for _, pr := range r.Pairings {
		if pr.A == id || pr.B == id {
			return true
		}
	}
	return slices.Contains(r.Byes, id)
}

// SetBonus sets a player's bonus points (painting, theme).
func (t *Tournament) SetBonus(id, bonus int) error {
	p := t.player(id)
	if p == nil {
		return fmt.Errorf("no player %d", id)
	}
	p.Bonus = bonus
	return nil
}

// SetResult enters or corrects the result of game (from 1) at a table of
// a round (from 1). The standings after it follow at once, being derived;
// pairings already made stand.
func (t *Tournament) SetResult(round, table, game int, r Result) error {
	if round < 1 || round > len(t.Schedule) {
		return fmt.Errorf("round %d: %d rounds are paired", round, len(t.Schedule))
	}
	rd := &t.Schedule[round-1]
	for i := range rd.Pairings {
		pr := &rd.Pairings[i]
		if pr.Table != table {
			continue
		}
		if game < 1 || game > t.Games {
			return fmt.Errorf("game %d: a pairing plays %d game(s)", game, t.Games)
		}
		if err := r.check(t.AP); err != nil {
			return err
		}
		if at := t.CountedAt(r.Digest); at != "" && at != fmt.Sprintf("round %d, table %d, game %d", round, table, game) {
			return fmt.Errorf("this game (digest %s) is already the result of %s", r.Digest, at)
		}
		pr.Results[game-1] = &r
		return nil
	}
	return fmt.Errorf("round %d has no table %d", round, table)
}

// CountedAt names the game whose result has that record digest ("round
// R, table T, game G"), or is "" when no result has it or digest is "".
func (t *Tournament) CountedAt(digest string) string {
	if digest == "" {
		return ""
	}
	for _, rd := range t.Schedule {
		for _, pr := range rd.Pairings {
			for g, res := range pr.Results {
				if res != nil && res.Digest == digest {
					return fmt.Sprintf("round %d, table %d, game %d", rd.Number, pr.Table, g+1)
				}
			}
		}
	}
	return ""
}

// started reports whether any result of the round is in.
func (r *Round) started() bool {
	for _, pr := range r.Pairings {
		for _, res := range pr.Results {
			if res != nil {
				return true
			}
		}
	}
	return false
}

// complete reports whether every game of the round has its result.
func (r *Round) complete() bool {
	for _, pr := range r.Pairings {
		for _, res := range pr.Results {
			if res == nil {
				return false
			}
		}
	}
	return true
}
