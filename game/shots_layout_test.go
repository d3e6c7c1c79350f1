package game

import (
	"fmt"
	"slices"
	"testing"

	"pelennor/engine"
	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
)

// TestLayoutScreenshots writes the battle screen as laid out for the
// window into $PELENNOR_SHOTS (skipped when unset): the table fitted with
// high-contrast bases and a group selected, and the close combat zoomed
// in with the minimap; at a phone's size also the settings. Run it at
// each size:
//
//	PELENNOR_SHOTS=docs EBITEST_SIZE=390x844 xvfb-run -a -s "-screen 0 1280x1200x24" go test -run LayoutScreenshots ./game/
func TestLayoutScreenshots(t *testing.T) {
	save := shotWriter(t)
	size := fmt.Sprintf("%dx%d", ebitest.Width, ebitest.Height)
	script := input.NewScript()
	a, err := New(Options{Mute: true, Seed: 1, Catalog: catalog, Input: script, Names: [2]string{"Éomer", "Gothmog"}, Storage: memStorage()})
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewMatch(pelennorInContact(t), 1, [2]string{"Éomer", "Gothmog"}, false)
	if err != nil {
		t.Fatal(err)
	}
	b := NewBattle(a, m)
	a.Reset(b)
	a.Settings.Contrast = true
	ebitest.Run(t, a, 3)
	// A group: three Rohirrim side by side in their line (the most
	// western of the row with the most elements).
	rows := map[int][]engine.Element{}
	best := 0
	for _, e := range m.G.Elements() {
		if e.OnTable() && e.Cmd == 1 && !e.General {
			y := int(e.Base.Front.Y.Paces())
			rows[y] = append(rows[y], e)
			if len(rows[y]) > len(rows[best]) {
				best = y
			}
		}
	}
	row := rows[best]
	slices.SortFunc(row, func(p, q engine.Element) int { return int(p.Base.Front.X.Paces() - q.Base.Front.X.Paces()) })
	b.Sel = nil
	for _, e := range row[:min(3, len(row))] {
		b.Sel = append(b.Sel, e.ID)
	}
	save("screenshot-"+size+"-battle.png", ebitest.Run(t, a, 3))
	b.Sel = nil
	a.Settings.Contrast = false
	for i := 0; i < 3 && m.G.Phase() != engine.PhaseClose; i++ {
		b.submit(a, engine.Action{Kind: engine.ActEndPhase})
	}
	cs := m.G.Combats()
	if len(cs) == 0 {
		t.Fatal("no close combat")
	}
	e, _ := m.G.Element(cs[0][0])
	aimAt(b, e, 0, 0.5)
	save("screenshot-"+size+"-close.png", ebitest.Run(t, a, 4))
	if ebitest.Width < 600 {
		a.Settings.TextSize = TextLarge
		a.Theme.Text = TextLarge.Factor()
		a.Push(NewSettingsScene(a))
		save("screenshot-"+size+"-settings.png", ebitest.Run(t, a, 3))
	}
}
