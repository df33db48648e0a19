/**
 * v2 tickets: what create, update, bulk and merge share: the accepted values and schemas,
 * finding a ticket, the write guards, custom-field and reference checks.
 */
import type { UploadedFile } from '../../body.ts';
import { LIMITS } from '../../constants.ts';
import type { Ctx } from '../../context.ts';
import { totalSize, type RequesterInput } from '../../domain/index.ts';
import { v2, type FieldError } from '../../errors.ts';
import type { Scalar, Ticket } from '../../model.ts';
import type { Store } from '../../store.ts';
import { isPlainDate } from '../../time.ts';
import { ticketV2 } from '../present.ts';
import { customFieldValue } from '../schemas/tickets.ts';
import { checkValue, invalidValue, mismatch, unexpected } from '../validate.ts';


export const DAY = 86_400_000;
export { BULK_SOURCES, CREATE_SOURCES, PRIORITIES, STATUSES } from '../schemas/tickets.ts';

// ---- shared checks ---------------------------------------------------------------------------

export function findTicket(ctx: Ctx, param = 'id'): Ticket {
  const ticket = ctx.store.tickets.get(Number(ctx.params[param]));
  if (!ticket) throw v2.notFound();
  return ticket;
}

/** Update and delete refuse deleted and spam tickets with 405 (spec 000 "States and transitions"). */
export function assertWritable(ticket: Ticket): void {
  if (ticket.deleted || ticket.spam) {
    throw v2.methodNotAllowed(`${ticket.deleted ? 'Deleted' : 'Spam'} tickets cannot be updated or deleted`);
  }
}

/** Custom field values, checked against the account's ticket fields (v2 names). */
export function checkCustomFields(store: Store, raw: Record<string, unknown>, form: boolean, errors: FieldError[]): Record<string, Scalar> {
  const out: Record<string, Scalar> = {};
  for (const [name, value] of Object.entries(raw)) {
    const field = store.ticketFieldByName(name);
    if (!field || field.kind === null) {
      errors.push(unexpected(name));
      continue;
    }
    if (value === null) {
      out[name] = field.kind === 'checkbox' ? false : null;
      continue;
    }
    switch (field.kind) {
      case 'dropdown':
        if (typeof value !== 'string') errors.push(mismatch(name, 'String', value));
        else if (!field.choices.includes(value)) errors.push(invalidValue(name, `It should be one of these values: '${field.choices.join(',')}'`));
        else out[name] = value;
        break;
      case 'text':
      case 'paragraph': {
        const v = checkValue(name, field.kind === 'text' ? customFieldValue.text : customFieldValue.paragraph, value, form, errors);
        if (v !== undefined) out[name] = v as string;
        break;
      }
      case 'number': {
        const v = checkValue(name, customFieldValue.number, value, form, errors);
        if (v !== undefined) out[name] = v as number;
        break;
      }
      case 'decimal': {
        const n = form && typeof value === 'string' ? Number(value) : value;
        if (typeof n !== 'number' || !Number.isFinite(n)) errors.push(mismatch(name, 'Number', value));
        else out[name] = n;
        break;
      }
      case 'checkbox': {
        const v = checkValue(name, customFieldValue.checkbox, value, form, errors);
        if (v !== undefined) out[name] = v as boolean;
        break;
      }
      case 'date':
        if (typeof value !== 'string') errors.push(mismatch(name, 'String', value));
        else if (!isPlainDate(value)) errors.push(invalidValue(name, "It should be in the 'yyyy-mm-dd' format"));
        else out[name] = value;
        break;
    }
  }
  return out;
}

/** Ids in the body that must name existing records. */
export function checkReferences(store: Store, fields: Record<string, unknown>, errors: FieldError[]): void {
  const id = (k: string) => (typeof fields[k] === 'number' ? (fields[k] as number) : null);
  const responder = id('responder_id');
  if (responder !== null && !store.agent(responder)) errors.push(invalidValue('responder_id', 'There is no agent matching the given responder_id'));
  const group = id('group_id');
  if (group !== null && !store.groups.has(group)) errors.push(invalidValue('group_id', 'There is no group matching the given group_id'));
  const product = id('product_id');
  if (product !== null && !store.products.has(product)) errors.push(invalidValue('product_id', 'There is no product matching the given product_id'));
  const config = id('email_config_id');
  if (config !== null && !store.emailConfigs.has(config)) errors.push(invalidValue('email_config_id', 'There is no email_config matching the given email_config_id'));
  const company = id('company_id');
  if (company !== null && !store.companies.has(company)) errors.push(invalidValue('company_id', 'There is no company matching the given company_id'));
  if (typeof fields.type === 'string' && !store.account.ticketTypes.includes(fields.type)) {
    errors.push(invalidValue('type', `It should be one of these values: '${store.account.ticketTypes.join(',')}'`));
  }
  // Shared ownership is a plan feature this account does not have.
  for (const k of ['internal_agent_id', 'internal_group_id']) {
    if (k in fields) errors.push({ field: k, code: 'require_feature', message: 'The Shared Ownership feature(s) is/are not supported in your plan. Please upgrade your account to use it.' });
  }
}

export function requesterInput(fields: Record<string, unknown>): RequesterInput {
  const s = (k: string) => (typeof fields[k] === 'string' ? (fields[k] as string) : undefined);
  return {
    requesterId: typeof fields.requester_id === 'number' ? fields.requester_id : undefined,
    email: s('email'),
    phone: s('phone'),
    twitterId: s('twitter_id'),
    facebookId: s('facebook_id'),
    uniqueExternalId: s('unique_external_id'),
    name: s('name'),
  };
}

export function checkAttachmentSize(files: UploadedFile[], existingBytes: number, errors: FieldError[]): void {
  if (totalSize(files) + existingBytes > LIMITS.attachmentsTotalBytes) {
    errors.push(invalidValue('attachments', 'The cumulative size of all attachments cannot exceed 20 MB'));
  }
}

export function ticketUrl(ctx: Ctx, t: Ticket): string {
  return `${ctx.baseUrl}/api/v2/tickets/${t.displayId}`;
}

export function fullTicket(ctx: Ctx, t: Ticket): Record<string, unknown> {
  return ticketV2(ctx.baseUrl, t, { description: true, attachments: true });
}
