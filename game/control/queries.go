package control

import "pelennor/engine"

// queryCache keeps the engine's answers to "what may this element do?"
// (engine/options*.go) for the position they were asked in: they are
// asked again only after an action, an undo or a reload.
type queryCache struct {
	contacts queryAnswer[[]engine.ContactOption]
	fire     queryAnswer[*engine.FireOptions]
	arrivals queryAnswer[[]engine.Arrival]
	reach    queryAnswer[[]engine.Pose]
	ranges   queryAnswer[[]engine.CommandRange]
	overlaps queryAnswer[[]engine.ContactOption]
	group    queryAnswer[groupState]
	groupSel []int // the selection group was asked for
}

// queryKey names a position and the element (or side) asked about.
type queryKey struct{ id, actions, gen int }

type queryAnswer[T any] struct {
	key   queryKey
	ok    bool
	value T
}

// get returns the cached answer for key, asking for it if need be.
func (q *queryAnswer[T]) get(key queryKey, ask func() T) T {
	if !q.ok || q.key != key {
		q.key, q.ok, q.value = key, true, ask()
	}
	return q.value
}

func (c *Controller) queryKey(id int) queryKey {
	return queryKey{id, c.g().Actions(), c.P.Generation()}
}

// ContactsOf lists element id's legal contacts now (engine.Game.Contacts).
func (c *Controller) ContactsOf(id int) []engine.ContactOption {
	return c.queries.contacts.get(c.queryKey(id), func() []engine.ContactOption {
		cs, _ := c.g().Contacts(id)
		return cs
	})
}

// FireOf is what element id may shoot or bespell now
// (engine.Game.FireOptions); nil if it is not on the table.
func (c *Controller) FireOf(id int) *engine.FireOptions {
	return c.queries.fire.get(c.queryKey(id), func() *engine.FireOptions {
		f, _ := c.g().FireOptions(id)
		return f
	})
}

// Arrivals is what the acting side may bring on now
// (engine.Game.Arrivals).
func (c *Controller) Arrivals() []engine.Arrival {
	side := c.Acting()
	return c.queries.arrivals.get(c.queryKey(-1-side), func() []engine.Arrival { return c.g().Arrivals(side) })
}

// ReachOf outlines where element id's front-edge centre can get in one
// straight leg (engine.Game.Reach); nil if it may not move.
func (c *Controller) ReachOf(id int) []engine.Pose {
	return c.queries.reach.get(c.queryKey(id), func() []engine.Pose {
		r, _ := c.g().Reach(id)
		return r
	})
}
