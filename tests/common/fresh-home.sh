#!/usr/bin/env bash
# Runs a test in an empty home: settings, run history, caches and temporary files of an earlier
# run must not be there to be found (a leak scan would read them; a count could be met by them).
# exec, so that ctest sees the test itself: its exit code, a crash's signal, a timeout's kill.
#
#   fresh-home.sh HOME_DIR TEST [ARGS...]
home=$1
shift
rm -rf -- "$home" && mkdir -p -- "$home" || { echo "fresh-home: cannot empty $home" >&2; exit 2; }
exec "$@"
