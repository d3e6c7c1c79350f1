package arena

import (
	"math"
)

// Result is a match's record between two players, by their places in
// the players' list: A's wins, losses (B's wins) and unfinished games.
type Result struct {
	A, B int
	Record
}

// Rating is a player's Elo and how sure it is.
type Rating struct {
	Player string
	Elo    float64 // NaN if the player played no game
	// Margin is the 95% margin (1.96 standard errors) of Elo relative
	// to the anchor, from the likelihood's curvature; 0 for the anchor.
	Margin float64
	Games  int
	Score  float64 // points won (a win 1, an unfinished game ½) per game
}

// EloAnchor is the rating the anchor player is given: the nearest-enemy
// bot, when it plays, is 1000 (ruling AI43).
const EloAnchor = 1000

// Elo rates players from the results of their games by maximum
// likelihood under the Elo model (a player rated D above another scores
// 1/(1+10^(-D/400)) against it on average), an unfinished game counting
// as a draw, half a point each (ruling AI44). Each pair that has played
// is given one virtual draw besides (ruling AI43), so a player who won
// every game still gets a finite rating: 200 wins in 200 games rate it
// about 1040 above its opponent. Ratings are shifted so players[anchor]
// is EloAnchor.
func Elo(players []string, results []Result, anchor int) []Rating {
	n := len(players)
	games := make([][]float64, n) // games[i][j]: between i and j, with the virtual draw
	points := make([]float64, n)  // i's points, likewise
	out := make([]Rating, n)
	for i := range games {
		games[i] = make([]float64, n)
		out[i].Player = players[i]
	}
	played := make([]bool, n)
	for _, r := range results {
		g := float64(r.Games())
		if r.Games() == 0 || r.A == r.B {
			continue
		}
		if games[r.A][r.B] == 0 {
			g++ // the virtual draw, once a pair
			points[r.A] += 0.5
			points[r.B] += 0.5
		}
		games[r.A][r.B] += g
		games[r.B][r.A] += g
		points[r.A] += float64(r.Wins) + float64(r.Unfinished)/2
		points[r.B] += float64(r.Losses) + float64(r.Unfinished)/2
		out[r.A].Games += r.Games()
		out[r.B].Games += r.Games()
		out[r.A].Score += float64(r.Wins) + float64(r.Unfinished)/2
		out[r.B].Score += float64(r.Losses) + float64(r.Unfinished)/2
		played[r.A], played[r.B] = true, true
	}
	// Hunter's minorisation-maximisation for the Bradley–Terry model:
	// strength γ, rating 400·log10 γ. Each step raises the likelihood;
	// it converges for any connected set of results.
	gamma := make([]float64, n)
	for i := range gamma {
		gamma[i] = 1
	}
	for range 100000 {
		worst := 0.0
		for i := range n {
			if !played[i] {
				continue
			}
			den := 0.0
			for j := range n {
				if games[i][j] > 0 {
					den += games[i][j] / (gamma[i] + gamma[j])
				}
			}
			ng := points[i] / den
			worst = max(worst, math.Abs(math.Log(ng/gamma[i])))
			gamma[i] = ng
		}
		if worst < 1e-12 {
			break
		}
	}
	scale := 400 / math.Ln10
	for i := range out {
		out[i].Elo = math.NaN()
		if out[i].Games > 0 {
			out[i].Score /= float64(out[i].Games)
		}
		if played[i] && played[anchor] {
			out[i].Elo = EloAnchor + scale*math.Log(gamma[i]/gamma[anchor])
		}
	}
	// The margins: the inverse of the log-likelihood's curvature in the
	// natural-log strengths, the anchor's row and column struck out (it
	// is fixed), of the players rated.
	var idx []int
	for i := range n {
		if played[i] && i != anchor && played[anchor] {
			idx = append(idx, i)
		}
	}
	h := make([][]float64, len(idx))
	for a, i := range idx {
		h[a] = make([]float64, len(idx))
		for j := range n {
			if games[i][j] == 0 {
				continue
			}
			p := gamma[i] / (gamma[i] + gamma[j])
			w := games[i][j] * p * (1 - p)
			h[a][a] += w
			for b, k := range idx {
				if k == j {
					h[a][b] -= w
				}
			}
		}
	}
	if inv, ok := invert(h); ok {
		for a, i := range idx {
			out[i].Margin = 1.959964 * scale * math.Sqrt(inv[a][a])
		}
	}
	return out
}

// invert is m's inverse by Gauss–Jordan elimination with partial
// pivoting; false if m is singular.
func invert(m [][]float64) ([][]float64, bool) {
	n := len(m)
	a := make([][]float64, n)
	for i := range m {
		a[i] = make([]float64, 2*n)
		copy(a[i], m[i])
		a[i][n+i] = 1
	}
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		if math.Abs(a[p][c]) < 1e-12 {
			return nil, false
		}
		a[c], a[p] = a[p], a[c]
		for r := range n {
			if r == c {
				continue
			}
			f := a[r][c] / a[c][c]
			for k := range a[r] {
				a[r][k] -= f * a[c][k]
			}
		}
	}
	out := make([][]float64, n)
	for i := range a {
		out[i] = make([]float64, n)
		for j := range n {
			out[i][j] = a[i][n+j] / a[i][i]
		}
	}
	return out, true
}
