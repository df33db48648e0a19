/**
 * v1 contacts (`user` wrapper; list filters query/state/letter), the older contact update, delete
 * and make_agent paths.
 */
import { LIMITS } from '../constants.ts';
import type { Ctx, Reply } from '../context.ts';
import { makeAgent, newContact } from '../domain/index.ts';
import { v1 } from '../errors.ts';
import type { Scalar, User } from '../model.ts';
import type { Store } from '../store.ts';
import { isEmail } from '../text.ts';
import { formatDate, parseV1DateInput } from '../time.ts';
import { int, str, strOrNull, wrapped, type Params } from './coerce.ts';
import { agentV1, userV1 } from './present.ts';

// ---- contacts ------------------------------------------------------------------------------------

/** `custom_field: {cf_x: v}` → {x: v}, for contact or company fields. */
export function readCfFields(store: Store, defs: ReturnType<Store['customContactFields']>, raw: unknown): Record<string, Scalar> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const out: Record<string, Scalar> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (!key.startsWith('cf_')) continue;
    const def = defs.find((d) => d.name === key.slice(3));
    if (!def) continue;
    if (value === null || value === '') out[def.name] = null;
    else if (def.fieldType === 'custom_date') {
      const ms = parseV1DateInput(String(value), store.account.utcOffset);
      if (ms === null) throw v1.invalid(`${def.label} is not a valid date`);
      out[def.name] = formatDate(ms + 12 * 3_600_000);
    } else out[def.name] = String(value);
  }
  return out;
}

function findContactV1(ctx: Ctx): User {
  const user = ctx.store.contact(Number(ctx.params.id));
  if (!user) throw v1.notFound();
  return user;
}

function checkEmailFree(store: Store, email: string | null | undefined, self: number | null): void {
  if (!email) return;
  if (!isEmail(email)) throw v1.invalid('Email is invalid');
  const owner = store.userByEmail(email);
  if (owner && owner.id !== self) throw v1.invalid('Email has already been taken');
}

function applyUserParams(store: Store, user: User, p: Params): void {
  const s = (k: string) => strOrNull(p, k);
  if (str(p, 'name')) user.name = str(p, 'name')!;
  if ('email' in p) user.email = s('email') ?? null;
  if ('phone' in p) user.phone = s('phone') ?? null;
  if ('mobile' in p) user.mobile = s('mobile') ?? null;
  if ('address' in p) user.address = s('address') ?? null;
  if ('description' in p) user.description = s('description') ?? null;
  if ('job_title' in p) user.jobTitle = s('job_title') ?? null;
  if ('twitter_id' in p) user.twitterId = s('twitter_id') ?? null;
  if ('fb_profile_id' in p) user.facebookId = s('fb_profile_id') ?? null;
  if (str(p, 'language')) user.language = str(p, 'language')!;
  if (str(p, 'time_zone')) user.timeZone = str(p, 'time_zone')!;
  const company = p.customer_id ?? p.company_id;
  if (company !== undefined) user.companyId = company === null || company === '' ? null : Number(company);
  store.putUser(user);
}

function readUserParams(ctx: Ctx, existing: User | null): { p: Params; custom: Record<string, Scalar> } {
  const { store } = ctx;
  const p = wrapped(ctx, 'user');
  if (!existing && !str(p, 'name')) throw v1.invalid("Name can't be blank");
  const merged = { email: existing?.email, phone: existing?.phone, mobile: existing?.mobile };
  for (const k of ['email', 'phone', 'mobile'] as const) if (k in p) merged[k] = strOrNull(p, k) ?? null;
  if (!merged.email && !merged.phone && !merged.mobile) throw v1.invalid('Please provide at least one of email, phone or mobile');
  if ('email' in p) checkEmailFree(store, strOrNull(p, 'email'), existing?.id ?? null);
  const company = int(p, 'customer_id') ?? int(p, 'company_id');
  if (company !== undefined && !store.companies.has(company)) throw v1.invalid('Company is invalid');
  return { p, custom: readCfFields(store, store.customContactFields(), p.custom_field) };
}

export function createContactV1(ctx: Ctx): Reply {
  const { p, custom } = readUserParams(ctx, null);
  const now = ctx.now();
  const blank = Object.fromEntries(ctx.store.customContactFields().map((f) => [f.name, null]));
  const user = newContact(ctx.store, { name: str(p, 'name')!, custom: { ...blank, ...custom } }, now);
  applyUserParams(ctx.store, user, p);
  return { status: 200, body: userV1(ctx.store, user) };
}

export function viewContactV1(ctx: Ctx): Reply {
  return { status: 200, body: userV1(ctx.store, findContactV1(ctx)) };
}

export function updateContactV1(ctx: Ctx): Reply {
  const user = findContactV1(ctx);
  const { p, custom } = readUserParams(ctx, user);
  applyUserParams(ctx.store, user, p);
  Object.assign(user.custom, custom);
  user.updatedAt = ctx.now();
  return { status: 200 };
}

export function deleteContactV1(ctx: Ctx): Reply {
  const user = findContactV1(ctx);
  user.deleted = true;
  user.updatedAt = ctx.now();
  return { status: 200 };
}

export function makeAgentV1(ctx: Ctx): Reply {
  const user = findContactV1(ctx);
  if (!user.email) throw v1.invalid('Email is required to make the contact an agent');
  makeAgent(ctx.store, user, {}, ctx.now());
  // `agent.id` is the new v1 agent record id: python-freshdesk's v1 make_agent then GETs /agents/<it>.json
  return { status: 200, body: agentV1(ctx.store, user) };
}

/**
 * `query=<column> is|like <value>` on email, phone, mobile, customer_id, name; `state=` verified,
 * unverified, all (default: neither deleted nor blocked), deleted, blocked; `letter=` name initial.
 * Ordered by name, `per_page` at most 50.
 */
export function listContactsV1(ctx: Ctx): Reply {
  const q = ctx.query;
  const state = q.get('state') ?? 'all';
  const conditions: ((u: User) => boolean)[] = [];
  const query = q.get('query');
  if (query !== null) {
    for (const part of query.split(/\s+and\s+/i)) {
      const m = /^\s*(email|phone|mobile|customer_id|company_id|name)\s+(is|like)\s+(.*?)\s*$/i.exec(part);
      if (!m) throw v1.badRequest(`Unsupported query: ${part}`);
      const column = m[1]!.toLowerCase();
      const like = m[2]!.toLowerCase() === 'like';
      const wanted = m[3]!.replace(/^['"]|['"]$/g, '').toLowerCase();
      conditions.push((u) => {
        const value = column === 'customer_id' || column === 'company_id' ? u.companyId : (u as unknown as Record<string, unknown>)[column];
        const text = value === null || value === undefined ? '' : String(value).toLowerCase();
        return like ? text.includes(wanted) : text === wanted;
      });
    }
  }
  const letter = q.get('letter');
  if (letter) conditions.push((u) => u.name.toLowerCase().startsWith(letter.toLowerCase()));
  const contacts = ctx.store.contacts().filter((u) => {
    if (state === 'deleted') {
      if (!u.deleted) return false;
    } else if (state === 'blocked') {
      if (!u.blocked) return false;
    } else {
      if (u.deleted || u.blocked) return false;
      if (state === 'verified' && !u.active) return false;
      if (state === 'unverified' && u.active) return false;
    }
    return conditions.every((c) => c(u));
  });
  contacts.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  const perRaw = Number(q.get('per_page') ?? LIMITS.v1ContactsPerPageMax);
  const per = Number.isInteger(perRaw) && perRaw > 0 ? Math.min(perRaw, LIMITS.v1ContactsPerPageMax) : LIMITS.v1ContactsPerPageMax;
  const pageRaw = Number(q.get('page') ?? 1);
  const page = Number.isInteger(pageRaw) && pageRaw > 0 ? pageRaw : 1;
  const body = contacts.slice((page - 1) * per, page * per).map((u) => userV1(ctx.store, u));
  return { status: 200, body, xmlRoot: 'users' };
}
