/** v2 agent request bodies (spec 000 "Agents"): create and update. */
import { body, boolean, email, ids, integer, requiring, string } from './fields.ts';

const agent = body('PUT /api/v2/agents/[id]', {
  name: string('full name', { maxLength: 255 }),
  email: email('e-mail; unique among contacts and agents'),
  phone: string('telephone', { nullable: true }),
  mobile: string('mobile', { nullable: true }),
  job_title: string('job title', { nullable: true }),
  language: string('language code'),
  time_zone: string('time zone name'),
  occasional: boolean('occasional (day pass) agent'),
  signature: string('HTML signature', { nullable: true }),
  ticket_scope: integer('1 global, 2 group, 3 restricted access', [1, 2, 3]),
  group_ids: ids('groups of the agent'),
  role_ids: ids('roles of the agent'),
});

export const agentCreate = requiring(agent, ['email', 'ticket_scope'], 'POST /api/v2/agents');
export const agentUpdate = agent;
