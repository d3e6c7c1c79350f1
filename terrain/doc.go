// Package terrain is the terrain of a standard HOTT battle (RULES.md §13
// step 2): the palette of features a defender may lay, a feature placed,
// turned and resized as data, the check of §13's requirements, a seeded
// generator that always meets them, and the set-up geometry of quarters,
// edges, deployment zones and the stronghold.
//
// Like the engine it is pure: integers only, no clock, no I/O. It imports
// only engine/geom and engine/rules, never the engine itself, so that the
// engine's set-up actions can use it. A feature becomes a scenario's
// terrain entry through Feature.Spec, whose type converts to
// engine.TerrainSpec.
//
// Distances are paces (100 p = 1 inch); outlines for checking are the
// engine's geom polygons in sub-paces, built from the same rounded pace
// coordinates a scenario file holds, so the check sees exactly the terrain
// the engine will play on.
package terrain
