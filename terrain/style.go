package terrain

// Style weights the generator towards a kind of country, such as an
// army's home terrain (docs/rulings.md T10).
type Style struct {
	Name  string
	Label string
	// Weights of the area kinds, by palette name; the central bad going
	// is drawn from the bad kinds among them.
	Weights map[string]int
	// Features is the range of counted features (river included).
	MinFeatures, MaxFeatures int
	River, Road              int // per cent chances of a river and of a road
}

// Styles are the generator's kinds of country, the first the default.
var Styles = []Style{
	{Name: "mixed", Label: "Mixed country", MinFeatures: 5, MaxFeatures: 7, River: 40, Road: 40,
		Weights: map[string]int{"wood": 5, "hill": 5, "marsh": 2, "rough": 3, "built-up": 2, "water": 1, "impassable": 1}},
	{Name: "forest", Label: "Forest", MinFeatures: 5, MaxFeatures: 8, River: 35, Road: 25,
		Weights: map[string]int{"wood": 12, "hill": 3, "marsh": 2, "rough": 2, "built-up": 1, "water": 1}},
	{Name: "hills", Label: "Hills and crags", MinFeatures: 5, MaxFeatures: 7, River: 25, Road: 30,
		Weights: map[string]int{"wood": 2, "hill": 10, "rough": 5, "impassable": 3, "built-up": 1}},
	{Name: "wetland", Label: "Fens and meres", MinFeatures: 5, MaxFeatures: 7, River: 70, Road: 20,
		Weights: map[string]int{"wood": 3, "hill": 2, "marsh": 9, "water": 4, "rough": 1, "built-up": 1}},
	{Name: "farmland", Label: "Farmland", MinFeatures: 4, MaxFeatures: 6, River: 45, Road: 70,
		Weights: map[string]int{"wood": 4, "hill": 4, "built-up": 5, "marsh": 1, "rough": 2}},
	{Name: "open", Label: "Open plains", MinFeatures: 4, MaxFeatures: 5, River: 30, Road: 35,
		Weights: map[string]int{"wood": 3, "hill": 4, "rough": 3, "marsh": 2, "built-up": 1}},
}

// StyleOf returns a style by name; "" is the default.
func StyleOf(name string) (Style, bool) {
	if name == "" {
		return Styles[0], true
	}
	for _, s := range Styles {
		if s.Name == name {
			return s, true
		}
	}
	return Style{}, false
}
