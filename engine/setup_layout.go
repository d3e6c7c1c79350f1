package engine

import (
	"pelennor/engine/geom"
	"pelennor/engine/rules"
	"pelennor/terrain"
)

// builtFor is the scenario a standard battle plays on once its set-up
// has chosen them: the laid terrain, each command's base edge, the
// deployment zones within 600 p of them and the defender's stronghold at
// sh. The set-up scenario itself is never changed (games share it).
func (sc *Scenario) builtFor(s *setupState, sh *Pose) (*Scenario, error) {
	c := *sc
	c.Terrain = make([]TerrainSpec, len(s.Terrain))
	for i, f := range s.Terrain {
		c.Terrain[i] = TerrainSpec(f.Spec())
	}
	c.Commands = append([]CommandSpec(nil), sc.Commands...)
	c.Zones = nil
	tbl := sc.table()
	for i := range c.Commands {
		side := sc.sideOf(i)
		c.Commands[i].BaseEdge = s.Edges[side].String()
		c.Zones = append(c.Zones, ZoneSpec{ID: c.Commands[i].ID + "-deploy", Name: c.Commands[i].Name + " deployment",
			Kind: "deploy", Commands: []string{c.Commands[i].ID}, Polygon: pacesOf(tbl.Zone(s.Edges[side], terrain.DeployDepth))})
	}
	c.Elements = append([]ElementSpec(nil), sc.Elements...)
	for i, e := range c.Elements {
		if e.Type == rules.Stronghold.String() && sc.sideOf(sc.cmdIndex[e.Command]) == s.Defender {
			c.Elements[i].X, c.Elements[i].Y, c.Elements[i].Facing = sh.X, sh.Y, int(geom.Angle(sh.Facing).Norm())
		}
	}
	c.terrain, c.byID, c.cmdIndex, c.ext, c.built = nil, nil, nil, nil, true
	if err := c.validate(); err != nil {
		return nil, illegal("setup.terrain", "the laid terrain cannot be played on: %v", err)
	}
	c.sum = sc.sum // saves name the scenario file, not what its set-up built
	return &c, nil
}

func pacesOf(p geom.Poly) [][2]int {
	out := make([][2]int, len(p))
	for i, v := range p {
		out[i] = [2]int{v.X.Paces(), v.Y.Paces()}
	}
	return out
}

// edgePose is the pose of a base whose front-edge centre is u along base
// edge e and v in from it, facing away from it, across the table.
func edgePose(tbl terrain.Table, e terrain.Edge, u, v int) Pose {
	switch e {
	case terrain.North:
		return Pose{X: u, Y: v, Facing: int(geom.South)}
	case terrain.South:
		return Pose{X: u, Y: tbl.Height - v, Facing: int(geom.North)}
	case terrain.West:
		return Pose{X: v, Y: u, Facing: int(geom.East)}
	}
	return Pose{X: tbl.Width - v, Y: u, Facing: int(geom.West)}
}

// edgeLength is the length of edge e.
func edgeLength(tbl terrain.Table, e terrain.Edge) int {
	if e == terrain.North || e == terrain.South {
		return tbl.Width
	}
	return tbl.Height
}

// centreOut lists positions along an edge of length n for a base width
// wide, from the middle outwards in steps of step.
func centreOut(n, width, step int) []int {
	var out []int
	mid := n / 2
	for off := 0; mid-off >= width/2 || mid+off <= n-width/2; off += step {
		if mid+off <= n-width/2 {
			out = append(out, mid+off)
		}
		if off > 0 && mid-off >= width/2 {
			out = append(out, mid-off)
		}
	}
	return out
}

// layOut places the armies for the deployment step (ruling S5): the
// defender's stronghold where it was put; every other element that
// starts on the table in lines across its zone, front rank at the zone's
// edge, from the middle outwards, skipping ground it may not stand on;
// the attacker's stronghold, Gods, Dragons and Lurkers off the table.
// The players then rearrange within their zones.
func layOut(sc *Scenario, st *state, s *setupState) ([]Element, error) {
	els := append([]Element(nil), st.Elements...)
	var placed []geom.Poly
	for i := range els {
		e := &els[i]
		e.Status = Reserve
		if e.Type == rules.Stronghold && e.Side == s.Defender {
			e.Status, e.Base = OnTable, sc.startBase(sc.byID[e.ID])
			placed = append(placed, e.Base.Poly())
		}
	}
	tbl := sc.table()
	for side := range 2 {
		edge := s.Edges[side]
		deep := 0
		for _, e := range els {
			if e.Side == side {
				deep = max(deep, e.Type.Info().Depth)
			}
		}
		spots := centreOut(edgeLength(tbl, edge), rules.BaseWidth, rules.BaseWidth)
		row, at := terrain.DeployDepth, 0 // the rank being filled, and where along it
		for i := range els {
			e := &els[i]
			if e.Side != side || e.Type == rules.Stronghold || sc.Elements[sc.byID[e.ID]].Reserve {
				continue
			}
			for ; ; at++ {
				if at == len(spots) {
					row, at = row-deep-20, 0
				}
				if row < e.Type.Info().Depth {
					return nil, illegal("setup.room", "there is no room to deploy %s within its zone", sc.Elements[sc.byID[e.ID]].Name)
				}
				p := edgePose(tbl, edge, spots[at], row)
				b := geom.Base{Front: geom.Point{X: geom.Paces(p.X), Y: geom.Paces(p.Y)}, Facing: geom.Angle(p.Facing),
					Width: geom.Paces(rules.BaseWidth), Depth: geom.Paces(e.Type.Info().Depth)}
				if standsFree(sc, e.Type, edge, b, placed) {
					e.Status, e.Base = OnTable, b
					placed = append(placed, b.Poly())
					at++
					break
				}
			}
		}
	}
	return els, nil
}

// standsFree reports whether an element of type ty may be deployed at b
// with the bases placed already standing.
func standsFree(sc *Scenario, ty rules.Type, edge terrain.Edge, b geom.Base, placed []geom.Poly) bool {
	p := b.Poly()
	if sc.table().DeployProblem(edge, b) != nil || !sc.onTable(p) || sc.terrainBlock(ty, p, p) != "" {
		return false
	}
	for _, q := range placed {
		if geom.Overlap(p, q) {
			return false
		}
	}
	return true
}

// StrongholdSpot returns a legal place for the defender's stronghold when
// the set-up asks for it: touching the base edge, from the middle
// outwards, the first the stronghold action accepts. A deployer (the
// CLI's, a bot's) uses it.
func (g *Game) StrongholdSpot() (Pose, bool) {
	step, side := g.SetupStep()
	if step != StepStronghold || g.st.Phase != PhaseSetup {
		return Pose{}, false
	}
	var spec ElementSpec
	for _, e := range g.sc.Elements {
		if e.Type == rules.Stronghold.String() && g.sc.sideOf(g.sc.cmdIndex[e.Command]) == side {
			spec = e
		}
	}
	tbl, edge := g.sc.table(), g.st.Setup.Edges[side]
	for _, u := range centreOut(edgeLength(tbl, edge), spec.Width, 40) {
		p := edgePose(tbl, edge, u, spec.Depth)
		if g.Check(Action{Kind: ActStronghold, To: &p}) == nil {
			return p, true
		}
	}
	return Pose{}, false
}
