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
  exclusiveFilter: (frame) => frame.tag === 'img' && !isSafeImageUrl(frame.attribs.src ?? ''),
};

/** Our public images (files service), or an https address without spaces, quotes or brackets. */
const SAFE_IMAGE_URL = /^(https:\/\/[^\s"'()<>\\]+|\/st365\/systemfile\/public\/[A-Za-z0-9_-]+)$/;

function isSafeImageUrl(url: string): boolean {
  return SAFE_IMAGE_URL.test(url);
}

/**
 * An image address stored for a page to show (form pictures, option pictures, a form's head and
 * background): kept when it is one of ours or https, else ''. The quotes and brackets are refused
 * so the address cannot leave a CSS url(...) it is put in.
 */
export function safeImageUrl(url: string): string {
  return isSafeImageUrl(url) ? url : '';
}

/** Anything that an HTML parser would read as the start of a tag, a comment or a declaration. */
const TAG_LIKE = /<(?=[A-Za-z/!?])[^<>]*(>|$)/g;

/**
 * Plain text (titles, labels, options, names, messages): React shows it as text, but other
 * readers (exports, older clients) might not, so markup is removed where it is stored. Repeated
 * until nothing changes, so removing one tag cannot join the pieces of another; a lone '<' (a < b)
 * stays.
 */
export function plainText(text: string): string {
  let out = text;
  for (let previous = ''; previous !== out; ) {
    previous = out;
    out = out.replace(TAG_LIKE, '');
  }
  return out;
}

/** Cleans rich text before it is stored; what comes back is safe to show as HTML. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** A rich-text field of a request body: at most 200,000 characters, cleaned on the way in. */
export const ZRichText = z.string().max(200_000, '内容过长').transform(sanitizeRichText);
