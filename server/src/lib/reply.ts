import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** The success envelope, and its schema for a route's `response`. */
export const ok = <T>(data: T, message?: string) => ({ success: true as const, ...(message ? { message } : {}), data });

export const envelope = <T extends z.ZodTypeAny>(data: T) => z.object({ success: z.literal(true), message: z.string().optional(), data });

/** A personal PDF (certificate, playbook, sheet) as a download that no shared cache keeps. */
export function sendPdf(reply: FastifyReply, pdf: Buffer | NodeJS.ReadableStream, filename: string): FastifyReply {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/** A spreadsheet download (CSV, UTF-8), personal like the PDFs. */
export function sendCsv(reply: FastifyReply, csv: string, filename: string): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(csv);
}
