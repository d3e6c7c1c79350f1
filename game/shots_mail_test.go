package game

import (
	"slices"
	"testing"

	"pelennor/game/internal/ebitest"
)

// TestMailScreenshots writes the screens of a play-by-e-mail match into
// $PELENNOR_SHOTS (skipped when unset): the new-battle setup with the
// choice ticked, the invitation dialog and the waiting card.
//
//	PELENNOR_SHOTS=/tmp/shots EBITEST_SIZE=1600x900 xvfb-run -a -s "-screen 0 1600x900x24" go test -run MailScreenshots ./game/
func TestMailScreenshots(t *testing.T) {
	shot := shotWriter(t)
	save := func(name string, a *App, frames int) { shot(name, ebitest.Run(t, a, frames)) }
	a, _ := app(t, Options{})
	st := NewSetup(a)
	st.list.Selected = slices.Index(st.names, "skirmish")
	st.pick(a)
	st.mail.Checked = true
	a.Reset(st)
	save("mail-setup.png", a, 4)
	st.startMail(a, [2]string{"Alice", "Bob"})
	save("mail-invitation.png", a, 4)
	a.Pop()
	save("mail-waiting.png", a, 4)
}
