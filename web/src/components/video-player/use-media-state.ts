import { type RefObject, useEffect, useState } from 'react';

/** What the player's controls show about the video element. */
export type MediaState = {
  paused: boolean;
  currentTime: number;
  duration: number;
  /** The end of the buffered range around the playhead, in seconds. */
  bufferedEnd: number;
  volume: number;
  muted: boolean;
};

const INITIAL: MediaState = { paused: true, currentTime: 0, duration: 0, bufferedEnd: 0, volume: 1, muted: false };

const EVENTS = ['play', 'pause', 'ended', 'timeupdate', 'durationchange', 'loadedmetadata', 'progress', 'volumechange', 'seeking', 'emptied'];

/** The buffered range that holds the playhead (hls.js may buffer several), else the nearest one ahead. */
export function bufferedEndAt(ranges: Array<[number, number]>, time: number): number {
  const around = ranges.find(([start, end]) => start <= time + 0.5 && time <= end);
  return around ? around[1] : time;
}

function read(video: HTMLVideoElement): MediaState {
  const ranges: Array<[number, number]> = [];
  for (let i = 0; i < video.buffered.length; i++) ranges.push([video.buffered.start(i), video.buffered.end(i)]);
  const duration = Number.isFinite(video.duration) ? video.duration : 0;
  return {
    paused: video.paused,
    currentTime: video.currentTime,
    duration,
    bufferedEnd: Math.min(bufferedEndAt(ranges, video.currentTime), duration || Number.POSITIVE_INFINITY),
    volume: video.volume,
    muted: video.muted,
  };
}

/** Follows the video element's media events into React state. */
export function useMediaState(videoRef: RefObject<HTMLVideoElement | null>): MediaState {
  const [state, setState] = useState(INITIAL);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const update = () => setState(read(video));
    for (const name of EVENTS) video.addEventListener(name, update);
    update();
    return () => {
      for (const name of EVENTS) video.removeEventListener(name, update);
    };
  }, [videoRef]);
  return state;
}
