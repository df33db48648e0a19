/**
 * v1 agents (`/agents.json` family; rules/agents.ts names the same family). Spec 001 lists no agent
 * operations: these are the paths real v1 code used (python-freshdesk's v1 AgentAPI: list with
 * `query=`/`state=`, view, update, delete) with FC's AgentsController behaviour:
 * - ids in the path are v1 agent record ids (`agent.id`), not user ids (FC `all_agents.find`);
 * - list filters: `query=<email|phone|mobile|name> is <value>`, `state=active|occasional`;
 *   deleted agents are left out of the list but can still be viewed (FC `all_agents`);
 * - update takes `{ agent: {...}, user: {...} }` and answers the `{ agent }` (INFERRED, as the
 *   catalogue notes: FC rendered HTML here; the python-freshdesk v1 client reads `["agent"]`);
 * - delete marks the agent's user deleted (FC `destroy`), answers 200 with no body.
 */
import type { Ctx, Reply } from '../context.ts';
import { v1 } from '../errors.ts';
import type { User } from '../model.ts';
import { bool, int, rootParams, str, strOrNull, type Params } from './coerce.ts';
import { agentV1 } from './present.ts';

function findAgentV1(ctx: Ctx): User {
  const user = ctx.store.agentByRecordId(Number(ctx.params.id));
  if (!user) throw v1.notFound();
  return user;
}

const QUERY_COLUMNS = ['email', 'phone', 'mobile', 'name'] as const;

export function listAgentsV1(ctx: Ctx): Reply {
  const conditions: ((u: User) => boolean)[] = [(u) => !u.deleted];
  const query = ctx.query.get('query');
  if (query) {
    for (const part of query.split(/\s+and\s+/i)) {
      const m = /^\s*(\w+)\s+(is|like)\s+(.*?)\s*$/i.exec(part);
      const column = m?.[1]!.toLowerCase() as (typeof QUERY_COLUMNS)[number] | undefined;
      if (!m || !column || !QUERY_COLUMNS.includes(column)) throw v1.badRequest(`Unsupported query: ${part}`);
      const like = m[2]!.toLowerCase() === 'like';
      const wanted = m[3]!.replace(/^['"]|['"]$/g, '').toLowerCase();
      conditions.push((u) => {
        const text = String(u[column] ?? '').toLowerCase();
        return like ? text.includes(wanted) : text === wanted;
      });
    }
  }
  const state = ctx.query.get('state');
  if (state === 'active') conditions.push((u) => !u.agent!.occasional);
  else if (state === 'occasional') conditions.push((u) => u.agent!.occasional);
  else if (state) throw v1.badRequest(`Unsupported state: ${state}`);
  const agents = ctx.store
    .agents()
    .filter((u) => conditions.every((c) => c(u)))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  return { status: 200, body: agents.map((u) => agentV1(ctx.store, u)), xmlRoot: 'agents' };
}

export function viewAgentV1(ctx: Ctx): Reply {
  return { status: 200, body: agentV1(ctx.store, findAgentV1(ctx)) };
}

function objectAt(p: Params, key: string): Params {
  const v = p[key];
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Params) : {};
}

export function updateAgentV1(ctx: Ctx): Reply {
  const user = findAgentV1(ctx);
  const body = rootParams(ctx);
  if (!('agent' in body) && !('user' in body)) throw v1.invalid('agent is missing or not an object');
  const a = objectAt(body, 'agent');
  const u = objectAt(body, 'user');
  const agent = user.agent!;
  // validate everything before writing anything
  const ticketScope = int(a, 'ticket_permission');
  if (ticketScope !== undefined && ![1, 2, 3].includes(ticketScope)) throw v1.invalid('Ticket permission is invalid');
  const email = strOrNull(u, 'email');
  if (email === null) throw v1.invalid("Email can't be blank");
  if (email !== undefined) {
    const owner = ctx.store.userByEmail(email);
    if (owner && owner.id !== user.id) throw v1.invalid('Email has already been taken');
  }
  const occasional = bool(a, 'occasional');
  if (occasional !== undefined) agent.occasional = occasional;
  const available = bool(a, 'available');
  if (available !== undefined) agent.available = available;
  if (ticketScope !== undefined) agent.ticketScope = ticketScope;
  if ('signature_html' in a) agent.signatureHtml = strOrNull(a, 'signature_html') ?? null;
  if (str(u, 'name')) user.name = str(u, 'name')!;
  if (email) user.email = email;
  for (const [key, field] of [['phone', 'phone'], ['mobile', 'mobile'], ['job_title', 'jobTitle']] as const) {
    if (key in u) user[field] = strOrNull(u, key) ?? null;
  }
  if (str(u, 'language')) user.language = str(u, 'language')!;
  if (str(u, 'time_zone')) user.timeZone = str(u, 'time_zone')!;
  user.updatedAt = ctx.now();
  ctx.store.putUser(user);
  return { status: 200, body: agentV1(ctx.store, user) };
}

export function deleteAgentV1(ctx: Ctx): Reply {
  const user = findAgentV1(ctx);
  if (user.id === ctx.caller.id) throw v1.invalid('You cannot delete yourself');
  user.deleted = true;
  user.updatedAt = ctx.now();
  return { status: 200 };
}
