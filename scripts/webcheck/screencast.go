package main

import (
	"encoding/base64"
	"encoding/json"
	"time"
)

// screencastFrame is one frame the browser presented: its PNG and the time
// the compositor swapped it onto the screen.
type screencastFrame struct {
	png []byte
	at  time.Time
}

// screencast passes Page.screencastFrame events (which arrive on the
// reader's goroutine, under browserConn.mu) to the waiting loop, in order,
// and acknowledges each: Chromium sends the next frame only after the ack.
// start and stop are called under browserConn.mu too.
type screencast struct {
	frames chan screencastFrame // nil when not recording
}

// start begins taking frames; the channel holds enough of them that the
// reader never waits for the loop that decodes them (frames beyond it are
// dropped, which only makes the measured time later).
func (s *screencast) start() <-chan screencastFrame {
	s.frames = make(chan screencastFrame, 256)
	return s.frames
}

func (s *screencast) stop() { s.frames = nil }

func (s *screencast) event(b *browserConn, m message) {
	var p struct {
		Data      string
		SessionID int `json:"sessionId"`
		Metadata  struct{ Timestamp float64 }
	}
	if json.Unmarshal(m.Params, &p) != nil {
		return
	}
	go b.call("Page.screencastFrameAck", map[string]any{"sessionId": p.SessionID}) // the reader holds b.mu
	if s.frames == nil {
		return
	}
	raw, err := base64.StdEncoding.DecodeString(p.Data)
	if err != nil {
		return
	}
	sec := p.Metadata.Timestamp // seconds since the Unix epoch, on this machine's clock
	f := screencastFrame{png: raw, at: time.Unix(0, int64(sec*1e9))}
	select {
	case s.frames <- f:
	default:
	}
}
