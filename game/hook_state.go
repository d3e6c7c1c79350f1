package game

// The state the browser's test hook (hook_js.go, window.hott) reports. It
// is built here, on every platform, so that it is tested natively too.

import (
	"reflect"
	"strings"

	"pelennor/engine"
	"pelennor/game/render"
	"pelennor/game/store"
	"pelennor/game/ui"
)

// HookState is a snapshot of the game for tests: the screens, the buttons
// of the top one, and the battle (if one is on the stack).
type HookState struct {
	Scene   string       `json:"scene"`  // the top screen: title, setup, battle, handover, pause…
	Scenes  []string     `json:"scenes"` // the stack, bottom first
	Frame   int          `json:"frame"`  // updates so far
	W       float64      `json:"w"`      // the screen in pixels
	H       float64      `json:"h"`
	Buttons []HookButton `json:"buttons"`           // the top screen's buttons
	Fields  []HookField  `json:"fields,omitempty"`  // its text fields
	Choices []HookChoice `json:"choices,omitempty"` // its rows of segments (tabs…)
	Toasts  []string     `json:"toasts"`
	Muted   bool         `json:"muted"` // the sound setting
	// Storage is whether the saves are promised to be kept
	// (store.Persisted: asking, granted, refused, unavailable); Notice
	// is the load screen's warning when they are not.
	Storage string `json:"storage"`
	Notice  string `json:"notice,omitempty"`
	// Tournament is the tournament's screen, when it is on top.
	Tournament *HookTournament `json:"tournament,omitempty"`

	// The battle, when there is one.
	Scenario string          `json:"scenario,omitempty"`
	Seed     uint64          `json:"seed,omitempty"`
	Bound    int             `json:"bound"`
	Phase    string          `json:"phase,omitempty"`
	Acting   int             `json:"acting"` // the side to act
	Hash     string          `json:"hash,omitempty"`
	Actions  []engine.Action `json:"actions,omitempty"`
	Winner   int             `json:"winner"`
	Selected []int           `json:"selected,omitempty"`
	Zoom     float64         `json:"zoom,omitempty"` // screen pixels per pace
	Elements []HookElement   `json:"elements,omitempty"`
	// Seats is who sits at each side ("person", "mail", "replay" or a
	// computer's "ai:normal"); Thinking whether the computer is working
	// out an action now; Locked why the person may not act ("" when
	// they may).
	Seats    []string `json:"seats,omitempty"`
	Thinking bool     `json:"thinking"`
	Locked   string   `json:"locked,omitempty"`
	// SliceMS is the longest a frame has spent on the computer's
	// thinking, in milliseconds (the browser's time slices; 0 on the
	// desktop, where it thinks on a goroutine).
	SliceMS float64 `json:"sliceMs"`
}

// HookButton is a button on the screen (screen pixels).
type HookButton struct {
	Label    string  `json:"label"`
	X        float64 `json:"x"`
	Y        float64 `json:"y"`
	W        float64 `json:"w"`
	H        float64 `json:"h"`
	Disabled bool    `json:"disabled,omitempty"`
}

// HookField is a text field on the screen (screen pixels).
type HookField struct {
	Placeholder string  `json:"placeholder"`
	Text        string  `json:"text"`
	Focused     bool    `json:"focused"`
	X           float64 `json:"x"`
	Y           float64 `json:"y"`
	W           float64 `json:"w"`
	H           float64 `json:"h"`
}

// HookChoice is a row of segments, one chosen; Centres are the
// segments' centres (screen pixels), by option.
type HookChoice struct {
	Options  []string     `json:"options"`
	Selected int          `json:"selected"`
	Centres  [][2]float64 `json:"centres"`
}

// HookTournament is what a tournament's screen shows: the tab, the
// round's pairings and the standings (their heading row first), as the
// screen draws them.
type HookTournament struct {
	Name      string        `json:"name"`
	File      string        `json:"file"`
	Tab       string        `json:"tab"`
	Round     int           `json:"round"`
	Pairings  []HookPairing `json:"pairings"`
	Standings [][]string    `json:"standings"`
}

// HookPairing is a pairing of the round shown: its players and each
// game's result in words.
type HookPairing struct {
	Table   int      `json:"table"`
	A       string   `json:"a"`
	B       string   `json:"b"`
	Results []string `json:"results"`
}

// HookElement is an element of the battle. X, Y is the middle of its
// front edge and CX, CY its centre, in paces; SX, SY its centre on the
// screen.
type HookElement struct {
	ID      int     `json:"id"`
	Name    string  `json:"name"`
	Type    string  `json:"type"`
	Side    int     `json:"side"`
	Command string  `json:"command"`
	Status  string  `json:"status"`
	X       int     `json:"x"`
	Y       int     `json:"y"`
	Facing  int     `json:"facing"` // 4096ths of a turn, 0 north, clockwise
	CX      float64 `json:"cx"`
	CY      float64 `json:"cy"`
	SX      float64 `json:"sx"`
	SY      float64 `json:"sy"`
}

// sceneName names a screen after its type: *Title is "title".
func sceneName(s Scene) string {
	t := reflect.TypeOf(s)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return strings.TrimSuffix(strings.ToLower(t.Name()), "scene")
}

// topBattle returns the uppermost battle on the stack, or nil.
func (a *App) topBattle() *Battle {
	for i := len(a.scenes) - 1; i >= 0; i-- {
		if b, ok := a.scenes[i].(*Battle); ok {
			return b
		}
	}
	return nil
}

// HookState returns the snapshot.
func (a *App) HookState() HookState {
	st := HookState{Frame: a.frame, W: a.W, H: a.H, Toasts: a.Toasts(), Muted: a.Settings.Muted, Winner: -1,
		Storage: store.Persisted().String()}
	if _, ok := a.Top().(*LoadScreen); ok {
		st.Notice = loadNotice()
	}
	for _, s := range a.scenes {
		st.Scenes = append(st.Scenes, sceneName(s))
	}
	if top := a.Top(); top != nil {
		st.Scene = sceneName(top)
		st.Buttons = buttonsOf(top)
		st.Fields, st.Choices = fieldsOf(top)
		if ts, ok := top.(*TournamentScreen); ok {
			st.Tournament = hookTournament(ts)
		}
	}
	b := a.topBattle()
	if b == nil {
		return st
	}
	m, g := b.M, b.M.G
	st.Scenario, st.Seed = m.Sc.ID, m.Seed
	st.Bound = g.Bound()
	_, st.Acting = g.ToAct()
	st.Phase, st.Hash, st.Winner = g.Phase().String(), g.Hash(), g.Winner()
	st.Actions = append([]engine.Action(nil), m.Actions...)
	st.Selected = append([]int(nil), b.Sel...)
	st.Zoom = b.Cam.Zoom
	st.Seats, st.Thinking, st.Locked = hookSeats(a.session(m)), a.computerThinking(), b.Locked
	st.SliceMS = float64(thinkSliceLongest().Microseconds()) / 1000
	for _, e := range g.Elements() {
		p := render.PoseOf(e.Base)
		c := p.Center()
		he := HookElement{ID: e.ID, Name: m.ElementName(e.ID), Type: e.Type.String(), Side: e.Side,
			Status: e.Status.String(), X: e.Base.Front.X.Paces(), Y: e.Base.Front.Y.Paces(), Facing: int(e.Base.Facing.Norm()),
			CX: c.X, CY: c.Y}
		if e.Cmd >= 0 && e.Cmd < len(m.Sc.Commands) {
			he.Command = m.Sc.Commands[e.Cmd].ID
		}
		he.SX, he.SY = b.Cam.ToScreen(c.X, c.Y)
		st.Elements = append(st.Elements, he)
	}
	return st
}

// seatWords are the hook's words for the kinds of seat.
var seatWords = map[SeatKind]string{SeatHere: seatPerson, SeatMail: "mail", SeatReplay: "replay"}

// hookSeats are the session's seats in the hook's words.
func hookSeats(s *Session) []string {
	out := make([]string, len(s.Seats))
	for i, seat := range s.Seats {
		out[i] = seatWords[seat.Kind()]
		if c, ok := seat.(*computerSeat); ok {
			out[i] = c.Config().String()
		}
	}
	return out
}

// WorldToScreen maps a point of the battle's table (paces) to the screen,
// through the uppermost battle's camera.
func (a *App) WorldToScreen(x, y float64) (float64, float64, bool) {
	b := a.topBattle()
	if b == nil {
		return 0, 0, false
	}
	sx, sy := b.Cam.ToScreen(x, y)
	return sx, sy, true
}

var (
	buttonType  = reflect.TypeOf(ui.Button{})
	buttonsType = reflect.TypeOf([]ui.Button(nil))
)

// buttonsOf finds the buttons of a screen: its fields of type ui.Button,
// *ui.Button or []ui.Button that have been laid out. Reflection reads the
// unexported fields, so a screen needs no code to be driven by tests.
func buttonsOf(s Scene) []HookButton {
	v := reflect.ValueOf(s)
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return nil
		}
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return nil
	}
	var out []HookButton
	add := func(b reflect.Value) {
		r := b.FieldByName("Rect")
		hb := HookButton{Label: b.FieldByName("Label").String(), X: r.Field(0).Float(), Y: r.Field(1).Float(),
			W: r.Field(2).Float(), H: r.Field(3).Float(), Disabled: b.FieldByName("Disabled").Bool()}
		if hb.W > 0 && hb.H > 0 {
			out = append(out, hb)
		}
	}
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		switch {
		case f.Type() == buttonType:
			add(f)
		case f.Kind() == reflect.Pointer && f.Type().Elem() == buttonType && !f.IsNil():
			add(f.Elem())
		case f.Type() == buttonsType:
			for j := 0; j < f.Len(); j++ {
				add(f.Index(j))
			}
		}
	}
	return out
}

var (
	fieldType  = reflect.TypeOf(ui.TextField{})
	choiceType = reflect.TypeOf(ui.Choice{})
)

// fieldsOf finds a screen's laid-out text fields and choices, as
// buttonsOf its buttons.
func fieldsOf(s Scene) ([]HookField, []HookChoice) {
	v := reflect.ValueOf(s)
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return nil, nil
		}
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return nil, nil
	}
	rect := func(f reflect.Value) ui.Rect {
		r := f.FieldByName("Rect")
		return ui.R(r.Field(0).Float(), r.Field(1).Float(), r.Field(2).Float(), r.Field(3).Float())
	}
	var fields []HookField
	var choices []HookChoice
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		switch f.Type() {
		case fieldType:
			if rc := rect(f); rc.W > 0 && rc.H > 0 {
				fields = append(fields, HookField{Placeholder: f.FieldByName("Placeholder").String(), Text: f.FieldByName("Text").String(),
					Focused: f.FieldByName("Focused").Bool(), X: rc.X, Y: rc.Y, W: rc.W, H: rc.H})
			}
		case choiceType:
			rc, opts := rect(f), f.FieldByName("Options")
			if rc.W <= 0 || rc.H <= 0 || opts.Len() == 0 {
				continue
			}
			c := HookChoice{Selected: int(f.FieldByName("Selected").Int())}
			for j, seg := range rc.Cols(opts.Len(), 0) {
				c.Options = append(c.Options, opts.Index(j).String())
				c.Centres = append(c.Centres, [2]float64{seg.CX(), seg.CY()})
			}
			choices = append(choices, c)
		}
	}
	return fields, choices
}

// hookTournament is what the tournament's screen shows.
func hookTournament(ts *TournamentScreen) *HookTournament {
	e := ts.e
	ht := &HookTournament{Name: e.T.Name, File: e.File, Round: ts.round.Value}
	if ts.tabs.Selected >= 0 && ts.tabs.Selected < len(ts.tabs.Options) {
		ht.Tab = ts.tabs.Options[ts.tabs.Selected]
	}
	for _, r := range e.Rows(ts.round.Value) {
		ht.Pairings = append(ht.Pairings, HookPairing{Table: r.Table, A: r.A, B: r.B, Results: r.Results})
	}
	head, rows := e.Standings()
	ht.Standings = append([][]string{head}, rows...)
	return ht
}
