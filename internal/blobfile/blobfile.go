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
// safe for concurrent use: one fetch runs at a time (the browser serialises
// file reads anyway) and every reader waits for the cache's lock.
type Reader struct {
	name   string
	size   int64
	fetch  Fetch
	max    int
	mu     sync.Mutex
	blocks map[int64]*block // by block index
	tick   uint64
	// Fetched counts the bytes fetched so far (progress; read with Stats).
	fetched int64
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
	return &Reader{name: name, size: size, fetch: fetch, max: blocks, blocks: map[int64]*block{}}
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

// block returns block i, fetching it (and evicting the least recently used
// block when full) on a miss. r.mu is held.
func (r *Reader) block(i int64) ([]byte, error) {
	r.tick++
	if b, ok := r.blocks[i]; ok {
		b.used = r.tick
		return b.b, nil
	}
	start := i * BlockSize
	n := min(BlockSize, r.size-start)
	var buf []byte
	if len(r.blocks) >= r.max {
		var old int64 = -1
		for k, b := range r.blocks {
			if old < 0 || b.used < r.blocks[old].used {
				old = k
			}
		}
		buf = r.blocks[old].b[:0] // reuse the evicted block's memory
		delete(r.blocks, old)
	}
	if cap(buf) < int(n) {
		buf = make([]byte, n)
	}
	buf = buf[:n]
	if err := r.fetch(start, buf); err != nil {
		return nil, fmt.Errorf("%s: reading %d bytes at offset %d: %w", r.name, n, start, err)
	}
	r.fetched += n
	r.blocks[i] = &block{b: buf, used: r.tick}
	return buf, nil
}

// ErrClosed is returned by a Fetch whose file went away.
var ErrClosed = errors.New("the file is no longer available")
