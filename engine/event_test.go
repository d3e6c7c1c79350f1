package engine

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// Describe writes today's words from the typed fields.
func TestDescribeWording(t *testing.T) {
	rep := &Report{Contest: "close combat",
		Attacker: Fighter{Name: "Red Captain", Score: 6, Die: 6, Total: 12, Result: "nothing"},
		Defender: Fighter{Name: "Blue Captain", Score: 5, Die: 1, Total: 6, Result: "destroyed"}}
	for _, c := range []struct {
		e    Event
		want string
	}{
		{Event{Code: CodeBound, Value: 3, SName: "Gondor"}, "Bound 3: Gondor to move"},
		{Event{Code: CodePIPDie, CName: "The Rohirrim", Value: 4}, "PIP die of The Rohirrim: rolled 4"},
		{Event{Code: CodeDefenderDie, Purpose: DieShoot, Name: "Orcs 3", Value: 2}, "shot at: Orcs 3: rolled 2"},
		{Event{Code: CodeAttackerDie, Purpose: DieBespell, Name: "Saruman", Value: 5}, "bespelling: Saruman: rolled 5"},
		{Event{Code: CodeEventDie, N: 2, Detail: "The Witch-King appears", Value: 6}, "event 2: The Witch-King appears: rolled 6"},
		{Event{Code: CodePIPs, CName: "Gothmog", Value: 1}, "Gothmog has 1 PIP"},
		{Event{Code: CodeSpentMove, CName: "The Rohirrim", Name: "Éored 204", Value: 3, Left: 2,
			Cost: []CostItem{{CostMove, 1}, {CostAerial, 1}, {CostOutOfRange, 1}}},
			"The Rohirrim spends 3 PIPs on moving Éored 204 (1 to move +1 aerial +1 beyond command range) (2 left)"},
		{Event{Code: CodeSpentGroup, CName: "Gothmog", N: 15, Value: 1, Cost: []CostItem{{CostMove, 1}}},
			"Gothmog spends 1 PIP on moving a group of 15 (1 to move) (0 left)"},
		{Event{Code: CodeRecoiled, Name: "Blades 2", Value: 60}, `Blades 2 recoils 60 p (0.6")`},
		{Event{Code: CodeRecoilFlank, Name: "Spears 1", OName: "Orcs 4", Detail: "rear"}, "Spears 1 cannot recoil with Orcs 4 against its rear: destroyed"},
		{Event{Code: CodeContest, Combat: rep}, "close combat: Red Captain 6+6=12 against Blue Captain 5+1=6: Blue Captain destroyed"},
		{Event{Code: CodeMerryEowyn, Name: "The Witch-King", Value: -2}, "Merry and Éowyn stand against The Witch-King: -2 in this combat"},
		{Event{Code: CodeBreakPoint, CName: "The Haradrim", Value: 5, Limit: 4}, "The Haradrim is broken: it has lost 5 AP, its break point is 4"},
		{Event{Code: CodeLose, Lost: []Loss{{Name: "Blue", Code: CodeLossGeneral}}}, "Blue lose: its general is lost"},
		{Event{Code: CodeBothLose, Lost: []Loss{{Name: "A", Code: CodeLossAP, Value: 12, Limit: 24}, {Name: "B", Code: CodeLossStronghold}}},
			"Both sides meet a losing condition; the moving side wins (R20): A it has lost 12 of its 24 AP; B its stronghold is captured"},
		{Event{Code: "no_such_code"}, "no_such_code"},
	} {
		if got := c.e.Describe(); got != c.want {
			t.Errorf("%s: %q, want %q", c.e.Code, got, c.want)
		}
	}
	for _, c := range []struct {
		f    Factor
		want string
	}{
		{Factor{Code: FactorType, Type: "Knights", Class: "foot"}, "Knights against foot"},
		{Factor{Code: FactorFlank, Name: "Orcs 3", Edge: "left flank"}, "Orcs 3 against its left flank"},
		{Factor{Code: FactorOverlap, Name: "Orcs 3", Edge: "right"}, "overlapped on the right"},
		{Factor{Code: FactorAiding, Count: 2}, "2 aiding"},
	} {
		if got := c.f.Describe(); got != c.want {
			t.Errorf("%s: %q, want %q", c.f.Code, got, c.want)
		}
	}
}

// The JSON of an event and a factor carries the words beside the fields.
func TestEventJSON(t *testing.T) {
	e := Event{Kind: EvDestroyed, Code: CodeTrampled, Bound: 4, ID: 3, Name: "Knights 3", Other: 2, OName: "Behemoths 2",
		Fate: FateDestroyed, Cause: CauseTrampled}
	js, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"kind":"destroyed","code":"trampled","bound":4,"id":3,"name":"Knights 3","other":2,"otherName":"Behemoths 2",` +
		`"fate":"destroyed","cause":"trampled","text":"Knights 3 trampled by Behemoths 2"}`
	if string(js) != want {
		t.Errorf("event JSON\n%s\nwant\n%s", js, want)
	}
	js, err = json.Marshal(Factor{Value: -1, Code: FactorFlank, ID: 7, Name: "Orcs 7", Edge: "rear"})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"value":-1,"code":"flank","id":7,"name":"Orcs 7","edge":"rear","reason":"Orcs 7 against its rear"}`; string(js) != want {
		t.Errorf("factor JSON %s, want %s", js, want)
	}
}

// Rewording every event leaves the golden Pelennor game as it is: the
// same events, field for field, and the same final hash; only the words
// differ.
func TestWordingDoesNotChangeTheGame(t *testing.T) {
	replay := func() (*Game, []Event) {
		s, sc := goldenPelennor(t)
		g, evs, err := Replay(s, sc)
		if err != nil {
			t.Fatal(err)
		}
		return g, evs
	}
	g1, evs1 := replay()
	text1 := texts(evs1)
	w := DefaultWording()
	for k := range w.Events {
		w.Events[k] = "<" + string(k) + ">"
	}
	restore := SetWording(w)
	g2, evs2 := replay()
	text2 := texts(evs2)
	restore()
	if g1.Hash() != g2.Hash() || !reflect.DeepEqual(evs1, evs2) {
		t.Fatalf("reworded, the game differs: hash %s against %s, %d events against %d", g2.Hash(), g1.Hash(), len(evs2), len(evs1))
	}
	if text1 == text2 || !strings.Contains(text2, "<gandalf>") || strings.Contains(text2, "Gandalf the White") {
		t.Error("the wording was not swapped")
	}
	if texts(evs1) != text1 {
		t.Error("restoring the wording did not bring the words back")
	}
}
