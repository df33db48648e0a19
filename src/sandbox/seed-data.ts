/** Word lists the seeder draws from. Plain data; changing it changes every seeded account. */

export const FIRST_NAMES = [
  'Olivia', 'Liam', 'Amelia', 'Noah', 'Isla', 'Oliver', 'Mia', 'Jack', 'Charlotte', 'William',
  'Ava', 'Henry', 'Grace', 'Leo', 'Chloe', 'Lucas', 'Zoe', 'Thomas', 'Ruby', 'James',
  'Priya', 'Arjun', 'Mei', 'Hiro', 'Sofia', 'Mateo', 'Fatima', 'Omar', 'Ingrid', 'Lars',
  'Aisha', 'Kwame', 'Elena', 'Dmitri', 'Yuki', 'Carlos', 'Nadia', 'Tariq', 'Hana', 'Felix',
] as const;

export const LAST_NAMES = [
  'Smith', 'Nguyen', 'Patel', 'Garcia', 'Kowalski', 'Murphy', 'Okafor', 'Rossi', 'Tanaka', 'Brown',
  'Schmidt', 'Dubois', 'Silva', 'Kim', 'Haddad', 'Johansson', 'Novak', 'Cohen', 'Walker', 'Singh',
  'Fernandez', 'Ivanova', 'Mensah', 'Larsen', 'Chen', "O'Brien", 'Moreau', 'Yamamoto', 'Reyes', 'Ali',
] as const;

export const COMPANY_STEMS = [
  'Acme', 'Globex', 'Initech', 'Umbrella', 'Stark', 'Wayne', 'Hooli', 'Vandelay', 'Soylent', 'Tyrell',
  'Cyberdyne', 'Wonka', 'Gringotts', 'Oscorp', 'Massive Dynamic', 'Aperture', 'Black Mesa', 'Dunder',
  'Pied Piper', 'Monarch', 'Nakatomi', 'Prestige', 'Sterling', 'Bluth', 'Virtucon', 'Krusty',
] as const;

export const COMPANY_SUFFIXES = ['Pty Ltd', 'Inc', 'Group', 'Labs', 'Holdings', 'Co', 'Systems', 'GmbH'] as const;

export const INDUSTRIES = ['Retail', 'Finance', 'Healthcare', 'Education', 'Logistics', 'Media'] as const;

export const SUBJECT_TEMPLATES = [
  'Cannot log in to the portal',
  'Invoice {n} shows the wrong amount',
  'Refund request for order {n}',
  'Widget stops syncing after update',
  'How do I export my data?',
  'Password reset e-mail never arrives',
  'Feature request: dark mode',
  'API returns 500 on bulk import',
  'Shipping address needs changing for order {n}',
  'Gadget firmware {v} bricks the device',
  'Question about the enterprise plan',
  'Duplicate charge on my card',
  'Cannot attach files larger than 5 MB',
  'Report scheduler sends empty reports',
  'Need an extra seat for a new hire',
  'Two-factor codes are rejected',
  'Gizmo arrives damaged',
  'Please close my account',
  'Integration with the CRM is down',
  'Slow dashboard since this morning',
] as const;

export const DESCRIPTION_SENTENCES = [
  'Hi team,',
  'This started happening yesterday afternoon.',
  'I have already tried clearing the cache and signing in again.',
  'Screenshots are attached.',
  'It affects about a dozen people in our office.',
  'Could you please look into this as soon as possible?',
  'The error message says "something went wrong".',
  'We are on the latest version.',
  'Our contract number is in the signature below.',
  'Thanks in advance & kind regards.',
] as const;

export const NOTE_BODIES = [
  'Checked the logs: the request times out after 30 seconds.',
  'Asked the customer for a screenshot.',
  'Escalated to the platform team.',
  'Refund approved by billing.',
  'Known issue, linked to the release notes.',
  'Customer confirmed the workaround works.',
  'Reproduced on staging; filing a bug.',
  'Waiting for the courier to confirm delivery.',
] as const;

export const REPLY_BODIES = [
  'Thanks for reaching out! Could you tell us which browser you are using?',
  'We have applied a fix on our side; please try again and let us know.',
  'Your refund has been processed and should arrive within 5 business days.',
  'Here is a link to the guide that covers this: /support/solutions/articles/1',
] as const;

export const TAGS = [
  'billing', 'login', 'bug', 'feature-request', 'vip', 'refund', 'shipping', 'api', 'urgent-followup',
  'mobile', 'onboarding', 'churn-risk',
] as const;

export const FORUM_CATEGORY_NAMES = ['Community', 'Product Ideas', 'Announcements'] as const;

export const TOPIC_TITLES = [
  'How do I set up SSO?',
  'Best practice for archiving old tickets',
  'Dark mode please!',
  'Export to CSV is missing columns',
  'Release notes for the spring update',
  'Mobile app crashes on start',
  'Keyboard shortcuts cheat sheet',
  'Bulk editing contacts',
  'Webhooks retry policy',
  'Scheduled maintenance this weekend',
] as const;

export const ARTICLE_TITLES = [
  'Getting started',
  'Resetting your password',
  'Setting up two-factor authentication',
  'Exporting your data',
  'Understanding your invoice',
  'Requesting a refund',
  'Connecting the CRM integration',
  'Troubleshooting sync problems',
  'Adding seats to your plan',
  'Closing your account',
] as const;

export const ATTACHMENT_FILES = [
  { name: 'screenshot.png', contentType: 'image/png' },
  { name: 'invoice.pdf', contentType: 'application/pdf' },
  { name: 'logs.txt', contentType: 'text/plain' },
  { name: 'export.csv', contentType: 'text/csv' },
] as const;
