package game

import "os/exec"

// glNote says when the window draws through EGL on X11 for want of
// glxinfo. Ebitengine (v2.8, Linux) uses OpenGL ES when libGLESv2 is
// present, and creates its context through GLX only if `glxinfo` lists
// GLX_EXT_create_context_es2_profile, else through EGL. Mesa's EGL on X11
// with its software rasteriser (Xvfb, a machine without a GPU) sends each
// frame over the X socket instead of shared memory: at 1280×720 that alone
// held an empty window to about 20 FPS on two cores, against about 40
// through GLX. scripts/setup.sh installs mesa-utils for it.
func glNote() string {
	if _, err := exec.LookPath("glxinfo"); err == nil {
		return ""
	}
	return "glxinfo not found: Ebitengine draws through EGL, which with Mesa's software rasteriser sends every frame over the X socket (about half the frame rate); install mesa-utils"
}
