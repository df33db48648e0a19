/** The iparams.json checker against spec 002. */
import { describe, expect, it } from 'vitest';
import { checkIparams, parseJsonWithPositions } from '../../src/audit/iparams.ts';

const rules = (obj: unknown) => checkIparams(JSON.stringify(obj, null, 2)).map((p) => `${p.key} ${p.rule}`);

describe('iparams.json checks', () => {
  it('accepts a correct file', () => {
    expect(
      rules({
        domain: { display_name: 'Domain', type: 'domain', required: true, type_attributes: { product: 'freshdesk' } },
        api_key: { display_name: 'API key', type: 'api_key', secure: true, required: true, type_attributes: { product: 'freshdesk' } },
        mode: { display_name: 'Mode', type: 'dropdown', options: ['a', 'b'], default_value: 'a' },
        tags: { display_name: 'Tags', type: 'multiselect', options: ['x', 'y'], default_value: ['y'] },
        on: { display_name: 'On', type: 'checkbox', default_value: false, events: [{ change: 'onToggle' }] },
        code: { display_name: 'Code', type: 'text', regex: { code: '^[A-Z]+$', 'code-error': 'Capitals only' } },
        size: { display_name: 'Size', type: 'number', default_value: '1234567890' },
        url: { display_name: 'URL', type: 'text', 'data-bind': 'product.domain', visible: false },
      }),
    ).toEqual([]);
  });

  it('mandatory attributes and allowed types', () => {
    expect(rules({ a: { type: 'text' }, b: { display_name: 'B' }, c: { display_name: 'C', type: 'string' }, d: { display_name: '', type: 'text' } })).toEqual([
      'a iparams.missing-attribute',
      'b iparams.missing-attribute',
      'c iparams.bad-type',
      'd iparams.bad-value',
    ]);
  });

  it('options for dropdown, radio and multiselect, and default values taken from them', () => {
    expect(
      rules({
        a: { display_name: 'A', type: 'radio' },
        b: { display_name: 'B', type: 'dropdown', options: [] },
        c: { display_name: 'C', type: 'multiselect', options: ['x'], default_value: 'x' },
        d: { display_name: 'D', type: 'dropdown', options: ['x'], default_value: 'y' },
        e: { display_name: 'E', type: 'text', options: ['x'] },
        f: { display_name: 'F', type: 'checkbox', default_value: 'true' },
        g: { display_name: 'G', type: 'number', default_value: '12345678901' },
      }),
    ).toEqual([
      'a iparams.missing-options',
      'b iparams.bad-options',
      'c iparams.bad-default',
      'd iparams.bad-default',
      'e iparams.unused-options',
      'f iparams.bad-default',
      'g iparams.bad-default',
    ]);
  });

  it('product for domain and api_key; secrets must be secure', () => {
    expect(
      rules({
        domain: { display_name: 'D', type: 'domain' },
        key: { display_name: 'K', type: 'api_key', type_attributes: { product: 'freshdesk' } },
        webhook_token: { display_name: 'T', type: 'text' },
        auth_header: { display_name: 'A', type: 'text', secure: true },
      }),
    ).toEqual(['domain iparams.missing-product', 'key iparams.not-secure', 'webhook_token iparams.not-secure']);
  });

  it('regex pairs, events, data-bind, booleans, unknown attributes, http URLs', () => {
    expect(
      rules({
        a: { display_name: 'A', type: 'text', regex: { r: '^x$', 'q-error': 'no' } },
        b: { display_name: 'B', type: 'text', regex: { r: '([', 'r-error': 'bad' } },
        c: { display_name: 'C', type: 'text', events: [{ blur: 'f' }] },
        d: { display_name: 'D', type: 'text', 'data-bind': 'product.url' },
        e: { display_name: 'E', type: 'text', required: 'true' },
        f: { display_name: 'F', type: 'text', hint: 'x' },
        g: { display_name: 'G', type: 'url', default_value: 'http://example.com' },
      }),
    ).toEqual([
      'a iparams.bad-regex',
      'a iparams.bad-regex',
      'b iparams.bad-regex',
      'c iparams.bad-events',
      'd iparams.bad-data-bind',
      'e iparams.bad-value',
      'f iparams.unknown-attribute',
      'g iparams.insecure-url',
    ]);
  });

  it('points at the attribute, and reports invalid JSON instead of throwing', () => {
    const text = '{\n  "k": {\n    "display_name": "K",\n    "type": "colour"\n  }\n}';
    const [p] = checkIparams(text);
    expect(text.slice(p!.start, p!.end)).toBe('"colour"');
    expect(checkIparams('{ "a": { ')[0]!.rule).toBe('iparams.invalid-json');
    expect(checkIparams('[]')[0]!.rule).toBe('iparams.not-object');
  });

  it('parses JSON with positions', () => {
    const n = parseJsonWithPositions('{"a": [1, "x", true, null], "b": {"c": -2.5e1}}');
    expect(n.value).toEqual({ a: [1, 'x', true, null], b: { c: -25 } });
    expect(n.members![1]!.keyStart).toBe(28);
  });
});
