// Package blobfile reads a large file that only answers ranged, slow reads
// (a browser's File, whose slice().arrayBuffer() is a promise) as an
// io.ReaderAt, through a small cache of fixed-size blocks. dat.NewFile takes
// it like an *os.File, so a user's game files opened on the web page go
// through the same dat code as on the desktop, and are never read whole.
package blobfile

import (
	"errors"
	"fmt"
	"io"
	"sync"
)

// Fetch fills p with the file's bytes from off (off+len(p) ≤ the size; the
// reader never asks past the end). It may block its goroutine until the
// bytes arrive.
type Fetch func(off int64, p []byte) error

// BlockSize is the unit of fetching and caching (64 KiB: one dat read-ahead
// window, so a B-tree node or a landblock costs one fetch).
const BlockSize = 64 << 10

// DefaultBlocks is how many blocks a reader keeps (4 MiB).
const DefaultBlocks = 64

// Reader is an io.ReaderAt over a Fetch with an LRU cache of blocks. It is
// safe for concurrent use. A read waits for the blocks it needs; Prefetch
// starts fetches of blocks a caller will need soon, side by side (a browser
// answers several slice() reads at once, so a walk that knows its next
// reads waits for one round trip instead of one per read).
type Reader struct {
	name     string
	size     int64
	fetch    Fetch
	max      int
	mu       sync.Mutex
	blocks   map[int64]*block    // by block index
	inflight map[int64]*inFlight // blocks being fetched
	tick     uint64
	// Fetched counts the bytes fetched so far (progress; read with Stats).
	fetched int64
}

// inFlight is a block being fetched; done is closed when b or err is set.
type inFlight struct {
	done chan struct{}
	b    []byte
	err  error
}

type block struct {
	b    []byte
	used uint64
}

// New is a reader of a size-byte file named name (for errors) that keeps at
// most blocks blocks (DefaultBlocks if ≤ 0).
func New(name string, size int64, fetch Fetch, blocks int) *Reader {
	if blocks <= 0 {
		blocks = DefaultBlocks
	}
	return &Reader{name: name, size: size, fetch: fetch, max: blocks, blocks: map[int64]*block{}, inflight: map[int64]*inFlight{}}
}

// Size is the file's size in bytes.
func (r *Reader) Size() int64 { return r.size }

// Fetched is how many bytes have been fetched so far (cache misses × block).
func (r *Reader) Fetched() int64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.fetched
}

// ReadAt reads len(p) bytes at off; short only at the end of the file
// (then io.EOF), as io.ReaderAt says.
func (r *Reader) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, fmt.Errorf("%s: read at negative offset %d", r.name, off)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for n < len(p) {
		at := off + int64(n)
		if at >= r.size {
			return n, io.EOF
		}
		b, err := r.block(at / BlockSize)
		if err != nil {
			return n, err
		}
		n += copy(p[n:], b[at%BlockSize:])
	}
	return n, nil
}

// block returns block i, fetching it on a miss or waiting for the fetch
// in flight. r.mu is held, and released while it waits.
func (r *Reader) block(i int64) ([]byte, error) {
	r.tick++
	if b, ok := r.blocks[i]; ok {
		b.used = r.tick
		return b.b, nil
	}
	w, ok := r.inflight[i]
	if !ok {
		w = r.startFetch(i)
	}
	r.mu.Unlock()
	<-w.done
	r.mu.Lock()
	return w.b, w.err // a block's bytes are never reused, even once evicted
}

// startFetch fetches block i on a goroutine of its own; the block joins
// the cache (evicting the least recently used when full) when it arrives.
// r.mu is held.
func (r *Reader) startFetch(i int64) *inFlight {
	w := &inFlight{done: make(chan struct{})}
	r.inflight[i] = w
	start := i * BlockSize
	n := min(BlockSize, r.size-start)
	go func() {
		buf := make([]byte, n)
		err := r.fetch(start, buf)
		r.mu.Lock()
		defer r.mu.Unlock()
		delete(r.inflight, i)
		if err != nil {
			w.err = fmt.Errorf("%s: reading %d bytes at offset %d: %w", r.name, n, start, err)
			close(w.done)
			return
		}
		if len(r.blocks) >= r.max {
			var old int64 = -1
			for k, b := range r.blocks {
				if old < 0 || b.used < r.blocks[old].used {
					old = k
				}
			}
			delete(r.blocks, old)
		}
		r.tick++
		r.fetched += n
		r.blocks[i] = &block{b: buf, used: r.tick}
		w.b = buf
		close(w.done)
	}()
	return w
}

// Prefetch starts fetching the blocks that hold [off, off+n) for each off
// (within the file) that are neither cached nor being fetched, in the
// order given, without waiting for them: at most half the cache, so what
// it brings in does not push out what it brought in before it is read.
func (r *Reader) Prefetch(offs []int64, n int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	started := 0
	for _, off := range offs {
		if off < 0 || off >= r.size {
			continue
		}
		for i := off / BlockSize; i <= (min(off+max(n, 1), r.size)-1)/BlockSize; i++ {
			if _, ok := r.blocks[i]; ok {
				continue
			}
			if _, ok := r.inflight[i]; ok {
				continue
			}
			if started >= r.max/2 {
				return
			}
			r.startFetch(i)
			started++
		}
	}
}

// ErrClosed is returned by a Fetch whose file went away.
var ErrClosed = errors.New("the file is no longer available")
