import { type Envelope, type ErrorCode, errorCodeOfStatus, type RouteAnswer, type RouteDefinition, type RouteInput, urlOf } from '@mm/contract';
import i18next from 'i18next';
import { useSyncExternalStore } from 'react';
import { activeLocale } from './i18n.ts';
import { getSession } from './session.ts';

/** A failed call: the HTTP status and the server's `error_messages`, ready to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** What went wrong, from the envelope (or the status when the server could not say): what code branches on. */
    readonly code: ErrorCode = errorCodeOfStatus(status),
    /** The call carried a session the server no longer accepts; the app has already signed out. */
    readonly sessionEnded = false,
    /** Seconds the server asks to wait before trying again (Retry-After), or null: a kiosk's PIN countdown. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type ApiAnswer<T> = {
  data: T;
  message: string | undefined;
  /** Offline: the answer is the device's copy (web/build/service-worker.js), fetched at this time (ISO). */
  savedAt?: string;
};

/**
 * The oldest saved copy each screen (path) read offline, for the offline banner; forgotten when the network returns
 * (the screens read again then).
 */
let savedAtByScreen: Readonly<Record<string, string>> = {};
const savedAtListeners = new Set<() => void>();
function publishSavedAt(next: Record<string, string>): void {
  savedAtByScreen = next;
  for (const listener of savedAtListeners) listener();
}
function noteSavedCopy(savedAt: string): void {
  const screen = window.location.pathname;
  const known = savedAtByScreen[screen];
  if (known === undefined || Date.parse(savedAt) < Date.parse(known)) publishSavedAt({ ...savedAtByScreen, [screen]: savedAt });
}
if (typeof window !== 'undefined') window.addEventListener('online', () => publishSavedAt({}));

/** When the oldest answer the current screen read from the device was fetched; undefined when none was. */
export function useScreenSavedAt(screen: string): string | undefined {
  return useSyncExternalStore(
    (listener) => {
      savedAtListeners.add(listener);
      return () => savedAtListeners.delete(listener);
    },
    () => savedAtByScreen[screen],
  );
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  json?: unknown;
  form?: FormData;
  /** Let the request outlive the page (reports sent while the page is left or closed). */
  keepalive?: boolean;
  /** A session not saved yet (sign-up continuing straight to the checkout); defaults to the saved one. */
  accessToken?: string;
  /** Extra headers (a kiosk tablet's device token). */
  headers?: Record<string, string>;
};

let onSessionEnded: (message: string) => void = () => {};

/** The app decides what a refused session means (sign out, go to /login). */
export function setSessionEndedHandler(handler: (message: string) => void): void {
  onSessionEnded = handler;
}

/** Said when no answer came back (the server's own messages come in the request's language). */
const unreachable = () => i18next.t('common:errors.unreachable');

/**
 * The error of a failed answer; a call whose session the server refused signs the app out first, when that session
 * is the one the app holds: a write replayed from the offline queue with an earlier person's token (a shared kiosk)
 * must not end the next person's session.
 */
function failureOf(response: Response, envelope: Envelope<unknown> | null, token: string | undefined): ApiError {
  const message = envelope?.success === false ? envelope.error_messages : unreachable();
  const code = envelope?.success === false ? envelope.code : errorCodeOfStatus(response.status);
  if (response.status === 401 && token && token === getSession()?.accessToken) {
    onSessionEnded(message);
    return new ApiError(401, message, code, true);
  }
  const retryAfter = Number(response.headers.get('Retry-After'));
  return new ApiError(response.status, message, code, false, retryAfter > 0 ? retryAfter : null);
}

type EnvelopeRoute = RouteDefinition & { answer: Exclude<RouteDefinition['answer'], string> };

/** The input argument: optional for a call that takes nothing. */
type InputArguments<R extends RouteDefinition> =
  Record<never, never> extends RouteInput<R> ? [input?: RouteInput<R>, options?: RequestOptions] : [input: RouteInput<R>, options?: RequestOptions];

type SentInput = { params?: Record<string, string | number>; query?: unknown; body?: unknown };

/**
 * Calls the API with the session's bearer token and unwraps the answer envelope. The route comes from the
 * contract's table, which types the input (path parameters, query, body) and the answer.
 */
export function apiRequest<const R extends EnvelopeRoute>(route: R, ...[input, options]: InputArguments<R>): Promise<ApiAnswer<RouteAnswer<R>>> {
  const { params, query, body } = (input ?? {}) as SentInput;
  return send<RouteAnswer<R>>(urlOf(route, { params, query }), route.method, body, options);
}

/**
 * Posts a write of the offline queue by its path: sent now, or replayed later with the token it was made under
 * (lib/offline-queue.ts types it by its route when it is made, and always names the token).
 */
export function postQueuedWrite<T>(path: string, body: unknown, options: Pick<RequestOptions, 'keepalive' | 'accessToken'>): Promise<ApiAnswer<T>> {
  return send<T>(path, 'POST', body, options);
}

async function send<T>(
  path: string,
  method: RouteDefinition['method'],
  json: unknown,
  { form, keepalive, accessToken, headers: extraHeaders }: RequestOptions = {},
): Promise<ApiAnswer<T>> {
  const token = accessToken ?? getSession()?.accessToken;
  // The server answers its messages in the language the app shows (for a signed-in member, their saved one wins).
  const headers = new Headers({ ...extraHeaders, Accept: 'application/json', 'Accept-Language': activeLocale() });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (json !== undefined) headers.set('Content-Type', 'application/json');

  let response: Response;
  try {
    response = await fetch(path, { method, headers, keepalive, body: form ?? (json === undefined ? undefined : JSON.stringify(json)) });
  } catch {
    throw new ApiError(0, unreachable());
  }

  const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (envelope?.success === true) {
    const savedAt = response.headers.get('X-Saved-At') ?? undefined;
    if (savedAt) noteSavedCopy(savedAt);
    return { data: envelope.data, message: envelope.message, savedAt };
  }

  throw failureOf(response, envelope, token);
}

export type ApiFile = { blob: Blob; filename: string | null };

function filenameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {}
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}

type FileRoute = RouteDefinition & { answer: 'file' };

/** Fetches a file the API serves after its access check (bearer token in the header, never in the URL). */
export function apiDownload<const R extends FileRoute>(route: R, ...[input]: InputArguments<R>): Promise<ApiFile> {
  const { params, query, body } = (input ?? {}) as SentInput;
  // A file made by a write (a POST: printed sheets with new one-time codes) sends its body as JSON.
  return downloadFrom(urlOf(route, { params, query }), body === undefined ? undefined : { method: route.method, body: JSON.stringify(body) });
}

/** Fetches a file at an address the server handed out (a video's `playbook_url`), with the same access check. */
export async function downloadFrom(path: string, send?: { method: string; body: string }): Promise<ApiFile> {
  const token = getSession()?.accessToken;
  const headers = new Headers();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (send) headers.set('Content-Type', 'application/json');

  let response: Response;
  try {
    response = await fetch(path, { headers, ...send });
  } catch {
    throw new ApiError(0, unreachable());
  }
  if (response.ok) return { blob: await response.blob(), filename: filenameFrom(response.headers.get('Content-Disposition')) };

  const envelope = (await response.json().catch(() => null)) as Envelope<unknown> | null;
  throw failureOf(response, envelope, token);
}

/** Hands a fetched file to the browser as a download. */
export function saveFile({ blob, filename }: ApiFile, fallbackName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address is released.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
