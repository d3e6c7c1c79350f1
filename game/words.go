package game

import "pelennor/game/control"

// reason is the engine's reason in an error (control.Reason).
var reason = control.Reason

// plural is "s" unless n is 1.
var plural = control.Plural
