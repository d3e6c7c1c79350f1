package arena

import (
	"math"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// Elo on results whose maximum-likelihood ratings are known in closed
// form: a pair (the virtual draw included), a perfect score, and three
// players whose results agree with one scale.
func TestElo(t *testing.T) {
	// 3 wins and 1 loss, with the virtual draw 3.5 of 5: 0.7 = 1/(1+10^(-D/400)).
	rs := Elo([]string{"a", "b"}, []Result{{A: 0, B: 1, Record: Record{Wins: 3, Losses: 1}}}, 1)
	if d := 400 * math.Log10(0.7/0.3); !near(rs[0].Elo, EloAnchor+d, 0.01) || rs[1].Elo != EloAnchor {
		t.Errorf("3-1: %+v, want a %.2f above b at %d", rs, d, EloAnchor)
	}
	if rs[0].Games != 4 || rs[0].Score != 0.75 || rs[1].Score != 0.25 {
		t.Errorf("3-1: games and scores %+v", rs)
	}
	// An unfinished game is a draw: 2 wins and 2 unfinished score as 3-1.
	if u := Elo([]string{"a", "b"}, []Result{{A: 0, B: 1, Record: Record{Wins: 2, Unfinished: 2}}}, 1); !near(u[0].Elo, rs[0].Elo, 1e-6) {
		t.Errorf("2 wins 2 unfinished rate %.2f, 3-1 %.2f", u[0].Elo, rs[0].Elo)
	}
	// 200-0 stays finite: 200.5 of 201.
	p := Elo([]string{"x", "y"}, []Result{{A: 0, B: 1, Record: Record{Wins: 200}}}, 0)
	if d := 400 * math.Log10(200.5/0.5); !near(p[1].Elo, EloAnchor-d, 0.01) {
		t.Errorf("200-0: %+v, want y %.1f below x", p, d)
	}
	// Three players 200 points apart each: each pair's results are what
	// the model expects, the virtual draw included, so the ratings come
	// back. Expected score at 200: 1/(1+10^-0.5) = 0.7597; at 400: 0.9091.
	res := []Result{
		{A: 0, B: 1, Record: scoreOf(0.759747, 1000)},
		{A: 1, B: 2, Record: scoreOf(0.759747, 1000)},
		{A: 0, B: 2, Record: scoreOf(0.909091, 1000)},
	}
	three := Elo([]string{"strong", "mid", "weak"}, res, 1)
	for i, want := range []float64{1200, 1000, 800} {
		if !near(three[i].Elo, want, 1) {
			t.Errorf("%s: %.1f, want %.0f", three[i].Player, three[i].Elo, want)
		}
	}
	if three[1].Margin != 0 || !(three[0].Margin > 10 && three[0].Margin < 100) || !near(three[0].Margin, three[2].Margin, 0.5) {
		t.Errorf("margins %.1f %.1f %.1f: want 0 for the anchor and equal ones either side", three[0].Margin, three[1].Margin, three[2].Margin)
	}
	// More games, a narrower margin.
	more := Elo([]string{"a", "b"}, []Result{{A: 0, B: 1, Record: Record{Wins: 30, Losses: 10}}}, 1)
	if !(more[0].Margin < rs[0].Margin/2) {
		t.Errorf("margin at 40 games %.1f, at 4 %.1f", more[0].Margin, rs[0].Margin)
	}
	// A player who played nobody is not rated.
	if lone := Elo([]string{"a", "b", "c"}, []Result{{A: 0, B: 1, Record: Record{Wins: 1}}}, 0); !math.IsNaN(lone[2].Elo) {
		t.Errorf("unplayed c rated %.1f", lone[2].Elo)
	}
}

// scoreOf is a record of games between a and b, less the virtual draw,
// in which a scores share of the points (draws make up the fraction).
func scoreOf(share float64, games int) Record {
	pts := share*float64(games+1) - 0.5 // what a must score in the real games
	w := int(pts)
	// the fraction as unfinished games, each half a point
	u := int(math.Round((pts - float64(w)) * 2))
	return Record{Wins: w, Unfinished: u, Losses: games - w - u}
}

func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n   int
		lo, hi float64
	}{
		{0, 10, 0, 0.2775},
		{5, 10, 0.2366, 0.7634},
		{10, 10, 0.7225, 1},
		{196, 200, 0.9496, 0.9922},
	} {
		s := Wilson(c.k, c.n)
		if !near(s.Lo, c.lo, 0.0005) || !near(s.Hi, c.hi, 0.0005) {
			t.Errorf("Wilson(%d, %d) = %.4f–%.4f, want %.4f–%.4f", c.k, c.n, s.Lo, s.Hi, c.lo, c.hi)
		}
	}
	if got := Wilson(5, 10).String(); got != "50.0% (23.7–76.3%)" {
		t.Errorf("String %q", got)
	}
	if got := Wilson(0, 0).String(); got != "–" {
		t.Errorf("no games: %q", got)
	}
}
