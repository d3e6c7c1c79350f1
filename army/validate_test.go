package army

import (
	"fmt"
	"strings"
	"testing"

	"pelennor/engine/rules"
)

// testList is a small list that can make a legal 24 AP army and break
// every rule of §13 with a change or two.
const testList = `{
 "format": 1, "id": "test", "name": "Test March", "description": "for the tests", "home": "farmland",
 "stronghold": {"name": "Test Keep"},
 "entries": [
  {"count": 1, "type": "Heroes", "name": "Warden", "general": true,
   "alternatives": [{"type": "Knights", "name": "Warden on horse"}, {"type": "Dragons", "name": "Warden's wyrm"}]},
  {"count": 6, "min": 2, "type": "Blades", "name": "Guards", "alternatives": [{"type": "Hordes", "name": "Levy"}]},
  {"count": 4, "min": 0, "type": "Shooters", "name": "Bows"},
  {"count": 3, "min": 0, "type": "Magicians", "name": "Mages"},
  {"count": 2, "min": 0, "type": "Gods", "name": "Gods"},
  {"count": 1, "min": 0, "type": "Knights", "name": "Lords", "general": true}
 ]
}`

func mustList(t *testing.T) *List {
	t.Helper()
	l, err := ParseList("test.json", []byte(testList))
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// baseArmy is legal at 24 AP: Heroes 4 + 6 Blades 12 + 4 Shooters 8.
func baseArmy() *Army {
	a := &Army{Format: Format, List: "test", Name: "Base"}
	a.Elements = append(a.Elements, Element{Entry: "Warden", Name: "Aldo", General: true})
	for range 6 {
		a.Elements = append(a.Elements, Element{Entry: "Guards"})
	}
	for range 4 {
		a.Elements = append(a.Elements, Element{Entry: "Bows"})
	}
	return a
}

func TestValidate(t *testing.T) {
	l := mustList(t)
	for _, c := range []struct {
		name   string
		budget int
		change func(a *Army)
		rule   string   // "" for a legal army
		want   []string // in the problem's text
	}{
		{"legal", Standard, func(a *Army) {}, "", nil},
		{"too few AP", Standard, func(a *Army) { a.Elements = a.Elements[:10] }, "ap", []string{"worth 22 AP, not the 24"}},
		{"too many AP", Standard, func(a *Army) { a.Elements[6] = Element{Entry: "Mages"} }, "ap", []string{"worth 26 AP"}},
		{"tournament budget", Tournament, func(a *Army) {
			a.Elements = append(a.Elements, Element{Entry: "Mages"}, Element{Entry: "Mages"}, Element{Entry: "Mages"})
		}, "", nil},
		{"tournament cap", Tournament, func(a *Army) {
			// 4 + 3 Mages 12 + a God 4 = 20 of 36 in elements of 3 AP or more.
			a.Elements = append(a.Elements[:9], Element{Entry: "Mages"}, Element{Entry: "Mages"}, Element{Entry: "Mages"}, Element{Entry: "Gods", Name: "Sol"})
		}, "cap", []string{"20 AP are on elements of 3 AP or more, over the cap of 18 (half of 36", `elements[12] "Sol" (Gods, 4 AP)`}},
		{"over the cap", Standard, func(a *Army) {
			// 4 + 3 Mages 12 = 16 of 24 in elements of 3 AP or more.
			a.Elements = []Element{a.Elements[0], {Entry: "Guards"}, {Entry: "Guards"}, {Entry: "Guards"},
				{Entry: "Mages", Name: "Mab"}, {Entry: "Mages"}, {Entry: "Mages"}}
			a.Elements = append(a.Elements, Element{Entry: "Guards"}) // 4+8+12 = 24
		}, "cap", []string{"16 AP are on elements of 3 AP or more, over the cap of 12", `elements[0] "Aldo" (Heroes, 4 AP)`, `elements[4] "Mab" (Magicians, 4 AP)`}},
		{"no general", Standard, func(a *Army) { a.Elements[0].General = false }, "general", []string{"no element is the general"}},
		{"two generals", Standard, func(a *Army) {
			a.Elements[0].Type = "Knights"
			a.Elements[1] = Element{Entry: "Lords", Name: "Bertil", General: true}
			a.Elements = append(a.Elements, Element{Entry: "Guards"})
		}, "general", []string{`elements[1] "Bertil": a second general: elements[0] "Aldo" is already the general`}},
		{"general from a non-general entry", Standard, func(a *Army) {
			a.Elements[0].General = false
			a.Elements[1].General = true
			a.Elements[1].Name = "Cato"
		}, "general", []string{`elements[1] "Cato": entry "Guards" may not provide the general`}},
		{"general off the table", Standard, func(a *Army) { a.Elements[0].Type = "Dragons" }, "general",
			[]string{`elements[0] "Aldo": a Dragons may not be the general`, "start off the table"}},
		{"unknown entry", Standard, func(a *Army) { a.Elements[3] = Element{Entry: "Elephants", Name: "Jumbo"} }, "entry",
			[]string{`elements[3] "Jumbo": list test has no entry "Elephants"`}},
		{"type the entry does not offer", Standard, func(a *Army) { a.Elements[3].Type = "Riders"; a.Elements[3].Name = "Dash" }, "type",
			[]string{`elements[3] "Dash": entry "Guards" offers Blades or Hordes, not "Riders"`}},
		{"too many of an entry", Standard, func(a *Army) { a.Elements[10] = Element{Entry: "Guards"} }, "count",
			[]string{`entries[1] "Guards": the army takes 7, the list allows 2 to 6`}},
		{"too few of an entry", Standard, func(a *Army) {
			a.Elements = []Element{a.Elements[0], {Entry: "Guards"}, {Entry: "Bows"}, {Entry: "Bows"}, {Entry: "Bows"}, {Entry: "Bows"},
				{Entry: "Mages"}, {Entry: "Mages"}}
		}, "count", []string{`entries[1] "Guards": the army takes 1, the list allows 2 to 6`}},
		{"exact entry missing", Standard, func(a *Army) {
			a.Elements[0] = Element{Entry: "Lords", General: true}
			a.Elements = append(a.Elements, Element{Entry: "Bows"})
		}, "count",
			[]string{`entries[0] "Warden": the army takes 0, the list allows exactly 1`}},
		{"wrong list", Standard, func(a *Army) { a.List = "other" }, "list", []string{`the army is of list "other", not "test"`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := baseArmy()
			c.change(a)
			r := Validate(l, a, c.budget)
			if c.rule == "" {
				if !r.OK() {
					t.Fatalf("want legal, got %v", r.Problems)
				}
				if r.AP != c.budget || r.General != `elements[0] "Aldo"` || r.Stronghold.Name != "Test Keep" {
					t.Errorf("tally %+v", r.Tally)
				}
				return
			}
			var found *Problem
			for i := range r.Problems {
				if r.Problems[i].Rule == c.rule {
					found = &r.Problems[i]
					break
				}
			}
			if found == nil {
				t.Fatalf("no %q problem in %v", c.rule, r.Problems)
			}
			for _, w := range c.want {
				if !strings.Contains(found.String(), w) {
					t.Errorf("problem %q lacks %q", found, w)
				}
			}
		})
	}
}

func TestResolveFillsNamesAndReserve(t *testing.T) {
	l := mustList(t)
	a := baseArmy()
	a.Elements[1].Type = "Hordes"
	a.Elements = append(a.Elements, Element{Entry: "Gods", Name: "Sol", Description: "bright"})
	els, ps := a.Resolve(l)
	if len(ps) != 0 {
		t.Fatal(ps)
	}
	if e := els[1]; e.Name != "Levy" || e.Type.String() != "Hordes" || e.Reserve {
		t.Errorf("alternative: %+v", e)
	}
	if e := els[0]; e.Name != "Aldo" || !e.General {
		t.Errorf("general: %+v", e)
	}
	if e := els[len(els)-1]; e.Name != "Sol" || e.Description != "bright" || !e.Reserve {
		t.Errorf("a God is bought but starts off the table: %+v", e)
	}
}

func TestCheckForceStronghold(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "the army has no stronghold"}, {2, `"keep 2": a second stronghold: "keep 1" is already the army's`}} {
		units := []Unit{{Type: rules.Knights, General: true, Where: "lord"}}
		for i := range c.n {
			units = append(units, Unit{Type: rules.Stronghold, Where: fmt.Sprintf("%q", fmt.Sprint("keep ", i+1))})
		}
		_, ps := CheckForce(units, 2)
		if len(ps) != 1 || ps[0].Rule != "stronghold" || !strings.Contains(ps[0].String(), c.want) {
			t.Errorf("%d strongholds: %v, want %q", c.n, ps, c.want)
		}
	}
}

func TestFeasible(t *testing.T) {
	l := mustList(t)
	for _, c := range []struct {
		budget int
		want   bool
	}{{Standard, true}, {Tournament, true}, {1, false}, {0, false}, {100, false}} {
		if got := Feasible(l, c.budget); got != c.want {
			t.Errorf("Feasible(%d) = %v, want %v", c.budget, got, c.want)
		}
	}
	// Only Dragons may lead: no legal army (the general must start on the table).
	l.Entries[0].Type, l.Entries[0].Alternatives = "Dragons", nil
	l.Entries[5].General = false
	if Feasible(l, Standard) {
		t.Error("a list whose only general is a Dragon is feasible")
	}
}
