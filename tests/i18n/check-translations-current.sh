#!/usr/bin/env bash
# The committed .ts files hold exactly the tr() strings of the sources, each one translated:
# lupdate, run on a copy, must find nothing new and drop nothing (a string the sources no longer
# have, vanished or obsolete, is stale: -no-obsolete drops it and the check says so), and
# lrelease must find no message unfinished or empty in what lupdate left (numerus forms too).
# When it fails, run
#   cmake --build --preset testing --target update_translations
# and translate what it added or left unfinished.
#
#   check-translations-current.sh [--plurals] LUPDATE LRELEASE TS_FILE SOURCE...
# --plurals: TS_FILE holds only the numerus strings (the English plural forms).
set -euo pipefail
extra=()
if [ "$1" = "--plurals" ]; then extra=(-pluralonly -source-language en -target-language en); shift; fi
lupdate=$1 lrelease=$2 ts=$3
shift 3
name=$(basename "$ts")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$ts" "$work/copy.ts"
"$lupdate" "${extra[@]}" -no-obsolete -locations none "$@" -ts "$work/copy.ts" >"$work/out.txt" 2>&1
cat "$work/out.txt"
if [ ${#extra[@]} -gt 0 ]; then
    # lupdate counts every string before it strips the non-plural ones: compare the files.
    cmp -s "$ts" "$work/copy.ts" || { diff "$ts" "$work/copy.ts" | head -40; echo "FAIL: $name is not the sources' plural strings"; exit 1; }
elif ! grep -q '(0 new and' "$work/out.txt"; then
    echo "FAIL: $name lacks strings of the sources"; exit 1
fi
# A message of the committed file the sources no longer have: lupdate drops it (and says so),
# or it was already marked vanished or obsolete (dropped without a word).
if grep -q 'obsolete' "$work/out.txt" || grep -Eq '<translation[^>]*type="(vanished|obsolete)"' "$ts"; then
    echo "FAIL: $name holds strings the sources no longer have"; exit 1
fi

# Every message translated: lrelease counts the unfinished ones and ignores the empty ones.
"$lrelease" "$work/copy.ts" -qm "$work/copy.qm" >"$work/release.txt" 2>&1 || { cat "$work/release.txt"; echo "FAIL: lrelease $name"; exit 1; }
cat "$work/release.txt"
finished=$(sed -n 's/.*Generated [0-9]* translation(s) (\([0-9]*\) finished and \([0-9]*\) unfinished).*/\1/p' "$work/release.txt")
unfinished=$(sed -n 's/.*Generated [0-9]* translation(s) (\([0-9]*\) finished and \([0-9]*\) unfinished).*/\2/p' "$work/release.txt")
untranslated=$(sed -n 's/.*Ignored \([0-9]*\) untranslated source text(s).*/\1/p' "$work/release.txt")
[ -n "$finished" ] && [ -n "$unfinished" ] || { echo "FAIL: cannot read lrelease's counts for $name"; exit 1; }
untranslated=${untranslated:-0}
# The source of each message whose translation is unfinished or empty, numerus forms included
# (lrelease counts a message with one empty plural form as finished).
awk '/<message/ { src = ""; insrc = 0; bad = 0 }
     /<source>/ { insrc = 1 }
     insrc { src = src $0 }
     /<\/source>/ { insrc = 0 }
     /<translation[^>]*type="unfinished"/ || /<translation[^>]*\/>/ || /<translation[^>]*><\/translation>/ \
         || /<numerusform><\/numerusform>/ || /<numerusform\/>/ { bad = 1 }
     /<\/message>/ && bad { gsub(/^ *<source>|<\/source>.*$/, "", src); print "  " src }' "$work/copy.ts" >"$work/bad.txt"
if [ "$unfinished" -gt 0 ] || [ "$untranslated" -gt 0 ] || [ -s "$work/bad.txt" ]; then
    echo "FAIL: $name: $unfinished unfinished, $untranslated untranslated, $(wc -l <"$work/bad.txt") not fully translated:"
    cat "$work/bad.txt"
    exit 1
fi
echo "PASS: $name is current: all $finished strings translated"
