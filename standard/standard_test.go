package standard

import (
	"testing"

	"pelennor/engine"
	"pelennor/engine/dice"
)

func TestAutoSetupQuick(t *testing.T) {
	_, sc, err := Builtin("gondor", "mordor")
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := engine.NewGame(sc, dice.NewPCG(7), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	acts, err := AutoSetup(g, Generated(7, [2]string{}))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d actions; bound %d phase %v", len(acts), g.Bound(), g.Phase())
}
