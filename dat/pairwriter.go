package dat

import "fmt"

// PairWriter writes a portal and a cell dat image together, the way the
// stand-in and the generated world build theirs: records are added without
// checking each one, the first error is kept (later adds do nothing) and
// Bytes reports it, naming the record.
type PairWriter struct {
	Portal, Cell *Writer // portal-like (1024-byte blocks) and cell-like (256)
	err          error
}

// NewPairWriter starts an empty portal dat (block size 1024, data set
// DataSetPortal, subset 0) and cell dat (256, DataSetCell, subset 1).
func NewPairWriter() *PairWriter {
	return &PairWriter{Portal: NewWriter(1024, DataSetPortal, 0), Cell: NewWriter(256, DataSetCell, 1)}
}

// AddPortal stores rec under id in the portal dat.
func (p *PairWriter) AddPortal(id uint32, rec []byte) { p.add(p.Portal, id, rec) }

// AddCell stores rec under id in the cell dat.
func (p *PairWriter) AddCell(id uint32, rec []byte) { p.add(p.Cell, id, rec) }

func (p *PairWriter) add(w *Writer, id uint32, rec []byte) {
	if p.err != nil {
		return
	}
	if err := w.Add(id, rec); err != nil {
		p.err = fmt.Errorf("writing record 0x%08X: %w", id, err)
	}
}

// Bytes lays out both images (Writer.Bytes), or returns the first error an
// add met.
func (p *PairWriter) Bytes() (portal, cell []byte, err error) {
	if p.err != nil {
		return nil, nil, p.err
	}
	if portal, err = p.Portal.Bytes(); err != nil {
		return nil, nil, fmt.Errorf("laying out the portal dat: %w", err)
	}
	if cell, err = p.Cell.Bytes(); err != nil {
		return nil, nil, fmt.Errorf("laying out the cell dat: %w", err)
	}
	return portal, cell, nil
}
