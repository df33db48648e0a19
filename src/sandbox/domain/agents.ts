/**
 * Making agents (both surfaces' make_agent and v2's agent create).
 */
import type { Role, User } from '../model.ts';
import type { Store } from '../store.ts';
import { RequesterPlan, newContact } from './contacts.ts';

// ---- agents -----------------------------------------------------------------------------------

export interface AgentDraft {
  role?: Role;
  occasional?: boolean;
  ticketScope?: number;
  signatureHtml?: string | null;
  groupIds?: number[];
}

/**
 * Turns a user into an agent: both surfaces' make_agent and v2's agent create. The agent gets a
 * v1 record id of its own (not the user id) and an API key derived from the user id.
 */
export function makeAgent(store: Store, user: User, draft: AgentDraft, now: number): User {
  user.agent = {
    recordId: store.nextId('agentRecord'),
    role: draft.role ?? 'agent',
    apiKey: `sandbox-agent-${user.id}-key`,
    password: null,
    occasional: draft.occasional ?? false,
    available: true,
    ticketScope: draft.ticketScope ?? 1,
    signatureHtml: draft.signatureHtml ?? null,
    lastLoginAt: null,
    becameAgentAt: now,
  };
  // the service drops a converted contact's other e-mails (FDDOC make_agent note 2)
  user.otherEmails = [];
  for (const id of draft.groupIds ?? []) {
    const g = store.groups.get(id);
    if (g && !g.agentIds.includes(user.id)) g.agentIds.push(user.id);
  }
  user.updatedAt = now;
  return store.putUser(user);
}

/** Writes the plan (creating the contact if needed) and returns the requester. */
export function commitRequester(store: Store, plan: Exclude<RequesterPlan, { kind: 'error' }>, now: number): User {
  return plan.kind === 'existing' ? plan.user : newContact(store, plan.fields, now);
}
