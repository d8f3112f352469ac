import { z } from 'zod';

/** A public information page (terms, privacy, help, ...): description is sanitized HTML. */
export const page = z.object({ unique_id: z.string(), page_type: z.string(), title: z.string(), description: z.string() });
export type Page = z.infer<typeof page>;

export const pageLink = page.pick({ unique_id: true, page_type: true, title: true });
export type PageLink = z.infer<typeof pageLink>;

export const faq = z.object({ faq_id: z.number(), question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof faq>;

/** `faqs/list` answers `data.data` (member spec, section 7). */
export const faqList = z.object({ data: z.array(faq) });
export type FaqList = z.infer<typeof faqList>;

export const pageQuery = z.object({ unique_id: z.string().trim().min(1).max(60).optional() });
