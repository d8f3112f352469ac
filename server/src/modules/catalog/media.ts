import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Rendition } from '../../db/schema.ts';
import { MEDIA_KEY_PREFIX, type Storage } from '../../lib/storage/storage.ts';

/**
 * ffprobe and ffmpeg: probe a source, transcode it into HLS renditions (480p, 720p, 1080p up to the
 * source's height) with a master playlist and a JPEG poster. One ffmpeg at a time, `-preset veryfast`
 * and two threads, so a 2-core machine keeps serving while it works.
 */

export type MediaProbe = {
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
  /** AAC-LC within the renditions' audio budget: copied into the renditions rather than encoded again. */
  audioCopyable: boolean;
};

export class MediaError extends Error {}

export const MASTER_PLAYLIST = 'master.m3u8';
export const POSTER = 'poster.jpg';
const SEGMENT_SECONDS = 4;
const AUDIO_KBPS = 128;

/** The ladder: each rung's cap on video bitrate and the H.264 Main level that fits it. */
const LADDER = [
  { height: 480, videoKbps: 1000, level: '3.0', codec: 'avc1.4d401e' },
  { height: 720, videoKbps: 2500, level: '3.1', codec: 'avc1.4d401f' },
  { height: 1080, videoKbps: 5000, level: '4.0', codec: 'avc1.4d4028' },
] as const;

export type Rung = { label: string; width: number; height: number; videoKbps: number; level: string; codec: string };

// H.264 in 4:2:0 needs even dimensions.
const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
const evenDown = (n: number) => Math.max(2, Math.floor(n / 2) * 2);

/** Rungs up to the source height; a source below the smallest rung gets one rendition at its own (even) height. */
export function renditionLadder(width: number, height: number): Rung[] {
  const fitting = LADDER.filter((rung) => rung.height <= height);
  const rungs = fitting.length ? fitting : [{ ...LADDER[0], height: evenDown(height) }];
  return rungs.map((rung) => ({ ...rung, label: `${rung.height}p`, width: even((rung.height * width) / height) }));
}

export async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}

/** `lowPriority` (the default): transcodes yield the cores to requests; a probe is short and on the way of an import (or a first start). */
type RunOptions = { onLine?: (line: string) => void; lowPriority?: boolean };

/** Runs a tool at low priority; a failure is a MediaError with the tail of its stderr. */
function runTool(command: string, args: string[], options: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      if (child.pid && options.lowPriority !== false) os.setPriority(child.pid, 10);
    } catch {
      // Lowering the priority is a courtesy; some containers forbid it.
    }
    let stdout = '';
    let pending = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      stdout += text;
      if (!options.onLine) return;
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) options.onLine(line.trim());
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      // A missing tool is the machine's problem, not the file's: not a MediaError.
      reject(error.code === 'ENOENT' ? new Error(`${command} is not installed (Debian: apt-get install ffmpeg).`) : error);
    });
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new MediaError(`${command} failed (exit ${code}): ${stderr.trim().split('\n').slice(-3).join(' ') || 'no message'}`));
    });
  });
}

type ProbeStream = {
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  bit_rate?: string;
  channels?: number;
  width?: number;
  height?: number;
  disposition?: { attached_pic?: number };
  side_data_list?: { rotation?: number }[];
};

/**
 * Encoding AAC again gains nothing when the source already is AAC-LC at or below the renditions'
 * rate, and the encoder is the slow half of a low-frame-rate transcode (slide lessons).
 */
function copyableAudio(audio: ProbeStream | undefined): boolean {
  const bitRate = Number(audio?.bit_rate);
  return audio?.codec_name === 'aac' && audio.profile === 'LC' && (audio.channels ?? 0) <= 2 && bitRate > 0 && bitRate <= AUDIO_KBPS * 1000;
}
type ProbeOutput = { streams?: ProbeStream[]; format?: { duration?: string; format_name?: string } };

/** Duration, display size and audio presence; a file that is not a playable video is a MediaError. */
export async function probeMedia(file: string): Promise<MediaProbe> {
  let output: ProbeOutput;
  try {
    output = JSON.parse(await runTool('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { lowPriority: false }));
  } catch (error) {
    if (!(error instanceof MediaError)) throw error;
    // ffprobe's last words name the reason ("Invalid data found when processing input").
    throw new MediaError(`is not a video (ffprobe: ${error.message.split(': ').at(-1)})`);
  }
  const format = output.format?.format_name ?? '';
  // Still images come through ffprobe as one-frame "videos".
  if (/(^|,)(image2|\w+_pipe)(,|$)/.test(format)) throw new MediaError(`is an image (${format}), not a video`);
  const video = output.streams?.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!video?.width || !video.height) throw new MediaError('has no video stream');
  const durationSeconds = Number(output.format?.duration);
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) throw new MediaError('has no duration');
  const audio = output.streams?.find((s) => s.codec_type === 'audio');
  const quarterTurn = Math.abs(video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0) % 180 === 90;
  return {
    durationSeconds,
    width: quarterTurn ? video.height : video.width,
    height: quarterTurn ? video.width : video.height,
    hasAudio: audio !== undefined,
    audioCopyable: copyableAudio(audio),
  };
}

/** Percent of the source done, from ffmpeg's `-progress` lines (out_time_us is microseconds). */
function progressListener(durationSeconds: number, onPercent: (percent: number) => void) {
  return (line: string) => {
    if (line === 'progress=end') return onPercent(100);
    const match = /^out_time_us=(\d+)$/.exec(line);
    if (match) onPercent(Math.min(99, Math.floor(Number(match[1]) / 1e4 / durationSeconds)));
  };
}

function renditionArgs(source: string, probe: MediaProbe, rung: Rung, dir: string): string[] {
  const encodeAudio = probe.audioCopyable ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2'];
  const audio = probe.hasAudio ? ['-map', '0:a:0', ...encodeAudio] : ['-an'];
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-nostats', '-progress', 'pipe:1', '-threads', '2', '-i', source],
    ...['-map', '0:v:0', '-vf', `scale=${rung.width}:${rung.height},setsar=1`, '-fpsmax', '30', '-pix_fmt', 'yuv420p'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-threads', '2', '-profile:v', 'main', '-level', rung.level],
    ...['-crf', '23', '-maxrate', `${rung.videoKbps}k`, '-bufsize', `${rung.videoKbps * 2}k`],
    // A keyframe at every segment boundary, so segments are cut evenly.
    ...['-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`, '-sc_threshold', '0'],
    ...audio,
    ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments'],
    ...['-hls_segment_filename', path.join(dir, 'seg_%03d.ts'), path.join(dir, 'index.m3u8')],
  ];
}

/** Peak and average bitrate of a rendition, measured from its segments (HLS BANDWIDTH is the peak). */
function measureRendition(dir: string): { peak: number; average: number } {
  const lines = fs.readFileSync(path.join(dir, 'index.m3u8'), 'utf8').split('\n');
  let peak = 0;
  let bits = 0;
  let seconds = 0;
  lines.forEach((line, i) => {
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    const uri = lines[i + 1]?.trim();
    if (!extinf || !uri) return;
    const duration = Number(extinf[1]);
    const size = fs.statSync(path.join(dir, uri)).size * 8;
    bits += size;
    seconds += duration;
    if (duration > 0) peak = Math.max(peak, size / duration);
  });
  return { peak: Math.ceil(peak), average: Math.ceil(seconds ? bits / seconds : 0) };
}

/**
 * Renditions as stored in media_assets, read back from the asset's master playlist in the store: its BANDWIDTH is each
 * rendition's measured peak (masterPlaylist), so an asset transcoded earlier, on this machine or another, needs no
 * segment read to be described again.
 */
export async function storedRenditions(storage: Storage, assetHash: string, probe: MediaProbe): Promise<Rendition[]> {
  const master = (await storage.read(`${MEDIA_KEY_PREFIX}${assetHash}/${MASTER_PLAYLIST}`))?.toString('utf8');
  if (master === undefined) throw new Error(`The media asset ${assetHash} has no master playlist in the ${storage.description}.`);
  const lines = master.split('\n');
  return renditionLadder(probe.width, probe.height).map((rung) => {
    const playlist = `${rung.label}/index.m3u8`;
    const info = lines[lines.findIndex((line) => line.trim() === playlist) - 1] ?? '';
    return { height: rung.height, width: rung.width, bandwidth: Number(/BANDWIDTH=(\d+)/.exec(info)?.[1] ?? 0), playlist };
  });
}

/** True when the asset is complete in the store: its master playlist is written last (transcodeAsset). */
export async function assetStored(storage: Storage, assetHash: string): Promise<boolean> {
  return (await storage.head(`${MEDIA_KEY_PREFIX}${assetHash}/${MASTER_PLAYLIST}`)) !== null;
}

function masterPlaylist(assetDir: string, probe: MediaProbe): string {
  const codecs = (rung: Rung) => (probe.hasAudio ? `${rung.codec},mp4a.40.2` : rung.codec);
  const variants = renditionLadder(probe.width, probe.height).map((rung) => {
    const { peak, average } = measureRendition(path.join(assetDir, rung.label));
    return [
      `#EXT-X-STREAM-INF:BANDWIDTH=${peak},AVERAGE-BANDWIDTH=${average},RESOLUTION=${rung.width}x${rung.height},CODECS="${codecs(rung)}"`,
      `${rung.label}/index.m3u8`,
    ].join('\n');
  });
  return ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS', ...variants, ''].join('\n');
}

function posterArgs(source: string, probe: MediaProbe, file: string): string[] {
  const largest = renditionLadder(probe.width, probe.height).filter((rung) => rung.height <= 720);
  const size = largest.at(-1) ?? renditionLadder(probe.width, probe.height)[0]!;
  const at = Math.min(1, probe.durationSeconds / 2).toFixed(2);
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-ss', at, '-i', source, '-frames:v', '1'],
    ...['-vf', `scale=${size.width}:${size.height},setsar=1`, '-q:v', '4', file],
  ];
}

/**
 * The ffmpeg runs that make an asset in `work`, in order: one per rendition (each into its own folder, which must
 * exist), then the poster. transcodeAsset runs them; the bench runs them alone to compare a studio job with ffmpeg.
 */
export function transcodeCommands(source: string, probe: MediaProbe, work: string): { step: string; dir: string | null; args: string[] }[] {
  return [
    ...renditionLadder(probe.width, probe.height).map((rung) => {
      const dir = path.join(work, rung.label);
      return { step: rung.label, dir, args: renditionArgs(source, probe, rung, dir) };
    }),
    { step: 'poster', dir: null, args: posterArgs(source, probe, path.join(work, POSTER)) },
  ];
}

type TranscodeProgress = (rendition: string, percent: number) => void;

/**
 * Transcodes into a staging directory (on the store's disk when local, a temporary one for a bucket), then moves it into
 * the store as `media/<hash>/` with the master playlist last, so the asset counts as present only when complete: that
 * presence is what lets a re-run skip the asset (assetStored).
 */
export async function transcodeAsset(source: string, probe: MediaProbe, storage: Storage, assetHash: string, onProgress: TranscodeProgress): Promise<void> {
  const prefix = `${MEDIA_KEY_PREFIX}${assetHash}`;
  const work = storage.stagingDir(prefix);
  try {
    for (const { step, dir, args } of transcodeCommands(source, probe, work)) {
      if (dir) fs.mkdirSync(dir);
      onProgress(step, 0);
      await runTool('ffmpeg', args, dir ? { onLine: progressListener(probe.durationSeconds, (p) => onProgress(step, p)) } : {});
    }
    fs.writeFileSync(path.join(work, MASTER_PLAYLIST), masterPlaylist(work, probe));
    await storage.putDirectory(prefix, work, MASTER_PLAYLIST);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** With the local store, transcoded assets live in `${DATA_DIR}/media/<sha256 of the source>/` (nginx and the bench read them there). */
export const mediaRoot = (dataDir: string) => path.join(dataDir, 'media');
