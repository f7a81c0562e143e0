package assets

// land.go: terrain map + coarse heights → the 25 LandBlock records.

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"soundworld/dat"
)

// The stand-in covers landblocks 0xA7B2..0xABB6: 5×5 centred on Holtburg 0xA9B4.
const (
	BaseX, BaseY = 0xA7, 0xB2 // south-west landblock
	CentreBlock  = 0xA9B4     // Holtburg
)

// ParseHeightTable reads the index,height_m CSV (a header line then 256 rows
// in index order) into a height table, m.
func ParseHeightTable(file string, src []byte) ([256]float32, error) {
	var t [256]float32
	ls := lines(src)
	if len(ls) != 257 {
		return t, &DescError{File: file, Line: len(ls), Col: 1, Msg: fmt.Sprintf("want a header and 256 rows, got %d lines", len(ls))}
	}
	for i, ln := range ls[1:] {
		a, b, ok := strings.Cut(strings.TrimSpace(ln), ",")
		idx, err1 := strconv.Atoi(a)
		h, err2 := strconv.ParseFloat(b, 32)
		if !ok || err1 != nil || err2 != nil || idx != i {
			return t, &DescError{File: file, Line: i + 2, Col: 1, Msg: fmt.Sprintf("want \"%d,<metres>\", got %q", i, ln)}
		}
		t[i] = float32(h)
	}
	return t, nil
}

// catmullRom interpolates p1..p2 at u ∈ [0,1] with neighbours p0, p3.
func catmullRom(p0, p1, p2, p3, u float64) float64 {
	return float64(0.5 * (float64(2*p1) + float64((-p0+p2)*u) + float64(float64((float64(2*p0)-float64(5*p1)+float64(4*p2)-p3)*u)*u) + float64(float64(float64((-p0+float64(3*p1)-float64(3*p2)+p3)*u)*u)*u)))
}

// vertexHeightM is the authored height (m) of global vertex (gx, gy): the
// coarse samples interpolated with a Catmull-Rom spline (smooth, passes
// through every sample), minus the legend's lower-m for that vertex.
func (d *Description) vertexHeightM(gx, gy int) float64 {
	at := func(i, j int) float64 {
		i = max(0, min(i, CoarsePerSide-1))
		j = max(0, min(j, CoarsePerSide-1))
		return d.CoarseHeight[i][j]
	}
	ci, cj := gx/HeightStep, gy/HeightStep
	u := float64(float64(gx%HeightStep) / HeightStep)
	v := float64(float64(gy%HeightStep) / HeightStep)
	var col [4]float64
	for k := -1; k <= 2; k++ {
		col[k+1] = catmullRom(at(ci-1, cj+k), at(ci, cj+k), at(ci+1, cj+k), at(ci+2, cj+k), u)
	}
	h := catmullRom(col[0], col[1], col[2], col[3], v)
	return h - d.Legend[d.TerrainMap[gx][gy]].LowerM
}

// heightIndex is the index of the table entry nearest to m (the lowest index
// on a tie); the table is non-decreasing.
func heightIndex(table *[256]float32, m float64) uint8 {
	best, bestD := 0, math.Inf(1)
	for i, h := range table {
		if dd := math.Abs(float64(h) - m); dd < bestD {
			best, bestD = i, dd
		}
	}
	return uint8(best)
}

// LandBlocks builds the 25 landblocks. Vertex (x, y) of block (bx, by) is
// global vertex (bx·8 + x, by·8 + y), so shared edges agree by construction.
func (d *Description) LandBlocks(table *[256]float32) []*dat.LandBlock {
	var hidx [VertsPerSide][VertsPerSide]uint8
	for gx := range VertsPerSide {
		for gy := range VertsPerSide {
			hidx[gx][gy] = heightIndex(table, d.vertexHeightM(gx, gy))
		}
	}
	var out []*dat.LandBlock
	for bx := range BlocksPerSide {
		for by := range BlocksPerSide {
			lb := &dat.LandBlock{ID: dat.LandBlockID(uint8(BaseX+bx), uint8(BaseY+by))}
			if hasInfo(uint16(lb.ID >> 16)) {
				lb.HasObjects = 1 // the forge's and the landmarks' LandBlockInfo (landmarks.go)
			}
			for x := range 9 {
				for y := range 9 {
					gx, gy := bx*8+x, by*8+y
					lb.Terrain[x*9+y] = d.Legend[d.TerrainMap[gx][gy]].Word()
					lb.Height[x*9+y] = hidx[gx][gy]
				}
			}
			out = append(out, lb)
		}
	}
	return out
}

// groundZ is the terrain height (m) at landblock-local (x, y) of lb:
// bilinear between the four surrounding vertices (good enough to seat an
// object; the exact triangle split of §4.4 is not needed here).
func groundZ(lb *dat.LandBlock, table *[256]float32, x, y float64) float32 {
	ix, iy := min(int(float64(x/24)), 7), min(int(float64(y/24)), 7)
	u, v := float64(x/24)-float64(ix), float64(y/24)-float64(iy)
	h := func(i, j int) float64 { return float64(table[lb.Height[i*9+j]]) }
	return float32(float64(float64((1-u)*(1-v))*h(ix, iy)) + float64(float64(u*(1-v))*h(ix+1, iy)) + float64(float64((1-u)*v)*h(ix, iy+1)) + float64(float64(u*v)*h(ix+1, iy+1)))
}
