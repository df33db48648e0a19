/** v2 company request bodies (spec 000 "Companies"): create and update. */
import { body, object, requiring, string, strings } from './fields.ts';

const company = body('PUT /api/v2/companies/[id]', {
  name: string('name, unique', { maxLength: 255 }),
  description: string('about the company', { nullable: true }),
  note: string('a note on the company', { nullable: true }),
  domains: strings('e-mail domains: contacts with these join the company'),
  custom_fields: object('custom field values by name, checked against the company fields'),
});

export const companyCreate = requiring(company, ['name'], 'POST /api/v2/companies');
export const companyUpdate = company;
