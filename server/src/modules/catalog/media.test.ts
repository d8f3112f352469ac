import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../lib/storage/local-storage.ts';
import { probeMedia, transcodeAsset } from './media.ts';

let dir: string;

/** A 720p clip at 5 frames a second with a tone encoded as given. */
function makeClip(name: string, audio: string[]): string {
  const file = path.join(dir, name);
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=5', '-f', 'lavfi', '-i', 'sine=frequency=440'],
    ...['-t', '5', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ...audio, file],
  ]);
  return file;
}

/** Codec, sample rate, channels and frame rate of each stream of a rendition's segment (MPEG-TS lists them twice: program and file). */
function segmentStreams(file: string): string {
  const args = ['-v', 'error', '-show_entries', 'stream=codec_name,sample_rate,channels,r_frame_rate', '-of', 'compact=p=0:nk=1', file];
  const lines = execFileSync('ffprobe', args).toString().split('\n').filter(Boolean);
  return [...new Set(lines)].join('\n');
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-media-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('transcoding a source whose audio is already small AAC', () => {
  it('copies AAC-LC at or below the renditions rate, keeps a low frame rate, and encodes anything else', async () => {
    const small = makeClip('lesson.mp4', ['-c:a', 'aac', '-b:a', '48k', '-ac', '1', '-ar', '22050']);
    const large = makeClip('concert.mp4', ['-c:a', 'aac', '-b:a', '192k', '-ac', '2', '-ar', '48000']);
    const other = makeClip('voice.mkv', ['-c:a', 'libopus', '-b:a', '48k']);
    expect(await probeMedia(small)).toMatchObject({ hasAudio: true, audioCopyable: true, height: 720 });
    expect(await probeMedia(large)).toMatchObject({ hasAudio: true, audioCopyable: false });
    expect(await probeMedia(other)).toMatchObject({ hasAudio: true, audioCopyable: false });

    const storage = createLocalStorage(dir);
    const copied = path.join(dir, 'media', 'copied');
    await transcodeAsset(small, await probeMedia(small), storage, 'copied', () => {});
    // Mono 22.05 kHz survives only if the audio was copied; the source's 5 frames a second are kept.
    for (const rendition of ['480p', '720p']) {
      expect(segmentStreams(path.join(copied, rendition, 'seg_000.ts'))).toBe('h264|5/1\naac|22050|1|0/0');
    }
    expect(fs.readFileSync(path.join(copied, 'master.m3u8'), 'utf8')).toContain('CODECS="avc1.4d401f,mp4a.40.2"');

    const encoded = path.join(dir, 'media', 'encoded');
    await transcodeAsset(large, await probeMedia(large), storage, 'encoded', () => {});
    expect(segmentStreams(path.join(encoded, '720p', 'seg_000.ts'))).toBe('h264|5/1\naac|48000|2|0/0');
    // Three short transcodes: slow only on a busy machine.
  }, 180_000);
});
