/**
 * Running a translated plan: the v2 calls in order, later calls filled from earlier responses,
 * the response-only calls included, then the v1 response rebuilt. I/O is the caller's `send`, so
 * the shim, the verifier and the tests share this without sharing a transport.
 */
import type { Facts } from './derivers.ts';
import { selectValue } from './lens.ts';
import { fillPath, translateResponse, type PlannedCall, type Translation, type V1Response, type V2Response } from './translate.ts';
import type { Overlay } from './types.ts';

export type Send = (call: PlannedCall) => Promise<V2Response>;

const REFERENCE = /^\{\{calls\[(\d+)\]\.?(.*)\}\}$/;

export class PlanError extends Error {
  constructor(
    message: string,
    /** The v2 response that stopped the plan, when there was one. */
    readonly response?: V2Response,
    readonly callIndex?: number,
  ) {
    super(message);
  }
}

/** Replaces `{{calls[i].selector}}` references anywhere in a value with what earlier calls answered. */
function resolve(value: unknown, responses: V2Response[]): unknown {
  if (typeof value === 'string') {
    const m = REFERENCE.exec(value);
    if (!m) return value;
    const found = selectValue(responses[Number(m[1])]?.body, m[2]!);
    if (found === undefined || found === null) throw new PlanError(`call ${Number(m[1]) + 1} did not answer ${m[2]}`);
    return found;
  }
  if (Array.isArray(value)) return value.map((v) => resolve(v, responses));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, responses)]));
  }
  return value;
}

/** Every call the plan makes, the response-only ones included, with paths filled. */
function allCalls(t: Translation): PlannedCall[] {
  const detail = t.detail!;
  const calls: PlannedCall[] = [];
  let next = 0;
  for (const step of detail.rule.plan) {
    if (!step.forResponse) {
      calls.push(t.calls[next++]!);
      continue;
    }
    calls.push({
      method: step.method,
      path: fillPath(step.path, { ...detail.translated.body, ...detail.translated.params }),
      query: { ...(step.query ?? {}) },
      body: step.body ?? null,
    });
  }
  return calls;
}

export interface PlanResult {
  responses: V2Response[];
  v1: V1Response;
}

/**
 * Runs the plan. A call answering outside 2xx stops it: the caller maps that answer to a v1 error
 * (the shim turns 429 into 403 + Retry-After).
 */
export async function executePlan(t: Translation, send: Send, options: { overlay?: Overlay; facts?: Facts } = {}): Promise<PlanResult> {
  if (!t.detail) throw new PlanError(t.error ?? 'nothing to run: no rule matched');
  const responses: V2Response[] = [];
  const calls = allCalls(t);
  for (let i = 0; i < calls.length; i++) {
    const call = calls[i]!;
    const resolved: PlannedCall = {
      method: call.method,
      path: call.path,
      query: resolve(call.query, responses) as Record<string, string>,
      body: resolve(call.body, responses) as PlannedCall['body'],
    };
    const response = await send(resolved);
    if (response.status < 200 || response.status > 299) {
      throw new PlanError(`${call.method} ${call.path} answered ${response.status}`, response, i);
    }
    responses.push(response);
  }
  return { responses, v1: translateResponse(t.detail.rule, responses, options) };
}
