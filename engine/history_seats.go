package engine

import "slices"

// SetSeats records who sits at each side (Save.Seats): the game's words
// ("person", "ai:normal"), which the engine carries into every save of
// the history and its branches but never reads.
func (h *History) SetSeats(seats []string) { h.seats = slices.Clone(seats) }

// Seats is who sits at each side, as SetSeats or the save resumed said;
// nil when nothing was said (every older save).
func (h *History) Seats() []string { return slices.Clone(h.seats) }
