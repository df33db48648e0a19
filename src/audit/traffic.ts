/**
 * The usage log the shim writes, one JSON object per line (JSONL):
 *
 *   {"ts":"2025-01-31T10:00:00.000Z","method":"PUT","path":"/helpdesk/tickets/12/assign.json?responder_id=3","rule":"tickets.assign","status":200}
 *
 * - `ts`: ISO-8601 time of the call; `method`: v1 method; `path`: v1 path with query as the
 *   client sent it (no host, no credentials); `rule`: catalogue rule id, or null when the shim
 *   found none (audit then matches `method` + `path` itself); `status`: the status returned to
 *   the client. Unknown extra fields are ignored; lines that are not such objects are counted as
 *   invalid and skipped.
 */
import { readFileSync } from 'node:fs';
import type { Catalogue, HttpMethod } from '../catalogue/index.ts';
import type { Finding, TrafficCount, TrafficSummary } from './model.ts';

export interface UsageLine {
  ts: string;
  method: string;
  path: string;
  rule?: string | null;
  status: number;
}

export interface TrafficData {
  source: string;
  lines: number;
  invalid: number;
  unmatched: number;
  byRule: Map<string, TrafficCount>;
}

export class TrafficError extends Error {}

export function parseUsageLog(text: string, cat: Catalogue, source = 'usage log'): TrafficData {
  const data: TrafficData = { source, lines: 0, invalid: 0, unmatched: 0, byRule: new Map() };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    data.lines++;
    let obj: UsageLine;
    try {
      obj = JSON.parse(line) as UsageLine;
    } catch {
      data.invalid++;
      continue;
    }
    if (!obj || typeof obj !== 'object' || typeof obj.method !== 'string' || typeof obj.path !== 'string') {
      data.invalid++;
      continue;
    }
    let rule = typeof obj.rule === 'string' && cat.get(obj.rule) ? obj.rule : null;
    if (!rule) {
      const m = ['GET', 'POST', 'PUT', 'DELETE'].includes(obj.method.toUpperCase())
        ? cat.match(obj.method.toUpperCase() as HttpMethod, obj.path)
        : null;
      rule = m?.rule.id ?? null;
    }
    if (!rule) {
      data.unmatched++;
      continue;
    }
    let c = data.byRule.get(rule);
    if (!c) {
      c = { calls: 0, statuses: {} };
      data.byRule.set(rule, c);
    }
    c.calls++;
    const st = String(obj.status ?? 'unknown');
    c.statuses[st] = (c.statuses[st] ?? 0) + 1;
    if (typeof obj.ts === 'string') {
      if (!c.firstSeen || obj.ts < c.firstSeen) c.firstSeen = obj.ts;
      if (!c.lastSeen || obj.ts > c.lastSeen) c.lastSeen = obj.ts;
    }
  }
  return data;
}

export function readUsageLog(file: string, cat: Catalogue): TrafficData {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new TrafficError(`cannot read usage log ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  return parseUsageLog(text, cat, file);
}

/** Adds runtime counts to findings (by rule) and says what code and traffic disagree on. */
export function mergeTraffic(findings: Finding[], data: TrafficData): TrafficSummary {
  const inCode = new Set<string>();
  for (const f of findings) {
    if (!f.rule || f.kind === 'iparams') continue;
    const c = data.byRule.get(f.rule);
    if (c) f.traffic = c;
    if ((f.kind === 'call' || f.kind === 'url') && !f.inComment) inCode.add(f.rule);
  }
  let calls = 0;
  const unseen: TrafficSummary['unseenInCode'] = [];
  for (const [rule, c] of data.byRule) {
    calls += c.calls;
    if (!inCode.has(rule)) unseen.push({ rule, calls: c.calls });
  }
  unseen.sort((a, b) => b.calls - a.calls || a.rule.localeCompare(b.rule));
  return {
    source: data.source,
    lines: data.lines,
    invalid: data.invalid,
    calls,
    unseenInCode: unseen,
    notSeenAtRuntime: [...inCode].filter((r) => !data.byRule.has(r)).sort(),
    unmatched: data.unmatched,
  };
}
