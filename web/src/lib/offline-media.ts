import { useSyncExternalStore } from 'react';

/**
 * Videos a member saves for offline use (issue 17): every playlist and segment of the stream is fetched once and
 * kept in Cache Storage ('mm-media'), where the service worker answers the player from. Keys drop the URL's
 * expiry and signature (`/media/<expires>/<signature>/<asset>/<file>` -> `/media-offline/<asset>/<file>`), so a
 * saved video plays from any later signed URL of the same asset. At most MAX_SAVED videos, listed per device in
 * localStorage (cleared with the session, and the cache with it).
 */

export const MEDIA_CACHE = 'mm-media';
export const MAX_SAVED = 10;
const LIST_KEY = 'mm-offline-videos';
export const OFFLINE_LIMIT = `At most ${MAX_SAVED} videos are kept for offline use: remove one first.`;

type SavedList = Record<string, string[]>;

const offlineKey = (url: URL) => `${url.origin}${url.pathname.replace(/^\/media\/\d+\/[A-Za-z0-9_-]+\//, '/media-offline/')}`;

function readList(): SavedList {
  try {
    return JSON.parse(localStorage.getItem(LIST_KEY) ?? '{}') as SavedList;
  } catch {
    return {};
  }
}

const listeners = new Set<() => void>();
function writeList(list: SavedList): void {
  localStorage.setItem(LIST_KEY, JSON.stringify(list));
  for (const listener of listeners) listener();
}

async function playlistEntries(url: URL): Promise<URL[]> {
  const response = await fetch(url);
  if (!response.ok) throw new Error('The video could not be saved: its stream did not answer.');
  const text = await response.text();
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => new URL(line, url));
}

/** Fetches the master playlist, each rendition's playlist and every segment, and keeps them for offline playing. */
export async function saveVideoOffline(videoId: number, masterUrl: string): Promise<void> {
  const list = readList();
  if (!list[videoId] && Object.keys(list).length >= MAX_SAVED) throw new Error(OFFLINE_LIMIT);
  const master = new URL(masterUrl, window.location.origin);
  const files = [master];
  for (const rendition of await playlistEntries(master)) files.push(rendition, ...(await playlistEntries(rendition)));
  const cache = await caches.open(MEDIA_CACHE);
  const keys: string[] = [];
  for (const file of files) {
    const response = await fetch(file);
    if (!response.ok) throw new Error('The video could not be saved: a part of its stream did not answer.');
    const key = offlineKey(file);
    await cache.put(key, response);
    keys.push(key);
  }
  writeList({ ...readList(), [videoId]: keys });
}

export async function removeVideoOffline(videoId: number): Promise<void> {
  const list = readList();
  const cache = await caches.open(MEDIA_CACHE);
  await Promise.all((list[videoId] ?? []).map((key) => cache.delete(key)));
  delete list[videoId];
  writeList(list);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the video is saved on this device. */
export function useSavedOffline(videoId: number): boolean {
  return useSyncExternalStore(subscribe, () => readList()[videoId] !== undefined);
}

/** Whether this browser can keep videos (Cache Storage needs https or localhost). */
export const canSaveOffline = () => typeof caches !== 'undefined' && 'serviceWorker' in navigator;
