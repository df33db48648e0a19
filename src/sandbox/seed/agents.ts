/**
 * Seeded agents: the three demo agents (fixed keys and logins) and five more.
 */
import { DEMO_AGENT_IDS, DEMO_KEYS, DEMO_LOGINS } from '../constants.ts';
import type { AgentInfo, Role, User } from '../model.ts';
import { type Rng } from '../prng.ts';
import { FIRST_NAMES, LAST_NAMES } from '../seed-data.ts';
import { escapeHtml } from '../text.ts';
import { HOUR, Ids, blankUser, slug } from './common.ts';

export function seedAgents(rng: Rng, ids: Ids, at: number): User[] {
  const agentInfo = (role: Role, apiKey: string, password: string | null): AgentInfo => ({
    recordId: ids.next('agentRecord'),
    role,
    apiKey,
    password,
    occasional: false,
    available: true,
    ticketScope: 1,
    signatureHtml: null,
    lastLoginAt: null,
    becameAgentAt: at,
  });
  const fixed: [string, keyof typeof DEMO_KEYS, Role, string][] = [
    ['Ada Admin', 'admin', 'admin', 'Administrator'],
    ['Vic Viewer', 'viewer', 'viewer', 'Support Analyst'],
    ['Alex Agent', 'agent', 'agent', 'Support Agent'],
  ];
  const agents: User[] = [];
  for (const [name, key, role, title] of fixed) {
    const id = ids.next('user');
    if (id !== DEMO_AGENT_IDS[key]) throw new Error('seed: demo agent ids drifted');
    const user = blankUser(id, name, at);
    user.email = DEMO_LOGINS[key].email;
    user.jobTitle = title;
    user.agent = agentInfo(role, DEMO_KEYS[key], DEMO_LOGINS[key].password);
    user.agent.signatureHtml = `<div>${escapeHtml(name)}<br>Sandbox Support</div>`;
    agents.push(user);
  }
  for (let n = 4; n <= 8; n++) {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const user = blankUser(ids.next('user'), `${first} ${last}`, at + n * HOUR);
    user.email = `${slug(first)}.${slug(last)}${n}@support.sandbox.example`;
    user.jobTitle = 'Support Agent';
    user.agent = agentInfo('agent', `sandbox-agent${n}-key`, null);
    user.agent.occasional = n === 8;
    user.agent.available = rng.chance(0.7);
    user.agent.ticketScope = n === 7 ? 2 : 1;
    agents.push(user);
  }
  return agents;
}
