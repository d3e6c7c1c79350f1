package army_test

import (
	"slices"
	"testing"

	"pelennor/army"
	"pelennor/terrain"
)

// A list's home terrain names one of the terrain generator's styles (A9),
// so a standard battle can lay the defender's own country.
func TestHomeTerrainsAreTerrainStyles(t *testing.T) {
	var styles []string
	for _, s := range terrain.Styles {
		styles = append(styles, s.Name)
	}
	if !slices.Equal(army.HomeTerrains, styles) {
		t.Errorf("army.HomeTerrains %q, terrain.Styles %q", army.HomeTerrains, styles)
	}
}
