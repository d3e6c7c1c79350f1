package control

import (
	"math"

	"pelennor/engine"
	"pelennor/engine/rules"
	"pelennor/game/table"
	"pelennor/terrain"
)

// FeatureAt is the topmost feature (the last laid) under table point q,
// or −1: inside an area feature's outline, or within half its width of
// a river's or road's path.
func FeatureAt(fs []terrain.Feature, q table.Pt) int {
	for i := len(fs) - 1; i >= 0; i-- {
		if featureHas(fs[i], q) {
			return i
		}
	}
	return -1
}

func featureHas(f terrain.Feature, q table.Pt) bool {
	if f.Linear() {
		for i := 1; i < len(f.Path); i++ {
			if segDist(pt(f.Path[i-1]), pt(f.Path[i]), q) <= float64(f.Width)/2 {
				return true
			}
		}
		return false
	}
	o := f.Outline()
	in := false
	for i, j := 0, len(o)-1; i < len(o); j, i = i, i+1 {
		a, b := pt(o[i]), pt(o[j])
		if (a.Y > q.Y) != (b.Y > q.Y) && q.X < (b.X-a.X)*(q.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}

func pt(p [2]int) table.Pt { return table.Pt{X: float64(p[0]), Y: float64(p[1])} }

// segDist is the distance from q to the segment a–b.
func segDist(a, b, q table.Pt) float64 {
	dx, dy := b.X-a.X, b.Y-a.Y
	t := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		t = math.Max(0, math.Min(1, ((q.X-a.X)*dx+(q.Y-a.Y)*dy)/l))
	}
	return math.Hypot(a.X+t*dx-q.X, a.Y+t*dy-q.Y)
}

// Handle is a grip drawn on the selected feature.
type Handle struct {
	Grip  Grip
	At    table.Pt // on the table
	Point int      // the path's point, for GripPoint
}

// Handles are the selected feature's grips: an area feature's turn
// handle (HandleGap pixels beyond its outline, straight ahead of its
// facing) and size handle (its box's corner); each point of a river or
// road.
func Handles(f terrain.Feature, cam Projector) []Handle {
	if f.Linear() {
		hs := make([]Handle, len(f.Path))
		for i, p := range f.Path {
			hs[i] = Handle{Grip: GripPoint, At: pt(p), Point: i}
		}
		return hs
	}
	a := float64(f.Facing) * 2 * math.Pi / 4096
	sin, cos := math.Sin(a), math.Cos(a)
	at := func(u, v float64) table.Pt {
		return table.Pt{X: float64(f.X) + u*cos - v*sin, Y: float64(f.Y) + u*sin + v*cos}
	}
	gap := HandleGap / math.Max(cam.PixelsPerPace(), 1e-6)
	w, d := float64(f.Width)/2, float64(f.Depth)/2
	return []Handle{{Grip: GripTurn, At: at(0, -d-gap)}, {Grip: GripResize, At: at(w, d)}}
}

// defenderStronghold is the defender's stronghold element and its size
// in paces.
func (s *Setup) defenderStronghold() (engine.Element, float64, float64, bool) {
	g := s.g()
	def, ok := g.Defender()
	if !ok {
		return engine.Element{}, 0, 0, false
	}
	for _, e := range g.Elements() {
		if e.Side == def && e.Type == rules.Stronghold {
			w, d := float64(rules.BaseWidth), float64(rules.BaseWidth)
			if spec, ok := g.Scenario().Spec(e.ID); ok && spec.Width > 0 {
				w, d = float64(spec.Width), float64(spec.Depth)
			}
			return e, w, d, true
		}
	}
	return engine.Element{}, 0, 0, false
}

// StrongholdID is the defender's stronghold's element id.
func (s *Setup) StrongholdID() (int, bool) {
	e, _, _, ok := s.defenderStronghold()
	return e.ID, ok
}

func (s *Setup) strongholdSize() (float64, float64) {
	_, w, d, _ := s.defenderStronghold()
	return w, d
}

func strongholdPose(p engine.Pose, w, d float64) table.Pose {
	return table.Pose{X: float64(p.X), Y: float64(p.Y), Facing: float64(p.Facing), W: w, D: d}
}

// Stronghold is the defender's stronghold where the player has it:
// first the engine's StrongholdSpot, then where it was dragged.
func (s *Setup) Stronghold() (engine.Pose, bool) {
	if !s.holdSet {
		p, ok := s.g().StrongholdSpot()
		if !ok {
			return engine.Pose{}, false
		}
		s.hold, s.holdSet = p, true
	}
	return s.hold, true
}

// StrongholdPose is the stronghold's base as drawn (paces).
func (s *Setup) StrongholdPose() (table.Pose, bool) {
	p, ok := s.Stronghold()
	if !ok {
		return table.Pose{}, false
	}
	w, d := s.strongholdSize()
	return strongholdPose(p, w, d), true
}

// StrongholdAction is the action placing the stronghold where it is.
func (s *Setup) StrongholdAction() (engine.Action, bool) {
	p, ok := s.Stronghold()
	if !ok {
		return engine.Action{}, false
	}
	return engine.Action{Kind: engine.ActStronghold, To: &p}, true
}

// StrongholdVerdict is the engine's answer to placing the stronghold
// where it is (nil: allowed), asked once for each pose and position.
func (s *Setup) StrongholdVerdict(gen int) error {
	a, ok := s.StrongholdAction()
	if !ok {
		return errNoSpot
	}
	v := &s.verdict
	if !v.ok || v.at != *a.To || v.gen != gen {
		v.at, v.gen, v.err, v.ok = *a.To, gen, s.g().Check(a), true
	}
	return v.err
}

// ResetStronghold puts the stronghold back on the engine's spot (after
// an undo, or when the step begins again).
func (s *Setup) ResetStronghold() { s.holdSet = false }

type setupErr string

func (e setupErr) Error() string { return string(e) }

const errNoSpot = setupErr("there is no place along the base edge where the stronghold may stand")
