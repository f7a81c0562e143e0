package world

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
)

// Walk is a listener path: points at times, walked with linear interpolation
// and the heading turned the short way round (render -path).
type Walk struct {
	Points []WalkPoint
}

// WalkPoint is one point of a Walk: time in s, world position in m, heading in deg.
type WalkPoint struct {
	T       float64
	X, Y    float32
	Heading float32
}

type walkFile struct {
	Points []struct {
		T         *float64 `json:"t"`
		Landblock string   `json:"landblock"`
		X         *float32 `json:"x"`
		Y         *float32 `json:"y"`
		Heading   float32  `json:"heading"`
	} `json:"points"`
}

// LoadWalk parses `{"points":[{"t":0,"landblock":"0xA9B4","x":84,"y":7.1,"heading":0},…]}`;
// times must be finite, ≥ 0 and strictly increasing. name is used in errors.
func LoadWalk(r io.Reader, name string) (*Walk, error) {
	b, err := io.ReadAll(io.LimitReader(r, maxLayoutBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(b) > maxLayoutBytes {
		return nil, fmt.Errorf("%s: path file larger than %d bytes", name, maxLayoutBytes)
	}
	var f walkFile
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		off := dec.InputOffset()
		if se, ok := err.(*json.SyntaxError); ok {
			off = se.Offset
		} else if te, ok := err.(*json.UnmarshalTypeError); ok {
			off = te.Offset
		}
		return nil, fmt.Errorf("%s:%s: %v", name, lineCol(b, off), err)
	}
	if len(f.Points) == 0 {
		return nil, fmt.Errorf("%s: no points", name)
	}
	w := &Walk{}
	for i, p := range f.Points {
		if p.T == nil || p.X == nil || p.Y == nil {
			return nil, fmt.Errorf("%s: points[%d]: t, x and y are required", name, i)
		}
		lb, err := ParseLandblock(p.Landblock)
		if err != nil {
			return nil, fmt.Errorf("%s: points[%d].landblock: %v", name, i, err)
		}
		if !(*p.T >= 0) || math.IsInf(*p.T, 0) {
			return nil, fmt.Errorf("%s: points[%d].t: %v must be a time ≥ 0", name, i, *p.T)
		}
		if i > 0 && !(*p.T > w.Points[i-1].T) {
			return nil, fmt.Errorf("%s: points[%d].t: %v not after the previous point", name, i, *p.T)
		}
		if !(*p.X >= 0 && *p.X < BlockSize && *p.Y >= 0 && *p.Y < BlockSize) {
			return nil, fmt.Errorf("%s: points[%d]: local x, y must be in [0, 192)", name, i)
		}
		if math.IsNaN(float64(p.Heading)) || math.IsInf(float64(p.Heading), 0) {
			return nil, fmt.Errorf("%s: points[%d].heading: not a number", name, i)
		}
		x, y := WorldPos(lb, *p.X, *p.Y)
		w.Points = append(w.Points, WalkPoint{T: *p.T, X: x, Y: y, Heading: p.Heading})
	}
	return w, nil
}

// At returns the listener's world position (m) and heading (deg, [0, 360)) at
// time t (s); before the first point and after the last it stays there.
func (w *Walk) At(t float64) (x, y, heading float32) {
	ps := w.Points
	i := sort.Search(len(ps), func(i int) bool { return ps[i].T > t })
	if i == 0 {
		return ps[0].X, ps[0].Y, normDeg(ps[0].Heading)
	}
	if i == len(ps) {
		p := ps[len(ps)-1]
		return p.X, p.Y, normDeg(p.Heading)
	}
	a, b := ps[i-1], ps[i]
	f := (t - a.T) / (b.T - a.T)
	x = float32(float64(a.X) + (float64(b.X)-float64(a.X))*f)
	y = float32(float64(a.Y) + (float64(b.Y)-float64(a.Y))*f)
	d := math.Mod(float64(b.Heading-a.Heading), 360)
	if d > 180 {
		d -= 360
	} else if d < -180 {
		d += 360
	}
	return x, y, normDeg(float32(float64(a.Heading) + d*f))
}

// End is the time of the last point in s.
func (w *Walk) End() float64 { return w.Points[len(w.Points)-1].T }

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
