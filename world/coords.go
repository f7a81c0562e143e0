package world

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Geometry constants (W1).
const (
	BlockSize = 192 // m, one landblock side
	CellSize  = 24  // m, one land cell side
	// MapOrigin is the map-coordinate offset used for every conversion
	// (dat-format §4.3; see docs/fidelity.md W3): EW = GX/240 − 101.95.
	MapOrigin = 101.95
	// MapUnit is metres per map unit (W3).
	MapUnit = 240
)

// Landblock returns the landblock id 0xXXYY (W1) of world position (x, y) in m,
// and ok=false when it lies outside the 256×256 grid.
func Landblock(x, y float32) (lb uint16, ok bool) {
	bx, by := math.Floor(float64(x)/BlockSize), math.Floor(float64(y)/BlockSize)
	if !(bx >= 0 && bx <= 255 && by >= 0 && by <= 255) {
		return 0, false
	}
	return uint16(bx)<<8 | uint16(by), true
}

// CellID returns the full outdoor land cell id (W2): landblock<<16 | (cx*8 + cy + 1),
// or 0 when (x, y) m is off the map.
func CellID(x, y float32) uint32 {
	lb, ok := Landblock(x, y)
	if !ok {
		return 0
	}
	lx, ly := Local(x, y)
	cx := min(int(lx/CellSize), 7)
	cy := min(int(ly/CellSize), 7)
	return uint32(lb)<<16 | uint32(cx*8+cy+1)
}

// Local returns the landblock-local position in m of world (x, y) (dat-format §4.2).
func Local(x, y float32) (lx, ly float32) {
	bx, by := math.Floor(float64(x)/BlockSize), math.Floor(float64(y)/BlockSize)
	return float32(float64(x) - bx*BlockSize), float32(float64(y) - by*BlockSize)
}

// WorldPos returns world metres of landblock lb at local (lx, ly) m (W1).
func WorldPos(lb uint16, lx, ly float32) (x, y float32) {
	return float32(float64(lb>>8)*BlockSize + float64(lx)), float32(float64(lb&0xFF)*BlockSize + float64(ly))
}

// MapCoords returns the map coordinates (east, north) of world (x, y) m, with
// the 101.95 origin of dat-format §4.3 (positive = E / N).
func MapCoords(x, y float32) (ew, ns float64) {
	return float64(x)/MapUnit - MapOrigin, float64(y)/MapUnit - MapOrigin
}

// FromMapCoords is the inverse of MapCoords: world metres of (east, north).
func FromMapCoords(ew, ns float64) (x, y float32) {
	return float32((ew + MapOrigin) * MapUnit), float32((ns + MapOrigin) * MapUnit)
}

// FormatMap formats world (x, y) m as "42.1N, 33.6E": one decimal of |v|,
// N/S and E/W by the sign of v (W3, values on the 101.95 origin).
func FormatMap(x, y float32) string {
	ew, ns := MapCoords(x, y)
	return fmt.Sprintf("%s, %s", mapPart(ns, "N", "S"), mapPart(ew, "E", "W"))
}

func mapPart(v float64, pos, neg string) string {
	s := pos
	if v < 0 {
		s = neg
	}
	// Round half away from zero at one decimal; the tiny bias absorbs the binary
	// error of values such as 33.6 that were computed, not typed.
	r := math.Round(float64(math.Abs(v)*10)+1e-9) / 10
	return strconv.FormatFloat(r, 'f', 1, 64) + s
}

// ParseMap parses map coordinates such as "42.1N, 33.6E", "42.1n 33.6e",
// "12.3S, 4W" (either order of the two parts) into world metres.
func ParseMap(s string) (x, y float32, err error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
	if len(fields) != 2 {
		return 0, 0, fmt.Errorf("map coordinates %q: want two parts like \"42.1N, 33.6E\"", s)
	}
	var ew, ns float64
	var haveEW, haveNS bool
	for _, f := range fields {
		f = strings.ToUpper(f)
		v, err := strconv.ParseFloat(f[:len(f)-1], 64)
		if err != nil || len(f) < 2 || math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			return 0, 0, fmt.Errorf("map coordinates %q: bad part %q", s, f)
		}
		switch f[len(f)-1] {
		case 'N':
			ns, haveNS = v, !haveNS
		case 'S':
			ns, haveNS = -v, !haveNS
		case 'E':
			ew, haveEW = v, !haveEW
		case 'W':
			ew, haveEW = -v, !haveEW
		default:
			return 0, 0, fmt.Errorf("map coordinates %q: part %q must end in N, S, E or W", s, f)
		}
	}
	if !haveEW || !haveNS {
		return 0, 0, fmt.Errorf("map coordinates %q: need one N/S and one E/W part", s)
	}
	x, y = FromMapCoords(ew, ns)
	if _, ok := Landblock(x, y); !ok {
		return 0, 0, fmt.Errorf("map coordinates %q: %w", s, ErrOffMap)
	}
	return x, y, nil
}

// ErrOffMap is ParseMap's error for well-formed coordinates outside the
// world (the window and the commands say the same thing).
var ErrOffMap = errors.New("off the map")

// ParseAt parses "0xA9B4 84 7.1": a landblock id (hex, 0x optional; a full cell
// id 0xA9B40019 is accepted too and its low half ignored) and local x, y in m
// within [0, 192). It returns world metres.
func ParseAt(s string) (x, y float32, err error) {
	l, err := ParseAtLoc(s)
	if err != nil {
		return 0, 0, err
	}
	x, y = WorldPos(l.Landblock, l.X, l.Y)
	return x, y, nil
}

// ParseAtLoc is ParseAt keeping the landblock-local position exactly (W6):
// world metres round to float32 steps of up to 4 mm; local metres do not.
func ParseAtLoc(s string) (Loc, error) {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
	if len(f) != 3 {
		return Loc{}, fmt.Errorf("position %q: want \"0xA9B4 84 7.1\" (landblock, local x, local y)", s)
	}
	lb, err := ParseLandblock(f[0])
	if err != nil {
		return Loc{}, fmt.Errorf("position %q: %v", s, err)
	}
	lx, err1 := strconv.ParseFloat(f[1], 32)
	ly, err2 := strconv.ParseFloat(f[2], 32)
	if err1 != nil || err2 != nil || !(lx >= 0 && lx < BlockSize && ly >= 0 && ly < BlockSize) {
		return Loc{}, fmt.Errorf("position %q: local x, y must be numbers in [0, 192)", s)
	}
	return Loc{Landblock: lb, X: float32(lx), Y: float32(ly)}, nil
}

// ParseLandblock parses a landblock id "0xA9B4" or "A9B4" (or a full id
// "0xA9B4FFFF"/"0xA9B40019", whose high half is taken).
func ParseLandblock(s string) (uint16, error) {
	h := strings.TrimPrefix(strings.TrimPrefix(s, "0x"), "0X")
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil || (len(h) != 4 && len(h) != 8) {
		return 0, fmt.Errorf("bad landblock id %q (want 0xXXYY)", s)
	}
	if len(h) == 8 {
		v >>= 16
	}
	return uint16(v), nil
}
