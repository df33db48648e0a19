/**
 * v1 agent shape ({agent} with its record id and the user inside).
 */
import type { User } from '../../model.ts';
import type { Store } from '../../store.ts';
import { htmlToText } from '../../text.ts';
import { clock } from './common.ts';
import { userObjectV1 } from './contacts.ts';

/**
 * A v1 agent: the record with its own id (not the user id) and the user inside, as the python-freshdesk
 * v1 samples (agent_1.json, agents.json) record it. The user carries the fields FC's AgentsController
 * rendered (no customer_id, no custom fields) plus `active`, which the samples show.
 */
export function agentV1(store: Store, u: User) {
  const c = clock(store);
  const a = u.agent!;
  const user = userObjectV1(store, u);
  return {
    agent: {
      active_since: null,
      available: a.available,
      created_at: c.at(a.becameAgentAt),
      id: a.recordId,
      occasional: a.occasional,
      // gamification is off in the sandbox account: no points, the first level
      points: 0,
      scoreboard_level_id: 1,
      signature: a.signatureHtml === null ? null : htmlToText(a.signatureHtml),
      signature_html: a.signatureHtml,
      ticket_permission: a.ticketScope,
      updated_at: c.at(u.updatedAt),
      user: {
        active: user.active,
        address: user.address,
        created_at: user.created_at,
        deleted: user.deleted,
        description: user.description,
        email: user.email,
        external_id: user.external_id,
        fb_profile_id: user.fb_profile_id,
        helpdesk_agent: true,
        id: user.id,
        job_title: user.job_title,
        language: user.language,
        mobile: user.mobile,
        name: user.name,
        phone: user.phone,
        time_zone: user.time_zone,
        twitter_id: user.twitter_id,
        updated_at: user.updated_at,
      },
      user_id: u.id,
    },
  };
}
