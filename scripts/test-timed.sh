#!/usr/bin/env bash
# The README's test command, timed. Its last line, "make test: N s …", is the
# README's figure when CI runs on an idle 2-core machine (the lead copies it).
set -uo pipefail
cd "$(dirname "$0")/.."
load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo "?")
start=$(date +%s)
make test
status=$?
el=$(( $(date +%s) - start ))
printf 'make test: %d s (%d min %02d s) on %s cores, load %s at the start, exit %d\n' \
	"$el" $((el / 60)) $((el % 60)) "$(nproc)" "$load" "$status"
exit $status
