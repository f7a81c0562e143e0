package ui

func (h *fakeHost) SetObjectMute(id uint32, muted bool) {}
func (h *fakeHost) SetObjectSolo(id uint32)             {}
