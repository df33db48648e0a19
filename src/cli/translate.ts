import type { Command } from 'commander';
import { createInterface } from 'node:readline';
import type { Catalogue, Translation } from '../catalogue/index.ts';
import { EXIT, UsageError } from './errors.ts';
import { formatQuery } from './format.ts';
import { examples } from './program.ts';

/** Deeper JSON bodies are refused with a clear message instead of overflowing the stack in the lenses. */
export const MAX_BODY_DEPTH = 64;

function depthOf(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') max = Math.max(max, ++depth);
    else if (ch === '}' || ch === ']') depth--;
  }
  return max;
}

interface TranslateOptions {
  json?: boolean;
  body?: string;
  overlay?: string;
}

/** `METHOD PATH [JSON body]` → translation; a malformed line becomes an error translation, never an exception. */
export function translateLine(catalogue: Catalogue, line: string, bodyText?: string): Translation {
  const m = /^\s*(\S+)\s+(\S+)\s*(.*)$/.exec(line);
  if (!m) {
    return { rule: null, fidelity: null, calls: [], notes: [], error: `expected "<METHOD> <path> [json body]", got ${JSON.stringify(line.trim())}` };
  }
  const [, method, target, rest] = m;
  const text = bodyText ?? (rest!.trim() || undefined);
  let body: unknown;
  if (text !== undefined) {
    if (depthOf(text) > MAX_BODY_DEPTH) {
      return { rule: null, fidelity: null, calls: [], notes: [], error: `the body is nested more than ${MAX_BODY_DEPTH} levels deep; no v1 request body is` };
    }
    try {
      body = JSON.parse(text);
    } catch (e) {
      return { rule: null, fidelity: null, calls: [], notes: [], error: `the body is not valid JSON: ${(e as Error).message}` };
    }
  }
  try {
    return catalogue.translate({ method: method!, target: target!, body });
  } catch (e) {
    if (e instanceof RangeError) return { rule: null, fidelity: null, calls: [], notes: [], error: 'the request is nested too deeply to translate' };
    throw e;
  }
}

/** The `--json` contract: exactly these keys, in this order. */
export function translationJson(t: Translation): Record<string, unknown> {
  const out: Record<string, unknown> = { rule: t.rule, fidelity: t.fidelity, calls: t.calls, notes: t.notes };
  if (t.error) out.error = t.error;
  return out;
}

/** Human output on stdout; an error (bad body, bad line) is one line on stderr instead. */
function printHuman(request: string, t: Translation): void {
  const lines: string[] = [];
  if (t.error) {
    process.stderr.write(`hdmigrate: ${request}: ${t.error}\n`);
    return;
  } else if (!t.rule) {
    lines.push(`${request}: no v1 rule matches`);
    for (const n of t.notes) lines.push(`  ${n}`);
  } else {
    lines.push(`${request}`);
    lines.push(`  rule      ${t.rule} (${t.fidelity})`);
    t.calls.forEach((c, i) => {
      lines.push(`  call ${i + 1}    ${c.method} ${c.path}${formatQuery(c.query)}`);
      if (c.body) lines.push(`            body ${JSON.stringify(c.body)}`);
    });
    if (t.calls.length === 0) lines.push('  calls     none');
    for (const n of t.notes) lines.push(`  - ${n}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

export function registerTranslate(program: Command): void {
  program
    .command('translate')
    .summary('show the v2 call plan of one v1 request')
    .description(
      'Show what one v1 request becomes in v2: the rule, its fidelity for this request, the v2 calls ' +
        'and what is lost. Pass "-" to read one request per line from stdin ("METHOD PATH [json body]") ' +
        'and print one JSON object per line.',
    )
    .argument('<request>', 'the v1 request, e.g. "PUT /helpdesk/tickets/5/assign.json?responder_id=7", or - for stdin')
    .option('--json', 'print one JSON object: { rule, fidelity, calls: [{ method, path, query, body }], notes }')
    .option('--body <json>', 'the v1 request body (JSON)')
    .option('--overlay <file>', 'account facts: custom field names, statuses, hhmm interpretation (JSON)')
    .addHelpText(
      'after',
      examples(
        [
          'hdmigrate translate "GET /helpdesk/tickets/filter/monitored_by?format=json"',
          `hdmigrate translate --json "POST /groups.json" --body '{"group":{"name":"L2","assign_time":1200}}'`,
          'printf "GET /contacts.json?query=email%%20is%%20a@b.co\\n" | hdmigrate translate -',
        ],
        '0 translated, 1 no v1 rule matches (with -: some line did not translate), 2 usage or input error (bad body)',
      ),
    )
    .action(async (request: string, opts: TranslateOptions) => {
      const { loadCatalogue } = await import('../catalogue/index.ts');
      const { readOverlayOption } = await import('./overlay.ts');
      const catalogue = loadCatalogue(readOverlayOption(opts.overlay));
      if (request === '-') {
        if (opts.body) throw new UsageError('--body cannot be combined with "-": put each body after its request line');
        const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
        let unmatched = 0;
        let failed = 0;
        let lineNo = 0;
        for await (const line of rl) {
          lineNo++;
          if (!line.trim()) continue;
          const t = translateLine(catalogue, line);
          // every line gets its JSON object on stdout (in order); errors are also told on stderr
          process.stdout.write(`${JSON.stringify(translationJson(t))}\n`);
          if (t.error) {
            failed++;
            process.stderr.write(`hdmigrate: line ${lineNo}: ${t.error}\n`);
          } else if (!t.rule) unmatched++;
        }
        process.exitCode = failed ? EXIT.usage : unmatched ? EXIT.findings : EXIT.ok;
        return;
      }
      const t = translateLine(catalogue, request, opts.body);
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(translationJson(t), null, 2)}\n`);
        if (t.error) process.stderr.write(`hdmigrate: ${t.error}\n`);
      } else printHuman(request, t);
      if (t.error) process.exitCode = EXIT.usage;
      else if (!t.rule) process.exitCode = EXIT.findings;
    });
}
