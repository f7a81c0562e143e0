# Quick start: `make run` opens the explorer on the built-in stand-in world;
# `make test` runs every test. Both set up a fresh Debian/Ubuntu machine first.
GO ?= go
export PATH := $(PATH):/usr/local/go/bin

.PHONY: setup build run test bench fuzz check web windows dist

setup:
	@bash scripts/setup.sh

# Two programs: soundworld (the text commands; no display needed) and
# soundworld-window (the explorer and shot), which soundworld starts.
build: setup
	$(GO) build -o soundworld .
	$(GO) build -o soundworld-window ./cmd/soundworld-window

# Without a display (ssh, a server) the explorer runs inside Xvfb and says so.
run: build
	./soundworld $(ARGS)

# Packages that import ebiten's window side need a display; xvfb-run gives one.
# Budget: each package gets TEST_TIMEOUT (30 min). go test's default, 10
# min per package, was passed on a loaded runner (load 26-57) by the game
# and gate packages, whose tests were slow there, not hung: they wait on
# the CPU (TestGateDamage: 10 s of CPU in 114 s at load 34 on 2 cores;
# TestProfiler_MemoryFlatAt4x: 20 s of CPU in 185 s at load 25). Shots run
# their frames as fast as they draw, the long gate tests in parallel, and
# game's longest test (a child process) alongside the others. 30 min still
# stops a hung test. scripts/test-timed.sh prints the whole run's time.
TEST_TIMEOUT ?= 30m
test: setup
	xvfb-run -a -s "-screen 0 1280x720x24 -noreset" $(GO) test -timeout $(TEST_TIMEOUT) ./...

bench: setup
	xvfb-run -a -s "-screen 0 1280x720x24 -noreset" $(GO) test -run '^$$' -bench . -benchmem ./...

# Every fuzz target for FUZZTIME (default 10s).
FUZZTIME ?= 10s
fuzz: setup
	@bash scripts/fuzz.sh $(FUZZTIME)

# What CI checks besides the tests: gofmt, go vet, staticcheck (installed
# here at a pinned version that knows Go 1.26). The layering test
# (layering_test.go) runs with the tests.
STATICCHECK_VERSION ?= v0.8.2
check: setup
	@test -z "$$(gofmt -l .)" || { echo "gofmt would change:"; gofmt -l .; exit 1; }
	$(GO) vet ./...
	# The page's packages as the browser builds them (js-only files and the
	# tests that build there); the other packages' tests are desktop-only.
	GOOS=js GOARCH=wasm $(GO) vet ./cmd/soundworld-window ./cmd/soundworld-gate ./game/... ./audio/... ./world/... ./internal/weblink
	$(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)
	"$$($(GO) env GOPATH)/bin/staticcheck" ./...

# The explorer as a static web folder (WEBOUT, default build/web): serve it
# with any static host, e.g. python3 -m http.server -d build/web 8080.
WEBOUT ?= build/web
web:
	@bash scripts/web-build.sh $(WEBOUT)

# Both programs for windows/amd64 (a build check: nothing here runs them).
windows:
	@bash scripts/cross-windows.sh

# Release archives in dist/: a Windows zip, a Linux tarball (amd64, arm64)
# and the web folder as a zip, each with its SHA256SUMS, the licences of
# what is linked in, and dist/SHA256SUMS (docs/install.md). DIST_WEB=0
# skips the web zip (its build is the slow part).
dist: setup
	@bash scripts/dist.sh
