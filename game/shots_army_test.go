package game

import (
	"fmt"
	"testing"

	"pelennor/army"
	"pelennor/game/armybuild"
	"pelennor/game/internal/ebitest"
)

// TestArmyScreenshots writes the army builder (a Gondor army in the
// making, one knight too many) and, at 1280 × 800, the pick screen into
// $PELENNOR_SHOTS (skipped when unset). Run it at each size:
//
//	PELENNOR_SHOTS=docs EBITEST_SIZE=390x844 xvfb-run -a -s "-screen 0 1280x1200x24" go test -run ArmyScreenshots ./game/
func TestArmyScreenshots(t *testing.T) {
	save := shotWriter(t)
	size := fmt.Sprintf("%dx%d", ebitest.Width, ebitest.Height)
	a, _ := app(t, Options{Names: [2]string{"Éomer", "Gothmog"}})
	cat, err := army.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	start, _ := cat.Army("gondor")
	ab, err := NewArmyBuilder(a, army.Standard, start, nil)
	if err != nil {
		t.Fatal(err)
	}
	// A player at work: renamed, the captain on his horse, a third
	// knight, and outriders over the budget.
	ab.b.SetName("The Swan and the Tower")
	l := ab.b.List()
	ab.b.SetType(ab.b.Elements(l.Entry("Captain of the White Tower"))[0], "Knights")
	ab.b.Add(l.Entry("Knights of Minas Tirith"))
	ab.b.Add(l.Entry("Outriders of Anórien"))
	ab.b.Add(l.Entry("Outriders of Anórien"))
	ab.b.Remove(l.Entry("Archers of the Blackroot Vale"))
	ab.sync()
	a.Push(ab)
	save("screenshot-army-builder-"+size+".png", ebitest.Run(t, a, 3))
	if ebitest.Width < 1100 {
		ab.tabs.Selected = 2
		save("screenshot-army-builder-"+size+"-check.png", ebitest.Run(t, a, 3))
		ab.tabs.Selected = 0
		save("screenshot-army-builder-"+size+"-list.png", ebitest.Run(t, a, 3))
	}
	// The army kept, so that the pick screen offers it first.
	if _, err := ab.b.Save(a.Armies()); err != nil {
		t.Fatal(err)
	}
	a.Pop()
	sn, err := NewStandardNew(a)
	if err != nil {
		t.Fatal(err)
	}
	ready, _ := cat.Army("rohan")
	rl, _ := cat.List("rohan")
	sn.picks[0] = &armybuild.Pick{List: rl, Army: ready}
	sn.seat = 1
	a.Push(sn)
	save("screenshot-army-pick-"+size+".png", ebitest.Run(t, a, 3))
}
