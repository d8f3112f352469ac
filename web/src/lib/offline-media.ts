import { useSyncExternalStore } from 'react';

/**
 * Videos a member saves for offline use (issue 17): every playlist and segment of the stream, and its caption files
 * (the player's captions and the transcript, issue 33), are fetched once and kept in Cache Storage ('mm-media'), where the service worker answers the player from. Keys drop the URL's
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

const UNREACHABLE = 'The video could not be saved: the server cannot be reached. Check your connection and try again.';

/** A file of the video; a lost connection is said in words (the browser's own "Failed to fetch" means nothing to a person). */
async function fetchPart(url: URL, refused: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch {
    throw new Error(UNREACHABLE);
  }
  if (!response.ok) throw new Error(refused);
  return response;
}

async function playlistEntries(url: URL): Promise<URL[]> {
  const response = await fetchPart(url, 'The video could not be saved: its stream did not answer.');
  const text = await response.text();
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => new URL(line, url));
}

/**
 * Fetches the master playlist, each rendition's playlist and every segment, and the caption files, and keeps them for
 * offline playing.
 */
export async function saveVideoOffline(videoId: number, masterUrl: string, captionUrls: readonly string[]): Promise<void> {
  const list = readList();
  if (!list[videoId] && Object.keys(list).length >= MAX_SAVED) throw new Error(OFFLINE_LIMIT);
  const master = new URL(masterUrl, window.location.origin);
  const files = [master, ...captionUrls.map((url) => new URL(url, window.location.origin))];
  for (const rendition of await playlistEntries(master)) files.push(rendition, ...(await playlistEntries(rendition)));
  const cache = await caches.open(MEDIA_CACHE);
  const keys: string[] = [];
  for (const file of files) {
    const response = await fetchPart(file, 'The video could not be saved: a part of its stream did not answer.');
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
