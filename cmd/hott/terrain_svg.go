package main

import (
	"bytes"
	"fmt"
	"html"
	"strings"

	"pelennor/engine/geom"
	"pelennor/terrain"
)

// terrainColours are the fill and outline of each kind in the picture.
var terrainColours = map[string][2]string{
	"wood":       {"#2f6a34", "#1d4521"},
	"hill":       {"#c9b47c", "#9a8552"},
	"marsh":      {"#6f9a8c", "#43695d"},
	"rough":      {"#a39271", "#75664a"},
	"built-up":   {"#b0673d", "#7a4022"},
	"water":      {"#4d82bd", "#2f5d91"},
	"impassable": {"#6d6a66", "#44423f"},
	"river":      {"#4f8cd0", "none"},
	"road":       {"#dcc9a0", "none"},
}

// terrainSVG draws a layout: the table in paces, quarter lines, the
// centre's 600 p circle and the 600 p deployment lines of the long edges,
// every feature with its name, and a caption with the check.
func terrainSVG(title string, lay Layout, a terrain.Assessment) []byte {
	w, h := lay.Table.Width, lay.Table.Height
	foot := 140
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" font-family="sans-serif">`+"\n",
		w, h+foot, w*3/10, (h+foot)*3/10)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#f4f1e8"/><rect width="%d" height="%d" fill="#a7c47a"/>`+"\n", w, h+foot, w, h)
	// Kinds in drawing order: rivers and roads over the rest.
	order := []string{"hill", "marsh", "rough", "water", "impassable", "wood", "built-up", "river", "road"}
	for _, kind := range order {
		for _, f := range lay.Features {
			if f.Kind != kind {
				continue
			}
			c := terrainColours[kind]
			for _, p := range f.Parts() {
				fmt.Fprintf(&b, `<polygon points="%s" fill="%s" stroke="%s" stroke-width="6"/>`+"\n", svgPoints(p), c[0], c[1])
			}
		}
	}
	// Guides: quarter lines, the central circle, the deployment lines.
	guide := `stroke="#ffffff" stroke-opacity="0.7" stroke-width="5" stroke-dasharray="30 20" fill="none"`
	fmt.Fprintf(&b, `<line x1="%d" y1="0" x2="%d" y2="%d" %s/><line x1="0" y1="%d" x2="%d" y2="%d" %s/>`+"\n",
		w/2, w/2, h, guide, h/2, w, h/2, guide)
	fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="%d" %s/>`+"\n", w/2, h/2, terrain.CentreReach, guide)
	for _, e := range lay.Table.LongEdges() {
		z := lay.Table.Zone(e, terrain.DeployDepth)
		fmt.Fprintf(&b, `<polygon points="%s" stroke="#fff3b0" stroke-opacity="0.8" stroke-width="5" stroke-dasharray="10 14" fill="none"/>`+"\n", svgPoints(z))
	}
	central := map[int]bool{}
	for _, i := range a.Central {
		central[i] = true
	}
	for i, f := range lay.Features {
		x, y := labelAt(f)
		name := html.EscapeString(f.Name)
		if central[i] {
			name += " ●"
		}
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="44" text-anchor="middle" fill="#1b1b1b" stroke="#ffffff" stroke-width="10" paint-order="stroke" stroke-opacity="0.6">%s</text>`+"\n",
			x, y, name)
	}
	verdict := "legal under RULES.md §13 step 2"
	if len(a.Problems) > 0 {
		var msgs []string
		for _, p := range a.Problems {
			msgs = append(msgs, p.Describe())
		}
		verdict = fmt.Sprintf("%d problems: %s", len(a.Problems), strings.Join(msgs, "; "))
	}
	fmt.Fprintf(&b, `<text x="30" y="%d" font-size="52" fill="#222">%s</text>`+"\n", h+60, html.EscapeString(title))
	fmt.Fprintf(&b, `<text x="30" y="%d" font-size="40" fill="#444">%s · ● central bad going</text>`+"\n",
		h+115, html.EscapeString(verdict))
	b.WriteString("</svg>\n")
	return b.Bytes()
}

// svgPoints writes a polygon's corners in paces, to 1/100.
func svgPoints(p geom.Poly) string {
	var s []string
	for _, v := range p {
		s = append(s, subText(v.X)+","+subText(v.Y))
	}
	return strings.Join(s, " ")
}

// subText writes sub-paces as paces with two decimals, in integers.
func subText(v geom.Sub) string {
	sign := ""
	if v < 0 {
		sign, v = "-", -v
	}
	whole, frac := int(v)/geom.PerPace, int(v)%geom.PerPace*100/geom.PerPace
	return fmt.Sprintf("%s%d.%02d", sign, whole, frac)
}

// labelAt is where a feature's name goes: an area's centre, a path's
// middle point (between its two middle points for an even count).
func labelAt(f terrain.Feature) (int, int) {
	if n := len(f.Path); n > 0 {
		a, b := f.Path[(n-1)/2], f.Path[n/2]
		return (a[0]+b[0])/2 + 60, (a[1]+b[1])/2 - 40
	}
	return f.X, f.Y + 15
}
