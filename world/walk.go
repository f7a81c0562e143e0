package world

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"soundworld/dat"
)

// Walk is a player path: points at times, walked with linear interpolation
// and the heading turned the short way round (render -path). Eye and Chase,
// when the file sets them, are the camera's (W5).
type Walk struct {
	Points     []WalkPoint
	Eye, Chase *float32
	Changes    []WalkChange // camera, prefs and focus changes of a recorded walk (walk_changes.go)
}

// WalkPoint is one point of a Walk: time in s, the player's landblock-local
// position (W6), its world position in m (the same, for display) and heading
// in deg. Cell, when an EnvCell, puts the player indoors there (A11) with the
// feet on the floor at Loc.Z; 0 is outdoors (Loc.Z unused).
type WalkPoint struct {
	T       float64
	Loc     Loc
	X, Y    float32
	Heading float32
	Cell    uint32
}

// loc is the point's Loc; a point built in code with world X, Y only (no
// Loc) is converted exactly from them.
func (p WalkPoint) loc() Loc {
	if p.Loc == (Loc{}) && (p.X != 0 || p.Y != 0) {
		return LocOf(Pos{X: p.X, Y: p.Y})
	}
	return p.Loc
}

type walkFile struct {
	Format  json.RawMessage  `json:"format"` // FormatVersion (absent: 1)
	Note    string           `json:"note"`   // free text (a recorded walk says how to render it)
	Camera  string           `json:"camera"` // a W5 preset's name (CameraPresets); eye and chase override its values
	Eye     *float32         `json:"eye"`
	Chase   *float32         `json:"chase"`
	Changes []walkChangeJSON `json:"changes"` // walk_changes.go
	Points  []walkPointJSON  `json:"points"`
}

// walkPointJSON is one point of a path file.
type walkPointJSON struct {
	T         *float64 `json:"t"`
	Landblock string   `json:"landblock"`
	X         *float32 `json:"x"`
	Y         *float32 `json:"y"`
	Heading   float32  `json:"heading"`
	Cell      string   `json:"cell"` // A11: an EnvCell id (0xXXYY0100 and up) puts the player indoors …
	Z         *float32 `json:"z"`    // … on the floor at z (landblock-local m)
	Loc       string   `json:"loc"`  // retail's /loc line instead of landblock/x/y/heading/cell/z
}

// LoadWalk parses `{"eye":2,"chase":0,"points":[{"t":0,"landblock":"0xA9B4","x":84,"y":7.1,"heading":0},…]}`
// (camera optional, a W5 preset's name: "retail" or "first-person"; eye and
// chase optional, m ≥ 0, overriding the preset's; a point may give retail's /loc line as
// `"loc": "0xA9B40019 [84 7.1 85] 1 0 0 0"` instead of landblock/x/y/heading); times must be finite, ≥ 0 and strictly
// increasing; nothing may follow the JSON value. name is used in errors.
// A point indoors (A11) gives `"cell": "0xA9B40100", "z": <floor>` beside
// landblock/x/y/heading, or a /loc line whose cell is an EnvCell (its z is
// the floor); the cell must lie in the point's landblock. Whether the data
// holds it is checked when the walk is placed (WalkCursor.Place).
func LoadWalk(r io.Reader, name string) (*Walk, error) {
	f, err := decodeWalkFile(r, name)
	if err != nil {
		return nil, err
	}
	if len(f.Points) == 0 {
		return nil, fmt.Errorf("%s: no points", name)
	}
	w := &Walk{Eye: f.Eye, Chase: f.Chase}
	if f.Camera != "" { // W5: the preset, then eye and chase given beside it win
		p, err := CameraPresetNamed(f.Camera)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		if w.Eye == nil {
			w.Eye = &p.Eye
		}
		if w.Chase == nil {
			w.Chase = &p.Chase
		}
	}
	if w.Changes, err = parseChanges(name, f.Changes); err != nil {
		return nil, err
	}
	for i, p := range f.Points {
		wp, err := p.point(name, i, w.Points)
		if err != nil {
			return nil, err
		}
		w.Points = append(w.Points, wp)
	}
	return w, nil
}

// decodeWalkFile reads and decodes a path file (at most maxLayoutBytes,
// known keys only, nothing after the JSON value) and checks its format and
// its eye and chase bounds; name is used in errors.
func decodeWalkFile(r io.Reader, name string) (*walkFile, error) {
	b, err := readTextFile(r, name, "path file")
	if err != nil {
		return nil, err
	}
	var f walkFile
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		off := dec.InputOffset()
		if se, ok := err.(*json.SyntaxError); ok {
			off = syntaxPos(b, se)
		} else if te, ok := err.(*json.UnmarshalTypeError); ok {
			off = te.Offset
		} else if k, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
			version, _ := CheckFormat(f.Format, "path file") // the keys before it are decoded
			err = UnknownKey("path file", strings.Trim(k, `"`), max(version, 1))
		}
		return nil, fmt.Errorf("%s:%s: %v", name, lineCol(b, off), err)
	}
	if _, err := CheckFormat(f.Format, "path file"); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if end := skipSpace(b, dec.InputOffset()); end < int64(len(b)) {
		return nil, fmt.Errorf("%s:%s: trailing data after the path", name, lineCol(b, end))
	}
	for _, v := range []struct {
		field string
		p     *float32
	}{{"eye", f.Eye}, {"chase", f.Chase}} {
		if v.p != nil && !(*v.p >= 0 && *v.p <= MaxEye) { // MaxEye = MaxChase: the flags' bounds
			return nil, fmt.Errorf("%s: %s: %v: want metres in 0..%d", name, v.field, *v.p, MaxEye)
		}
	}
	return &f, nil
}

// point checks path file point i (file name), which follows the points
// before, and returns it as a WalkPoint.
func (p walkPointJSON) point(name string, i int, before []WalkPoint) (WalkPoint, error) {
	cell, err := p.indoors(name, i)
	if err != nil {
		return WalkPoint{}, err
	}
	if p.T == nil || p.X == nil || p.Y == nil {
		return WalkPoint{}, fmt.Errorf("%s: points[%d]: t, x and y are required", name, i)
	}
	lb, err := ParseLandblock(p.Landblock)
	if err != nil {
		return WalkPoint{}, fmt.Errorf("%s: points[%d].landblock: %v", name, i, err)
	}
	if !(*p.T >= 0) || math.IsInf(*p.T, 0) {
		return WalkPoint{}, fmt.Errorf("%s: points[%d].t: %v must be a time ≥ 0", name, i, *p.T)
	}
	if i > 0 && !(*p.T > before[i-1].T) {
		return WalkPoint{}, fmt.Errorf("%s: points[%d].t: %v not after the previous point", name, i, *p.T)
	}
	if !(*p.X >= 0 && *p.X < BlockSize && *p.Y >= 0 && *p.Y < BlockSize) {
		return WalkPoint{}, fmt.Errorf("%s: points[%d]: local x, y must be in [0, 192)", name, i)
	}
	if !(p.Heading >= -MaxHeading && p.Heading <= MaxHeading) { // -heading's bounds; NaN fails too
		return WalkPoint{}, fmt.Errorf("%s: points[%d].heading: %v: want compass degrees in -%d..%d", name, i, p.Heading, MaxHeading, MaxHeading)
	}
	l := Loc{Landblock: lb, X: *p.X, Y: *p.Y}
	if cell != 0 {
		if uint16(cell>>16) != lb {
			return WalkPoint{}, fmt.Errorf("%s: points[%d].cell: EnvCell 0x%08X is not in landblock 0x%04X", name, i, cell, lb)
		}
		l.Z = *p.Z
	}
	x, y := WorldPos(lb, *p.X, *p.Y)
	return WalkPoint{T: *p.T, Loc: l, X: x, Y: y, Heading: p.Heading, Cell: cell}, nil
}

// indoors reads a /loc line into p's landblock/x/y/heading (and, for an
// EnvCell, its cell and floor z), or checks p's cell and z (A11); it
// returns the EnvCell, 0 outdoors.
func (p *walkPointJSON) indoors(name string, i int) (uint32, error) {
	switch {
	case p.Loc != "": // retail's /loc line: its position and facing (RetailLoc)
		if p.Landblock != "" || p.X != nil || p.Y != nil || p.Heading != 0 || p.Cell != "" || p.Z != nil {
			return 0, fmt.Errorf("%s: points[%d]: give loc or landblock/x/y/heading/cell/z, not both", name, i)
		}
		rl, err := ParseRetailLoc(p.Loc)
		if err != nil {
			return 0, fmt.Errorf("%s: points[%d].loc: %v", name, i, err)
		}
		x, y := float32(rl.X), float32(rl.Y)
		p.Landblock, p.X, p.Y, p.Heading = fmt.Sprintf("0x%04X", rl.Cell>>16), &x, &y, rl.Heading()
		if dat.IsEnvCellID(rl.Cell) { // A11: an indoor /loc keeps its cell and floor
			z := float32(rl.Z)
			p.Z = &z
			return rl.Cell, nil
		}
	case p.Cell != "":
		c, err := strconv.ParseUint(strings.TrimPrefix(strings.ToLower(p.Cell), "0x"), 16, 32)
		if err != nil || !dat.IsEnvCellID(uint32(c)) {
			return 0, fmt.Errorf("%s: points[%d].cell: %q: want an EnvCell id 0xXXYY0100..0xXXYYFFFD (A11)", name, i, p.Cell)
		}
		if p.Z == nil || !finite32(*p.Z) {
			return 0, fmt.Errorf("%s: points[%d]: cell %s needs its floor z (m)", name, i, p.Cell)
		}
		return uint32(c), nil
	case p.Z != nil:
		return 0, fmt.Errorf("%s: points[%d].z: only an indoor point (cell) has a floor", name, i)
	}
	return 0, nil
}

// At returns the player's world position (m) and heading (deg, [0, 360)) at
// time t (s); before the first point and after the last it stays there.
func (w *Walk) At(t float64) (x, y, heading float32) {
	l, h := w.LocAt(t)
	p := l.World()
	return p.X, p.Y, h
}

// LocAt returns the player's landblock-local position (W6) and heading at time
// t (s): at a point's time exactly the point's own local coordinates; between
// two points the interpolation runs in float64 world metres and each local
// coordinate is rounded once.
func (w *Walk) LocAt(t float64) (Loc, float32) {
	ps := w.Points
	i := sort.Search(len(ps), func(i int) bool { return ps[i].T > t })
	if i == 0 {
		return ps[0].loc(), normDeg(ps[0].Heading)
	}
	if i == len(ps) {
		p := ps[len(ps)-1]
		return p.loc(), normDeg(p.Heading)
	}
	a, b := ps[i-1], ps[i]
	f := (t - a.T) / (b.T - a.T)
	d := math.Mod(float64(b.Heading-a.Heading), 360)
	if d > 180 {
		d -= 360
	} else if d < -180 {
		d += 360
	}
	h := normDeg(float32(float64(a.Heading) + float64(d*f))) // explicit: no fused multiply-add (O3)
	if f == 0 {
		return a.loc(), h
	}
	ax, ay := a.loc().world64()
	bx, by := b.loc().world64()
	return locOf64(ax+float64((bx-ax)*f), ay+float64((by-ay)*f), 0), h
}

// CellAt is the EnvCell the walk is in at t (s) and its floor (A11; 0
// outdoors): a point's cell and floor hold from its time until the next
// point's — the position moves between points, the cell changes at them.
// A recorded walk has a point at every tick where the player moved, so this
// is the cell the window's Sim had at each tick.
func (w *Walk) CellAt(t float64) (cell uint32, floor float32) {
	ps := w.Points
	i := sort.Search(len(ps), func(i int) bool { return ps[i].T > t })
	p := ps[max(i-1, 0)]
	if p.Cell == 0 {
		return 0, 0
	}
	return p.Cell, p.Loc.Z
}

// End is the time of the last point in s.
func (w *Walk) End() float64 { return w.Points[len(w.Points)-1].T }

// skipSpace steps past JSON whitespace from off.
func skipSpace(b []byte, off int64) int64 {
	for off < int64(len(b)) && strings.IndexByte(" \t\r\n", b[off]) >= 0 {
		off++
	}
	return off
}

func normDeg(h float32) float32 {
	h = float32(math.Mod(float64(h), 360))
	if h < 0 {
		h += 360
	}
	if h >= 360 {
		h = 0
	}
	return h
}
