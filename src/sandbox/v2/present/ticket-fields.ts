/**
 * v2 ticket field shape (choices per field type).
 */
import type { TicketField } from '../../model.ts';
import { formatUtc } from '../../time.ts';

const CUSTOM_TYPES: Record<string, string> = {
  text: 'custom_text',
  paragraph: 'custom_paragraph',
  number: 'custom_number',
  decimal: 'custom_decimal',
  checkbox: 'custom_checkbox',
  dropdown: 'custom_dropdown',
  date: 'custom_date',
};


/** Ticket field choices in v2 form: per spec 000 "Ticket field object". */
function ticketFieldChoices(f: TicketField): unknown {
  if (f.name === 'status') {
    return Object.fromEntries(
      f.choices.map((c) => {
        const [n, agent, customer] = c.split('|');
        return [n, [agent, customer ?? agent]];
      }),
    );
  }
  if (f.name === 'priority' || f.name === 'source') {
    return Object.fromEntries(
      f.choices.map((c) => {
        const [n, label] = c.split('|');
        return [label, Number(n)];
      }),
    );
  }
  return f.choices;
}


export function ticketFieldV2(f: TicketField) {
  const out: Record<string, unknown> = {
    id: f.id,
    name: f.name,
    label: f.label,
    description: f.description,
    position: f.position,
    required_for_closure: f.requiredForClosure,
    required_for_agents: f.requiredForAgents,
    type: f.defaultType ?? CUSTOM_TYPES[f.kind ?? 'text'],
    default: f.defaultType !== null,
    customers_can_edit: f.customersCanEdit,
    label_for_customers: f.labelForCustomers,
    required_for_customers: f.requiredForCustomers,
    displayed_to_customers: f.displayedToCustomers,
    created_at: formatUtc(f.createdAt),
    updated_at: formatUtc(f.updatedAt),
  };
  if (f.name === 'requester') {
    out.portal_cc = false;
    out.portal_cc_to = 'company';
  }
  if (f.choices.length > 0) out.choices = ticketFieldChoices(f);
  return out;
}
