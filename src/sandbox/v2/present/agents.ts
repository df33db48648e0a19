/**
 * v2 agent shapes: the agent with its contact, make_agent's contact with its agent, and the roles.
 */
import type { User } from '../../model.ts';
import type { Store } from '../../store.ts';
import { formatUtc, formatUtcOrNull } from '../../time.ts';

/** Fixed roles of the sandbox account: the id each agent role maps to. */
export const ROLES = [
  { id: 15_000_001, name: 'Account Administrator', description: 'Has complete control over the help desk', default: true, role: 'admin' },
  { id: 15_000_002, name: 'Agent', description: 'Can log, view, reply, update and resolve tickets', default: true, role: 'agent' },
  { id: 15_000_003, name: 'View-only Agent', description: 'Can view tickets but not reply to or update them', default: false, role: 'viewer' },
] as const;


/** The contact part of an agent (FDDOC "View an Agent": `contact`; "Make Agent": the top level). */
function agentContactV2(u: User) {
  return {
    active: u.active,
    email: u.email,
    job_title: u.jobTitle,
    language: u.language,
    last_login_at: formatUtcOrNull(u.agent!.lastLoginAt),
    mobile: u.mobile,
    name: u.name,
    phone: u.phone,
    time_zone: u.timeZone,
    created_at: formatUtc(u.createdAt),
    updated_at: formatUtc(u.updatedAt),
  };
}


export function agentV2(store: Store, u: User) {
  const a = u.agent!;
  return {
    available: a.available,
    occasional: a.occasional,
    id: u.id,
    ticket_scope: a.ticketScope,
    signature: a.signatureHtml,
    group_ids: store.groupIdsOfAgent(u.id),
    role_ids: ROLES.filter((r) => r.role === a.role).map((r) => r.id),
    skill_ids: [],
    available_since: null,
    type: 'support_agent',
    contact: agentContactV2(u),
    created_at: formatUtc(a.becameAgentAt),
    updated_at: formatUtc(u.updatedAt),
    focus_mode: true,
  };
}


/**
 * The answer of `PUT /contacts/[id]/make_agent`: the contact with an `agent` object inside, as the
 * service documents it (FDDOC "Make Agent" sample), not an agent with the contact inside.
 */
export function madeAgentV2(store: Store, u: User) {
  const a = u.agent!;
  return {
    ...agentContactV2(u),
    agent: {
      available_since: null,
      available: a.available,
      occasional: a.occasional,
      signature: a.signatureHtml,
      group_ids: store.groupIdsOfAgent(u.id),
      type: 'support_agent',
      role_ids: ROLES.filter((r) => r.role === a.role).map((r) => r.id),
      id: u.id,
      ticket_scope: a.ticketScope,
      created_at: formatUtc(a.becameAgentAt),
      updated_at: formatUtc(u.updatedAt),
      focus_mode: true,
    },
  };
}
