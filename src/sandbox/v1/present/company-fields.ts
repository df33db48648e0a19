/**
 * v1 company field shape.
 */
import type { CustomerField } from '../../model.ts';
import type { Store } from '../../store.ts';
import { clock } from './common.ts';

export function companyFieldV1(store: Store, f: CustomerField) {
  const c = clock(store);
  const custom = f.fieldType.startsWith('custom_');
  return {
    company_field: {
      id: f.id,
      name: custom ? `cf_${f.name}` : f.name,
      label: f.label,
      field_type: f.fieldType,
      position: f.position,
      required_for_agent: f.requiredForAgents,
      deleted: false,
      choices: f.choices.map((v, i) => ({ id: i + 1, value: v, position: i + 1 })),
      field_options: null,
      created_at: c.at(f.createdAt),
      updated_at: c.at(f.updatedAt),
    },
  };
}
