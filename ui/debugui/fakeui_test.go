// SPDX-License-Identifier: Apache-2.0

package debugui

import (
	"image"
	"testing"
)

// fakeUI is a Context driven by a fake pointer, one Update at a time, as
// ebiten's polled mouse would drive it (soundworld).
type fakeUI struct {
	t      *testing.T
	ctx    Context
	ptr    fakePointer
	folded bool
}

func newFakeUI(t *testing.T) *fakeUI {
	u := &fakeUI{t: t}
	u.ctx.pointing.fake = &u.ptr
	return u
}

// docked runs one Update holding one docked window, name at bounds, whose
// body is laid out by body; a failed Update fails the test.
func (u *fakeUI) docked(name string, bounds image.Rectangle, body func(ctx *Context, l ContainerLayout)) {
	u.t.Helper()
	if _, err := u.ctx.update(func(ctx *Context) error {
		ctx.DockedWindow(name, bounds, &u.folded, func(l ContainerLayout) { body(ctx, l) })
		return nil
	}); err != nil {
		u.t.Fatal(err)
	}
}
