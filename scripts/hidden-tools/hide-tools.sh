#!/bin/sh
# Runs a command with the system's media tools and the data they read hidden. Meant to run as
# root inside `unshare -m --propagation private`, so the mounts exist only for this command and
# its children (scripts/hidden-tools/README.md). Chromium, fonts and Node stay visible.
set -eu

TOOLS="ffmpeg ffprobe fluidsynth espeak-ng sox text2wave festival pocketsphinx_continuous apertium lt-proc"
DATA="/usr/share/sounds/sf2 /usr/share/sonic-pi /usr/share/pocketsphinx /usr/share/apertium
/usr/share/festival /usr/lib/x86_64-linux-gnu/espeak-ng-data /usr/share/espeak-ng-data"

for name in $TOOLS; do
  for dir in /usr/bin /usr/local/bin; do
    # /dev/null is not a regular file and has no exec bit: PATH searches, `which` and the
    # toolchain all pass it over, and starting it fails with EACCES.
    if [ -e "$dir/$name" ]; then mount --bind /dev/null "$dir/$name"; fi
  done
done
for dir in $DATA; do
  if [ -d "$dir" ]; then mount -t tmpfs -o size=64k,mode=0755 hidden-tools "$dir"; fi
done

export SOUNDSTAGE_TOOLS_HIDDEN=1
exec "$@"
