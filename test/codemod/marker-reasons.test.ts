/**
 * A marker says what a human must do, never how the codemod works inside: a payload whose own
 * rewrite meets itself (the removals of two adjacent wrapper keys) lists the changes instead of
 * "two of its own edits overlap". (Not a fixture: the audit calls this call auto-fixable, a known
 * disagreement the agreement test would report.)
 */
import { describe, expect, it } from 'vitest';
import { codemodSource } from '../../src/codemod/project.ts';

const SOURCE = `const request = require('request');
function open(form, done) {
  var payload = { helpdesk_ticket: {}, helpdesk: {} };
  payload.helpdesk_ticket.subject = form.subject;
  payload.helpdesk.tags = 'web,form';
  request.post({ url: 'https://acme.freshdesk.com/helpdesk/tickets.json', body: payload, json: true }, function (err, res, json) {
    done(err, json && json.helpdesk_ticket.display_id);
  });
}
module.exports = open;
`;

describe('marker reasons', () => {
  it('a payload whose rewrite meets itself: the changes to make, with the tags line', () => {
    const out = codemodSource(SOURCE, '/tmp/marker-reasons/app.js');
    const text = out.after ?? '';
    expect(text).not.toMatch(/edits overlap|remove property/);
    expect(text).toMatch(/cannot write this call's v2 request in one pass/);
    expect(text).toMatch(/line 5: helpdesk\.tags → tags/);
  });
});
