package table

// The one file of game/ that imports the engine's geometry: every
// conversion between the engine's integer sub-paces and the game's float
// paces is here (checked by game/deps_test.go), so nothing else in game/
// can work a rule out for itself.

import (
	"math"

	"pelennor/engine"
	"pelennor/engine/geom"
)

// PtOf converts an engine point (sub-paces) to paces.
func PtOf(p geom.Point) Pt {
	return Pt{float64(p.X) / geom.PerPace, float64(p.Y) / geom.PerPace}
}

// PoseOf converts an engine base.
func PoseOf(b geom.Base) Pose {
	return Pose{
		X: float64(b.Front.X) / geom.PerPace, Y: float64(b.Front.Y) / geom.PerPace,
		Facing: float64(b.Facing.Norm()),
		W:      float64(b.Width) / geom.PerPace, D: float64(b.Depth) / geom.PerPace,
	}
}

// FromEngine converts an engine pose (whole paces), keeping the size of
// the base it is given.
func FromEngine(p engine.Pose, size Pose) Pose {
	return Pose{X: float64(p.X), Y: float64(p.Y), Facing: float64(p.Facing), W: size.W, D: size.D}
}

// ToEngine rounds a pose to the engine's whole paces and 4096ths of a
// turn.
func ToEngine(p Pose) engine.Pose {
	f := int(math.Round(p.Facing)) % 4096
	if f < 0 {
		f += 4096
	}
	return engine.Pose{X: int(math.Round(p.X)), Y: int(math.Round(p.Y)), Facing: f}
}

// EnginePoseOf is an element's pose in the engine's whole paces.
func EnginePoseOf(e engine.Element) engine.Pose {
	return engine.Pose{X: e.Base.Front.X.Paces(), Y: e.Base.Front.Y.Paces(), Facing: int(e.Base.Facing.Norm())}
}

// MoveDist is how far, in paces, the engine measures element e's move to
// pose to (its own measure, geom.MoveDist): shown on the ruler of a move
// the engine refuses, which reports no distance of its own.
func MoveDist(e engine.Element, to engine.Pose) float64 {
	b := geom.Base{Front: geom.Point{X: geom.Paces(to.X), Y: geom.Paces(to.Y)}, Facing: geom.Angle(to.Facing).Norm(), Width: e.Base.Width, Depth: e.Base.Depth}
	return float64(geom.MoveDist(e.Base, b)) / geom.PerPace
}

// LegDist is how far one leg of a move from pose from to pose to
// measures for element e (R6: by its furthest-moving corner), in paces,
// as the engine measures each leg of a path (R21).
func LegDist(e engine.Element, from, to engine.Pose) float64 {
	base := func(p engine.Pose) geom.Base {
		return geom.Base{Front: geom.Point{X: geom.Paces(p.X), Y: geom.Paces(p.Y)}, Facing: geom.Angle(p.Facing).Norm(), Width: e.Base.Width, Depth: e.Base.Depth}
	}
	return float64(geom.MoveDist(base(from), base(to))) / geom.PerPace
}
