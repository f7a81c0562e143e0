package outputs

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"
)

// Grace is how long an interrupted command has to notice its cancelled
// context and return before Catch removes the temp files and exits itself.
const Grace = 3 * time.Second

// ErrInterrupted is what a command returns when its context was cancelled by
// a signal (wrap it; Interrupt.Code gives the exit code).
var ErrInterrupted = errors.New("interrupted")

// Interrupt turns SIGINT and SIGTERM into a cancelled context.
type Interrupt struct {
	ctx    context.Context
	cancel context.CancelFunc
	ch     chan os.Signal
	mu     sync.Mutex
	sig    os.Signal
	stop   chan struct{}
	once   sync.Once
}

// Catch starts catching SIGINT and SIGTERM. The first one cancels Context; if
// the program has not called Stop within Grace (or a second signal comes), it
// removes the temp files, prints one line "PROG: interrupted (SIG); …" on
// stderr and exits with Code. Call Stop when the command returns.
func Catch(parent context.Context, prog string, stderr io.Writer) *Interrupt {
	ctx, cancel := context.WithCancel(parent)
	in := &Interrupt{ctx: ctx, cancel: cancel, ch: make(chan os.Signal, 2), stop: make(chan struct{})}
	signal.Notify(in.ch, os.Interrupt, syscall.SIGTERM)
	go func() {
		select {
		case s := <-in.ch:
			in.mu.Lock()
			in.sig = s
			in.mu.Unlock()
			cancel()
		case <-in.stop:
			return
		}
		select {
		case <-in.ch:
		case <-time.After(Grace):
		case <-in.stop:
			return
		}
		RemoveTemps()
		fmt.Fprintln(stderr, in.Message(prog))
		os.Exit(in.Code())
	}()
	return in
}

// Context is cancelled when a signal arrives.
func (in *Interrupt) Context() context.Context { return in.ctx }

// Signal is the signal that arrived, or nil.
func (in *Interrupt) Signal() os.Signal {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.sig
}

// Code is the shell's exit code for the signal: 128 + its number (SIGINT 130,
// SIGTERM 143); 0 when none arrived.
func (in *Interrupt) Code() int {
	if s, ok := in.Signal().(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 0
}

// Message is the one line printed for an interrupted run.
func (in *Interrupt) Message(prog string) string {
	return fmt.Sprintf("%s: interrupted (%s); unfinished outputs removed, earlier files untouched", prog, in.name())
}

// MessageLate is the line for a signal that came after the command had
// committed its outputs: they are complete and in place.
func (in *Interrupt) MessageLate(prog string) string {
	return fmt.Sprintf("%s: interrupted (%s) after the outputs were complete; they are written", prog, in.name())
}

// name is the signal's name in those lines: SIGTERM, else SIGINT.
func (in *Interrupt) name() string {
	if in.Signal() == syscall.SIGTERM {
		return "SIGTERM"
	}
	return "SIGINT"
}

// Stop stops catching signals (the default action is back) and ends the watchdog.
func (in *Interrupt) Stop() {
	in.once.Do(func() {
		signal.Stop(in.ch)
		close(in.stop)
		in.cancel()
	})
}
