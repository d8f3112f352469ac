import type { Envelope } from '@mm/contract';
import { getSession } from './session.ts';

/** A failed call: the HTTP status and the server's `error_messages`, ready to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The call carried a session the server no longer accepts; the app has already signed out. */
    readonly sessionEnded = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type ApiAnswer<T> = { data: T; message: string | undefined };

type RequestOptions = { method?: 'GET' | 'POST'; json?: unknown; form?: FormData };

let onSessionEnded: (message: string) => void = () => {};

/** The app decides what a refused session means (sign out, go to /login). */
export function setSessionEndedHandler(handler: (message: string) => void): void {
  onSessionEnded = handler;
}

const UNREACHABLE = 'The server cannot be reached. Check your connection and try again.';

/** Calls the API with the session's bearer token and unwraps the answer envelope. */
export async function apiRequest<T>(path: string, { method = 'GET', json, form }: RequestOptions = {}): Promise<ApiAnswer<T>> {
  const token = getSession()?.accessToken;
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (json !== undefined) headers.set('Content-Type', 'application/json');

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: form ?? (json === undefined ? undefined : JSON.stringify(json)) });
  } catch {
    throw new ApiError(0, UNREACHABLE);
  }

  const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (envelope?.success === true) return { data: envelope.data, message: envelope.message };

  const message = envelope?.success === false ? envelope.error_messages : UNREACHABLE;
  if (response.status === 401 && token) {
    onSessionEnded(message);
    throw new ApiError(401, message, true);
  }
  throw new ApiError(response.status, message);
}
