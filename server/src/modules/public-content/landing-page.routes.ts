import fs from 'node:fs';
import path from 'node:path';
import { LANDING_DATA_ELEMENT_ID, LANDING_STILL, type LandingData } from '@mm/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { jsonScriptElement } from '../../lib/json-script.ts';
import { landingIfImported } from './landing.service.ts';

/**
 * `GET /`: the web app's page with the landing's answer inside and the still behind its headline preloaded. Without them the
 * browser learns of the poster (the page's largest picture) only after the script, then `/api/landing`, have
 * arrived: on a phone's network each is a round trip. Signed URLs are the same for an hour (media-signer.ts), so
 * the poster the page shows is the one preloaded.
 */
export const landingPageRoutes: FastifyPluginAsync<{ ctx: AppContext; webDist: string }> = async (app, { ctx, webDist }) => {
  const page = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  // The web app's own page, like the build's files: no parameters, nothing to attack (hidden from the route walks).
  app.get('/', { schema: { hide: true } }, async (_request, reply) => {
    const landing = await landingIfImported(ctx);
    const html = landing ? page.replace('</head>', `${landingHead(landing)}  </head>`) : page;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
};

function landingHead(landing: LandingData): string {
  return `  <link rel="preload" as="image" fetchpriority="high" href="${LANDING_STILL.path}">\n  ${jsonScriptElement(LANDING_DATA_ELEMENT_ID, landing)}\n`;
}
