/**
 * Seeded company fields (and the record shape contact fields share).
 */
import type { CustomerField } from '../model.ts';
import { Ids } from './common.ts';

export function customerField(ids: Ids, kind: 'companyField' | 'contactField', at: number, position: number, name: string, label: string, fieldType: string, choices: string[] = [], required = false): CustomerField {
  return { id: ids.next(kind), name, label, position, fieldType, requiredForAgents: required, choices, createdAt: at, updatedAt: at };
}

export function seedCompanyFields(ids: Ids, at: number): CustomerField[] {
  let p = 0;
  const f = (name: string, label: string, type: string, choices: string[] = [], required = false) =>
    customerField(ids, 'companyField', at, ++p, name, label, type, choices, required);
  return [
    f('name', 'Company Name', 'default_name', [], true),
    f('description', 'Description', 'default_description'),
    f('note', 'Notes', 'default_note'),
    f('domains', 'Domain names for this company', 'default_domains'),
    f('tier', 'Tier', 'custom_dropdown', ['Bronze', 'Silver', 'Gold', 'Platinum']),
    f('account_manager', 'Account manager', 'custom_text'),
    f('review_date', 'Next review', 'custom_date'),
  ];
}
