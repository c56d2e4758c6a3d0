#!/usr/bin/env bash
# Usage: scripts/with-cpu-hog.sh COMMAND [ARG...]
#
# Runs COMMAND while one core of the machine is kept busy, as a user's
# compiler, browser or indexer would (issue 33: "the drag tests green with the
# machine loaded by a CPU hog on one core"). The hog is a shell busy loop at
# the normal priority, so it takes a full core's share from the scheduler,
# not only what is idle.
#
# Started and stopped here, by its own PID: it never outlives COMMAND, and it
# is bounded on its own too (HOG_TIME_LIMIT seconds, default 40 minutes,
# through `timeout`), so a run killed with SIGKILL cannot leave it spinning.
# Exits with COMMAND's status.
set -uo pipefail

if [ $# -lt 1 ]; then
  echo "usage: $0 COMMAND [ARG...]" >&2
  exit 2
fi

timeout --kill-after=5 "${HOG_TIME_LIMIT:-2400}" bash -c 'while :; do :; done' &
hog=$!
trap 'kill -TERM "$hog" 2>/dev/null; wait "$hog" 2>/dev/null' EXIT
echo "with-cpu-hog: one core kept busy (PID $hog) while running: $*"

"$@"
