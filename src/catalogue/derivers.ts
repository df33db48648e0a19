/**
 * Derivers compute v1 response fields that v2 no longer sends (`status_name`, `requester_name`)
 * from v2 data plus account facts (ticket field choices, agents). Without the facts a field is
 * left out and the translation reports it.
 */
import type { Overlay } from './types.ts';

/** Account facts a deriver may use; the shim fills them from cached v2 lookups. */
export interface Facts {
  /** status id → [agent label, customer label] (defaults plus custom statuses). */
  statuses?: Record<string, [string, string]>;
  /** agent (user) id → name. */
  agentNames?: Record<string, string>;
  /** contact id → name. */
  contactNames?: Record<string, string>;
}

export const DEFAULT_STATUSES: Record<string, [string, string]> = {
  '2': ['Open', 'Being Processed'],
  '3': ['Pending', 'Awaiting your Reply'],
  '4': ['Resolved', 'This ticket has been Resolved'],
  '5': ['Closed', 'This ticket has been Closed'],
};

export const PRIORITY_NAMES: Record<string, string> = { '1': 'Low', '2': 'Medium', '3': 'High', '4': 'Urgent' };

export const SOURCE_NAMES: Record<string, string> = {
  '1': 'Email',
  '2': 'Portal',
  '3': 'Phone',
  '4': 'Forum',
  '5': 'Twitter',
  '6': 'Facebook',
  '7': 'Chat',
  '8': 'Mobihelp',
  '9': 'Feedback Widget',
  '10': 'Outbound Email',
};

type Doc = Record<string, unknown>;

export interface Deriver {
  description: string;
  /** Returns the v1 value, or undefined when the facts needed are missing. */
  derive(v2: Doc, facts: Facts, overlay: Overlay): unknown;
}

/** The merged table, made once per (overlay statuses, account statuses) pair rather than per item. */
const NONE = {};
const mergedStatuses = new WeakMap<object, WeakMap<object, Record<string, [string, string]>>>();
function statuses(facts: Facts, overlay: Overlay): Record<string, [string, string]> {
  const a = (overlay.statuses as object | undefined) ?? NONE;
  const b = (facts.statuses as object | undefined) ?? NONE;
  let byFacts = mergedStatuses.get(a);
  if (!byFacts) mergedStatuses.set(a, (byFacts = new WeakMap()));
  let merged = byFacts.get(b);
  if (!merged) byFacts.set(b, (merged = { ...DEFAULT_STATUSES, ...overlay.statuses, ...facts.statuses }));
  return merged;
}

export const DERIVERS: Record<string, Deriver> = {
  statusName: {
    description: 'agent label of `status` from the default_status ticket field choices',
    derive: (v2, facts, overlay) => statuses(facts, overlay)[String(v2.status)]?.[0],
  },
  requesterStatusName: {
    description: 'customer label of `status` from the default_status ticket field choices',
    derive: (v2, facts, overlay) => statuses(facts, overlay)[String(v2.status)]?.[1],
  },
  priorityName: {
    description: 'name of `priority` (Low, Medium, High, Urgent)',
    derive: (v2) => PRIORITY_NAMES[String(v2.priority)],
  },
  sourceName: {
    description: 'name of `source` from the default_source choices',
    derive: (v2) => SOURCE_NAMES[String(v2.source)],
  },
  requesterName: {
    description: '`requester.name` (needs include=requester) or a contact lookup',
    derive: (v2, facts) => {
      const requester = v2.requester as { name?: string } | undefined;
      return requester?.name ?? facts.contactNames?.[String(v2.requester_id)];
    },
  },
  responderName: {
    description: 'name of the agent `responder_id` (GET /api/v2/agents/[id], admin only)',
    derive: (v2, facts) => {
      if (v2.responder_id === null || v2.responder_id === undefined) return null;
      return facts.agentNames?.[String(v2.responder_id)];
    },
  },
  agentName: {
    description: 'name of the agent `agent_id` (time entries)',
    derive: (v2, facts) => facts.agentNames?.[String(v2.agent_id)],
  },
};
