package game

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/engine/dice"
	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/saves"
	"pelennor/game/ui"
)

// Play by e-mail with keyed dice (docs/formats.md §5.2). Each player's
// master secret stays in the configuration store of the player's own
// computer (a file on the desktop, localStorage in the browser), under the
// match id; no file the game writes for sending holds it.

// secretFile is what the store keeps for one match.
type secretFile struct {
	Match  string `json:"match"`
	Side   int    `json:"side"`
	Master string `json:"master"` // hex
}

func secretName(match string) string { return "pbem-" + match + ".secret" }

// secretFor returns this player's secret of a match, or nil.
func (a *App) secretFor(match string) *engine.Secret {
	if a.storage.Config == nil || !engine.ValidMatchID(match) {
		return nil
	}
	data, err := a.storage.Config.Get(secretName(match))
	if err != nil {
		return nil
	}
	var f secretFile
	if json.Unmarshal(data, &f) != nil || f.Match != match {
		return nil
	}
	m, err := hex.DecodeString(f.Master)
	if err != nil || len(m) != dice.MasterSize {
		return nil
	}
	return &engine.Secret{Match: match, Side: f.Side, Master: m}
}

// newSecret makes and keeps a new secret for side of a match.
func (a *App) newSecret(match string, side int) (*engine.Secret, error) {
	if a.storage.Config == nil {
		return nil, errors.New("there is nowhere to keep your secret for this match")
	}
	if _, err := a.storage.Config.Get(secretName(match)); !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("this computer already holds a secret for match %s", match[:8])
	}
	m, err := dice.NewMaster(secureReader{})
	if err != nil {
		return nil, err
	}
	data, err := json.Marshal(secretFile{Match: match, Side: side, Master: hex.EncodeToString(m)})
	if err != nil {
		return nil, err
	}
	if err := a.storage.Config.Put(secretName(match), data); err != nil {
		return nil, fmt.Errorf("your secret for this match cannot be kept: %w", err)
	}
	return &engine.Secret{Match: match, Side: side, Master: m}, nil
}

// secureReader reads secureRandom, for dice.NewMaster.
type secureReader struct{}

func (secureReader) Read(b []byte) (int, error) {
	if err := secureRandom(b); err != nil {
		return 0, err
	}
	return len(b), nil
}

// newMatchID is 16 random bytes in hex.
func newMatchID() (string, error) {
	b := make([]byte, 16)
	if err := secureRandom(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

// NewMailMatch starts a play-by-e-mail match created on this computer
// by the player of side: a match id and a secret are made, the secret
// kept, and the match autosaved so that the acceptance can continue it.
func (a *App) NewMailMatch(sc *engine.Scenario, side int, names [2]string, c Choices) (*Match, error) {
	match, err := newMatchID()
	if err != nil {
		return nil, err
	}
	sec, err := a.newSecret(match, side)
	if err != nil {
		return nil, err
	}
	h, err := engine.NewKeyedHistory(sc, match, sec, c.options(sc))
	if err != nil {
		return nil, err
	}
	m := MatchOf(h, names)
	a.Autosave(m)
	return m, nil
}

// acceptInvitation makes this computer's game of a match from its
// invitation: a secret for the side left free, kept here.
func (a *App) acceptInvitation(g *saves.Game) (*Match, error) {
	k := g.Save.Keyed
	side := 0
	if k.Heads[0] != "" {
		side = 1
	}
	sec, err := a.newSecret(k.Match, side)
	if err != nil {
		return nil, err
	}
	h, err := engine.AcceptInvitation(g.Save, g.Sc, sec)
	if err != nil {
		_ = a.storage.Config.Remove(secretName(k.Match))
		return nil, err
	}
	m := MatchOf(h, playerNames(g.Names))
	m.File = g.File
	a.Autosave(m)
	return m, nil
}

// mailTurn decides what a play-by-e-mail battle shows after an action or
// on opening: the result; the bound's begin, when it is this player's and
// its dice can be opened here (the player has asked to play it); or the
// waiting card, which offers the turn file to send. It reports whether
// the match is a play-by-e-mail one.
func (a *App) mailTurn(m *Match) bool {
	if m.H == nil || m.H.Own() < 0 {
		return false
	}
	g := m.G
	if g.Phase() == engine.PhaseOver {
		return true
	}
	_, acting := g.ToAct()
	if acting == m.H.Own() && g.DiceOpen() {
		if g.Awaiting() {
			if _, err := m.Submit(engine.Action{Kind: engine.ActBegin}); err != nil {
				a.Toast("Cannot begin the bound: "+reason(err), ui.Bad)
			}
		}
		return true
	}
	if _, ok := a.Top().(*Waiting); !ok {
		a.Push(NewWaiting(a, m))
	}
	return true
}

// Waiting covers a play-by-e-mail battle while the opponent is to act
// (or this player's dice need the opponent's next file): it offers the
// turn file to send.
type Waiting struct {
	m            *Match
	title, note  string
	export, menu ui.Button
}

// NewWaiting returns the waiting card of a play-by-e-mail match.
func NewWaiting(a *App, m *Match) *Waiting {
	own := m.H.Own()
	other := m.Names[1-own]
	w := &Waiting{m: m,
		export: ui.Button{Label: "Export turn file", Primary: true, Key: ebiten.KeyE, KeyLabel: "E"},
		menu:   keyed(ui.Button{Label: "Main menu"}, control.CmdBack),
	}
	k := m.H.KeyedDice()
	switch _, acting := m.G.ToAct(); {
	case !k.Committed():
		w.title = "Invite " + other
		w.note = "Send the invitation to " + other + ". When their acceptance comes back, open it here."
	case acting == own:
		w.title = "Your dice need " + other + "'s next file"
		w.note = "Your next dice are sealed until " + other + " has revealed their part: send them your turn file; open their reply here."
	default:
		w.title = "Your part is done: send it to " + other
		w.note = "Export the turn file and send it to " + other + ". When their turn file comes back, open it here (Load on the title screen)."
	}
	return w
}

func (w *Waiting) layout(a *App) ui.Rect {
	s := a.Theme.Scale
	wd, ht := math.Min(a.W-60*s, 720*s), math.Min(a.H-80*s, 300*s)
	p := ui.R(a.W/2-wd/2, a.H/2-ht/2, wd, ht)
	w.export.Rect = ui.R(p.Right()-30*s-230*s, p.Bottom()-28*s-50*s, 230*s, 50*s)
	w.menu.Rect = ui.R(w.export.Rect.X-14*s-170*s, w.export.Rect.Y, 170*s, 50*s)
	return p
}

// Update offers the export and the way out.
func (w *Waiting) Update(a *App, f *input.Frame) error {
	w.layout(a)
	switch {
	case w.export.Update(f):
		a.Push(NewExportDialog(a, w.m))
	case w.menu.Update(f):
		a.Reset(NewTitle(a))
	}
	return nil
}

// Draw hides the table behind the card: nothing on it is this player's to
// move now.
func (w *Waiting) Draw(a *App, dst *ebiten.Image) {
	p := w.layout(a)
	th := a.Theme
	s := th.Scale
	theBackdrop.draw(dst)
	ui.Fill(dst, ui.R(0, 0, a.W, a.H), ui.Alpha(ui.Backdrop, 0.45))
	ui.Panel(dst, th, p)
	ui.Text(dst, w.title, th.Face(fontSmallCaps, 24), p.X+30*s, p.Y+26*s, ui.GoldBright, ui.Left)
	y := p.Y + 76*s
	small := th.Small()
	for _, l := range ui.Wrap(w.note, small, p.W-60*s) {
		ui.Text(dst, l, small, p.X+30*s, y, ui.Parchment, ui.Left)
		y += ui.LineHeight(small)
	}
	g := w.m.G
	ui.Text(dst, fmt.Sprintf("%s  ·  bound %d  ·  play by e-mail", w.m.Sc.Name, g.Bound()), small, p.X+30*s, y+10*s, ui.ParchDim, ui.Left)
	w.menu.Draw(dst, th)
	w.export.Draw(dst, th)
}
