#!/usr/bin/env bash
# Validates the desktop entry, the AppStream metainfo, the manual page and the icon.
#
#   check-desktop-files.sh PACKAGING_DIR ICON_BUILD_DIR
set -euo pipefail
dir=$1 icons=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
desktop-file-validate "$dir/io.github.toolwright.Toolwright.desktop" || fail "desktop-file-validate"
appstreamcli validate --no-net --pedantic "$dir/io.github.toolwright.Toolwright.metainfo.xml" || fail "appstreamcli validate"
warnings=$(groff -t -man -ww -z "$dir/toolwright.1" 2>&1)
[[ -z $warnings ]] || fail "groff: $warnings"
groff -t -man -Tutf8 "$dir/toolwright.1" 2>/dev/null | grep -q "toolwright list" || fail "the manual page does not render"
for size in 16 22 24 32 48 64 128 256; do
    png=$icons/${size}x${size}/io.github.toolwright.Toolwright.png
    [[ -s $png ]] || fail "no $png"
    [[ $(identify -format '%wx%h' "$png") == "${size}x${size}" ]] || fail "$png is not ${size}x${size}"
done
echo "PASS: desktop entry, metainfo, manual page and icons"
