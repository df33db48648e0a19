/** Custom field names: the account-id suffix of ticket fields, the cf_ prefix of contact and company fields. */
import type { KeyConverter } from './types.ts';

// ---------------------------------------------------------------------------------------------
// custom field keys

/** v1 ticket custom field `license_1234` → v2 `license` (the account id suffix goes). */
export const ticketCustomFieldKey: KeyConverter = {
  description: 'v1 ticket custom field name with _<account_id> suffix ↔ v2 name without it',
  exact: true,
  forward(key, ctx) {
    const explicit = ctx.overlay.ticketFields?.[key];
    if (explicit) return explicit;
    const acct = ctx.overlay.accountId;
    if (acct) {
      if (key.endsWith(`_${acct}`)) return key.slice(0, -(acct.length + 1));
      ctx.report('lossy', `${ctx.path}.${key}: no _${acct} suffix; kept the name as is`);
      return key;
    }
    const m = /^(.+)_(\d{3,})$/.exec(key);
    if (m) return m[1]!;
    return key;
  },
  backward(key, ctx) {
    const explicit = Object.entries(ctx.overlay.ticketFields ?? {}).find(([, v2]) => v2 === key);
    if (explicit) return explicit[0];
    if (ctx.overlay.accountId) return `${key}_${ctx.overlay.accountId}`;
    ctx.report('lossy', `${ctx.path}.${key}: the v1 name needs the account id suffix; set accountId in the overlay`);
    return key;
  },
};

export function prefixedKey(map: 'contactFields' | 'companyFields'): KeyConverter {
  return {
    description: 'v1 contact/company custom field cf_<name> ↔ v2 <name>',
    exact: true,
    forward(key, ctx) {
      const explicit = ctx.overlay[map]?.[key];
      if (explicit) return explicit;
      return key.startsWith('cf_') ? key.slice(3) : key;
    },
    backward(key, ctx) {
      const explicit = Object.entries(ctx.overlay[map] ?? {}).find(([, v2]) => v2 === key);
      if (explicit) return explicit[0];
      return `cf_${key}`;
    },
  };
}
