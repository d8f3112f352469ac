import { routes } from '@mm/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * The little of IndexedDB the queue uses (open with an upgrade, one object store keyed by `id`, put, getAll, delete,
 * a transaction's oncomplete), kept in a Map: the web tests run in Node, which has none.
 */
function memoryIndexedDb() {
  const rows = new Map<string, unknown>();
  const later = (f: () => void) => setTimeout(f, 0);
  const database = {
    objectStoreNames: { contains: () => true },
    createObjectStore: () => undefined,
    close: () => undefined,
    transaction: () => {
      const tx: { oncomplete?: () => void; onerror?: () => void; error: null; objectStore: () => unknown } = {
        error: null,
        objectStore: () => {
          const request = <T>(result: () => T) => {
            const r = { result: undefined as T | undefined };
            later(() => {
              r.result = result();
              tx.oncomplete?.();
            });
            return r;
          };
          return {
            put: (value: { id: string }) => request(() => rows.set(value.id, structuredClone(value)) && value.id),
            getAll: () => request(() => [...rows.values()].map((v) => structuredClone(v))),
            delete: (id: string) => request(() => rows.delete(id) && undefined),
          };
        },
      };
      return tx;
    },
  };
  return {
    rows,
    factory: {
      open: () => {
        const request: { result: typeof database; onupgradeneeded?: () => void; onsuccess?: () => void; onerror?: () => void } = { result: database };
        later(() => {
          request.onupgradeneeded?.();
          request.onsuccess?.();
        });
        return request;
      },
    },
  };
}

const idb = memoryIndexedDb();
const storage = new Map<string, string>([['mm.session', JSON.stringify({ accessToken: 'token-of-mia', userId: 7 })]]);
const network = { onLine: false };
const fetchMock = vi.fn();

beforeAll(() => {
  vi.stubGlobal('window', { addEventListener: () => undefined, location: { pathname: '/video/3/check' } });
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => storage.set(k, v),
    removeItem: (k: string) => storage.delete(k),
  });
  vi.stubGlobal('navigator', network);
  vi.stubGlobal('indexedDB', idb.factory);
  vi.stubGlobal('fetch', fetchMock);
});
afterAll(() => vi.unstubAllGlobals());

const answers = [{ question_id: 11, choices: [1] }];

describe('the offline queue with a knowledge check submission', () => {
  it('keeps a submission made offline under its own request id and path, once, and delivers it with its own token when the network returns', async () => {
    // Imported once the browser's globals are in place (the session is read at load).
    const { sendOrQueue, replayWrites } = await import('./offline-queue.ts');
    const submission = { params: { attemptId: 42 }, requestId: 'a1b2c3d4e5f60718' };
    expect(await sendOrQueue(routes.submitAssessmentAttempt, { answers }, submission)).toBeNull();
    // Pressed again (or the time limit ran out meanwhile): still one submission waiting.
    expect(await sendOrQueue(routes.submitAssessmentAttempt, { answers }, submission)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect([...idb.rows.values()]).toEqual([
      {
        id: 'a1b2c3d4e5f60718',
        path: '/api/assessments/attempts/42/submit',
        token: 'token-of-mia',
        user_id: 7,
        body: { answers, request_id: 'a1b2c3d4e5f60718' },
        queued_at: expect.any(Number),
      },
    ]);

    network.onLine = true;
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ success: true, data: { attempt_id: 42 } }), { status: 200 }));
    expect(await replayWrites()).toBe(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/assessments/attempts/42/submit');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ answers, request_id: 'a1b2c3d4e5f60718' });
    expect((init.headers as Headers).get('Authorization')).toBe('Bearer token-of-mia');
    expect(idb.rows.size).toBe(0);
  });

  it('on a shared kiosk, a submission queued by one member goes out with their token only, never with the next member signed in', async () => {
    const { sendOrQueue, endSessionOnServer, replayWrites } = await import('./offline-queue.ts');
    const { getSession, saveSession } = await import('./session.ts');
    fetchMock.mockReset();
    // No network: every request fails as a browser's does.
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    network.onLine = false;
    saveSession({ ...getSession()!, accessToken: 'token-of-mia', userId: 7 });
    await sendOrQueue(routes.submitAssessmentAttempt, { answers }, { params: { attemptId: 44 }, requestId: 'mia-attempt-44' });
    // Mia signs out on the kiosk without a network; Bruno signs in on the same tablet.
    await endSessionOnServer(getSession()!);
    saveSession({ ...getSession()!, accessToken: 'token-of-bruno', userId: 8 });
    expect(idb.rows.size).toBe(2);
    fetchMock.mockReset();

    network.onLine = true;
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ success: true, data: {} }), { status: 200 }));
    expect(await replayWrites()).toBe(2);
    const sent = (fetchMock.mock.calls as [string, RequestInit][]).map(([path, init]) => [path, (init.headers as Headers).get('Authorization')]);
    // Mia's submission first, then her sign-out, both as Mia: Bruno's token never carries them.
    expect(sent).toEqual([
      ['/api/assessments/attempts/44/submit', 'Bearer token-of-mia'],
      [routes.logout.path, 'Bearer token-of-mia'],
    ]);
    expect(idb.rows.size).toBe(0);
  });

  it('sends a submission at once when online, under a fresh id of 32 hex digits when none is given', async () => {
    const { sendOrQueue } = await import('./offline-queue.ts');
    fetchMock.mockClear();
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ success: true, data: { attempt_id: 43, passed: true } }), { status: 200 }));
    const answer = await sendOrQueue(routes.submitAssessmentAttempt, { answers }, { params: { attemptId: 43 } });
    expect(answer?.data).toEqual({ attempt_id: 43, passed: true });
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/assessments/attempts/43/submit');
    expect(JSON.parse(init.body as string).request_id).toMatch(/^[0-9a-f]{32}$/);
    expect(idb.rows.size).toBe(0);
  });
});
