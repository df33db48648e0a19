/**
 * `--redact`: personal data (emails, phone numbers, people's names) masked in report examples.
 * Field names decide what a name is; free text is scanned for emails and phone numbers.
 */

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const PHONE = /(?<![\w.:/-])\+?\(?\d[\d ()-]{7,}\d(?![\w.:/-])/g;
/** fields that hold a person's name or contact details */
const PERSONAL_FIELD = /(^|_)(name|first_name|last_name|email|emails|phone|mobile|twitter_id|address)$/i;

export function redactText(text: string): string {
  return text.replace(EMAIL, '[email]').replace(PHONE, (m) => (/^\d{4}-\d{2}-\d{2}$/.test(m) ? m : '[phone]'));
}

/** A value with personal data masked; `field` is the path it was found at. */
export function redactValue(value: unknown, field = ''): unknown {
  const last = /([A-Za-z_]+)(\[\])?$/.exec(field)?.[1] ?? '';
  if (PERSONAL_FIELD.test(last) && value !== null && value !== undefined && typeof value !== 'boolean') {
    return Array.isArray(value) ? value.map(() => '[redacted]') : '[redacted]';
  }
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, field));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactValue(v, `${field}.${k}`)]));
  }
  return value;
}
