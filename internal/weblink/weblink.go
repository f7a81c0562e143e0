// Package weblink is the codec of a report link: the part of a screenshot
// sidecar that reopens its instant (the "replay" record and the "view"),
// compressed (DEFLATE) and base64url-encoded into a URL fragment. The
// fragment never leaves the browser: browsers do not send it to the server.
// Decode gives back a minimal sidecar that `-from` reads like the original,
// so a link and its sidecar reopen the same Snapshot.
package weblink

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"soundworld/world"
)

// Prefix starts every fragment this package writes ("sw1." = version 1), so
// a fragment from another page or a later format is refused by name.
const Prefix = "sw1."

// The bounds of a link. A link's session is at most MaxLinkCalls calls
// (entries of its input record plus the frames of its drags; about 18
// minutes of dragging at 60 frames a second). A call's JSON is
// bytesPerCall on average at most (a grid step or a drag frame ~30 bytes,
// an emitter edit ~300), and the record's start and the view fit in
// linkHead; so a link's sidecar inflates to at most MaxSidecarBytes.
const (
	MaxLinkCalls    = 1 << 16
	bytesPerCall    = 256
	linkHead        = 64 << 10
	MaxSidecarBytes = linkHead + MaxLinkCalls*bytesPerCall // 16 MiB + 64 KiB
)

// MaxFragmentChars bounds a fragment before anything is decoded: the
// base64url of the largest DEFLATE stream a MaxSidecarBytes sidecar
// compresses to (stored blocks: 5 bytes per 65 535), and the prefix.
var MaxFragmentChars = len(Prefix) + base64.RawURLEncoding.EncodedLen(MaxSidecarBytes+5*(MaxSidecarBytes/65535+1))

// maxBytes is the bound Decode applies (MaxSidecarBytes; tests lower it).
var maxBytes int64 = MaxSidecarBytes

// link is what a fragment carries: the two objects -from reads.
type link struct {
	Replay json.RawMessage `json:"replay"`
	View   json.RawMessage `json:"view,omitempty"`
}

// Encode turns a sidecar's JSON into a fragment (without the '#'). Only
// "replay" and "view" are kept; a sidecar without a replay record cannot
// make a link.
func Encode(sidecar []byte) (string, error) {
	var l link
	if err := json.Unmarshal(sidecar, &l); err != nil {
		return "", fmt.Errorf("link: not a sidecar: %v", err)
	}
	if len(l.Replay) == 0 || string(l.Replay) == "null" {
		return "", errors.New("link: the sidecar has no \"replay\" record")
	}
	js, err := json.Marshal(l) // compact: RawMessage is re-indented to none
	if err != nil {
		return "", fmt.Errorf("link: %v", err)
	}
	if n := calls(l.Replay); n > MaxLinkCalls || len(js) > MaxSidecarBytes {
		return "", fmt.Errorf("link: the session is too long for a link (%d calls, %d bytes; a link holds %d calls, %d bytes): share the sidecar file instead", n, len(js), MaxLinkCalls, MaxSidecarBytes)
	}
	var buf bytes.Buffer
	w, err := flate.NewWriter(&buf, flate.BestCompression)
	if err != nil {
		return "", err
	}
	w.Write(js) // a bytes.Buffer never fails
	if err := w.Close(); err != nil {
		return "", err
	}
	return Prefix + base64.RawURLEncoding.EncodeToString(buf.Bytes()), nil
}

// calls counts a replay record's calls: its entries and its drags' frames
// (world.InputLog's JSON: "inputs": {"inputs": [{…, "drag": [x, y, h, …]}]}),
// without decoding it.
func calls(replay json.RawMessage) int {
	var r struct {
		Inputs inPlace `json:"inputs"` // a slice of replay, not a copy
	}
	if json.Unmarshal(replay, &r) != nil { // a record that does not decode is -from's to refuse
		return 0
	}
	return world.RecordCalls(r.Inputs)
}

// Decode turns a fragment (with or without its leading '#') back into a
// minimal sidecar: {"replay":…,"view":…}. Errors say what is wrong with it.
// A fragment longer than MaxFragmentChars is refused before decoding, one
// that inflates past MaxSidecarBytes while inflating; what it allocates is
// its compressed bytes, its inflated size and the inflater's fixed state
// (TestDecode_AllocatesLittle).
func Decode(fragment string) ([]byte, error) {
	f := strings.TrimPrefix(fragment, "#")
	if !strings.HasPrefix(f, Prefix) {
		return nil, fmt.Errorf("link: the fragment does not start with %q: not a soundworld link (or a newer one)", Prefix)
	}
	if len(f) > MaxFragmentChars {
		return nil, fmt.Errorf("link: the fragment is %d characters, longer than any link (%d: a session of %d calls): not a soundworld link", len(f), MaxFragmentChars, MaxLinkCalls)
	}
	raw, err := base64.RawURLEncoding.DecodeString(f[len(Prefix):])
	if err != nil {
		return nil, fmt.Errorf("link: the fragment is not base64url (cut short when copied?): %v", err)
	}
	js, err := inflate(raw, maxBytes)
	if err != nil {
		return nil, err
	}
	var l struct {
		Replay inPlace `json:"replay"` // a slice of js, not a copy
	}
	if err := json.Unmarshal(js, &l); err != nil {
		return nil, fmt.Errorf("link: not a sidecar inside: %v", err)
	}
	if len(l.Replay) == 0 || string(l.Replay) == "null" {
		return nil, errors.New("link: no \"replay\" record inside")
	}
	if n := calls(json.RawMessage(l.Replay)); n > MaxLinkCalls { // the session N a link holds
		return nil, fmt.Errorf("link: a session of %d calls, more than a link holds (%d): not a soundworld link", n, MaxLinkCalls)
	}
	return js, nil
}

// inPlace is a JSON value as a slice of the text it was decoded from.
type inPlace []byte

func (v *inPlace) UnmarshalJSON(b []byte) error {
	*v = b
	return nil
}

// inflate inflates raw into one slice of at most limit bytes. It inflates
// twice: once to count the bytes (into io.Discard's pooled buffer), once
// into a slice of exactly that size, so what it allocates is the inflated
// size once and the inflater's fixed state, not the chunks or the 1.25×
// growth of reading into a buffer.
func inflate(raw []byte, limit int64) ([]byte, error) {
	r := flate.NewReader(bytes.NewReader(raw))
	defer r.Close()
	n, err := io.Copy(io.Discard, io.LimitReader(r, limit+1))
	if err != nil {
		return nil, fmt.Errorf("link: the fragment does not inflate (cut short when copied?): %v", err)
	}
	if n > limit {
		return nil, fmt.Errorf("link: inflates past %d bytes: not a soundworld link", limit)
	}
	if err := r.(flate.Resetter).Reset(bytes.NewReader(raw), nil); err != nil {
		return nil, err
	}
	out := make([]byte, n)
	if _, err := io.ReadFull(r, out); err != nil {
		return nil, fmt.Errorf("link: the fragment does not inflate: %v", err)
	}
	return out, nil
}
