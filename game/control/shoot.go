package control

import (
	"fmt"
	"slices"
	"strings"

	"pelennor/engine"
	"pelennor/engine/rules"
)

// Shot is a distant shot or bespell being chosen: the shooter, what it
// may aim at (the engine's FireOptions), the target and any aiders.
type Shot struct {
	Shooter int
	Targets []int
	Target  int
	Aiders  []int
}

// ShotTargets lists what element id may shoot or bespell now
// (engine.Game.FireOptions).
func (c *Controller) ShotTargets(id int) []int {
	f := c.FireOf(id)
	if f == nil {
		return nil
	}
	var ids []int
	for _, t := range f.Targets {
		ids = append(ids, t.ID)
	}
	return ids
}

// nonTargetWhy words the engine's code for an enemy in range that may
// not be shot (engine.FireOptions.NonTargets).
var nonTargetWhy = map[string]string{
	engine.FireOutOfArc:     "is not ahead of it",
	engine.FireSightTerrain: "is out of sight behind %s",
	engine.FireSightElement: "is out of sight behind %s",
	engine.FireNotNearest:   "is not the nearest enemy it could shoot",
	engine.FireStronghold:   "is a stronghold",
}

// NoShotWhy says why element id has nothing to shoot or bespell, from
// the engine's typed answer: its own refusal, or why the nearest enemy
// in range is not a target.
func (c *Controller) NoShotWhy(id int) string {
	f := c.FireOf(id)
	name := c.P.ElementName
	switch {
	case f == nil || f.Kind == "":
		return ""
	case f.Refusal != nil:
		return f.Refusal.Reason
	case len(f.NonTargets) == 0:
		return name(id) + " has no enemy in range"
	}
	n := f.NonTargets[0]
	for _, x := range f.NonTargets {
		if x.Dist < n.Dist {
			n = x
		}
	}
	why, ok := nonTargetWhy[n.Code]
	if !ok {
		return name(id) + " has nothing it may shoot or bespell now"
	}
	if strings.Contains(why, "%s") {
		by := n.Terrain
		if n.Blocker != 0 {
			by = name(n.Blocker)
		}
		why = fmt.Sprintf(why, by)
	}
	return fmt.Sprintf("%s: %s %s", name(id), name(n.ID), why)
}

// ShotAction is the shot or bespell chosen.
func (c *Controller) ShotAction() engine.Action {
	kind := engine.ActShoot
	if e, _ := c.g().Element(c.Shot.Shooter); e.Type == rules.Magicians {
		kind = engine.ActBespell
	}
	return engine.Action{Kind: kind, ID: c.Shot.Shooter, Target: c.Shot.Target, Aiders: c.Shot.Aiders}
}

// Shoot is the intent to shoot or bespell the chosen target.
func (c *Controller) Shoot() Outcome {
	if c.Shot.Shooter == 0 || c.Shot.Target == 0 {
		return Outcome{}
	}
	act := c.ShotAction()
	return Outcome{Act: &act}
}

// clickShooting is a click in the shooting phases: on one's own element
// it becomes the shooter (or, with Shift once a target is chosen, an
// aider); on a listed enemy, the target.
func (c *Controller) clickShooting(p Pointer, id int) Outcome {
	g := c.g()
	if id == 0 {
		c.Cancel()
		return Outcome{}
	}
	e, _ := g.Element(id)
	s := &c.Shot
	if e.Side == c.Acting() {
		if s.Target != 0 && p.Shift && id != s.Shooter {
			if i := slices.Index(s.Aiders, id); i >= 0 {
				s.Aiders = slices.Delete(s.Aiders, i, i+1)
				return Outcome{}
			}
			act := c.ShotAction()
			act.Aiders = append(slices.Clone(s.Aiders), id)
			if err := g.Check(act); err != nil {
				return Outcome{Toast: Reason(err), Tone: ToneBad}
			}
			s.Aiders = act.Aiders
			return Outcome{}
		}
		ts := c.ShotTargets(id)
		c.Sel = []int{id}
		if len(ts) == 0 {
			c.Shot = Shot{}
			if why := c.NoShotWhy(id); why != "" {
				return Outcome{Toast: why, Tone: ToneInfo}
			}
			return Outcome{}
		}
		c.Shot = Shot{Shooter: id, Targets: ts}
		if len(ts) == 1 {
			s.Target = ts[0]
		}
		return Outcome{}
	}
	if s.Shooter != 0 && slices.Contains(s.Targets, id) {
		s.Target = id
		s.Aiders = nil
		return Outcome{}
	}
	c.Sel = []int{id}
	return Outcome{}
}
