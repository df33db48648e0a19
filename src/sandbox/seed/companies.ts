/**
 * Seeded companies.
 */
import type { Company } from '../model.ts';
import { type Rng } from '../prng.ts';
import { COMPANY_STEMS, COMPANY_SUFFIXES, FIRST_NAMES, INDUSTRIES, LAST_NAMES } from '../seed-data.ts';
import { DAY, Ids, dateOnly, slug } from './common.ts';

export function seedCompanies(rng: Rng, ids: Ids, at: number): Company[] {
  const names = new Set<string>();
  const out: Company[] = [];
  const stems = rng.sample(COMPANY_STEMS, 20);
  for (const stem of stems) {
    const name = `${stem} ${rng.pick(COMPANY_SUFFIXES)}`;
    if (names.has(name)) continue;
    names.add(name);
    const created = at + rng.int(0, 60) * DAY;
    const domain = `${slug(stem)}.example`;
    out.push({
      id: ids.next('company'),
      name,
      description: `${rng.pick(INDUSTRIES)} customer`,
      note: rng.chance(0.3) ? 'Prefers phone contact' : null,
      domains: rng.chance(0.2) ? [domain, `${slug(stem)}.example.org`] : [domain],
      custom: {
        tier: rng.pick(['Bronze', 'Silver', 'Gold', 'Platinum']),
        account_manager: rng.chance(0.6) ? `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}` : null,
        review_date: rng.chance(0.5) ? dateOnly(at + rng.int(400, 800) * DAY) : null,
      },
      createdAt: created,
      updatedAt: created,
    });
  }
  return out;
}
