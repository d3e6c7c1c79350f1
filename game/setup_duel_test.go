package game

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"pelennor/game/internal/ebitest"
	"pelennor/game/ui"
)

// TestSetupHeroicDuel: on the new-battle screens (hotseat, Play the
// Computer, by e-mail) the heroic duel is off unless ticked; the match
// started has the ruling as ticked, its save records it, and loading
// the save lists it and says so at the hand-over.
func TestSetupHeroicDuel(t *testing.T) {
	for _, c := range []struct {
		name        string
		versus      bool
		mail        bool
		tick        bool
		wantSummary bool // the hand-over after a load names the ruling
	}{
		{name: "hotseat, left off"},
		{name: "hotseat, ticked", tick: true, wantSummary: true},
		{name: "against the computer, ticked", versus: true, tick: true},
		{name: "by e-mail, ticked", mail: true, tick: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			a, script := app(t, Options{Seed: 5})
			st := NewSetup(a)
			if c.versus {
				st = NewVersusSetup(a)
			}
			a.Push(st)
			ebitest.Run(t, a, 3)
			if st.sc == nil {
				t.Fatalf("no scenario picked (%v)", st.list.Items)
			}
			if st.duel.box.Checked {
				t.Fatal("the heroic duel is ticked before anyone chose it")
			}
			if !st.duel.box.Fits(a.Theme) || st.duel.box.Rect.Bottom() > st.start.Rect.Y {
				t.Errorf("the box %+v does not fit above the buttons at %v", st.duel.box.Rect, st.start.Rect.Y)
			}
			if c.mail {
				clickOn(t, a, script, st.mail.Rect)
			}
			if c.tick {
				clickOn(t, a, script, st.duel.box.Rect)
				if !st.duel.box.Checked {
					t.Fatal("a click on the box did not tick it")
				}
			}
			clickOn(t, a, script, st.start.Rect)
			b := a.topBattle()
			if b == nil {
				t.Fatalf("To Battle opened %T (toasts %q)", a.Top(), a.Toasts())
			}
			m := b.M
			if got := m.G.Rulings().HeroicDuel; got != c.tick {
				t.Fatalf("the game's heroic duel ruling is %v, ticked %v", got, c.tick)
			}
			name, err := a.SaveMatch(m, "duels")
			if err != nil {
				t.Fatal(err)
			}
			data, err := a.storage.Saves.Get(name)
			if err != nil {
				t.Fatal(err)
			}
			var raw struct {
				Rulings map[string]bool `json:"rulings"`
			}
			if err := json.Unmarshal(data, &raw); err != nil {
				t.Fatal(err)
			}
			if raw.Rulings["heroicDuel"] != c.tick {
				t.Errorf("the save's rulings %v, ticked %v", raw.Rulings, c.tick)
			}
			in := a.Lib.Describe(name, data)
			if got := strings.Contains(in.Detail(), "heroic duels"); got != c.tick {
				t.Errorf("the load list says %q", in.Detail())
			}
			if c.mail || c.versus {
				return
			}
			a.Reset(NewTitle(a))
			if err := a.OpenFile(name, data, in); err != nil {
				t.Fatal(err)
			}
			h, ok := a.Top().(*Handover)
			if !ok {
				t.Fatalf("the load opened %T", a.Top())
			}
			if h.m.G.Rulings().HeroicDuel != c.tick {
				t.Errorf("the loaded game's ruling is %v", h.m.G.Rulings().HeroicDuel)
			}
			said := slices.ContainsFunc(h.summary, func(e ui.LogEntry) bool { return e.Text == duelsInPlay })
			if said != c.wantSummary {
				t.Errorf("the hand-over names the ruling: %v, want %v", said, c.wantSummary)
			}
			toasts := strings.Join(a.Toasts(), "\n")
			if got := strings.Contains(toasts, "heroic duels"); got != c.tick {
				t.Errorf("the load's toasts %q", toasts)
			}
		})
	}
}

// TestStandardNewHeroicDuel: New Standard Battle's box is off by
// default, starts as Play the Computer's screen left it, is not offered
// for a tournament's game, and the battle started has the ruling.
func TestStandardNewHeroicDuel(t *testing.T) {
	a, script := app(t, Options{Seed: 3})
	sn, err := NewStandardNew(a)
	if err != nil {
		t.Fatal(err)
	}
	a.Push(sn)
	ebitest.Run(t, a, 3)
	if sn.duel.box.Checked || sn.duel.box.Rect.W == 0 {
		t.Fatalf("the box is ticked (%v) or not shown (%+v)", sn.duel.box.Checked, sn.duel.box.Rect)
	}
	if sn.duel.box.Rect.Bottom() > sn.build.Rect.Y {
		t.Errorf("the box %+v runs into the builder's buttons at %v", sn.duel.box.Rect, sn.build.Rect.Y)
	}
	for _, p := range []struct {
		name   string
		preset StandardPreset
		shown  bool
		ticked bool
	}{
		{"chosen before", StandardPreset{HeroicDuel: true}, true, true},
		{"a tournament's game", StandardPreset{NoDuel: true}, false, false},
	} {
		other, err := NewStandardNewFor(a, p.preset)
		if err != nil {
			t.Fatal(err)
		}
		other.layout(a)
		if other.duel.box.Checked != p.ticked || (other.duel.box.Rect.W > 0) != p.shown {
			t.Errorf("%s: ticked %v shown %+v", p.name, other.duel.box.Checked, other.duel.box.Rect)
		}
	}
	clickOn(t, a, script, rowRect(&sn.list, 0))
	clickOn(t, a, script, sn.next.Rect)
	clickOn(t, a, script, rowRect(&sn.list, 1))
	clickOn(t, a, script, sn.duel.box.Rect)
	clickOn(t, a, script, sn.next.Rect)
	sf, ok := a.Top().(*SetupField)
	if !ok {
		t.Fatalf("To Battle opened %T (toasts %q)", a.Top(), a.Toasts())
	}
	if !sf.M.G.Rulings().HeroicDuel {
		t.Error("the standard battle started without the heroic duel ticked")
	}
	// Its elements carry their list entries' heroes, on both sides, so
	// that two of them may meet in a duel (ruling TA28).
	var sides [2]bool
	for _, e := range sf.M.G.Elements() {
		if len(sf.M.G.Heroes(e.ID)) > 0 {
			sides[e.Side] = true
		}
	}
	if sides != [2]bool{true, true} {
		t.Errorf("sides with a hero: %v", sides)
	}
}
