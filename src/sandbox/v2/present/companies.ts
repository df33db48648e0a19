/**
 * v2 company shape.
 */
import type { Company } from '../../model.ts';
import { formatUtc } from '../../time.ts';

export function companyV2(c: Company) {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    note: c.note,
    domains: c.domains,
    custom_fields: { ...c.custom },
    health_score: null,
    account_tier: null,
    renewal_date: null,
    industry: null,
    created_at: formatUtc(c.createdAt),
    updated_at: formatUtc(c.updatedAt),
  };
}
