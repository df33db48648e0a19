import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ID, DEMO_AGENT_IDS, SHOWCASE } from '../../src/sandbox/index.ts';
import { ADMIN, AGENT, codes, openSandbox, TEST_NOW, UTC_Z, VIEWER, type Client } from './helpers.ts';

let c: Client;
beforeAll(async () => {
  // long enough that a busy machine (a GC pause, a first schema compile) still sees a job IN PROGRESS
  c = await openSandbox({ jobDelayMs: 200 });
});
afterAll(() => c.close());

const newTicket = (extra: Record<string, unknown> = {}) =>
  c.call('POST', '/api/v2/tickets', { body: { email: 'new.person@example.org', subject: 'Printer on fire', description: '<p>Help</p>', ...extra } });

describe('v2 ticket view', () => {
  it('shows the ticket as a bare object: id = display id, UTC timestamps, nulls not omitted', async () => {
    const r = await c.get(`/api/v2/tickets/${SHOWCASE.ticketDisplayId}`);
    expect(r.status).toBe(200);
    const t = r.json;
    expect(t.id).toBe(1);
    expect(t.helpdesk_ticket).toBeUndefined();
    expect(t.created_at).toMatch(UTC_Z);
    expect(t.due_by).toMatch(UTC_Z);
    expect(t.fr_due_by).toMatch(UTC_Z);
    expect(t).toHaveProperty('association_type', null);
    expect(t).toHaveProperty('product_id');
    expect(t.tags).toEqual(['vip', 'api']);
    expect(t.cc_emails).toEqual(['cto@acme.example']);
    expect(Array.isArray(t.reply_cc_emails)).toBe(true);
    expect(typeof t.description).toBe('string');
    expect(typeof t.description_text).toBe('string');
    expect(t.description_text).not.toMatch(/<div>/);
    expect(t.attachments[0]).toMatchObject({ name: 'screenshot.png', content_type: 'image/png' });
    expect(typeof t.attachments[0].file_size).toBe('number');
    expect(t.urgent).toBe(false);
    expect(t.deleted).toBe(false);
  });

  it('names custom fields without the account suffix', async () => {
    const r = await c.get('/api/v2/tickets/1');
    expect(r.json.custom_fields).toEqual({
      cf_product_line: 'Widgets',
      cf_order_number: 'ORD-10001',
      cf_seats: 25,
      cf_contract_end: '2026-03-31',
      cf_vip: true,
    });
    expect(JSON.stringify(r.json.custom_fields)).not.toContain(String(ACCOUNT_ID));
  });

  it('embeds requester, stats and at most ten conversations without meta notes, costing extra credits', async () => {
    const r = await c.get('/api/v2/tickets/1?include=requester,stats,conversations');
    expect(r.status).toBe(200);
    expect(Object.keys(r.json.requester).sort()).toEqual(['email', 'id', 'mobile', 'name', 'phone']);
    expect(r.json.requester.id).toBe(SHOWCASE.requesterId);
    expect(r.json.stats).toHaveProperty('first_responded_at');
    const sources = r.json.conversations.map((x: { source: number }) => x.source);
    expect(sources.length).toBeGreaterThan(0);
    expect(sources).not.toContain(4);
    expect(r.headers.get('x-ratelimit-used-currentrequest')).toBe('4');
    const plain = await c.get('/api/v2/tickets/1');
    expect(plain.headers.get('x-ratelimit-used-currentrequest')).toBe('1');
  });

  it('rejects an unknown include value', async () => {
    const r = await c.get('/api/v2/tickets/1?include=notes');
    expect(r.status).toBe(400);
    expect(r.json.errors[0]).toMatchObject({ field: 'include', code: 'invalid_value' });
  });

  it('404 for an unknown ticket id', async () => {
    expect((await c.get('/api/v2/tickets/999999')).status).toBe(404);
  });
});

describe('v2 ticket create', () => {
  it('answers 201 with a Location header and applies the documented defaults', async () => {
    const r = await newTicket();
    expect(r.status).toBe(201);
    expect(r.headers.get('location')).toBe(`${c.sandbox.url}/api/v2/tickets/${r.json.id}`);
    expect(r.json).toMatchObject({ status: 2, priority: 1, source: 2, type: null, subject: 'Printer on fire' });
    // blank fields are present as null, never omitted
    for (const key of ['group_id', 'responder_id', 'product_id', 'company_id', 'to_emails', 'email_config_id', 'association_type']) {
      expect(r.json, key).toHaveProperty(key, null);
    }
    expect(r.json.description).toBe('<p>Help</p>');
    expect(r.json.description_text).toBe('Help');
    const again = await c.get(new URL(r.headers.get('location')!).pathname);
    expect(again.json.id).toBe(r.json.id);
  });

  it('creates a contact for an unknown requester e-mail', async () => {
    const r = await newTicket({ email: 'brand.new@example.org', name: 'Brand New' });
    const contact = await c.get(`/api/v2/contacts/${r.json.requester_id}`);
    expect(contact.json).toMatchObject({ email: 'brand.new@example.org', name: 'Brand New' });
  });

  it('400 missing_field without any requester field, and creates nothing', async () => {
    const before = c.sandbox.store.tickets.size;
    const r = await c.call('POST', '/api/v2/tickets', { body: { subject: 'no requester' } });
    expect(r.status).toBe(400);
    expect(r.json.description).toBe('Validation failed');
    expect(r.json.errors[0]).toEqual({ field: 'requester_id', message: expect.any(String), code: 'missing_field' });
    expect(c.sandbox.store.tickets.size).toBe(before);
  });

  it('400 invalid_field for a leftover v1 wrapper or any unknown field', async () => {
    const r = await c.call('POST', '/api/v2/tickets', { body: { helpdesk_ticket: { email: 'a@b.example', subject: 's' } } });
    expect(r.status).toBe(400);
    expect(r.json.errors).toContainEqual({ field: 'helpdesk_ticket', message: 'Unexpected/invalid field in request', code: 'invalid_field' });
    const r2 = await newTicket({ description_html: '<b>x</b>' });
    expect(codes(r2)).toEqual(['invalid_field']);
  });

  it('datatype_mismatch for wrong types, invalid_value for out-of-range values', async () => {
    const r = await newTicket({ priority: '3', status: 99, tags: 'a,b' });
    expect(r.status).toBe(400);
    const byField = Object.fromEntries(r.json.errors.map((e: { field: string; code: string }) => [e.field, e.code]));
    expect(byField).toEqual({ priority: 'datatype_mismatch', status: 'invalid_value', tags: 'datatype_mismatch' });
  });

  it('validates custom fields by their v2 names and kinds', async () => {
    const ok = await newTicket({ custom_fields: { cf_product_line: 'Gadgets', cf_contract_end: '2030-01-31', cf_seats: 3 } });
    expect(ok.status).toBe(201);
    expect(ok.json.custom_fields).toMatchObject({ cf_product_line: 'Gadgets', cf_contract_end: '2030-01-31', cf_seats: 3, cf_vip: false });
    const bad = await newTicket({ custom_fields: { [`cf_product_line_${ACCOUNT_ID}`]: 'Gadgets', cf_contract_end: '31/01/2030', cf_product_line: 'Nope' } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((e: { field: string; code: string }) => `${e.field}:${e.code}`).sort()).toEqual([
      `cf_contract_end:invalid_value`,
      `cf_product_line:invalid_value`,
      `cf_product_line_${ACCOUNT_ID}:invalid_field`,
    ]);
  });

  it('takes cc_emails as an array and refuses source 4 (Forum) on create', async () => {
    const ok = await newTicket({ cc_emails: ['x@y.example'] });
    expect(ok.json.cc_emails).toEqual(['x@y.example']);
    const bad = await newTicket({ source: 4 });
    expect(codes(bad)).toEqual(['invalid_value']);
  });

  it('creates child tickets and trackers', async () => {
    const child = await newTicket({ parent_id: 1 });
    expect(child.json).toMatchObject({ association_type: 2, associated_tickets_list: [1] });
    const tracker = await newTicket({ related_ticket_ids: [5, 6] });
    expect(tracker.json).toMatchObject({ association_type: 3, associated_tickets_list: [5, 6] });
  });

  it('accepts multipart/form-data with attachments[] and keeps the file name', async () => {
    const form = new FormData();
    form.append('email', 'multi@example.org');
    form.append('subject', 'with files');
    form.append('priority', '2');
    form.append('tags[]', 'one');
    form.append('tags[]', 'two');
    form.append('custom_fields[cf_product_line]', 'Gizmos');
    form.append('attachments[]', new Blob(['hello world'], { type: 'text/plain' }), 'hello.txt');
    form.append('attachments[]', new Blob([new Uint8Array(2048)], { type: 'application/octet-stream' }), 'zeros.bin');
    const r = await c.call('POST', '/api/v2/tickets', { raw: form });
    expect(r.status).toBe(201);
    expect(r.json.priority).toBe(2);
    expect(r.json.tags).toEqual(['one', 'two']);
    expect(r.json.custom_fields.cf_product_line).toBe('Gizmos');
    expect(r.json.attachments.map((a: { name: string; file_size: number }) => [a.name, a.file_size])).toEqual([
      ['hello.txt', 11],
      ['zeros.bin', 2048],
    ]);
    const file = await fetch(r.json.attachments[0].attachment_url);
    expect(await file.text()).toBe('hello world');
  });

  it('refuses more than 20 MB of attachments with nothing stored', async () => {
    const before = c.sandbox.store.tickets.size;
    const form = new FormData();
    form.append('email', 'big@example.org');
    form.append('subject', 'too big');
    form.append('attachments[]', new Blob([new Uint8Array(11 * 1024 * 1024)]), 'a.bin');
    form.append('attachments[]', new Blob([new Uint8Array(10 * 1024 * 1024)]), 'b.bin');
    const r = await c.call('POST', '/api/v2/tickets', { raw: form });
    expect(r.status).toBe(400);
    expect(r.json.errors[0]).toMatchObject({ field: 'attachments', code: 'invalid_value' });
    expect(c.sandbox.store.tickets.size).toBe(before);
  });

  it('creates an outbound e-mail ticket: closed, assigned to the sender, source 10', async () => {
    const r = await c.call('POST', '/api/v2/tickets/outbound_email', { body: { email: 'out@example.org', subject: 'Hello from us', description: 'hi' } });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ status: 5, source: 10, responder_id: DEMO_AGENT_IDS.admin });
    const edit = await c.call('PUT', `/api/v2/tickets/${r.json.id}`, { body: { subject: 'changed' } });
    expect(edit.status).toBe(400);
    expect(codes(edit)).toEqual(['incompatible_field']);
    const missing = await c.call('POST', '/api/v2/tickets/outbound_email', { body: { email: 'out@example.org' } });
    expect(codes(missing)).toEqual(['missing_field']);
  });
});

describe('v2 ticket update, delete, restore', () => {
  it('updates fields and answers the full ticket; cc_emails cannot be updated', async () => {
    const t = (await newTicket()).json;
    const r = await c.call('PUT', `/api/v2/tickets/${t.id}`, { body: { status: 4, priority: 4, tags: ['x'], custom_fields: { cf_vip: true } } });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: 4, priority: 4, urgent: true, tags: ['x'] });
    expect(r.json.custom_fields.cf_vip).toBe(true);
    const cc = await c.call('PUT', `/api/v2/tickets/${t.id}`, { body: { cc_emails: ['a@b.example'] } });
    expect(codes(cc)).toEqual(['invalid_field']);
  });

  it('a failed update changes nothing', async () => {
    const t = (await newTicket()).json;
    const r = await c.call('PUT', `/api/v2/tickets/${t.id}`, { body: { subject: 'changed', priority: 9 } });
    expect(r.status).toBe(400);
    expect((await c.get(`/api/v2/tickets/${t.id}`)).json.subject).toBe('Printer on fire');
  });

  it('delete → 204, then update and delete → 405, restore → 204 and writable again', async () => {
    const t = (await newTicket()).json;
    const del = await c.call('DELETE', `/api/v2/tickets/${t.id}`);
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    expect((await c.get(`/api/v2/tickets/${t.id}`)).json.deleted).toBe(true);
    expect((await c.call('PUT', `/api/v2/tickets/${t.id}`, { body: { priority: 2 } })).status).toBe(405);
    expect((await c.call('DELETE', `/api/v2/tickets/${t.id}`)).status).toBe(405);
    const restore = await c.call('PUT', `/api/v2/tickets/${t.id}/restore`);
    expect(restore.status).toBe(204);
    expect((await c.call('PUT', `/api/v2/tickets/${t.id}`, { body: { priority: 2 } })).status).toBe(200);
  });

  it('405 for update or delete of a spam ticket', async () => {
    expect((await c.call('PUT', `/api/v2/tickets/${SHOWCASE.spamTicketDisplayId}`, { body: { priority: 2 } })).status).toBe(405);
    expect((await c.call('DELETE', `/api/v2/tickets/${SHOWCASE.spamTicketDisplayId}`)).status).toBe(405);
  });

  it('restore with a body → no_content_required', async () => {
    const r = await c.call('PUT', `/api/v2/tickets/${SHOWCASE.deletedTicketDisplayId}/restore`, { body: { x: 1 } });
    expect(codes(r)).toEqual(['no_content_required']);
  });
});

describe('v2 ticket list', () => {
  it('lists without description unless include=description; the 30-day window applies by default', async () => {
    const fresh = (await newTicket()).json;
    const r = await c.get('/api/v2/tickets');
    expect(r.status).toBe(200);
    const ids = r.json.map((t: { id: number }) => t.id);
    expect(ids).toContain(fresh.id);
    // seeded dates sit relative to the sandbox clock: the window holds recent seeded tickets, no old one
    const windowStart = Date.parse(TEST_NOW) - 30 * 86_400_000;
    expect(ids.some((id: number) => id <= 300)).toBe(true);
    expect(r.json.every((t: { created_at: string }) => Date.parse(t.created_at) >= windowStart)).toBe(true);
    expect(r.json[0]).not.toHaveProperty('description');
    const withDesc = await c.get('/api/v2/tickets?include=description&per_page=1');
    expect(withDesc.json[0]).toHaveProperty('description_text');
  });

  it('pages with per_page and a link header on every page but the last', async () => {
    const first = await c.get('/api/v2/tickets?updated_since=2015-01-01&per_page=100');
    expect(first.json).toHaveLength(100);
    const link = first.headers.get('link')!;
    expect(link).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/v2\/tickets\?updated_since=2015-01-01&per_page=100&page=2>; rel="next"$/);
    const total = c.sandbox.store.tickets.all().filter((t) => !t.deleted && !t.spam).length;
    const lastPage = Math.ceil(total / 100);
    const last = await c.get(`/api/v2/tickets?updated_since=2015-01-01&per_page=100&page=${lastPage}`);
    expect(last.json.length).toBe(total - (lastPage - 1) * 100);
    expect(last.headers.get('link')).toBeNull();
  });

  it('per_page above 100 → 400', async () => {
    const r = await c.get('/api/v2/tickets?per_page=101');
    expect(r.status).toBe(400);
    expect(r.json.errors[0]).toMatchObject({ field: 'per_page', code: 'invalid_value' });
  });

  it('filters: deleted, spam, watching, requester_id, email, company_id, order', async () => {
    const deleted = await c.get('/api/v2/tickets?filter=deleted&per_page=100');
    expect(deleted.json.every((t: { deleted: boolean }) => t.deleted)).toBe(true);
    expect(deleted.json.map((t: { id: number }) => t.id)).toContain(SHOWCASE.deletedTicketDisplayId);
    const spam = await c.get('/api/v2/tickets?filter=spam');
    expect(spam.json.map((t: { id: number }) => t.id)).toContain(SHOWCASE.spamTicketDisplayId);
    const watching = await c.get('/api/v2/tickets?filter=watching');
    expect(watching.json.map((t: { id: number }) => t.id)).toContain(1);
    const byRequester = await c.get(`/api/v2/tickets?requester_id=${SHOWCASE.requesterId}`);
    expect(byRequester.json.every((t: { requester_id: number }) => t.requester_id === SHOWCASE.requesterId)).toBe(true);
    const email = c.sandbox.store.users.get(SHOWCASE.requesterId)!.email!;
    const byEmail = await c.get(`/api/v2/tickets?email=${encodeURIComponent(email)}`);
    expect(byEmail.json.map((t: { id: number }) => t.id)).toEqual(byRequester.json.map((t: { id: number }) => t.id));
    const byCompany = await c.get(`/api/v2/tickets?company_id=${SHOWCASE.companyId}&order_by=priority&order_type=asc`);
    const priorities = byCompany.json.map((t: { priority: number }) => t.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
    expect(byCompany.json.every((t: { company_id: number }) => t.company_id === SHOWCASE.companyId)).toBe(true);
  });

  it('rejects v1 list parameters and unknown filters', async () => {
    expect(codes(await c.get('/api/v2/tickets?filter_name=all_tickets'))).toEqual(['invalid_field']);
    expect(codes(await c.get('/api/v2/tickets?filter=all_tickets'))).toEqual(['invalid_value']);
    expect(codes(await c.get('/api/v2/tickets?wf_order=status'))).toEqual(['invalid_field']);
  });
});

describe('v2 search', () => {
  const search = (q: string, extra = '') => c.get(`/api/v2/search/tickets?query=${encodeURIComponent(q)}${extra}`);

  it('supports field:value with AND, OR, parentheses, :> and :<, null, quoted strings', async () => {
    const r = await search(`"(priority:4 OR priority:3) AND status:2"`);
    expect(r.status).toBe(200);
    expect(r.json.total).toBeGreaterThan(0);
    expect(r.json.results.length).toBeLessThanOrEqual(30);
    for (const t of r.json.results) {
      expect([3, 4]).toContain(t.priority);
      expect(t.status).toBe(2);
    }
    // :> and :< are inclusive (greater or equal, less or equal)
    const range = await search(`"priority:>3 AND created_at:>'2024-09-01' AND created_at:<'2025-06-30'"`);
    expect(range.json.results.some((t: { priority: number }) => t.priority === 3)).toBe(true);
    for (const t of range.json.results) {
      expect(t.priority).toBeGreaterThanOrEqual(3);
      expect(t.created_at >= '2024-09-01').toBe(true);
    }
    const unassigned = await search(`"agent_id:null"`);
    expect(unassigned.json.results.every((t: { responder_id: number | null }) => t.responder_id === null)).toBe(true);
    const tag = await search(`"tag:'vip' AND cf_product_line:'Widgets'"`);
    expect(tag.json.results.map((t: { id: number }) => t.id)).toContain(1);
    const text = await search(`"custom_string:'ORD-10001'"`);
    expect(text.json.results.map((t: { id: number }) => t.id)).toEqual([1]);
  });

  it('counts every match in total and never returns deleted or spam tickets', async () => {
    const all = await search(`"priority:>3"`);
    const expected = c.sandbox.store.tickets.all().filter((t) => !t.deleted && !t.spam && t.priority >= 3).length;
    expect(expected).toBeGreaterThan(30);
    expect(all.json.total).toBe(expected);
  });

  it('page above 10 → 400; query over 512 characters → 400; unquoted query → 400; unknown field → invalid_field', async () => {
    expect((await search(`"status:2"`, '&page=11')).status).toBe(400);
    expect((await search(`"status:2"`, '&page=10')).status).toBe(200);
    const long = `"${Array.from({ length: 60 }, () => 'status:2').join(' OR ')}"`;
    expect(long.length).toBeGreaterThan(512);
    expect((await search(long)).status).toBe(400);
    expect((await search('status:2')).status).toBe(400);
    expect(codes(await search(`"colour:'red'"`))).toEqual(['invalid_field']);
    expect((await search(`"status:open"`)).status).toBe(400);
  });
});

describe('v2 bulk operations, jobs, merge, watchers', () => {
  const waitJob = async (href: string) => {
    const path = new URL(href).pathname;
    for (let i = 0; i < 50; i++) {
      const j = await c.get(path);
      if (j.json.status !== 'IN PROGRESS') return j.json;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('job never finished');
  };

  it('bulk_update answers a job, which finishes with per-ticket results', async () => {
    const a = (await newTicket()).json;
    const b = (await newTicket()).json;
    const r = await c.call('POST', '/api/v2/tickets/bulk_update', { body: { bulk_action: { ids: [a.id, b.id, 999999], properties: { status: 3, priority: 2 } } } });
    expect(r.status).toBe(202);
    expect(r.json.job_id).toEqual(expect.any(String));
    expect(r.json.href).toBe(`${c.sandbox.url}/api/v2/jobs/${r.json.job_id}`);
    const first = await c.get(new URL(r.json.href).pathname);
    expect(first.json).toMatchObject({ id: r.json.job_id, status: 'IN PROGRESS' });
    const job = await waitJob(r.json.href);
    expect(job.status).toBe('PARTIAL');
    expect(job.data.filter((d: { success: boolean }) => d.success).map((d: { id: number }) => d.id)).toEqual([a.id, b.id]);
    expect((await c.get(`/api/v2/tickets/${a.id}`)).json).toMatchObject({ status: 3, priority: 2 });
  });

  it('bulk_update validates properties before starting a job', async () => {
    const r = await c.call('POST', '/api/v2/tickets/bulk_update', { body: { bulk_action: { ids: [1], properties: { status: 1 } } } });
    expect(r.status).toBe(400);
    const missing = await c.call('POST', '/api/v2/tickets/bulk_update', { body: { ids: [1] } });
    expect(codes(missing)).toContain('missing_field');
  });

  it('bulk_delete deletes in a job', async () => {
    const a = (await newTicket()).json;
    const r = await c.call('POST', '/api/v2/tickets/bulk_delete', { body: { bulk_action: { ids: [a.id] } } });
    expect((await waitJob(r.json.href)).status).toBe('SUCCESS');
    expect((await c.get(`/api/v2/tickets/${a.id}`)).json.deleted).toBe(true);
  });

  it('merge → 204: secondaries closed with a note, primary gets a note and the cc', async () => {
    const primary = (await newTicket()).json;
    const secondary = (await newTicket({ email: 'merge.me@example.org' })).json;
    const r = await c.call('PUT', '/api/v2/tickets/merge', { body: { primary_id: primary.id, ticket_ids: [secondary.id], convert_recepients_to_cc: true } });
    expect(r.status).toBe(204);
    expect((await c.get(`/api/v2/tickets/${secondary.id}`)).json.status).toBe(5);
    const p = (await c.get(`/api/v2/tickets/${primary.id}?include=conversations`)).json;
    expect(p.cc_emails).toContain('merge.me@example.org');
    expect(p.conversations.at(-1).body).toMatch(/merged/);
    const self = await c.call('PUT', '/api/v2/tickets/merge', { body: { primary_id: primary.id, ticket_ids: [primary.id] } });
    expect(self.status).toBe(400);
  });

  it('watch (204), watchers, unwatch, bulk_watch and bulk_unwatch (user_id refused)', async () => {
    const t = (await newTicket()).json;
    expect((await c.call('POST', `/api/v2/tickets/${t.id}/watch`, { body: { user_id: DEMO_AGENT_IDS.agent } })).status).toBe(204);
    expect((await c.get(`/api/v2/tickets/${t.id}/watchers`)).json).toEqual({ watcher_ids: [DEMO_AGENT_IDS.agent] });
    expect(codes(await c.call('POST', `/api/v2/tickets/${t.id}/watch`, { body: {} }))).toEqual(['missing_field']);
    expect((await c.call('PUT', '/api/v2/tickets/bulk_watch', { body: { ids: [t.id] } })).status).toBe(204);
    expect((await c.get(`/api/v2/tickets/${t.id}/watchers`)).json.watcher_ids).toContain(DEMO_AGENT_IDS.admin);
    expect(codes(await c.call('PUT', '/api/v2/tickets/bulk_unwatch', { body: { ids: [t.id], user_id: 5 } }))).toEqual(['invalid_field']);
    expect((await c.call('PUT', '/api/v2/tickets/bulk_unwatch', { body: { ids: [t.id] } })).status).toBe(204);
    expect((await c.call('PUT', `/api/v2/tickets/${t.id}/unwatch`, { auth: AGENT })).status).toBe(204);
    expect((await c.get(`/api/v2/tickets/${t.id}/watchers`)).json.watcher_ids).toEqual([]);
  });
});

describe('v2 conversations', () => {
  it('reply (201), note (private by default), list ascending, update a note, delete → 204', async () => {
    const t = (await newTicket()).json;
    const reply = await c.call('POST', `/api/v2/tickets/${t.id}/reply`, { body: { body: '<p>We are on it</p>' } });
    expect(reply.status).toBe(201);
    // the documented reply shape (FDDOC "Create a Reply"), not a whole conversation
    expect(Object.keys(reply.json).sort()).toEqual(['attachments', 'bcc_emails', 'body', 'body_text', 'cc_emails', 'created_at', 'from_email', 'id', 'replied_to', 'ticket_id', 'updated_at', 'user_id']);
    expect(reply.json).toMatchObject({ body: '<p>We are on it</p>', body_text: 'We are on it', ticket_id: t.id, replied_to: [expect.stringContaining('@')], cc_emails: [], bcc_emails: [] });
    const note = await c.call('POST', `/api/v2/tickets/${t.id}/notes`, { body: { body: 'internal', notify_emails: ['boss@sandbox.example'] } });
    expect(note.status).toBe(201);
    expect(note.json).toMatchObject({ private: true, source: 2, notified_to: ['boss@sandbox.example'] });
    const list = await c.get(`/api/v2/tickets/${t.id}/conversations`);
    expect(list.json.map((x: { id: number }) => x.id)).toEqual([reply.json.id, note.json.id]);
    // listed, the reply is a conversation; no cc/bcc reads null, as the service answers
    expect(list.json[0]).toMatchObject({ source: 0, private: false, to_emails: reply.json.replied_to, bcc_emails: null });
    expect(list.json[1]).toMatchObject({ cc_emails: null, bcc_emails: null });
    const upd = await c.call('PUT', `/api/v2/conversations/${note.json.id}`, { body: { body: 'edited' } });
    expect(upd.status).toBe(200);
    expect(upd.json.body).toBe('edited');
    expect(upd.json.last_edited_at).toMatch(UTC_Z);
    expect((await c.call('PUT', `/api/v2/conversations/${reply.json.id}`, { body: { body: 'x' } })).status).toBe(405);
    expect((await c.call('DELETE', `/api/v2/conversations/${note.json.id}`)).status).toBe(204);
    expect((await c.get(`/api/v2/tickets/${t.id}/conversations`)).json).toHaveLength(1);
  });

  it('a view-only agent may read but gets 403 access_denied on reply', async () => {
    expect((await c.get('/api/v2/tickets/1', VIEWER)).status).toBe(200);
    const r = await c.call('POST', '/api/v2/tickets/1/reply', { body: { body: 'hi' }, auth: VIEWER });
    expect(r.status).toBe(403);
    expect(codes(r)).toEqual(['access_denied']);
    expect((await c.call('PUT', '/api/v2/tickets/1', { body: { priority: 1 }, auth: VIEWER })).status).toBe(403);
  });

  it('forward requires body and to_emails and records the forward', async () => {
    expect(codes(await c.call('POST', '/api/v2/tickets/1/forward', { body: { body: 'fyi' } }))).toEqual(['missing_field']);
    const r = await c.call('POST', '/api/v2/tickets/1/forward', { body: { body: 'fyi', to_emails: ['partner@example.org'] } });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ to_emails: ['partner@example.org'], source: 8, include_quoted_text: true });
    expect((await c.get('/api/v2/tickets/1')).json.fwd_emails).toContain('partner@example.org');
  });

  it('answers with the version header on every response', async () => {
    const r = await c.get('/api/v2/tickets/1', ADMIN);
    expect(r.headers.get('x-helpdesk-api-version')).toBe('latest=v2; requested=v2');
    expect((await c.get('/api/v2/tickets/1', null)).headers.get('x-helpdesk-api-version')).toBe('latest=v2; requested=v2');
  });
});
