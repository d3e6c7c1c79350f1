package engine

// The set-up's events (setup.go), beside the engine's others.
const (
	// EvSetup, a step of a standard battle's set-up, is with the other
	// kinds (event.go), as are DieSetup and DieEdge.

	CodeSetupRoll     Code = "setup_roll"     // setup: the set-up begins; Side rolls first
	CodeSetupDie      Code = "setup_die"      // die: Side's die (Purpose defender or edge)
	CodeSetupTie      Code = "setup_tie"      // setup: both rolled Value; Side rolls again first
	CodeSetupDefender Code = "setup_defender" // setup: Side defends, Value its die, Limit the other's
	CodeTerrainLaid   Code = "terrain_laid"   // setup: Side's Detail (op and feature), N features now
	CodeTerrainDone   Code = "terrain_done"   // setup: Side has laid N features
	CodeBaseEdges     Code = "base_edges"     // setup: Side, the attacker, rolled Value: its base edge is Detail
	CodeTimeCalled    Code = "time_called"    // scenario: time is called in bound Bound
	CodeTimeDraw      Code = "time_draw"      // gameover: a draw, time having been called
)

func init() {
	for code, text := range map[Code]string{
		CodeSetupRoll:     "Set-up: each side rolls for who defends, {side} first",
		CodeSetupDie:      "{side} roll {value}",
		CodeSetupTie:      "Both sides rolled {value}: roll again, {side} first",
		CodeSetupDefender: "{side} defend ({value} against {limit}) and lay the terrain",
		CodeTerrainLaid:   "{side}: {detail} ({n} features)",
		CodeTerrainDone:   "{side} have laid the terrain: {n} features",
		CodeBaseEdges:     "{side} attack from the {detail} edge (rolled {value})",
		CodeTimeCalled:    "Time is called: the game ends after this bound",
		CodeTimeDraw:      "Time: the game is a draw",
	} {
		wording.Events[code] = text
	}
}

// timeCalled ends the game as a draw after the bound in progress (§13:
// a tournament's rule). Either player, or the organiser, may make it.
func (t *tx) timeCalled() error {
	switch {
	case t.st.Phase == PhaseSetup || t.st.Phase == PhaseDeploy:
		return illegal("time.setup", "time can be called once the first bound has begun")
	case t.st.TimeCalled:
		return illegal("time.called", "time has already been called")
	}
	t.st.TimeCalled = true
	t.emit(Event{Kind: EvScenario, Code: CodeTimeCalled})
	return nil
}

// TimeCalled reports whether time has been called.
func (g *Game) TimeCalled() bool { return g.st.TimeCalled }
