/**
 * Never fail: generated payload shapes (multi-line or not, quoted and unquoted keys, key orders,
 * comments, trailing commas, nesting, several client styles) go through the codemod without an
 * internal error, the output parses, and a second run changes nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codemodSource } from '../../src/codemod/project.ts';
import { ParsedFile } from '../../src/codemod/parse.ts';

interface Field {
  key: string;
  value: string;
}

const TICKET_FIELDS: Field[] = [
  { key: 'subject', value: 'subject' },
  { key: 'description', value: "'Hello\\nthere'" },
  { key: 'email', value: "'a@b.example'" },
  { key: 'priority', value: '1' },
  { key: 'status', value: '2' },
  { key: 'source', value: '2' },
  { key: 'ticket_type', value: "'Incident'" },
  { key: 'custom_field', value: "{ product_123: 'x' }" },
];
const NOTE_FIELDS: Field[] = [
  { key: 'body', value: 'note' },
  { key: 'private', value: 'isPrivate' },
  { key: 'body_html', value: "'<b>x</b>'" },
];

const payloadShape = (wrapper: string, fields: Field[]) =>
  fc.record({
    fields: fc.subarray(fields, { minLength: 1 }).chain((fs) => fc.shuffledSubarray(fs, { minLength: fs.length, maxLength: fs.length })),
    quote: fc.constantFrom('', "'", '"'),
    wrapperQuote: fc.constantFrom('', "'", '"'),
    multiline: fc.boolean(),
    innerMultiline: fc.boolean(),
    trailingComma: fc.boolean(),
    comment: fc.constantFrom('', '// a note\n', '/* inline */ ', '/* a\n * block\n */\n'),
    sibling: fc.constantFrom('', 'cc_emails: [email]'),
    wrapper: fc.constant(wrapper),
  });

type Shape = {
  fields: Field[];
  quote: string;
  wrapperQuote: string;
  multiline: boolean;
  innerMultiline: boolean;
  trailingComma: boolean;
  comment: string;
  sibling: string;
  wrapper: string;
};

function objectSource(s: Shape): string {
  const nl = s.multiline ? '\n' : ' ';
  const inl = s.innerMultiline ? '\n' : ' ';
  const pad = s.multiline ? '  ' : '';
  const inner = s.fields.map((f) => `${pad}${pad}${s.quote}${f.key}${s.quote}: ${f.value}`);
  const innerText = `{${inl}${s.comment}${inner.join(`,${inl}`)}${s.trailingComma ? ',' : ''}${inl}${pad}}`;
  const outer = [`${pad}${s.wrapperQuote}${s.wrapper}${s.wrapperQuote}: ${innerText}`];
  if (s.sibling) outer.push(`${pad}${s.sibling}`);
  return `{${nl}${outer.join(`,${nl}`)}${s.trailingComma ? ',' : ''}${nl}}`;
}

const CALLS: Array<(body: string, path: string) => string> = [
  (b, p) => `var request = require('request');\nvar data = ${b};\nrequest.post({ url: base + ${p}, json: data }, function (err, res, body) { cb(err, body); });\n`,
  (b, p) => `const axios = require('axios');\nasync function go() {\n  const res = await axios.post(base + ${p}, ${b});\n  return res.data;\n}\n`,
  (b, p) => `async function go() {\n  const res = await fetch(base + ${p}, {\n    method: 'POST',\n    headers: { 'Content-Type': 'application/json' },\n    body: JSON.stringify(${b}),\n  });\n  return res.json();\n}\n`,
  (b, p) => `function post(link, data, callback) { request.post({ url: url + link, json: data }, callback); }\nfunction go(id, note, isPrivate, cb) {\n  var data = ${b};\n  post(${p}, data, cb);\n}\n`,
  (b, p) => `$.ajax({\n  url: base + ${p},\n  type: 'POST',\n  contentType: 'application/json',\n  data: JSON.stringify(${b}),\n  success: function (data) { show(data); }\n});\n`,
  (b, p) => `const superagent = require('superagent');\nsuperagent.post(base + ${p}).send(${b}).end(function (err, res) { done(err, res.body); });\n`,
  (b, p) => `const payload = ${b};\nconst res = await fetch(\`\${base}\` + ${p}, { method: 'POST', body: JSON.stringify(payload) });\nconsole.log(res.status === 200);\n`,
];

function parses(text: string): boolean {
  try {
    ParsedFile.parse('/virtual/out.js', text);
    return true;
  } catch {
    return false;
  }
}

function check(source: string): void {
  const first = codemodSource(source, '/virtual/payload.js');
  expect(first.status, `${first.reason ?? ''}\n--- input\n${source}`).not.toBe('error');
  const out = first.after ?? source;
  expect(parses(out), out).toBe(true);
  const second = codemodSource(out, '/virtual/payload.js');
  expect(second.status, `${second.reason ?? ''}\n--- second run input\n${out}\n--- second output\n${second.after}`).not.toBe('error');
  expect(second.after ?? out, 'a second run changes nothing').toBe(out);
}

/** 80 whole codemod runs (two each) per property: minutes on a loaded 2-core machine, not a speed claim. */
const PROPERTY_TIMEOUT = 180_000;

describe('payload shapes never make the codemod fail', () => {
  it('ticket creates', () => {
    fc.assert(
      fc.property(payloadShape('helpdesk_ticket', TICKET_FIELDS), fc.nat(CALLS.length - 1), (shape, k) => {
        check(CALLS[k]!(objectSource(shape), "'/helpdesk/tickets.json'"));
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 80), seed: Number(process.env.PROPERTY_SEED ?? 9) },
    );
  }, PROPERTY_TIMEOUT);

  it('notes', () => {
    fc.assert(
      fc.property(payloadShape('helpdesk_note', NOTE_FIELDS), fc.nat(CALLS.length - 1), (shape, k) => {
        check(CALLS[k]!(objectSource(shape), "'/helpdesk/tickets/' + id + '/conversations/note.json'"));
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 80), seed: Number(process.env.PROPERTY_SEED ?? 10) },
    );
  }, PROPERTY_TIMEOUT);
});
