package control

import "pelennor/engine"

// Offer is an element the acting side may bring on now, and how.
type Offer struct {
	ID   int
	Kind string // replace, desorcel, summon
	Verb string // "Bring back", "Desorcel", "Summon"
}

// offerVerbs words each way of bringing an element on.
var offerVerbs = map[string]string{engine.ActDesorcel: "Desorcel", engine.ActSummon: "Summon"}

// Offers lists, at most n, the elements that may come on now
// (engine.Game.Arrivals: the phase, the bound, the command and its PIPs
// allow it); re-placing an arrival is done by dragging it, not offered.
func (c *Controller) Offers(n int) []Offer {
	var out []Offer
	for _, arr := range c.Arrivals() {
		if !arr.Allowed || arr.Kind == engine.ActPlace {
			continue
		}
		verb, ok := offerVerbs[arr.Kind]
		if !ok {
			verb = "Bring back"
		}
		out = append(out, Offer{ID: arr.ID, Kind: arr.Kind, Verb: verb})
		if len(out) == n {
			break
		}
	}
	return out
}

// Fight is the intent to fight the i-th listed close combat
// (engine.Game.Combats).
func (c *Controller) Fight(i int) Outcome {
	cs := c.g().Combats()
	if i < 0 || i >= len(cs) {
		return Outcome{}
	}
	act := engine.Action{Kind: engine.ActCombat, ID: cs[i][0], Target: cs[i][1]}
	return Outcome{Act: &act}
}

// FightAll is the intent to fight every combat left and end the bound,
// and the button's words for it.
func (c *Controller) FightAll() (Outcome, string) {
	act := engine.Action{Kind: engine.ActEndPhase}
	label := "Fight all and end the bound"
	if len(c.g().Combats()) == 0 {
		label = "End the bound"
	}
	return Outcome{Act: &act}, label
}

// Declare is the intent to make the declaration the engine offers
// before close combat (Merry and Éowyn), if it offers one.
func (c *Controller) Declare() Outcome {
	if c.g().Declarations() == nil {
		return Outcome{}
	}
	act := engine.Action{Kind: engine.ActDeclare, Choice: engine.MerryEowyn}
	return Outcome{Act: &act}
}

// ShotVerb is what the shot button says: a Magician bespells.
func (c *Controller) ShotVerb() string {
	if c.ShotAction().Kind == engine.ActBespell {
		return "Bespell"
	}
	return "Shoot"
}

// MayShoot reports whether a shooter and its target are chosen.
func (c *Controller) MayShoot() bool { return c.Shot.Shooter != 0 && c.Shot.Target != 0 }
