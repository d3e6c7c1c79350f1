package control

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"pelennor/engine"
	"pelennor/game/table"
)

func TestTapeMeasure(t *testing.T) {
	p := newPos(t)
	c := New(p)
	if out := c.ToggleTape(); !c.Measuring() || out.Hint == "" {
		t.Fatalf("the tape is not out: %+v", out)
	}
	k, bl := centre(p, 1), centre(p, 2)
	tests := []struct {
		name       string
		from, to   table.Pt
		fid, tid   int
		want       float64
		wantInText string
	}{
		{"ground to ground", table.Pt{X: 100, Y: 100}, table.Pt{X: 400, Y: 500}, 0, 0, 500, ""},
		// Knights' front edge at y 1900, the Blades' at 1700: the gap.
		{"base to base", k, bl, 1, 2, 200, "between element 1 and element 2"},
		{"across one base", k, table.Pt{X: k.X, Y: k.Y + 30}, 1, 1, 30, ""},
		{"ground to a base", table.Pt{X: 700, Y: 2300}, k, 0, 1, 2300 - 1900 - 120, "to element 1"},
	}
	for _, tt := range tests {
		c.TapePress(Pointer{World: tt.from}, tt.fid)
		c.TapeHold(Pointer{World: table.Pt{X: (tt.from.X + tt.to.X) / 2, Y: tt.from.Y}}, 0, true)
		c.TapeHold(Pointer{World: tt.to}, tt.tid, false)
		_, _, d, ok := c.TapeSpan()
		if !ok || d != tt.want {
			t.Errorf("%s: %v paces (laid %v), want %v", tt.name, d, ok, tt.want)
		}
		text := c.TapeText(func(x float64) string { return strconv.Itoa(int(x)) })
		if !strings.HasPrefix(text, strconv.Itoa(int(tt.want))) || !strings.Contains(text, tt.wantInText) {
			t.Errorf("%s: %q, want %v %s", tt.name, text, tt.want, tt.wantInText)
		}
	}
	c.ToggleTape()
	if _, _, _, ok := c.TapeSpan(); ok || c.Measuring() {
		t.Error("the tape is still out after putting it away")
	}
}

func TestTrailsOfTheBound(t *testing.T) {
	p := newPos(t)
	c := New(p)
	// Move to the movement phase and march both knights.
	for p.Game().Phase() != engine.PhaseMove {
		p.apply(t, c.EndPhase())
	}
	bound := p.Game().Bound()
	start, _, err := p.h.At(p.h.BoundStart(bound))
	if err != nil {
		t.Fatal(err)
	}
	from := centre(p, 1)
	// The bound's one PIP moves the knights west then north, in two legs.
	dragLegs(c, p, 1, [2]float64{-100, 0}, [2]float64{-100, -150})
	p.apply(t, c.DragTo(at(from.X-100, from.Y-150), DragInput{}, camera{}))
	evs := p.h.Events()
	acts := p.h.Actions()
	// The move's waypoint, from the action its moved event came of.
	via := func(i int) []engine.Pose {
		if evs[i].Kind == engine.EvMoved && evs[i].ID == 1 {
			return acts[len(acts)-1].Via
		}
		return nil
	}
	for _, tt := range []struct {
		name  string
		via   func(int) []engine.Pose
		want  []table.Pt
		kinds []engine.EventKind
	}{
		{"straight", nil, []table.Pt{from, {X: from.X - 100, Y: from.Y - 150}}, []engine.EventKind{engine.EvMoved}},
		{"by its legs", via, []table.Pt{from, {X: from.X - 100, Y: from.Y}, {X: from.X - 100, Y: from.Y - 150}}, []engine.EventKind{engine.EvMoved, engine.EvMoved}},
	} {
		trails := Trails(p.Game(), bound, evs, tt.via, start.Element)
		if len(trails) != 1 {
			t.Fatalf("%s: %d trails, want the knights': %+v", tt.name, len(trails), trails)
		}
		tr := trails[0]
		if tr.ID != 1 || tr.Side != 0 || tr.Bound != bound || !slices.Equal(tr.Pts, tt.want) || !slices.Equal(tr.Kinds, tt.kinds) {
			t.Errorf("%s: trail %+v, want element 1 along %v", tt.name, tr, tt.want)
		}
	}
	// Without the bound's start the trail begins where the move ended,
	// and one point is no trail.
	if got := Trails(p.Game(), bound, p.h.Events(), nil, nil); len(got) != 0 {
		t.Errorf("trails with no start: %+v", got)
	}
	if got := Trails(p.Game(), bound+1, p.h.Events(), nil, start.Element); len(got) != 0 {
		t.Errorf("trails of a bound not begun: %+v", got)
	}
	if c.ToggleTrails(); !c.TrailsOn() || !slices.Contains(c.TrailBounds(), bound) {
		t.Errorf("trails on %v, bounds %v", c.TrailsOn(), c.TrailBounds())
	}
}
