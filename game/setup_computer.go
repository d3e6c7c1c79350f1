package game

import (
	"fmt"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/ai"
	"pelennor/game/input"
	"pelennor/game/ui"
)

// versus is the new-battle screen's part when the second player is the
// computer (Title → Play the Computer): its level and temperament, and
// whether it plays both sides for the person to watch.
type versus struct {
	level  ui.Choice
	temper ui.Choice
	watch  ui.Checkbox
}

// levels and tempers are the screen's choices, in the order of their
// options.
var (
	levels  = []ai.Level{ai.Easy, ai.Normal, ai.Hard}
	tempers = []int{ai.Cautious, ai.Careful, ai.Balanced, ai.Bold, ai.Aggressive}
)

// standardItem is the list's last row on this screen: a standard
// battle, whose armies are picked on New Standard Battle's screen.
const standardItem = "A standard battle: pick two armies"

// NewVersusSetup returns the new-battle screen for a game against the
// computer: the scenarios, and a standard battle; your side; the
// computer's level and temperament.
func NewVersusSetup(a *App) *Setup {
	st := NewSetup(a)
	v := &versus{
		level:  ui.Choice{Options: []string{"Easy", "Normal", "Hard"}, Selected: 1},
		temper: ui.Choice{Selected: 2},
		watch:  ui.Checkbox{Label: "Watch: the computer plays both sides", Short: "Computer v computer"},
	}
	for _, t := range tempers {
		v.temper.Options = append(v.temper.Options, capitalised(ai.TemperName(t)))
	}
	st.vs = v
	st.list.Items = append(st.list.Items, standardItem)
	st.list.Detail = append(st.list.Detail, "your army and the computer's from the ready-made ones or your own, then the set-up")
	st.deploy.Label, st.deploy.Short = "Deployment step: rearrange your elements within your zone first", "Deployment step"
	return st
}

func capitalised(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// layout places the computer's choices where the second player's name
// stands, from y; it returns the y the rows after them begin from less
// one row (as the second player's name field would leave it).
func (v *versus) layout(a *App, right ui.Rect, y float64) float64 {
	s := a.Theme.Scale
	v.level.Rect = ui.R(right.X, y, right.W, 38*s)
	y += 38*s + 10*s
	v.temper.Rect = ui.R(right.X, y, right.W, 38*s)
	return y
}

// place puts the watch box where play by e-mail's stands on the hotseat
// screen.
func (v *versus) place(st *Setup) {
	v.watch.Rect = st.mail.Rect
	st.mail.Rect = ui.Rect{}
	st.p2.Rect = ui.Rect{} // no second name: the computer is named by its level
}

func (v *versus) update(f *input.Frame) {
	v.level.Update(f)
	v.temper.Update(f)
	v.watch.Update(f)
}

func (v *versus) draw(a *App, dst *ebiten.Image, st *Setup) {
	th := a.Theme
	s := th.Scale
	label := th.Face(fontBold, 13)
	who := "THE COMPUTER"
	if len(st.side.Options) == 2 {
		who += "  ·  " + strings.ToUpper(st.side.Options[1-st.side.Selected])
	}
	ui.Text(dst, ui.Ellipsis(who, label, v.level.Rect.W), label, v.level.Rect.X, v.level.Rect.Y-22*s, ui.Gold, ui.Left)
	v.level.Draw(dst, th)
	v.temper.Draw(dst, th)
	v.watch.Draw(dst, th)
}

// config is the computer's seat as chosen.
func (v *versus) config() SeatSpec {
	return ComputerAt(levels[v.level.Selected], tempers[v.temper.Selected])
}

// computerName is the computer's name as a player: its level, and its
// temperament unless balanced ("Computer (hard, bold)").
func computerName(c ai.Config) string {
	n := c.Level.String()
	if c.Temper != ai.Balanced {
		n += ", " + ai.TemperName(c.Temper)
	}
	return "Computer (" + n + ")"
}

// versusSeats are the seats of a game against the computer: the person
// at side (unless watching), the computer at the other.
func versusSeats(side int, c SeatSpec, watch bool) [2]SeatSpec {
	var seats [2]SeatSpec
	seats[1-side] = c
	if watch {
		seats[side] = c
	}
	return seats
}

// seatNames are the players' names of seats: the person's typed name,
// a computer's its level.
func seatNames(seats [2]SeatSpec, person string) [2]string {
	var names [2]string
	for i, s := range seats {
		names[i] = person
		if s.Computer != nil {
			names[i] = computerName(*s.Computer)
		}
	}
	return names
}

// standardPicked reports whether the list's standard battle row is the
// one chosen.
func (st *Setup) standardPicked() bool { return st.vs != nil && st.list.Selected == len(st.names) }

// startVersus starts the game against the computer: a scenario's match
// at once, or New Standard Battle's pick of the armies with the seats
// preset.
func (st *Setup) startVersus(a *App) {
	person := strings.TrimSpace(st.p1.Text)
	a.Opts.Names[0] = person
	if person == "" {
		person = defaultNames[0]
	}
	seats := versusSeats(st.side.Selected, st.vs.config(), st.vs.watch.Checked)
	names := seatNames(seats, person)
	if st.standardPicked() {
		// The person's name fixed; a computer's follows its level there.
		var fixed [2]string
		for i, s := range seats {
			if s.Computer == nil {
				fixed[i] = names[i]
			}
		}
		sn, err := NewStandardNewFor(a, StandardPreset{Seats: seats, Names: fixed, Title: "A standard battle against the computer", HeroicDuel: st.duel.box.Checked})
		if err != nil {
			a.Toast("Cannot start a standard battle: "+err.Error(), ui.Bad)
			return
		}
		a.Push(sn)
		return
	}
	if st.sc == nil {
		return
	}
	m, ok := st.newMatch(a, names)
	if !ok {
		return
	}
	m.Seat(seats)
	a.Reset(OpenMatch(a, m))
	if st.vs.watch.Checked {
		a.Toast("The computer plays both sides: Pause holds it, the menu leaves", ui.Info)
		return
	}
	a.Toast(fmt.Sprintf("You command %s; %s plays %s", st.side.Options[st.side.Selected], names[1-st.side.Selected], st.side.Options[1-st.side.Selected]), ui.Info)
}
