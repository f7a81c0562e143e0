package atlas

// export.go: the numbers of a Result as CSV (one row per land cell) and JSON.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"

	"soundworld/world"
)

// FormatValue prints v with 8 significant digits.
func FormatValue(v float32) string { return strconv.FormatFloat(float64(v), 'g', 8, 64) }

// WriteCSV writes `landblock,cell,x,y,value` and one row per sampled land
// cell, landblocks in r.Blocks order, cells in id order: landblock as 0xXXYY,
// cell as the full W2 id 0xXXYYnnnn, x and y the cell centre in
// landblock-local metres, value with 8 significant digits (0 where the sound
// does not play). The loudest bed adds a last column, sound (empty: no bed).
func WriteCSV(w io.Writer, r *Result) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	head := "landblock,cell,x,y,value"
	if r.Kind == KindLoudestBed {
		head += ",sound"
	}
	bw.WriteString(head + "\n")
	per := r.PerBlock()
	var line []byte
	for bi, lb := range r.Blocks {
		for i := range per {
			cx, cy := r.Cell(i)
			line = append(line[:0], "0x"...)
			line = appendHex(line, uint32(lb), 4)
			line = append(line, ",0x"...)
			line = appendHex(line, uint32(lb)<<16|uint32(cx*8+cy+1), 8)
			line = append(line, ',')
			line = strconv.AppendInt(line, int64(cx*24+12), 10)
			line = append(line, ',')
			line = strconv.AppendInt(line, int64(cy*24+12), 10)
			line = append(line, ',')
			line = strconv.AppendFloat(line, float64(r.Values[bi*per+i]), 'g', 8, 64)
			if r.Cats != nil {
				line = append(line, ',')
				if c := r.Cats[bi*per+i]; c >= 0 {
					line = append(line, r.Categories[c].String()...)
				}
			}
			line = append(line, '\n')
			if _, err := bw.Write(line); err != nil {
				return err
			}
		}
	}
	return bw.Flush()
}

// appendHex appends v as n upper-case hex digits.
func appendHex(b []byte, v uint32, n int) []byte {
	const digits = "0123456789ABCDEF"
	for i := n - 1; i >= 0; i-- {
		b = append(b, digits[v>>(4*i)&0xF])
	}
	return b
}

// Summary is the JSON document's head.
type Summary struct {
	Source     string      `json:"source"`
	Selector   string      `json:"selector"`
	Kind       string      `json:"kind"`
	Region     string      `json:"region"`
	Present    int         `json:"landblocks_present"`
	Missing    int         `json:"landblocks_missing"`
	Cells      int         `json:"cells"`
	Playing    int         `json:"cells_playing"` // value > 0 (volume: ≥ 0.03, A8)
	Max        float64     `json:"max"`
	MaxAt      *CellRef    `json:"max_at"`
	Categories []string    `json:"categories,omitempty"`
	Landblocks []BlockJSON `json:"landblocks"`
}

// CellRef names one land cell.
type CellRef struct {
	Cell string  `json:"cell"`
	X    float32 `json:"x"`
	Y    float32 `json:"y"`
	Map  string  `json:"map"`
}

// BlockJSON is one landblock's values in cell id order (cx-major).
type BlockJSON struct {
	ID     string    `json:"id"`
	Map    string    `json:"map"` // map coordinates of the landblock's centre (W3)
	Peak   float64   `json:"peak"`
	Values []float64 `json:"values"`
	Cats   []int16   `json:"categories,omitempty"` // loudest bed: index into categories, −1 none
}

// Summarise builds the JSON document of r over rc.
func Summarise(r *Result, rc Rect, source string, missing int) *Summary {
	s := &Summary{Source: source, Selector: r.Sel.String(), Kind: r.Kind.String(), Region: rc.String(),
		Present: len(r.Blocks), Missing: missing, Cells: len(r.Values), Landblocks: []BlockJSON{}}
	for _, c := range r.Categories {
		s.Categories = append(s.Categories, c.String())
	}
	per := r.PerBlock()
	best := float32(-1)
	for bi, lb := range r.Blocks {
		cx, cy := world.WorldPos(lb, 96, 96)
		b := BlockJSON{ID: fmt.Sprintf("0x%04X", lb), Map: world.FormatMap(cx, cy), Values: make([]float64, per)}
		for i := range per {
			v := r.Values[bi*per+i]
			b.Values[i] = round8(v)
			b.Peak = math.Max(b.Peak, b.Values[i])
			if v > 0 && (r.Kind != KindVolume && r.Kind != KindLoudestBed || v >= quietBelow) {
				s.Playing++
			}
			if v > best {
				best = v
				x, y := r.Cell(i)
				s.MaxAt = cellRef(lb, x, y)
			}
		}
		if r.Cats != nil {
			b.Cats = r.Cats[bi*per : (bi+1)*per]
		}
		s.Landblocks = append(s.Landblocks, b)
	}
	s.Max = round8(max(best, 0))
	return s
}

// round8 is v with 8 significant digits, as a float64 that prints that way.
func round8(v float32) float64 {
	f, _ := strconv.ParseFloat(FormatValue(v), 64)
	return f
}

func cellRef(lb uint16, cx, cy int) *CellRef {
	x, y := float32(cx*24+12), float32(cy*24+12)
	wx, wy := world.WorldPos(lb, x, y)
	return &CellRef{Cell: fmt.Sprintf("0x%04X%04X", lb, cx*8+cy+1), X: x, Y: y, Map: world.FormatMap(wx, wy)}
}

// WriteJSON writes the summary document.
func WriteJSON(w io.Writer, s *Summary) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	if err := json.NewEncoder(bw).Encode(s); err != nil {
		return err
	}
	return bw.Flush()
}
