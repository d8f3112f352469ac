import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { mediaSigner } from '../media/media-signer.ts';
import { findLanding } from './landing.queries.ts';

/**
 * `GET /`: the web app's page with the banner poster preloaded. The poster is the landing's largest picture;
 * without the hint the browser learns of it only after the script and `/api/landing` have arrived. Signed
 * URLs are the same for an hour (media-signer.ts), so the one the page asks for later is the one preloaded.
 */
export const landingPageRoutes: FastifyPluginAsync<{ ctx: AppContext; webDist: string }> = async (app, { ctx, webDist }) => {
  const page = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  // The web app's own page, like the build's files: no parameters, nothing to attack (hidden from the route walks).
  app.get('/', { schema: { hide: true } }, async (_request, reply) => {
    const landing = await findLanding(ctx.db);
    const poster = landing && (await mediaSigner(ctx.db)).posterUrl(landing.banner_hash);
    const html = poster ? page.replace('</head>', `  <link rel="preload" as="image" fetchpriority="high" href="${poster}">\n  </head>`) : page;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
};
