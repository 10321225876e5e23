#!/usr/bin/env bash
# Runs a sandbox suite as an ordinary account: the test account toolwright-test (scripts/setup
# makes it) when the suite runs as root — CI's case — so that what a sandbox may do is checked
# where Toolwright does not run as root too (its own uid behind the sandbox, the overlay mounted
# in a user namespace of its own); as whoever runs it otherwise. Its home and temporary files
# are its own, removed afterwards.
#
#   as-test-account.sh TEST [TEST FUNCTIONS...]
set -euo pipefail
account=toolwright-test
if [ "$(id -u)" -ne 0 ]; then
    exec "$@"
fi
getent passwd "$account" >/dev/null || { echo "as-test-account: no account $account (scripts/setup makes it)" >&2; exit 2; }
home=$(mktemp -d /tmp/toolwright-test-home.XXXXXX)
chown "$account:" "$home"
trap 'rm -rf "$home"' EXIT
# The sanitizers' settings (the asan preset's suppressions) go along; nothing else of root's.
sanitizers=()
for name in ASAN_OPTIONS LSAN_OPTIONS UBSAN_OPTIONS; do
    [ -n "${!name:-}" ] && sanitizers+=("$name=${!name}")
done
runuser -u "$account" -- env -i PATH="$PATH" HOME="$home" TMPDIR=/tmp QT_QPA_PLATFORM=offscreen \
    QT_LOGGING_RULES='qt.qpa.*=false' TOOLWRIGHT_NO_DIALOGS=1 "${sanitizers[@]}" \
    XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data" XDG_CACHE_HOME="$home/cache" "$@"
