/** Plain text and HTML, and tags as objects or strings. */
import type { Converter } from './types.ts';

// ---------------------------------------------------------------------------------------------
// text and HTML

export const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Plain text as HTML: special characters escaped, each newline kept and made visible with `<br>`. */
export function textToHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!).replace(/\r?\n/g, '<br>\n');
}

export const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', '#39': "'" };

/** The inverse of textToHtml, and a reasonable plain-text rendering of other HTML. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>\n?/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6])>\n?/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (m, e: string) => {
      if (e.startsWith('#x') || e.startsWith('#X')) return String.fromCodePoint(parseInt(e.slice(2), 16));
      if (e.startsWith('#') && e !== '#39') return String.fromCodePoint(parseInt(e.slice(1), 10));
      return NAMED_ENTITIES[e.toLowerCase()] ?? m;
    });
}

export const textToHtmlConverter: Converter = {
  description: 'plain text → HTML (characters escaped, newlines kept as <br>) ↔ HTML → text',
  exact: true,
  forward(value) {
    return typeof value === 'string' ? textToHtml(value) : value;
  },
  backward(value) {
    return typeof value === 'string' ? htmlToText(value) : value;
  },
};

// ---------------------------------------------------------------------------------------------
// tags

export const tagObjects: Converter = {
  description: 'array of { name } objects ↔ array of strings',
  exact: true,
  forward(value, ctx) {
    if (!Array.isArray(value)) return value;
    return value.map((t) => {
      if (t && typeof t === 'object' && 'name' in t) return String((t as { name: unknown }).name);
      if (typeof t === 'string') return t;
      ctx.report('lossy', `${ctx.path}: tag ${JSON.stringify(t)} has no name`);
      return String(t);
    });
  },
  backward(value) {
    if (!Array.isArray(value)) return value;
    return value.map((name) => ({ name }));
  },
};
