package terrain

import "fmt"

// Code names a problem with a layout or a deployment.
type Code string

// The problems Check, DeployProblem and StrongholdProblem report.
const (
	UnknownKind     Code = "terrain.kind"         // Kind is not in the palette
	BadShape        Code = "terrain.shape"        // a shape its kind may not take, or an outline that is not convex
	BadSize         Code = "terrain.size"         // width or depth outside the kind's range: Got, Min, Max
	BadPath         Code = "terrain.path"         // a path's number of points: Got, Min, Max
	ShortLeg        Code = "terrain.leg"          // a leg of a path shorter than MinLeg: Got, Min
	Outside         Code = "terrain.outside"      // not wholly on the table
	Overlapping     Code = "terrain.overlap"      // Feature and Other overlap
	RiverEdges      Code = "terrain.river_edges"  // a river not running between two different edges
	RoadEnds        Code = "terrain.road_ends"    // a road end neither on an edge nor in a built-up area
	TooFew          Code = "terrain.count"        // fewer than 4 features: Got, Min
	FewQuarters     Code = "terrain.quarters"     // terrain in fewer than 3 quarters: Got, Min
	FewBadQuarters  Code = "terrain.bad_quarters" // bad going, river or impassable in fewer than 2: Got, Min
	FewCentral      Code = "terrain.central"      // fewer than 2 central bad-going features: Got, Min
	LittleGood      Code = "terrain.good_going"   // Got p² of bad going, rivers and impassable; Max allowed
	DeployOffTable  Code = "deploy.off_table"     // a base not wholly on the table
	DeployBeyond    Code = "deploy.beyond"        // a corner Got p from the base edge, Max allowed
	StrongholdApart Code = "deploy.stronghold"    // a stronghold Got p from its base edge, not touching it
)

// Problem is one requirement a layout or a deployment breaks, with the
// numbers involved.
type Problem struct {
	Code Code `json:"code"`
	// Feature and Other are indexes of the features concerned, or −1;
	// Name and OtherName their names.
	Feature   int    `json:"feature"`
	Name      string `json:"name,omitempty"`
	Other     int    `json:"other"`
	OtherName string `json:"otherName,omitempty"`
	Got       int    `json:"got,omitempty"`
	Min       int    `json:"min,omitempty"`
	Max       int    `json:"max,omitempty"`
	Edge      Edge   `json:"-"`              // the base edge of a deployment problem
	Text      string `json:"text,omitempty"` // the kind or shape named, for UnknownKind and BadShape
}

// describers write each code's sentence from the problem's fields.
var describers = map[Code]func(p Problem) string{
	UnknownKind: func(p Problem) string {
		return fmt.Sprintf("%s: %q is not a kind of terrain in the palette", p.Name, p.Text)
	},
	BadShape: func(p Problem) string {
		return fmt.Sprintf("%s: shape %q is not one its kind may take, or its outline is not convex", p.Name, p.Text)
	},
	BadSize: func(p Problem) string {
		return fmt.Sprintf("%s: %d p is outside its kind's sizes, %d to %d p", p.Name, p.Got, p.Min, p.Max)
	},
	BadPath: func(p Problem) string {
		return fmt.Sprintf("%s: a path of %d points; it needs %d to %d", p.Name, p.Got, p.Min, p.Max)
	},
	ShortLeg: func(p Problem) string {
		return fmt.Sprintf("%s: a leg of its path is %d p long, under the %d p least", p.Name, p.Got, p.Min)
	},
	Outside:     func(p Problem) string { return fmt.Sprintf("%s is not wholly on the table", p.Name) },
	Overlapping: func(p Problem) string { return fmt.Sprintf("%s overlaps %s", p.Name, p.OtherName) },
	RiverEdges: func(p Problem) string {
		return fmt.Sprintf("%s must run from one table edge to a different edge (its ends on the edges, not in a corner)", p.Name)
	},
	RoadEnds: func(p Problem) string {
		return fmt.Sprintf("%s must end on a table edge or in a built-up area at both ends", p.Name)
	},
	TooFew: func(p Problem) string {
		return fmt.Sprintf("%s laid; at least %d are needed (roads do not count)", nOf(p.Got, "feature"), p.Min)
	},
	FewQuarters: func(p Problem) string {
		return fmt.Sprintf("terrain stands in %s of the table; it must stand in at least %d", nOf(p.Got, "quarter"), p.Min)
	},
	FewBadQuarters: func(p Problem) string {
		return fmt.Sprintf("bad going, a river or impassable terrain stands in %s; it must in at least %d", nOf(p.Got, "quarter"), p.Min)
	},
	FewCentral: func(p Problem) string {
		return fmt.Sprintf("bad-going features at least %d p across within %d p of the centre: %d; at least %d are needed",
			CentreAcross, CentreReach, p.Got, p.Min)
	},
	LittleGood: func(p Problem) string {
		return fmt.Sprintf("bad going, rivers and impassable terrain cover %s of the table; most of it must stay good going",
			percent(p.Got, 2*p.Max))
	},
	DeployOffTable: func(p Problem) string { return "the base is not wholly on the table" },
	DeployBeyond: func(p Problem) string {
		return fmt.Sprintf("a corner is %d p from the %s edge; the base must stand wholly within %d p of it", p.Got, p.Edge, p.Max)
	},
	StrongholdApart: func(p Problem) string {
		return fmt.Sprintf("the stronghold is %d p from the %s edge; it must touch it", p.Got, p.Edge)
	},
}

// Describe is the problem in English, for a player.
func (p Problem) Describe() string {
	if d, ok := describers[p.Code]; ok {
		return d(p)
	}
	return string(p.Code)
}

// nOf writes a count and its noun: "1 feature", "3 features".
func nOf(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// percent writes part/whole as a percentage with one decimal, rounded
// half up (integers only).
func percent(part, whole int) string {
	if whole <= 0 {
		return "?"
	}
	t := (int64(part)*2000 + int64(whole)) / (2 * int64(whole)) // tenths of a per cent
	return fmt.Sprintf("%d.%d%%", t/10, t%10)
}
