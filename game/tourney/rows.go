package tourney

import (
	"fmt"
	"strings"

	"pelennor/tournament"
)

// ResultText is a game's result in words, for player A then B: "Ann won
// 12–4", "draw 6–6", "not played"; a result entered by hand says so.
func (e *Event) ResultText(round, table, game int) string {
	h, ok := e.HandOf(round, table, game)
	if !ok {
		return "not played"
	}
	pr := e.Pairing(round, table)
	what := "draw"
	switch h.Winner {
	case 0:
		what = e.T.Player(pr.A).Name + " won"
	case 1:
		what = e.T.Player(pr.B).Name + " won"
	}
	// The AP each killed: the other's losses.
	what += fmt.Sprintf(" · AP lost %d–%d", h.APLost[0], h.APLost[1])
	if h.TimeCalled {
		what += " · time"
	}
	if pr.Results[game-1].Source == tournament.ByHand {
		what += " · by hand"
	} else {
		what += " · replayed"
	}
	return what
}

// PairingRow is a line of the round screen.
type PairingRow struct {
	Table   int    // 0 for a bye
	A, B    string // names ("" B for a bye)
	Armies  string // "army v army", when the players gave theirs
	Results []string
	Done    bool // every game has its result
}

// Rows are a round's pairings, by table, then its byes.
func (e *Event) Rows(round int) []PairingRow {
	if round < 1 || round > len(e.T.Schedule) {
		return nil
	}
	rd := e.T.Schedule[round-1]
	var out []PairingRow
	for _, pr := range rd.Pairings {
		a, b := e.T.Player(pr.A), e.T.Player(pr.B)
		row := PairingRow{Table: pr.Table, A: a.Name, B: b.Name, Done: true}
		if a.Army != "" || b.Army != "" {
			row.Armies = orDash(a.Army) + " v " + orDash(b.Army)
		}
		for g, r := range pr.Results {
			row.Results = append(row.Results, e.ResultText(round, pr.Table, g+1))
			row.Done = row.Done && r != nil
		}
		out = append(out, row)
	}
	for _, id := range rd.Byes {
		out = append(out, PairingRow{A: e.T.Player(id).Name, Results: []string{"bye, scored as a win"}, Done: true})
	}
	return out
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// PlayerRow is a line of the players screen.
type PlayerRow struct {
	ID     int
	Name   string
	Detail string // club, army, entry and drop
	Bonus  int
	Left   bool
}

// PlayerRows are the players in entry order.
func (e *Event) PlayerRows() []PlayerRow {
	var out []PlayerRow
	for _, p := range e.T.Players {
		var parts []string
		if p.Club != "" {
			parts = append(parts, p.Club)
		}
		if p.Army != "" {
			parts = append(parts, p.Army)
		}
		if p.Entered > 1 {
			parts = append(parts, fmt.Sprintf("from round %d", p.Entered))
		}
		if p.Left != 0 {
			parts = append(parts, fmt.Sprintf("left before round %d", p.Left))
		}
		out = append(out, PlayerRow{ID: p.ID, Name: p.Name, Detail: strings.Join(parts, " · "), Bonus: p.Bonus, Left: p.Left != 0})
	}
	return out
}

// Standings are the standings' header and rows, as exported.
func (e *Event) Standings() ([]string, [][]string) { return e.T.StandingsRows(0) }

// Summary is a line on the event: its format, scoring and progress.
func (e *Event) Summary() string {
	t := e.T
	format := "Swiss"
	switch {
	case t.Games == 2:
		format = "Scenario duel (" + t.Scenario + ")"
	case t.Pairing == tournament.RoundRobin:
		format = "Round robin"
	}
	s := fmt.Sprintf("%s · %s · %d AP · %d players · round %d of %d", format, t.Scoring.Preset, t.AP, len(t.Players), len(t.Schedule), t.LastRound())
	if t.Clock > 0 {
		s += fmt.Sprintf(" · %d min clock", t.Clock)
	}
	return s
}
