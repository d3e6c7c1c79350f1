package terrain

import (
	"slices"

	"pelennor/engine/geom"
)

// Assessment is what Check found: the problems, and the counts a set-up
// screen shows while the defender lays the terrain.
type Assessment struct {
	Problems []Problem
	Counted  int // features that count towards the 4 (not roads)
	// Quarters are the quarters terrain stands in; BadQuarters those
	// where bad going, a river or impassable terrain stands (T1).
	Quarters, BadQuarters [4]bool
	Central               []int // indexes of the central bad-going features (T2)
	BadArea, TableArea    int   // p² of bad going, rivers and impassable terrain; of the table (T5)
}

// Check returns the problems of a layout on the standard table (§13 step
// 2), none for a legal one.
func Check(features []Feature) []Problem { return Standard.Assess(features).Problems }

// Check returns the problems of a layout on table t.
func (t Table) Check(features []Feature) []Problem { return t.Assess(features).Problems }

// shaped is a feature of a known kind with its parts.
type shaped struct {
	kind  Kind
	parts []geom.Poly
	boxes []geom.Box
	ok    bool // its own shape, size and place are legal: compared with others
}

// Assess checks a layout on table t: each feature alone, then every pair,
// then the requirements of the whole.
func (t Table) Assess(features []Feature) Assessment {
	var a Assessment
	a.TableArea = t.Width * t.Height
	sh := make([]shaped, len(features))
	for i, f := range features {
		sh[i], a.Problems = t.checkOne(i, f, a.Problems)
	}
	a.Problems = t.checkPairs(features, sh, a.Problems)
	var bad2 int64
	for i, s := range sh {
		if !s.ok {
			continue
		}
		if s.kind.Counts {
			a.Counted++
		}
		in := t.quarters(s.parts)
		going := s.kind.Going()
		for q := range in {
			if in[q] && s.kind.Counts {
				a.Quarters[q] = true
				a.BadQuarters[q] = a.BadQuarters[q] || going != "good"
			}
		}
		if going != "good" {
			for _, p := range s.parts {
				bad2 += clipArea2(p, t.whole())
			}
		}
		if going == "bad" && t.central(s.parts) {
			a.Central = append(a.Central, i)
		}
	}
	// Twice the area in sub-paces² to p², rounded up: a layout is never
	// passed by rounding.
	per := int64(2 * geom.PerPace * geom.PerPace)
	a.BadArea = int((bad2 + per - 1) / per)
	need := func(code Code, got, want int) {
		if got < want {
			a.Problems = append(a.Problems, Problem{Code: code, Feature: -1, Other: -1, Got: got, Min: want})
		}
	}
	need(TooFew, a.Counted, MinFeatures)
	need(FewQuarters, count(a.Quarters), MinQuarters)
	need(FewBadQuarters, count(a.BadQuarters), MinBadQuarters)
	need(FewCentral, len(a.Central), MinCentral)
	if 2*a.BadArea >= a.TableArea { // "most" stays good: more than half (T5)
		a.Problems = append(a.Problems, Problem{Code: LittleGood, Feature: -1, Other: -1, Got: a.BadArea, Max: a.TableArea / 2})
	}
	return a
}

func count(qs [4]bool) int {
	n := 0
	for _, q := range qs {
		if q {
			n++
		}
	}
	return n
}

// checkOne checks a feature on its own and returns its parts.
func (t Table) checkOne(i int, f Feature, probs []Problem) (shaped, []Problem) {
	bad := func(p Problem) {
		p.Feature, p.Name, p.Other = i, f.Name, -1
		probs = append(probs, p)
	}
	k, ok := KindOf(f.Kind)
	if !ok {
		bad(Problem{Code: UnknownKind, Text: f.Kind})
		return shaped{}, probs
	}
	s := shaped{kind: k, ok: true}
	size := func(v int) {
		if v < k.Min || v > k.Max {
			bad(Problem{Code: BadSize, Got: v, Min: k.Min, Max: k.Max})
			s.ok = false
		}
	}
	size(f.Width)
	if k.Linear {
		if n := len(f.Path); n < 2 || n > MaxPathPoints {
			bad(Problem{Code: BadPath, Got: n, Min: 2, Max: MaxPathPoints})
			return shaped{kind: k}, probs
		}
		for j := 1; j < len(f.Path); j++ {
			if l := geom.Len(toPoint(f.Path[j]).Sub(toPoint(f.Path[j-1]))).Paces(); l < MinLeg {
				bad(Problem{Code: ShortLeg, Got: l, Min: MinLeg})
				s.ok = false
				break
			}
		}
		for _, p := range f.Path {
			if p[0] < 0 || p[1] < 0 || p[0] > t.Width || p[1] > t.Height {
				bad(Problem{Code: Outside})
				s.ok = false
				break
			}
		}
		if s.ok && k.Name == "river" && !t.edgeToEdge(f.Path) {
			bad(Problem{Code: RiverEdges})
		}
	} else {
		size(f.Depth)
		if _, known := ShapeOf(f.Shape); !known || !slices.Contains(k.Shapes, f.Shape) {
			bad(Problem{Code: BadShape, Text: f.Shape})
			return shaped{kind: k}, probs
		}
		o := f.Outline()
		for _, p := range o {
			if p[0] < 0 || p[1] < 0 || p[0] > t.Width || p[1] > t.Height {
				bad(Problem{Code: Outside})
				s.ok = false
				break
			}
		}
	}
	s.parts = f.Parts()
	for _, p := range s.parts {
		// A wrong size has been reported: its outline may be degenerate.
		if s.ok && !geom.Convex(p) {
			bad(Problem{Code: BadShape, Text: f.Shape})
			s.ok = false
			break
		}
		s.boxes = append(s.boxes, geom.BoxOf(p))
	}
	return s, probs
}

// edgeToEdge reports whether a path's ends lie on two different edges.
func (t Table) edgeToEdge(path [][2]int) bool {
	a, okA := t.onEdge(path[0])
	b, okB := t.onEdge(path[len(path)-1])
	return okA && okB && a != b
}

// checkPairs reports every pair of features that overlap and may not
// (T4), and roads whose ends are neither on an edge nor in a built-up
// area.
func (t Table) checkPairs(features []Feature, sh []shaped, probs []Problem) []Problem {
	for i := range sh {
		if !sh[i].ok {
			continue
		}
		for j := i + 1; j < len(sh); j++ {
			if !sh[j].ok || crosses(sh[i].kind, sh[j].kind) {
				continue
			}
			if overlap(sh[i], sh[j]) {
				probs = append(probs, Problem{Code: Overlapping, Feature: i, Name: features[i].Name,
					Other: j, OtherName: features[j].Name})
			}
		}
	}
	for i, f := range features {
		if !sh[i].ok || sh[i].kind.Name != "road" {
			continue
		}
		if !t.roadEnd(features, sh, f.Path[0]) || !t.roadEnd(features, sh, f.Path[len(f.Path)-1]) {
			probs = append(probs, Problem{Code: RoadEnds, Feature: i, Name: f.Name, Other: -1})
		}
	}
	return probs
}

// roadEnd reports whether a road may end at p: on a table edge, or in a
// built-up area.
func (t Table) roadEnd(features []Feature, sh []shaped, p [2]int) bool {
	if _, on := t.onEdge(p); on {
		return true
	}
	pt := toPoint(p)
	for i, s := range sh {
		if s.ok && features[i].Kind == "built-up" && geom.Contains(s.parts[0], pt) {
			return true
		}
	}
	return false
}

func overlap(a, b shaped) bool {
	for i, p := range a.parts {
		for j, q := range b.parts {
			if a.boxes[i].Meets(b.boxes[j]) && geom.Overlap(p, q) {
				return true
			}
		}
	}
	return false
}

// quarters reports the quarters a feature stands in: those holding at
// least a quarter of its area on the table (T1).
func (t Table) quarters(parts []geom.Poly) [4]bool {
	var in [4]int64
	var total int64
	for _, p := range parts {
		for q := range in {
			a := clipArea2(p, t.quarterRect(Quarter(q)))
			in[q] += a
			total += a
		}
	}
	var out [4]bool
	for q, a := range in {
		out[q] = total > 0 && 4*a >= total
	}
	return out
}

// central reports whether a feature is one of §13's central bad going:
// at least 200 p across and its nearest point within 600 p of the
// centre (T2). A linear feature is never bad going.
func (t Table) central(parts []geom.Poly) bool {
	if len(parts) != 1 {
		return false
	}
	p := parts[0]
	return leastWidth(p) >= geom.Paces(CentreAcross) &&
		geom.Dist(p, geom.Poly{t.Centre()}) <= geom.Paces(CentreReach)
}
