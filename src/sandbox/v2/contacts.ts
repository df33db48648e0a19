/** v2 contacts: CRUD, restore, hard delete, make_agent, autocomplete, contact fields. */
import { isUploadedFile } from '../body.ts';
import type { Ctx, Reply } from '../context.ts';
import { makeAgent, newContact } from '../domain/index.ts';
import { V2Error, v2, type FieldError } from '../errors.ts';
import type { CustomerField, Scalar, User } from '../model.ts';
import type { Store } from '../store.ts';
import { isPlainDate } from '../time.ts';
import { PAGING_PARAMS, paged } from './paging.ts';
import { contactV2, customerFieldV2, madeAgentV2, ROLES } from './present.ts';
import * as schemas from './schemas/contacts.ts';
import { checkBody, checkQuery, checkValue, invalidValue, mismatch, queryDate, queryId, unexpected } from './validate.ts';

/** Custom contact/company field values against their definitions (v2 names, no `cf_`). */
export function checkCustomerCustom(defs: CustomerField[], raw: Record<string, unknown>, form: boolean, errors: FieldError[]): Record<string, Scalar> {
  const out: Record<string, Scalar> = {};
  for (const [name, value] of Object.entries(raw)) {
    const def = defs.find((d) => d.name === name);
    if (!def) {
      errors.push(unexpected(name));
      continue;
    }
    if (value === null) {
      out[name] = null;
      continue;
    }
    if (def.fieldType === 'custom_dropdown') {
      if (typeof value !== 'string') errors.push(mismatch(name, 'String', value));
      else if (!def.choices.includes(value)) errors.push(invalidValue(name, `It should be one of these values: '${def.choices.join(',')}'`));
      else out[name] = value;
    } else if (def.fieldType === 'custom_date') {
      if (typeof value !== 'string') errors.push(mismatch(name, 'String', value));
      else if (!isPlainDate(value)) errors.push(invalidValue(name, "It should be in the 'yyyy-mm-dd' format"));
      else out[name] = value;
    } else {
      const v = checkValue(name, schemas.customFieldValue.text, value, form, errors);
      if (v !== undefined) out[name] = v as string;
    }
  }
  return out;
}

function findContact(ctx: Ctx): User {
  const user = ctx.store.contact(Number(ctx.params.id));
  if (!user) throw v2.notFound();
  return user;
}

/** Everything a contact write must pass; throws 400 or 409 before anything changes. */
function checkContact(ctx: Ctx, fields: Record<string, unknown>, existing: User | null): Record<string, Scalar> {
  const { store } = ctx;
  const errors: FieldError[] = [];
  const custom = fields.custom_fields ? checkCustomerCustom(store.customContactFields(), fields.custom_fields as Record<string, unknown>, ctx.formEncoded, errors) : {};
  if (typeof fields.company_id === 'number' && !store.companies.has(fields.company_id)) errors.push(invalidValue('company_id', 'There is no company matching the given company_id'));
  if (fields.avatar !== undefined && !isUploadedFile(fields.avatar)) errors.push(mismatch('avatar', 'valid file format', fields.avatar));
  // At least one identifier must remain after the write.
  const identifiers: Record<string, unknown> = {
    email: existing?.email,
    phone: existing?.phone,
    mobile: existing?.mobile,
    twitter_id: existing?.twitterId,
    unique_external_id: existing?.uniqueExternalId,
  };
  for (const k of Object.keys(identifiers)) if (k in fields) identifiers[k] = fields[k];
  if (!Object.values(identifiers).some((v) => typeof v === 'string' && v !== '')) {
    errors.push({ field: 'email', code: 'missing_field', message: 'Please fill at least 1 of email, mobile, phone, twitter_id, unique_external_id fields' });
  }
  if (errors.length > 0) throw v2.validation(errors);
  // Unique e-mail across every user, including agents and secondary addresses (409).
  for (const address of [fields.email, ...((fields.other_emails as string[] | undefined) ?? [])]) {
    if (typeof address !== 'string') continue;
    const owner = store.userByEmail(address);
    if (owner && owner.id !== existing?.id) throw new V2Error(409, 'Validation failed', [{ field: 'email', code: 'duplicate_value', message: 'It should be a unique value' }]);
  }
  return custom;
}

export function createContactHandler(ctx: Ctx): Reply {
  const fields = checkBody(ctx.body, schemas.contactCreate, { form: ctx.formEncoded });
  const custom = checkContact(ctx, fields, null);
  const now = ctx.now();
  const blank = Object.fromEntries(ctx.store.customContactFields().map((f) => [f.name, null]));
  const user = newContact(ctx.store, { name: fields.name as string, custom: { ...blank, ...custom } }, now);
  applyContactFields(ctx.store, user, fields);
  return { status: 201, body: contactV2(user), headers: { Location: `${ctx.baseUrl}/api/v2/contacts/${user.id}` } };
}

function applyContactFields(store: Store, user: User, fields: Record<string, unknown>): void {
  const s = (k: string) => fields[k] as string | null;
  if ('name' in fields) user.name = s('name')!;
  if ('email' in fields) user.email = s('email');
  if ('phone' in fields) user.phone = s('phone');
  if ('mobile' in fields) user.mobile = s('mobile');
  if ('twitter_id' in fields) user.twitterId = s('twitter_id');
  if ('unique_external_id' in fields) user.uniqueExternalId = s('unique_external_id');
  if ('other_emails' in fields) user.otherEmails = fields.other_emails as string[];
  if ('company_id' in fields) user.companyId = fields.company_id as number | null;
  if ('address' in fields) user.address = s('address');
  if ('description' in fields) user.description = s('description');
  if ('job_title' in fields) user.jobTitle = s('job_title');
  if ('language' in fields) user.language = s('language')!;
  if ('time_zone' in fields) user.timeZone = s('time_zone')!;
  if ('tags' in fields) user.tags = fields.tags as string[];
  store.putUser(user); // re-index e-mails
}

export function viewContactHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, []);
  return { status: 200, body: contactV2(findContact(ctx)) };
}

const STATES = ['verified', 'unverified', 'deleted', 'blocked'];

export function listContactsHandler(ctx: Ctx): Reply {
  const q = ctx.query;
  checkQuery(q, ['email', 'mobile', 'phone', 'company_id', 'state', 'updated_since', '_updated_since', 'unique_external_id', ...PAGING_PARAMS]);
  const state = q.get('state');
  if (state !== null && !STATES.includes(state)) throw v2.validation([invalidValue('state', `It should be one of these values: '${STATES.join(',')}'`)]);
  const companyId = queryId(q, 'company_id');
  const updatedSince = queryDate(q, 'updated_since') ?? queryDate(q, '_updated_since');
  const email = q.get('email')?.toLowerCase() ?? null;
  const contacts = ctx.store.contacts().filter((u) => {
    if (state === 'deleted') {
      if (!u.deleted) return false;
    } else if (state === 'blocked') {
      if (!u.blocked || u.deleted) return false;
    } else if (u.deleted || u.blocked) return false;
    if (state === 'verified' && !u.active) return false;
    if (state === 'unverified' && u.active) return false;
    if (email !== null && u.email?.toLowerCase() !== email && !u.otherEmails.some((e) => e.toLowerCase() === email)) return false;
    if (q.has('mobile') && u.mobile !== q.get('mobile')) return false;
    if (q.has('phone') && u.phone !== q.get('phone')) return false;
    if (q.has('unique_external_id') && u.uniqueExternalId !== q.get('unique_external_id')) return false;
    if (companyId !== null && u.companyId !== companyId) return false;
    if (updatedSince !== null && u.updatedAt < updatedSince) return false;
    return true;
  });
  return paged(ctx, contacts, contactV2);
}

export function updateContactHandler(ctx: Ctx): Reply {
  const user = findContact(ctx);
  if (user.deleted || user.blocked) throw v2.methodNotAllowed(`${user.deleted ? 'Deleted' : 'Blocked'} contacts cannot be updated`);
  const fields = checkBody(ctx.body, schemas.contactUpdate, { form: ctx.formEncoded });
  const custom = checkContact(ctx, fields, user);
  applyContactFields(ctx.store, user, fields);
  Object.assign(user.custom, custom);
  user.updatedAt = ctx.now();
  return { status: 200, body: contactV2(user) };
}

export function deleteContactHandler(ctx: Ctx): Reply {
  const user = findContact(ctx);
  if (user.deleted || user.blocked) throw v2.methodNotAllowed(`${user.deleted ? 'Deleted' : 'Blocked'} contacts cannot be deleted`);
  user.deleted = true;
  user.updatedAt = ctx.now();
  return { status: 204 };
}

export function restoreContactHandler(ctx: Ctx): Reply {
  const user = findContact(ctx);
  if (!user.deleted) throw v2.notFound();
  user.deleted = false;
  user.updatedAt = ctx.now();
  return { status: 204 };
}

export function hardDeleteContactHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, ['force']);
  const user = findContact(ctx);
  if (!user.deleted && ctx.query.get('force') !== 'true') {
    throw v2.validation([{ field: 'contact', code: 'invalid_value', message: 'Only soft-deleted contacts can be hard deleted; pass force=true otherwise' }]);
  }
  ctx.store.removeUser(user.id);
  return { status: 204 };
}

export function makeAgentHandler(ctx: Ctx): Reply {
  const user = findContact(ctx);
  const fields = checkBody(ctx.body, schemas.makeAgent, { form: false });
  if (!user.email) throw v2.validation([{ field: 'email', code: 'inconsistent_state', message: 'An email must be associated with the contact before converting it to an agent' }]);
  if (user.deleted || user.blocked) throw v2.methodNotAllowed('Deleted or blocked contacts cannot be converted');
  const unknownGroups = ((fields.group_ids as number[] | undefined) ?? []).filter((id) => !ctx.store.groups.has(id));
  if (unknownGroups.length > 0) throw v2.validation([invalidValue('group_ids', `There are no groups matching the ids: ${unknownGroups.join(',')}`)]);
  const roleId = (fields.role_ids as number[] | undefined)?.[0];
  const role = ROLES.find((r) => r.id === roleId)?.role ?? 'agent';
  makeAgent(ctx.store, user, {
    role,
    occasional: fields.occasional as boolean | undefined,
    ticketScope: fields.ticket_scope as number | undefined,
    signatureHtml: fields.signature as string | undefined,
    groupIds: fields.group_ids as number[] | undefined,
  }, ctx.now());
  // The service answers the contact with the new agent inside (FDDOC "Make Agent" sample), not an agent.
  return { status: 200, body: madeAgentV2(ctx.store, user) };
}

export function autocompleteContactsHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, ['term']);
  const term = (ctx.query.get('term') ?? '').toLowerCase();
  if (term.length < 2) throw v2.validation([invalidValue('term', 'It should have at least 2 characters')]);
  const hits = ctx.store
    .contacts()
    .filter((u) => !u.deleted && u.name.toLowerCase().split(/\s+/).some((w) => w.startsWith(term)))
    .slice(0, 25)
    .map((u) => ({ id: u.id, name: u.name }));
  return { status: 200, body: hits };
}

export function listContactFieldsHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, []);
  return { status: 200, body: ctx.store.contactFields.all().map(customerFieldV2) };
}
