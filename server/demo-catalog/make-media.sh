#!/usr/bin/env bash
# Rebuilds every file under media/ from catalog.json (titles, descriptions, categories, experts) and
# lessons.json (each lesson's key points): spoken slide lessons, WebVTT captions, trailers, title cards,
# the landing hero and the playbooks. Needs Debian's ffmpeg, espeak-ng and fonts-dejavu; nothing is downloaded.
# Run from anywhere: ./make-media.sh (about 10 CPU-minutes); ./make-media.sh <video-key>... renders only those lessons,
# ./make-media.sh --pictures only the pictures, hero and playbooks; ./make-media.sh --hero only the landing hero and its still.
set -euo pipefail
cd "$(dirname "$0")"
for tool in ffmpeg espeak-ng node; do
  command -v "$tool" >/dev/null || { echo "make-media.sh needs $tool (apt-get install ffmpeg espeak-ng fonts-dejavu-core)" >&2; exit 1; }
done
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf ] || { echo "make-media.sh needs fonts-dejavu-core" >&2; exit 1; }
# tsx: the generator is the server's TypeScript (src/lib/slide-lesson.ts).
node --import tsx make-media.mjs "$@"
du -sh media
