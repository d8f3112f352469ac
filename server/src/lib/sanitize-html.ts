import sanitize from 'sanitize-html';

/**
 * Admin-entered HTML (page bodies, FAQ answers) reduced to formatting: no scripts, styles,
 * event handlers, frames or javascript:/data: URLs ever reach a browser.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'a',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'code',
    'pre',
    'span',
    'div',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links leaving the platform open in a new tab without handing it window.opener.
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, ...(attribs.target ? { rel: 'noopener noreferrer' } : {}) } }),
  },
};

export const sanitizeHtml = (html: string): string => sanitize(html, OPTIONS);
