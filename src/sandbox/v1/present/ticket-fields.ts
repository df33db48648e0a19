/**
 * v1 ticket field shape.
 */
import type { TicketField } from '../../model.ts';
import type { Store } from '../../store.ts';
import { clock, v1TicketFieldName } from './common.ts';

const V1_CUSTOM_TYPES: Record<string, string> = {
  text: 'custom_text',
  paragraph: 'custom_paragraph',
  number: 'custom_number',
  decimal: 'custom_decimal',
  checkbox: 'custom_checkbox',
  dropdown: 'custom_dropdown',
  date: 'custom_date',
};


/** Choices as [label, value] pairs, the v1 form for every choice field. */
function ticketFieldChoicesV1(f: TicketField): unknown[] {
  if (f.name === 'status' || f.name === 'priority' || f.name === 'source') {
    return f.choices.map((c) => {
      const [n, label] = c.split('|');
      return [label, Number(n)];
    });
  }
  return f.choices.map((v) => [v, v]);
}


export function ticketFieldV1(store: Store, f: TicketField) {
  const c = clock(store);
  const custom = f.kind !== null;
  return {
    ticket_field: {
      active: true,
      choices: ticketFieldChoicesV1(f),
      created_at: c.at(f.createdAt),
      description: f.description,
      editable_in_portal: f.customersCanEdit,
      field_options: custom ? {} : null,
      field_type: f.defaultType ?? V1_CUSTOM_TYPES[f.kind ?? 'text'],
      flexifield_def_entry_id: custom ? f.id - 11_000_000 : null,
      id: f.id,
      label: f.label,
      label_in_portal: f.labelForCustomers,
      name: custom ? v1TicketFieldName(store, f.name) : f.name,
      nested_ticket_fields: [],
      position: f.position,
      required: f.requiredForAgents,
      required_for_closure: f.requiredForClosure,
      required_in_portal: f.requiredForCustomers,
      updated_at: c.at(f.updatedAt),
      visible_in_portal: f.displayedToCustomers,
    },
  };
}
