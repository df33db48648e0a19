/**
 * Seeded ticket fields: the defaults, custom statuses and the custom fields of TICKET_CUSTOM_FIELDS.
 */
import type { TicketField } from '../model.ts';
import { Ids, PRODUCT_LINES, TICKET_TYPES } from './common.ts';

// ---- fields --------------------------------------------------------------------------------

export function ticketField(ids: Ids, at: number, position: number, partial: Partial<TicketField> & Pick<TicketField, 'name' | 'label'>): TicketField {
  return {
    id: ids.next('ticketField'),
    labelForCustomers: partial.label,
    description: null,
    position,
    defaultType: null,
    kind: null,
    choices: [],
    requiredForAgents: false,
    requiredForCustomers: false,
    requiredForClosure: false,
    customersCanEdit: true,
    displayedToCustomers: true,
    createdAt: at,
    updatedAt: at,
    ...partial,
  };
}

/**
 * Status, priority and source choices are stored as "number|agent label|customer label" so one
 * string list serves every field kind; the presenters reshape them per API.
 */
export function seedTicketFields(ids: Ids, at: number): TicketField[] {
  let pos = 0;
  const f = (p: Partial<TicketField> & Pick<TicketField, 'name' | 'label'>): TicketField => ticketField(ids, at, ++pos, p);
  return [
    f({ name: 'requester', label: 'Search a requester', labelForCustomers: 'Requester', defaultType: 'default_requester', requiredForAgents: true, requiredForCustomers: true }),
    f({ name: 'subject', label: 'Subject', defaultType: 'default_subject', requiredForAgents: true, requiredForCustomers: true }),
    f({ name: 'ticket_type', label: 'Type', defaultType: 'default_ticket_type', choices: TICKET_TYPES.slice() }),
    f({
      name: 'source',
      label: 'Source',
      defaultType: 'default_source',
      displayedToCustomers: false,
      customersCanEdit: false,
      choices: ['1|Email', '2|Portal', '3|Phone', '4|Forum', '5|Twitter', '6|Facebook', '7|Chat', '9|Feedback Widget', '10|Outbound Email'],
    }),
    f({
      name: 'status',
      label: 'Status',
      labelForCustomers: 'Status',
      defaultType: 'default_status',
      requiredForAgents: true,
      customersCanEdit: false,
      choices: [
        '2|Open|Being Processed',
        '3|Pending|Awaiting your Reply',
        '4|Resolved|This ticket has been Resolved',
        '5|Closed|This ticket has been Closed',
        '6|Waiting on Customer|Awaiting your Reply',
        '7|Waiting on Third Party|Being Processed',
      ],
    }),
    f({ name: 'priority', label: 'Priority', defaultType: 'default_priority', customersCanEdit: false, choices: ['1|Low', '2|Medium', '3|High', '4|Urgent'] }),
    f({ name: 'group', label: 'Group', defaultType: 'default_group', displayedToCustomers: false, customersCanEdit: false }),
    f({ name: 'agent', label: 'Agent', labelForCustomers: 'Assigned to', defaultType: 'default_agent', customersCanEdit: false }),
    f({ name: 'product', label: 'Product', defaultType: 'default_product', displayedToCustomers: false, customersCanEdit: false }),
    f({ name: 'company', label: 'Company', defaultType: 'default_company', customersCanEdit: false }),
    f({ name: 'description', label: 'Description', defaultType: 'default_description', requiredForAgents: true, requiredForCustomers: true }),
    f({ name: 'cf_product_line', label: 'Product line', kind: 'dropdown', choices: PRODUCT_LINES.slice(), description: 'Which product line the ticket is about' }),
    f({ name: 'cf_order_number', label: 'Order number', kind: 'text' }),
    f({ name: 'cf_seats', label: 'Seats', kind: 'number', customersCanEdit: false }),
    f({ name: 'cf_contract_end', label: 'Contract end', kind: 'date', customersCanEdit: false }),
    f({ name: 'cf_vip', label: 'VIP customer', kind: 'checkbox', displayedToCustomers: false, customersCanEdit: false }),
  ];
}
