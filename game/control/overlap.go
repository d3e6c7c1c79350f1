package control

import (
	"math"

	"pelennor/engine"
	"pelennor/game/table"
)

// overlapsOf lists the overlap poses the mover may snap to: beside a
// friend already front to front with an enemy (engine.Game.FrontPairs),
// facing as the friend does, front edges
// in line, so the mover's front corner meets the enemy's front corner
// (an overlap, R11). Each is a plain move the engine accepts (Check);
// the engine, not this, decides it is legal.
func (c *Controller) overlapsOf(id int) []engine.ContactOption {
	return c.queries.overlaps.get(c.queryKey(id), func() []engine.ContactOption {
		g := c.g()
		mover, ok := g.Element(id)
		if !ok {
			return nil
		}
		var out []engine.ContactOption
		for _, pair := range g.FrontPairs() {
			for k, fid := range pair {
				f, _ := g.Element(fid)
				en, _ := g.Element(pair[1-k])
				if fid == id || pair[1-k] == id || f.Side != mover.Side {
					continue
				}
				fp, ep := table.PoseOf(f.Base), table.PoseOf(en.Base)
				if math.Abs(math.Remainder(fp.Facing-ep.Facing-2048, 4096)) > 8 {
					continue // not front to front
				}
				_, right := fp.Dirs()
				off := (fp.W + float64(mover.Base.Width.Paces())) / 2
				for _, side := range []float64{-1, 1} {
					p := fp
					p.X += right.X * off * side
					p.Y += right.Y * off * side
					to := table.ToEngine(p)
					act := engine.Action{Kind: engine.ActMove, ID: id, To: &to}
					if g.Check(act) == nil {
						out = append(out, engine.ContactOption{Target: en.ID, Pose: to, Action: act})
					}
				}
			}
		}
		return out
	})
}
