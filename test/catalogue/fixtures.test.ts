/**
 * Every rule's readable fixture pairs under fixtures/catalogue/<rule id>/, discovered automatically:
 * request*.json (v1 request → expected v2 plan) and response*.json (v2 responses → expected v1 response).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Catalogue, checkOverlay } from '../../src/catalogue/index.ts';
import { ALL_RULES } from '../../rules/index.ts';

const ROOT = join(import.meta.dirname, '../../fixtures/catalogue');

interface RequestFixture {
  request: string;
  body?: unknown;
  overlay?: unknown;
  expect: { rule: string | null; fidelity: string | null; calls: unknown[]; error?: string };
}

interface ResponseFixture {
  v2: Array<{ status: number; body: unknown }>;
  overlay?: unknown;
  facts?: Record<string, unknown>;
  expect: { status: number; body: unknown };
}

const dirs = existsSync(ROOT) ? readdirSync(ROOT).filter((d) => !d.startsWith('.')) : [];
const read = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;

describe('catalogue fixtures', () => {
  it('every rule has at least one request fixture', () => {
    const missing = ALL_RULES.map((r) => r.id).filter((id) => !existsSync(join(ROOT, id, 'request.json')));
    expect(missing).toEqual([]);
  });

  it('every rule with a v1 response body has a response fixture', () => {
    const missing = ALL_RULES.filter((r) => r.response && r.response.shape !== 'none')
      .map((r) => r.id)
      .filter((id) => !existsSync(join(ROOT, id, 'response.json')));
    expect(missing).toEqual([]);
  });

  it('every fixture folder names a rule', () => {
    const ids = new Set(ALL_RULES.map((r) => r.id));
    expect(dirs.filter((d) => !ids.has(d))).toEqual([]);
  });

  for (const dir of dirs) {
    const files = readdirSync(join(ROOT, dir)).filter((f) => f.endsWith('.json'));
    for (const file of files.filter((f) => f.startsWith('request'))) {
      it(`${dir}/${file}`, () => {
        const fx = read<RequestFixture>(join(ROOT, dir, file));
        const catalogue = new Catalogue(ALL_RULES, fx.overlay ? checkOverlay(fx.overlay) : {});
        const [method, target] = fx.request.split(/\s+/, 2);
        const t = catalogue.translate({ method: method!, target: target!, body: fx.body ?? undefined });
        expect({ rule: t.rule, fidelity: t.fidelity, calls: t.calls, ...(t.error ? { error: t.error } : {}) }).toEqual(fx.expect);
      });
    }
    for (const file of files.filter((f) => f.startsWith('response'))) {
      it(`${dir}/${file}`, () => {
        const fx = read<ResponseFixture>(join(ROOT, dir, file));
        const catalogue = new Catalogue(ALL_RULES, fx.overlay ? checkOverlay(fx.overlay) : {});
        const rule = catalogue.get(dir)!;
        const v1 = catalogue.translateResponse(rule, fx.v2, fx.facts);
        expect({ status: v1.status, body: v1.body }).toEqual(fx.expect);
      });
    }
  }
});
