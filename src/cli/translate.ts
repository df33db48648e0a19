import type { Command } from 'commander';
import { createInterface } from 'node:readline';
import { loadCatalogue, type Catalogue, type Translation } from '../catalogue/index.ts';
import { UsageError } from './errors.ts';
import { readOverlayOption } from './overlay.ts';

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
    try {
      body = JSON.parse(text);
    } catch (e) {
      return { rule: null, fidelity: null, calls: [], notes: [], error: `the body is not valid JSON: ${(e as Error).message}` };
    }
  }
  return catalogue.translate({ method: method!, target: target!, body });
}

/** The `--json` contract: exactly these keys, in this order. */
export function translationJson(t: Translation): Record<string, unknown> {
  const out: Record<string, unknown> = { rule: t.rule, fidelity: t.fidelity, calls: t.calls, notes: t.notes };
  if (t.error) out.error = t.error;
  return out;
}

function printHuman(request: string, t: Translation): void {
  const lines: string[] = [];
  if (t.error) {
    lines.push(`${request}: ${t.error}`);
  } else if (!t.rule) {
    lines.push(`${request}: no v1 rule matches`);
    for (const n of t.notes) lines.push(`  ${n}`);
  } else {
    lines.push(`${request}`);
    lines.push(`  rule      ${t.rule} (${t.fidelity})`);
    t.calls.forEach((c, i) => {
      const qs = new URLSearchParams(c.query).toString();
      lines.push(`  call ${i + 1}    ${c.method} ${c.path}${qs ? `?${qs}` : ''}`);
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
      '\nExamples:\n' +
        '  hdmigrate translate "GET /helpdesk/tickets/filter/monitored_by?format=json"\n' +
        '  hdmigrate translate --json "POST /groups.json" --body \'{"group":{"name":"L2","assign_time":1200}}\'\n' +
        '  printf "GET /contacts.json?query=email%%20is%%20a@b.co\\n" | hdmigrate translate -\n\n' +
        'Exit codes: 0 translated, 1 no v1 rule matches (single request), 2 bad input.',
    )
    .action(async (request: string, opts: TranslateOptions) => {
      const catalogue = loadCatalogue(readOverlayOption(opts.overlay));
      if (request === '-') {
        if (opts.body) throw new UsageError('--body cannot be combined with "-": put each body after its request line');
        const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
        for await (const line of rl) {
          if (!line.trim()) continue;
          process.stdout.write(`${JSON.stringify(translationJson(translateLine(catalogue, line)))}\n`);
        }
        return;
      }
      const t = translateLine(catalogue, request, opts.body);
      if (opts.json) process.stdout.write(`${JSON.stringify(translationJson(t), null, 2)}\n`);
      else printHuman(request, t);
      if (t.error) process.exitCode = 2;
      else if (!t.rule) process.exitCode = 1;
    });
}
