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
)

// Prefix starts every fragment this package writes ("sw1." = version 1), so
// a fragment from another page or a later format is refused by name.
const Prefix = "sw1."

// MaxSidecarBytes bounds the decompressed sidecar (an hour of dragging is a
// few MB); a fragment that inflates past it is refused, never allocated.
const MaxSidecarBytes = 64 << 20

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

// Decode turns a fragment (with or without its leading '#') back into a
// minimal sidecar: {"replay":…,"view":…}. Errors say what is wrong with it.
func Decode(fragment string) ([]byte, error) {
	f := strings.TrimPrefix(fragment, "#")
	if !strings.HasPrefix(f, Prefix) {
		return nil, fmt.Errorf("link: the fragment does not start with %q: not a soundworld link (or a newer one)", Prefix)
	}
	raw, err := base64.RawURLEncoding.DecodeString(f[len(Prefix):])
	if err != nil {
		return nil, fmt.Errorf("link: the fragment is not base64url (cut short when copied?): %v", err)
	}
	r := flate.NewReader(bytes.NewReader(raw))
	defer r.Close()
	js, err := io.ReadAll(io.LimitReader(r, maxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("link: the fragment does not inflate (cut short when copied?): %v", err)
	}
	if int64(len(js)) > maxBytes {
		return nil, fmt.Errorf("link: inflates past %d bytes: not a soundworld link", maxBytes)
	}
	var l link
	if err := json.Unmarshal(js, &l); err != nil {
		return nil, fmt.Errorf("link: not a sidecar inside: %v", err)
	}
	if len(l.Replay) == 0 || string(l.Replay) == "null" {
		return nil, errors.New("link: no \"replay\" record inside")
	}
	return js, nil
}
