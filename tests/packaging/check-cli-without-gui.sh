#!/usr/bin/env bash
# A CLI-only configuration (-DTOOLWRIGHT_GUI=OFF) searches no GUI package and its build links
# none: configured with Qt Gui, Widgets, Svg and Linguist made unfindable (as on a server without
# them) and QScintilla's search traced, then the generated build files searched for them. The
# sources it compiles are the ones the `toolwright-cli-only` target of every build compiles.
#
#   check-cli-without-gui.sh SOURCE_DIR WORK_DIR
set -euo pipefail
src=$1
work=$2
rm -rf "$work"
mkdir -p "$work"
trace="$work/trace.txt"
if ! cmake -S "$src" -B "$work/build" -G Ninja -DTOOLWRIGHT_GUI=OFF -DTOOLWRIGHT_BUILD_TESTS=OFF \
    -DCMAKE_DISABLE_FIND_PACKAGE_Qt6Gui=ON -DCMAKE_DISABLE_FIND_PACKAGE_Qt6Widgets=ON \
    -DCMAKE_DISABLE_FIND_PACKAGE_Qt6Svg=ON -DCMAKE_DISABLE_FIND_PACKAGE_Qt6LinguistTools=ON \
    --trace-expand --trace-redirect="$trace" >"$work/configure.log" 2>&1; then
    echo "FAIL: a CLI-only configuration does not configure without the GUI packages:" >&2
    tail -n 30 "$work/configure.log" >&2
    exit 1
fi
fail=0
if grep -nE 'find_(library|path)\((QSCINTILLA|.*qscintilla)' "$trace" >&2; then
    echo "FAIL: the CLI-only configuration searches for QScintilla (lines above)" >&2
    fail=1
fi
# The matches are taken whole first: `grep | head` under pipefail is false when head closes the
# pipe on a long list (grep dies of SIGPIPE), and the check passed on exactly its regression.
gui_lines=$(grep -nE 'Qt6(Gui|Widgets|Svg)|qscintilla' "$work/build/build.ninja" || true)
if [ -n "$gui_lines" ]; then
    head -n 5 <<<"$gui_lines" >&2
    echo "FAIL: the CLI-only build files name a GUI library ($(wc -l <<<"$gui_lines") lines; the first above)" >&2
    fail=1
fi
if ! grep -q 'build app/toolwright:' "$work/build/build.ninja"; then
    echo "FAIL: the CLI-only build has no toolwright executable" >&2
    fail=1
fi
[ "$fail" -eq 0 ] && echo "ok: -DTOOLWRIGHT_GUI=OFF configures without Qt Gui, Widgets, Svg, Linguist and QScintilla"
exit "$fail"
