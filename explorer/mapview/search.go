package mapview

// search.go: the sound search: a sound table id, a
// SoundType name or a wave id → the landblocks where it can play (A8's
// CanHear), ranked by peak value, via atlas.Search on a background job; a
// hit's button jumps to its peak cell; the list exports as CSV (atlas's
// WriteHitsCSV, temp file + rename).

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"soundworld/atlas"
	"soundworld/internal/crash"
)

type searchState struct {
	mu      sync.Mutex
	query   string
	running bool
	done    int
	total   int
	hits    []atlas.Hit
	err     error
	cancel  context.CancelFunc
	gen     int
}

func (s *searchState) cancelRun() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cancel != nil {
		s.cancel()
		s.cancel = nil
	}
}

// Search starts a search (ui.AtlasHost); the query is checked at once.
func (v *Map) Search(query string) error {
	q, err := atlas.ParseQuery(query)
	if err != nil {
		return err
	}
	s := &v.srch
	s.cancelRun()
	ctx, cancel := context.WithCancel(context.Background())
	s.mu.Lock()
	s.gen++
	gen := s.gen
	s.query, s.running, s.done, s.total, s.hits, s.err, s.cancel = q.String(), true, 0, 0, nil, nil, cancel
	s.mu.Unlock()
	go func() {
		defer crash.Recover()
		a := v.waitAtlas(ctx)
		var hits []atlas.Hit
		err := ctx.Err()
		if a == nil && err == nil {
			err = v.atErr
		}
		if a != nil {
			hits, err = a.Search(ctx, q, nil, func(done, total int) {
				s.mu.Lock()
				if s.gen == gen {
					s.done, s.total = done, total
				}
				s.mu.Unlock()
			})
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.gen != gen {
			return
		}
		s.hits, s.err, s.running = hits, err, false
	}()
	return nil
}

// waitAtlas blocks (a background job only) until the atlas is open or failed.
func (v *Map) waitAtlas(ctx context.Context) *atlas.Atlas {
	for ctx.Err() == nil {
		if a := v.atlas(); a != nil {
			return a
		}
		v.amu.Lock()
		failed := v.atErr != nil
		v.amu.Unlock()
		if failed {
			return nil
		}
		sleepShort()
	}
	return nil
}

// SearchLines is the panel's view of the search: a status line and one line per hit (ui.AtlasHost).
func (v *Map) SearchLines(maxHits int) (string, []SearchRow) {
	s := &v.srch
	s.mu.Lock()
	defer s.mu.Unlock()
	var st string
	switch {
	case s.query == "":
		return "type a sound table (0x20…), SoundType (Ambient1) or wave (0x0A…)", nil
	case s.running && s.total > 0 && s.done < s.total:
		st = fmt.Sprintf("%s: searching %d / %d landblocks…", s.query, s.done, s.total)
	case s.running && s.total > 0:
		st = s.query + ": ranking…"
	case s.running:
		st = s.query + ": opening the atlas…"
	case s.err != nil && !errors.Is(s.err, context.Canceled):
		st = s.query + ": " + s.err.Error()
	default:
		st = fmt.Sprintf("%s: %d landblocks (peak, cells)", s.query, len(s.hits))
	}
	var lines []SearchRow
	for i, h := range s.hits[:min(len(s.hits), maxHits)] {
		lines = append(lines, SearchRow{
			Title:  fmt.Sprintf("%d. 0x%04X  %s %.4g in %d cells", i+1, h.Landblock, h.Kind, h.Peak, h.Cells),
			Detail: fmt.Sprintf("%s (%s), peak at %s (%s)", v.cfg.Names.Sound(h.Sound.SType, h.Sound.Table, 0), h.Sound, h.Cell.Map, h.Cell.Cell),
		})
	}
	return st, lines
}

// JumpToHit moves the listener to hit i's peak cell (ui.AtlasHost).
func (v *Map) JumpToHit(i int) {
	s := &v.srch
	s.mu.Lock()
	if i < 0 || i >= len(s.hits) {
		s.mu.Unlock()
		return
	}
	h := s.hits[i]
	s.mu.Unlock()
	v.jumpToCell(h.Landblock, h.Cell.X, h.Cell.Y)
}

// ExportSearch writes the hits as CSV (atlas.WriteHitsCSV's columns) to path
// through a temp file and a rename (ui.AtlasHost).
func (v *Map) ExportSearch(path string) error {
	s := &v.srch
	s.mu.Lock()
	hits, running := s.hits, s.running
	s.mu.Unlock()
	switch {
	case running:
		return errors.New("export: the search is still running")
	case hits == nil:
		return errors.New("export: no search results yet")
	case strings.TrimSpace(path) == "":
		return errors.New("export: give a file name")
	}
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return fmt.Errorf("export %s: not a regular file", path)
	}
	var b bytes.Buffer
	if err := atlas.WriteHitsCSV(&b, hits); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".search-*.csv")
	if err != nil {
		return fmt.Errorf("export %s: %w", path, err)
	}
	_, werr := tmp.Write(b.Bytes())
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("export %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("export %s: %w", path, err)
	}
	v.cfg.Notice(savedHits(len(hits), path))
	return nil
}

func sleepShort() { time.Sleep(20 * time.Millisecond) }

// Searching reports that a search is running.
func (v *Map) Searching() bool {
	v.srch.mu.Lock()
	defer v.srch.mu.Unlock()
	return v.srch.running
}
