package engine

import (
	"os"
	"testing"
)

// pelennorDuelGoldenHash is the final state hash of the golden Pelennor
// game with the heroic duel in play (testdata/golden/pelennor-duel.json,
// written by engine/bot's TestWritePelennorDuelGolden -update). A change
// to it is a change of the duel's rules or of a hero's sheet: bump
// rules.Version and re-record.
const pelennorDuelGoldenHash = "00fce52e59dd0efb"

// TestPelennorDuelGoldenGame replays a whole Pelennor game with heroic
// duels: its duels draw their dice from the game's one generator, each
// die logged with its purpose and within its sides, each blow an event,
// and the game ends on the golden hash natively, on 386 and under
// js/wasm alike.
func TestPelennorDuelGoldenGame(t *testing.T) {
	data, err := os.ReadFile("testdata/golden/pelennor-duel.json")
	if err != nil {
		t.Fatal(err)
	}
	s, err := ParseSave("pelennor-duel.json", data)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Rulings.HeroicDuel {
		t.Fatal("the golden duel game was not saved with the heroic duel in play")
	}
	_, sc := goldenPelennor(t)
	g, evs, err := Replay(s, sc)
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Hash(); got != pelennorDuelGoldenHash {
		t.Errorf("final hash %s, golden %s", got, pelennorDuelGoldenHash)
	}
	duels, blows, dice := 0, 0, 0
	heroes := map[string]bool{}
	for _, e := range evs {
		switch e.Code {
		case CodeDuelDie:
			dice++
			if e.Value < 1 || e.Value > e.Limit || e.Draw == 0 {
				t.Errorf("duel die %+v: a value outside its %d sides, or no draw", e, e.Limit)
			}
			if duelDieWords[e.Purpose] == "" {
				t.Errorf("duel die %+v has no duel purpose", e)
			}
		case CodeDuelBlow:
			blows++
			if describeBlow(e) == "" {
				t.Errorf("blow %+v does not find itself in its report", e)
			}
		case CodeContest:
			if d := e.Combat.Duel; d != nil {
				duels++
				heroes[d.Heroes[0]], heroes[d.Heroes[1]] = true, true
				n := 0
				for _, r := range d.Rounds {
					n += len(r.Blows)
				}
				blows -= n // each duel's blows came as events just before it
				if blows != 0 {
					t.Errorf("duel %q: its report has %d blows the events did not show", e.Describe(), -blows)
					blows = 0
				}
			}
		}
	}
	if duels < 4 || dice < 4*duels {
		t.Errorf("%d duels with %d dice: the golden game should fight several", duels, dice)
	}
	for _, h := range []string{"gandalf", "witch-king"} {
		if !heroes[h] {
			t.Errorf("%s fights no duel in the golden game", h)
		}
	}
	if g.Winner() < 0 {
		t.Error("the golden duel game has no winner")
	}
}
