package engine

import (
	"encoding/json"
	"reflect"
	"testing"
)

// eventJSON has exactly Event's fields, with the same types and tags,
// and "text": a field added to one and not the other would vanish from
// the JSON or never be filled.
func TestEventJSONHasEventsFields(t *testing.T) {
	ev, js := reflect.TypeFor[Event](), reflect.TypeFor[eventJSON]()
	if js.NumField() != ev.NumField()+1 {
		t.Fatalf("eventJSON has %d fields, Event %d (and text)", js.NumField(), ev.NumField())
	}
	for i := range ev.NumField() {
		f := ev.Field(i)
		g, ok := js.FieldByName(f.Name)
		if !ok || g.Type != f.Type || g.Tag != f.Tag {
			t.Errorf("Event.%s (%s %s) is not in eventJSON as it is", f.Name, f.Type, f.Tag)
		}
	}
}

// An event with every field set writes every field, under its name, in
// the documented order, and reads back the same.
func TestEventJSONOrderAndRoundTrip(t *testing.T) {
	e := Event{Kind: EvDie, Purpose: DieClose, Fate: FateFled, Cause: CauseFleeBlocked, Code: CodeAttackerDie,
		Bound: 3, ID: 4, Name: "a", Other: 5, OName: "b", Command: "c", CName: "d", Side: "s", SName: "t",
		Value: 6, Limit: 7, N: 8, Left: 9, Draw: 10, Cost: []CostItem{{Code: CostMove, PIPs: 1}},
		Lost: []Loss{{Side: "s", Name: "t", Code: CodeVictory}}, Detail: "x", To: &Pose{}}
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"kind":"die","code":"attacker_die","bound":3,"id":4,"name":"a","other":5,"otherName":"b",` +
		`"command":"c","commandName":"d","side":"s","sideName":"t","purpose":"close","value":6,"limit":7,` +
		`"n":8,"left":9,"draw":10,"cost":[{"code":"move","pips":1}],"fate":"flees","cause":"flee_blocked",` +
		`"lost":[{"side":"s","name":"t","code":"victory"}],"detail":"x","to":`
	if got := string(b); len(got) < len(want) || got[:len(want)] != want {
		t.Fatalf("JSON\n%s\nwant it to begin\n%s", got, want)
	}
	var back Event
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, e) {
		t.Errorf("read back\n%+v\nwant\n%+v", back, e)
	}
}

// Every kind and purpose has its own name, and reads back from it.
func TestKindAndPurposeNames(t *testing.T) {
	for _, names := range [][]string{kindNames[:], purposeNames[:]} {
		seen := map[string]bool{}
		for i, n := range names {
			if (i == 0) != (n == "") || seen[n] {
				t.Errorf("name %d %q: empty only at 0, and once", i, n)
			}
			seen[n] = true
		}
	}
	for k := range EventKind(len(kindNames)) {
		var back EventKind
		if err := back.UnmarshalText([]byte(k.String())); err != nil || back != k {
			t.Errorf("kind %d: %q reads back as %d, %v", k, k, back, err)
		}
	}
	for p := range DiePurpose(len(purposeNames)) {
		var back DiePurpose
		if err := back.UnmarshalText([]byte(p.String())); err != nil || back != p {
			t.Errorf("purpose %d: %q reads back as %d, %v", p, p, back, err)
		}
	}
	var k EventKind
	if err := k.UnmarshalText([]byte("nonsense")); err == nil {
		t.Error("an unknown kind read without error")
	}
}
