package assets

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"
)

// TestStandInImages_CopiesAndHash: each caller gets its own copy (damaging
// one does not damage the next), and StandInHash is the SHA-256 of the
// portal image followed by the cell image, computed here independently.
func TestStandInImages_CopiesAndHash(t *testing.T) {
	p1, c1, err := StandInImages()
	if err != nil {
		t.Fatal(err)
	}
	want := sha256.Sum256(append(append([]byte{}, p1...), c1...))
	h, err := StandInHash()
	if err != nil {
		t.Fatal(err)
	}
	if h != "sha256:"+hex.EncodeToString(want[:]) {
		t.Fatalf("StandInHash %s, want sha256 of portal+cell %x", h, want)
	}
	p1[100] ^= 0xFF
	p2, _, _ := StandInImages()
	if p2[100] == p1[100] {
		t.Fatal("a caller's change reached the next caller's images")
	}
}

// TestProvideImages: images built elsewhere are taken only with this
// build's content hash, only before the stand-in was built, and then are
// what StandIn opens.
func TestProvideImages(t *testing.T) {
	p, c, err := StandInImages()
	if err != nil {
		t.Fatal(err)
	}
	h, _ := StandInHash()
	if err := ProvideImages(p, c, "", h); err == nil || !strings.Contains(err.Error(), "already built") {
		t.Fatalf("after the build: %v, want already built", err)
	}
	saved := built.im
	defer func() { built.im = saved }()
	built.im = nil
	bad := bytes.Clone(c)
	bad[len(bad)-1] ^= 1
	if err := ProvideImages(p, bad, "", h); err == nil || !strings.Contains(err.Error(), "not this build's") {
		t.Fatalf("a changed cell image: %v, want refused", err)
	}
	if err := ProvideImages(p, c, "sha256:00", h); err == nil || !strings.Contains(err.Error(), "not this build's") {
		t.Fatalf("the caller's hash of other images: %v, want refused", err)
	}
	if built.im != nil {
		t.Fatal("a refused image was kept")
	}
	if err := ProvideImages(p, c, h, h); err != nil {
		t.Fatal(err)
	}
	if &built.im.portal[0] != &p[0] {
		t.Fatal("the provided portal image is not the one used")
	}
	a, err := StandIn()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Region(); err != nil {
		t.Fatal(err)
	}
}
