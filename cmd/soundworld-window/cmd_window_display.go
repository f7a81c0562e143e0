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
//
// xvfb-run is a sh script: it makes its folder (xvfb-run.XXXXXX, in TMPDIR)
// and removes it and stops Xvfb in an EXIT trap, which sh does not run when
// a signal ends it. So this process stays as a small supervisor: xvfb-run
// runs in its own process group with a TMPDIR of ours; SIGINT, SIGTERM or
// SIGHUP here is passed on to that whole group; when xvfb-run has ended,
// what is left of the group gets SIGTERM (Xvfb, a background job of sh,
// ignores SIGINT), then SIGKILL after 5 s, our folder is removed, and the
// exit code is xvfb-run's (128 + the signal's number after a signal, as a
// shell reports it).

/*
#cgo LDFLAGS: -ldl
#define _GNU_SOURCE // nftw, usleep
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <limits.h>
#include <errno.h>
#include <ftw.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>

static pid_t xvfb_group;                 // xvfb-run's process group (its pid)
static volatile sig_atomic_t xvfb_signal; // the signal that stopped us, 0 if none

static void xvfb_pass_on(int sig) {
	xvfb_signal = sig;
	if (xvfb_group > 0) {
		kill(-xvfb_group, sig);
	}
}

static int xvfb_remove(const char *path, const struct stat *sb, int flag, struct FTW *ftw) {
	(void)sb;
	(void)flag;
	(void)ftw;
	remove(path);
	return 0;
}

// xvfb_no_display_exit prints what to do without a display and exits 2.
static void xvfb_no_display_exit(const char *why) {
	fprintf(stderr, "soundworld: no display (%s) and xvfb-run is not installed.\n", why);
	fprintf(stderr,
		"  The explorer and shot need an X display. Run them on a desktop, or install\n"
		"  xvfb and xauth (scripts/setup.sh does), or run: xvfb-run -a soundworld ...\n"
		"  The text commands (dump, level, probe, render) need no display.\n");
	_exit(2);
}

// xvfb_supervise runs nargv (xvfb-run …) in its own process group with TMPDIR
// a new folder of ours, passes signals on, cleans up and exits with its code.
static void xvfb_supervise(char **nargv, const char *why) {
	static char tmp[PATH_MAX];
	const char *base = getenv("TMPDIR");
	snprintf(tmp, sizeof tmp, "%s/soundworld-xvfb-XXXXXX", base != NULL && base[0] != '\0' ? base : "/tmp");
	char *dir = mkdtemp(tmp);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = xvfb_pass_on;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	pid_t pid = fork();
	if (pid == 0) {
		setpgid(0, 0);
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		signal(SIGHUP, SIG_DFL);
		if (dir != NULL) {
			setenv("TMPDIR", dir, 1);
		}
		execvp("xvfb-run", nargv);
		xvfb_no_display_exit(why);
	}
	if (pid < 0) {
		if (dir != NULL) {
			rmdir(dir);
		}
		return; // the caller runs xvfb-run in this process, as before
	}
	setpgid(pid, pid); // as the child does: whichever runs first
	xvfb_group = pid;
	if (xvfb_signal != 0) {
		kill(-pid, xvfb_signal); // a signal that came before the group existed
	}
	int status = 0;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
	}
	// A signal ends sh before its trap: the window and Xvfb may be left.
	// They get SIGTERM, then after 5 s SIGKILL.
	for (int i = 0; i < 100 && kill(-pid, 0) == 0; i++) {
		kill(-pid, SIGTERM);
		usleep(50000);
	}
	if (kill(-pid, 0) == 0) {
		kill(-pid, SIGKILL);
		usleep(100000);
	}
	if (dir != NULL) {
		nftw(dir, xvfb_remove, 16, FTW_DEPTH | FTW_PHYS);
	}
	if (xvfb_signal != 0) {
		_exit(128 + xvfb_signal);
	}
	if (WIFSIGNALED(status)) {
		_exit(128 + WTERMSIG(status));
	}
	_exit(WEXITSTATUS(status));
}

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
	xvfb_supervise(nargv, why);
	execvp("xvfb-run", nargv);
	xvfb_no_display_exit(why);
}
*/
import "C"
