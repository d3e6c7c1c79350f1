package armybuild

import (
	"errors"
	"fmt"

	"pelennor/army"
	"pelennor/engine"
	"pelennor/game/store"
	"pelennor/standard"
)

// Offer is an army a player may pick: a ready-made one (army/armies) or
// one of the player's stored armies.
type Offer struct {
	Label  string // the army's name
	Detail string // its list, where it comes from, what is wrong with it
	Ready  string // the list id of a ready-made army, or ""
	File   string // the store's file of a stored army, or ""
	Err    error  // a stored file that cannot be read
}

// Offers lists the stored armies first (the player's own, newest work),
// then the ready-made army of every list.
func Offers(cat *army.Catalog, stored []store.StoredArmy) []Offer {
	var out []Offer
	for _, s := range stored {
		o := Offer{Label: s.Name, File: s.File, Err: s.Err}
		switch {
		case s.Err != nil:
			o.Label, o.Detail = s.File, "cannot be read: "+s.Err.Error()
		default:
			if l, ok := cat.List(s.List); ok {
				o.Detail = l.Name + "  ·  your army"
			} else {
				o.Detail = fmt.Sprintf("list %q is unknown  ·  your army", s.List)
			}
		}
		out = append(out, o)
	}
	for _, id := range cat.IDs() {
		l, _ := cat.List(id)
		a, ok := cat.Army(id)
		if !ok {
			continue
		}
		out = append(out, Offer{Label: a.Name, Detail: fmt.Sprintf("%s  ·  %d elements  ·  ready-made", l.Name, len(a.Elements)), Ready: id})
	}
	return out
}

// Pick is one player's army for a standard battle.
type Pick struct {
	List *army.List
	Army *army.Army
}

// Take reads an offer's army.
func Take(cat *army.Catalog, s *store.Armies, o Offer) (*Pick, error) {
	var a *army.Army
	switch {
	case o.Err != nil:
		return nil, o.Err
	case o.Ready != "":
		ra, ok := cat.Army(o.Ready)
		if !ok {
			return nil, fmt.Errorf("no ready-made army of list %q", o.Ready)
		}
		a = ra
	case o.File != "":
		if s == nil {
			return nil, errors.New("no store of armies")
		}
		sa, err := s.Load(o.File)
		if err != nil {
			return nil, err
		}
		a = sa
	default:
		return nil, errors.New("nothing to pick")
	}
	l, ok := cat.List(a.List)
	if !ok {
		return nil, fmt.Errorf("the army %q is of list %q, which this game does not have", a.Name, a.List)
	}
	return &Pick{List: l, Army: a}, nil
}

// Report is army.Validate's report on the pick at a budget.
func (p *Pick) Report(budget int) army.Report { return army.Validate(p.List, p.Army, budget) }

// Battle builds the standard battle's scenario between two picks at a
// budget (standard.Scenario); an army that is not legal is refused with
// its problems.
func Battle(picks [2]*Pick, budget int) (*engine.Scenario, error) {
	return battle(picks, budget, standard.Scenario)
}

// DuelBattle is Battle with the heroic duel in play
// (standard.DuelScenario): the ruling in the scenario, and each element
// with the hero sheets of its list entry (ruling TA28).
func DuelBattle(picks [2]*Pick, budget int) (*engine.Scenario, error) {
	return battle(picks, budget, standard.DuelScenario)
}

func battle(picks [2]*Pick, budget int, build func(la, lb *army.List, a, b *army.Army, budget int) ([]byte, *engine.Scenario, error)) (*engine.Scenario, error) {
	for i, p := range picks {
		if p == nil {
			return nil, fmt.Errorf("player %d has no army yet", i+1)
		}
	}
	_, sc, err := build(picks[0].List, picks[1].List, picks[0].Army, picks[1].Army, budget)
	return sc, err
}
