package army

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParseListErrors(t *testing.T) {
	// Each case replaces one string of testList (or the whole of it).
	for _, c := range []struct {
		name     string
		old, new string
		want     []string
	}{
		{"unknown type", `"type": "Shooters", "name": "Bows"`, `"type": "Bowmen", "name": "Bows"`,
			[]string{`test.json: entries[2] "Bows": unknown type "Bowmen" (the types are Blades, Spears`}},
		{"stronghold bought", `"type": "Shooters", "name": "Bows"`, `"type": "Stronghold", "name": "Bows"`,
			[]string{`entries[2] "Bows": a Stronghold is not bought`}},
		{"unknown alternative type", `{"type": "Hordes", "name": "Levy"}`, `{"type": "Mob", "name": "Levy"}`,
			[]string{`entries[1] "Guards" alternatives[0]: unknown type "Mob"`}},
		{"alternative repeats the type", `{"type": "Hordes", "name": "Levy"}`, `{"type": "Blades", "name": "Levy"}`,
			[]string{`entries[1] "Guards" alternatives[0]: the entry already offers Blades`}},
		{"alternative without a name", `{"type": "Hordes", "name": "Levy"}`, `{"type": "Hordes"}`,
			[]string{`entries[1] "Guards" alternatives[0]: the alternative has no name`}},
		{"zero count", `"count": 4, "min": 0, "type": "Shooters"`, `"count": 0, "min": 0, "type": "Shooters"`,
			[]string{`entries[2] "Bows": count 0 is not between 1 and 36`}},
		{"min over count", `"count": 4, "min": 0, "type": "Shooters"`, `"count": 4, "min": 5, "type": "Shooters"`,
			[]string{`entries[2] "Bows": min 5 is not between 0 and the count 4`}},
		{"count not a number", `"count": 4, "min": 0, "type": "Shooters"`, `"count": "four", "min": 0, "type": "Shooters"`,
			[]string{`entries[2] "Bows": count: expected int, found a JSON string`}},
		{"unknown entry field", `"count": 4, "min": 0, "type": "Shooters"`, `"cuont": 4, "min": 0, "type": "Shooters"`,
			[]string{`entries[2] "Bows": unknown field "cuont"`}},
		{"unknown top-level field", `"home": "farmland",`, `"home": "farmland", "colour": "red",`,
			[]string{`test.json: unknown field "colour"`}},
		{"duplicate entry name", `"name": "Lords"`, `"name": "Bows"`,
			[]string{`entries[5] "Bows": the name is already used by entries[2] "Bows"`}},
		{"entry without a name", `"name": "Lords", `, ``, []string{`entries[5]: the entry has no name`}},
		{"the other entry may still lead", `"name": "Warden", "general": true`, `"name": "Warden"`, nil},
		{"no general at all", `"name": "Lords", "general": true`, `"name": "Lords"`, []string{`entries: no entry may be the general`}},
		{"bad home", `"home": "farmland"`, `"home": "swamp"`, []string{`home: home terrain "swamp" is not one of mixed, forest, hills, wetland, farmland, open`}},
		{"no stronghold", `{"name": "Test Keep"}`, `{"name": ""}`, []string{`stronghold: the list names no stronghold`}},
		{"bad id", `"id": "test"`, `"id": "Test List"`, []string{`id: the list id "Test List" may hold only lower-case letters`}},
		{"a hero with a sheet", `"name": "Warden", "general": true`, `"name": "Warden", "general": true, "heroes": ["aragorn"]`, nil},
		{"a bad hero id", `"name": "Warden", "general": true`, `"name": "Warden", "general": true, "heroes": ["aragorn", "Sauron"]`,
			[]string{`test.json: entries[0] "Warden" heroes[1]: the hero id "Sauron" may hold only lower-case letters, digits and dashes`}},
		{"a hero twice", `"name": "Warden", "general": true`, `"name": "Warden", "general": true, "heroes": ["merry", "merry"]`,
			[]string{`entries[0] "Warden" heroes[1]: hero "merry" is named twice`}},
		{"bad format", `"format": 1`, `"format": 2`, []string{`format: format 2 is not supported`}},
		{"syntax error with its line", `"stronghold": {"name": "Test Keep"},`, `"stronghold": {"name": "Test Keep"},,`,
			[]string{`test.json:3: malformed JSON`}},
		{"extra data", testList, testList + `{}`, []string{`test.json: extra data after the JSON object`}},
		{"empty", testList, ``, []string{`test.json: the file ends in the middle of the JSON`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			data := strings.Replace(testList, c.old, c.new, 1)
			if data == testList && c.old != c.new && c.old != testList {
				t.Fatalf("the case changes nothing: %q not in the list", c.old)
			}
			if c.name == "no general at all" {
				data = strings.Replace(data, `"name": "Warden", "general": true`, `"name": "Warden"`, 1)
			}
			_, err := ParseList("test.json", []byte(data))
			if c.want == nil {
				if err != nil {
					t.Fatalf("want no error, got %v", err)
				}
				return
			}
			var fe *FileError
			if !errors.As(err, &fe) {
				t.Fatalf("want a *FileError, got %v", err)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
}

func TestParseArmyErrors(t *testing.T) {
	const good = `{"format": 1, "list": "test", "name": "Base",
 "elements": [
  {"entry": "Warden", "name": "Aldo", "general": true},
  {"entry": "Guards", "type": "Hordes"}
 ]}`
	if _, err := ParseArmy("a.json", []byte(good)); err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("x", MaxName+1)
	for _, c := range []struct {
		name, old, new, want string
	}{
		{"unknown element field", `"type": "Hordes"`, `"kind": "Hordes"`, `a.json: elements[1]: unknown field "kind"`},
		{"element named in the error", `"name": "Aldo", "general": true`, `"name": "Aldo", "general": "yes"`, `elements[0] "Aldo": general: expected bool`},
		{"no entry", `"entry": "Guards", `, ``, `elements[1]: the element names no list entry`},
		{"no name", `"name": "Base"`, `"name": " "`, `name: the army has no name`},
		{"long name", `"name": "Aldo"`, `"name": "` + long + `"`, `is 81 bytes long, over 80`},
		{"no list", `"list": "test"`, `"list": ""`, `list: the list id is missing`},
		{"no elements", `[
  {"entry": "Warden", "name": "Aldo", "general": true},
  {"entry": "Guards", "type": "Hordes"}
 ]`, `[]`, `elements: the army has no elements`},
	} {
		t.Run(c.name, func(t *testing.T) {
			data := strings.Replace(good, c.old, c.new, 1)
			if data == good {
				t.Fatalf("the case changes nothing")
			}
			_, err := ParseArmy("a.json", []byte(data))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want %q", err, c.want)
			}
		})
	}
}

func TestArmyRoundTrip(t *testing.T) {
	a := baseArmy()
	a.Stronghold = &Stronghold{Name: "Aldo's Tower"}
	a.Elements[1].Type = "Hordes"
	data, err := a.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	b, err := ParseArmy("round.json", data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Errorf("round trip:\n%+v\n%+v", a, b)
	}
	if got := b.StrongholdOf(mustList(t)).Name; got != "Aldo's Tower" {
		t.Errorf("stronghold %q", got)
	}
}
