#!/usr/bin/env bash
# Builds the two .debs with CPack: toolwright-server (the binary, which is the CLI and `serve`,
# and what a run needs; no GUI library) and toolwright (the GUI module and the desktop's files,
# depending on the first). The server package alone is unpacked into a root of its own and
# answers the protocol and the CLI there, and says what to install when asked for the GUI; both
# together are unpacked into another and run from there: --version, list on the embedded
# default data dir (the seed tools found in <root>/usr/share/toolwright, never in the source
# tree), list --json on a fixture, a tool run in bubblewrap (the installed runner harness), and
# the GUI showing the seed tools.
#
#   check-deb.sh BUILD_DIR SOURCE_DIR VERSION
set -euo pipefail
build=$1 source=$2 version=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

cpack --config "$build/CPackConfig.cmake" -B "$work/out" >"$work/cpack.log" 2>&1 || { cat "$work/cpack.log"; fail "cpack"; }
deb=$(ls "$work"/out/toolwright_*.deb)
server_deb=$(ls "$work"/out/toolwright-server_*.deb)
for d in "$server_deb" "$deb"; do
    echo "built $(basename "$d") ($(du -k "$d" | cut -f1) KiB)"
    [[ $(dpkg-deb -f "$d" Version) == "$version" ]] || fail "$(basename "$d"): the version is not $version"
done
server_depends=$(dpkg-deb -f "$server_deb" Depends)
echo "toolwright-server Depends: $server_depends"
for needed in libqt6core6 libyaml-cpp libfyaml0 nodejs esbuild bubblewrap; do
    [[ $server_depends == *"$needed"* ]] || fail "toolwright-server's Depends lacks $needed"
done
for gui in libqt6gui6 libqt6widgets6 libqscintilla qt6-qpa-plugins libqt6svg6; do
    [[ $server_depends != *"$gui"* ]] || fail "toolwright-server depends on $gui, a GUI library"
done
depends=$(dpkg-deb -f "$deb" Depends)
echo "toolwright Depends: $depends"
for needed in "toolwright-server (= $version)" libqt6widgets6 qt6-qpa-plugins; do
    [[ $depends == *"$needed"* ]] || fail "toolwright's Depends lacks $needed"
done

# The server package alone: the CLI and the protocol, no GUI module, no desktop file.
server_root=$work/server-root
dpkg-deb -x "$server_deb" "$server_root"
[[ -z $(find "$server_root" -name 'toolwright-gui.so' -o -name '*.desktop') ]] || fail "toolwright-server holds the GUI's files"
for f in usr/bin/toolwright usr/share/toolwright/resources/runner/harness.mjs usr/share/man/man1/toolwright.1.gz \
         usr/share/doc/toolwright-server/copyright \
         usr/share/toolwright/resources/typescript/node_modules/@types/node/index.d.ts \
         usr/share/toolwright/resources/typescript/node_modules/@types/node/LICENSE \
         usr/share/toolwright/resources/typescript/node_modules/undici-types/LICENSE; do
    [[ -e $server_root/$f ]] || fail "toolwright-server lacks $f"
done
(
    export HOME=$work/server-home XDG_CONFIG_HOME=$work/server-home/.config XDG_DATA_HOME=$work/server-home/.local/share \
           XDG_CACHE_HOME=$work/server-home/.cache
    unset DATA_PATH TOOLWRIGHT_SHARE_DIR DISPLAY WAYLAND_DISPLAY
    mkdir -p "$HOME"
    stw=$server_root/usr/bin/toolwright
    "$stw" list --data "$source/tests/fixtures/datapath" | grep -q '^greet ' || fail "toolwright-server: list"
    reply=$(printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"1.0"}}' \
        | "$stw" serve --stdio --data "$source/tests/fixtures/datapath")
    [[ $(head -1 <<<"$reply") == "toolwright-serve $version "* ]] || fail "toolwright-server: no banner: $reply"
    grep -q '"protocolVersion":"1.0"' <<<"$reply" || fail "toolwright-server: initialize: $reply"
    code=0
    QT_QPA_PLATFORM=offscreen "$stw" >"$work/nogui.out" 2>"$work/nogui.err" || code=$?
    [[ $code == 2 ]] || fail "toolwright-server: starting the GUI exited with $code, not 2"
    grep -q 'install the toolwright package' "$work/nogui.err" || { cat "$work/nogui.err"; fail "toolwright-server: no word of what to install"; }
) || exit 1
echo "toolwright-server alone answers the CLI and the protocol, and names the package for the GUI"

root=$work/root
dpkg-deb -x "$server_deb" "$root"
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
    compgen -G "$root/$f" >/dev/null || fail "the packages lack $f"
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

# lint --types with the installed Node types (a tool that uses fs and fetch checks clean; one
# that returns a string is caught), so the package carries what TypeScript needs.
mkdir -p "$work/typed/t"
printf -- '---\nname: t\ndescription: d\nversion: 1\n---\n# T\n' >"$work/typed/t/TOOL.md"
printf "import { readFileSync } from 'node:fs';\nexport async function execute() {\n  const r = await fetch('http://x.invalid');\n  return { content: [{ type: 'text', text: String(r.status) + typeof readFileSync }] };\n}\n" \
    >"$work/typed/t/index.ts"
"$tw" lint --types "$work/typed/t" >"$work/typed.txt" || { cat "$work/typed.txt"; fail "lint --types with the installed Node types"; }
printf "export async function execute() {\n  return 'done';\n}\n" >"$work/typed/t/index.ts"
! "$tw" lint --types "$work/typed/t" >"$work/typed.txt" && grep -q 'result-type-mismatch' "$work/typed.txt" \
    || { cat "$work/typed.txt"; fail "lint --types did not catch a string returned"; }

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
echo "PASS: toolwright-server alone, and both .debs together, install and run"
