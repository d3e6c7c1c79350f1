package control

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"pelennor/engine"
	"pelennor/engine/rules"
	"pelennor/game/internal/posed"
)

// duelPos is the Pelennor with the heroic duel in play and the
// Witch-King brought down front to front with Théoden, at the first
// bound's close combat: a posed heroic duel (element 201 against 501).
func duelPos(t *testing.T) *pos {
	t.Helper()
	sc, err := posed.PelennorDuel()
	if err != nil {
		t.Fatal(err)
	}
	seed := uint64(3)
	h, err := engine.NewHistory(sc, &seed, nil, engine.Options{Rulings: rules.Rulings{HeroicDuel: true}})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 4 && h.Game().Phase() != engine.PhaseClose; i++ {
		if _, err := h.Apply(engine.Action{Kind: engine.ActEndPhase}); err != nil {
			t.Fatal(err)
		}
	}
	if !h.Game().IsDuel(201, 501) {
		t.Fatalf("phase %v: Théoden and the Witch-King would not fight a duel", h.Game().Phase())
	}
	return &pos{h: h}
}

var percentRE = regexp.MustCompile(`(\d+)\.(\d)%`)

// tenths reads the percentages of a line, in tenths of a point.
func tenths(t *testing.T, line string) []int {
	t.Helper()
	var out []int
	for _, m := range percentRE.FindAllStringSubmatch(line, -1) {
		a, _ := strconv.Atoi(m[1])
		b, _ := strconv.Atoi(m[2])
		out = append(out, a*10+b)
	}
	return out
}

// TestDuelWhatIf: a close combat that is a heroic duel is listed with
// the duel's odds; its line gives the chances of the sampled duels (the
// counts of Samples, never In36, which is 0), and the note its error.
func TestDuelWhatIf(t *testing.T) {
	p := duelPos(t)
	c := New(p)
	var duel *ListedCombat
	for i, lc := range c.ListedCombats() {
		if (lc.A == 201 || lc.B == 201) && (lc.A == 501 || lc.B == 501) {
			duel = &c.ListedCombats()[i]
		}
	}
	if duel == nil || duel.Odds == nil || duel.Odds.Duel == nil {
		t.Fatalf("the duel is not listed with a duel's odds: %+v", c.ListedCombats())
	}
	rep := duel.Odds
	if rep.Samples != engine.DuelSamples {
		t.Fatalf("samples %d, want %d", rep.Samples, engine.DuelSamples)
	}
	nothing := [2]int{}
	for side, s := range []engine.OddsSide{rep.Attacker, rep.Defender} {
		sum := 0
		for _, o := range s.Outcomes {
			if o.In36 != 0 {
				t.Errorf("side %d %q: In36 %d in a duel", side, o.Result, o.In36)
			}
			sum += o.Count
			if o.Result == "nothing" {
				nothing[side] = o.Count
			}
		}
		if sum != rep.Samples {
			t.Errorf("side %d: counts sum to %d of %d", side, sum, rep.Samples)
		}
	}
	line := OddsLine(rep)
	if !strings.HasPrefix(line, "heroic duel · beats it ") || strings.Contains(line, "/36") {
		t.Fatalf("line %q", line)
	}
	got := tenths(t, line)
	// Beats it: the share of the duels where the defender suffers
	// something, everything but its "nothing"; beaten, the attacker's.
	want := []int{
		(1000*(rep.Samples-nothing[1]) + rep.Samples/2) / rep.Samples,
		(1000*(rep.Samples-nothing[0]) + rep.Samples/2) / rep.Samples,
	}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("line %q gives %v tenths, want %v", line, got, want)
	}
	note := DuelNote(rep)
	if !strings.Contains(note, strconv.Itoa(engine.DuelSamples)) || !strings.Contains(note, rep.Duel.Error) || rep.Duel.Error == "" {
		t.Errorf("note %q, error %q", note, rep.Duel.Error)
	}
	heroes := DuelHeroes(rep)
	if heroes[0] == "" || heroes[1] == "" || heroes == rep.Duel.Heroes {
		t.Errorf("heroes %q: want the sheets' names, not their ids %q", heroes, rep.Duel.Heroes)
	}
}

// TestContestOddsLine: a dice contest's line counts pairs of dice of 36
// as before, from Count and Samples.
func TestContestOddsLine(t *testing.T) {
	p, acts := goldenGame(t)
	for i, a := range acts {
		g := p.Game()
		if g.Phase() == engine.PhaseClose && len(g.Combats()) > 0 {
			cs := New(p).ListedCombats()
			rep := cs[0].Odds
			if rep == nil {
				t.Fatalf("action %d: no odds", i)
			}
			s := SumOdds(rep)
			if s.Duel || s.Samples != 36 || s.Beats+s.Beaten+s.Equal > 36 {
				t.Fatalf("action %d: sum %+v", i, s)
			}
			line := OddsLine(rep)
			for _, part := range []string{"beats it " + strconv.Itoa(s.Beats) + "/36", "beaten " + strconv.Itoa(s.Beaten) + "/36", "tie " + strconv.Itoa(rep.Equal) + "/36"} {
				if !strings.Contains(line, part) {
					t.Errorf("action %d: line %q lacks %q", i, line, part)
				}
			}
			return
		}
		if _, err := p.h.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("the golden game has no close combat")
}

// TestPercent rounds to a tenth of a point as the engine does.
func TestPercent(t *testing.T) {
	for _, c := range []struct {
		n, all int
		want   string
	}{{1, 36, "2.8%"}, {18, 36, "50.0%"}, {36, 36, "100.0%"}, {0, 4000, "0.0%"}, {1234, 4000, "30.9%"}, {2, 4000, "0.1%"}, {5, 0, ""}} {
		if got := Percent(c.n, c.all); got != c.want {
			t.Errorf("Percent(%d, %d) = %q, want %q", c.n, c.all, got, c.want)
		}
	}
}
