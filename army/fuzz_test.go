package army

import (
	"testing"
)

// Bad input never panics: any bytes as a list and as an army, and an
// army that decodes validated against a list that decodes (or the test
// list), for every budget.
func FuzzParse(f *testing.F) {
	army := `{"format": 1, "list": "test", "name": "A", "elements": [{"entry": "Warden", "general": true}, {"entry": "Guards", "type": "Hordes"}]}`
	f.Add([]byte(testList), []byte(army))
	f.Add([]byte(`{"entries": [null, {}]}`), []byte(`{"elements": [null]}`))
	f.Add([]byte(`null`), []byte(`[]`))
	base, err := ParseList("test.json", []byte(testList))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, listData, armyData []byte) {
		l, lerr := ParseList("l.json", listData)
		if lerr != nil {
			l = base
		}
		Feasible(l, Standard)
		a, aerr := ParseArmy("a.json", armyData)
		if aerr != nil {
			return
		}
		for _, budget := range []int{Standard, Tournament, 0, -1} {
			r := Validate(l, a, budget)
			if budget <= 0 && r.OK() {
				t.Fatalf("an army is legal for a budget of %d", budget)
			}
		}
	})
}
