//go:build linux

package main

// This program links Ebitengine, whose package init opens the X display and
// panics when there is none — before main runs. (That is why the text commands
// are a separate program, soundworld, which links no window code.) This C
// constructor runs before the Go runtime: with DISPLAY unset it re-executes the
// program under xvfb-run (a virtual display; scripts/setup.sh installs it), so
// `shot` and -profile-frames work on a server and the explorer says that it is
// running unseen; without xvfb-run it prints what to do and exits 2 instead of
// a Go panic.

/*
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <limits.h>

__attribute__((constructor)) static void soundworld_need_display(int argc, char **argv, char **envp) {
	const char *d = getenv("DISPLAY");
	if (d != NULL && d[0] != '\0') {
		return;
	}
	if (getenv("SOUNDWORLD_XVFB") != NULL) {
		fprintf(stderr, "soundworld: xvfb-run gave no display; run soundworld under an X server\n");
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
		fprintf(stderr, "soundworld: no display (DISPLAY is not set): running the explorer inside xvfb-run, where nobody can see it\n");
	}
	setenv("SOUNDWORLD_XVFB", "1", 1);
	execvp("xvfb-run", nargv);
	fprintf(stderr,
		"soundworld: no display (DISPLAY is not set) and xvfb-run is not installed.\n"
		"  The explorer and shot need an X display. Run them on a desktop, or install\n"
		"  xvfb and xauth (scripts/setup.sh does), or run: xvfb-run -a soundworld ...\n"
		"  The text commands (dump, level, probe, render) need no display.\n");
	_exit(2);
}
*/
import "C"
