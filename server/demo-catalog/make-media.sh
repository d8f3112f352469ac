#!/usr/bin/env bash
# Regenerates the demo catalog's media (clips, pictures, playbooks) with ffmpeg and node,
# so the committed binaries can be rebuilt and checked. Run from anywhere: ./make-media.sh
set -euo pipefail
cd "$(dirname "$0")"

ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }
# Bit-exact, metadata-free output (and single-threaded x264 below): the same ffmpeg build gives the same bytes.
EXACT=(-map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact)

rm -rf media
mkdir -p media/clips media/images/categories media/images/videos media/images/experts media/playbooks

# Clips: 8 s, small bitrates; one 1080p source so the 1080p rendition exists, one without audio.
clip() { # name, video source, audio source or "" (silent)
  local name=$1 video=$2 audio=$3
  local inputs=(-f lavfi -i "$video")
  local audio_codec=(-an)
  if [ -n "$audio" ]; then
    inputs+=(-f lavfi -i "$audio")
    audio_codec=(-c:a aac -b:a 48k -ac 1)
  fi
  ff "${inputs[@]}" -t 8 -c:v libx264 -threads 1 -preset slow -crf 32 -maxrate 700k -bufsize 1400k -pix_fmt yuv420p -g 50 \
    "${audio_codec[@]}" -movflags +faststart "${EXACT[@]}" "media/clips/$name.mp4"
}
clip line-check-1080p "testsrc2=size=1920x1080:rate=25" "sine=frequency=440:sample_rate=44100"
clip colour-bars-720p "smptehdbars=size=1280x720:rate=25" "sine=frequency=660:sample_rate=44100:beep_factor=2"
clip fractal-zoom-480p "mandelbrot=size=854x480:rate=25" "sine=frequency=330:sample_rate=44100"
clip gradient-flow-720p "gradients=seed=1:size=1280x720:rate=25:speed=0.03:c0=0x1b4965:c1=0xee6c4d:x0=0:y0=0:x1=1280:y1=720" ""

# Pictures: 640x360 for categories and videos, 256x256 for experts; variety from sources and hue shifts.
still() { # output, source filter, extra filters
  ff -f lavfi -i "$2" -frames:v 1 -vf "$3" -q:v 6 "${EXACT[@]}" "$1"
}
n=0
# Gradients get a fixed seed, colours and points: their defaults are random.
for source in "gradients=seed=1:size=640x360:c0=0x0b6e4f:c1=0xe83f6f:x0=0:y0=0:x1=640:y1=0" \
  "gradients=seed=1:size=640x360:type=radial:c0=0xf6c945:c1=0x1b8fa8:x0=480:y0=60:x1=640:y1=360" "colorspectrum=size=640x360" \
  "colorchart=patch_size=64x64" "mandelbrot=size=640x360:start_scale=0.5" "testsrc2=size=640x360" "smptebars=size=640x360" \
  "mandelbrot=size=640x360:start_x=-0.743:start_y=-0.13:start_scale=0.02" \
  "gradients=seed=1:size=640x360:type=spiral:nb_colors=3:c0=0x3a86ff:c1=0x8338ec:c2=0xff006e:x0=320:y0=180:x1=0:y1=0" "yuvtestsrc=size=640x360" \
  "gradients=seed=1:size=640x360:type=circular:c0=0x2d6a4f:c1=0x95d5b2:x0=320:y0=180:x1=640:y1=360" \
  "gradients=seed=1:size=640x360:c0=0x5f0f40:c1=0xfb8b24:x0=0:y0=360:x1=640:y1=0"; do
  n=$((n + 1))
  still "media/images/categories/category-$(printf %02d $n).jpg" "$source" "scale=640:360,setsar=1"
done
n=0
for clip in line-check-1080p colour-bars-720p fractal-zoom-480p gradient-flow-720p; do
  for hue in 0 120; do
    n=$((n + 1))
    ff -ss 3 -i "media/clips/$clip.mp4" -frames:v 1 -vf "scale=640:360,setsar=1,hue=h=$hue" -q:v 6 "${EXACT[@]}" \
      "media/images/videos/thumb-$(printf %02d $n).jpg"
  done
done
n=0
for colours in c0=0x264653:c1=0xe9c46a c0=0x6d597a:c1=0xeaac8b c0=0x1d3557:c1=0xa8dadc c0=0x8d0801:c1=0xf4d58d c0=0x2b2d42:c1=0x8d99ae; do
  n=$((n + 1))
  still "media/images/experts/expert-$(printf %02d $n).jpg" "gradients=seed=1:size=256x256:type=radial:$colours:x0=128:y0=96:x1=256:y1=256" "setsar=1"
done

# Playbooks: tiny valid one-page PDFs with a title line, written by hand (offsets computed).
node - <<'JS'
const fs = require('node:fs');
const titles = {
  'kaizen-event-playbook': 'Kaizen event playbook',
  'five-s-audit-checklist': '5S audit checklist',
  'lockout-tagout-procedure': 'Lockout / tagout procedure',
  'oee-calculation-sheet': 'OEE calculation worksheet',
  'supplier-scorecard': 'Supplier scorecard template',
  'incident-response-runbook': 'Cyber incident response runbook',
};
for (const [name, title] of Object.entries(titles)) {
  const text = `BT /F1 22 Tf 72 720 Td (${title}) Tj 0 -32 Td /F1 12 Tf (Manufacturing Masters - demo playbook) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  fs.writeFileSync(`media/playbooks/${name}.pdf`, pdf, 'latin1');
}
JS

du -sh media
