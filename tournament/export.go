package tournament

import (
	"encoding/csv"
	"fmt"
	"html"
	"io"
	"strconv"
	"strings"
)

// breakTitles are the column titles of the tie-breaks.
var breakTitles = map[string]string{
	HeadToHead: "Head-to-head", Buchholz: "Buchholz", MedianBuchholz: "Median Buchholz",
	APKilled: "AP killed", GeneralsKilled: "Generals killed", StrongholdsTaken: "Strongholds taken", Lots: "Lots",
}

// table is a header and rows of text, the one shape both the CSV and the
// HTML exports are written from.
type table struct {
	Title  string
	Header []string
	Rows   [][]string
}

// standingsTable is the standings after round upTo (0: all).
func (t *Tournament) standingsTable(upTo int) table {
	tb := table{Header: []string{"Rank", "Player", "Club", "Army", "W-D-L", "Score"}}
	second := t.Scoring.Preset == PresetWLAP
	if second {
		tb.Header = append(tb.Header, "AP score")
	}
	for _, b := range t.TieBreaks {
		tb.Header = append(tb.Header, breakTitles[b])
	}
	tb.Header = append(tb.Header, "Bonus")
	for _, s := range t.Standings(upTo) {
		rank := strconv.Itoa(s.Rank)
		if s.Shared {
			rank += "="
		}
		name := s.Player.Name
		if s.Player.Left != 0 {
			name += fmt.Sprintf(" (left before round %d)", s.Player.Left)
		}
		row := []string{rank, name, s.Player.Club, s.Player.Army, fmt.Sprintf("%d-%d-%d", s.Won, s.Drawn, s.Lost), strconv.Itoa(s.Score)}
		if second {
			row = append(row, strconv.Itoa(s.Second))
		}
		for _, v := range s.Breaks {
			row = append(row, strconv.FormatInt(v, 10))
		}
		tb.Rows = append(tb.Rows, append(row, strconv.Itoa(s.Player.Bonus)))
	}
	return tb
}

// roundTable is a round's games, one row a game, each value given for
// player A then player B.
func (t *Tournament) roundTable(r int) (table, error) {
	if r < 1 || r > len(t.Schedule) {
		return table{}, fmt.Errorf("round %d: %d rounds are paired", r, len(t.Schedule))
	}
	tb := table{Header: []string{"Table", "Game", "Player A", "Player B", "A plays side", "Result",
		"AP lost A", "AP lost B", "Generals lost A", "Generals lost B", "Stronghold taken by", "Bounds", "Time called", "Source"}}
	rd := t.Schedule[r-1]
	for _, pr := range rd.Pairings {
		a, b := t.player(pr.A).Name, t.player(pr.B).Name
		for g, res := range pr.Results {
			sa := g % 2
			row := []string{strconv.Itoa(pr.Table), strconv.Itoa(g + 1), a, b, strconv.Itoa(sa)}
			if res == nil {
				tb.Rows = append(tb.Rows, append(row, "not played", "", "", "", "", "", "", "", ""))
				continue
			}
			result := "draw"
			switch res.Winner {
			case sa:
				result = a + " won"
			case 1 - sa:
				result = b + " won"
			}
			taken := ""
			switch {
			case res.StrongholdTaken[sa] && res.StrongholdTaken[1-sa]:
				taken = "both"
			case res.StrongholdTaken[sa]:
				taken = a
			case res.StrongholdTaken[1-sa]:
				taken = b
			}
			timeCalled := "no"
			if res.TimeCalled {
				timeCalled = "yes"
			}
			row = append(row, result, strconv.Itoa(res.APLost[sa]), strconv.Itoa(res.APLost[1-sa]),
				strconv.Itoa(res.GeneralsLost[sa]), strconv.Itoa(res.GeneralsLost[1-sa]), taken,
				strconv.Itoa(res.Bounds), timeCalled, res.Source)
			tb.Rows = append(tb.Rows, row)
		}
	}
	for _, id := range rd.Byes {
		tb.Rows = append(tb.Rows, []string{"bye", "", t.player(id).Name, "", "", "bye (a win)", "", "", "", "", "", "", "", ""})
	}
	return tb, nil
}

func writeCSV(w io.Writer, tb table) error {
	cw := csv.NewWriter(w)
	cw.Write(tb.Header)
	cw.WriteAll(tb.Rows)
	return cw.Error()
}

// StandingsRows is the standings export's header and rows as text.
func (t *Tournament) StandingsRows(upTo int) ([]string, [][]string) {
	tb := t.standingsTable(upTo)
	return tb.Header, tb.Rows
}

// StandingsCSV writes the standings after round upTo (0: every round).
func (t *Tournament) StandingsCSV(w io.Writer, upTo int) error {
	return writeCSV(w, t.standingsTable(upTo))
}

// RoundCSV writes round r's games and byes.
func (t *Tournament) RoundCSV(w io.Writer, r int) error {
	tb, err := t.roundTable(r)
	if err != nil {
		return err
	}
	return writeCSV(w, tb)
}

// pairingsTable is a round's pairings as printed for the tables.
func (t *Tournament) pairingsTable(r int) (table, error) {
	if r < 1 || r > len(t.Schedule) {
		return table{}, fmt.Errorf("round %d: %d rounds are paired", r, len(t.Schedule))
	}
	st := map[int]Standing{}
	for _, s := range t.standingsAfter(r - 1) {
		st[s.Player.ID] = s
	}
	who := func(id int) string {
		p := t.player(id)
		s := fmt.Sprintf("%s (%d)", p.Name, st[id].Score)
		if p.Army != "" {
			s += ", " + p.Army
		}
		return s
	}
	tb := table{Title: fmt.Sprintf("%s: round %d pairings", t.Name, r), Header: []string{"Table", "Player", "Opponent"}}
	rd := t.Schedule[r-1]
	for _, pr := range rd.Pairings {
		tb.Rows = append(tb.Rows, []string{strconv.Itoa(pr.Table), who(pr.A), who(pr.B)})
	}
	for _, id := range rd.Byes {
		tb.Rows = append(tb.Rows, []string{"bye", who(id), "(a bye, scored as a win)"})
	}
	return tb, nil
}

// pageStyle is a printable page's style sheet; writePage writes the
// page by hand rather than with html/template, which would bring a
// template engine into the browser build for one table (docs/web.md).
const pageStyle = `<style>
body { font-family: sans-serif; margin: 2em; color: #111; }
table { border-collapse: collapse; }
th, td { border: 1px solid #888; padding: 0.3em 0.7em; text-align: left; white-space: nowrap; }
th { background: #eee; }
tr:nth-child(even) td { background: #f7f7f7; }
@media print { body { margin: 0; } }
</style>
`

// writePage writes tb as a printable HTML page, every text escaped.
func writePage(w io.Writer, tb table) error {
	var b strings.Builder
	esc := html.EscapeString
	title := esc(tb.Title)
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + title + "</title>\n")
	b.WriteString(pageStyle)
	b.WriteString("</head>\n<body>\n<h1>" + title + "</h1>\n<table>\n<tr>")
	for _, h := range tb.Header {
		b.WriteString("<th>" + esc(h) + "</th>")
	}
	b.WriteString("</tr>\n")
	for _, row := range tb.Rows {
		b.WriteString("<tr>")
		for _, c := range row {
			b.WriteString("<td>" + esc(c) + "</td>")
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</table>\n</body>\n</html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// PairingsHTML writes round r's pairings as a printable page.
func (t *Tournament) PairingsHTML(w io.Writer, r int) error {
	tb, err := t.pairingsTable(r)
	if err != nil {
		return err
	}
	return writePage(w, tb)
}

// StandingsHTML writes the standings after round upTo as a printable page.
func (t *Tournament) StandingsHTML(w io.Writer, upTo int) error {
	tb := t.standingsTable(upTo)
	n := upTo
	if n <= 0 || n > len(t.Schedule) {
		n = len(t.Schedule)
	}
	// The club's live page shows these before round 1 and mid-round too.
	switch {
	case n == 0:
		tb.Title = fmt.Sprintf("%s: standings before round 1", t.Name)
	case !t.Schedule[n-1].complete():
		tb.Title = fmt.Sprintf("%s: standings during round %d", t.Name, n)
	default:
		tb.Title = fmt.Sprintf("%s: standings after round %d", t.Name, n)
	}
	return writePage(w, tb)
}
