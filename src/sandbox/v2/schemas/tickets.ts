/**
 * v2 ticket request bodies (spec 000 "Tickets"): create, update, outbound e-mail, bulk update and
 * delete, merge, watchers, and the value schemas of ticket custom fields.
 */
import { any, body, boolean, choice, dateTime, email, emails, files, id, ids, integer, object, string, strings } from './fields.ts';

/** 2 Open, 3 Pending, 4 Resolved, 5 Closed, 6-7 the account's custom statuses */
export const STATUSES = [2, 3, 4, 5, 6, 7];
/** 1 Low, 2 Medium, 3 High, 4 Urgent */
export const PRIORITIES = [1, 2, 3, 4];
/** writable on create: Forum (4), Bot (12) and WhatsApp (13) are not */
export const CREATE_SOURCES = [1, 2, 3, 5, 6, 7, 8, 9, 10];
export const BULK_SOURCES = [1, 2, 3, 7, 8, 9, 10];

/** Who the ticket is from: one of requester_id, email, phone, twitter_id, facebook_id, unique_external_id. */
export const REQUESTER_FIELDS = {
  name: string('name of the requester, used when a new contact is made from email/phone', { maxLength: 255 }),
  requester_id: id('an existing contact'),
  email: email('requester e-mail; a contact is made when none has it'),
  facebook_id: string('requester Facebook id'),
  phone: string('requester phone; needs name when it makes a new contact'),
  twitter_id: string('requester Twitter handle'),
  unique_external_id: string('requester external id'),
};

const COMMON_FIELDS = {
  ...REQUESTER_FIELDS,
  subject: string('subject', { maxLength: 255, nullable: true }),
  type: string("one of the account's ticket types", { nullable: true }),
  status: integer('2 Open, 3 Pending, 4 Resolved, 5 Closed', STATUSES),
  priority: integer('1 Low, 2 Medium, 3 High, 4 Urgent', PRIORITIES),
  description: string('HTML content of the ticket'),
  responder_id: id('agent the ticket is assigned to', { nullable: true }),
  attachments: files('attachments[] of a multipart/form-data body (20 MB in all)'),
  custom_fields: object('custom field values by v2 name (cf_...), checked against the ticket fields'),
  due_by: dateTime('resolution due time; needs fr_due_by alongside when set on create'),
  fr_due_by: dateTime('first response due time'),
  email_config_id: id('e-mail configuration the replies go out from'),
  group_id: id('group the ticket is assigned to', { nullable: true }),
  product_id: id('product of the ticket', { nullable: true }),
  source: integer('1 Email, 2 Portal, 3 Phone, 5 Twitter, 6 Facebook, 7 Chat, 8 Mobihelp, 9 Feedback widget, 10 Outbound email', CREATE_SOURCES),
  tags: strings('tags, each at most 32 characters', { maxLength: 32 }),
  company_id: id("company of the requester (one of the contact's companies)", { nullable: true }),
  internal_agent_id: id('shared ownership: internal agent (a plan feature this account lacks)', { nullable: true }),
  internal_group_id: id('shared ownership: internal group (a plan feature this account lacks)', { nullable: true }),
};

export const ticketCreate = body('POST /api/v2/tickets', {
  ...COMMON_FIELDS,
  cc_emails: emails('addresses copied on the ticket'),
  parent_id: id('makes this ticket a child of that ticket'),
  related_ticket_ids: ids('tracker ticket: the tickets it links'),
  lookup_parameter: choice('how custom field lookups are matched', ['display_id', 'primary_field_value']),
});

/** update takes the create fields except cc_emails and the association fields */
export const ticketUpdate = body('PUT /api/v2/tickets/[id]', COMMON_FIELDS);

export const outboundEmail = body(
  'POST /api/v2/tickets/outbound_email: a ticket to a customer, closed by default',
  {
    name: REQUESTER_FIELDS.name,
    email: REQUESTER_FIELDS.email,
    subject: string('subject', { maxLength: 255 }),
    description: COMMON_FIELDS.description,
    email_config_id: COMMON_FIELDS.email_config_id,
    priority: COMMON_FIELDS.priority,
    status: COMMON_FIELDS.status,
    type: COMMON_FIELDS.type,
    tags: COMMON_FIELDS.tags,
    cc_emails: emails('addresses copied on the e-mail'),
    custom_fields: COMMON_FIELDS.custom_fields,
    due_by: COMMON_FIELDS.due_by,
    fr_due_by: COMMON_FIELDS.fr_due_by,
    group_id: COMMON_FIELDS.group_id,
    attachments: COMMON_FIELDS.attachments,
  },
  ['email', 'subject'],
);

// ---- bulk ------------------------------------------------------------------------------------------

export const bulkEnvelope = body('the envelope of every bulk call', { bulk_action: object('the action: ids and what to do') }, ['bulk_action']);

export const bulkUpdateAction = body(
  'POST /api/v2/tickets/bulk_update: bulk_action',
  { ids: ids('tickets to update'), properties: object('fields to set on each ticket'), reply: object('a reply added to each ticket') },
  ['ids'],
);

export const bulkDeleteAction = body('POST /api/v2/tickets/bulk_delete: bulk_action', { ids: ids('tickets to delete') }, ['ids']);

export const bulkProperties = body('bulk_update: bulk_action.properties', {
  from_email: email('address the notifications go out from'),
  skip_close_notification: boolean('no e-mail to the requester when this closes a ticket'),
  email_config_id: COMMON_FIELDS.email_config_id,
  group_id: COMMON_FIELDS.group_id,
  requester_id: REQUESTER_FIELDS.requester_id,
  responder_id: COMMON_FIELDS.responder_id,
  product_id: COMMON_FIELDS.product_id,
  parent_id: id('makes the tickets children of that ticket'),
  internal_agent_id: COMMON_FIELDS.internal_agent_id,
  internal_group_id: COMMON_FIELDS.internal_group_id,
  priority: COMMON_FIELDS.priority,
  source: integer('as on create, without Twitter (5) and Facebook (6)', BULK_SOURCES),
  status: COMMON_FIELDS.status,
  type: COMMON_FIELDS.type,
  due_by: COMMON_FIELDS.due_by,
  fr_due_by: COMMON_FIELDS.fr_due_by,
  custom_fields: COMMON_FIELDS.custom_fields,
  tags: COMMON_FIELDS.tags,
});

export const bulkReply = body(
  'bulk_update: bulk_action.reply',
  {
    body: string('HTML content of the reply'),
    from_email: email('address the reply goes out from'),
    attachment_ids: ids('attachments already uploaded'),
    inline_attachment_ids: ids('inline images already uploaded'),
    cloud_files: any('links to cloud files'),
  },
  ['body'],
);

// ---- merge and watchers ----------------------------------------------------------------------------

export const merge = body(
  'PUT /api/v2/tickets/merge',
  {
    primary_id: id('the ticket the others are merged into'),
    ticket_ids: ids('the tickets merged into the primary one'),
    note_in_primary: object('the private note added to the primary ticket ({ body, private })'),
    note_in_secondary: object('the note added to each merged ticket ({ body, private })'),
    convert_recepients_to_cc: boolean("the merged tickets' requesters become cc of the primary (sic: the service's spelling)"),
  },
  ['primary_id', 'ticket_ids'],
);

export const mergeNote = body('note_in_primary / note_in_secondary of a merge', { body: string('HTML content of the note'), private: boolean('private note (default true)') }, ['body']);

export const watch = body('POST /api/v2/tickets/[id]/watch', { user_id: id('the agent who watches') }, ['user_id']);

export const bulkWatch = body('PUT /api/v2/tickets/bulk_watch', { ids: ids('tickets to watch'), user_id: id('the agent who watches (default: the caller)') }, ['ids']);

export const bulkUnwatch = body('PUT /api/v2/tickets/bulk_unwatch', { ids: ids('tickets to stop watching') }, ['ids']);

// ---- custom field values ---------------------------------------------------------------------------

export const customFieldValue = {
  text: string('single-line text custom field', { maxLength: 255 }),
  paragraph: string('multi-line text custom field'),
  number: integer('number custom field'),
  checkbox: boolean('checkbox custom field'),
};
