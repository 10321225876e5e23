#!/usr/bin/env bash
# Runs a test in an empty home and a temporary directory of its own: settings, run history,
# caches and temporary files of an earlier run (or of another suite running beside it) must not
# be there to be found (a leak scan would read them; a count could be met by them). HOME and the
# XDG directories are HOME_DIR's (emptied before the run, kept after it to be looked at); TMPDIR
# is a new directory under the caller's, removed when the test ends, however it ends: nothing a
# suite made is left in /tmp.
# The test's own exit code, or the signal that ended it (raised again here), is ours, so ctest
# sees a crash as a crash.
#
#   fresh-home.sh HOME_DIR TEST [ARGS...]
home=$1
shift
rm -rf -- "$home" && mkdir -p -- "$home/home" || { echo "fresh-home: cannot empty $home" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tw-suite.XXXXXX") || { echo "fresh-home: no temporary directory" >&2; exit 2; }
trap 'rm -rf -- "$tmp"' EXIT
# Searchable by others, as /tmp is: the sandbox account and the accounts tests run commands as
# (nobody) reach what a test gives them; each test's own directories in it stay 0700.
chmod 755 "$tmp"
# What the caller's home held that finds programs (pyenv's shims on PATH look for their root
# there) is still found; nothing else of it is.
if [ -z "${PYENV_ROOT:-}" ] && [ -d "${HOME:-/nonexistent}/.pyenv" ]; then
    export PYENV_ROOT="$HOME/.pyenv"
fi
export HOME="$home/home" TMPDIR="$tmp"
# In the foreground: ctest's timeout kills the process tree, Ctrl-C reaches the whole group.
"$@"
status=$?
rm -rf -- "$tmp"
trap - EXIT
if [ "$status" -gt 128 ] && [ "$status" -lt 160 ]; then
    signal=$((status - 128))
    trap - "$signal" 2>/dev/null
    kill -"$signal" $$
fi
exit "$status"
