import http from 'node:http';

/**
 * What answers on the port while the platform starts (the web build, migrations, a first start's demo): `/healthz`
 * says the process is alive and starting, API calls answer 503 with Retry-After in the envelope, and pages a small
 * "Starting" page that reloads itself. Nothing half-loaded is ever served: the platform takes the port over once it
 * is whole (handOver).
 */

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta http-equiv="refresh" content="2">
  <title>Starting - Manufacturing Masters</title>
  <style>
    body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: system-ui, sans-serif; background: #f8f9fa; color: #212529; }
    main { text-align: center; padding: 1rem; }
    h1 { font-size: 1.5rem; margin: 0 0 .5rem; }
  </style>
</head>
<body>
  <main>
    <h1>Manufacturing Masters is starting</h1>
    <p>A first start takes a little while (it builds the web app and loads the demo). This page opens the platform by itself when it is ready.</p>
  </main>
</body>
</html>
`;

const RETRY_SECONDS = '2';

function answer(request: http.IncomingMessage, response: http.ServerResponse): void {
  const url = (request.url ?? '/').split('?')[0] ?? '/';
  // Every answer closes its connection, so the platform takes the port over without waiting for idle keep-alives.
  const headers = { 'cache-control': 'no-store', connection: 'close' };
  if (url === '/healthz') {
    response.writeHead(200, { ...headers, 'content-type': 'application/json' });
    response.end(JSON.stringify({ success: true, data: { status: 'starting' } }));
  } else if (url.startsWith('/api/') || url.startsWith('/media/') || url.startsWith('/uploads/') || request.method !== 'GET') {
    response.writeHead(503, { ...headers, 'content-type': 'application/json', 'retry-after': RETRY_SECONDS });
    response.end(JSON.stringify({ success: false, error_messages: 'The platform is starting: try again in a few seconds.', error_code: 503 }));
  } else {
    response.writeHead(503, { ...headers, 'content-type': 'text/html; charset=utf-8', 'retry-after': RETRY_SECONDS });
    response.end(PAGE);
  }
}

export type StartingServer = { handOver(): Promise<void> };

export function serveWhileStarting(host: string, port: number): Promise<StartingServer> {
  const server = http.createServer(answer);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () =>
      resolve({
        handOver: () =>
          new Promise<void>((closed) => {
            server.close(() => closed());
            server.closeAllConnections();
          }),
      }),
    );
  });
}
