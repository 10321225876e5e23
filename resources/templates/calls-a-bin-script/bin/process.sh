#!/usr/bin/env bash
# Reads text on stdin and prints it upper-cased with a word count.
set -euo pipefail
text=$(cat)
printf '%s\n(%s words)\n' "${text^^}" "$(wc -w <<<"$text" | tr -d ' ')"
