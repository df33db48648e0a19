/**
 * What changes for code on the other side of a v1 call when it moves to v2: the answer's shape and
 * status that code reading the response sees, and the body that code building the request writes.
 * From the catalogue alone (pure); the verdict, the codemod's markers and the caller contract of
 * `--callers v2` all say it from here.
 */
import { changesForCode, fieldMappings, type FieldMapping, type Rule } from '../catalogue/index.ts';

/** Fields of the v1 response that only a second v2 call fills (a ticket's `notes`). */
export function embeddedFields(rule: Rule): string[] {
  const keys = Object.keys(rule.response?.embed ?? {});
  if (!keys.length) return [];
  const maps = fieldMappings(rule, 'response');
  return [...new Set(keys.flatMap((k) => [k, ...maps.filter((m) => m.v2 === k).map((m) => m.v1)]))];
}

/** Does code reading this rule's v1 response need changes for v2 (a wrapper, renamed or reshaped fields)? */
export function responseChanges(rule: Rule): boolean {
  const r = rule.response;
  if (!r || r.shape === 'none') return false;
  return !!r.wrapper || fieldMappings(rule, 'response').some(changesForCode);
}

/** The v2 call of a rule that answers the client (not lookups made only to rebuild a v1 shape). */
export function mainStep(rule: Rule) {
  const calls = rule.plan.filter((s) => !s.forResponse);
  return calls.find((s) => s.carries) ?? calls[calls.length - 1];
}

/** Does v2 answer this rule's call with 204 and no body, where v1 sent one? */
export function answersWithoutBody(rule: Rule): boolean {
  return mainStep(rule)?.status === 204 && rule.response?.shape !== 'none';
}

/** The success status v2 answers where v1 answered another (201 for a create, 204 for a delete), or null. */
/**
 * Does the client take the v2 status as it took v1's? A client that resolves every 2xx answer
 * (Angular's HttpClient, `CallInfo.resolvesEvery2xx`) does, for a v2 success status (201, 204).
 */
export function takesV2Status(call: { resolvesEvery2xx?: boolean }, v2Status: number): boolean {
  return call.resolvesEvery2xx === true && v2Status >= 200 && v2Status < 300;
}

export function statusChange(rule: Rule): { v1: number; v2: number } | null {
  const main = mainStep(rule);
  if (!rule.response || !main || main.status === rule.response.v1Status) return null;
  return { v1: rule.response.v1Status, v2: main.status };
}

/**
 * Top-level fields of the v1 answer that v2 names otherwise or drops (`display_id` → `id`). A field
 * v2 keeps under its name, its value reshaped, is no rename: not `domains as domains`.
 */
function renamedFields(rule: Rule): FieldMapping[] {
  return fieldMappings(rule, 'response').filter((m) => changesForCode(m) && !m.wrapper && !m.v1.includes('.') && m.v2 !== m.v1);
}

/** The v2 answer in words, as code reading it sees it: `without the helpdesk_ticket wrapper (display_id as id, …)`. */
export function responseShape(rule: Rule): string {
  const r = rule.response;
  const maps = renamedFields(rule);
  const wrap = r?.wrapper ? `without the ${r.wrapper} wrapper` : 'the resource';
  const fields = maps.slice(0, 3).map((m) => (m.v2 === null ? `no ${m.v1}` : `${m.v1} as ${m.v2}`));
  return `${wrap}${fields.length ? ` (${fields.join(', ')}${maps.length > 3 ? ', …' : ''})` : ''}`;
}

/** The v2 body in words, as code building it writes it: `its fields without the helpdesk_ticket wrapper (ticket_type as type, …)`. */
export function requestShape(rule: Rule): string {
  const wrapper = rule.request?.wrapper;
  const maps = fieldMappings(rule, 'request')
    .filter((m) => changesForCode(m) && !m.wrapper && !/^(query|params)\./.test(m.v1) && !m.v1.includes('[]'))
    .map((m) => (wrapper && m.v1.startsWith(`${wrapper}.`) ? { ...m, v1: m.v1.slice(wrapper.length + 1) } : m))
    // (a v1 answer's id written back into a request is no field a caller builds)
    .filter((m) => !m.v1.includes('.') && m.v2 !== m.v1 && m.v1 !== 'display_id');
  const fields = maps.slice(0, 3).map((m) => (m.v2 === null ? `no ${m.v1}` : `${m.v1} as ${m.v2}`));
  return `${wrapper ? `its fields without the ${wrapper} wrapper` : 'the v2 fields'}${fields.length ? ` (${fields.join(', ')}${maps.length > 3 ? ', …' : ''})` : ''}`;
}

/**
 * What the code's callers get and give once a call moves to v2 with `--callers v2`: one line for
 * the change of contract a library's release notes (or a service's clients) must carry. `answer`:
 * the response reaches them; `body`: they build the request body.
 */
export function callerContract(rule: Rule, crosses: { answer: boolean; body: boolean }): string | null {
  const parts: string[] = [];
  if (crosses.answer) {
    const status = statusChange(rule);
    const r = rule.response;
    // renames first; what v2 loses is the catalogue's own list (`lost`), which release notes need whole
    const maps = renamedFields(rule).filter((m) => m.v2 !== null);
    const fields = maps.slice(0, 3).map((m) => `${m.v1} as ${m.v2}`);
    // (by the names the callers read: v1's `notes`, not v2's `conversations`)
    const embedded = Object.keys(r?.embed ?? {}).flatMap((k) => {
      const v1 = fieldMappings(rule, 'response').filter((m) => m.v2 === k && !m.v1.includes('.')).map((m) => m.v1);
      return v1.length ? v1 : [k];
    });
    const shape = [
      ...(r?.wrapper ? [`without the ${r.wrapper} wrapper`] : []),
      ...(fields.length ? [`${fields.join(', ')}${maps.length > 3 ? ', …' : ''}`] : []),
      ...(embedded.length ? [`${embedded.join(', ')} only from a second v2 call`] : []),
      ...(rule.lost?.length ? [`lost: ${rule.lost.join('; ')}`] : []),
    ];
    const answer = responseChanges(rule) && shape.length ? `the v2 answer (${shape.join('; ')})` : null;
    if (status && status.v2 === 204) parts.push(`get ${status.v2} with no body (not ${status.v1})`);
    else if (status && answer) parts.push(`get ${status.v2} (not ${status.v1}) and ${answer}`);
    else if (status) parts.push(`get ${status.v2} (not ${status.v1})`);
    else if (answer) parts.push(`get ${answer}`);
  }
  if (crosses.body && rule.request?.wrapper) parts.push(`send ${requestShape(rule)}`);
  return parts.length ? `callers now ${parts.join(', and ')} (${rule.id})` : null;
}
