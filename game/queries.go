package game

import "pelennor/engine"

// queryCache keeps the engine's answers to "what may this element do?"
// (engine/options*.go) for the position they were asked in: they are
// asked again only after an action, an undo or a reload.
type queryCache struct {
	contacts queryAnswer[[]engine.ContactOption]
	fire     queryAnswer[*engine.FireOptions]
	arrivals queryAnswer[[]engine.Arrival]
	reach    queryAnswer[[]engine.Pose]
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

func (b *Battle) queryKey(id int) queryKey { return queryKey{id, b.M.G.Actions(), b.M.Gen} }

// contactsOf lists element id's legal contacts now (engine.Game.Contacts).
func (b *Battle) contactsOf(id int) []engine.ContactOption {
	return b.queries.contacts.get(b.queryKey(id), func() []engine.ContactOption {
		cs, _ := b.M.G.Contacts(id)
		return cs
	})
}

// fireOf is what element id may shoot or bespell now
// (engine.Game.FireOptions); nil if it is not on the table.
func (b *Battle) fireOf(id int) *engine.FireOptions {
	return b.queries.fire.get(b.queryKey(id), func() *engine.FireOptions {
		f, _ := b.M.G.FireOptions(id)
		return f
	})
}

// arrivals is what the acting side may bring on now
// (engine.Game.Arrivals).
func (b *Battle) arrivals() []engine.Arrival {
	side := b.acting()
	return b.queries.arrivals.get(b.queryKey(-1-side), func() []engine.Arrival { return b.M.G.Arrivals(side) })
}

// reachOf outlines where element id's front-edge centre can get in one
// straight leg (engine.Game.Reach); nil if it may not move.
func (b *Battle) reachOf(id int) []engine.Pose {
	return b.queries.reach.get(b.queryKey(id), func() []engine.Pose {
		r, _ := b.M.G.Reach(id)
		return r
	})
}
