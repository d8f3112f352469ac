import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { openBrowser } from './kit/browser.ts';
import { type Stack, startStack } from './kit/stack.ts';

// What every journey imports: the kit by job (kit/stack.ts, kit/mail-capture.ts, kit/browser.ts) and one stack per describe block.
export * from './kit/axe.ts';
export * from './kit/browser.ts';
export * from './kit/mail-capture.ts';
export * from './kit/stack.ts';

/** A fresh platform and a browser for the enclosing describe block, stopped after it. */
export function useStack(settings?: NodeJS.ProcessEnv): { stack: Stack; browser: Browser } {
  const env = {} as { stack: Stack; browser: Browser };
  beforeAll(async () => {
    [env.stack, env.browser] = await Promise.all([startStack(undefined, settings), openBrowser()]);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.stack?.stop();
  });
  return env;
}
