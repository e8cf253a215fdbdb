import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';

/** The rich text the editor makes, and nothing that runs: no script, no event handlers, no javascript: URLs. */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'h1',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'hr',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
    'code',
    'pre',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    p: ['style'],
    h1: ['style'],
    h2: ['style'],
    h3: ['style'],
  },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
  exclusiveFilter: (frame) =>
    frame.tag === 'img' && !/^(https:\/\/|\/st365\/systemfile\/public\/[A-Za-z0-9_-]+$)/.test(frame.attribs.src ?? ''),
};

/** Cleans rich text before it is stored; what comes back is safe to show as HTML. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** A rich-text field of a request body: at most 200,000 characters, cleaned on the way in. */
export const ZRichText = z.string().max(200_000, '内容过长').transform(sanitizeRichText);
