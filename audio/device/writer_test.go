package device

import (
	"testing"
	"time"
)

// The ALSA writer keeps the buffer queued: it writes once a period has
// drained, and waits otherwise.
func TestWriterKeepsTheBuffer(t *testing.T) {
	var w writerState
	t0 := time.Unix(0, 0)
	never := func() int64 { t.Fatal("avail asked of a device that drains"); return 0 }
	for q := int64(0); q <= 512; q += 256 { // filling up: 0, 256, 512 queued
		if _, ok := w.next(t0, q, 768, 256, never); !ok {
			t.Fatalf("%d queued of 768: no write, want one", q)
		}
		w.wrote(256)
	}
	if wait, ok := w.next(t0, 768, 768, 256, never); ok || wait != 256 {
		t.Fatalf("full: write %v, wait %d; want a wait of a period", ok, wait)
	}
	if _, ok := w.next(t0.Add(6*time.Millisecond), 500, 768, 256, never); !ok {
		t.Fatal("a period drained: no write")
	}
}

// A device that stops draining (a sound server waiting for more than the
// buffer before it plays) is topped up once it has held its frames for
// stallAfter buffers of wall time, as far as it takes without blocking.
func TestWriterTopsUpAStalledDevice(t *testing.T) {
	var w writerState
	t0 := time.Unix(0, 0)
	w.next(t0, 768, 768, 256, nil) // first look: full
	buf := time.Duration(768) * time.Second / 44100
	if _, ok := w.next(t0.Add(stallAfter*buf-time.Millisecond), 768, 768, 256, nil); ok {
		t.Fatal("topped up before the stall bound")
	}
	if _, ok := w.next(t0.Add(stallAfter*buf+time.Millisecond), 768, 768, 256, func() int64 { return 4096 - 768 }); !ok {
		t.Fatal("a device that held its frames past the stall bound was not topped up")
	}
	w.wrote(256)
	if wait, ok := w.next(t0.Add(stallAfter*buf+2*time.Millisecond), 1024, 768, 256, func() int64 { return 100 }); ok || wait != 256 {
		t.Fatalf("stalled and full: write %v, wait %d; want a wait", ok, wait)
	}
	if wait, ok := w.next(t0.Add(stallAfter*buf+8*time.Millisecond), 900, 768, 256, nil); ok || wait != 388 {
		t.Fatalf("draining again: write %v, wait %d; want to wait until 512 are left (388 frames)", ok, wait)
	}
}
