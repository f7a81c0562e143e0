//go:build linux

package main

// This program links Ebitengine, whose package init opens the X display and
// panics when there is none — before main runs. (That is why the text commands
// are a separate program, soundworld, which links no window code.) This C
// constructor runs before the Go runtime: with DISPLAY unset, or set to a
// display that does not open (a stale ssh forwarding, an X server gone; tried
// with libX11's XOpenDisplay, as the window would), it re-executes the program
// under xvfb-run (a virtual display; scripts/setup.sh installs it), so `shot`
// and -profile-frames work on a server and the explorer says that it is
// running unseen; without xvfb-run it prints what to do and exits 2 instead of
// a Go panic.

/*
#cgo LDFLAGS: -ldl
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <limits.h>

// display_opens reports whether the X display in DISPLAY opens (1), does not
// (0), or cannot be tried because libX11 is not there (1: the window finds out).
static int display_opens(void) {
	void *x11 = dlopen("libX11.so.6", RTLD_LAZY | RTLD_LOCAL);
	if (x11 == NULL) {
		return 1;
	}
	void *(*open_display)(const char *) = (void *(*)(const char *))dlsym(x11, "XOpenDisplay");
	int (*close_display)(void *) = (int (*)(void *))dlsym(x11, "XCloseDisplay");
	if (open_display == NULL || close_display == NULL) {
		return 1;
	}
	void *d = open_display(NULL);
	if (d == NULL) {
		return 0;
	}
	close_display(d);
	return 1;
}

__attribute__((constructor)) static void soundworld_need_display(int argc, char **argv, char **envp) {
	static char why[256] = "DISPLAY is not set";
	const char *d = getenv("DISPLAY");
	if (d != NULL && d[0] != '\0') {
		if (display_opens()) {
			return;
		}
		snprintf(why, sizeof why, "cannot open display %s", d);
		unsetenv("DISPLAY");
	}
	if (getenv("SOUNDWORLD_XVFB") != NULL) {
		fprintf(stderr, "soundworld: xvfb-run gave no display (%s); run soundworld under an X server\n", why);
		_exit(2);
	}
	static char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	if (n <= 0 || argc < 1) {
		return;
	}
	self[n] = '\0';
	char **nargv = calloc((size_t)argc + 5, sizeof(char *));
	if (nargv == NULL) {
		return;
	}
	nargv[0] = "xvfb-run";
	nargv[1] = "-a";
	nargv[2] = "-s";
	nargv[3] = "-screen 0 1280x720x24";
	nargv[4] = self;
	for (int i = 1; i < argc; i++) {
		nargv[4 + i] = argv[i];
	}
	if (argc < 2 || strcmp(argv[1], "shot") != 0) {
		fprintf(stderr, "soundworld: no display (%s): running the explorer inside xvfb-run, where nobody can see it\n", why);
	}
	setenv("SOUNDWORLD_XVFB", "1", 1);
	execvp("xvfb-run", nargv);
	fprintf(stderr, "soundworld: no display (%s) and xvfb-run is not installed.\n", why);
	fprintf(stderr,
		"  The explorer and shot need an X display. Run them on a desktop, or install\n"
		"  xvfb and xauth (scripts/setup.sh does), or run: xvfb-run -a soundworld ...\n"
		"  The text commands (dump, level, probe, render) need no display.\n");
	_exit(2);
}
*/
import "C"
