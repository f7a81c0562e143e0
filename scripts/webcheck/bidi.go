package main

import (
	"bufio"
	"crypto/rand"
	"crypto/sha1"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// bidiConn is WebDriver BiDi (the W3C protocol Firefox speaks itself,
// --remote-debugging-port: no geckodriver) over a WebSocket written here
// with the standard library (RFC 6455's client side: masked text frames
// out, unmasked frames in, continuation frames joined), as webcheck drives
// Chromium without a library.
type bidiConn struct {
	c       net.Conn
	r       *bufio.Reader
	wmu     sync.Mutex
	mu      sync.Mutex
	next    int
	waiting map[int]chan bidiMsg
	logs    []string // log.entryAdded at error level
}

type bidiMsg struct {
	ID     int             `json:"id"`
	Type   string          `json:"type"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
	Result json.RawMessage `json:"result"`
	Error  string          `json:"error"`
	Msg    string          `json:"message"`
}

// dialBiDi opens ws://addr/session.
func dialBiDi(addr string) (*bidiConn, error) {
	c, err := net.DialTimeout("tcp", addr, 10*time.Second)
	if err != nil {
		return nil, err
	}
	var k [16]byte
	rand.Read(k[:])
	key := base64.StdEncoding.EncodeToString(k[:])
	fmt.Fprintf(c, "GET /session HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n", addr, key)
	r := bufio.NewReader(c)
	res, err := http.ReadResponse(r, nil)
	if err != nil {
		c.Close()
		return nil, err
	}
	sum := sha1.Sum([]byte(key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"))
	if res.StatusCode != 101 || res.Header.Get("Sec-WebSocket-Accept") != base64.StdEncoding.EncodeToString(sum[:]) {
		c.Close()
		return nil, fmt.Errorf("websocket handshake: %s", res.Status)
	}
	b := &bidiConn{c: c, r: r, waiting: map[int]chan bidiMsg{}}
	go b.read()
	return b, nil
}

func (b *bidiConn) send(p []byte) error {
	b.wmu.Lock()
	defer b.wmu.Unlock()
	h := []byte{0x81} // FIN, text
	switch n := len(p); {
	case n < 126:
		h = append(h, 0x80|byte(n))
	case n < 1<<16:
		h = append(h, 0x80|126, byte(n>>8), byte(n))
	default:
		h = binary.BigEndian.AppendUint64(append(h, 0x80|127), uint64(n))
	}
	var m [4]byte
	rand.Read(m[:])
	h = append(h, m[:]...)
	q := make([]byte, len(p))
	for i := range p {
		q[i] = p[i] ^ m[i%4]
	}
	_, err := b.c.Write(append(h, q...))
	return err
}

// frame reads one frame: its opcode, FIN and payload.
func (b *bidiConn) frame() (op byte, fin bool, p []byte, err error) {
	var h [2]byte
	if _, err = io.ReadFull(b.r, h[:]); err != nil {
		return
	}
	op, fin = h[0]&0x0f, h[0]&0x80 != 0
	n := uint64(h[1] & 0x7f)
	switch n {
	case 126:
		var e [2]byte
		_, err = io.ReadFull(b.r, e[:])
		n = uint64(binary.BigEndian.Uint16(e[:]))
	case 127:
		var e [8]byte
		_, err = io.ReadFull(b.r, e[:])
		n = binary.BigEndian.Uint64(e[:])
	}
	if err != nil {
		return
	}
	if n > 256<<20 {
		return 0, false, nil, fmt.Errorf("websocket frame of %d bytes", n)
	}
	p = make([]byte, n)
	_, err = io.ReadFull(b.r, p)
	return
}

func (b *bidiConn) read() {
	var msg []byte
	for {
		op, fin, p, err := b.frame()
		if err != nil {
			return
		}
		switch op {
		case 0x8: // close
			return
		case 0x9, 0xa: // ping, pong: Firefox does not ping a client
			continue
		}
		msg = append(msg, p...)
		if !fin {
			continue
		}
		var m bidiMsg
		if json.Unmarshal(msg, &m) == nil {
			b.mu.Lock()
			if c, ok := b.waiting[m.ID]; ok && m.Type != "event" {
				delete(b.waiting, m.ID)
				c <- m
			}
			if m.Method == "log.entryAdded" {
				var e struct{ Level, Text string }
				json.Unmarshal(m.Params, &e)
				if e.Level == "error" {
					b.logs = append(b.logs, e.Text)
				}
			}
			b.mu.Unlock()
		}
		msg = nil
	}
}

// call sends one command and waits for its answer.
func (b *bidiConn) call(method string, params any) (json.RawMessage, error) {
	b.mu.Lock()
	b.next++
	id := b.next
	c := make(chan bidiMsg, 1)
	b.waiting[id] = c
	b.mu.Unlock()
	if params == nil {
		params = map[string]any{}
	}
	js, _ := json.Marshal(map[string]any{"id": id, "method": method, "params": params})
	if err := b.send(js); err != nil {
		return nil, err
	}
	select {
	case m := <-c:
		if m.Type == "error" {
			return nil, fmt.Errorf("%s: %s: %s", method, m.Error, m.Msg)
		}
		return m.Result, nil
	case <-time.After(callWait):
		return nil, fmt.Errorf("%s: no answer in %s", method, callWait)
	}
}

// eval evaluates expr in context ctx; expr gives a JSON string, put in v.
func (b *bidiConn) eval(ctx, expr string, v any) error {
	res, err := b.call("script.evaluate", map[string]any{"expression": expr, "target": map[string]any{"context": ctx}, "awaitPromise": false})
	if err != nil {
		return err
	}
	var r struct {
		Type   string
		Result struct {
			Type  string
			Value any
		}
		ExceptionDetails struct{ Text string }
	}
	json.Unmarshal(res, &r)
	if r.Type == "exception" {
		return errors.New(r.ExceptionDetails.Text)
	}
	s, ok := r.Result.Value.(string)
	if !ok {
		return fmt.Errorf("%.60s… gave %s %v", expr, r.Result.Type, r.Result.Value)
	}
	if v == nil {
		return nil
	}
	return json.Unmarshal([]byte(s), v)
}

func (b *bidiConn) errorLogs() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.logs...)
}

// trimWS is a WebSocket address from Firefox's "WebDriver BiDi listening on
// ws://…" line.
func trimWS(line string) (string, bool) {
	i := strings.Index(line, "ws://")
	if i < 0 {
		return "", false
	}
	a := strings.TrimPrefix(strings.Fields(line[i:])[0], "ws://")
	return strings.TrimSuffix(a, "/"), true
}
