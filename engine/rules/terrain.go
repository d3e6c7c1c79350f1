package rules

// Terrain is what a kind of terrain feature does (RULES.md §5).
type Terrain struct {
	Name       string
	Bad        bool // bad going: slower moves, −2 in close combat, groups only as columns
	Cover      bool // woods and built-up areas: bad going for aerials too, +2 against shooting and bespelling, blocks sight
	River      bool // 100 p per move, whole move (R4); +1 defending the bank
	Road       bool // faster moves when the whole move is along it (R3)
	Impassable bool // no ground element may enter
	NoLanding  bool // aerials may pass over but not end a move on it
	Water      bool // a bespell across it gives the target +2 (§8)
	Hill       bool // +1 to an element upslope of the whole enemy
}

// Terrains lists the terrain kinds a scenario may use, by the name written
// in scenario files.
var Terrains = []Terrain{
	{Name: "wood", Bad: true, Cover: true},
	{Name: "built-up", Bad: true, Cover: true},
	{Name: "marsh", Bad: true},
	{Name: "rough", Bad: true},
	{Name: "trench", Bad: true},
	{Name: "river", River: true, Water: true},
	{Name: "water", Impassable: true, Water: true},
	{Name: "road", Road: true},
	{Name: "hill", Hill: true},
	{Name: "impassable", Impassable: true},
	{Name: "city", Impassable: true, NoLanding: true, Cover: true},
}

// ParseTerrain finds a terrain kind by name.
func ParseTerrain(name string) (Terrain, bool) {
	for _, t := range Terrains {
		if t.Name == name {
			return t, true
		}
	}
	return Terrain{}, false
}
