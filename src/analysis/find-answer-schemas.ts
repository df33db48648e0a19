/**
 * JSON schemas a module declares for the answer it hands its callers (a connector activity's
 * `this.output = { type: 'object', properties: { user: { … } } }`) that name the v1 shape of a
 * call's answer: the wrapper, or fields v2 renames or drops. With `--callers v2` the callers get
 * the v2 answer, and such a schema would tell them the old one: the verdict keeps the call on v1
 * until it is updated (`CallInfo.answerSchemas`).
 */
import { changesForCode, fieldMappings } from '../catalogue/index.ts';
import type { Analysis } from './analysis.ts';
import { propertyKey } from './evaluate.ts';
import { describesSchema } from './find-payloads.ts';
import type { Node } from './parse.ts';

export function findAnswerSchemas(a: Analysis): void {
  const schemas = a.mod.nodes.objects.filter((o) => describesSchema(a.mod, o));
  if (!schemas.length) return;
  const keysOf = (o: Node) => new Set((o.properties as Node[]).map((p) => propertyKey(p)).filter((k): k is string => !!k));
  for (const it of a.found) {
    const call = it.site.call;
    if (it.site.kind !== 'call' || !call || !it.site.rule || it.site.file !== a.mod.file) continue;
    const rule = a.cat.get(it.site.rule);
    const resp = rule?.response;
    if (!rule || !resp || resp.shape === 'none') continue;
    // the keys a v1 answer has at its top and v2 names otherwise (or not at all)
    const v1Keys = new Set([...(resp.wrapper ? [resp.wrapper] : []), ...fieldMappings(rule, 'response').filter((m) => changesForCode(m) && !m.v1.includes('.') && !m.v1.includes('[')).map((m) => m.v1)]);
    for (const o of schemas) {
      if (![...keysOf(o)].some((k) => v1Keys.has(k))) continue;
      const line = o.loc?.start.line;
      if (line && !(call.answerSchemas ??= []).includes(line)) call.answerSchemas.push(line);
    }
  }
}
