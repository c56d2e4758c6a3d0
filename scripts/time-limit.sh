#!/usr/bin/env bash
# Usage: scripts/time-limit.sh SECONDS WHAT COMMAND [ARG...]
#
# Runs COMMAND for at most SECONDS. Past that it stops COMMAND and everything
# it started (SIGTERM, then SIGKILL 30 s later), says "error: WHAT took longer
# than ..." and exits 124. Otherwise it exits with COMMAND's status.
#
# `timeout` puts COMMAND in a process group of its own (that is how it reaches
# all of it: Xvfb, drover, the test peers), which also puts it out of reach of
# the terminal's Ctrl+C; so this script catches INT and TERM and passes them on.
set -uo pipefail

if [ $# -lt 3 ]; then
  echo "usage: $0 SECONDS WHAT COMMAND [ARG...]" >&2
  exit 2
fi
limit=$1 what=$2
shift 2

timeout --kill-after=30 "$limit" "$@" &
pid=$!
interrupted=""
trap 'interrupted=INT; kill -TERM "$pid" 2>/dev/null' INT
trap 'interrupted=TERM; kill -TERM "$pid" 2>/dev/null' TERM

status=0
wait "$pid" || status=$?
if [ -n "$interrupted" ]; then
  # The first wait returned for the signal: wait for the command to end, then
  # end by the same signal, so that the caller stops too (bash runs on after a
  # child that merely exits 130).
  wait "$pid" 2>/dev/null
  echo "$what: interrupted" >&2
  trap - INT TERM
  kill -s "$interrupted" $$
fi
if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
  echo "error: $what took longer than $limit s and was stopped" >&2
  exit 124
fi
exit "$status"
