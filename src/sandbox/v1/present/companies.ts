/**
 * v1 company shape ({customer} or {company}).
 */
import type { Company, Scalar } from '../../model.ts';
import type { Store } from '../../store.ts';
import { clock } from './common.ts';

export function companyV1(store: Store, company: Company, wrapper: 'customer' | 'company') {
  const c = clock(store);
  const custom: Record<string, Scalar> = {};
  for (const [name, value] of Object.entries(company.custom)) custom[`cf_${name}`] = value;
  return {
    [wrapper]: {
      id: company.id,
      name: company.name,
      description: company.description,
      note: company.note,
      domains: company.domains.join(','),
      cust_identifier: null,
      created_at: c.at(company.createdAt),
      updated_at: c.at(company.updatedAt),
      custom_field: custom,
    },
  };
}
