import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { forbidden } from '../../lib/errors.ts';
import { escapeHtml } from '../../lib/html.ts';
import { htmlPage } from '../../lib/route-doc.ts';
import { findMessage, latestMessages } from './outbox.queries.ts';

/**
 * The development outbox: with no SMTP_URL every e-mail lands here. It holds live reset and
 * invitation links, so it answers only on the machine itself and only while no SMTP server is configured.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', async (request) => {
    const local = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(request.socket.remoteAddress ?? '');
    if (ctx.config.smtpUrl || !local) throw forbidden('The outbox is a development view, available only on this machine without SMTP.');
  });

  const outboxDoc = {
    operationId: 'devOutbox',
    summary: 'The development outbox: the latest e-mails kept instead of sent',
    tags: ['development'] as [string],
    responses: { 200: htmlPage('The list of e-mails.') },
  };
  app.get('/dev/outbox', { config: { auth: 'public', openapi: outboxDoc } }, async (_request, reply) => {
    const rows = await latestMessages(ctx.db, 200);
    const items = rows
      .map(
        (r) =>
          `<tr><td>${new Date(r.created_at).toISOString()}</td><td>${escapeHtml(r.to_address)}</td><td>${escapeHtml(r.kind)}</td><td><a href="/dev/outbox/${r.id}">${escapeHtml(r.subject)}</a></td></tr>`,
      )
      .join('');
    return reply
      .type('text/html')
      .send(
        `<!doctype html><title>Outbox (development)</title><body style="font-family:sans-serif;margin:2rem"><h1>Outbox: development view</h1><p>No SMTP server is configured (SMTP_URL), so e-mails are kept here instead of being sent.</p><table border="1" cellpadding="6" style="border-collapse:collapse"><tr><th>Time</th><th>To</th><th>Kind</th><th>Subject</th></tr>${items || '<tr><td colspan="4">No e-mail yet.</td></tr>'}</table></body>`,
      );
  });

  app.get(
    '/dev/outbox/:id',
    {
      config: {
        auth: 'public',
        openapi: {
          operationId: 'devOutboxMessage',
          summary: 'One e-mail of the development outbox',
          tags: ['development'],
          responses: { 200: htmlPage('The e-mail.') },
        },
      },
      schema: { params: z.object({ id: z.coerce.number().int().positive() }) },
    },
    async (request, reply) => {
      const row = await findMessage(ctx.db, request.params.id);
      if (!row) return reply.status(404).type('text/html').send('<p>No such e-mail.</p>');
      return reply
        .type('text/html')
        .send(
          `<!doctype html><title>${escapeHtml(row.subject)}</title><body style="font-family:sans-serif;margin:2rem"><p><a href="/dev/outbox">&larr; Outbox</a></p><p><b>To:</b> ${escapeHtml(row.to_address)}<br><b>Subject:</b> ${escapeHtml(row.subject)}</p><iframe sandbox style="width:100%;height:600px;border:1px solid #ccc" srcdoc="${escapeHtml(row.html_body)}"></iframe><h3>Plain text</h3><pre style="white-space:pre-wrap">${escapeHtml(row.text_body)}</pre></body>`,
        );
    },
  );
};
