package terrain

import (
	"encoding/binary"
	"testing"

	"pelennor/engine/geom"
)

// Check and the deployment checks never panic, whatever the features:
// bad input gets problems, not a crash.
func FuzzCheck(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})
	f.Add([]byte("\xff\xff\xff\xff\x80\x00\x00\x00\x7f\xff\xff\xffriver road wood hill"))
	f.Fuzz(func(t *testing.T, data []byte) {
		next := func() int {
			if len(data) < 4 {
				return 0
			}
			v := int32(binary.LittleEndian.Uint32(data))
			data = data[4:]
			if v%3 == 0 {
				return int(v % 3000) // mostly table-sized numbers
			}
			return int(v)
		}
		var fs []Feature
		for len(data) >= 4 && len(fs) < 12 {
			k := Palette[uint(next())%uint(len(Palette))]
			ft := Feature{Name: "f", Kind: k.Name, X: next(), Y: next(), Width: next(), Depth: next(), Facing: next()}
			ft.Shape = Shapes[uint(next())%uint(len(Shapes))].Name
			if k.Linear {
				for range uint(next()) % 10 {
					ft.Path = append(ft.Path, [2]int{next(), next()})
				}
			}
			fs = append(fs, ft)
		}
		a := Standard.Assess(fs)
		for _, p := range a.Problems {
			_ = p.Describe()
		}
		b := geom.Base{Front: geom.Point{X: geom.Sub(next()), Y: geom.Sub(next())}, Facing: geom.Angle(next()),
			Width: geom.Sub(next() % 100000), Depth: geom.Sub(next() % 100000)}
		Standard.DeployProblem(South, b)
		Standard.StrongholdProblem(North, b)
	})
}
