package saves

import (
	"encoding/json"
	"errors"
	"testing"
)

// FuzzLoad feeds random bytes and mutated saves to the loader: it must
// never panic (nor let the engine panic), must refuse what it cannot
// load with an error naming the file, and whatever it loads must end on
// the file's last checkpoint.
//
//	go test -run '^$' -fuzz FuzzLoad -fuzztime 60s ./game/saves/
func FuzzLoad(f *testing.F) {
	l := library(f)
	good := encode(f, pelennor(f, 24))
	f.Add(good)
	f.Add(good[:len(good)/3])
	f.Add(good[:len(good)-2])
	f.Add([]byte{})
	f.Add([]byte("null"))
	f.Add([]byte(`{"format":1,"rulesVersion":1}`))
	f.Add([]byte(`{"format":2,"rulesVersion":1,"actions":[],"checkpoints":[]}`))
	f.Add([]byte("\x00\xff\xfe garbage"))
	var m map[string]any
	json.Unmarshal(good, &m)
	for _, mutate := range []func(map[string]any){
		func(m map[string]any) { m["actions"] = []any{map[string]any{"kind": "move", "id": -1}} },
		func(m map[string]any) {
			m["actions"] = []any{map[string]any{"kind": "group", "ids": []int{}, "wheel": int64(1) << 40}}
		},
		func(m map[string]any) {
			m["actions"] = []any{map[string]any{"kind": "summon", "place": []any{map[string]any{"id": 0}}}}
		},
		func(m map[string]any) { m["checkpoints"] = []any{} },
		func(m map[string]any) { m["checkpoints"] = []any{map[string]any{"after": 1 << 30}} },
		func(m map[string]any) { m["seed"] = nil; m["dice"] = []int{7, 0, -1} },
		func(m map[string]any) { m["dice"] = []int{1, 2} },
		func(m map[string]any) { m["players"] = []string{"a", "b", "c"} },
	} {
		var c map[string]any
		json.Unmarshal(good, &c)
		mutate(c)
		data, _ := json.Marshal(c)
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := l.Read("fuzz.json", data)
		var pe *PanicError
		if errors.As(err, &pe) {
			t.Fatalf("the loader panicked: %v", err)
		}
		if err != nil {
			if len(err.Error()) == 0 {
				t.Fatal("an empty error")
			}
			return
		}
		cps := g.Save.Checkpoints
		if got, want := g.H.Game().Hash(), cps[len(cps)-1].Hash; got != want && cps[len(cps)-1].After == len(g.Save.Actions) {
			t.Fatalf("loaded game hash %s, file's last checkpoint %s", got, want)
		}
		l.Describe("fuzz.json", data)
	})
}
