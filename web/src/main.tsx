import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startI18n } from './lib/i18n.ts';
import { registerServiceWorker } from './lib/offline-sync.ts';
import { getSession } from './lib/session.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Pages load as separate chunks: a tab opened before a release asks for chunks the new build no longer has.
// Reload once to pick up the new build rather than show a blank page (not again within a minute: no loop).
window.addEventListener('vite:preloadError', (event) => {
  const last = Number(sessionStorage.getItem('mm-chunk-reload') ?? 0);
  if (Date.now() - last < 60_000) return;
  sessionStorage.setItem('mm-chunk-reload', String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

registerServiceWorker();

// The first render as a transition: React then renders in slices of a few milliseconds and lets the browser paint and
// answer input in between, rather than holding a phone's main thread for the whole tree at once.
// The first render waits for the active language's messages (one small file per namespace).
void startI18n({ signedIn: getSession() !== null }).then(() =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }),
);
