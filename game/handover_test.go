package game

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
	"pelennor/game/ui"
)

// TestHandoverClearsToasts: a refusal shown to one player is gone when
// the bound passes and the hand-over screen comes up for the other, and a
// message shown on the hand-over screen is gone when the next player
// takes command.
func TestHandoverClearsToasts(t *testing.T) {
	a, script := app(t, Options{})
	m, err := a.StartMatch("pelennor", 1, [2]string{"Éomer", "Gothmog"}, false)
	if err != nil {
		t.Fatal(err)
	}
	a.Reset(NewBattle(a, m))
	ebitest.Run(t, a, 2)
	a.Toast("The King's Household Éored may not move: too far", ui.Bad)
	for k := 0; k < 6; k++ {
		if _, ok := a.Top().(*Handover); ok {
			break
		}
		key := ebiten.KeyB
		if _, ok := a.Top().(*Confirm); ok {
			key = ebiten.KeyEnter
		}
		script.Add(input.Tap(0, key)...)
		ebitest.Run(t, a, 3)
	}
	if _, ok := a.Top().(*Handover); !ok {
		t.Fatalf("no hand-over after the bound: %T", a.Top())
	}
	if got := a.Toasts(); len(got) != 0 {
		t.Errorf("hand-over shows %q", got)
	}
	a.Toast("Sound off", ui.Info)
	script.Add(input.Tap(0, ebiten.KeySpace)...)
	ebitest.Run(t, a, 4)
	if _, still := a.Top().(*Handover); still {
		t.Fatal("Space did not take command")
	}
	if got := a.Toasts(); len(got) != 0 {
		t.Errorf("after taking command: %q", got)
	}
}

// TestHandoverArrivalIsOneLine replays the golden Pelennor game and, at
// every bound, checks that each command arriving is one line of the
// summary however many elements it brings, naming their number.
func TestHandoverArrivalIsOneLine(t *testing.T) {
	data, err := os.ReadFile("../engine/testdata/golden/pelennor.json")
	if err != nil {
		t.Fatal(err)
	}
	s, err := engine.ParseSave("pelennor.json", data)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := LoadScenario(catalog, "pelennor")
	if err != nil {
		t.Fatal(err)
	}
	h, err := engine.NewHistory(sc, s.Seed, s.Dice, engine.Options{Rulings: s.Rulings, Deployment: s.Deployment})
	if err != nil {
		t.Fatal(err)
	}
	m := MatchOf(h, [2]string{"Éomer", "Gothmog"})
	grouped := 0
	bound := m.G.Bound()
	for _, act := range s.Actions {
		if _, err := m.Submit(act); err != nil {
			t.Fatal(err)
		}
		if m.G.Bound() == bound {
			continue
		}
		bound = m.G.Bound()
		// What each command brought in the bound ended and this one so
		// far, the two parts of the summary.
		groups := 0
		var want []string
		for _, n := range []int{bound - 1, bound} {
			per := map[int]int{}
			for _, e := range m.BoundEvents(n) {
				if e.Kind == engine.EvArrived {
					per[cmdOf(m, e.ID)]++
				}
			}
			groups += len(per)
			for cmd, k := range per {
				if k > 1 {
					want = append(want, fmt.Sprintf("%s arrives: %d elements", m.Sc.Commands[cmd].Name, k))
				}
			}
		}
		sum := summarise(m)
		arrivals := 0
		for _, l := range sum {
			if strings.Contains(l.Text, " arrives") {
				arrivals++
			}
		}
		if arrivals != groups {
			t.Errorf("bound %d: %d commands arrive in %d lines: %v", bound, groups, arrivals, sum)
		}
		for _, w := range want {
			grouped++
			if !slices.ContainsFunc(sum, func(l ui.LogEntry) bool { return l.Text == w }) {
				t.Errorf("bound %d: no line %q in %v", bound, w, sum)
			}
		}
	}
	if grouped == 0 {
		t.Error("no command arrives with more than one element in the golden game")
	}
}
