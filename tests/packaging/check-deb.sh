#!/usr/bin/env bash
# Builds the .deb with CPack, unpacks it into a temporary root (dpkg-deb -x) and runs the
# installed program from there: --version, list on the embedded default data dir (the seed
# tools found in <root>/usr/share/toolwright, never in the source tree), list --json on a
# fixture, a tool run in bubblewrap (the installed runner harness), and the GUI showing the seed
# tools.
#
#   check-deb.sh BUILD_DIR SOURCE_DIR VERSION
set -euo pipefail
build=$1 source=$2 version=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

cpack --config "$build/CPackConfig.cmake" -B "$work/out" >"$work/cpack.log" 2>&1 || { cat "$work/cpack.log"; fail "cpack"; }
deb=$(ls "$work"/out/toolwright_*.deb)
echo "built $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB)"
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for needed in libqt6core6 libqt6widgets6 libyaml-cpp libfyaml0 nodejs esbuild bubblewrap; do
    [[ $depends == *"$needed"* ]] || fail "Depends lacks $needed"
done
[[ $(dpkg-deb -f "$deb" Version) == "$version" ]] || fail "package version is not $version"

root=$work/root
dpkg-deb -x "$deb" "$root"
[[ -n $(find "$root/usr/lib" -path '*/toolwright/toolwright-gui.so') ]] || fail "the package lacks the GUI module"
for f in usr/bin/toolwright \
         usr/share/toolwright/seed/tools/hello/TOOL.md usr/share/toolwright/resources/runner/harness.mjs \
         usr/share/toolwright/resources/runner/toolprocess.mjs usr/share/toolwright/resources/runner/values.mjs \
         usr/share/toolwright/resources/templates/minimal/TOOL.md \
         usr/share/applications/io.github.toolwright.Toolwright.desktop \
         usr/share/metainfo/io.github.toolwright.Toolwright.metainfo.xml \
         usr/share/icons/hicolor/scalable/apps/io.github.toolwright.Toolwright.svg \
         usr/share/icons/hicolor/48x48/apps/io.github.toolwright.Toolwright.png \
         usr/share/man/man1/toolwright.1.gz usr/share/bash-completion/completions/toolwright; do
    compgen -G "$root/$f" >/dev/null || fail "the package lacks $f"
done

[[ -x $root/usr/share/toolwright/resources/templates/calls-a-bin-script/bin/process.sh ]] \
    || fail "a template's bin/ script lost its executable bit"
zcat "$root/usr/share/man/man1/toolwright.1.gz" | grep -q '^\.TH TOOLWRIGHT 1' || fail "the manual page is not a gzipped man page"

tw=$root/usr/bin/toolwright
export HOME=$work/home XDG_CONFIG_HOME=$work/home/.config XDG_DATA_HOME=$work/home/.local/share \
       XDG_CACHE_HOME=$work/home/.cache USER=tester
unset DATA_PATH TOOLWRIGHT_SHARE_DIR
mkdir -p "$HOME"
[[ $("$tw" --version) == "toolwright $version" ]] || fail "--version: $("$tw" --version)"

# The embedded default data dir, synced from the installed seed tools on first use.
"$tw" list >"$work/list.txt" || fail "list on the embedded default"
grep -q '^hello ' "$work/list.txt" || { cat "$work/list.txt"; fail "list shows no seed tool"; }
[[ -f $XDG_DATA_HOME/toolwright/toolwright/data/tools/hello/TOOL.md ]] || fail "the seed was not synced"

"$tw" list --data "$source/tests/fixtures/datapath" --json >"$work/list.json"
grep -q '"name":"greet"' "$work/list.json" || fail "list --json on the fixture"

# A run in bubblewrap: the installed harness and esbuild bundling.
"$tw" run hello --runtime bwrap --params '{"name":"Ada"}' >"$work/run.txt" 2>"$work/run.err" \
    || { cat "$work/run.txt" "$work/run.err"; fail "run hello"; }
grep -q 'Ada' "$work/run.txt" || { cat "$work/run.txt"; fail "run hello did not greet Ada"; }

# The GUI, from <root>/usr/lib/<arch>/toolwright, in a home of its own: it syncs the installed
# seed into its embedded data dir and shows the six seed tools (README) as global tools. The
# browser's tree is what --print-tools-after-scan prints once the first scan is on screen.
export HOME=$work/gui-home XDG_CONFIG_HOME=$work/gui-home/.config XDG_DATA_HOME=$work/gui-home/.local/share \
       XDG_CACHE_HOME=$work/gui-home/.cache
mkdir -p "$HOME"
code=0
QT_QPA_PLATFORM=offscreen TOOLWRIGHT_NO_DIALOGS=1 timeout 120 "$tw" --print-tools-after-scan \
    >"$work/gui.txt" 2>"$work/gui.err" || code=$?
[[ $code == 0 ]] || { cat "$work/gui.txt" "$work/gui.err"; fail "the installed GUI exited with $code"; }
shown=$({ grep $'^global\t' "$work/gui.txt" || true; } | cut -f2 | LC_ALL=C sort | tr '\n' ' ')
[[ $shown == "countdown file_search hello hmac_sign json_format text_stats " ]] \
    || { cat "$work/gui.txt" "$work/gui.err"; fail "the installed GUI shows the global tools '$shown', not the six seed tools"; }
echo "the installed GUI shows: $shown"
echo "PASS: the .deb installs and runs from $root"
