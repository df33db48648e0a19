/**
 * v2 contact and company field shape.
 */
import type { CustomerField } from '../../model.ts';
import { formatUtc } from '../../time.ts';

/** Contact and company fields: custom ones lose their v1 `cf_` prefix (stored without it). */
export function customerFieldV2(f: CustomerField) {
  const out: Record<string, unknown> = {
    id: f.id,
    name: f.name,
    label: f.label,
    position: f.position,
    required_for_agents: f.requiredForAgents,
    type: f.fieldType,
    default: !f.fieldType.startsWith('custom_'),
    created_at: formatUtc(f.createdAt),
    updated_at: formatUtc(f.updatedAt),
  };
  if (f.choices.length > 0) out.choices = f.choices;
  return out;
}
