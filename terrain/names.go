package terrain

// Words for the names the generator gives features: a prefix and a noun
// of the feature's kind ("Raven Holt", "Sedge Fen"), or one word for a
// settlement ("Ashby").
var (
	prefixes = []string{"Grey", "Black", "Elder", "Thorn", "Raven", "Ash", "Oak", "Stone", "Wolf", "Elm",
		"Hollow", "Mirk", "Willow", "Bracken", "Harrow", "Long", "Old", "Red", "White", "High", "Barrow",
		"Hoar", "Frost", "Wither", "Dim", "Sedge", "Crow", "Hart", "Bramble", "Hazel", "Gorse", "Rook",
		"Alder", "Wyrm", "Iron", "Bleak", "Fallow", "Heron", "Moss", "Yew"}
	nouns = map[string][]string{
		"wood":       {"Wood", "Holt", "Copse", "Thicket", "Forest", "Shaw"},
		"hill":       {"Hill", "Down", "Rise", "Knoll", "Brow", "Tor"},
		"marsh":      {"Marsh", "Fen", "Mire", "Bog", "Moss"},
		"rough":      {"Stones", "Scree", "Rough", "Brakes", "Screes"},
		"water":      {"Mere", "Tarn", "Pool", "Lake", "Water"},
		"impassable": {"Crags", "Rocks", "Cliffs", "Scar"},
		"river":      {"River", "Brook", "Water", "Bourne", "Stream"},
		"road":       {"Road", "Way", "Lane", "Causeway", "Track"},
	}
	settlements = []string{"by", "stead", "wick", "ton", "ham", "thorpe", "worth", "ford"}
)

// name draws a name for a feature of kind k, unlike those in used.
func (r *rng) name(k string, used map[string]bool) string {
	for {
		p := prefixes[r.intn(len(prefixes))]
		var n string
		if k == "built-up" {
			n = p + settlements[r.intn(len(settlements))]
		} else {
			list := nouns[k]
			n = p + " " + list[r.intn(len(list))]
			if k == "river" {
				n = "The " + n
			}
		}
		if !used[n] {
			used[n] = true
			return n
		}
	}
}
