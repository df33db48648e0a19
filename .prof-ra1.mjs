import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
var __defProp = Object.defineProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// ../../tmp/prof/ra1.mts
import { readFileSync as readFileSync6 } from "node:fs";

// src/audit/index.ts
import { readFileSync as readFileSync5, statSync as statSync3 } from "node:fs";
import { availableParallelism, cpus } from "node:os";
import { basename, dirname as dirname3, extname, join as join3, resolve as resolve2 } from "node:path";
import { Worker as Worker2 } from "node:worker_threads";

// rules/shared.ts
var SUCCESS = { GET: 200, POST: 201, PUT: 200, DELETE: 204 };
function v2(method, path, purpose, extra = {}) {
  return { method, path: `/api/v2${path}`, purpose, status: SUCCESS[method], cost: 1, carries: true, ...extra };
}
function lookup(method, path, purpose, extra = {}) {
  return v2(method, path, purpose, { carries: false, ...extra });
}
function timestamps(...fields) {
  return fields.map((path) => ({ op: "convert", path, converter: "offsetToUtc" }));
}
var STANDARD_TIMESTAMPS = timestamps("created_at", "updated_at");
var attachmentLens = [
  { op: "rename", from: "content_content_type", to: "content_type" },
  { op: "rename", from: "content_file_name", to: "name" },
  { op: "rename", from: "content_file_size", to: "file_size" },
  { op: "alias", path: "file_size", aliases: ["size"] },
  ...STANDARD_TIMESTAMPS
];
var attachmentsOps = [
  { op: "map", path: "attachments", lens: attachmentLens, only: "response" },
  { op: "convert", path: "attachments", converter: "attachmentUploads", only: "request" }
];
var MULTIPART_NOTE = "multipart: v2 takes files as repeated attachments[] and the other fields as plain form fields without the wrapper prefix";

// rules/agents.ts
var USER_FIELDS = ["active", "email", "job_title", "language", "name", "time_zone"];
var agentUserOps = [
  ...USER_FIELDS.map((field) => ({ op: "rename", from: `user.${field}`, to: `contact.${field}`, only: "response" })),
  { op: "convert", path: "user.phone", to: "contact.phone", converter: "numberToString", only: "response" },
  { op: "convert", path: "user.mobile", to: "contact.mobile", converter: "numberToString", only: "response" },
  { op: "convert", path: "user.created_at", to: "contact.created_at", converter: "offsetToUtc", only: "response" },
  { op: "convert", path: "user.updated_at", to: "contact.updated_at", converter: "offsetToUtc", only: "response" },
  { op: "v1Default", path: "user.helpdesk_agent", value: true, only: "response" },
  { op: "v1Default", path: "user.deleted", value: false, only: "response" },
  ...["address", "description", "twitter_id", "external_id", "fb_profile_id"].map(
    (field) => ({ op: "drop", path: `user.${field}`, reason: `the agent contact has no ${field} in v2`, only: "response" })
  ),
  { op: "extra", path: "contact.last_login_at", reason: "v2 only", only: "response" },
  { op: "extra", path: "contact.avatar", reason: "v2 only", only: "response" }
];
var ID_REASON = "the v1 agent record id has no v2 field: v2 identifies an agent by its user id (v1 user_id)";
var agentLens = [
  // ids: v2 id = v1 user_id (= user.id); the v1 agent record id is gone
  { op: "drop", path: "id", reason: ID_REASON, only: "response" },
  { op: "duplicate", path: "user_id", copy: "user.id", only: "response" },
  { op: "rename", from: "user_id", to: "id", only: "response" },
  { op: "rename", from: "ticket_permission", to: "ticket_scope" },
  { op: "rename", from: "active_since", to: "available_since" },
  // signature: v2 keeps only the HTML one (spec 000: signature_html became signature)
  { op: "convert", path: "signature", converter: "textToHtml", only: "request" },
  { op: "drop", path: "signature", reason: "the v1 plain-text signature: v2 keeps only the HTML signature", only: "response" },
  { op: "rename", from: "signature_html", to: "signature" },
  // gamification
  { op: "drop", path: "points", reason: "gamification points have no v2 agent field" },
  { op: "drop", path: "scoreboard_level_id", reason: "the gamification level has no v2 agent field" },
  // requests: the v1 update sent the user's fields beside the agent ({ agent, user })
  ...["email", "language", "time_zone"].map((field) => ({ op: "hoist", host: "user", field, only: "request" })),
  ...["name", "phone", "mobile", "job_title"].map(
    (field) => ({
      op: "drop",
      path: `user.${field}`,
      fidelity: "manual",
      reason: `an agent's ${field.replace("_", " ")} cannot be changed through the v2 API; change it in the admin centre`,
      only: "request"
    })
  ),
  { op: "drop", path: "user", reason: "the other user fields of an agent cannot be set through the v2 agent API", only: "request" },
  // responses: user ↔ contact
  ...agentUserOps,
  { op: "extra", path: "group_ids", reason: "v2 only", only: "response" },
  { op: "extra", path: "role_ids", reason: "v2 only", only: "response" },
  { op: "extra", path: "skill_ids", reason: "v2 only", only: "response" },
  { op: "extra", path: "type", reason: "v2 only (support_agent, field_agent, collaborator)", only: "response" },
  { op: "extra", path: "focus_mode", reason: "v2 only", only: "response" },
  { op: "extra", path: "last_active_at", reason: "v2 only", only: "response" },
  ...timestamps("created_at", "updated_at", "available_since")
];
var agentObject = { v1Status: 200, shape: "object", wrapper: "agent", resource: agentLens };
var ID_DECISION = "v1 /agents/[id] took the agent record id (v1 agent.id); v2 /api/v2/agents/[id] takes the agent user id (v1 agent.user_id or agent.user.id). Check where the id comes from and pass the user id";
var AGENT_LOST = [
  "the v1 agent record id (v2 agent ids are user ids)",
  "the plain-text signature (v2 keeps the HTML one)",
  "points and scoreboard_level_id (gamification)",
  "the user fields v2 agents do not carry: address, description, twitter_id, external_id, fb_profile_id"
];
var SOURCE_NOTE = "outside spec 001: the v1 agent paths of python-freshdesk and the FC v1 AgentsController; shapes from the python-freshdesk v1 samples";
var ADMIN_NOTE = "every v2 agent endpoint except /api/v2/agents/me needs admin privileges";
var AGENT_RULES = [
  {
    id: "agents.list",
    family: "agents",
    summary: "List agents: GET /api/v2/agents with query=<column> is <value> turned into email=, phone= or mobile=; items are bare agents with a contact instead of { agent: { user } }.",
    v1: { method: "GET", paths: ["/agents"], source: "reference" },
    plan: [v2("GET", "/agents", "list the agents")],
    request: {
      body: "none",
      lens: [
        { op: "convert", path: "query.query", converter: "agentQuery" },
        { op: "hoist", host: "query.query", field: "email", to: "query.email" },
        { op: "hoist", host: "query.query", field: "phone", to: "query.phone" },
        { op: "hoist", host: "query.query", field: "mobile", to: "query.mobile" },
        { op: "convert", path: "query.state", converter: "agentState" }
      ]
    },
    response: { v1Status: 200, shape: "list-wrapped", wrapper: "agent", resource: agentLens },
    fidelity: "lossy",
    lost: AGENT_LOST,
    notes: [
      SOURCE_NOTE,
      ADMIN_NOTE,
      "state=active (v1 full-time agents; INFERRED from FC Agent.filter) becomes state=fulltime; occasional is unchanged",
      "the ids in v2 list items are user ids: use them, not the v1 agent record ids, with /api/v2/agents/[id]"
    ]
  },
  {
    id: "agents.view",
    family: "agents",
    summary: "View an agent: GET /api/v2/agents/[id], where the id is the agent user id (v1 user_id), not the v1 agent record id.",
    v1: { method: "GET", paths: ["/agents/:id"], source: "reference" },
    plan: [v2("GET", "/agents/:id", "read the agent (by user id)")],
    request: { body: "none" },
    response: agentObject,
    fidelity: "manual",
    decision: ID_DECISION,
    lost: AGENT_LOST,
    notes: [SOURCE_NOTE, ADMIN_NOTE, "the calling agent needs no id: GET /api/v2/agents/me"]
  },
  {
    id: "agents.update",
    family: "agents",
    summary: "Update an agent: PUT /api/v2/agents/[id] (user id) with the agent fields unwrapped, ticket_permission as ticket_scope and signature_html as signature; the name, phone, mobile and job title cannot be changed through v2.",
    v1: { method: "PUT", paths: ["/agents/:id"], source: "reference" },
    plan: [v2("PUT", "/agents/:id", "update the agent (by user id)")],
    request: { wrapper: "agent", resource: agentLens },
    response: agentObject,
    fidelity: "manual",
    decision: ID_DECISION,
    lost: ["changes to the agent's name, phone, mobile and job title (v2 refuses them; use the admin centre)", "points and scoreboard_level_id"],
    notes: [
      SOURCE_NOTE,
      ADMIN_NOTE,
      "v1 sent the user fields beside the agent ({ agent: {...}, user: {...} }); v2 takes email, language and time_zone at the top level",
      "a plain-text v1 signature is HTML-escaped because v2 signature is HTML",
      "the v1 JSON answer of an update is not documented (INFERRED: the { agent } object is given back)"
    ]
  },
  {
    id: "agents.delete",
    family: "agents",
    summary: "Delete an agent: DELETE /api/v2/agents/[id] (user id), which turns the agent into a contact and answers 204.",
    v1: { method: "DELETE", paths: ["/agents/:id"], source: "reference" },
    plan: [v2("DELETE", "/agents/:id", "downgrade the agent to a contact (by user id)")],
    request: { body: "none" },
    response: { v1Status: 200, shape: "none" },
    fidelity: "manual",
    decision: `${ID_DECISION}. Also confirm the new effect: v1 marked the agent's user deleted (restorable, FC), v2 turns the agent into a contact`,
    notes: [SOURCE_NOTE, ADMIN_NOTE]
  }
];

// rules/companies.ts
var companyLens = [
  // domains: one comma-separated string in v1, an array in v2
  { op: "convert", path: "domains", converter: "commaList" },
  // custom fields: cf_<name> in v1, <name> in v2
  { op: "rename", from: "custom_field", to: "custom_fields" },
  { op: "mapKeys", path: "custom_fields", converter: "companyCustomFieldKey" },
  // v1-only fields
  { op: "drop", path: "cust_identifier", reason: "cust_identifier has no v2 company field" },
  { op: "drop", path: "sla_policy_id", reason: "sla_policy_id has no v2 company field (SLA policies name their companies in applicable_to)" },
  // v2-only response fields
  { op: "extra", path: "health_score", reason: "v2 only", only: "response" },
  { op: "extra", path: "account_tier", reason: "v2 only", only: "response" },
  { op: "extra", path: "renewal_date", reason: "v2 only", only: "response" },
  { op: "extra", path: "industry", reason: "v2 only", only: "response" },
  ...timestamps("created_at", "updated_at")
];
var companyObject = { v1Status: 200, shape: "object", wrapper: "customer", resource: companyLens };
var COMPANY_LOST = ["cust_identifier and sla_policy_id (no v2 company fields)"];
var SOURCE_NOTE2 = "outside spec 001: v1 /customers paths from the official samples and python-freshdesk (reference Appendix A)";
var COMPANY_RULES = [
  {
    id: "companies.create",
    family: "companies",
    summary: "Create a company: POST /api/v2/companies with the fields unwrapped from customer and domains as an array instead of a comma-separated string.",
    v1: { method: "POST", paths: ["/customers"], source: "reference" },
    plan: [v2("POST", "/companies", "create the company")],
    request: { wrapper: "customer", resource: companyLens },
    response: companyObject,
    fidelity: "exact",
    notes: [
      SOURCE_NOTE2,
      "v2 answers 201 Created with a Location header; the v1 status of a customer create is not documented (200 assumed)",
      "the company name must be unique (409 duplicate_value in v2)"
    ]
  },
  {
    id: "companies.view",
    family: "companies",
    summary: "View a company: GET /api/v2/companies/[id]; the company is no longer wrapped in customer and domains is an array.",
    v1: { method: "GET", paths: ["/customers/:id"], source: "reference" },
    plan: [v2("GET", "/companies/:id", "read the company")],
    request: { body: "none" },
    response: companyObject,
    fidelity: "lossy",
    lost: COMPANY_LOST,
    notes: [SOURCE_NOTE2]
  },
  {
    id: "companies.list",
    family: "companies",
    summary: "List companies: GET /api/v2/companies; items are bare company objects instead of { customer } wrappers.",
    v1: { method: "GET", paths: ["/customers"], source: "reference" },
    plan: [v2("GET", "/companies", "list the companies")],
    request: { body: "none" },
    response: { v1Status: 200, shape: "list-wrapped", wrapper: "customer", resource: companyLens },
    fidelity: "lossy",
    lost: COMPANY_LOST,
    notes: [SOURCE_NOTE2, "v2 pages hold 30 companies by default, per_page up to 100"]
  },
  {
    id: "companies.update",
    family: "companies",
    summary: "Update a company: PUT /api/v2/companies/[id] with the fields unwrapped from customer; domains replaces the whole list.",
    v1: { method: "PUT", paths: ["/customers/:id"], source: "reference" },
    plan: [v2("PUT", "/companies/:id", "update the company")],
    request: { wrapper: "customer", resource: companyLens },
    response: companyObject,
    fidelity: "exact",
    notes: [
      SOURCE_NOTE2,
      "domains: [] removes every domain in v2",
      "v2 answers the updated company; the v1 JSON answer of an update is not documented (INFERRED: the { customer } object is given back, a superset of an empty 200)"
    ]
  },
  {
    id: "companies.delete",
    family: "companies",
    summary: "Delete a company: DELETE /api/v2/companies/[id], which answers 204 with no body; its contacts stay but lose the association.",
    v1: { method: "DELETE", paths: ["/customers/:id"], source: "reference" },
    plan: [v2("DELETE", "/companies/:id", "delete the company")],
    request: { body: "none" },
    response: { v1Status: 200, shape: "none" },
    fidelity: "exact",
    notes: [SOURCE_NOTE2, "a deleted company cannot be restored in v2"]
  }
];

// rules/company-fields.ts
var companyFieldLens = [
  // listed first so that, coming back, the name is converted while default is still there
  { op: "extra", path: "default", reason: "v2 only (true for default fields)" },
  { op: "convert", path: "name", converter: "companyFieldName" },
  { op: "rename", from: "field_type", to: "type" },
  { op: "rename", from: "required_for_agent", to: "required_for_agents" },
  { op: "drop", path: "deleted", reason: "deleted has no v2 field (v2 lists the live fields only)" },
  { op: "drop", path: "field_options", reason: "field_options has no v2 field" },
  { op: "extra", path: "agents_can_edit", reason: "v2 only (accounts since June 2022)" },
  { op: "extra", path: "displayed_for_agents", reason: "v2 only (accounts since June 2022)" },
  { op: "extra", path: "quick_add_for_agent", reason: "v2 only (accounts since June 2022)" },
  { op: "extra", path: "unique", reason: "v2 only (accounts since June 2022)" },
  ...timestamps("created_at", "updated_at")
];
var COMPANY_FIELD_RULES = [
  {
    id: "company-fields.list",
    family: "company-fields",
    summary: "List company fields: GET /api/v2/company_fields; field_type is type, required_for_agent is required_for_agents, and custom names lose the cf_ prefix.",
    v1: { method: "GET", paths: ["/admin/company_fields"] },
    plan: [v2("GET", "/company_fields", "list the company fields")],
    request: { body: "none" },
    response: { v1Status: 200, shape: "list-wrapped", wrapper: "company_field", resource: companyFieldLens },
    fidelity: "lossy",
    lost: ["deleted and field_options (no v2 fields)"],
    notes: [
      "the caller needs the privilege to view company fields (v2: admin)",
      "not paginated in v2 (FC api_company_fields_controller)",
      "field types keep their names (default_name, default_description, default_note, default_domains, custom_text, ...); newer accounts add default_health_score, default_account_tier, ...",
      "v2 choices is an array of values for dropdowns; the v1 shape of choices is not documented, so it is passed through"
    ]
  }
];

// rules/contacts.ts
var contactLens = [
  // v1 called the company a customer; FC v1 also answered company_id as an alias of customer_id
  { op: "rename", from: "customer_id", to: "company_id", only: "request" },
  { op: "duplicate", path: "company_id", copy: "customer_id", only: "response" },
  // v1 phone numbers were numbers, v2 strings
  { op: "convert", path: "phone", converter: "numberToString" },
  { op: "convert", path: "mobile", converter: "numberToString" },
  // custom fields: cf_<name> in v1, <name> in v2
  { op: "rename", from: "custom_field", to: "custom_fields" },
  { op: "mapKeys", path: "custom_fields", converter: "contactCustomFieldKey" },
  // v1 fields with no v2 counterpart
  { op: "drop", path: "fb_profile_id", reason: "fb_profile_id has no v2 contact field (newer accounts use social_handler)" },
  {
    op: "drop",
    path: "external_id",
    reason: "external_id was read-only in v1 and has no v2 field (v2 unique_external_id is a separate, writable attribute)"
  },
  // read-only v1 flags: v1 ignored them in writes, v2 refuses unknown fields
  { op: "drop", path: "helpdesk_agent", reason: "helpdesk_agent is read-only; use PUT /api/v2/contacts/[id]/make_agent", only: "request" },
  { op: "drop", path: "active", reason: "active is read-only (true once the contact is verified)", only: "request" },
  { op: "drop", path: "deleted", reason: "deleted cannot be written: use DELETE /api/v2/contacts/[id] or PUT .../restore", only: "request" },
  // v2 contacts are never agents, and v2 sends deleted only for deleted contacts
  { op: "v1Default", path: "helpdesk_agent", value: false, only: "response" },
  { op: "v1Default", path: "deleted", value: false, only: "response" },
  // multipart avatar: user[avatar_attributes][content] → avatar
  { op: "hoist", host: "avatar_attributes", field: "content", to: "avatar", only: "request" },
  // v2-only response fields
  { op: "extra", path: "avatar", reason: "v2 avatar object (avatar_url, content_type, name, size)", only: "response" },
  { op: "extra", path: "other_emails", reason: "v2 only", only: "response" },
  { op: "extra", path: "other_companies", reason: "v2 only (multiple companies)", only: "response" },
  { op: "extra", path: "view_all_tickets", reason: "v2 only", only: "response" },
  { op: "extra", path: "tags", reason: "v2 only", only: "response" },
  { op: "extra", path: "unique_external_id", reason: "v2 only", only: "response" },
  { op: "extra", path: "contact_type", reason: "v2 only (accounts since June 2022)", only: "response" },
  { op: "extra", path: "social_handler", reason: "v2 only (accounts since June 2022)", only: "response" },
  { op: "extra", path: "devices", reason: "v2 only (accounts since June 2022)", only: "response" },
  { op: "extra", path: "facebook_id", reason: "v2 only", only: "response" },
  { op: "extra", path: "csat_rating", reason: "v2 only", only: "response" },
  { op: "extra", path: "preferred_source", reason: "v2 only", only: "response" },
  ...timestamps("created_at", "updated_at")
];
var CONTACT_LOST = [
  "fb_profile_id (no v2 field)",
  "external_id (v2 unique_external_id is a different attribute)"
];
var contactObject = { v1Status: 200, shape: "object", wrapper: "user", resource: contactLens };
var listQueryLens = [
  { op: "convert", path: "query.query", converter: "contactQuery" },
  { op: "hoist", host: "query.query", field: "email", to: "query.email" },
  { op: "hoist", host: "query.query", field: "phone", to: "query.phone" },
  { op: "hoist", host: "query.query", field: "mobile", to: "query.mobile" },
  { op: "hoist", host: "query.query", field: "company_id", to: "query.company_id" },
  { op: "convert", path: "query.state", converter: "contactState" }
];
var LIST_NOTES = [
  "v1 list items are wrapped ([{ user: {...} }]); v2 items are bare",
  "v1 pages held at most 50 contacts (per_page), v2 at most 100; the order is by name in both (INFERRED for v2)",
  "query=<column> is <value> works for email, phone, mobile and customer_id; the value is URL-encoded in v2 too (bat%2Bman%40gmail.com)",
  "state=all (v1: not deleted, not blocked) is the v2 default listing, so it is left out; verified, unverified, deleted and blocked are unchanged",
  "v1 without state: the v1 default is not documented in spec 001; the v2 default lists every unblocked, undeleted contact"
];
var LETTER_SUBSTITUTE = "list the contacts (GET /api/v2/contacts) and keep the names that start with the letter client-side, or GET /api/v2/contacts/autocomplete?term=<letter> (matches word prefixes anywhere in the name, returns only id and name)";
var CONTACT_RULES = [
  {
    id: "contacts.create",
    family: "contacts",
    summary: "Create a contact: POST /api/v2/contacts with the fields unwrapped from user, customer_id as company_id and custom_field as custom_fields without the cf_ prefix; an avatar is sent as the multipart file avatar.",
    v1: { method: "POST", paths: ["/contacts"] },
    plan: [v2("POST", "/contacts", "create the contact")],
    request: {
      wrapper: "user",
      resource: contactLens,
      multipart: { v1Files: "user[avatar_attributes][content]", v2Files: "avatar" }
    },
    response: contactObject,
    fidelity: "exact",
    notes: [
      "v2 answers 201 Created with a Location header (FC v1 JSON answered 200)",
      "one of email, phone, mobile, twitter_id or unique_external_id is mandatory in v2 (v1: email, phone or mobile)",
      "language and time_zone are writable in v2 only with the multi-language / multi-time-zone features",
      "a duplicate e-mail is 409 in v2 (FC v1 answered 422 with the model errors)",
      "multipart: the avatar file goes in the field avatar (\u2264 5 MB, jpg/jpeg/jpe/png) and the other fields are plain form fields without the user[...] prefix",
      "v1 ignored the read-only active, helpdesk_agent and deleted fields in a create; v2 refuses unknown fields, so they are removed"
    ]
  },
  {
    id: "contacts.view",
    family: "contacts",
    summary: "View a contact: GET /api/v2/contacts/[id]; the contact is no longer wrapped in user, and customer_id is company_id.",
    v1: { method: "GET", paths: ["/contacts/:id"] },
    plan: [v2("GET", "/contacts/:id", "read the contact")],
    request: { body: "none" },
    response: contactObject,
    fidelity: "lossy",
    lost: CONTACT_LOST,
    notes: ["v2 sends deleted only for deleted contacts; the v1 shape gets deleted: false back", "v2 twitter_id holds the numeric Twitter user id since Oct 2020"]
  },
  {
    id: "contacts.list",
    family: "contacts",
    summary: "List contacts: GET /api/v2/contacts with query=<column> is <value> turned into email=, phone=, mobile= or company_id=, and state=all left out.",
    v1: { method: "GET", paths: ["/contacts"] },
    plan: [v2("GET", "/contacts", "list the contacts")],
    request: { body: "none", lens: listQueryLens },
    response: { v1Status: 200, shape: "list-wrapped", wrapper: "user", resource: contactLens },
    fidelity: "lossy",
    lost: CONTACT_LOST,
    notes: LIST_NOTES
  },
  {
    id: "contacts.list-by-letter",
    family: "contacts",
    summary: "List contacts by the initial of their name (letter=): v2 has no such filter; list with GET /api/v2/contacts and filter client-side, or use the autocomplete search.",
    v1: { method: "GET", paths: ["/contacts"], whenQuery: ["letter"] },
    plan: [v2("GET", "/contacts", "list the contacts (filter the names client-side)")],
    request: {
      body: "none",
      lens: [
        ...listQueryLens,
        {
          op: "drop",
          path: "query.letter",
          fidelity: "manual",
          reason: `letter= (name starts with) has no v2 filter: ${LETTER_SUBSTITUTE}`
        }
      ]
    },
    response: { v1Status: 200, shape: "list-wrapped", wrapper: "user", resource: contactLens },
    fidelity: "manual",
    decision: "choose how to replace the name-initial filter: page through GET /api/v2/contacts and filter client-side (exact), or the autocomplete search (word prefixes, id and name only)",
    substitute: LETTER_SUBSTITUTE,
    lost: ["the server-side name-initial filter", ...CONTACT_LOST],
    notes: LIST_NOTES
  },
  {
    id: "contacts.update",
    family: "contacts",
    summary: "Update a contact: PUT /api/v2/contacts/[id] with the fields unwrapped from user (v2 refuses to update a blocked or deleted contact).",
    v1: { method: "PUT", paths: ["/contacts/:id"], source: "reference" },
    plan: [v2("PUT", "/contacts/:id", "update the contact")],
    request: {
      wrapper: "user",
      resource: contactLens,
      multipart: { v1Files: "user[avatar_attributes][content]", v2Files: "avatar" }
    },
    response: contactObject,
    fidelity: "exact",
    notes: [
      "outside spec 001: the official v1 samples (reference Appendix A)",
      "v2 answers 405 for a blocked or deleted contact",
      "v2 answers the updated contact; the v1 JSON answer of an update is not documented (INFERRED: the { user } object is given back, a superset of an empty 200)"
    ]
  },
  {
    id: "contacts.delete",
    family: "contacts",
    summary: "Delete a contact: DELETE /api/v2/contacts/[id], a soft delete that answers 204 with no body (restore with PUT /api/v2/contacts/[id]/restore).",
    v1: { method: "DELETE", paths: ["/contacts/:id"], source: "reference" },
    plan: [v2("DELETE", "/contacts/:id", "soft-delete the contact")],
    request: { body: "none" },
    response: { v1Status: 200, shape: "none" },
    fidelity: "exact",
    notes: [
      "outside spec 001: the official v1 samples (reference Appendix A)",
      "both versions soft-delete (deleted: true, restorable); v2 also has DELETE /api/v2/contacts/[id]/hard_delete",
      "v2 answers 405 for a contact that is already deleted or blocked"
    ]
  },
  {
    id: "contacts.make-agent",
    family: "contacts",
    summary: "Turn a contact into an agent: PUT /api/v2/contacts/[id]/make_agent; the answer is the contact with the agent nested in agent.",
    v1: { method: "PUT", paths: ["/contacts/:id/make_agent"], source: "reference" },
    plan: [v2("PUT", "/contacts/:id/make_agent", "make the contact an agent")],
    request: { body: "none" },
    response: {
      v1Status: 200,
      shape: "object",
      wrapper: "agent",
      resource: [
        // v1 { agent: { ...agent, user: {...} } } ↔ v2 { ...contact, agent: {...} }
        { op: "drop", path: "id", reason: "the v1 agent record id has no v2 field (v2 agent id = user id)" },
        { op: "duplicate", path: "user_id", copy: "user.id" },
        { op: "rename", from: "user_id", to: "agent.id" },
        { op: "rename", from: "available", to: "agent.available" },
        { op: "rename", from: "occasional", to: "agent.occasional" },
        { op: "drop", path: "signature", reason: "the v1 plain-text signature: v2 keeps only the HTML one" },
        { op: "rename", from: "signature_html", to: "agent.signature" },
        { op: "rename", from: "ticket_permission", to: "agent.ticket_scope" },
        { op: "rename", from: "active_since", to: "agent.available_since" },
        { op: "drop", path: "points", reason: "gamification points have no v2 field" },
        { op: "drop", path: "scoreboard_level_id", reason: "gamification level has no v2 field" },
        { op: "rename", from: "created_at", to: "agent.created_at" },
        { op: "rename", from: "updated_at", to: "agent.updated_at" },
        { op: "extra", path: "agent.group_ids", reason: "v2 only" },
        { op: "extra", path: "agent.role_ids", reason: "v2 only" },
        { op: "extra", path: "agent.skill_ids", reason: "v2 only" },
        { op: "extra", path: "agent.type", reason: "v2 only" },
        { op: "extra", path: "agent.focus_mode", reason: "v2 only" },
        ...timestamps("agent.created_at", "agent.updated_at", "agent.available_since"),
        // the user's fields become the top level
        ...["active", "email", "job_title", "language", "mobile", "name", "phone", "time_zone", "created_at", "updated_at"].map(
          (field) => ({ op: "hoist", host: "user", field })
        ),
        { op: "convert", path: "phone", converter: "numberToString" },
        { op: "convert", path: "mobile", converter: "numberToString" },
        { op: "drop", path: "user", reason: "user fields without a v2 counterpart in make_agent (address, description, twitter_id, fb_profile_id, external_id, deleted, helpdesk_agent)" },
        { op: "extra", path: "last_login_at", reason: "v2 only" },
        ...timestamps("created_at", "updated_at")
      ]
    },
    fidelity: "lossy",
    lost: [
      "the v1 agent record id (v2 identifies agents by their user id)",
      "the plain-text signature, points and scoreboard level",
      "user fields make_agent does not answer in v2 (address, description, twitter_id, external_id)"
    ],
    notes: [
      "outside spec 001: the official v1 samples (reference Appendix A)",
      "v2 needs the contact to have an e-mail (inconsistent_state otherwise); other_emails are removed; 403 when the agent limit is reached",
      "without a body v2 makes a full-time support agent with global ticket scope; v2 also takes occasional, ticket_scope, group_ids, role_ids, skill_ids, type"
    ]
  }
];

// rules/discussions.ts
var postLens = [
  // text vs HTML, as for notes: a plain v1 body is escaped; v2 body is HTML, body_text plain
  { op: "convert", path: "body", converter: "textToHtml", only: "request" },
  { op: "rename", from: "body", to: "body_text", only: "response" },
  { op: "rename", from: "body_html", to: "body" },
  { op: "drop", path: "user_id", reason: "user_id is read-only: the author is the calling user", only: "request" },
  { op: "extra", path: "published", reason: "v2 only", only: "response" },
  { op: "extra", path: "spam", reason: "v2 only", only: "response" },
  { op: "extra", path: "trash", reason: "v2 only", only: "response" },
  ...timestamps("created_at", "updated_at")
];
var topicLens = [
  { op: "rename", from: "body_html", to: "message" },
  // v1 accepted 0/1 and printed sticky as a number; v2 validates booleans
  { op: "convert", path: "sticky", converter: "zeroOneToBoolean" },
  { op: "convert", path: "locked", converter: "looseBoolean" },
  { op: "convert", path: "stamp_type", converter: "topicStampType" },
  { op: "drop", path: "user_id", reason: "user_id is read-only: the author is the calling user", only: "request" },
  { op: "drop", path: "last_post_id", reason: "last_post_id is not in v2 topics", only: "response" },
  { op: "extra", path: "published", reason: "v2 only", only: "response" },
  { op: "extra", path: "merged_topic_id", reason: "v2 only", only: "response" },
  // view: the posts v1 embedded are the v2 comments of a second call
  { op: "map", path: "posts", lens: postLens, only: "response" },
  ...timestamps("created_at", "updated_at", "replied_at")
];
var forumLens = [
  // companies that see a visibility-4 forum: customer_forums_attributes (FS samples) → company_ids
  { op: "convert", path: "customer_forums_attributes.customer_id", to: "company_ids", converter: "commaIntList", only: "request" },
  { op: "drop", path: "position", reason: "a forum position cannot be written in v2 (it is read back only)", only: "request" },
  { op: "drop", path: "description_html", reason: "description_html was removed from v2 forums", only: "response" },
  { op: "extra", path: "company_ids", reason: "v2 lists the companies of a visibility-4 forum", only: "response" },
  // view: the topics v1 embedded come from a second call
  { op: "map", path: "topics", lens: topicLens, only: "response" },
  ...timestamps("created_at", "updated_at")
];
var forumCategoryFields = [
  // view: the forums v1 embedded come from a second call
  { op: "map", path: "forums", lens: forumLens, only: "response" },
  ...timestamps("created_at", "updated_at")
];
var forumCategoryLens = [
  { op: "drop", path: "position", reason: "position (read-only in v1) is not in v2 forum categories" },
  ...forumCategoryFields
];
var categoryObject = { v1Status: 200, shape: "object", wrapper: "forum_category", resource: forumCategoryLens };
var forumObject = { v1Status: 200, shape: "object", wrapper: "forum", resource: forumLens };
var topicObject = { v1Status: 200, shape: "object", wrapper: "topic", resource: topicLens };
var postObject = { v1Status: 200, shape: "object", wrapper: "post", resource: postLens };
var updated = { v1Status: 200, shape: "none" };
var OLD_FORUMS = "/categories/:category_id/forums";
var OLD_FORUM = "/categories/:category_id/forums/:id";
var OLD_TOPICS = "/categories/:category_id/forums/:forum_id/topics";
var OLD_TOPIC = "/categories/:category_id/forums/:forum_id/topics/:id";
var OLD_POSTS = "/categories/:category_id/forums/:forum_id/topics/:topic_id/posts";
var OLD_POST = "/categories/:category_id/forums/:forum_id/topics/:topic_id/posts/:post_id";
var OLD_MONITORSHIP = "/categories/:category_id/forums/:forum_id/topics/:id/monitorship";
var OLD_NOTE = "older spellings /categories/[cid]/forums/... are from the 2013-2015 samples (reference \xA73.4); the category and forum in them only address the object, v2 needs just its id";
var INFERRED_ROUTE_NOTE = "INFERRED: the samples show this nested path; the other verbs on it follow from the Rails resource routes of the same controllers";
var DELETE_NOTE = "v2 answers 204 with no body (v1 200)";
var toParam = (from, to) => [
  { op: "convert", path: from, converter: "numberToString" },
  { op: "rename", from, to }
];
var POST_ADDRESSING = [
  ...toParam("query.category_id", "params.category_id"),
  ...toParam("query.forum_id", "params.forum_id"),
  ...toParam("query.topic_id", "params.topic_id"),
  ...toParam("body.post.forum_id", "params.forum_id"),
  ...toParam("body.post.topic_id", "params.topic_id")
];
var followUserToBody = { op: "convert", path: "query.user_id", to: "body.user_id", converter: "stringToNumber" };
var MONITORSHIP_LOST = "the monitorship object (id, active, monitorable_id, monitorable_type, user_id): v2 answers 204 (following) or 404 (not following) with no body";
var FOLLOW_USER_NOTE = "without user_id the calling user is meant, in both versions; only admins may name another user";
function followRules(kind) {
  const plural = `${kind}s`;
  const Kind = kind === "topic" ? "Topic" : "Forum";
  return [
    {
      id: `discussions.${plural}.follow`,
      family: "discussions",
      summary: `Follow a ${kind}: POST /api/v2/discussions/${plural}/[id]/follow (optional body user_id), which answers 204.`,
      v1: { method: "POST", paths: [`/discussions/${kind}/:id/subscriptions/follow`, ...kind === "topic" ? [OLD_MONITORSHIP] : []] },
      plan: [v2("POST", `/discussions/${plural}/:id/follow`, `follow the ${kind}`, { status: 204 })],
      request: { body: "none", lens: [followUserToBody] },
      response: { v1Status: 200, shape: "none" },
      fidelity: "exact",
      notes: [
        "the v1 path segment is singular (topic, forum), the v2 one plural",
        FOLLOW_USER_NOTE,
        "v2 answers 204 with no body (v1 200)",
        ...kind === "topic" ? ["older spelling: POST .../topics/[tid]/monitorship (reference \xA73.4)"] : []
      ]
    },
    {
      id: `discussions.${plural}.unfollow`,
      family: "discussions",
      summary: `Unfollow a ${kind}: DELETE /api/v2/discussions/${plural}/[id]/follow?user_id= (v1 used POST .../unfollow), which answers 204.`,
      v1: { method: "POST", paths: [`/discussions/${kind}/:id/subscriptions/unfollow`] },
      plan: [v2("DELETE", `/discussions/${plural}/:id/follow`, `stop following the ${kind}`)],
      request: { body: "none" },
      response: { v1Status: 200, shape: "none" },
      fidelity: "exact",
      notes: ["the method changes from POST to DELETE", FOLLOW_USER_NOTE, "v2 answers 204 with no body (v1 200)"]
    },
    {
      id: `discussions.${plural}.is-following`,
      family: "discussions",
      summary: `Check whether a user follows a ${kind}: GET /api/v2/discussions/${plural}/[id]/follow?user_id=, which answers 204 (yes) or 404 (no) instead of a monitorship object.`,
      v1: { method: "GET", paths: [`/discussions/${kind}/:id/subscriptions/is_following`] },
      plan: [v2("GET", `/discussions/${plural}/:id/follow`, `check the ${kind} subscription`, { status: 204 })],
      request: { body: "none" },
      response: { v1Status: 200, shape: "none" },
      fidelity: "lossy",
      lost: [MONITORSHIP_LOST],
      notes: [
        `read the status instead of { monitorship: { active, monitorable_type: "${Kind}" } }: 204 = following, 404 = not following`,
        FOLLOW_USER_NOTE
      ]
    }
  ];
}
var DISCUSSION_RULES = [
  // ------------------------------------------------------------------------------ categories
  {
    id: "discussions.categories.create",
    family: "discussions",
    summary: "Create a forum category: POST /api/v2/discussions/categories with name and description unwrapped from forum_category.",
    v1: { method: "POST", paths: ["/discussions/categories"] },
    plan: [v2("POST", "/discussions/categories", "create the forum category")],
    request: { wrapper: "forum_category", resource: forumCategoryLens },
    response: { ...categoryObject, v1Status: 201 },
    fidelity: "exact",
    notes: ["both versions answer 201 Created (FC v1 forum_categories_controller); v2 adds a Location header", "the v1 position (read-only) is not in v2"]
  },
  {
    id: "discussions.categories.update",
    family: "discussions",
    summary: "Update a forum category: PUT /api/v2/discussions/categories/[id] with the fields unwrapped from forum_category.",
    v1: { method: "PUT", paths: ["/discussions/categories/:id"] },
    plan: [v2("PUT", "/discussions/categories/:id", "update the forum category")],
    request: { wrapper: "forum_category", resource: forumCategoryLens },
    response: updated,
    fidelity: "exact",
    notes: ["v1 answered 200 with no body; v2 answers 200 with the category"]
  },
  {
    id: "discussions.categories.view",
    family: "discussions",
    summary: "View a forum category with its forums: GET /api/v2/discussions/categories/[id], plus GET /api/v2/discussions/categories/[id]/forums for the forums v1 embedded.",
    v1: { method: "GET", paths: ["/discussions/categories/:id"] },
    plan: [
      v2("GET", "/discussions/categories/:id", "read the forum category"),
      lookup("GET", "/discussions/categories/:id/forums", "read its forums (v1 embedded them)")
    ],
    request: { body: "none" },
    response: { ...categoryObject, embed: { forums: 1 } },
    fidelity: "lossy",
    lost: ["position of the category", "description_html of each forum"],
    notes: ["two calls in v2 (two credits)"]
  },
  {
    id: "discussions.categories.list",
    family: "discussions",
    summary: "List forum categories: GET /api/v2/discussions/categories; items are bare instead of { forum_category } wrappers.",
    v1: { method: "GET", paths: ["/discussions/categories"] },
    plan: [v2("GET", "/discussions/categories", "list the forum categories")],
    request: { body: "none" },
    response: { v1Status: 200, shape: "list-wrapped", wrapper: "forum_category", resource: forumCategoryLens },
    fidelity: "lossy",
    lost: ["position of each category (not returned by v2)"]
  },
  {
    id: "discussions.categories.delete",
    family: "discussions",
    summary: "Delete a forum category: DELETE /api/v2/discussions/categories/[id], which answers 204 with no body (v1 answered the deleted category).",
    v1: { method: "DELETE", paths: ["/discussions/categories/:id"] },
    plan: [
      lookup("GET", "/discussions/categories/:id", "read the category first: v1 answered the deleted object", { forResponse: true }),
      v2("DELETE", "/discussions/categories/:id", "delete the forum category")
    ],
    request: { body: "none" },
    // v1 answered the deleted category with position null
    response: { ...categoryObject, resource: [{ op: "v1Default", path: "position", value: null }, ...forumCategoryFields] },
    fidelity: "exact",
    notes: [
      "v1 answered { forum_category } with position null; v2 answers 204 with no body, so the shim reads the category before deleting it",
      "the forums and topics of the category go with it"
    ]
  },
  // ------------------------------------------------------------------------------ forums
  {
    id: "discussions.forums.create",
    family: "discussions",
    summary: "Create a forum: POST /api/v2/discussions/categories/[forum_category_id]/forums; forum_category_id moves from the body into the path and customer_forums_attributes becomes company_ids.",
    v1: { method: "POST", paths: ["/discussions/forums", OLD_FORUMS] },
    plan: [v2("POST", "/discussions/categories/:forum_category_id/forums", "create the forum in its category")],
    request: {
      wrapper: "forum",
      lens: [
        // the older path names the category in the URL; a different id in the body is reported and the URL wins
        { op: "rename", from: "params.category_id", to: "params.forum_category_id" },
        ...toParam("body.forum.forum_category_id", "params.forum_category_id")
      ],
      resource: forumLens
    },
    response: { ...forumObject, v1Status: 201 },
    fidelity: "exact",
    notes: [
      "forum_type 1 How To, 2 Ideas, 3 Problems, 4 Announcements and forum_visibility 1 Anyone, 2 Logged in, 3 Agents, 4 Selected companies keep their numbers",
      "visibility 4 needs company_ids (v1 samples: customer_forums_attributes: { customer_id: [...] })",
      "both versions answer 201 Created (FC v1 forums_controller); v2 adds a Location header",
      OLD_NOTE
    ]
  },
  {
    id: "discussions.forums.list",
    family: "discussions",
    summary: "List the forums of a category: GET /api/v2/discussions/categories/[id]/forums.",
    v1: { method: "GET", paths: [OLD_FORUMS], source: "reference" },
    plan: [v2("GET", "/discussions/categories/:category_id/forums", "list the forums of the category")],
    request: { body: "none" },
    response: { v1Status: 200, shape: "list-wrapped", wrapper: "forum", resource: forumLens },
    fidelity: "lossy",
    lost: ["description_html of each forum"],
    notes: [OLD_NOTE, INFERRED_ROUTE_NOTE, "spec 001 has no forum list: its category view embeds the forums"]
  },
  {
    id: "discussions.forums.update",
    family: "discussions",
    summary: "Update a forum: PUT /api/v2/discussions/forums/[id] with the fields unwrapped from forum (forum_category_id in the body moves the forum).",
    v1: { method: "PUT", paths: ["/discussions/forums/:id", OLD_FORUM] },
    plan: [v2("PUT", "/discussions/forums/:id", "update the forum")],
    request: { wrapper: "forum", resource: forumLens },
    response: updated,
    fidelity: "exact",
    notes: [
      "v2 refuses to change forum_type once the forum has topics, and company_ids unless forum_visibility is 4",
      "v1 answered 200 with no body; v2 answers 200 with the forum",
      OLD_NOTE
    ]
  },
  {
    id: "discussions.forums.view",
    family: "discussions",
    summary: "View a forum with its topics: GET /api/v2/discussions/forums/[id], plus GET /api/v2/discussions/forums/[id]/topics for the topics v1 embedded.",
    v1: { method: "GET", paths: ["/discussions/forums/:id", OLD_FORUM] },
    plan: [
      v2("GET", "/discussions/forums/:id", "read the forum"),
      lookup("GET", "/discussions/forums/:id/topics", "read its topics (v1 embedded them)")
    ],
    request: { body: "none" },
    response: { ...forumObject, embed: { topics: 1 } },
    fidelity: "lossy",
    lost: ["description_html", "last_post_id of each topic"],
    notes: ["two calls in v2 (two credits)", "FC v1 embedded one page of 10 topics (?page=); v2 pages topics 30 at a time", OLD_NOTE]
  },
  {
    id: "discussions.forums.delete",
    family: "discussions",
    summary: "Delete a forum: DELETE /api/v2/discussions/forums/[id], which answers 204 with no body.",
    v1: { method: "DELETE", paths: ["/discussions/forums/:id", OLD_FORUM] },
    plan: [v2("DELETE", "/discussions/forums/:id", "delete the forum")],
    request: { body: "none" },
    response: { v1Status: 200, shape: "none" },
    fidelity: "exact",
    notes: [DELETE_NOTE, OLD_NOTE]
  },
  ...followRules("forum"),
  // ------------------------------------------------------------------------------ topics
  {
    id: "discussions.topics.create",
    family: "discussions",
    summary: "Create a topic: POST /api/v2/discussions/forums/[forum_id]/topics; forum_id moves from the body into the path, body_html is message, and sticky/locked are booleans.",
    v1: { method: "POST", paths: ["/discussions/topics", OLD_TOPICS] },
    plan: [v2("POST", "/discussions/forums/:forum_id/topics", "create the topic in its forum")],
    request: {
      wrapper: "topic",
      lens: toParam("body.topic.forum_id", "params.forum_id"),
      resource: topicLens
    },
    response: topicObject,
    fidelity: "exact",
    notes: [
      "message becomes the first post (comment) of the topic, as body_html did",
      "sticky and locked: v1 accepted 0/1, v2 validates booleans; only agents who may edit topics can set them",
      'stamp_type keeps its numbers (1 Planned, 2 Implemented, 3 Not Taken: spec 001 says "Taken", reference \xA77.12); v2 checks the stamp against the forum type',
      "v2 answers 201 Created; FC v1 answered 200 with { topic }",
      OLD_NOTE
    ]
  },
  {
    id: "discussions.topics.list",
    family: "discussions",
    summary: "List the topics of a forum: GET /api/v2/discussions/forums/[forum_id]/topics.",
    v1: { method: "GET", paths: [OLD_TOPICS], source: "reference" },
    plan: [v2("GET", "/discussions/forums/:forum_id/topics", "list the topics of the forum")],
    request: { body: "none" },
    response: { v1Status: 200, shape: "list-wrapped", wrapper: "topic", resource: topicLens },
    fidelity: "lossy",
    lost: ["last_post_id of each topic"],
    notes: [OLD_NOTE, INFERRED_ROUTE_NOTE, "spec 001 has no topic list: its forum view embeds the topics"]
  },
  {
    id: "discussions.topics.update",
    family: "discussions",
    summary: "Update a topic: PUT /api/v2/discussions/topics/[id] with body_html as message (it updates the first post) and sticky/locked as booleans.",
    v1: { method: "PUT", paths: ["/discussions/topics/:id", OLD_TOPIC] },
    plan: [v2("PUT", "/discussions/topics/:id", "update the topic")],
    request: { wrapper: "topic", resource: topicLens },
    response: updated,
    fidelity: "exact",
    notes: [
      "forum_id in the body moves the topic (manage-forums privilege), in both versions",
      "v1 answered 200 with no body; v2 answers 200 with the topic",
      OLD_NOTE
    ]
  },
  {
    id: "discussions.topics.view",
    family: "discussions",
    summary: "View a topic with its posts: GET /api/v2/discussions/topics/[id], plus GET /api/v2/discussions/topics/[id]/comments for the posts v1 embedded.",
    v1: { method: "GET", paths: ["/discussions/topics/:id", OLD_TOPIC] },
    plan: [
      v2("GET", "/discussions/topics/:id", "read the topic"),
      lookup("GET", "/discussions/topics/:id/comments", "read its posts (v1 embedded them)", { query: { per_page: "100" } })
    ],
    request: { body: "none" },
    response: { ...topicObject, embed: { posts: 1 } },
    fidelity: "lossy",
    lost: ["last_post_id"],
    notes: ["two calls in v2 (two credits); the comments are paged (100 at most per page)", "sticky reads back as 1/0 and locked as a boolean, as v1 printed them", OLD_NOTE]
  },
  {
    id: "discussions.topics.delete",
    family: "discussions",
    summary: "Delete a topic: DELETE /api/v2/discussions/topics/[id], which answers 204 with no body.",
    v1: { method: "DELETE", paths: ["/discussions/topics/:id", OLD_TOPIC] },
    plan: [v2("DELETE", "/discussions/topics/:id", "delete the topic")],
    request: { body: "none" },
    response: { v1Status: 200, shape: "none" },
    fidelity: "exact",
    notes: [DELETE_NOTE, "deleted topics cannot be restored in either version", OLD_NOTE]
  },
  ...followRules("topic"),
  {
    id: "discussions.topics.unfollow-monitorship",
    family: "discussions",
    summary: "Unfollow a topic (older DELETE .../monitorship): DELETE /api/v2/discussions/topics/[id]/follow, which answers 204.",
    v1: { method: "DELETE", paths: [OLD_MONITORSHIP], source: "reference" },
    plan: [v2("DELETE", "/discussions/topics/:id/follow", "stop following the topic")],
    request: { body: "none" },
    response: { v1Status: 200, shape: "none" },
    fidelity: "exact",
    notes: [OLD_NOTE, FOLLOW_USER_NOTE, "v2 answers 204 with no body"]
  },
  {
    id: "discussions.topics.user-monitored",
    family: "discussions",
    summary: "List the topics a user follows: GET /api/v2/discussions/topics/followed_by?user_id=; items are bare topics instead of { topic } wrappers.",
    v1: { method: "GET", paths: ["/support/discussions/user_monitored"] },
    plan: [v2("GET", "/discussions/topics/followed_by", "list the followed topics")],
    request: { body: "none" },
    response: { v1Status: 200, shape: "list-wrapped", wrapper: "topic", resource: topicLens },
    fidelity: "lossy",
    lost: ["last_post_id of each topic"],
    notes: [FOLLOW_USER_NOTE, "v2 pages the list (30 per page by default)"]
  },
  // ------------------------------------------------------------------------------ posts
  {
    id: "discussions.posts.create",
    family: "discussions",
    summary: "Reply to a topic: POST /api/v2/discussions/topics/[id]/comments with body_html as body (posts are comments in v2).",
    v1: { method: "POST", paths: ["/discussions/topics/:id/posts", OLD_POSTS] },
    plan: [v2("POST", "/discussions/topics/:id/comments", "add the comment")],
    request: {
      wrapper: "post",
      lens: [...POST_ADDRESSING, { op: "rename", from: "params.topic_id", to: "params.id" }],
      resource: postLens
    },
    response: { ...postObject, v1Status: 201 },
    fidelity: "exact",
    notes: [
      "a plain-text v1 body is HTML-escaped (newlines become <br>) because v2 body is HTML",
      "both versions answer 201 Created (FC v1 posts_controller); v2 adds a Location header",
      OLD_NOTE
    ]
  },
  {
    id: "discussions.posts.update",
    family: "discussions",
    summary: "Update a post: PUT /api/v2/discussions/comments/[post_id] (the topic leaves the path) with body_html as body.",
    v1: { method: "PUT", paths: ["/discussions/topics/:id/posts/:post_id", OLD_POST, "/posts/:post_id"] },
    plan: [v2("PUT", "/discussions/comments/:post_id", "update the comment")],
    request: { wrapper: "post", lens: POST_ADDRESSING, resource: postLens },
    response: updated,
    fidelity: "exact",
    notes: [
      "v2 update also takes answer (mark the comment as the answer of a question topic)",
      "v1 answered 200 with no body; v2 answers 200 with the comment",
      `older spellings: ${OLD_POST} and /posts/[pid]?forum_id=&category_id=&topic_id= (reference \xA73.4)`
    ]
  },
  {
    id: "discussions.posts.delete",
    family: "discussions",
    summary: "Delete a post: DELETE /api/v2/discussions/comments/[post_id] (the topic leaves the path), which answers 204 with no body.",
    v1: { method: "DELETE", paths: ["/discussions/topics/:id/posts/:post_id", OLD_POST, "/posts/:post_id"] },
    plan: [v2("DELETE", "/discussions/comments/:post_id", "delete the comment")],
    request: { body: "none", lens: POST_ADDRESSING },
    response: { v1Status: 200, shape: "none" },
    fidelity: "exact",
    notes: [DELETE_NOTE, "deleted posts cannot be restored in either version", `older spellings: ${OLD_POST} and /posts/[pid]?forum_id=&category_id=&topic_id= (reference \xA73.4)`]
  }
];

// rules/groups.ts
var groupLens = [
  // escalation: seconds in v1, one of nine strings in v2 (values outside them are reported per request)
  { op: "convert", path: "assign_time", to: "unassigned_for", converter: "secondsToUnassignedFor" },
  // members: a comma string (or an array, as the Ruby sample sent) in v1 requests, objects in v1 responses
  { op: "convert", path: "agent_list", to: "agent_ids", converter: "commaIntList", only: "request" },
  { op: "convert", path: "agents", to: "agent_ids", converter: "agentObjectsToIds", only: "response" },
  // v1 answered the member ids a second time as the comma string agent_list
  { op: "duplicate", path: "agent_ids", copy: "agent_list", converter: "commaIntList", only: "response" },
  { op: "convert", path: "ticket_assign_type", to: "auto_ticket_assign", converter: "autoTicketAssign" },
  { op: "rename", from: "business_calendar_id", to: "business_hour_id" },
  { op: "extra", path: "group_type", reason: "v2 only (support_agent_group, field_agent_group)", only: "response" },
  ...timestamps("created_at", "updated_at")
];
var groupObject = { v1Status: 200, shape: "object", wrapper: "group", resource: groupLens };
var AGENTS_LOST = "the agent objects of the v1 group (v2 gives agent_ids; names and e-mails need GET /api/v2/agents/[id])";
var ASSIGN_NOTE = "assign_time must be one of 1800, 3600, 7200, 14400, 28800, 43200, 86400, 172800, 259200 s (30m \u2026 3d); other values are lossy and are rounded up to the next allowed value, and read back as null";
var ADMIN_NOTE2 = "only admins may use the v2 groups API";
var GROUP_RULES = [
  {
    id: "groups.create",
    family: "groups",
    summary: "Create a group: POST /api/v2/groups with assign_time as unassigned_for (30m, 1h, 2h, 4h, 8h, 12h, 1d, 2d or 3d) and agent_list as the array agent_ids.",
    v1: { method: "POST", paths: ["/groups"] },
    plan: [v2("POST", "/groups", "create the group")],
    request: { wrapper: "group", resource: groupLens },
    response: { ...groupObject, v1Status: 201 },
    fidelity: "exact",
    notes: [
      ASSIGN_NOTE,
      `the v1 answer listed the agent objects; v2 answers agent_ids, so the shim rebuilds only { id } objects (lossy: ${AGENTS_LOST})`,
      "ticket_assign_type becomes auto_ticket_assign, which /api/v2/groups writes only as 0 or 1; other assignment types need /api/v2/admin/groups",
      "business_calendar_id is business_hour_id in /api/v2/groups (business_calendar_id in /api/v2/admin/groups)",
      "both versions answer 201 Created (FC v1 groups_controller); v2 adds a Location header",
      "v2 defaults unassigned_for to 30m when it is not sent",
      ADMIN_NOTE2
    ]
  },
  {
    id: "groups.list",
    family: "groups",
    summary: "List groups: GET /api/v2/groups; items are bare groups instead of { group } wrappers, with unassigned_for instead of assign_time.",
    v1: { method: "GET", paths: ["/groups"] },
    plan: [v2("GET", "/groups", "list the groups")],
    request: { body: "none" },
    response: { v1Status: 200, shape: "list-wrapped", wrapper: "group", resource: groupLens },
    fidelity: "lossy",
    lost: [AGENTS_LOST, "assign_time values other than the nine unassigned_for steps (read back as null)"],
    notes: ["the FDDOC list sample omits agent_ids, the view sample and FC have them (reference \xA77.14)", ADMIN_NOTE2]
  },
  {
    id: "groups.view",
    family: "groups",
    summary: "View a group: GET /api/v2/groups/[id]; the members are agent_ids instead of agent objects.",
    v1: { method: "GET", paths: ["/groups/:id"] },
    plan: [v2("GET", "/groups/:id", "read the group")],
    request: { body: "none" },
    response: groupObject,
    fidelity: "lossy",
    lost: [AGENTS_LOST, "assign_time values other than the nine unassigned_for steps (read back as null)"],
    notes: [ADMIN_NOTE2]
  },
  {
    id: "groups.update",
    family: "groups",
    summary: "Update a group: PUT /api/v2/groups/[id] with assign_time as unassigned_for and agent_list as agent_ids (the list replaces all members).",
    v1: { method: "PUT", paths: ["/groups/:id"] },
    plan: [v2("PUT", "/groups/:id", "update the group")],
    request: { wrapper: "group", resource: groupLens },
    response: { v1Status: 200, shape: "none" },
    fidelity: "exact",
    notes: [ASSIGN_NOTE, "agent_ids: [] removes every agent", "v1 answered 200 with no body; v2 answers 200 with the group", ADMIN_NOTE2]
  },
  {
    id: "groups.delete",
    family: "groups",
    summary: "Delete a group: DELETE /api/v2/groups/[id], which disbands the group (its agents stay) and answers 204 with no body.",
    v1: { method: "DELETE", paths: ["/groups/:id"] },
    plan: [v2("DELETE", "/groups/:id", "delete the group")],
    request: { body: "none" },
    response: { v1Status: 200, shape: "none" },
    fidelity: "exact",
    notes: ["deleted groups cannot be restored in either version", ADMIN_NOTE2]
  }
];

// rules/notes.ts
var noteLens = [
  { op: "convert", path: "body", converter: "textToHtml", only: "request" },
  { op: "rename", from: "body", to: "body_text", only: "response" },
  { op: "rename", from: "body_html", to: "body" },
  { op: "rename", from: "to_emails", to: "notify_emails", only: "request" },
  // v1 to_emails were the recipients of a reply or the people notified of a note; v2 splits them
  // into to_emails (replies) and notified_to (notes)
  { op: "extra", path: "notified_to", reason: "v1 reported the addresses notified of a note as to_emails", only: "response" },
  { op: "alias", path: "to_emails", aliases: ["notified_to"], only: "response" },
  { op: "extra", path: "email_failure_count", reason: "v2 only", only: "response" },
  { op: "extra", path: "outgoing_failures", reason: "v2 only", only: "response" },
  ...attachmentsOps,
  ...STANDARD_TIMESTAMPS,
  { op: "extra", path: "ticket_id", reason: "v2 adds the ticket id", only: "response" },
  { op: "extra", path: "from_email", reason: "v2 only", only: "response" },
  { op: "extra", path: "cc_emails", reason: "v2 only", only: "response" },
  { op: "extra", path: "bcc_emails", reason: "v2 only", only: "response" },
  { op: "extra", path: "category", reason: "v2 only", only: "response" },
  { op: "extra", path: "last_edited_at", reason: "v2 only", only: "response" },
  { op: "extra", path: "last_edited_user_id", reason: "v2 only", only: "response" },
  { op: "extra", path: "source_additional_info", reason: "v2 only", only: "response" }
];
var NOTE_RULES = [
  {
    id: "notes.create",
    family: "notes",
    summary: "Add a note to a ticket: POST /api/v2/tickets/[id]/notes with body (HTML) instead of body_html; a public note stays a note.",
    v1: { method: "POST", paths: ["/helpdesk/tickets/:ticket_id/conversations/note"] },
    plan: [v2("POST", "/tickets/:ticket_id/notes", "add the note")],
    request: {
      wrapper: "helpdesk_note",
      resource: noteLens,
      multipart: { v1Files: "helpdesk_note[attachments][][resource]", v2Files: "attachments[]" }
    },
    response: { v1Status: 200, shape: "object", wrapper: "note", resource: noteLens },
    fidelity: "exact",
    notes: [
      "plain-text body is HTML-escaped (newlines become <br>) because v2 body is HTML",
      "to_emails becomes notify_emails in the request and notified_to in the response",
      "v2 answers 201 Created with the conversation object",
      MULTIPART_NOTE
    ]
  }
];

// rules/solutions.ts
var toParam2 = (from, to) => [
  { op: "convert", path: from, converter: "numberToString" },
  { op: "rename", from, to }
];
var folderLens = [
  { op: "convert", path: "visibility", converter: "folderVisibility" },
  // the companies of a visibility-4 folder: spec 001 spelling and the FS sample spelling
  { op: "convert", path: "customer_folder_attributes", to: "company_ids", converter: "customerIdObjects", only: "request" },
  { op: "convert", path: "customer_folders_attributes.customer_id", to: "company_ids", converter: "commaIntList", only: "request" },
  { op: "drop", path: "position", reason: "position is not in v2 solution folders" },
  { op: "drop", path: "is_default", reason: "is_default is not in v2 solution folders" },
  { op: "extra", path: "company_ids", reason: "v2 lists the companies of a visibility-4 folder", only: "response" },
  { op: "extra", path: "parent_folder_id", reason: "v2 only (flexible hierarchy)", only: "response" },
  { op: "extra", path: "hierarchy", reason: "v2 only (flexible hierarchy)", only: "response" },
  { op: "extra", path: "articles_count", reason: "v2 only", only: "response" },
  { op: "extra", path: "sub_folders_count", reason: "v2 only (flexible hierarchy)", only: "response" },
  { op: "extra", path: "contact_segment_ids", reason: "v2 only", only: "response" },
  { op: "extra", path: "company_segment_ids", reason: "v2 only", only: "response" },
  ...timestamps("created_at", "updated_at")
];
var categoryLens = [
  { op: "drop", path: "position", reason: "position is not in v2 solution categories" },
  { op: "drop", path: "is_default", reason: "is_default is not in v2 solution categories" },
  { op: "extra", path: "visible_in_portals", reason: "v2 only (multiple portals)", only: "response" },
  // view: the folders v1 embedded come from a second call
  { op: "map", path: "folders", lens: folderLens, only: "response" },
  ...timestamps("created_at", "updated_at")
];
var articleLens = [
  // tags: a comma string in v1 requests (sent beside the wrapper as tags: { name })
  { op: "convert", path: "tags", converter: "commaList", only: "request" },
  {
    op: "drop",
    path: "art_type",
    fidelity: "manual",
    reason: "art_type (v1 article type, 1 permanent / 2 workaround) has no documented v2 request field; v2 answers a type whose mapping is not documented: decide whether the type matters",
    only: "request"
  },
  { op: "drop", path: "art_type", reason: "art_type: the mapping to the v2 type is not documented", only: "response" },
  { op: "extra", path: "type", reason: "v2 article type (mapping to v1 art_type not documented)", only: "response" },
  { op: "rename", from: "user_id", to: "agent_id", only: "response" },
  { op: "rename", from: "desc_un_html", to: "description_text", only: "response" },
  { op: "drop", path: "position", reason: "position is not in v2 solution articles" },
  { op: "drop", path: "is_public", reason: "is_public is not in v2 solution articles (the folder visibility decides)" },
  { op: "extra", path: "category_id", reason: "v2 only", only: "response" },
  { op: "extra", path: "hierarchy", reason: "v2 only (flexible hierarchy)", only: "response" },
  ...timestamps("created_at", "updated_at")
];
var categoryObject2 = { v1Status: 200, shape: "object", wrapper: "category", resource: categoryLens };
var folderObject = { v1Status: 200, shape: "object", wrapper: "folder", resource: folderLens };
var articleObject = { v1Status: 200, shape: "object", wrapper: "article", resource: articleLens };
var APPENDIX_NOTE = "outside spec 001: the official v1 samples (reference Appendix A)";
var CATEGORY_LOST = "position and is_default (not in v2 solution categories)";
var FOLDER_LOST = "position and is_default (not in v2 solution folders)";
var STATUS_NOTE = "v1 responses of creates and updates are not documented in spec 001 (200 with the object assumed); v2 answers 201 Created for creates";
var VISIBILITY_NOTE = "visibility 1 All, 2 Logged in users, 3 Agents, 4 Selected companies keep their numbers; v2 adds 5 Bots, 6/7 contact/company segments (no v1 value)";
var ARTICLE_SHAPE_NOTE = "INFERRED: the v1 article answer is { article: {...} } like { category } and { folder }, with user_id (v2 agent_id) and desc_un_html (v2 description_text)";
var SOLUTION_RULES = [
  // ------------------------------------------------------------------------------ categories
  {
    id: "solutions.categories.create",
    family: "solutions",
    summary: "Create a solution category: POST /api/v2/solutions/categories with name and description unwrapped from solution_category.",
    v1: { method: "POST", paths: ["/solution/categories"] },
    plan: [v2("POST", "/solutions/categories", "create the solution category")],
    request: { wrapper: "solution_category", resource: categoryLens },
    response: categoryObject2,
    fidelity: "exact",
    notes: ["the v1 answer is { category }, the request wrapper solution_category", STATUS_NOTE, "v2 also takes visible_in_portals (accounts with several portals)"]
  },
  {
    id: "solutions.categories.update",
    family: "solutions",
    summary: "Update a solution category: PUT /api/v2/solutions/categories/[id] with the fields unwrapped from solution_category.",
    v1: { method: "PUT", paths: ["/solution/categories/:id"] },
    plan: [v2("PUT", "/solutions/categories/:id", "update the solution category")],
    request: { wrapper: "solution_category", resource: categoryLens },
    response: categoryObject2,
    fidelity: "exact",
    notes: ["both versions answer the category"]
  },
  {
    id: "solutions.categories.view",
    family: "solutions",
    summary: "View a solution category with its folders: GET /api/v2/solutions/categories/[id], plus GET /api/v2/solutions/categories/[id]/folders for the folders v1 embedded.",
    v1: { method: "GET", paths: ["/solution/categories/:id"] },
    plan: [
      v2("GET", "/solutions/categories/:id", "read the solution category"),
      lookup("GET", "/solutions/categories/:id/folders", "read its folders (v1 embedded them)")
    ],
    request: { body: "none" },
    response: { ...categoryObject2, embed: { folders: 1 } },
    fidelity: "lossy",
    lost: [CATEGORY_LOST, "position and is_default of each folder"],
    notes: ["two calls in v2 (two credits)"]
  },
  {
    id: "solutions.categories.list",
    family: "solutions",
    summary: "List solution categories: GET /api/v2/solutions/categories; the folders v1 embedded in each category need one GET /api/v2/solutions/categories/[id]/folders per category.",
    v1: { method: "GET", paths: ["/solution/categories"] },
    plan: [v2("GET", "/solutions/categories", "list the solution categories")],
    request: { body: "none" },
    response: { v1Status: 200, shape: "list-wrapped", wrapper: "category", resource: categoryLens },
    fidelity: "lossy",
    lost: [
      "the folders embedded in each category: N + 1 calls in v2 (one GET /api/v2/solutions/categories/[id]/folders per category)",
      CATEGORY_LOST
    ],
    notes: ["read the folders only where the code uses them: each category costs one more call"]
  },
  {
    id: "solutions.categories.delete",
    family: "solutions",
    summary: "Delete a solution category: DELETE /api/v2/solutions/categories/[id], which answers 204 with no body.",
    v1: { method: "DELETE", paths: ["/solution/categories/:id"] },
    plan: [v2("DELETE", "/solutions/categories/:id", "delete the solution category")],
    request: { body: "none" },
    response: { v1Status: 200, shape: "none" },
    fidelity: "exact",
    notes: ["v2 answers 204 with no body (v1 200)", "v2 also deletes the translations of the category"]
  },
  // ------------------------------------------------------------------------------ folders
  {
    id: "solutions.folders.create",
    family: "solutions",
    summary: "Create a solution folder: POST /api/v2/solutions/categories/[id]/folders with the fields unwrapped from solution_folder and the customer folder attributes as company_ids.",
    v1: { method: "POST", paths: ["/solution/categories/:id/folders"] },
    plan: [v2("POST", "/solutions/categories/:id/folders", "create the folder in its category")],
    request: {
      wrapper: "solution_folder",
      lens: toParam2("body.solution_folder.category_id", "params.category_id"),
      resource: folderLens
    },
    response: folderObject,
    fidelity: "exact",
    notes: [
      VISIBILITY_NOTE,
      "visibility 4 needs company_ids: customer_folder_attributes: [{ customer_id }] (spec 001) or customer_folders_attributes: { customer_id: [...] } (FS samples)",
      "v2 defaults visibility to 1 when it is not sent",
      STATUS_NOTE
    ]
  },
  {
    id: "solutions.folders.view",
    family: "solutions",
    summary: "View a solution folder: GET /api/v2/solutions/folders/[id] (the category leaves the path).",
    v1: { method: "GET", paths: ["/solution/categories/:category_id/folders/:id"], source: "reference" },
    plan: [v2("GET", "/solutions/folders/:id", "read the folder")],
    request: { body: "none" },
    response: folderObject,
    fidelity: "lossy",
    lost: [FOLDER_LOST],
    notes: [
      APPENDIX_NOTE,
      "if the code read articles embedded in the v1 folder, add GET /api/v2/solutions/folders/[id]/articles (INFERRED: the v1 folder view embedded them like the category view embeds folders)"
    ]
  },
  {
    id: "solutions.folders.update",
    family: "solutions",
    summary: "Update a solution folder: PUT /api/v2/solutions/folders/[id] (the category leaves the path) with the customer folder attributes as company_ids.",
    v1: { method: "PUT", paths: ["/solution/categories/:category_id/folders/:id"], source: "reference" },
    plan: [v2("PUT", "/solutions/folders/:id", "update the folder")],
    request: {
      wrapper: "solution_folder",
      lens: toParam2("body.solution_folder.category_id", "params.category_id"),
      resource: folderLens
    },
    response: folderObject,
    fidelity: "exact",
    notes: [APPENDIX_NOTE, VISIBILITY_NOTE, "a category_id different from the one in the path (a move) is not in the public v2 update", STATUS_NOTE]
  },
  {
    id: "solutions.folders.delete",
    family: "solutions",
    summary: "Delete a solution folder: DELETE /api/v2/solutions/folders/[id], which answers 204 with no body.",
    v1: { method: "DELETE", paths: ["/solution/categories/:category_id/folders/:id"], source: "reference" },
    plan: [v2("DELETE", "/solutions/folders/:id", "delete the folder")],
    request: { body: "none" },
    response: { v1Status: 200, shape: "none" },
    fidelity: "exact",
    notes: [APPENDIX_NOTE, "v2 answers 204 with no body (v1 200)", "v2 also deletes the translations of the folder"]
  },
  // ------------------------------------------------------------------------------ articles
  {
    id: "solutions.articles.create",
    family: "solutions",
    summary: "Create a solution article: POST /api/v2/solutions/folders/[folder_id]/articles with title, description and status (1 draft, 2 published) unwrapped from solution_article and tags as an array.",
    v1: { method: "POST", paths: ["/solution/categories/:category_id/folders/:folder_id/articles"], source: "reference" },
    plan: [v2("POST", "/solutions/folders/:folder_id/articles", "create the article in its folder")],
    request: {
      wrapper: "solution_article",
      lens: [
        { op: "in", path: "body", lens: [{ op: "hoist", host: "tags", field: "name", to: "tags" }] },
        ...toParam2("body.solution_article.folder_id", "params.folder_id")
      ],
      resource: articleLens
    },
    response: articleObject,
    fidelity: "exact",
    notes: [
      APPENDIX_NOTE,
      'tags were sent beside the wrapper as tags: { name: "a,b" }; v2 takes tags: ["a", "b"]',
      "art_type has no documented v2 field: a request that sets it is manual",
      "v2 also takes seo_data (meta_title, meta_description, meta_keywords)",
      ARTICLE_SHAPE_NOTE,
      STATUS_NOTE
    ]
  },
  {
    id: "solutions.articles.view",
    family: "solutions",
    summary: "View a solution article: GET /api/v2/solutions/articles/[id] (category and folder leave the path).",
    v1: { method: "GET", paths: ["/solution/categories/:category_id/folders/:folder_id/articles/:id"], source: "reference" },
    plan: [v2("GET", "/solutions/articles/:id", "read the article")],
    request: { body: "none" },
    response: articleObject,
    fidelity: "lossy",
    lost: ["art_type (its mapping to the v2 type is not documented)", "position and is_public"],
    notes: [APPENDIX_NOTE, ARTICLE_SHAPE_NOTE]
  },
  {
    id: "solutions.articles.update",
    family: "solutions",
    summary: "Update a solution article: PUT /api/v2/solutions/articles/[id] (category and folder leave the path) with the fields unwrapped from solution_article.",
    v1: { method: "PUT", paths: ["/solution/categories/:category_id/folders/:folder_id/articles/:id"], source: "reference" },
    plan: [v2("PUT", "/solutions/articles/:id", "update the article")],
    request: {
      wrapper: "solution_article",
      lens: [
        { op: "in", path: "body", lens: [{ op: "hoist", host: "tags", field: "name", to: "tags" }] },
        ...toParam2("body.solution_article.folder_id", "params.folder_id")
      ],
      resource: articleLens
    },
    response: articleObject,
    fidelity: "exact",
    notes: [
      APPENDIX_NOTE,
      "status 1 alone unpublishes the article in v2",
      "art_type has no documented v2 field: a request that sets it is manual",
      "moving an article to another folder is not in the public v2 update (folder_id in the body only addresses it here)",
      ARTICLE_SHAPE_NOTE,
      STATUS_NOTE
    ]
  },
  {
    id: "solutions.articles.delete",
    family: "solutions",
    summary: "Delete a solution article: DELETE /api/v2/solutions/articles/[id], which answers 204 with no body.",
    v1: { method: "DELETE", paths: ["/solution/categories/:category_id/folders/:folder_id/articles/:id"], source: "reference" },
    plan: [v2("DELETE", "/solutions/articles/:id", "delete the article")],
    request: { body: "none" },
    response: { v1Status: 200, shape: "none" },
    fidelity: "exact",
    notes: [APPENDIX_NOTE, "v2 answers 204 with no body (v1 200)", "v2 also deletes the translations of the article"]
  },
  ...["up", "down"].map(
    (dir2) => ({
      id: `solutions.articles.thumbs-${dir2}`,
      family: "solutions",
      summary: `Vote an article thumbs ${dir2}: there is no public v2 endpoint; v2 only reports the thumbs_${dir2} counter in GET /api/v2/solutions/articles/[id].`,
      v1: { method: "PUT", paths: [`/support/articles/:id/thumbs_${dir2}`], source: "reference" },
      plan: [],
      request: { body: "none" },
      response: { v1Status: 200, shape: "none" },
      fidelity: "none",
      substitute: `none through the API: votes are cast in the customer portal; read the thumbs_${dir2} counter from GET /api/v2/solutions/articles/[id]`,
      notes: [APPENDIX_NOTE, "INFERRED: no vote endpoint in the v2 reference"]
    })
  )
];

// rules/surveys.ts
var surveyResultLens = [
  { op: "rename", from: "customer_id", to: "user_id" },
  // v1 surveyable_id is the ticket's global id; v2 ticket_id is the display id: different values
  { op: "drop", path: "surveyable_id", reason: "surveyable_id is the global ticket id, which v2 does not have (v2 ticket_id is the display id)" },
  { op: "extra", path: "ticket_id", reason: "the display id of the rated ticket (v1 gave the global id as surveyable_id)" },
  // listed before the rating so that, coming back, it removes what is left of ratings after default_question
  { op: "extra", path: "ratings", reason: "ratings of the other questions (custom surveys): v1 had one rating" },
  { op: "convert", path: "rating", to: "ratings.default_question", converter: "surveyRating" },
  { op: "drop", path: "response_note_id", reason: "response_note_id (the note holding the feedback) is not in v2 ratings" },
  { op: "drop", path: "surveyable_type", reason: "surveyable_type (Helpdesk::Ticket) is not in v2 ratings" },
  { op: "extra", path: "feedback", reason: "v2 gives the feedback text in the rating (v1 kept it in a note, response_note_id)" },
  ...timestamps("created_at", "updated_at")
];
var RATING_NOTE = 'v1 rating 1 Awesome, 2 Just Okay, 3 Not Good; v2 classic surveys take 1 Happy, 2 Neutral, 3 Unhappy; accounts with custom surveys take 103 \u2026 -103: set the overlay option surveyScale to "custom" to send 103, 100, -103 (FC mapping)';
var LOST = ["surveyable_id (the global ticket id; v2 ticket_id is the display id)", "response_note_id and surveyable_type", "the ratings of additional questions (custom surveys) in the v1 shape"];
var SURVEY_RULES = [
  {
    id: "surveys.rate",
    family: "surveys",
    summary: "Rate a ticket: POST /api/v2/tickets/[ticket_id]/satisfaction_ratings with the rating moved from ?rating= into the body as ratings.default_question, next to feedback.",
    v1: { method: "POST", paths: ["/helpdesk/tickets/:ticket_id/surveys/rate"] },
    plan: [v2("POST", "/tickets/:ticket_id/satisfaction_ratings", "rate the ticket")],
    request: {
      lens: [{ op: "convert", path: "query.rating", to: "body.ratings.default_question", converter: "surveyRating" }]
    },
    response: { v1Status: 200, shape: "object", wrapper: "survey_result", resource: surveyResultLens },
    fidelity: "exact",
    notes: [
      RATING_NOTE,
      "v2 answers 201 Created (FC satisfaction_ratings_controller); 403 when no survey is active",
      "v2 needs ratings: a v1 request without ?rating= has nothing to send there",
      "reference \xA77.10: whether v2 refuses 1/2/3 on accounts with custom surveys is open; surveyScale makes the choice explicit"
    ]
  },
  {
    id: "surveys.list",
    family: "surveys",
    summary: "List a ticket's survey results: GET /api/v2/tickets/[ticket_id]/satisfaction_ratings; customer_id is user_id and rating is ratings.default_question.",
    v1: { method: "GET", paths: ["/helpdesk/tickets/:ticket_id/surveys"] },
    plan: [v2("GET", "/tickets/:ticket_id/satisfaction_ratings", "list the ticket's ratings")],
    request: { body: "none" },
    response: { v1Status: 200, shape: "list-wrapped", wrapper: "survey_result", resource: surveyResultLens },
    fidelity: "lossy",
    lost: LOST,
    notes: [RATING_NOTE, "account-wide ratings are new in v2: GET /api/v2/surveys/satisfaction_ratings?created_since=&user_id="]
  }
];

// rules/ticket-fields.ts
var ticketFieldLens = [
  { op: "convert", path: "name", converter: "ticketFieldName" },
  { op: "rename", from: "field_type", to: "type" },
  { op: "rename", from: "required", to: "required_for_agents" },
  { op: "rename", from: "required_in_portal", to: "required_for_customers" },
  { op: "rename", from: "editable_in_portal", to: "customers_can_edit" },
  { op: "rename", from: "visible_in_portal", to: "displayed_to_customers" },
  { op: "rename", from: "label_in_portal", to: "label_for_customers" },
  { op: "drop", path: "active", reason: "active has no v2 field (v2 lists active fields only)" },
  { op: "drop", path: "flexifield_def_entry_id", reason: "flexifield_def_entry_id is internal and gone in v2" },
  { op: "drop", path: "field_options", reason: "field_options has no v2 field" },
  { op: "drop", path: "choices", reason: "choices change shape: v2 dropdowns are arrays of values, status a map id \u2192 [agent, customer] label, source/priority a map name \u2192 number" },
  { op: "extra", path: "default", reason: "v2 only" },
  { op: "extra", path: "portal_cc", reason: "v2 only" },
  { op: "extra", path: "portal_cc_to", reason: "v2 only" },
  ...STANDARD_TIMESTAMPS
];
var TICKET_FIELD_RULES = [
  {
    id: "ticket-fields.list",
    family: "ticket-fields",
    summary: "List ticket fields: GET /api/v2/ticket_fields; field_type is type, required is required_for_agents, and custom names lose the account id suffix.",
    v1: { method: "GET", paths: ["/ticket_fields"] },
    plan: [v2("GET", "/ticket_fields", "list the ticket fields")],
    request: { body: "none" },
    response: { v1Status: 200, shape: "list-wrapped", wrapper: "ticket_field", resource: ticketFieldLens },
    fidelity: "lossy",
    lost: ["active, flexifield_def_entry_id and field_options", "the v1 shape of choices (v2 reshapes them per field type)"],
    notes: ["v2 also filters with ?type=<type>; admins have /api/v2/admin/ticket_fields"]
  }
];

// rules/tickets.ts
var GLOBAL_ID_LOST = "the v1 global ticket id (v2 id is the v1 display_id)";
var ticketLens = [
  // ids: v2 `id` is the v1 display_id; the v1 global id has no v2 field
  { op: "drop", path: "id", reason: `${GLOBAL_ID_LOST} has no v2 field`, only: "response" },
  { op: "rename", from: "display_id", to: "id" },
  // text vs HTML. Order matters: in reverse, description → description_html must run before
  // description_text → description, so the text rename is listed first here.
  { op: "convert", path: "description", converter: "textToHtml", only: "request" },
  { op: "rename", from: "description", to: "description_text", only: "response" },
  { op: "rename", from: "description_html", to: "description" },
  // renamed fields
  { op: "rename", from: "ticket_type", to: "type" },
  { op: "rename", from: "frDueBy", to: "fr_due_by" },
  { op: "drop", path: "isescalated", reason: "isescalated is read-only; v2 does not accept is_escalated", only: "request" },
  { op: "rename", from: "isescalated", to: "is_escalated" },
  { op: "rename", from: "owner_id", to: "company_id" },
  { op: "convert", path: "phone", converter: "numberToString", only: "request" },
  // flags v2 does not take in a write
  { op: "drop", path: "deleted", reason: "deleted cannot be written in v2: use DELETE /api/v2/tickets/[id] or PUT .../restore", only: "request" },
  { op: "drop", path: "spam", reason: "spam cannot be written through the public v2 API", only: "request" },
  // cc: a comma string in v1 requests, one object of three lists in v1 responses
  { op: "convert", path: "cc_emails", converter: "commaList", only: "request" },
  { op: "duplicate", path: "cc_emails", copy: "cc_email.cc_emails", only: "response" },
  { op: "hoist", host: "cc_email", field: "fwd_emails", only: "response" },
  { op: "hoist", host: "cc_email", field: "reply_cc", to: "reply_cc_emails", only: "response" },
  // tags: comma string in v1 requests, [{ name }] in v1 responses, strings in v2
  { op: "convert", path: "tags", converter: "commaList", only: "request" },
  { op: "convert", path: "tags", converter: "tagObjects", only: "response" },
  // custom fields lose the account id suffix
  { op: "rename", from: "custom_field", to: "custom_fields" },
  { op: "mapKeys", path: "custom_fields", converter: "ticketCustomFieldKey" },
  ...attachmentsOps,
  // notes embedded in the v1 view are the v2 conversations (fetched with a second call)
  { op: "map", path: "notes", lens: [{ op: "unwrap", key: "note" }, ...noteLens], only: "response" },
  { op: "rename", from: "notes", to: "conversations", only: "response" },
  // *_name fields are derived from the numbers plus account facts; `requester` must still be
  // there when requester_name is derived, so it is removed after (listed before) it
  { op: "extra", path: "requester", reason: "embedded by include=requester", only: "response" },
  { op: "derive", path: "status_name", deriver: "statusName", reason: "needs the default_status ticket field choices", only: "response" },
  {
    op: "derive",
    path: "requester_status_name",
    deriver: "requesterStatusName",
    reason: "needs the default_status ticket field choices",
    only: "response"
  },
  { op: "derive", path: "priority_name", deriver: "priorityName", reason: "unknown priority", only: "response" },
  { op: "derive", path: "source_name", deriver: "sourceName", reason: "unknown source", only: "response" },
  { op: "derive", path: "requester_name", deriver: "requesterName", reason: "needs include=requester or a contact lookup", only: "response" },
  { op: "derive", path: "responder_name", deriver: "responderName", reason: "needs an agent lookup (admin only)", only: "response" },
  // v2 omits deleted unless it is true
  { op: "v1Default", path: "deleted", value: false, only: "response" },
  // v1-only response fields
  { op: "drop", path: "delta", reason: "delta has no v2 field", only: "response" },
  { op: "drop", path: "trained", reason: "trained has no v2 field", only: "response" },
  { op: "drop", path: "to_email", reason: "to_email has no v2 field (to_emails stays)", only: "response" },
  // v2-only response fields
  { op: "extra", path: "association_type", reason: "v2 only", only: "response" },
  { op: "extra", path: "associated_tickets_list", reason: "v2 only", only: "response" },
  { op: "extra", path: "source_additional_info", reason: "v2 only", only: "response" },
  { op: "extra", path: "structured_description", reason: "v2 only", only: "response" },
  { op: "extra", path: "internal_agent_id", reason: "v2 only", only: "response" },
  { op: "extra", path: "internal_group_id", reason: "v2 only", only: "response" },
  { op: "extra", path: "stats", reason: "embedded by include=stats", only: "response" },
  { op: "extra", path: "watcher_ids", reason: "v2 only", only: "response" },
  { op: "extra", path: "nr_due_by", reason: "v2 only", only: "response" },
  { op: "extra", path: "nr_escalated", reason: "v2 only", only: "response" },
  ...timestamps("created_at", "updated_at", "due_by", "fr_due_by")
];
var SUMMARY_FIELDS = [
  "deleted",
  "display_id",
  "subject",
  "status_name",
  "requester_status_name",
  "priority_name",
  "source_name",
  "requester_name",
  "responder_name",
  "to_emails"
];
var HOIST_TAGS = { op: "in", path: "body", lens: [{ op: "hoist", host: "helpdesk", field: "tags" }] };
var createRequestLens = [
  { op: "convert", path: "source", converter: "ticketSourceOnCreate", only: "request" },
  ...ticketLens
];
var updateRequestLens = [
  ...ticketLens,
  { op: "drop", path: "cc_emails", reason: "v2 update refuses cc_emails: cc can only be set when the ticket is created" }
];
var listQueryLens2 = [
  { op: "rename", from: "query.filter_name", to: "query.filter" },
  { op: "convert", path: "query.filter", converter: "ticketFilter" },
  { op: "rename", from: "query.wf_order", to: "query.order_by" },
  { op: "rename", from: "query.wf_order_type", to: "query.order_type" }
];
var ASSIGN_TO_CALLER = [
  lookup("GET", "/agents/me", "find the calling agent id (cache it)", { provides: { "body.responder_id": "id" } }),
  v2("PUT", "/tickets/:id", "assign the ticket to the calling agent")
];
var LIST_LOST = "description and description_html: v2 list items carry them only with include=description (2 more credits)";
var ticketList = (extra = {}) => ({
  v1Status: 200,
  shape: "list",
  resource: ticketLens,
  ...extra
});
var ticketObject = { v1Status: 200, shape: "object", wrapper: "helpdesk_ticket", resource: ticketLens };
var ticketSummaryList = {
  v1Status: 200,
  shape: "summary-list",
  wrapper: "ticket",
  resource: ticketLens,
  project: SUMMARY_FIELDS
};
var LIST_NOTES2 = [
  "v1 pages hold 30 tickets; v2 takes per_page up to 100 and stops at 300 pages",
  "v1 list items are bare ticket objects, as in v2"
];
var TICKET_RULES = [
  {
    id: "tickets.create",
    family: "tickets",
    summary: "Create a ticket: POST /api/v2/tickets with the fields unwrapped from helpdesk_ticket, ticket_type as type, custom_field as custom_fields and cc_emails as an array.",
    v1: { method: "POST", paths: ["/helpdesk/tickets"] },
    plan: [v2("POST", "/tickets", "create the ticket")],
    request: {
      wrapper: "helpdesk_ticket",
      lens: [HOIST_TAGS],
      resource: createRequestLens,
      multipart: { v1Files: "helpdesk_ticket[attachments][][resource]", v2Files: "attachments[]" }
    },
    response: ticketObject,
    fidelity: "exact",
    notes: [
      "v2 answers 201 Created with a Location header (v1 answered 200)",
      "plain-text description is HTML-escaped (newlines become <br>) because v2 description is HTML",
      "v2 validates type against the account ticket types and custom field values by type",
      MULTIPART_NOTE
    ]
  },
  {
    id: "tickets.view",
    family: "tickets",
    summary: "View a ticket with its notes: GET /api/v2/tickets/[id]?include=requester, plus GET /api/v2/tickets/[id]/conversations for the notes.",
    v1: { method: "GET", paths: ["/helpdesk/tickets/:id"] },
    plan: [
      v2("GET", "/tickets/:id", "read the ticket (include=requester gives requester_name)", { query: { include: "requester" }, cost: 2 }),
      lookup("GET", "/tickets/:id/conversations", "read the notes (v1 embedded them)", { query: { per_page: "100" } })
    ],
    response: { ...ticketObject, embed: { conversations: 1 } },
    fidelity: "lossy",
    lost: [
      GLOBAL_ID_LOST,
      "meta notes (source 4) are never returned as v2 conversations",
      "delta, trained and to_email have no v2 fields",
      "responder_name needs GET /api/v2/agents/[responder_id] (admin only)"
    ],
    notes: ["include=conversations would embed at most 10 notes; the separate conversations call pages instead"]
  },
  {
    id: "tickets.list",
    family: "tickets",
    summary: "List tickets: GET /api/v2/tickets with filter instead of filter_name (the v1 default new_and_my_open must be asked for), order_by/order_type instead of wf_order/wf_order_type.",
    v1: { method: "GET", paths: ["/helpdesk/tickets"] },
    plan: [v2("GET", "/tickets", "list the tickets")],
    request: {
      body: "none",
      lens: [
        ...listQueryLens2,
        // v1 listed new_and_my_open by default; the v2 default is every ticket of the last 30 days
        { op: "v2Default", path: "query.filter", value: "new_and_my_open", unless: ["query.email", "query.company_id", "query.requester_id"] }
      ]
    },
    response: ticketList(),
    fidelity: "lossy",
    lost: [LIST_LOST, GLOBAL_ID_LOST],
    notes: LIST_NOTES2
  },
  {
    id: "tickets.list-by-company-name",
    family: "tickets",
    summary: "List tickets of a company by name: v2 has no company_name filter, so resolve the name with GET /api/v2/companies/autocomplete, then GET /api/v2/tickets?company_id=.",
    v1: { method: "GET", paths: ["/helpdesk/tickets"], whenQuery: ["company_name"] },
    plan: [
      lookup("GET", "/companies/autocomplete", "resolve the company name to an id (exact, case-insensitive match)", {
        query: { name: "{{query.company_name}}" },
        provides: { "query.company_id": "companies[name={{query.company_name}}].id" },
        consumes: ["query.company_name"]
      }),
      v2("GET", "/tickets", "list the company tickets")
    ],
    request: { body: "none", lens: listQueryLens2 },
    response: ticketList(),
    fidelity: "lossy",
    lost: [LIST_LOST, GLOBAL_ID_LOST],
    notes: ["autocomplete matches word prefixes: keep only the exact name match", ...LIST_NOTES2]
  },
  {
    id: "tickets.filter",
    family: "tickets",
    summary: "List a predefined view: GET /api/v2/tickets?filter= (monitored_by is watching; all_tickets is the default listing, limited to 30 days without updated_since).",
    v1: { method: "GET", paths: ["/helpdesk/tickets/filter/:filter_name"] },
    plan: [v2("GET", "/tickets", "list the tickets of the filter")],
    request: {
      body: "none",
      lens: [{ op: "rename", from: "params.filter_name", to: "query.filter_name" }, ...listQueryLens2]
    },
    response: ticketList(),
    fidelity: "lossy",
    lost: [LIST_LOST, GLOBAL_ID_LOST],
    notes: LIST_NOTES2
  },
  {
    id: "tickets.filter-requester",
    family: "tickets",
    summary: "List a requester's tickets: GET /api/v2/tickets?requester_id=.",
    v1: { method: "GET", paths: ["/helpdesk/tickets/filter/requester/:requester_id"] },
    plan: [v2("GET", "/tickets", "list the requester's tickets")],
    request: {
      body: "none",
      lens: [{ op: "rename", from: "params.requester_id", to: "query.requester_id" }, ...listQueryLens2]
    },
    response: ticketList(),
    fidelity: "lossy",
    lost: [LIST_LOST, GLOBAL_ID_LOST],
    notes: LIST_NOTES2
  },
  {
    id: "tickets.custom-view",
    family: "tickets",
    summary: "A custom ticket view has no public v2 equivalent: rebuild its conditions as a GET /api/v2/search/tickets query.",
    v1: { method: "GET", paths: ["/helpdesk/tickets/view/:view_id"] },
    plan: [
      v2("GET", "/search/tickets", "search with the view conditions rewritten as a query", {
        carries: false,
        query: { query: '"<conditions of view {{params.view_id}}>"' }
      })
    ],
    request: { body: "none" },
    response: ticketList(),
    fidelity: "manual",
    decision: "rewrite the custom view's conditions as a search query (field:value with AND/OR, cf_ prefix for custom fields)",
    substitute: 'GET /api/v2/search/tickets?query="..." (\u2264 300 results: 10 pages of 30, indexing delay, no archived tickets, no sort)',
    lost: ["sorting", "results beyond 300", "conditions on fields search cannot query"]
  },
  {
    id: "tickets.update",
    family: "tickets",
    summary: "Update a ticket: PUT /api/v2/tickets/[id] with the fields unwrapped; tags move from helpdesk.tags into tags (an array); cc_emails cannot be changed.",
    v1: { method: "PUT", paths: ["/helpdesk/tickets/:id"] },
    plan: [v2("PUT", "/tickets/:id", "update the ticket")],
    request: { wrapper: "helpdesk_ticket", lens: [HOIST_TAGS], resource: updateRequestLens },
    response: { ...ticketSummaryList, shape: "object" },
    fidelity: "exact",
    notes: [
      "v1 answered { ticket: summary }; v2 answers the whole ticket object",
      "setting tags replaces the whole set in both versions",
      "v2 answers 405 for a deleted or spam ticket"
    ]
  },
  {
    id: "tickets.pick",
    family: "tickets",
    summary: "Pick a ticket (assign it to yourself): GET /api/v2/agents/me, then PUT /api/v2/tickets/[id] with responder_id = your id.",
    v1: { method: "PUT", paths: ["/helpdesk/tickets/:id/pick_tickets"] },
    plan: ASSIGN_TO_CALLER,
    request: { body: "none" },
    response: ticketSummaryList,
    fidelity: "exact",
    notes: [
      "several tickets at once: POST /api/v2/tickets/bulk_update { bulk_action: { ids, properties: { responder_id } } } (an asynchronous job)"
    ]
  },
  {
    id: "tickets.assign",
    family: "tickets",
    summary: "Assign a ticket: PUT /api/v2/tickets/[id] with responder_id in the body instead of the query string.",
    v1: { method: "PUT", paths: ["/helpdesk/tickets/:id/assign"], whenQuery: ["responder_id"] },
    plan: [v2("PUT", "/tickets/:id", "assign the ticket")],
    request: {
      body: "none",
      lens: [{ op: "convert", path: "query.responder_id", to: "body.responder_id", converter: "stringToNumber" }]
    },
    response: ticketSummaryList,
    fidelity: "exact"
  },
  {
    id: "tickets.assign-self",
    family: "tickets",
    summary: "Assign without responder_id (v1 assigned the caller): GET /api/v2/agents/me, then PUT /api/v2/tickets/[id] with responder_id.",
    v1: { method: "PUT", paths: ["/helpdesk/tickets/:id/assign"] },
    plan: ASSIGN_TO_CALLER,
    request: { body: "none" },
    response: ticketSummaryList,
    fidelity: "exact"
  },
  {
    id: "tickets.delete",
    family: "tickets",
    summary: "Delete a ticket: DELETE /api/v2/tickets/[id], which answers 204 with no body (the ticket stays restorable).",
    v1: { method: "DELETE", paths: ["/helpdesk/tickets/:id"] },
    plan: [v2("DELETE", "/tickets/:id", "delete the ticket")],
    request: { body: "none" },
    response: { v1Status: 200, shape: "none" },
    fidelity: "exact",
    notes: ["v2 answers 405 when the ticket is already deleted or spam"]
  },
  {
    id: "tickets.restore",
    family: "tickets",
    summary: "Restore a deleted ticket: PUT /api/v2/tickets/[id]/restore with no body; it answers 204.",
    v1: { method: "PUT", paths: ["/helpdesk/tickets/:id/restore"] },
    plan: [
      v2("PUT", "/tickets/:id/restore", "restore the ticket", { status: 204 }),
      lookup("GET", "/tickets/:id", "read the restored ticket for the v1 summary", { forResponse: true })
    ],
    request: { body: "none" },
    response: ticketSummaryList,
    fidelity: "exact"
  }
];

// rules/time-entries.ts
var timeEntryLens = [
  { op: "rename", from: "user_id", to: "agent_id" },
  // duration: hhmm (request) and timespent (response, decimal hours) ↔ time_spent "hh:mm"
  { op: "convert", path: "hhmm", to: "time_spent", converter: "hhmmToTimeSpent", only: "request" },
  { op: "convert", path: "timespent", to: "time_spent", converter: "decimalHoursToHhmm", only: "response" },
  // v1 response fields v2 no longer sends (lookups: the agent, then the ticket's requester and company)
  { op: "drop", path: "agent_email", reason: "agent_email is not in v2 time entries (GET /api/v2/agents/[agent_id] \u2192 contact.email)", only: "response" },
  { op: "derive", path: "agent_name", deriver: "agentName", reason: "needs the agent name (GET /api/v2/agents/[agent_id], admin only)", only: "response" },
  { op: "drop", path: "contact_email", reason: "contact_email is not in v2 time entries (the ticket's requester)", only: "response" },
  { op: "drop", path: "customer_name", reason: "customer_name is not in v2 time entries (the ticket's company)", only: "response" },
  { op: "drop", path: "workable_type", reason: "workable_type (Helpdesk::Ticket) is not in v2 time entries", only: "response" },
  { op: "extra", path: "company_id", reason: "v2 only", only: "response" },
  ...timestamps("executed_at", "start_time", "created_at", "updated_at")
];
var timeEntryObject = { v1Status: 200, shape: "object", wrapper: "time_entry", resource: timeEntryLens };
var timeEntryList = { v1Status: 200, shape: "list-wrapped", wrapper: "time_entry", resource: timeEntryLens };
var RESPONSE_LOST = [
  "agent_email, contact_email, customer_name and workable_type (not in v2 time entries)",
  "agent_name unless the agent names are known (GET /api/v2/agents/[id], admin only)"
];
var HHMM_NOTE = 'hhmm: the v1 server read a number as decimal hours (10.40 = 10 h 24 min) and spec 001 says hours.minutes (10 h 40 min); a numeric hhmm is manual until the overlay option "hhmm" (decimal-hours or hours-minutes) says which; a string "H:MM" is unambiguous';
var TIMESPENT_NOTE = 'v1 timespent was decimal hours ("0.50" = 30 min), v2 time_spent is "hh:mm"';
var BILLABLE_NOTE = "billable defaults differ: spec 001 says false for v1, v2 (and the FC database) true; the create sends billable explicitly (false, per spec 001, when v1 left it out)";
var listQueryLens3 = [
  { op: "rename", from: "query.customer_id", to: "query.company_id" },
  { op: "rename", from: "query.start_date", to: "query.executed_after" },
  { op: "rename", from: "query.end_date", to: "query.executed_before" },
  { op: "rename", from: "query.customer_name", to: "query.company_name" },
  {
    op: "drop",
    path: "query.contact_email",
    fidelity: "manual",
    reason: "contact_email has no v2 time entry filter: find the contact (GET /api/v2/contacts?email=), list their tickets (GET /api/v2/tickets?requester_id=), then GET /api/v2/tickets/[id]/time_entries per ticket"
  },
  {
    op: "drop",
    path: "query.company_email",
    fidelity: "manual",
    reason: "company_email (spec 001; FC read contact_email) has no v2 time entry filter: resolve the contact or company first and filter by company_id, or list the contact tickets and their time entries"
  }
];
var UNRESOLVED_COMPANY_NAME = {
  op: "drop",
  path: "query.company_name",
  fidelity: "manual",
  reason: "customer_name (FC alias of company_name) has no v2 filter: resolve it with GET /api/v2/companies/autocomplete?name= and pass company_id (written as company_name= the request gets that two-call plan)"
};
var companyLookup = lookup("GET", "/companies/autocomplete", "resolve the company name to an id (exact, case-insensitive match)", {
  query: { name: "{{query.company_name}}" },
  provides: { "query.company_id": "companies[name={{query.company_name}}].id" },
  consumes: ["query.company_name"]
});
var agentLookup = lookup("GET", "/agents", "find the agent by e-mail (the agent id is the user id)", {
  query: { email: "{{query.email}}" },
  provides: { "query.agent_id": "[contact.email={{query.email}}].id" },
  consumes: ["query.email"]
});
var LIST_NOTES3 = [
  "customer_id (alias of company_id in FC v1) becomes company_id; start_date/end_date (both on executed_at) become executed_after/executed_before",
  'end_date: v2 executed_before is an instant; if v1 code passed a bare date meaning "through that day", pass the next day or a time (INFERRED)',
  "billable: FC v1 listed only billable entries when billable was absent, v2 lists all; add billable=true to keep the old result (not added automatically: spec 001 states no list default)",
  TIMESPENT_NOTE,
  "v1 list items are wrapped ([{ time_entry: {...} }]); v2 items are bare and paginated"
];
var listRule = (id, summary, whenQuery, steps, extraNotes = []) => ({
  id,
  family: "time-entries",
  summary,
  v1: { method: "GET", paths: ["/helpdesk/time_sheets"], ...whenQuery ? { whenQuery } : {} },
  plan: [...steps, v2("GET", "/time_entries", "list the time entries")],
  request: {
    body: "none",
    lens: whenQuery?.includes("company_name") ? listQueryLens3 : [...listQueryLens3, UNRESOLVED_COMPANY_NAME]
  },
  response: timeEntryList,
  fidelity: "lossy",
  lost: RESPONSE_LOST,
  notes: [...extraNotes, ...LIST_NOTES3]
});
var COMPANY_NAME_NOTE = "autocomplete matches name prefixes: keep only the exact (case-insensitive) name match, as v1 did";
var AGENT_EMAIL_NOTE = "GET /api/v2/agents needs admin privileges; cache the e-mail \u2192 id lookup";
var TIME_ENTRY_RULES = [
  {
    id: "time-entries.create",
    family: "time-entries",
    summary: 'Log time on a ticket: POST /api/v2/tickets/[ticket_id]/time_entries with user_id as agent_id and hhmm as time_spent "hh:mm".',
    v1: { method: "POST", paths: ["/helpdesk/tickets/:ticket_id/time_sheets"] },
    plan: [v2("POST", "/tickets/:ticket_id/time_entries", "create the time entry")],
    request: {
      wrapper: "time_entry",
      resource: [{ op: "v2Default", path: "billable", value: false, only: "request" }, ...timeEntryLens]
    },
    response: timeEntryObject,
    fidelity: "exact",
    notes: [
      HHMM_NOTE,
      BILLABLE_NOTE,
      "without hhmm the timer starts running, in both versions",
      "agent_id is optional in v2 (defaults to the caller; setting another agent needs the edit-time-entries privilege)",
      "v2 answers 201 Created; the v1 status of a create is not documented (200 assumed)",
      TIMESPENT_NOTE
    ]
  },
  {
    id: "time-entries.list-ticket",
    family: "time-entries",
    summary: `List a ticket's time entries: GET /api/v2/tickets/[ticket_id]/time_entries; items are bare and time_spent is "hh:mm".`,
    v1: { method: "GET", paths: ["/helpdesk/tickets/:ticket_id/time_sheets"] },
    plan: [v2("GET", "/tickets/:ticket_id/time_entries", "list the ticket's time entries")],
    request: { body: "none" },
    response: timeEntryList,
    fidelity: "lossy",
    lost: RESPONSE_LOST,
    notes: [TIMESPENT_NOTE, "v2 paginates this list (30 per page by default)"]
  },
  listRule(
    "time-entries.list",
    "List time entries: GET /api/v2/time_entries with customer_id as company_id and start_date/end_date as executed_after/executed_before.",
    void 0,
    [],
    ["billable and agent_id keep their names"]
  ),
  listRule(
    "time-entries.list-by-company-name",
    "List time entries of a company by name: v2 has no company_name filter, so resolve it with GET /api/v2/companies/autocomplete, then GET /api/v2/time_entries?company_id=.",
    ["company_name"],
    [companyLookup],
    [COMPANY_NAME_NOTE, "FC v1 also read customer_name as an alias of company_name"]
  ),
  listRule(
    "time-entries.list-by-agent-email",
    "List an agent's time entries by e-mail: v2 filters by agent_id, so find the agent with GET /api/v2/agents?email=, then GET /api/v2/time_entries?agent_id=.",
    ["email"],
    [agentLookup],
    [AGENT_EMAIL_NOTE]
  ),
  listRule(
    "time-entries.list-by-company-name-and-agent-email",
    "List time entries by company name and agent e-mail: resolve both (GET /api/v2/companies/autocomplete and GET /api/v2/agents?email=), then GET /api/v2/time_entries?company_id=&agent_id=.",
    ["company_name", "email"],
    [companyLookup, agentLookup],
    [COMPANY_NAME_NOTE, AGENT_EMAIL_NOTE]
  ),
  {
    id: "time-entries.update",
    family: "time-entries",
    summary: "Update a time entry: PUT /api/v2/time_entries/[id] (the ticket id leaves the path) with user_id as agent_id and hhmm as time_spent.",
    v1: { method: "PUT", paths: ["/helpdesk/tickets/:ticket_id/time_sheets/:id"] },
    plan: [v2("PUT", "/time_entries/:id", "update the time entry")],
    request: { wrapper: "time_entry", resource: timeEntryLens },
    response: timeEntryObject,
    fidelity: "exact",
    notes: [
      HHMM_NOTE,
      "v2 refuses to change agent_id or start_time while the timer runs, and timer_running set to its current value",
      TIMESPENT_NOTE
    ]
  },
  {
    id: "time-entries.toggle-timer",
    family: "time-entries",
    summary: "Start or stop a time entry's timer: PUT /api/v2/time_entries/[id]/toggle_timer with no body.",
    v1: { method: "PUT", paths: ["/helpdesk/time_sheets/:id/toggle_timer"] },
    plan: [v2("PUT", "/time_entries/:id/toggle_timer", "toggle the timer")],
    request: { body: "none" },
    response: timeEntryObject,
    fidelity: "exact",
    notes: ["starting a timer stops any other running timer of the same agent (v2)", TIMESPENT_NOTE]
  },
  {
    id: "time-entries.delete",
    family: "time-entries",
    summary: "Delete a time entry: DELETE /api/v2/time_entries/[id] (the ticket id leaves the path), which answers 204 with no body.",
    v1: { method: "DELETE", paths: ["/helpdesk/tickets/:ticket_id/time_sheets/:id"] },
    plan: [v2("DELETE", "/time_entries/:id", "delete the time entry")],
    request: { body: "none" },
    response: { v1Status: 200, shape: "none" },
    fidelity: "exact",
    notes: ["deleted time entries cannot be restored in either version"]
  }
];

// rules/index.ts
var ALL_RULES = [
  ...TICKET_RULES,
  ...TICKET_FIELD_RULES,
  ...NOTE_RULES,
  ...CONTACT_RULES,
  ...COMPANY_RULES,
  ...COMPANY_FIELD_RULES,
  ...AGENT_RULES,
  ...GROUP_RULES,
  ...TIME_ENTRY_RULES,
  ...SURVEY_RULES,
  ...DISCUSSION_RULES,
  ...SOLUTION_RULES
];

// src/catalogue/match.ts
var PLACEHOLDER = /^(\{[^/]*\}|\$\{[^/]*\}|:[A-Za-z_]\w*|\*|<[^/]*>|%s|%d|\[[^/]*\])$/;
function segmentMatches(name, value) {
  if (PLACEHOLDER.test(value)) return true;
  if (name === "id" || name.endsWith("_id")) return /^\d+$/.test(value);
  return /^[\w.@%+-]+$/.test(value);
}
var RuleMatcher = class {
  templates;
  constructor(rules) {
    this.templates = rules.flatMap(
      (rule) => rule.v1.paths.map((template) => {
        const segments = template.split("/").filter(Boolean);
        return { rule, template, segments, literals: segments.filter((s) => !s.startsWith(":")).length };
      })
    ).sort((a, b) => b.literals - a.literals || (b.rule.v1.whenQuery?.length ?? 0) - (a.rule.v1.whenQuery?.length ?? 0));
  }
  /** All rules whose path template matches, regardless of method or query. */
  matchPath(path) {
    const parts = path.split("/").filter(Boolean);
    const out = [];
    for (const t of this.templates) {
      if (t.segments.length !== parts.length) continue;
      const params = {};
      let ok = true;
      for (let i = 0; i < parts.length && ok; i++) {
        const seg = t.segments[i];
        const value = parts[i];
        if (seg.startsWith(":")) {
          ok = segmentMatches(seg.slice(1), value);
          if (ok) params[seg.slice(1)] = safeDecode(value);
        } else {
          ok = seg === value;
        }
      }
      if (!ok) continue;
      out.push({ rule: t.rule, params, template: t.template });
    }
    return out;
  }
  /** The rule for this request, or why there is none. */
  match(method, path, query) {
    const candidates = this.matchPath(path);
    if (candidates.length === 0) return { error: "unknown-path" };
    const sameMethod = candidates.filter((c) => c.rule.v1.method === method);
    if (sameMethod.length === 0) {
      return { error: "wrong-method", allowed: [...new Set(candidates.map((c) => c.rule.v1.method))] };
    }
    const best = sameMethod.filter((c) => templateLiterals(c.template) === templateLiterals(sameMethod[0].template));
    const withQuery = best.find((c) => c.rule.v1.whenQuery?.every((q) => q in query));
    if (withQuery) return { match: withQuery };
    const plain = best.find((c) => !c.rule.v1.whenQuery);
    return { match: plain ?? best[0] };
  }
};
function templateLiterals(template) {
  return template.split("/").filter((s) => s && !s.startsWith(":")).length;
}
function safeDecode(s) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

// src/catalogue/request.ts
function decode(s) {
  try {
    return decodeURIComponent(s.replace(/\+/g, " "));
  } catch {
    return s;
  }
}
function parseQuery(qs) {
  const out = {};
  for (const part of qs.split("&")) {
    if (!part) continue;
    const eq = part.indexOf("=");
    const key2 = decode(eq < 0 ? part : part.slice(0, eq));
    out[key2] = eq < 0 ? "" : decode(part.slice(eq + 1));
  }
  return out;
}
function parseTarget(target) {
  let rest = target.trim();
  let origin;
  const abs = /^(https?):\/\/([^/?#]+)/i.exec(rest);
  if (abs) {
    origin = abs[0];
    rest = rest.slice(abs[0].length) || "/";
  }
  rest = rest.replace(/#.*$/, "");
  const q = rest.indexOf("?");
  let path = q < 0 ? rest : rest.slice(0, q);
  const query = q < 0 ? {} : parseQuery(rest.slice(q + 1));
  if (!path.startsWith("/")) path = `/${path}`;
  path = path.replace(/\/{2,}/g, "/");
  if (path.length > 1) path = path.replace(/\/$/, "");
  let format = null;
  const suffix = /\.(json|xml)$/i.exec(path);
  if (suffix) {
    format = suffix[1].toLowerCase();
    path = path.slice(0, -suffix[0].length);
  } else if (query.format === "json" || query.format === "xml") {
    format = query.format;
  }
  return { path, query, format, origin, insecure: abs?.[1]?.toLowerCase() === "http" };
}
function isV2Path(path) {
  return /^\/api\/v2(\/|$)/.test(path);
}

// src/catalogue/converters/values.ts
var values_exports = {};
__export(values_exports, {
  commaIntList: () => commaIntList,
  commaList: () => commaList,
  looseBoolean: () => looseBoolean,
  numberToString: () => numberToString,
  splitCommaList: () => splitCommaList,
  stringToNumber: () => stringToNumber,
  toBoolean: () => toBoolean,
  zeroOneToBoolean: () => zeroOneToBoolean
});

// src/catalogue/converters/types.ts
var isBlank = (v) => v === null || v === void 0;

// src/catalogue/converters/values.ts
function splitCommaList(value) {
  return value.split(",").map((s) => s.trim()).filter((s) => s.length > 0);
}
var commaList = {
  description: "comma-separated string \u2194 array of strings (blank items dropped, spaces trimmed)",
  exact: true,
  forward(value, ctx) {
    if (isBlank(value)) return value;
    if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter((s) => s.length > 0);
    if (typeof value === "string") return splitCommaList(value);
    ctx.report("lossy", `${ctx.path}: expected a comma-separated string, got ${typeof value}`);
    return [String(value)];
  },
  backward(value) {
    if (Array.isArray(value)) return value.join(",");
    return value;
  }
};
var commaIntList = {
  description: 'comma-separated ids \u2194 array of numbers ("1, 16" \u2194 [1,16])',
  exact: true,
  forward(value, ctx) {
    if (isBlank(value)) return value;
    const items = Array.isArray(value) ? value.map(String) : splitCommaList(String(value));
    const out = [];
    for (const item of items) {
      const s = item.trim();
      if (s === "") continue;
      if (/^\d+$/.test(s)) out.push(Number(s));
      else ctx.report("lossy", `${ctx.path}: "${s}" is not a numeric id and was left out`);
    }
    return out;
  },
  backward(value) {
    if (Array.isArray(value)) return value.join(",");
    return value;
  }
};
var numberToString = {
  description: "number \u2194 string (v1 phone is a number, v2 a string)",
  exact: true,
  forward(value) {
    if (typeof value === "number") return String(value);
    return value;
  },
  backward(value) {
    if (typeof value === "string" && /^[1-9]\d{0,14}$/.test(value)) return Number(value);
    return value;
  }
};
var stringToNumber = {
  description: "numeric string \u2194 number (query parameters moved into a JSON body)",
  exact: true,
  forward(value, ctx) {
    if (typeof value === "string" && /^-?\d+$/.test(value.trim())) return Number(value.trim());
    if (typeof value === "number" || isBlank(value)) return value;
    ctx.report("manual", `${ctx.path}: "${String(value)}" is not a number`);
    return value;
  },
  backward(value) {
    return typeof value === "number" ? String(value) : value;
  }
};
function toBoolean(value) {
  if (value === true || value === false) return value;
  if (value === 1 || value === "1" || value === "true") return true;
  if (value === 0 || value === "0" || value === "false") return false;
  return void 0;
}
var zeroOneToBoolean = {
  description: '0/1 (or "0"/"1", true/false) \u2194 boolean; v1 reads back 0/1',
  exact: true,
  forward(value, ctx) {
    if (isBlank(value)) return value;
    const b = toBoolean(value);
    if (b === void 0) {
      ctx.report("manual", `${ctx.path}: ${JSON.stringify(value)} is neither 0/1 nor a boolean`);
      return value;
    }
    return b;
  },
  backward(value) {
    if (value === true) return 1;
    if (value === false) return 0;
    return value;
  }
};
var looseBoolean = {
  description: '0/1, "true"/"false" or boolean \u2192 boolean; v1 reads back a boolean',
  exact: true,
  forward: zeroOneToBoolean.forward,
  backward(value) {
    return value;
  }
};

// src/catalogue/converters/text.ts
var text_exports = {};
__export(text_exports, {
  HTML_ESCAPES: () => HTML_ESCAPES,
  NAMED_ENTITIES: () => NAMED_ENTITIES,
  htmlToText: () => htmlToText,
  tagObjects: () => tagObjects,
  textToHtml: () => textToHtml,
  textToHtmlConverter: () => textToHtmlConverter
});
var HTML_ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
function textToHtml(text) {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]).replace(/\r?\n/g, "<br>\n");
}
var NAMED_ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\xA0", "#39": "'" };
function htmlToText(html) {
  return html.replace(/<br\s*\/?>\n?/gi, "\n").replace(/<\/(p|div|li|h[1-6])>\n?/gi, "\n").replace(/<[^>]*>/g, "").replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (m, e) => {
    if (e.startsWith("#x") || e.startsWith("#X")) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith("#") && e !== "#39") return String.fromCodePoint(parseInt(e.slice(1), 10));
    return NAMED_ENTITIES[e.toLowerCase()] ?? m;
  });
}
var textToHtmlConverter = {
  description: "plain text \u2192 HTML (characters escaped, newlines kept as <br>) \u2194 HTML \u2192 text",
  exact: true,
  forward(value) {
    return typeof value === "string" ? textToHtml(value) : value;
  },
  backward(value) {
    return typeof value === "string" ? htmlToText(value) : value;
  }
};
var tagObjects = {
  description: "array of { name } objects \u2194 array of strings",
  exact: true,
  forward(value, ctx) {
    if (!Array.isArray(value)) return value;
    return value.map((t) => {
      if (t && typeof t === "object" && "name" in t) return String(t.name);
      if (typeof t === "string") return t;
      ctx.report("lossy", `${ctx.path}: tag ${JSON.stringify(t)} has no name`);
      return String(t);
    });
  },
  backward(value) {
    if (!Array.isArray(value)) return value;
    return value.map((name) => ({ name }));
  }
};

// src/catalogue/converters/time.ts
var time_exports = {};
__export(time_exports, {
  OFFSET_RE: () => OFFSET_RE,
  UNASSIGNED_FOR: () => UNASSIGNED_FOR,
  decimalHoursToHhmm: () => decimalHoursToHhmm,
  formatHhmm: () => formatHhmm,
  formatOffset: () => formatOffset,
  formatUtc: () => formatUtc,
  formatWithOffset: () => formatWithOffset,
  hhmmToMinutes: () => hhmmToMinutes,
  hhmmToTimeSpent: () => hhmmToTimeSpent,
  offsetToUtc: () => offsetToUtc,
  parseInstant: () => parseInstant,
  parseOffset: () => parseOffset,
  secondsToUnassignedFor: () => secondsToUnassignedFor
});
var OFFSET_RE = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;
function parseOffset(offset) {
  if (!offset || offset === "Z") return 0;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(offset);
  if (!m) throw new Error(`not a UTC offset: ${offset}`);
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === "-" ? -minutes : minutes;
}
function formatOffset(minutes) {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}
function parseInstant(value) {
  const m = OFFSET_RE.exec(value);
  if (!m) return void 0;
  const [, date, hh, mm, ss, zone] = m;
  const base = Date.parse(`${date}T${hh}:${mm}:${ss ?? "00"}Z`);
  if (Number.isNaN(base)) return void 0;
  return base - parseOffset(zone === void 0 ? "Z" : zone) * 6e4;
}
function formatUtc(ms) {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}
function formatWithOffset(ms, offset) {
  const minutes = parseOffset(offset);
  const local = new Date(ms + minutes * 6e4).toISOString().replace(/\.\d{3}Z$/, "");
  return `${local}${formatOffset(minutes)}`;
}
var offsetToUtc = {
  description: "timestamp with the account offset (+10:00) \u2194 UTC (Z); the same instant",
  exact: true,
  forward(value, ctx) {
    if (typeof value !== "string") return value;
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
    const ms = parseInstant(value);
    if (ms === void 0) {
      ctx.report("lossy", `${ctx.path}: "${value}" is not an ISO 8601 timestamp`);
      return value;
    }
    return formatUtc(ms);
  },
  backward(value, ctx) {
    if (typeof value !== "string") return value;
    const ms = parseInstant(value);
    if (ms === void 0 || /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
    return formatWithOffset(ms, ctx.overlay.utcOffset ?? "+00:00");
  }
};
var UNASSIGNED_FOR = [
  [1800, "30m"],
  [3600, "1h"],
  [7200, "2h"],
  [14400, "4h"],
  [28800, "8h"],
  [43200, "12h"],
  [86400, "1d"],
  [172800, "2d"],
  [259200, "3d"]
];
var secondsToUnassignedFor = {
  description: "escalation seconds (assign_time) \u2194 unassigned_for (30m, 1h, 2h, 4h, 8h, 12h, 1d, 2d, 3d)",
  exact: true,
  forward(value, ctx) {
    if (isBlank(value)) return value;
    const seconds = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
    if (typeof seconds !== "number" || !Number.isFinite(seconds)) {
      ctx.report("manual", `${ctx.path}: ${JSON.stringify(value)} is not a number of seconds`);
      return void 0;
    }
    const hit = UNASSIGNED_FOR.find(([s]) => s === seconds);
    if (hit) return hit[1];
    const up = UNASSIGNED_FOR.find(([s]) => s >= seconds) ?? UNASSIGNED_FOR[UNASSIGNED_FOR.length - 1];
    ctx.report(
      "lossy",
      `${ctx.path}: ${seconds} s is not one of the nine unassigned_for values (30m, 1h, 2h, 4h, 8h, 12h, 1d, 2d, 3d); sent ${up[1]} (${up[0]} s), the nearest value that does not escalate earlier`
    );
    return up[1];
  },
  backward(value) {
    if (isBlank(value)) return value;
    const hit = UNASSIGNED_FOR.find(([, s]) => s === value);
    return hit ? hit[0] : null;
  }
};
function formatHhmm(totalMinutes) {
  const h = Math.floor(totalMinutes / 60);
  const m = totalMinutes % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}
function hhmmToMinutes(value, mode) {
  if (typeof value === "string") {
    const colon = /^(\d{1,3}):([0-5]\d)$/.exec(value.trim());
    if (colon) return Number(colon[1]) * 60 + Number(colon[2]);
    if (!/^\d+(\.\d+)?$/.test(value.trim())) return void 0;
    value = Number(value.trim());
  }
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) return void 0;
  if (mode === "hours-minutes") {
    const hours = Math.floor(value);
    const minutes = Math.round((value - hours) * 100);
    if (minutes > 59) return void 0;
    return hours * 60 + minutes;
  }
  return Math.round(value * 60);
}
var hhmmToTimeSpent = {
  description: 'v1 hhmm (number or "H:MM") \u2192 v2 time_spent "hh:mm"; numbers are read per the overlay option hhmm (decimal-hours, as the real server did, or hours-minutes, as spec 001 says) \u2194 "hh:mm" \u2192 v1 timespent string',
  exact: true,
  forward(value, ctx) {
    if (isBlank(value)) return value;
    const isColon = typeof value === "string" && /^\d{1,3}:[0-5]\d$/.test(value.trim());
    if (!isColon && !ctx.overlay.hhmm) {
      const minutesDec = hhmmToMinutes(value, "decimal-hours");
      const minutesHm = hhmmToMinutes(value, "hours-minutes");
      ctx.report(
        "manual",
        `${ctx.path}: numeric hhmm ${JSON.stringify(value)} is ambiguous: ${minutesDec === void 0 ? "invalid" : formatHhmm(minutesDec)} if read as decimal hours (what the v1 server did), ${minutesHm === void 0 ? "invalid" : formatHhmm(minutesHm)} if read as hours.minutes (what spec 001 says); choose with the overlay option "hhmm"`
      );
      return minutesDec === void 0 ? value : formatHhmm(minutesDec);
    }
    const minutes = hhmmToMinutes(value, ctx.overlay.hhmm);
    if (minutes === void 0) {
      ctx.report("manual", `${ctx.path}: ${JSON.stringify(value)} is not a duration`);
      return value;
    }
    return formatHhmm(minutes);
  },
  backward(value) {
    if (typeof value !== "string") return value;
    const m = /^(\d+):([0-5]\d)$/.exec(value);
    if (!m) return value;
    return ((Number(m[1]) * 60 + Number(m[2])) / 60).toFixed(2);
  }
};
var decimalHoursToHhmm = {
  description: 'decimal hours string "1.50" \u2194 "hh:mm" "01:30" (rounded to the minute)',
  exact: true,
  forward(value, ctx) {
    if (isBlank(value)) return value;
    const n = typeof value === "number" ? value : Number(value);
    if (!Number.isFinite(n) || n < 0) {
      ctx.report("lossy", `${ctx.path}: ${JSON.stringify(value)} is not a number of hours`);
      return value;
    }
    return formatHhmm(Math.round(n * 60));
  },
  backward: hhmmToTimeSpent.backward
};

// src/catalogue/converters/keys.ts
var keys_exports = {};
__export(keys_exports, {
  prefixedKey: () => prefixedKey,
  ticketCustomFieldKey: () => ticketCustomFieldKey
});
var ticketCustomFieldKey = {
  description: "v1 ticket custom field name with _<account_id> suffix \u2194 v2 name without it",
  exact: true,
  forward(key2, ctx) {
    const explicit = ctx.overlay.ticketFields?.[key2];
    if (explicit) return explicit;
    const acct = ctx.overlay.accountId;
    if (acct) {
      if (key2.endsWith(`_${acct}`)) return key2.slice(0, -(acct.length + 1));
      ctx.report("lossy", `${ctx.path}.${key2}: no _${acct} suffix; kept the name as is`);
      return key2;
    }
    const m = /^(.+)_(\d{3,})$/.exec(key2);
    if (m) return m[1];
    return key2;
  },
  backward(key2, ctx) {
    const explicit = Object.entries(ctx.overlay.ticketFields ?? {}).find(([, v22]) => v22 === key2);
    if (explicit) return explicit[0];
    if (ctx.overlay.accountId) return `${key2}_${ctx.overlay.accountId}`;
    ctx.report("lossy", `${ctx.path}.${key2}: the v1 name needs the account id suffix; set accountId in the overlay`);
    return key2;
  }
};
function prefixedKey(map) {
  return {
    description: "v1 contact/company custom field cf_<name> \u2194 v2 <name>",
    exact: true,
    forward(key2, ctx) {
      const explicit = ctx.overlay[map]?.[key2];
      if (explicit) return explicit;
      return key2.startsWith("cf_") ? key2.slice(3) : key2;
    },
    backward(key2, ctx) {
      const explicit = Object.entries(ctx.overlay[map] ?? {}).find(([, v22]) => v22 === key2);
      if (explicit) return explicit[0];
      return `cf_${key2}`;
    }
  };
}

// src/catalogue/converters/tickets.ts
var tickets_exports = {};
__export(tickets_exports, {
  CUSTOM_SCALE: () => CUSTOM_SCALE,
  DEFAULT_TICKET_FIELDS: () => DEFAULT_TICKET_FIELDS,
  SCOPING_PARAMS: () => SCOPING_PARAMS,
  TICKET_FILTERS: () => TICKET_FILTERS,
  attachmentUploads: () => attachmentUploads,
  surveyRating: () => surveyRating,
  ticketFieldName: () => ticketFieldName,
  ticketFilter: () => ticketFilter,
  ticketSourceOnCreate: () => ticketSourceOnCreate
});
var TICKET_FILTERS = {
  new_and_my_open: "new_and_my_open",
  new_my_open: "new_and_my_open",
  // the spelling python-freshdesk's v1 client used
  monitored_by: "watching",
  spam: "spam",
  deleted: "deleted",
  all_tickets: null
};
var SCOPING_PARAMS = ["requester_id", "email", "company_id", "company_name", "updated_since"];
var ticketFilter = {
  description: "v1 filter name \u2192 v2 filter (monitored_by \u2192 watching, all_tickets \u2192 no filter, new_my_open \u2192 new_and_my_open)",
  exact: true,
  forward(value, ctx) {
    if (isBlank(value)) return value;
    const name = String(value);
    if (!(name in TICKET_FILTERS)) {
      ctx.report("manual", `${ctx.path}: "${name}" is not a v1 filter name; v2 knows new_and_my_open, watching, spam, deleted`);
      return name;
    }
    const v22 = TICKET_FILTERS[name];
    if (v22 === null) {
      const query = ctx.root?.query ?? {};
      if (!SCOPING_PARAMS.some((p) => p in query)) {
        ctx.report(
          "lossy",
          `${ctx.path}: all_tickets has no v2 filter, and the v2 default listing covers only tickets created in the last 30 days; add updated_since=<date> to reach older tickets (it filters on updated_at, not created_at)`
        );
      }
      return void 0;
    }
    return v22;
  },
  backward(value) {
    if (value === "watching") return "monitored_by";
    return value;
  }
};
var attachmentUploads = {
  description: "v1 attachments [{ resource: file }] \u2194 v2 attachments[] files",
  exact: true,
  forward(value) {
    if (!Array.isArray(value)) return value;
    return value.map(
      (item) => item && typeof item === "object" && "resource" in item ? item.resource : item
    );
  },
  backward(value) {
    if (!Array.isArray(value)) return value;
    return value.map((resource) => ({ resource }));
  }
};
var ticketSourceOnCreate = {
  description: "ticket source on create: same numbers, but v2 refuses 4 (Forum), 12 and 13, and 10 without compose-email",
  exact: true,
  forward(value, ctx) {
    const n = Number(value);
    if (n === 4 || n === 12 || n === 13) {
      ctx.report("manual", `${ctx.path}: v2 refuses to create tickets with source ${n}; choose another source (e.g. 2 Portal)`);
    } else if (n === 10) {
      ctx.report("manual", `${ctx.path}: source 10 (Outbound Email) needs the compose-email feature; use POST /api/v2/tickets/outbound_email`);
    }
    return value;
  },
  backward: (value) => value
};
var ticketFieldName = {
  description: "ticket field name: custom names lose the _<account_id> suffix",
  exact: true,
  forward: (value, ctx) => typeof value === "string" ? ticketCustomFieldKey.forward(value, ctx) : value,
  backward: (value, ctx) => typeof value === "string" && !DEFAULT_TICKET_FIELDS.has(value) ? ticketCustomFieldKey.backward(value, ctx) : value
};
var DEFAULT_TICKET_FIELDS = /* @__PURE__ */ new Set([
  "requester",
  "subject",
  "ticket_type",
  "source",
  "status",
  "priority",
  "group",
  "agent",
  "product",
  "description",
  "company"
]);
var CUSTOM_SCALE = { 1: 103, 2: 100, 3: -103 };
var surveyRating = {
  description: "v1 rating 1 Awesome, 2 Just Okay, 3 Not Good \u2194 v2 ratings.default_question (classic 1/2/3, or custom 103/100/-103 with the overlay option surveyScale)",
  exact: true,
  forward(value, ctx) {
    const n = typeof value === "string" && /^-?\d+$/.test(value) ? Number(value) : value;
    if (n !== 1 && n !== 2 && n !== 3) {
      ctx.report("manual", `${ctx.path}: rating ${JSON.stringify(value)} is not 1, 2 or 3`);
      return n;
    }
    return ctx.overlay.surveyScale === "custom" ? CUSTOM_SCALE[n] : n;
  },
  backward(value, ctx) {
    if (typeof value !== "number") return value;
    if (value >= 1 && value <= 3) return value;
    if (value > 100) return 1;
    if (value === 100) return 2;
    if (value < -100) return 3;
    ctx.report("lossy", `${ctx.path}: custom survey value ${value} has no v1 rating`);
    return null;
  }
};

// src/catalogue/converters/people.ts
var people_exports = {};
__export(people_exports, {
  agentObjectsToIds: () => agentObjectsToIds,
  agentQuery: () => agentQuery,
  agentState: () => agentState,
  autoTicketAssign: () => autoTicketAssign,
  contactQuery: () => contactQuery,
  contactState: () => contactState,
  queryCondition: () => queryCondition
});
function queryCondition(columns, what) {
  const names = Object.keys(columns).join(", ");
  return {
    description: `v1 ${what} list condition "query=<column> is <value>" (${names}) \u2194 the v2 filter parameter of that column`,
    exact: true,
    forward(value, ctx) {
      if (isBlank(value)) return value;
      const text = String(value).trim();
      const m = /^(\w+)\s+(is|like)\s+(.+)$/i.exec(text);
      if (!m) {
        ctx.report("manual", `${ctx.path}: "${text}" is not a v1 condition of the form "<column> is <value>" (columns ${names})`);
        return void 0;
      }
      const column = m[1].toLowerCase();
      const operator = m[2].toLowerCase();
      const raw = m[3].trim().replace(/^(['"])(.*)\1$/, "$2");
      const target = columns[column];
      if (!target) {
        ctx.report("manual", `${ctx.path}: v1 ${what} could be filtered on ${names}, not on "${column}"`);
        return void 0;
      }
      if (operator === "like") {
        ctx.report(
          "manual",
          `${ctx.path}: "${column} like ${raw}" (substring match) has no v2 filter; ` + (what === "contacts" ? `substitute GET /api/v2/search/contacts?query="${target}:'${raw}'" (exact value, indexing delay, 10 pages at most) or GET /api/v2/contacts/autocomplete?term=<name prefix> (names only), or list and filter client-side` : `substitute GET /api/v2/agents/autocomplete?term=<name or e-mail prefix>, or list and filter client-side`)
        );
        return void 0;
      }
      return { [target]: target === "company_id" && /^\d+$/.test(raw) ? Number(raw) : raw };
    },
    backward(value) {
      if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
      const [entry] = Object.entries(value);
      if (!entry) return void 0;
      const column = Object.entries(columns).find(([, v22]) => v22 === entry[0])?.[0] ?? entry[0];
      return `${column} is ${String(entry[1])}`;
    }
  };
}
var contactQuery = queryCondition(
  { email: "email", phone: "phone", mobile: "mobile", customer_id: "company_id", company_id: "company_id" },
  "contacts"
);
var agentQuery = queryCondition({ email: "email", phone: "phone", mobile: "mobile" }, "agents");
var contactState = {
  description: "v1 contact list state (verified, unverified, deleted, blocked, all) \u2194 v2 state (all = no state parameter)",
  exact: true,
  forward(value, ctx) {
    if (isBlank(value)) return value;
    const s = String(value).trim().toLowerCase();
    if (s === "all") return void 0;
    if (["verified", "unverified", "deleted", "blocked"].includes(s)) return s;
    ctx.report("manual", `${ctx.path}: "${String(value)}" is not a contact state; v2 knows verified, unverified, deleted, blocked`);
    return value;
  },
  backward: (value) => value
};
var agentState = {
  description: "v1 agent list state (active, occasional) \u2194 v2 state (fulltime, occasional)",
  exact: true,
  forward(value, ctx) {
    if (isBlank(value)) return value;
    const s = String(value).trim().toLowerCase();
    if (s === "occasional") return s;
    if (s === "active" || s === "fulltime") return "fulltime";
    ctx.report("manual", `${ctx.path}: "${String(value)}" has no v2 agent state; v2 knows fulltime and occasional (no deleted agents)`);
    return value;
  },
  backward: (value) => value === "fulltime" ? "active" : value
};
var autoTicketAssign = {
  description: "group ticket_assign_type \u2194 auto_ticket_assign (v2 /groups writes only 0 disabled or 1 round robin)",
  exact: true,
  forward(value, ctx) {
    if (isBlank(value)) return value;
    const n = value === true ? 1 : value === false ? 0 : typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value;
    if (ctx.kind === "request" && n !== 0 && n !== 1) {
      ctx.report(
        "manual",
        `${ctx.path}: ticket_assign_type ${JSON.stringify(value)}: /api/v2/groups accepts only 0 (disabled) and 1 (round robin); skill-based (2), load-based (3) and Omniroute (12) are set with /api/v2/admin/groups (automatic_agent_assignment)`
      );
    }
    return n;
  },
  backward(value) {
    if (value === true) return 1;
    if (value === false) return 0;
    return value;
  }
};
var agentObjectsToIds = {
  description: "v1 group agents (agent user objects) \u2192 v2 agent_ids; coming back only { id } objects can be rebuilt",
  exact: false,
  forward(value, ctx) {
    if (isBlank(value)) return value;
    ctx.report("lossy", `${ctx.path}: v2 keeps only the ids of the group's agents`);
    if (!Array.isArray(value)) return value;
    return value.map((a) => {
      if (a && typeof a === "object") {
        const o = a.user ?? a;
        const id = o.id ?? a.user_id;
        return typeof id === "string" && /^\d+$/.test(id) ? Number(id) : id;
      }
      return a;
    }).filter((id) => id !== void 0);
  },
  backward(value, ctx) {
    if (!Array.isArray(value)) return value;
    if (value.length > 0) {
      ctx.report("lossy", `${ctx.path}: v2 gives only agent ids; name, email and the other agent fields need GET /api/v2/agents/[id]`);
    }
    return value.map((id) => ({ id }));
  }
};

// src/catalogue/converters/community.ts
var community_exports = {};
__export(community_exports, {
  DEFAULT_COMPANY_FIELDS: () => DEFAULT_COMPANY_FIELDS,
  companyFieldName: () => companyFieldName,
  customerIdObjects: () => customerIdObjects,
  folderVisibility: () => folderVisibility,
  topicStampType: () => topicStampType
});
var topicStampType = {
  description: "topic stamp_type: same numbers (1 Planned, 2 Implemented, 3 Not Taken; v2 adds 4 In Progress, 5 Deferred, 6/7 Answered/Unanswered, 8/9 Solved/Unsolved)",
  exact: true,
  forward(value, ctx) {
    if (isBlank(value)) return value;
    if (ctx.kind !== "request") return value;
    const n = typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value;
    if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > 9) {
      ctx.report("manual", `${ctx.path}: stamp_type ${JSON.stringify(value)} is not a topic stamp (1-9)`);
      return value;
    }
    return n;
  },
  backward: (value) => value
};
var folderVisibility = {
  description: "solution folder visibility 1 All, 2 Logged in, 3 Agents, 4 Companies (same in v2; v2 adds 5 Bots, 6 contact and 7 company segments)",
  exact: true,
  forward(value, ctx) {
    if (isBlank(value) || ctx.kind !== "request") return value;
    const n = typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value;
    if (n !== 1 && n !== 2 && n !== 3 && n !== 4) {
      ctx.report("manual", `${ctx.path}: visibility ${JSON.stringify(value)} is not a v1 folder visibility (1-4)`);
    }
    return n;
  },
  backward(value, ctx) {
    if (typeof value === "number" && value > 4) {
      ctx.report("lossy", `${ctx.path}: v2 visibility ${value} (bots or segments) has no v1 value`);
    }
    return value;
  }
};
var customerIdObjects = {
  description: "v1 [{ customer_id }] (or ids) \u2194 v2 company ids",
  exact: true,
  forward(value, ctx) {
    if (isBlank(value)) return value;
    const items = Array.isArray(value) ? value : [value];
    const out = [];
    for (const item of items) {
      const id = item && typeof item === "object" ? item.customer_id : item;
      if (typeof id === "number" && Number.isInteger(id)) out.push(id);
      else if (typeof id === "string" && /^\d+$/.test(id.trim())) out.push(Number(id.trim()));
      else ctx.report("lossy", `${ctx.path}: ${JSON.stringify(item)} holds no numeric customer_id and was left out`);
    }
    return out;
  },
  backward(value) {
    if (!Array.isArray(value)) return value;
    return value.map((customer_id) => ({ customer_id }));
  }
};
var companyFieldName = {
  description: "company field name: custom names lose the cf_ prefix (default fields keep theirs)",
  exact: true,
  forward(value, ctx) {
    if (typeof value !== "string") return value;
    const explicit = ctx.overlay.companyFields?.[value];
    if (explicit) return explicit;
    return value.startsWith("cf_") ? value.slice(3) : value;
  },
  backward(value, ctx) {
    if (typeof value !== "string") return value;
    const explicit = Object.entries(ctx.overlay.companyFields ?? {}).find(([, v22]) => v22 === value);
    if (explicit) return explicit[0];
    const root = ctx.root ?? {};
    const type = root.type ?? root.field_type;
    let custom;
    if (root.default === true || root.default === false) custom = !root.default;
    else if (typeof type === "string" && /^(custom|default)_/.test(type)) custom = type.startsWith("custom_");
    else custom = !DEFAULT_COMPANY_FIELDS.has(value);
    return custom ? `cf_${value}` : value;
  }
};
var DEFAULT_COMPANY_FIELDS = /* @__PURE__ */ new Set([
  "name",
  "description",
  "note",
  "domains",
  "health_score",
  "account_tier",
  "renewal_date",
  "industry"
]);

// src/catalogue/converters.ts
var { commaList: commaList2, commaIntList: commaIntList2, numberToString: numberToString2, stringToNumber: stringToNumber2, zeroOneToBoolean: zeroOneToBoolean2, looseBoolean: looseBoolean2 } = values_exports;
var { textToHtmlConverter: textToHtmlConverter2, tagObjects: tagObjects2 } = text_exports;
var { offsetToUtc: offsetToUtc2, secondsToUnassignedFor: secondsToUnassignedFor2, hhmmToTimeSpent: hhmmToTimeSpent2, decimalHoursToHhmm: decimalHoursToHhmm2 } = time_exports;
var { ticketCustomFieldKey: ticketCustomFieldKey2, prefixedKey: prefixedKey2 } = keys_exports;
var { ticketFilter: ticketFilter2, attachmentUploads: attachmentUploads2, ticketSourceOnCreate: ticketSourceOnCreate2, ticketFieldName: ticketFieldName2, surveyRating: surveyRating2 } = tickets_exports;
var { contactQuery: contactQuery2, agentQuery: agentQuery2, contactState: contactState2, agentState: agentState2, autoTicketAssign: autoTicketAssign2, agentObjectsToIds: agentObjectsToIds2 } = people_exports;
var { topicStampType: topicStampType2, folderVisibility: folderVisibility2, customerIdObjects: customerIdObjects2, companyFieldName: companyFieldName2 } = community_exports;
var CONVERTERS = {
  commaList: commaList2,
  commaIntList: commaIntList2,
  numberToString: numberToString2,
  stringToNumber: stringToNumber2,
  zeroOneToBoolean: zeroOneToBoolean2,
  looseBoolean: looseBoolean2,
  textToHtml: textToHtmlConverter2,
  tagObjects: tagObjects2,
  offsetToUtc: offsetToUtc2,
  secondsToUnassignedFor: secondsToUnassignedFor2,
  hhmmToTimeSpent: hhmmToTimeSpent2,
  decimalHoursToHhmm: decimalHoursToHhmm2,
  surveyRating: surveyRating2,
  ticketFilter: ticketFilter2,
  attachmentUploads: attachmentUploads2,
  ticketSourceOnCreate: ticketSourceOnCreate2,
  ticketFieldName: ticketFieldName2,
  contactQuery: contactQuery2,
  agentQuery: agentQuery2,
  contactState: contactState2,
  agentState: agentState2,
  autoTicketAssign: autoTicketAssign2,
  agentObjectsToIds: agentObjectsToIds2,
  topicStampType: topicStampType2,
  folderVisibility: folderVisibility2,
  customerIdObjects: customerIdObjects2,
  companyFieldName: companyFieldName2
};
var KEY_CONVERTERS = {
  ticketCustomFieldKey: ticketCustomFieldKey2,
  contactCustomFieldKey: prefixedKey2("contactFields"),
  companyCustomFieldKey: prefixedKey2("companyFields")
};
function worstFidelity(list) {
  const order2 = ["exact", "lossy", "manual", "none"];
  let worst = 0;
  for (const f of list) worst = Math.max(worst, order2.indexOf(f));
  return order2[worst];
}

// src/catalogue/form.ts
function splitBracketKey(key2) {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key2);
  if (!m) return [key2];
  const parts = [m[1]];
  for (const b of m[2].matchAll(/\[([^[\]]*)\]/g)) parts.push(b[1]);
  return parts;
}
var isObj = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
function parseBracketFields(entries) {
  const root = {};
  for (const [key2, value] of entries) {
    const parts = splitBracketKey(key2);
    let cur = root;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      const last = i === parts.length - 1;
      if (Array.isArray(cur)) {
        if (last) {
          cur.push(value);
          break;
        }
        let item = cur[cur.length - 1];
        if (!isObj(item) || parts[i + 1] in item) {
          item = {};
          cur.push(item);
        }
        cur = item;
        continue;
      }
      if (last) {
        cur[part] = value;
        break;
      }
      const wantArray = parts[i + 1] === "";
      if (wantArray ? !Array.isArray(cur[part]) : !isObj(cur[part])) cur[part] = wantArray ? [] : {};
      cur = cur[part];
    }
  }
  return root;
}

// src/catalogue/derivers.ts
var DEFAULT_STATUSES = {
  "2": ["Open", "Being Processed"],
  "3": ["Pending", "Awaiting your Reply"],
  "4": ["Resolved", "This ticket has been Resolved"],
  "5": ["Closed", "This ticket has been Closed"]
};
var PRIORITY_NAMES = { "1": "Low", "2": "Medium", "3": "High", "4": "Urgent" };
var SOURCE_NAMES = {
  "1": "Email",
  "2": "Portal",
  "3": "Phone",
  "4": "Forum",
  "5": "Twitter",
  "6": "Facebook",
  "7": "Chat",
  "8": "Mobihelp",
  "9": "Feedback Widget",
  "10": "Outbound Email"
};
function statuses(facts, overlay) {
  return { ...DEFAULT_STATUSES, ...overlay.statuses, ...facts.statuses };
}
var DERIVERS = {
  statusName: {
    description: "agent label of `status` from the default_status ticket field choices",
    derive: (v22, facts, overlay) => statuses(facts, overlay)[String(v22.status)]?.[0]
  },
  requesterStatusName: {
    description: "customer label of `status` from the default_status ticket field choices",
    derive: (v22, facts, overlay) => statuses(facts, overlay)[String(v22.status)]?.[1]
  },
  priorityName: {
    description: "name of `priority` (Low, Medium, High, Urgent)",
    derive: (v22) => PRIORITY_NAMES[String(v22.priority)]
  },
  sourceName: {
    description: "name of `source` from the default_source choices",
    derive: (v22) => SOURCE_NAMES[String(v22.source)]
  },
  requesterName: {
    description: "`requester.name` (needs include=requester) or a contact lookup",
    derive: (v22, facts) => {
      const requester = v22.requester;
      return requester?.name ?? facts.contactNames?.[String(v22.requester_id)];
    }
  },
  responderName: {
    description: "name of the agent `responder_id` (GET /api/v2/agents/[id], admin only)",
    derive: (v22, facts) => {
      if (v22.responder_id === null || v22.responder_id === void 0) return null;
      return facts.agentNames?.[String(v22.responder_id)];
    }
  },
  agentName: {
    description: "name of the agent `agent_id` (time entries)",
    derive: (v22, facts) => facts.agentNames?.[String(v22.agent_id)]
  }
};

// src/catalogue/lens.ts
function reverseLens(lens) {
  return [...lens].reverse().map((op) => {
    const flipped = { ...op };
    if (op.back) delete flipped.back;
    else flipped.back = true;
    return flipped;
  });
}
var isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
function getPath(doc, path) {
  let cur = doc;
  for (const part of path.split(".")) {
    if (!isObject(cur)) return void 0;
    cur = cur[part];
  }
  return cur;
}
function hasPath(doc, path) {
  const parts = path.split(".");
  let cur = doc;
  for (const part of parts) {
    if (!isObject(cur) || !(part in cur)) return false;
    cur = cur[part];
  }
  return true;
}
function setPath(doc, path, value) {
  const parts = path.split(".");
  let cur = doc;
  for (const part of parts.slice(0, -1)) {
    if (!isObject(cur[part])) cur[part] = {};
    cur = cur[part];
  }
  cur[parts[parts.length - 1]] = value;
}
function deletePath(doc, path) {
  const parts = path.split(".");
  const chain = [doc];
  for (const part of parts.slice(0, -1)) {
    const next = chain[chain.length - 1][part];
    if (!isObject(next)) return;
    chain.push(next);
  }
  delete chain[chain.length - 1][parts[parts.length - 1]];
  for (let i = chain.length - 1; i > 0; i--) {
    if (Object.keys(chain[i]).length > 0) break;
    delete chain[i - 1][parts[i - 1]];
  }
}
function deepEqual(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}
function sameValue(a, b) {
  if ((typeof a === "number" || typeof a === "string") && (typeof b === "number" || typeof b === "string")) return String(a) === String(b);
  return deepEqual(a, b);
}
function clone(v) {
  return v === void 0 ? v : structuredClone(v);
}
function where(ctx, path) {
  return ctx.at ? `${ctx.at}.${path}` : path;
}
function converterContext(ctx, path) {
  const at = where(ctx, path);
  return {
    overlay: ctx.overlay,
    kind: ctx.kind,
    path: at,
    root: ctx.root,
    report: (fidelity, message) => ctx.issues.push({ fidelity, path: at, message })
  };
}
function move(doc, from, to, ctx) {
  if (!hasPath(doc, from)) return;
  const value = getPath(doc, from);
  deletePath(doc, from);
  if (hasPath(doc, to) && !sameValue(getPath(doc, to), value)) {
    ctx.issues.push({
      fidelity: "lossy",
      path: where(ctx, from),
      message: `both ${from} and ${to} were given; ${to} was kept and ${from} dropped`
    });
    return;
  }
  setPath(doc, to, value);
}
function applyOp(op, doc, ctx) {
  if (op.only && op.only !== ctx.kind) return doc;
  const back = op.back === true;
  switch (op.op) {
    case "rename":
      back ? move(doc, op.to, op.from, ctx) : move(doc, op.from, op.to, ctx);
      return doc;
    case "convert": {
      const converter = CONVERTERS[op.converter];
      if (!converter) throw new Error(`unknown converter ${op.converter}`);
      const [src, dst] = back ? [op.to ?? op.path, op.path] : [op.path, op.to ?? op.path];
      if (!hasPath(doc, src)) return doc;
      const cctx = converterContext(ctx, src);
      const raw = getPath(doc, src);
      const value = back ? converter.backward(raw, cctx) : converter.forward(raw, cctx);
      deletePath(doc, src);
      if (value !== void 0) setPath(doc, dst, value);
      return doc;
    }
    case "mapKeys": {
      const converter = KEY_CONVERTERS[op.converter];
      if (!converter) throw new Error(`unknown key converter ${op.converter}`);
      const obj = getPath(doc, op.path);
      if (!isObject(obj)) return doc;
      const cctx = converterContext(ctx, op.path);
      const out = {};
      for (const [k, v] of Object.entries(obj)) out[back ? converter.backward(k, cctx) : converter.forward(k, cctx)] = v;
      setPath(doc, op.path, out);
      return doc;
    }
    case "unwrap": {
      if (back) return { [op.key]: doc };
      const inner = doc[op.key];
      if (!isObject(inner)) return doc;
      const { [op.key]: _wrapper, ...siblings } = doc;
      for (const key2 of Object.keys(siblings)) {
        if (key2 in inner && !deepEqual(inner[key2], siblings[key2])) {
          ctx.issues.push({
            fidelity: "lossy",
            path: where(ctx, key2),
            message: `${key2} is given both inside ${op.key} and beside it; the value inside was kept`
          });
        }
      }
      return { ...siblings, ...inner };
    }
    case "hoist": {
      const inner = `${op.host}.${op.field}`;
      const outer = op.to ?? op.field;
      back ? move(doc, outer, inner, ctx) : move(doc, inner, outer, ctx);
      return doc;
    }
    case "in": {
      const sub = getPath(doc, op.path);
      if (!isObject(sub)) return doc;
      const lens = back ? reverseLens(op.lens) : op.lens;
      setPath(doc, op.path, runLens(lens, sub, { ...ctx, at: where(ctx, op.path) }));
      return doc;
    }
    case "map": {
      const list = getPath(doc, op.path);
      if (!Array.isArray(list)) return doc;
      const lens = back ? reverseLens(op.lens) : op.lens;
      setPath(
        doc,
        op.path,
        list.map((item, i) => isObject(item) ? runLens(lens, item, { ...ctx, at: where(ctx, `${op.path}[${i}]`) }) : item)
      );
      return doc;
    }
    case "drop":
      if (back) return doc;
      if (hasPath(doc, op.path)) {
        deletePath(doc, op.path);
        ctx.issues.push({ fidelity: op.fidelity ?? "lossy", path: where(ctx, op.path), message: op.reason });
      }
      return doc;
    case "duplicate": {
      const converter = op.converter ? CONVERTERS[op.converter] : void 0;
      if (op.converter && !converter) throw new Error(`unknown converter ${op.converter}`);
      const cctx = converterContext(ctx, op.copy);
      if (back) {
        if (hasPath(doc, op.path)) {
          const value = clone(getPath(doc, op.path));
          setPath(doc, op.copy, converter ? converter.backward(value, cctx) : value);
        }
        return doc;
      }
      if (!hasPath(doc, op.copy)) return doc;
      const copy = converter ? converter.forward(getPath(doc, op.copy), cctx) : getPath(doc, op.copy);
      if (!hasPath(doc, op.path)) {
        deletePath(doc, op.copy);
        setPath(doc, op.path, copy);
      } else {
        if (!deepEqual(copy, getPath(doc, op.path))) {
          ctx.issues.push({
            fidelity: "lossy",
            path: where(ctx, op.copy),
            message: `${op.copy} differs from ${op.path}; v2 has one value, ${op.path} was kept`
          });
        }
        deletePath(doc, op.copy);
      }
      return doc;
    }
    case "v1Default":
      if (back) {
        if (!hasPath(doc, op.path)) setPath(doc, op.path, clone(op.value));
      } else if (hasPath(doc, op.path) && deepEqual(getPath(doc, op.path), op.value)) {
        deletePath(doc, op.path);
      }
      return doc;
    case "alias": {
      const current = getPath(doc, op.path);
      if (back && (current === void 0 || current === null)) {
        const found = op.aliases.find((a) => getPath(doc, a) !== void 0 && getPath(doc, a) !== null);
        if (found) {
          setPath(doc, op.path, getPath(doc, found));
          deletePath(doc, found);
        }
      }
      return doc;
    }
    case "derive": {
      if (!back) {
        deletePath(doc, op.path);
        return doc;
      }
      const deriver = DERIVERS[op.deriver];
      if (!deriver) throw new Error(`unknown deriver ${op.deriver}`);
      const value = deriver.derive(doc, ctx.facts ?? {}, ctx.overlay);
      if (value === void 0) {
        ctx.issues.push({ fidelity: "lossy", path: where(ctx, op.path), message: `${op.path}: ${op.reason}` });
      } else {
        setPath(doc, op.path, value);
      }
      return doc;
    }
    case "extra":
      if (back) deletePath(doc, op.path);
      return doc;
    case "v2Default":
      if (back) {
        if (hasPath(doc, op.path) && deepEqual(getPath(doc, op.path), op.value)) deletePath(doc, op.path);
      } else if (!hasPath(doc, op.path) && !(op.unless ?? []).some((p) => hasPath(doc, p))) {
        setPath(doc, op.path, clone(op.value));
      }
      return doc;
    default: {
      const never = op;
      throw new Error(`unknown lens op ${JSON.stringify(never)}`);
    }
  }
}
function runLens(lens, doc, ctx) {
  let out = doc;
  for (const op of lens) out = applyOp(op, out, ctx);
  return out;
}
function applyLens(lens, doc, ctx) {
  const copy = clone(doc);
  return runLens(lens, copy, { ...ctx, root: ctx.root ?? copy });
}

// src/catalogue/translate.ts
function callReference(index, path) {
  return `{{calls[${index}]${path.startsWith("[") ? "" : "."}${path}}}`;
}
function requestLens(rule) {
  const spec = rule.request;
  if (!spec) return [];
  const bodyOps = [];
  if (spec.wrapper) bodyOps.push({ op: "unwrap", key: spec.wrapper });
  if (spec.resource) bodyOps.push(...spec.resource);
  return [...spec.lens ?? [], ...bodyOps.length ? [{ op: "in", path: "body", lens: bodyOps }] : []];
}
function fillTemplate(template, sources) {
  return template.replace(/\{\{([\w.]+)\}\}/g, (m, path) => {
    for (const src of sources) {
      const v = getPath(src, path);
      if (v !== void 0 && v !== null) return String(v);
    }
    return m;
  });
}
function fillPath(template, params, issues) {
  return template.replace(/:([A-Za-z_]\w*)/g, (m, name) => {
    const v = params[name];
    if (v === void 0 || v === null || v === "") {
      issues.push({ fidelity: "manual", path: `params.${name}`, message: `the v2 path needs ${name}, which the request does not give` });
      return `{${name}}`;
    }
    return PLACEHOLDER.test(String(v)) ? String(v) : encodeURIComponent(String(v));
  });
}
function stringifyQuery(q) {
  const out = {};
  for (const [k, v] of Object.entries(q)) {
    if (v === void 0 || v === null) continue;
    out[k] = Array.isArray(v) ? v.join(",") : String(v);
  }
  return out;
}
function checkBody(rule, body) {
  const spec = rule.request;
  if (body === void 0 || body === null) return void 0;
  if (!isObject(body)) return `the body must be a JSON object, got ${Array.isArray(body) ? "an array" : typeof body}`;
  if (spec?.body === "none" && Object.keys(body).length > 0) {
    return `${rule.v1.method} ${rule.v1.paths[0]} takes no body (got ${Object.keys(body).join(", ")})`;
  }
  const wrapper = spec?.wrapper;
  if (!wrapper || Object.keys(body).length === 0) return void 0;
  const inner = body[wrapper];
  if (inner === void 0) {
    const keys = Object.keys(body);
    return `the body must be wrapped in "${wrapper}" ({ "${wrapper}": { ... } }); got top-level ${keys.map((k) => `"${k}"`).join(", ")}`;
  }
  if (!isObject(inner)) return `"${wrapper}" must be an object`;
  if (isObject(inner[wrapper])) return `"${wrapper}" is doubled ({ "${wrapper}": { "${wrapper}": ... } }); wrap the fields once`;
  return void 0;
}
function normaliseBody(body) {
  if (!isObject(body)) return body;
  const keys = Object.keys(body);
  if (keys.some((k) => /\[.*\]$/.test(k))) return parseBracketFields(Object.entries(body));
  return body;
}
function explainUnknown(request, reason) {
  const notes = [reason];
  if (request.insecure) notes.push("v2 is HTTPS only: plain http:// is refused with ssl_required");
  return { rule: null, fidelity: null, calls: [], notes };
}
function translateRequest(matcher, input) {
  const method = input.method.toUpperCase();
  const parsed = { method, ...parseTarget(input.target) };
  if (!["GET", "POST", "PUT", "DELETE"].includes(method)) {
    return explainUnknown(parsed, `unknown method ${input.method}: v1 uses GET, POST, PUT, DELETE`);
  }
  if (isV2Path(parsed.path)) {
    return explainUnknown(parsed, `${parsed.path} is already a v2 path, not a v1 request`);
  }
  const found = matcher.match(parsed.method, parsed.path, parsed.query);
  if ("error" in found) {
    if (found.error === "wrong-method") {
      return explainUnknown(
        parsed,
        `${method} is not a v1 operation on ${parsed.path}; the v1 API has ${found.allowed.join(", ")} there`
      );
    }
    return explainUnknown(parsed, `no v1 operation matches ${parsed.path}`);
  }
  const { rule, params } = found.match;
  const overlay = input.overlay ?? {};
  const issues = [];
  const notes = [];
  const body = normaliseBody(input.body);
  const bodyError = checkBody(rule, body);
  if (bodyError) {
    return { rule: rule.id, fidelity: null, calls: [], notes: [], error: bodyError };
  }
  const { format: _format, ...v1query } = parsed.query;
  const v1doc = { params: { ...params }, query: v1query, body: isObject(body) ? body : {} };
  const translated = applyLens(requestLens(rule), v1doc, { kind: "request", overlay, issues });
  translated.params ??= {};
  translated.query ??= {};
  translated.body ??= {};
  const steps = rule.plan.filter((s) => !s.forResponse);
  const sources = [v1doc, translated];
  steps.forEach((step, index) => {
    for (const [target, source] of Object.entries(step.provides ?? {})) {
      setPath(translated, target, callReference(index, fillTemplate(source, sources)));
    }
  });
  for (const consumed of steps.flatMap((s) => s.consumes ?? [])) deletePath(translated, consumed);
  const calls = steps.map((step) => {
    const query = {};
    for (const [k, v] of Object.entries(step.query ?? {})) query[k] = fillTemplate(v, sources);
    if (step.carries) Object.assign(query, translated.query);
    let callBody = null;
    if (step.carries && Object.keys(translated.body).length > 0) callBody = translated.body;
    else if (step.body) callBody = JSON.parse(fillTemplate(JSON.stringify(step.body), sources));
    return {
      method: step.method,
      path: fillPath(step.path, { ...v1doc.params, ...translated.params }, issues),
      query: stringifyQuery(query),
      body: callBody
    };
  });
  if (parsed.format === "xml") {
    notes.push("v1 answered XML here; v2 speaks JSON only (415/406 for XML), so parse the response as JSON");
  }
  if (parsed.format === null && !/\.(json|xml)$/.test(input.target.split("?")[0] ?? "")) {
    notes.push("no .json suffix or format=json: without one v1 served the web page, so check this really is an API call");
  }
  if (parsed.insecure) notes.push("v2 is HTTPS only: plain http:// is refused with ssl_required");
  if (rule.plan.some((s) => s.forResponse)) {
    notes.push(`to rebuild the v1 response the shim also calls ${rule.plan.filter((s) => s.forResponse).map((s) => `${s.method} ${s.path}`).join(", ")}`);
  }
  const fidelity = worstFidelity([rule.fidelity, ...issues.map((i) => i.fidelity)]);
  notes.push(rule.summary);
  if (rule.decision) notes.push(`decision needed: ${rule.decision}`);
  if (rule.substitute) notes.push(`substitute: ${rule.substitute}`);
  for (const lost of rule.lost ?? []) notes.push(`lost: ${lost}`);
  for (const issue of issues) notes.push(`${issue.fidelity}: ${issue.message}`);
  for (const note of rule.notes ?? []) notes.push(note);
  return {
    rule: rule.id,
    fidelity,
    calls,
    notes,
    detail: { rule, issues, steps, request: parsed, translated }
  };
}
function mainIndex(rule) {
  const idx = rule.plan.findIndex((s) => s.forResponse);
  if (idx >= 0) return idx;
  const embedded = new Set(Object.values(rule.response?.embed ?? {}));
  for (let i = rule.plan.length - 1; i >= 0; i--) if (!embedded.has(i)) return i;
  return 0;
}
function translateResponse(rule, responses, options = {}) {
  const spec = rule.response;
  const issues = [];
  if (!spec) return { status: 200, body: null, issues };
  const overlay = options.overlay ?? {};
  const back = spec.resource ? reverseLens(spec.resource) : [];
  const ctx = { kind: "response", overlay, facts: options.facts, issues };
  const toV1 = (item) => {
    if (!isObject(item)) return item;
    let out = back.length ? applyLens(back, item, ctx) : item;
    if (spec.project) out = Object.fromEntries(spec.project.filter((k) => k in out).map((k) => [k, out[k]]));
    return out;
  };
  let main = responses[mainIndex(rule)]?.body;
  if (isObject(main) && spec.embed) {
    main = { ...main };
    for (const [field, index] of Object.entries(spec.embed)) main[field] = responses[index]?.body ?? [];
  }
  let body;
  switch (spec.shape) {
    case "none":
      body = null;
      break;
    case "object":
      body = spec.wrapper ? { [spec.wrapper]: toV1(main) } : toV1(main);
      break;
    case "list":
      body = Array.isArray(main) ? main.map(toV1) : [];
      break;
    case "list-wrapped":
      body = Array.isArray(main) ? main.map((x) => ({ [spec.wrapper]: toV1(x) })) : [];
      break;
    case "summary-list":
      body = [{ [spec.wrapper]: toV1(main) }];
      break;
  }
  return { status: spec.v1Status, body, issues };
}
function normaliseV1Response(rule, v1Body, overlay = {}) {
  const spec = rule.response;
  const issues = [];
  if (!spec) return { body: v1Body, issues };
  const lens = spec.resource ?? [];
  const ctx = { kind: "response", overlay, issues };
  const toV2 = (item) => isObject(item) ? applyLens(lens, item, ctx) : item;
  const unwrap = (item) => spec.wrapper && isObject(item) && spec.wrapper in item ? item[spec.wrapper] : item;
  switch (spec.shape) {
    case "object":
      return { body: toV2(unwrap(v1Body)), issues };
    case "list":
    case "list-wrapped":
      return { body: Array.isArray(v1Body) ? v1Body.map((x) => toV2(unwrap(x))) : v1Body, issues };
    case "summary-list":
      return { body: Array.isArray(v1Body) ? toV2(unwrap(v1Body[0])) : v1Body, issues };
    default:
      return { body: v1Body, issues };
  }
}

// src/catalogue/fields.ts
function walk(lens, kind, prefix, out, done) {
  let v1Prefix = prefix.v1;
  const at1 = (p) => v1Prefix ? `${v1Prefix}.${p}` : p;
  const at2 = (p) => prefix.v2 ? `${prefix.v2}.${p}` : p;
  const gone = new Set(done.map((m) => m.v2Before));
  const isGone = (path) => gone.has(at2(path)) && !out.has(at2(path));
  const take = (path) => {
    const existing = out.get(at2(path));
    if (existing) {
      out.delete(at2(path));
      return existing;
    }
    return { v1: at1(path), v2: at2(path), converters: [], fidelity: "exact" };
  };
  const put = (key2, m) => {
    const occupant = out.get(key2);
    if (occupant && occupant !== m) done.push(occupant);
    out.set(key2, m);
  };
  const finish = (m, path) => {
    m.v2Before = at2(path);
    m.v2 = null;
    done.push(m);
    gone.add(m.v2Before);
  };
  for (const op of lens) {
    if (op.only && op.only !== kind) continue;
    switch (op.op) {
      case "rename": {
        if (isGone(op.from)) break;
        const from = at2(op.from);
        const to = at2(op.to);
        for (const [key2, child] of [...out.entries()]) {
          if (key2.startsWith(`${from}.`) || key2.startsWith(`${from}[]`)) {
            out.delete(key2);
            child.v2 = to + key2.slice(from.length);
            put(child.v2, child);
          }
        }
        const m = take(op.from);
        m.v2 = to;
        put(to, m);
        break;
      }
      case "convert": {
        const m = take(op.path);
        m.converters.push(op.converter);
        m.reason = CONVERTERS[op.converter]?.description;
        m.v2 = at2(op.to ?? op.path);
        put(m.v2, m);
        break;
      }
      case "mapKeys": {
        const m = take(op.path);
        m.keys = op.converter;
        m.reason = KEY_CONVERTERS[op.converter]?.description;
        put(m.v2, m);
        break;
      }
      case "hoist": {
        const m = take(`${op.host}.${op.field}`);
        m.v2 = at2(op.to ?? op.field);
        put(m.v2, m);
        break;
      }
      case "duplicate": {
        const m = take(op.copy);
        if (op.converter) m.converters.push(op.converter);
        m.copy = true;
        m.v2 = at2(op.path);
        put(m.v2, m);
        break;
      }
      case "drop": {
        const m = take(op.path);
        m.fidelity = op.fidelity ?? "lossy";
        m.reason = op.reason;
        finish(m, op.path);
        break;
      }
      case "derive": {
        const m = take(op.path);
        m.fidelity = "manual";
        m.reason = `derived: ${DERIVERS[op.deriver]?.description ?? op.deriver}`;
        finish(m, op.path);
        break;
      }
      case "unwrap":
        if (v1Prefix && prefix.v2) {
          const inList = prefix.v2.endsWith("[]");
          put(prefix.v2, {
            v1: at1(op.key),
            v2: prefix.v2,
            converters: [],
            fidelity: "exact",
            wrapper: true,
            reason: inList ? `v2 list items are not wrapped in ${op.key}` : `v2 does not wrap ${prefix.v2} in ${op.key}`
          });
        }
        v1Prefix = at1(op.key);
        break;
      case "in":
        walk(op.lens, kind, { v1: at1(op.path), v2: at2(op.path) }, out, done);
        break;
      case "map":
        walk(op.lens, kind, { v1: at1(`${op.path}[]`), v2: at2(`${op.path}[]`) }, out, done);
        break;
      case "v1Default":
      case "alias":
      case "extra":
      case "v2Default":
        break;
    }
  }
}
function mappingsOf(lens, kind) {
  const out = /* @__PURE__ */ new Map();
  const done = [];
  walk(lens, kind, { v1: "", v2: "" }, out, done);
  return [...out.values(), ...done].filter((m) => m.v1 !== m.v2 || m.converters.length > 0 || m.keys);
}
var cache = /* @__PURE__ */ new WeakMap();
function fieldMappings(rule, kind) {
  let entry = cache.get(rule);
  if (!entry) cache.set(rule, entry = {});
  return entry[kind] ??= computeMappings(rule, kind);
}
function computeMappings(rule, kind) {
  if (kind === "request") {
    const doc = mappingsOf(rule.request?.lens ?? [], "request").map((m) => ({
      ...m,
      v1: m.v1.replace(/^body\./, ""),
      v2: m.v2?.replace(/^body\./, "") ?? null
    }));
    const body = mappingsOf(rule.request?.resource ?? [], "request");
    const moved = /* @__PURE__ */ new Map();
    for (const d of doc) {
      const next = d.v2 ? body.find((b) => b.v1 === d.v2) : void 0;
      if (next) {
        moved.set(next, [...moved.get(next) ?? [], { ...next, v1: d.v1, converters: [...d.converters, ...next.converters] }]);
        d.v2 = null;
      }
    }
    return [...doc.filter((d) => d.v2 !== null || d.reason), ...body.flatMap((b) => [...moved.get(b) ?? [], b])];
  }
  return mappingsOf(rule.response?.resource ?? [], "response");
}
var SAME_USE_CONVERTERS = /* @__PURE__ */ new Set(["offsetToUtc"]);
function reshapesValue(m) {
  return m.converters.some((c) => !SAME_USE_CONVERTERS.has(c));
}
function changesForCode(m) {
  return m.v2 === null || m.wrapper === true || m.v1 !== m.v2 || reshapesValue(m);
}

// rules/transport.ts
var TRANSPORT = {
  v2Prefix: "/api/v2",
  scheme: {
    v1: "http or https (http when the account disabled SSL)",
    v2: "https only; plain http is refused with ssl_required"
  },
  formats: {
    v1: ["json", "xml"],
    v2: ["json"],
    /** v2 answers these when it is sent XML or asked for XML. */
    xmlRefusal: { contentType: 415, accept: 406 }
  },
  auth: "HTTP Basic in both: API key as user name with any password, or login and password (v2: documented only in an earlier variant)",
  rateLimit: {
    v1: { status: 403, headers: ["Retry-After"], budget: "1000 calls per hour" },
    v2: {
      status: 429,
      headers: ["Retry-After", "X-RateLimit-Total", "X-RateLimit-Remaining", "X-RateLimit-Used-CurrentRequest"],
      budget: "per minute by plan (trial 50, then 200/400/700), with sub-limits for ticket create/update/list and contacts list"
    },
    /** In v2 a 403 means access denied: never retry it. */
    v2ForbiddenMeans: "access denied (never retry)"
  },
  /** v2 error status → what a v1 client expects. */
  errorStatus: { 400: 400, 401: 401, 403: 403, 404: 404, 405: 405, 406: 406, 409: 422, 415: 415, 429: 403, 500: 500 },
  /** v2 error codes with the v1-era meaning, for messages. */
  errorCodes: [
    "missing_field",
    "invalid_value",
    "duplicate_value",
    "datatype_mismatch",
    "invalid_field",
    "invalid_json",
    "invalid_credentials",
    "access_denied",
    "require_feature",
    "account_suspended",
    "ssl_required",
    "readonly_field",
    "inconsistent_state",
    "max_agents_reached",
    "password_lockout",
    "password_expired",
    "no_content_required",
    "inaccessible_field",
    "incompatible_field"
  ],
  versionHeader: "X-<service>-Api-Version: latest=v2; requested=v2",
  pagination: { v1PerPage: 30, v2DefaultPerPage: 30, v2MaxPerPage: 100, v2NextPageHeader: 'link (rel="next")' }
};

// src/catalogue/index.ts
var Catalogue = class {
  constructor(rules = ALL_RULES, overlay = {}) {
    this.overlay = overlay;
    this.rules = rules;
    this.byId = new Map(rules.map((r) => [r.id, r]));
    this.matcher = new RuleMatcher(rules);
  }
  overlay;
  rules;
  byId;
  matcher;
  get(id) {
    return this.byId.get(id);
  }
  /** Rules whose v1 path template matches this path, for any method (audit knows paths before methods). */
  matchPath(path) {
    const { path: clean } = parseTarget(path);
    if (isV2Path(clean)) return [];
    return this.matcher.matchPath(clean);
  }
  /** The rule of one v1 request, or null. */
  match(method, target) {
    const parsed = parseTarget(target);
    if (isV2Path(parsed.path)) return null;
    const found = this.matcher.match(method, parsed.path, parsed.query);
    return "match" in found ? found.match : null;
  }
  translate(input) {
    return translateRequest(this.matcher, { ...input, overlay: input.overlay ?? this.overlay });
  }
  translateResponse(rule, responses, facts) {
    return translateResponse(rule, responses, { overlay: this.overlay, facts });
  }
  normaliseV1Response(rule, body) {
    return normaliseV1Response(rule, body, this.overlay);
  }
};
function isAutoFixable(rule) {
  const calls = rule.plan.filter((s) => !s.forResponse);
  return calls.length === 1 && (rule.fidelity === "exact" || rule.fidelity === "lossy") && !calls[0].provides;
}
function creditCost(rule) {
  return rule.plan.filter((s) => !s.forResponse).reduce((sum, s) => sum + s.cost, 0);
}
function planSummary(rule) {
  const calls = rule.plan.filter((s) => !s.forResponse);
  if (calls.length === 0) return rule.substitute ? `none (substitute: ${rule.substitute})` : "none";
  return calls.map((s) => `${s.method} ${s.path}${s.query ? `?${new URLSearchParams(s.query).toString()}` : ""}`).join(" \u2192 ");
}
var defaultCatalogue;
function loadCatalogue(overlay) {
  if (overlay) return new Catalogue(ALL_RULES, overlay);
  defaultCatalogue ??= new Catalogue(ALL_RULES);
  return defaultCatalogue;
}

// src/audit/file-analysis.ts
import { readFileSync as readFileSync3 } from "node:fs";
import { dirname as dirname2, isAbsolute as isAbsolute2, join as join2 } from "node:path";

// src/audit/match-url.ts
var METHODS = ["GET", "POST", "PUT", "DELETE"];
function normalisePlaceholders(s) {
  return s.replace(/<%[=-]?\s*([^%]*?)\s*-?%>/g, (_m, e) => `{${sanitize(e)}}`).replace(/\{\{\s*([^}]*?)\s*\}\}/g, (_m, e) => `{${sanitize(e)}}`).replace(/[$#]\{([^}]*)\}/g, (_m, e) => `{${sanitize(e)}}`).replace(/%[sdvi](?![0-9A-Fa-f])/g, "{arg}");
}
function sanitize(e) {
  const s = e.replace(/[^\w.$]/g, "");
  return s.length > 0 && s.length <= 40 ? s : "expr";
}
function hasBareWhitespace(s) {
  return /\s/.test(s.replace(/\{[^}]*\}/g, ""));
}
function splitOrigin(input) {
  let s = input.trim();
  const abs = /^([a-z][a-z0-9+.-]*|\{[^}/]*\}):\/\/([^/?#]*)/i.exec(s);
  if (abs) {
    return { origin: abs[0], insecure: abs[1].toLowerCase() === "http", rest: s.slice(abs[0].length) || "/" };
  }
  if (s.startsWith("//")) {
    const host = /^\/\/[^/?#]*/.exec(s)[0];
    return { origin: host, insecure: false, rest: s.slice(host.length) || "/" };
  }
  let origin = "";
  while (/^\{[^}]*\}/.test(s)) {
    const m = /^\{[^}]*\}/.exec(s)[0];
    origin += m;
    s = s.slice(m.length);
  }
  if (origin && /^[.:]/.test(s)) {
    const host = /^[^/?#]*/.exec(s)[0];
    origin += host;
    s = s.slice(host.length);
  }
  if (!origin && !s.startsWith("/")) {
    const first = /^[^/?#]*/.exec(s)[0];
    if (/\./.test(first) && !/\.(json|xml)$/i.test(first) && /\//.test(s)) {
      origin = first;
      s = s.slice(first.length);
    }
  }
  return { origin: origin || void 0, insecure: false, rest: s.startsWith("/") ? s : `/${s}` };
}
var matchCache = /* @__PURE__ */ new WeakMap();
function matchUrl(cat, pattern) {
  let cache4 = matchCache.get(cat);
  if (!cache4) {
    cache4 = /* @__PURE__ */ new Map();
    matchCache.set(cat, cache4);
  }
  if (cache4.has(pattern)) return cache4.get(pattern);
  const r = matchUrlUncached(cat, pattern);
  if (cache4.size > 2e4) cache4.clear();
  cache4.set(pattern, r);
  return r;
}
function matchUrlUncached(cat, pattern) {
  const norm = normalisePlaceholders(pattern).trim();
  if (!norm || norm.length > 2e3 || hasBareWhitespace(norm)) return null;
  const { origin, insecure, rest } = splitOrigin(norm);
  const parsed = parseTarget(rest);
  if (parsed.path === "/" || !/[a-z]/i.test(parsed.path)) return null;
  const matches = cat.matchPath(rest);
  if (matches.length === 0) return null;
  return { target: rest, path: parsed.path, query: parsed.query, format: parsed.format, insecure, origin, matches };
}
var choiceCache = /* @__PURE__ */ new WeakMap();
function chooseRule(cat, um, method) {
  let cache4 = choiceCache.get(um);
  if (!cache4) {
    cache4 = /* @__PURE__ */ new Map();
    choiceCache.set(um, cache4);
  }
  const k = method ?? "";
  let r = cache4.get(k);
  if (!r) {
    r = chooseRuleUncached(cat, um, method);
    cache4.set(k, r);
  }
  return r;
}
function chooseRuleUncached(cat, um, method) {
  const ids = [...new Set(um.matches.map((m2) => m2.rule.id))];
  const order2 = (first) => [first.id, ...ids.filter((id) => id !== first.id)];
  const m = method ? method.toUpperCase() : null;
  if (m && METHODS.includes(m)) {
    const found = cat.match(m, um.target);
    if (found) return { rule: found.rule, rules: order2(found.rule), methodMismatch: false };
    return { rule: um.matches[0].rule, rules: ids, methodMismatch: true };
  }
  for (const mm of METHODS) {
    const found = cat.match(mm, um.target);
    if (found) return { rule: found.rule, rules: order2(found.rule), methodMismatch: false };
  }
  return { rule: um.matches[0].rule, rules: ids, methodMismatch: false };
}
function segmentWords(cat) {
  const words = /* @__PURE__ */ new Set();
  for (const rule of cat.rules) {
    for (const t of rule.v1.paths) {
      for (const seg of t.split("/")) if (seg && !seg.startsWith(":")) words.add(seg);
    }
  }
  return [...words].sort();
}
function escapeRegex(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// src/audit/text-urls.ts
var CONTINUATION_END = /(\+|\.|&|\\|\b_|<<|\(|,)\s*$/;
var CONTINUATION_START = /^\s*(\+|\.(?!\w)|&)/;
var CALL_CONTEXT = [
  [/\bcurl\b/, "curl"],
  [/\bwget\b/, "wget"],
  [/\bInvoke-(RestMethod|WebRequest)\b/, "powershell"],
  [/\brequests\.(get|post|put|delete|patch|request)\b|\bsession\.(get|post|put|delete)\b/i, "requests"],
  [/\burllib\d?\.|\burlopen\(|\bhttpx\.|http\.client|HTTPSConnection/, "urllib"],
  [/Net::HTTP/, "Net::HTTP"],
  [/\bRestClient\b/, "RestClient"],
  [/\bHTTParty\b|\bFaraday\b|\bURI\.open\b|\bopen-uri\b|\bTyphoeus\b|\bExcon\b/, "ruby-http"],
  [/\bcurl_(init|setopt|exec)\b|file_get_contents|\bGuzzle|->(get|post|put|delete|request)\s*\(|wp_remote_(get|post|request)/, "php-http"],
  [/\bHttpClient\b|\bHttpWebRequest\b|\bWebRequest\b|\bWebClient\b|\bRestRequest\b|\bRestSharp\b|(Get|Post|Put|Delete)Async\s*\(/, "dotnet-http"],
  [/\bHttpURLConnection\b|\bHttp(Get|Post|Put|Delete)\b|\bOkHttp|\bRequest\.Builder\b|\bHttpRequest\.newBuilder\b|\bRestTemplate\b|\bUnirest\b/, "java-http"],
  [/\bhttp\.(Get|Post|NewRequest|Head)\b|\bclient\.Do\b|\bresty\b/, "go-http"],
  [/\$\.(ajax|get|post|getJSON)\b|\bjQuery\.ajax\b|\bfetch\s*\(|\baxios\b|\bUrlFetchApp\b|XMLHttpRequest|\brequest\s*\(|\.(get|post|put|del|delete)\s*\(/, "js-http"]
];
var METHOD_PATTERNS = [
  /(?:^|\s)-X\s*['"]?(GET|POST|PUT|DELETE|PATCH)\b/i,
  /--request\s*[= ]\s*['"]?(GET|POST|PUT|DELETE|PATCH)\b/i,
  /CURLOPT_CUSTOMREQUEST\s*,\s*["'](\w+)/,
  /Net::HTTP::(Get|Post|Put|Delete|Patch)\b/,
  /\bHttp(Get|Post|Put|Delete|Patch)\b/,
  /HttpMethod\.(Get|Post|Put|Delete|Patch)\b/i,
  /Method\.(GET|POST|PUT|DELETE|PATCH)\b/,
  /NewRequest(?:WithContext)?\(\s*(?:ctx\s*,\s*)?(?:"(\w+)"|http\.Method(\w+))/,
  /setRequestMethod\(\s*"(\w+)"/,
  /\b(Get|Post|Put|Delete|Patch)Async\s*\(/,
  /\bhttp\.(Get|Post|Head)\s*\(/,
  /[.:]\s*(get|post|put|delete|patch)\s*[(!"'`#]/i,
  /\.(get)JSON\b/,
  /\bmethod\s*(?:=>|[=:])\s*:?['"]?(get|post|put|delete|patch)\b/i,
  /(?:Method|type)\s*[=:]\s*['"](GET|POST|PUT|DELETE|PATCH)['"]/i,
  /['"](GET|POST|PUT|DELETE|PATCH)['"]/
];
function methodOf(line) {
  for (const re of METHOD_PATTERNS) {
    const m = re.exec(line);
    if (m) {
      const v = (m[1] ?? m[2] ?? "").toUpperCase();
      if (["GET", "POST", "PUT", "DELETE", "PATCH"].includes(v)) return v;
    }
  }
  if (/\bcurl\b/.test(line) && /(\s-d\b|\s--data\S*\b|\s-F\b|\s--form\b)/.test(line)) return "POST";
  if (/\bcurl\b/.test(line)) return "GET";
  if (/CURLOPT_POST\b|wp_remote_post\b/.test(line)) return "POST";
  if (/wp_remote_get\b|file_get_contents\b/.test(line)) return "GET";
  return void 0;
}
function clientOf(line) {
  for (const [re, name] of CALL_CONTEXT) if (re.test(line)) return name;
  return void 0;
}
function interpolate(s, lang, quote) {
  let out = s;
  if ((lang === "php" || lang === "shell") && quote !== "'") out = out.replace(/\{?\$\{?([A-Za-z_]\w*)(?:\[[^\]]*\]|->\w+)*\}?\}?/g, "{$1}");
  if (lang === "ruby" || lang === "coffeescript") out = out.replace(/#\{([^}]*)\}/g, (_m, e) => `{${e.replace(/[^\w.]/g, "") || "expr"}}`);
  return out;
}
var LITERAL = /("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`)/g;
var UNQUOTED = /(?:https?:\/\/|\$\{?[A-Za-z_]\w*\}?|\{[A-Za-z_][\w.]*\}|<%=?[^%]*%>|\/)[^\s'"`<>()|;,]*/g;
function findTextUrls(cat, text, lang, words) {
  const chars = text.split("");
  let lineStart = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i === text.length || text[i] === "\n") {
      const line = text.slice(lineStart, i);
      const next = text.slice(i + 1, text.indexOf("\n", i + 1) < 0 ? text.length : text.indexOf("\n", i + 1));
      if (i < text.length && (CONTINUATION_END.test(line.replace(/\s*(#|\/\/).*$/, "")) || CONTINUATION_START.test(next))) chars[i] = " ";
      lineStart = i + 1;
    }
  }
  const joined = chars.join("");
  const origLines = text.split("\n");
  const hits = [];
  const seen = /* @__PURE__ */ new Set();
  let offset = 0;
  const logical = joined.split("\n");
  let origLineIndex = 0;
  for (const line of logical) {
    const lineOffset = offset;
    offset += line.length + 1;
    const spanned = line.split("").length;
    void spanned;
    if (words && !words.test(line)) {
      origLineIndex += countNewlines(text, lineOffset, line.length);
      continue;
    }
    const literals = [];
    LITERAL.lastIndex = 0;
    for (let m = LITERAL.exec(line); m; m = LITERAL.exec(line)) {
      const raw = m[0];
      literals.push({ start: m.index, end: m.index + raw.length, text: interpolate(raw.slice(1, -1), lang, raw[0]), quote: raw[0] });
    }
    const groups = [];
    for (let i = 0; i < literals.length; i++) {
      let pattern = "";
      const before = line.slice(0, literals[i].start);
      const lead = /([A-Za-z_$][\w.$\->\[\]'"]*)\s*(\+|\.|&)\s*(?:\\|\b_)?\s*$/.exec(before);
      let start = literals[i].start;
      if (lead && !/['"]$/.test(lead[1])) {
        pattern += `{${lead[1].replace(/[^\w.]/g, "") || "expr"}}`;
        start = lead.index;
      }
      pattern += literals[i].text;
      let end = literals[i].end;
      let j = i;
      while (j + 1 < literals.length) {
        const gap = line.slice(literals[j].end, literals[j + 1].start);
        if (/^\s*(\+|\.|&|<<)\s*(?:\\|\b_)?\s*$/.test(gap)) {
          pattern += literals[j + 1].text;
        } else {
          const mid = /^\s*(\+|\.|&)\s*([^'"`]+?)\s*(\+|\.|&)\s*$/.exec(gap);
          if (!mid) break;
          pattern += `{${mid[2].replace(/[^\w.]/g, "").slice(0, 30) || "expr"}}${literals[j + 1].text}`;
        }
        j++;
        end = literals[j].end;
      }
      const tail = /^\s*(\+|\.|&)\s*([A-Za-z_$][\w.$()\->\[\]]*)/.exec(line.slice(end));
      if (tail) pattern += `{${tail[2].replace(/[^\w.]/g, "").slice(0, 30) || "expr"}}`;
      groups.push({ start, end, pattern });
      i = j;
    }
    UNQUOTED.lastIndex = 0;
    for (let m = UNQUOTED.exec(line); m; m = UNQUOTED.exec(line)) {
      const s = m.index;
      if (literals.some((l) => s >= l.start && s < l.end)) continue;
      if (m[0].length < 4) continue;
      groups.push({ start: s, end: s + m[0].length, pattern: interpolate(m[0], lang === "javascript" ? "shell" : lang, '"') });
    }
    const client = clientOf(line);
    for (const g of groups) {
      const um = matchUrl(cat, g.pattern.replace(/%[sd]/g, (x) => x));
      if (!um) continue;
      const abs = lineOffset + g.start;
      if (seen.has(abs)) continue;
      seen.add(abs);
      let method = methodOf(line);
      const li = lineIndexAt(text, abs);
      if (!method) {
        for (const d of [-1, -2, -3, 1, 2, 3]) {
          const l = origLines[li + d];
          if (l === void 0) continue;
          method = methodOf(l);
          if (method) break;
        }
      }
      let ctx = client;
      if (!ctx) {
        for (const d of [-1, -2, 1, 2]) {
          const l = origLines[li + d];
          if (l !== void 0) ctx = clientOf(l);
          if (ctx) break;
        }
      }
      hits.push({
        start: abs,
        end: lineOffset + g.end,
        pattern: g.pattern,
        match: um,
        format: um.format,
        method,
        httpContext: !!ctx,
        client: ctx
      });
    }
    origLineIndex += countNewlines(text, lineOffset, line.length);
  }
  return hits;
}
function countNewlines(text, from, len) {
  let n = 0;
  for (let i = from; i < from + len && i < text.length; i++) if (text[i] === "\n") n++;
  return n;
}
function lineIndexAt(text, offset) {
  let n = 0;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

// src/audit/js/module.ts
import { readFileSync, statSync } from "node:fs";
import { createRequire as createRequire2 } from "node:module";
import { dirname, resolve as resolvePath } from "node:path";

// src/audit/js/parse.ts
import { createRequire } from "node:module";
var require2 = createRequire(import.meta.url);
var getParser = require2("jscodeshift/src/getParser");
var cache2 = /* @__PURE__ */ new Map();
function parser(name) {
  let p = cache2.get(name);
  if (!p) {
    p = getParser(name);
    cache2.set(name, p);
  }
  return p;
}
function parsersFor(filename) {
  const lower = filename.toLowerCase();
  if (/\.d\.[mc]?ts$/.test(lower) || /\.[mc]?ts$/.test(lower)) return ["ts"];
  if (lower.endsWith(".tsx")) return ["tsx"];
  return ["babel", "babylon", "tsx"];
}
var ParseError = class extends Error {
  constructor(message, line, column) {
    super(message);
    this.line = line;
    this.column = column;
  }
  line;
  column;
};
var babelParser = require2("@babel/parser");
var jsOptions = {
  sourceType: "module",
  // comments stay in `ast.comments`; not attaching them to nodes saves work the analysis never uses
  attachComment: false,
  allowHashBang: true,
  allowImportExportEverywhere: true,
  allowReturnOutsideFunction: true,
  startLine: 1,
  plugins: [
    "jsx",
    "asyncGenerators",
    "classProperties",
    "doExpressions",
    "exportExtensions",
    "functionBind",
    "functionSent",
    "objectRestSpread",
    "dynamicImport",
    "nullishCoalescingOperator",
    "optionalChaining",
    ["decorators", { decoratorsBeforeExport: false }]
  ]
};
var tsOptions = (() => {
  const base = require2("jscodeshift/parser/tsOptions");
  const { tokens: _tokens, ...rest } = base;
  return { ...rest, attachComment: false, plugins: base.plugins };
})();
var tsxOptions = { ...tsOptions, plugins: ["jsx", ...tsOptions.plugins] };
function parseForAnalysis(source, filename) {
  const list = parsersFor(filename);
  const fast = list[0];
  try {
    const opts = fast === "ts" ? tsOptions : fast === "tsx" ? tsxOptions : jsOptions;
    return { ast: babelParser.parse(source, opts), parser: fast };
  } catch {
    return parseSource(source, filename);
  }
}
function parseSource(source, filename) {
  const list = parsersFor(filename);
  let first;
  for (const name of list) {
    try {
      return { ast: parser(name).parse(source), parser: name };
    } catch (e) {
      first ??= e;
    }
  }
  const err = first;
  throw new ParseError(String(err?.message ?? err), err?.loc?.line, err?.loc?.column);
}

// src/audit/js/module.ts
var Scope = class {
  constructor(parent, node, isFunction) {
    this.parent = parent;
    this.node = node;
    this.isFunction = isFunction;
  }
  parent;
  node;
  isFunction;
  bindings = /* @__PURE__ */ new Map();
  lookup(name) {
    for (let s = this; s; s = s.parent) {
      const b = s.bindings.get(name);
      if (b) return b;
    }
    return void 0;
  }
  functionScope() {
    let s = this;
    while (!s.isFunction && s.parent) s = s.parent;
    return s;
  }
};
var PARENT = /* @__PURE__ */ Symbol("hdmigrate.parent");
var SCOPE = /* @__PURE__ */ Symbol("hdmigrate.scope");
var NodeMap = class {
  constructor(key2) {
    this.key = key2;
  }
  key;
  get(node) {
    return node ? node[this.key] ?? void 0 : void 0;
  }
  set(node, value) {
    node[this.key] = value;
  }
};
var SKIP_KEYS = /* @__PURE__ */ new Set([
  "loc",
  "start",
  "end",
  "range",
  "extra",
  "comments",
  "leadingComments",
  "trailingComments",
  "innerComments",
  "tokens",
  "errors",
  "typeAnnotation",
  "returnType",
  "typeParameters",
  "superTypeParameters",
  "predicate"
]);
var FUNCTION_TYPES = /* @__PURE__ */ new Set([
  "FunctionDeclaration",
  "FunctionExpression",
  "ArrowFunctionExpression",
  "ObjectMethod",
  "ClassMethod",
  "ClassPrivateMethod"
]);
function isFunctionNode(node) {
  return !!node && FUNCTION_TYPES.has(node.type);
}
var VISITOR_KEYS = createRequire2(import.meta.url)("@babel/types").VISITOR_KEYS;
var TYPE_KEYS = /* @__PURE__ */ new Set(["typeAnnotation", "returnType", "typeParameters", "superTypeParameters", "predicate", "decorators"]);
var keyCache = /* @__PURE__ */ new Map();
function keysOf(type) {
  let k = keyCache.get(type);
  if (k === void 0) {
    const v = type === "Literal" || type === "Property" || type === "ChainExpression" || type === "MethodDefinition" ? void 0 : VISITOR_KEYS[type];
    k = v ? v.filter((x) => !TYPE_KEYS.has(x)) : null;
    keyCache.set(type, k);
  }
  return k;
}
function children(node) {
  const keys = keysOf(node.type);
  if (keys) {
    const out2 = [];
    for (const key2 of keys) {
      const v = node[key2];
      if (!v || typeof v !== "object") continue;
      if (Array.isArray(v)) {
        for (const c of v) if (c && typeof c.type === "string") out2.push(c);
      } else if (typeof v.type === "string") out2.push(v);
    }
    return out2;
  }
  const out = [];
  for (const key2 of Object.keys(node)) {
    if (SKIP_KEYS.has(key2)) continue;
    const v = node[key2];
    if (!v || typeof v !== "object") continue;
    if (Array.isArray(v)) {
      for (const c of v) if (c && typeof c.type === "string") out.push(c);
    } else if (typeof v.type === "string") {
      out.push(v);
    }
  }
  return out;
}
function lineStartsOf(source) {
  const starts = [0];
  for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}
function positionOf(mod, offset) {
  const ls = mod.lineStarts;
  let lo = 0;
  let hi = ls.length - 1;
  while (lo < hi) {
    const mid = lo + hi + 1 >> 1;
    if (ls[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - ls[lo] };
}
function spanOf(mod, node, mainFile) {
  return spanAt(mod, node.start, node.end, mainFile);
}
function spanAt(mod, start, end, mainFile) {
  const a = positionOf(mod, start);
  const b = positionOf(mod, end);
  const span = { start, end, line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
  if (mainFile !== void 0 && mod.file !== mainFile) span.file = mod.file;
  return span;
}
function declarePattern(pattern, scope, kind, init, path, extra = {}) {
  if (!pattern) return;
  switch (pattern.type) {
    case "Identifier":
      scope.bindings.set(pattern.name, {
        name: pattern.name,
        kind,
        scope,
        id: pattern,
        init,
        path: path.length ? path : void 0,
        assigns: [],
        appends: [],
        refs: [],
        ...extra
      });
      break;
    case "AssignmentPattern":
      declarePattern(pattern.left, scope, kind, init ?? pattern.right, init ? path : [], extra);
      break;
    case "ObjectPattern":
      for (const p of pattern.properties) {
        if (p.type === "RestElement") {
          declarePattern(p.argument, scope, kind, void 0, [], extra);
          continue;
        }
        const key2 = !p.computed && p.key ? p.key.name ?? p.key.value : void 0;
        declarePattern(p.value, scope, kind, key2 === void 0 ? void 0 : init, key2 === void 0 ? [] : [...path, String(key2)], extra);
      }
      break;
    case "ArrayPattern":
      pattern.elements.forEach((el, i) => {
        if (el) declarePattern(el.type === "RestElement" ? el.argument : el, scope, kind, init, [...path, String(i)], extra);
      });
      break;
    case "RestElement":
      declarePattern(pattern.argument, scope, kind, void 0, [], extra);
      break;
    case "TSParameterProperty":
      declarePattern(pattern.parameter, scope, kind, init, path, extra);
      break;
    default:
      break;
  }
}
function isReference(node, parent) {
  if (!parent) return true;
  switch (parent.type) {
    case "MemberExpression":
    case "OptionalMemberExpression":
      return parent.object === node || parent.computed;
    case "ObjectProperty":
    case "Property":
      if (parent.key === node && !parent.computed) return parent.shorthand === true && parent.value === node;
      return true;
    case "ClassProperty":
    case "ClassMethod":
    case "ObjectMethod":
    case "MethodDefinition":
      return parent.computed && parent.key === node;
    case "VariableDeclarator":
      return parent.init === node;
    case "FunctionDeclaration":
    case "FunctionExpression":
    case "ArrowFunctionExpression":
    case "ClassDeclaration":
    case "ClassExpression":
      return false;
    case "ImportSpecifier":
    case "ImportDefaultSpecifier":
    case "ImportNamespaceSpecifier":
    case "ExportSpecifier":
    case "LabeledStatement":
    case "BreakStatement":
    case "ContinueStatement":
    case "CatchClause":
      return false;
    case "AssignmentPattern":
      return parent.right === node;
    default:
      return !parent.type.startsWith("TS");
  }
}
function buildModule(file, abs, source, ast, parser2) {
  const root = new Scope(null, ast.program, true);
  const mod = {
    file,
    abs,
    source,
    ast,
    parser: parser2,
    root,
    parent: new NodeMap(PARENT),
    scopeOf: new NodeMap(SCOPE),
    fnScope: /* @__PURE__ */ new WeakMap(),
    exports: /* @__PURE__ */ new Map(),
    starExports: [],
    relativeImports: [],
    lineStarts: lineStartsOf(source),
    nodes: { calls: [], strings: [], members: [], objects: [], numbers: [], assignments: [] }
  };
  const nodes = mod.nodes;
  const identNodes = [];
  const identScopes = [];
  const assignments = [];
  const declareFunctionParams = (fn, scope) => {
    (fn.params ?? []).forEach((p, i) => {
      declarePattern(p, scope, "param", void 0, [], { fn, paramIndex: i });
    });
  };
  const visit = (node, scope, parent) => {
    if (parent) mod.parent.set(node, parent);
    mod.scopeOf.set(node, scope);
    let inner = scope;
    switch (node.type) {
      case "Identifier":
        if (isReference(node, parent)) {
          identNodes.push(node);
          identScopes.push(scope);
        }
        break;
      case "StringLiteral":
      case "TemplateLiteral":
        nodes.strings.push(node);
        break;
      case "Literal":
        if (typeof node.value === "string") nodes.strings.push(node);
        else if (node.value === 403) nodes.numbers.push(node);
        break;
      case "NumericLiteral":
        if (node.value === 403) nodes.numbers.push(node);
        break;
      case "MemberExpression":
      case "OptionalMemberExpression":
        nodes.members.push(node);
        break;
      case "ObjectExpression":
        nodes.objects.push(node);
        break;
      case "NewExpression":
      case "OptionalCallExpression":
        nodes.calls.push(node);
        break;
      case "FunctionDeclaration":
      case "FunctionExpression":
      case "ArrowFunctionExpression":
      case "ObjectMethod":
      case "ClassMethod":
      case "ClassPrivateMethod": {
        if (node.type === "FunctionDeclaration" && node.id) {
          declarePattern(node.id, scope, "function", node, []);
        }
        inner = new Scope(scope, node, true);
        mod.fnScope.set(node, inner);
        if (node.type === "FunctionExpression" && node.id) declarePattern(node.id, inner, "function", node, []);
        declareFunctionParams(node, inner);
        break;
      }
      case "ClassDeclaration":
        if (node.id) declarePattern(node.id, scope, "class", node, []);
        break;
      case "BlockStatement":
        if (!isFunctionNode(parent)) inner = new Scope(scope, node, false);
        break;
      case "ForStatement":
      case "ForInStatement":
      case "ForOfStatement":
      case "SwitchStatement":
        inner = new Scope(scope, node, false);
        break;
      case "CatchClause":
        inner = new Scope(scope, node, false);
        if (node.param) declarePattern(node.param, inner, "catch", void 0, []);
        break;
      case "VariableDeclaration": {
        const target = node.kind === "var" ? scope.functionScope() : scope;
        for (const d of node.declarations) {
          declarePattern(d.id, target, node.kind === "var" ? "var" : node.kind === "let" ? "let" : "const", d.init ?? void 0, []);
        }
        break;
      }
      case "ImportDeclaration": {
        const source2 = String(node.source.value);
        if (source2.startsWith(".")) mod.relativeImports.push(source2);
        for (const s of node.specifiers ?? []) {
          const imported = s.type === "ImportDefaultSpecifier" ? "default" : s.type === "ImportNamespaceSpecifier" ? "*" : s.imported?.name ?? s.imported?.value;
          declarePattern(s.local, root, "import", void 0, [], { importFrom: { source: source2, imported } });
        }
        break;
      }
      case "ExportNamedDeclaration": {
        if (node.source) {
          const source2 = String(node.source.value);
          if (source2.startsWith(".")) mod.relativeImports.push(source2);
          for (const s of node.specifiers ?? []) {
            const exported = s.exported?.name ?? s.exported?.value;
            const local = s.local?.name ?? s.local?.value ?? "default";
            mod.exports.set(exported, { kind: "reexport", source: source2, imported: s.type === "ExportNamespaceSpecifier" ? "*" : local });
          }
        } else if (node.declaration) {
          const decl = node.declaration;
          if (decl.type === "VariableDeclaration") {
            for (const d of decl.declarations) for (const name of patternNames(d.id)) mod.exports.set(name, { kind: "binding", name });
          } else if (decl.id?.name) {
            mod.exports.set(decl.id.name, { kind: "binding", name: decl.id.name });
          }
        } else {
          for (const s of node.specifiers ?? []) {
            const exported = s.exported?.name ?? s.exported?.value;
            mod.exports.set(exported, { kind: "binding", name: s.local.name });
          }
        }
        break;
      }
      case "ExportDefaultDeclaration": {
        const d = node.declaration;
        if ((d.type === "FunctionDeclaration" || d.type === "ClassDeclaration") && d.id) {
          mod.exports.set("default", { kind: "binding", name: d.id.name });
        } else {
          mod.exports.set("default", { kind: "node", node: d });
        }
        break;
      }
      case "ExportAllDeclaration": {
        const source2 = String(node.source.value);
        if (source2.startsWith(".")) mod.relativeImports.push(source2);
        if (node.exported) mod.exports.set(node.exported.name, { kind: "reexport", source: source2, imported: "*" });
        else mod.starExports.push(source2);
        break;
      }
      case "AssignmentExpression":
        assignments.push([node, scope]);
        nodes.assignments.push(node);
        break;
      case "CallExpression":
        nodes.calls.push(node);
        if (node.callee?.type === "Identifier" && node.callee.name === "require" && node.arguments?.[0] && typeof node.arguments[0].value === "string" && String(node.arguments[0].value).startsWith(".")) {
          mod.relativeImports.push(String(node.arguments[0].value));
        }
        break;
      default:
        break;
    }
    const keys = keysOf(node.type);
    if (keys) {
      for (let k = 0; k < keys.length; k++) {
        const v = node[keys[k]];
        if (!v || typeof v !== "object") continue;
        if (Array.isArray(v)) {
          for (let i = 0; i < v.length; i++) {
            const c = v[i];
            if (c && typeof c.type === "string") visit(c, inner, node);
          }
        } else if (typeof v.type === "string") visit(v, inner, node);
      }
    } else {
      for (const c of children(node)) visit(c, inner, node);
    }
  };
  visit(ast.program, root, void 0);
  for (let i = 0; i < identNodes.length; i++) {
    const id = identNodes[i];
    const b = identScopes[i].lookup(id.name);
    if (b && b.id !== id) b.refs.push(id);
  }
  for (const [node, scope] of assignments) {
    const left = node.left;
    if (left.type === "Identifier") {
      const b = scope.lookup(left.name);
      if (!b) continue;
      if (node.operator === "+=") b.appends.push(node);
      else if (node.operator === "=") b.assigns.push(node);
      continue;
    }
    const target = memberPath(left);
    if (!target) continue;
    if (target.join(".") === "module.exports" && node.operator === "=") {
      mod.cjsWhole = node.right;
    } else if (target[0] === "exports" && target.length === 2 || target[0] === "module" && target[1] === "exports" && target.length === 3) {
      const name = target[target.length - 1];
      mod.exports.set(name, { kind: "node", node: node.right });
    }
  }
  return mod;
}
function patternNames(p) {
  if (!p) return [];
  switch (p.type) {
    case "Identifier":
      return [p.name];
    case "ObjectPattern":
      return p.properties.flatMap((x) => patternNames(x.type === "RestElement" ? x.argument : x.value));
    case "ArrayPattern":
      return p.elements.flatMap((x) => x ? patternNames(x.type === "RestElement" ? x.argument : x) : []);
    case "AssignmentPattern":
      return patternNames(p.left);
    default:
      return [];
  }
}
function memberPath(node) {
  const out = [];
  let cur = node;
  while (cur) {
    if (cur.type === "MemberExpression" || cur.type === "OptionalMemberExpression") {
      if (cur.computed) {
        if (cur.property.type === "StringLiteral" || cur.property.type === "Literal" && typeof cur.property.value === "string") {
          out.unshift(String(cur.property.value));
        } else return null;
      } else out.unshift(cur.property.name ?? cur.property.value);
      cur = cur.object;
    } else if (cur.type === "Identifier") {
      out.unshift(cur.name);
      return out;
    } else if (cur.type === "ThisExpression") {
      out.unshift("this");
      return out;
    } else if (cur.type === "ChainExpression" || cur.type === "TSNonNullExpression" || cur.type === "ParenthesizedExpression") {
      cur = cur.expression;
    } else return null;
  }
  return null;
}
var EXTS = [".ts", ".tsx", ".js", ".mjs", ".cjs", ".jsx", ".mts", ".cts"];
function isFile(p) {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}
var FsModuleLoader = class {
  constructor(maxBytes = 2e6) {
    this.maxBytes = maxBytes;
  }
  maxBytes;
  cache = /* @__PURE__ */ new Map();
  resolved = /* @__PURE__ */ new Map();
  resolve(fromAbs, specifier) {
    if (!specifier.startsWith(".")) return null;
    const key2 = `${fromAbs}\0${specifier}`;
    if (this.resolved.has(key2)) return this.resolved.get(key2);
    const base = resolvePath(dirname(fromAbs), specifier);
    const candidates = [base];
    const m = /\.(m|c)?js$/.exec(base);
    if (m) for (const e of [".ts", ".tsx", ".mts", ".cts"]) candidates.push(base.slice(0, -m[0].length) + e);
    for (const e of EXTS) candidates.push(base + e);
    for (const e of EXTS) candidates.push(`${base}/index${e}`);
    const found = candidates.find(isFile) ?? null;
    this.resolved.set(key2, found);
    return found;
  }
  /** The module if it was parsed already (no disk access). */
  cached(abs) {
    return this.cache.get(abs) ?? null;
  }
  /** Registers an already parsed module (the file being analysed) so imports back to it hit the cache. */
  put(abs, mod) {
    this.cache.set(abs, mod);
  }
  load(abs) {
    if (this.cache.has(abs)) return this.cache.get(abs);
    let mod = null;
    try {
      const st = statSync(abs);
      if (st.size <= this.maxBytes) {
        const source = readFileSync(abs, "utf8");
        const { ast, parser: parser2 } = parseForAnalysis(source, abs);
        mod = buildModule(abs, abs, source, ast, parser2);
      }
    } catch {
      mod = null;
    }
    this.cache.set(abs, mod);
    return mod;
  }
};

// src/audit/js/evaluate.ts
var EMPTY_FRAMES = /* @__PURE__ */ new Map();
var MAX_DEPTH = 30;
var UNKNOWN = (name = "expr") => ({ t: "unknown", name });
function isStringLiteral(node) {
  return !!node && (node.type === "StringLiteral" || node.type === "Literal" && typeof node.value === "string");
}
function isNumberLiteral(node) {
  return !!node && (node.type === "NumericLiteral" || node.type === "Literal" && typeof node.value === "number");
}
function isObjectProperty(node) {
  return !!node && (node.type === "ObjectProperty" || node.type === "Property" && !node.method && node.kind === "init");
}
function isMethodProperty(node) {
  return !!node && (node.type === "ObjectMethod" || node.type === "Property" && (node.method || node.kind === "get"));
}
function unwrapExpr(node) {
  let n = node;
  while (n && (n.type === "ParenthesizedExpression" || n.type === "TSAsExpression" || n.type === "TSSatisfiesExpression" || n.type === "TSNonNullExpression" || n.type === "TSTypeAssertion" || n.type === "TypeCastExpression" || n.type === "ChainExpression")) {
    n = n.expression;
  }
  return n;
}
function propertyKey(prop) {
  if (!prop || prop.computed) return void 0;
  const k = prop.key;
  if (!k) return void 0;
  if (k.type === "Identifier") return k.name;
  if (isStringLiteral(k) || isNumberLiteral(k)) return String(k.value);
  return void 0;
}
function placeholderName(mod, node) {
  const n = unwrapExpr(node);
  if (!n) return "expr";
  if (n.type === "Identifier") return n.name;
  const path = memberPath(n);
  if (path) {
    const p = path[0] === "this" ? path.slice(1) : path;
    const text = p.join(".");
    if (text && text.length <= 40) return text;
    return p[p.length - 1] ?? "expr";
  }
  if (n.type === "CallExpression") {
    const callee = memberPath(n.callee);
    if (callee) return `${callee[callee.length - 1]}()`;
  }
  const raw = mod.source.slice(n.start, n.end).replace(/[^\w.$]/g, "");
  return raw && raw.length <= 30 ? raw : "expr";
}
var Evaluator = class {
  constructor(main, loader) {
    this.main = main;
    this.loader = loader;
  }
  main;
  loader;
  memo = /* @__PURE__ */ new WeakMap();
  active = /* @__PURE__ */ new Set();
  // ---- parts helpers ------------------------------------------------------------------------
  literalPart(mod, node, text, kind) {
    return { text, dynamic: false, node: kind, span: spanOf(mod, node, this.main.file), file: mod.file };
  }
  placeholder(mod, node, name) {
    return {
      text: `{${name ?? placeholderName(mod, node)}}`,
      dynamic: true,
      node: "expression",
      span: spanOf(mod, node, this.main.file),
      file: mod.file
    };
  }
  synthetic(mod, node, text) {
    return { text, dynamic: false, node: "synthetic", span: spanOf(mod, node, this.main.file), file: mod.file };
  }
  /** A value used where a string is expected. */
  toParts(v, mod, node) {
    if (v.t === "str") return v.parts;
    if (v.t === "unknown") return [this.placeholder(mod, node, v.name === "expr" ? void 0 : v.name)];
    return [this.placeholder(mod, node)];
  }
  withVia(v, name) {
    if (v.t !== "str") return v;
    return { t: "str", parts: v.parts.map((p) => ({ ...p, via: [name, ...p.via ?? []] })) };
  }
  // ---- evaluation ---------------------------------------------------------------------------
  /** Evaluates an expression node of module `mod`. */
  eval(mod, node, frames = EMPTY_FRAMES, depth = 0) {
    if (!node) return UNKNOWN();
    if (depth > MAX_DEPTH) return UNKNOWN(placeholderName(mod, node));
    const memoable = frames.size === 0;
    if (memoable) {
      const m = this.memo.get(node);
      if (m) return m;
      if (this.active.has(node)) return UNKNOWN(placeholderName(mod, node));
      this.active.add(node);
    }
    let v;
    try {
      v = this.evalInner(mod, node, frames, depth + 1);
    } finally {
      if (memoable) this.active.delete(node);
    }
    if (memoable) this.memo.set(node, v);
    return v;
  }
  evalInner(mod, raw, frames, depth) {
    const node = unwrapExpr(raw);
    if (!node) return UNKNOWN();
    switch (node.type) {
      case "StringLiteral":
        return { t: "str", parts: [this.literalPart(mod, node, node.value, "literal")] };
      case "Literal":
        if (typeof node.value === "string") return { t: "str", parts: [this.literalPart(mod, node, node.value, "literal")] };
        if (typeof node.value === "number") return { t: "str", parts: [this.literalPart(mod, node, String(node.value), "expression")] };
        return UNKNOWN(placeholderName(mod, node));
      case "NumericLiteral":
        return { t: "str", parts: [this.literalPart(mod, node, String(node.value), "expression")] };
      case "TemplateLiteral": {
        const parts = [];
        node.quasis.forEach((q, i) => {
          const text = q.value.cooked ?? q.value.raw;
          if (text) parts.push(this.literalPart(mod, q, text, "quasi"));
          const e = node.expressions[i];
          if (e) parts.push(...this.toParts(this.eval(mod, e, frames, depth), mod, e));
        });
        return { t: "str", parts };
      }
      case "BinaryExpression": {
        if (node.operator !== "+") return UNKNOWN(placeholderName(mod, node));
        const l = this.eval(mod, node.left, frames, depth);
        const r = this.eval(mod, node.right, frames, depth);
        if (l.t !== "str" && r.t !== "str") return UNKNOWN(placeholderName(mod, node));
        return { t: "str", parts: [...this.toParts(l, mod, node.left), ...this.toParts(r, mod, node.right)] };
      }
      case "Identifier":
        return this.evalIdentifier(mod, node, frames, depth);
      case "MemberExpression":
      case "OptionalMemberExpression":
        return this.evalMember(mod, node, frames, depth);
      case "CallExpression":
      case "OptionalCallExpression":
        return this.evalCall(mod, node, frames, depth);
      case "NewExpression":
        return this.evalNew(mod, node, frames, depth);
      case "ConditionalExpression": {
        const a = this.eval(mod, node.consequent, frames, depth);
        if (a.t === "str" && a.parts.some((p) => !p.dynamic)) return a;
        const b = this.eval(mod, node.alternate, frames, depth);
        return b.t === "str" ? b : a;
      }
      case "LogicalExpression": {
        const a = this.eval(mod, node.left, frames, depth);
        if (a.t !== "unknown" && !(a.t === "str" && a.parts.every((p) => p.dynamic))) return a;
        const b = this.eval(mod, node.right, frames, depth);
        return b.t === "unknown" ? a : b;
      }
      case "ObjectExpression":
        return { t: "obj", mod, node, frames };
      case "ArrayExpression":
        return { t: "arr", mod, node, frames };
      case "FunctionExpression":
      case "ArrowFunctionExpression":
      case "FunctionDeclaration":
        return { t: "fn", mod, node, frames };
      case "AwaitExpression":
        return this.eval(mod, node.argument, frames, depth);
      case "AssignmentExpression":
        return this.eval(mod, node.right, frames, depth);
      case "SequenceExpression":
        return this.eval(mod, node.expressions[node.expressions.length - 1], frames, depth);
      default:
        return UNKNOWN(placeholderName(mod, node));
    }
  }
  /** Value of a binding (as seen from `frames`). */
  bindingValue(mod, b, frames, depth, at) {
    if (b.kind === "param") {
      const f = frames.get(b.scope);
      const bound = f?.get(b.name);
      if (bound) return bound;
      if (f && b.init) return this.eval(mod, b.init, frames, depth);
      return UNKNOWN(b.name);
    }
    if (b.kind === "import" && b.importFrom) return this.importValue(mod, b.importFrom.source, b.importFrom.imported);
    if (b.kind === "function") return { t: "fn", mod, node: b.init, frames, name: b.name };
    if (b.kind === "class" || b.kind === "catch") return UNKNOWN(b.name);
    if (this.active.has(b)) return UNKNOWN(b.name);
    this.active.add(b);
    try {
      let v;
      if (b.init) {
        v = this.eval(mod, b.init, frames, depth);
        for (const key2 of b.path ?? []) v = this.member(v, key2, depth, mod, b.init);
        if (b.assigns.length > 0 && (b.kind === "let" || b.kind === "var")) {
          return UNKNOWN(b.name);
        }
      } else if (b.assigns.length === 1) {
        v = this.eval(mod, b.assigns[0].right, frames, depth);
      } else {
        return UNKNOWN(b.name);
      }
      if (b.appends.length > 0 && v.t === "str") {
        const parts = [...v.parts];
        for (const a of b.appends) {
          if (at && a.start > at.start) continue;
          parts.push(...this.toParts(this.eval(mod, a.right, frames, depth), mod, a.right));
        }
        v = { t: "str", parts };
      }
      return this.withVia(v, b.name);
    } finally {
      this.active.delete(b);
    }
  }
  evalIdentifier(mod, node, frames, depth) {
    if (node.name === "undefined") return UNKNOWN("undefined");
    const scope = mod.scopeOf.get(node) ?? mod.root;
    const b = scope.lookup(node.name);
    if (!b) return { t: "pkg", name: `global:${node.name}`, member: [] };
    return this.bindingValue(mod, b, frames, depth, node);
  }
  /** Resolves `import x from source` inside `mod`. */
  importValue(mod, source, imported) {
    if (!source.startsWith(".")) {
      return { t: "pkg", name: source.replace(/^node:/, ""), member: imported === "default" || imported === "*" ? [] : [imported] };
    }
    const other = this.loadRelative(mod, source);
    if (!other) return UNKNOWN(imported === "default" || imported === "*" ? "import" : imported);
    if (imported === "*") return { t: "ns", mod: other };
    return this.exportValue(other, imported, 0);
  }
  loadRelative(mod, source) {
    if (!this.loader || !mod.abs) return null;
    const abs = this.loader.resolve(mod.abs, source);
    if (!abs) return null;
    return this.loader.load(abs);
  }
  exportValue(mod, name, hops) {
    if (hops > 8) return UNKNOWN(name);
    const ref = mod.exports.get(name);
    if (ref) {
      if (ref.kind === "binding") {
        const b = mod.root.bindings.get(ref.name);
        return b ? this.bindingValue(mod, b, EMPTY_FRAMES, 0) : UNKNOWN(name);
      }
      if (ref.kind === "node") return this.withVia(this.eval(mod, ref.node), name);
      const other = this.loadRelative(mod, ref.source);
      if (!other) return UNKNOWN(name);
      return ref.imported === "*" ? { t: "ns", mod: other } : this.exportValue(other, ref.imported, hops + 1);
    }
    for (const src of mod.starExports) {
      const other = this.loadRelative(mod, src);
      if (other && (other.exports.has(name) || other.cjsWhole)) return this.exportValue(other, name, hops + 1);
    }
    if (mod.cjsWhole) {
      const whole = this.eval(mod, mod.cjsWhole);
      if (name === "default") return whole;
      return this.member(whole, name, 0, mod, mod.cjsWhole);
    }
    return UNKNOWN(name);
  }
  /** `v.key` for the value kinds we model. */
  member(v, key2, depth, mod, at) {
    switch (v.t) {
      case "obj": {
        const found = this.objectProperty(v, key2, depth);
        return found ? this.withVia(found, key2) : UNKNOWN(key2);
      }
      case "ns":
        return this.exportValue(v.mod, key2, 0);
      case "pkg":
        return { t: "pkg", name: v.name, member: [...v.member, key2] };
      case "arr": {
        if (/^\d+$/.test(key2)) {
          const el = v.node.elements[Number(key2)];
          return el ? this.eval(v.mod, el, v.frames, depth) : UNKNOWN(key2);
        }
        return UNKNOWN(key2);
      }
      case "inst":
        return UNKNOWN(key2);
      default:
        void mod;
        void at;
        return UNKNOWN(v.t === "unknown" && v.name !== "expr" ? `${v.name}.${key2}` : key2);
    }
  }
  /** The value of `key` in an object literal value (last one wins, spreads followed). */
  objectProperty(v, key2, depth) {
    const props = v.node.properties;
    for (let i = props.length - 1; i >= 0; i--) {
      const p = props[i];
      if (p.type === "SpreadElement" || p.type === "SpreadProperty" || p.type === "RestElement") {
        const spread = this.eval(v.mod, p.argument, v.frames, depth);
        if (spread.t === "obj") {
          const inner = this.objectProperty(spread, key2, depth + 1);
          if (inner) return inner;
        }
        continue;
      }
      let k = propertyKey(p);
      if (k === void 0 && p.computed) {
        const kv = this.eval(v.mod, p.key, v.frames, depth);
        if (kv.t === "str" && kv.parts.every((x) => !x.dynamic)) k = kv.parts.map((x) => x.text).join("");
      }
      if (k !== key2) continue;
      if (isMethodProperty(p)) return { t: "fn", mod: v.mod, node: p, frames: v.frames, name: key2 };
      return this.eval(v.mod, p.value, v.frames, depth);
    }
    return void 0;
  }
  /** The property node of an object literal value (for spans), following spreads. */
  objectPropertyNode(v, key2) {
    const props = v.node.properties;
    for (let i = props.length - 1; i >= 0; i--) {
      const p = props[i];
      if (p.type === "SpreadElement" || p.type === "SpreadProperty") {
        const spread = this.eval(v.mod, p.argument, v.frames);
        if (spread.t === "obj") {
          const inner = this.objectPropertyNode(spread, key2);
          if (inner) return inner;
        }
        continue;
      }
      if (propertyKey(p) === key2) return { mod: v.mod, prop: p, frames: v.frames };
    }
    return void 0;
  }
  evalMember(mod, node, frames, depth) {
    const path = memberPath(node);
    if (path && path[0] === "process" && path[1] === "env" && path.length === 3) return UNKNOWN(path[2]);
    let key2;
    if (!node.computed) key2 = node.property.name ?? node.property.value;
    else {
      const kv = this.eval(mod, node.property, frames, depth);
      if (kv.t === "str" && kv.parts.every((p) => !p.dynamic)) key2 = kv.parts.map((p) => p.text).join("");
    }
    if (key2 === void 0) return UNKNOWN(placeholderName(mod, node));
    if (node.object.type === "ThisExpression") {
      const obj2 = this.enclosingObject(mod, node);
      if (obj2) {
        const found = this.objectProperty({ t: "obj", mod, node: obj2, frames }, key2, depth);
        if (found) return this.withVia(found, `this.${key2}`);
      }
      return UNKNOWN(key2);
    }
    const obj = this.eval(mod, node.object, frames, depth);
    if (obj.t === "str" && (key2 === "href" || key2 === "toString")) return obj;
    const v = this.member(obj, key2, depth, mod, node);
    if (v.t === "unknown") return UNKNOWN(placeholderName(mod, node));
    return v;
  }
  /** The object literal a `this.x` inside one of its methods refers to. */
  enclosingObject(mod, node) {
    let cur = mod.parent.get(node);
    while (cur) {
      if (cur.type === "FunctionExpression" || cur.type === "ObjectMethod" || cur.type === "FunctionDeclaration") {
        const p = mod.parent.get(cur);
        const host = cur.type === "ObjectMethod" ? p : p && (p.type === "Property" || p.type === "ObjectProperty") ? mod.parent.get(p) : void 0;
        return host?.type === "ObjectExpression" ? host : void 0;
      }
      cur = mod.parent.get(cur);
    }
    return void 0;
  }
  /** Calls a function value with argument values: evaluates its (single) returned expression. */
  callFunction(fn, args, depth) {
    const fnNode = fn.node.type === "Property" ? fn.node.value : fn.node;
    if (!fnNode || !isFunctionNode(fnNode) || depth > MAX_DEPTH) return UNKNOWN();
    const scope = fn.mod.fnScope.get(fnNode);
    if (!scope) return UNKNOWN();
    const bound = /* @__PURE__ */ new Map();
    (fnNode.params ?? []).forEach((p, i) => {
      const id = p.type === "AssignmentPattern" ? p.left : p;
      if (id.type === "Identifier" && args[i]) bound.set(id.name, args[i]);
    });
    const frames = new Map(fn.frames);
    frames.set(scope, bound);
    const ret = returnedExpression(fnNode);
    if (!ret) return UNKNOWN();
    const v = this.eval(fn.mod, ret, frames, depth + 1);
    return this.withVia(v, `${fn.name ?? fnNode.id?.name ?? "fn"}()`);
  }
  evalCall(mod, node, frames, depth) {
    const callee = unwrapExpr(node.callee);
    const args = node.arguments ?? [];
    if (callee.type === "Identifier" && callee.name === "require" && args.length === 1 && isStringLiteral(args[0])) {
      const src = String(args[0].value);
      if (!src.startsWith(".")) return { t: "pkg", name: src.replace(/^node:/, ""), member: [] };
      const other = this.loadRelative(mod, src);
      if (!other) return UNKNOWN("require");
      if (other.cjsWhole) return this.eval(other, other.cjsWhole);
      return { t: "ns", mod: other };
    }
    const cpath = memberPath(callee);
    const last = cpath?.[cpath.length - 1];
    if (callee.type === "MemberExpression" || callee.type === "OptionalMemberExpression") {
      const method = callee.computed ? void 0 : callee.property.name;
      if (method === "concat" || method === "toString" || method === "trim" || method === "toLowerCase" || method === "join") {
        const base = this.eval(mod, callee.object, frames, depth);
        if (method === "join" && base.t === "arr") {
          const sepV = args[0] ? this.eval(mod, args[0], frames, depth) : { t: "str", parts: [this.synthetic(mod, node, ",")] };
          const sep2 = sepV.t === "str" ? sepV.parts.map((p) => p.text).join("") : "";
          const parts = [];
          base.node.elements.forEach((el, i) => {
            if (i > 0 && sep2) parts.push(this.synthetic(mod, args[0] ?? node, sep2));
            if (el) parts.push(...this.toParts(this.eval(base.mod, el, base.frames, depth), base.mod, el));
          });
          return { t: "str", parts };
        }
        if (base.t === "str") {
          if (method === "concat") {
            const parts = [...base.parts];
            for (const a of args) parts.push(...this.toParts(this.eval(mod, a, frames, depth), mod, a));
            return { t: "str", parts };
          }
          return base;
        }
      }
      if (method === "replace" || method === "replaceAll") {
        const base = this.eval(mod, callee.object, frames, depth);
        if (base.t === "str") return base;
      }
      if (method === "create" || method === "extend" || method === "defaults") {
        const base = this.eval(mod, callee.object, frames, depth);
        if (base.t === "pkg" || base.t === "inst") {
          const of = base.t === "pkg" ? base.name : base.of;
          return { t: "inst", of, mod, node, frames };
        }
      }
      if (method === "stringify" || method === "param") {
        const base = memberPath(callee.object)?.join(".");
        if (base && /^(querystring|qs|\$|jQuery|Qs)$/.test(base) && args[0]) return this.queryString(mod, node, args[0], frames, depth);
      }
      if (method === "format" && cpath && (cpath[0] === "util" || cpath[0] === "Utilities") && args[0]) {
        return this.formatCall(mod, node, args, frames, depth);
      }
      if (method === "join" && cpath && (cpath[0] === "path" || cpath[0] === "posix" || cpath.includes("posix"))) {
        return this.joinPaths(mod, node, args, frames, depth);
      }
      if (method === "resolve" && cpath && (cpath[0] === "url" || cpath[0] === "path") && args.length >= 2) {
        return this.joinPaths(mod, node, args, frames, depth);
      }
    }
    if (callee.type === "Identifier" && (callee.name === "String" || callee.name === "encodeURI")) {
      return args[0] ? this.evalStringish(mod, args[0], frames, depth) : UNKNOWN();
    }
    if (callee.type === "Identifier" && callee.name === "encodeURIComponent" && args[0]) {
      const v = this.eval(mod, args[0], frames, depth);
      if (v.t === "str") {
        return { t: "str", parts: v.parts.map((p) => p.dynamic || p.node === "synthetic" ? p : { ...p, text: encodeURIComponent(p.text), encoded: true }) };
      }
      return { t: "str", parts: [this.placeholder(mod, args[0])] };
    }
    if (callee.type === "Identifier" && (callee.name === "sprintf" || callee.name === "format") && args[0]) {
      return this.formatCall(mod, node, args, frames, depth);
    }
    if (last === "toString" && callee.type === "MemberExpression") {
      const base = unwrapExpr(callee.object);
      if (base.type === "NewExpression" && base.callee.name === "URLSearchParams" && base.arguments[0]) {
        return this.queryString(mod, node, base.arguments[0], frames, depth);
      }
    }
    const fv = this.eval(mod, callee, frames, depth);
    if (fv.t === "fn") {
      const argv = args.map((a) => this.evalLazyArg(mod, a, frames, depth));
      return this.callFunction(fv, argv, depth);
    }
    return UNKNOWN(placeholderName(mod, node));
  }
  evalStringish(mod, node, frames, depth) {
    const v = this.eval(mod, node, frames, depth);
    return v.t === "str" ? v : { t: "str", parts: [this.placeholder(mod, node, v.t === "unknown" && v.name !== "expr" ? v.name : void 0)] };
  }
  /** Arguments of helper calls: evaluated now; unknown ones keep the caller's expression as their placeholder. */
  evalLazyArg(mod, node, frames, depth) {
    const v = this.eval(mod, node, frames, depth);
    if (v.t === "unknown") return { t: "str", parts: [this.placeholder(mod, node, v.name === "expr" ? void 0 : v.name)] };
    return v;
  }
  evalNew(mod, node, frames, depth) {
    const callee = unwrapExpr(node.callee);
    const name = memberPath(callee)?.join(".") ?? "";
    const args = node.arguments ?? [];
    if (/(^|\.)URL$/.test(name) && args[0]) {
      const a = this.eval(mod, args[0], frames, depth);
      if (args[1] && a.t === "str" && !/^[a-z]+:\/\//i.test(a.parts[0]?.text ?? "")) {
        const b = this.eval(mod, args[1], frames, depth);
        return { t: "str", parts: [...this.toParts(b, mod, args[1]), ...a.parts] };
      }
      return a;
    }
    const cv = this.eval(mod, callee, frames, depth);
    if (cv.t === "pkg") return { t: "inst", of: cv.member.length ? `${cv.name}.${cv.member.join(".")}` : cv.name.replace(/^global:/, ""), mod, node, frames };
    return { t: "inst", of: name || "object", mod, node, frames };
  }
  /** `querystring.stringify({ a: x })` → `a={x}`: synthetic text (not editable), for rule matching. */
  queryString(mod, node, arg, frames, depth) {
    const v = this.eval(mod, arg, frames, depth);
    if (v.t !== "obj") return { t: "str", parts: [this.placeholder(mod, node)] };
    const pairs = [];
    for (const p of v.node.properties) {
      const k = propertyKey(p);
      if (k === void 0) continue;
      const val = isObjectProperty(p) ? this.eval(v.mod, p.value, v.frames, depth) : UNKNOWN(k);
      const text = val.t === "str" && val.parts.every((x) => !x.dynamic) ? val.parts.map((x) => x.text).join("") : `{${k}}`;
      pairs.push(`${encodeURIComponent(k)}=${text}`);
    }
    return { t: "str", parts: [{ ...this.synthetic(mod, node, pairs.join("&")), dynamic: true }] };
  }
  /** `util.format('%s/helpdesk/tickets/%s.json', base, id)`: the format's `%s` read as placeholders. */
  formatCall(mod, node, args, frames, depth) {
    const f = this.eval(mod, args[0], frames, depth);
    return f.t === "str" ? f : UNKNOWN(placeholderName(mod, node));
  }
  joinPaths(mod, node, args, frames, depth) {
    const parts = [];
    args.forEach((a, i) => {
      const v = this.eval(mod, a, frames, depth);
      const ps = this.toParts(v, mod, a);
      const prevText = parts.map((p) => p.text).join("");
      const first = ps[0]?.text ?? "";
      if (i > 0 && !prevText.endsWith("/") && !first.startsWith("/")) parts.push(this.synthetic(mod, node, "/"));
      parts.push(...ps);
    });
    return { t: "str", parts };
  }
  /** The joined text of a string value. */
  static text(v) {
    return v.t === "str" ? v.parts.map((p) => p.text).join("") : void 0;
  }
};
function returnedExpression(fn) {
  if (fn.body && fn.body.type !== "BlockStatement") return fn.body;
  let found;
  const visit = (n) => {
    if (found || !n || typeof n !== "object") return;
    if (n !== fn && isFunctionNode(n)) return;
    if (n.type === "ReturnStatement" && n.argument) {
      found = n.argument;
      return;
    }
    for (const key2 of Object.keys(n)) {
      if (key2 === "loc" || key2 === "leadingComments" || key2 === "trailingComments") continue;
      const v = n[key2];
      if (Array.isArray(v)) v.forEach((c) => c && typeof c.type === "string" && visit(c));
      else if (v && typeof v.type === "string") visit(v);
    }
  };
  visit(fn.body);
  return found;
}

// src/audit/js/clients.ts
var PACKAGES = {
  axios: "axios",
  request: "request",
  "request-promise": "request",
  "request-promise-native": "request",
  got: "got",
  superagent: "superagent",
  needle: "needle",
  unirest: "unirest",
  "node-fetch": "fetch",
  "cross-fetch": "fetch",
  "isomorphic-fetch": "fetch",
  "isomorphic-unfetch": "fetch",
  "whatwg-fetch": "fetch",
  undici: "undici",
  https: "https",
  http: "http",
  jquery: "jquery",
  ky: "ky",
  "global:fetch": "fetch",
  "global:$": "jquery",
  "global:jQuery": "jquery",
  "global:UrlFetchApp": "urlfetchapp",
  "global:axios": "axios",
  "global:superagent": "superagent",
  "global:$request": "app-request",
  "global:ky": "ky"
};
var VERBS = /* @__PURE__ */ new Set(["get", "post", "put", "patch", "delete", "del", "head", "options"]);
var HTTP_METHODS = /* @__PURE__ */ new Set(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]);
function verbMethod(op) {
  const m = op.toUpperCase();
  return m === "DEL" ? "DELETE" : m;
}
var NON_REQUEST_CALLEES = /^(console|logger|log|debug|winston|pino|assert|describe|it|test|expect|t|chai|should|require|import|Logger)(\.|$)/;
var ClientRecognizer = class {
  constructor(ev) {
    this.ev = ev;
  }
  ev;
  /** The client kind of a receiver value (`axios`, an axios instance, `https`). */
  kindOf(v) {
    if (v.t === "unknown" && PACKAGES[`global:${v.name}`] && v.name !== "fetch") {
      return { kind: PACKAGES[`global:${v.name}`], member: [] };
    }
    if (v.t === "pkg") {
      const kind = PACKAGES[v.name];
      if (kind) {
        if (kind === "undici" && v.member[0] === "fetch") return { kind: "fetch", member: v.member.slice(1) };
        return { kind, member: v.member };
      }
      return null;
    }
    if (v.t === "inst") {
      const base = v.of.replace(/^global:/, "");
      if (base === "XMLHttpRequest") return { kind: "xhr", member: [], inst: v };
      const root = base.split(".")[0];
      const kind = PACKAGES[root] ?? PACKAGES[`global:${root}`];
      if (kind) return { kind, member: [], inst: v };
    }
    return null;
  }
  ref(mod, node, frames) {
    return node ? { mod, node, frames } : void 0;
  }
  /** An options object argument (object literal or a binding holding one). */
  options(mod, node, frames) {
    if (!node) return void 0;
    const v = this.ev.eval(mod, node, frames);
    return v.t === "obj" ? v : void 0;
  }
  prop(obj, ...keys) {
    if (!obj) return void 0;
    for (const key2 of keys) {
      const found = this.ev.objectPropertyNode(obj, key2);
      if (found) {
        const p = found.prop;
        const value = p.value ?? p;
        return { mod: found.mod, node: value, frames: found.frames, key: key2 };
      }
    }
    return void 0;
  }
  methodFromRef(r) {
    if (!r) return void 0;
    const v = this.ev.eval(r.mod, r.node, r.frames);
    if (v.t !== "str" || v.parts.some((p) => p.dynamic)) return void 0;
    const m = v.parts.map((p) => p.text).join("").toUpperCase();
    return HTTP_METHODS.has(m) ? m : void 0;
  }
  /** Chained calls on a call result: `superagent.post(u).set(..).send(body).end(cb)`. */
  chainOf(mod, call) {
    const out = [];
    let cur = call;
    for (; ; ) {
      const parent = mod.parent.get(cur);
      if (!parent || parent.type !== "MemberExpression" && parent.type !== "OptionalMemberExpression" || parent.object !== cur) break;
      const gp = mod.parent.get(parent);
      if (!gp || gp.type !== "CallExpression" && gp.type !== "OptionalCallExpression" || gp.callee !== parent) break;
      out.push(gp);
      cur = gp;
    }
    return out;
  }
  /** Calls made on the variable a call result (or object) is stored in: `req.write(x)`, `xhr.send(x)`. */
  callsOnBinding(mod, holder) {
    let id;
    if (holder.type === "Identifier") id = holder;
    else {
      const parent = mod.parent.get(holder);
      if (parent?.type === "VariableDeclarator" && parent.init === holder && parent.id.type === "Identifier") id = parent.id;
      else if (parent?.type === "AssignmentExpression" && parent.right === holder && parent.left.type === "Identifier") id = parent.left;
    }
    if (!id) return [];
    const b = (mod.scopeOf.get(id) ?? mod.root).lookup(id.name);
    if (!b) return [];
    const out = [];
    for (const ref of b.refs) {
      const parent = mod.parent.get(ref);
      if (parent?.type === "MemberExpression" && parent.object === ref) {
        const gp = mod.parent.get(parent);
        if (gp?.type === "CallExpression" && gp.callee === parent) out.push(gp);
      }
    }
    return out;
  }
  /** Recognises a request call; null when the callee is not a known client shape. */
  recognize(mod, node, frames) {
    const callee = unwrapExpr(node.callee);
    const args = node.arguments ?? [];
    const calleeText = calleeName(mod, callee);
    const isNew = node.type === "NewExpression";
    let receiver;
    let op = "";
    if (callee.type === "MemberExpression" || callee.type === "OptionalMemberExpression") {
      op = callee.computed ? isStringLiteral(callee.property) ? String(callee.property.value) : "" : callee.property.name;
      receiver = this.ev.eval(mod, callee.object, frames);
    }
    const direct = this.ev.eval(mod, callee, frames);
    if (isNew) {
      if (direct.t === "pkg" && (direct.name === "global:Request" || direct.member[0] === "Request")) {
        return this.fetchLike("fetch", calleeText, mod, args, frames, "");
      }
      return null;
    }
    const dk = this.kindOf(direct);
    if (dk && dk.member.length <= 1) {
      const dop = dk.member[0] ?? "";
      const shape = this.byKind(dk.kind, dop, calleeText, mod, node, args, frames, dk.inst);
      if (shape) return shape;
    }
    if (receiver) {
      const rk = this.kindOf(receiver);
      if (rk && rk.member.length === 0) {
        const shape = this.byKind(rk.kind, op, calleeText, mod, node, args, frames, rk.inst);
        if (shape) return shape;
      }
    }
    if (op === "submit" && receiver?.t === "inst" && /form-data|FormData/.test(receiver.of)) {
      const first = args[0] ? this.ev.eval(mod, args[0], frames) : void 0;
      const opts = first?.t === "obj" ? first : void 0;
      const url = opts ? this.prop(opts, "path") : this.ref(mod, args[0], frames);
      const protocol = this.prop(opts, "protocol");
      const protoText = protocol ? Evaluator.text(this.ev.eval(protocol.mod, protocol.node, protocol.frames)) : void 0;
      return {
        client: "form-data",
        callee: calleeText,
        url,
        method: "POST",
        methodSource: "default",
        options: opts ? this.ref(mod, args[0], frames) : void 0,
        body: { mod, node: callee.object, frames },
        insecure: protoText === "http:"
      };
    }
    const path = memberPath(callee);
    if (path && path.length >= 3 && path[path.length - 2] === "request" && VERBS.has(op)) {
      return this.appRequest("app-client", calleeText, op, mod, args, frames);
    }
    if (path && path.length === 2 && path[0] === "$request" && VERBS.has(op)) {
      return this.appRequest("app-request", calleeText, op, mod, args, frames);
    }
    if (op === "open" && args.length >= 2) {
      const mref = this.ref(mod, args[0], frames);
      const method = this.methodFromRef(mref);
      if (method) {
        const holder = unwrapExpr(callee.object);
        const sends = this.callsOnBinding(mod, holder).filter((c) => c.callee.property?.name === "send" && c.arguments.length > 0);
        return {
          client: "xhr",
          callee: calleeText,
          url: this.ref(mod, args[1], frames),
          method,
          methodRef: mref,
          methodSource: "argument",
          body: sends[0] ? this.ref(mod, sends[0].arguments[0], frames) : void 0
        };
      }
    }
    if (receiver && VERBS.has(op) && args.length > 0 && !NON_REQUEST_CALLEES.test(calleeText)) {
      const hasBody = op === "post" || op === "put" || op === "patch";
      return {
        client: "generic",
        callee: calleeText,
        url: this.ref(mod, args[0], frames),
        method: verbMethod(op),
        methodRef: { mod, node: callee.property, frames },
        methodSource: "callee",
        body: hasBody ? this.ref(mod, args[1], frames) : void 0
      };
    }
    return null;
  }
  appRequest(client, callee, op, mod, args, frames) {
    const opts = this.options(mod, args[1], frames);
    const body = this.prop(opts, "body", "json");
    const calleeNode = void 0;
    void calleeNode;
    return {
      client,
      callee,
      url: this.ref(mod, args[0], frames),
      method: verbMethod(op),
      methodSource: "callee",
      options: this.ref(mod, args[1], frames),
      body,
      bodyProperty: body?.key
    };
  }
  fetchLike(client, callee, mod, args, frames, op) {
    const opts = this.options(mod, args[1], frames);
    const mref = this.prop(opts, "method");
    const method = op && VERBS.has(op) ? verbMethod(op) : this.methodFromRef(mref);
    const body = this.prop(opts, "body", "json");
    return {
      client,
      callee,
      url: this.ref(mod, args[0], frames),
      method: method ?? "GET",
      methodRef: op && VERBS.has(op) ? void 0 : mref,
      methodSource: op && VERBS.has(op) ? "callee" : method ? "option" : "default",
      options: this.ref(mod, args[1], frames),
      body,
      bodyProperty: body?.key,
      query: this.prop(opts, "searchParams"),
      base: this.prop(opts, "prefixUrl")
    };
  }
  byKind(kind, op, callee, mod, node, args, frames, inst) {
    const calleeNode = unwrapExpr(node.callee);
    const opRef = (calleeNode.type === "MemberExpression" || calleeNode.type === "OptionalMemberExpression") && !calleeNode.computed ? { mod, node: calleeNode.property, frames } : void 0;
    const instConfig = inst ? this.options(inst.mod, inst.node.arguments?.[0], inst.frames) : void 0;
    const verb = VERBS.has(op);
    switch (kind) {
      case "fetch":
      case "ky":
        if (op === "" || op === "fetch" || kind === "ky" && verb) return this.fetchLike(kind, callee, mod, args, frames, kind === "ky" ? op : "");
        return null;
      case "undici":
        if (op === "request" || op === "fetch") return { ...this.fetchLike(op === "fetch" ? "fetch" : "undici", callee, mod, args, frames, ""), client: op === "fetch" ? "fetch" : "undici" };
        return null;
      case "axios": {
        if (op === "create" || op === "defaults" || op === "interceptors" || op === "isAxiosError") return null;
        let url;
        let config;
        let configNode;
        let body;
        if (op === "" || op === "request") {
          const first = args[0] ? this.ev.eval(mod, args[0], frames) : void 0;
          if (first?.t === "obj") {
            config = first;
            configNode = args[0];
          } else {
            url = this.ref(mod, args[0], frames);
            config = this.options(mod, args[1], frames);
            configNode = args[1];
          }
        } else if (op === "get" || op === "delete" || op === "head" || op === "options") {
          url = this.ref(mod, args[0], frames);
          config = this.options(mod, args[1], frames);
          configNode = args[1];
        } else if (op === "post" || op === "put" || op === "patch") {
          url = this.ref(mod, args[0], frames);
          body = this.ref(mod, args[1], frames);
          config = this.options(mod, args[2], frames);
          configNode = args[2];
        } else return null;
        url ??= this.prop(config, "url");
        const mref = verb ? opRef : this.prop(config, "method");
        const method = verb ? verbMethod(op) : this.methodFromRef(mref) ?? "GET";
        if (!body) {
          const d = this.prop(config, "data");
          if (d) body = d;
        }
        return {
          client: "axios",
          callee,
          url,
          base: this.prop(config, "baseURL") ?? this.prop(instConfig, "baseURL"),
          method,
          methodRef: mref,
          methodSource: verb ? "callee" : mref ? "option" : "default",
          options: configNode ? this.ref(mod, configNode, frames) : void 0,
          body,
          bodyProperty: body?.key,
          query: this.prop(config, "params")
        };
      }
      case "request":
      case "got": {
        if (op !== "" && !verb) return null;
        const first = args[0] ? this.ev.eval(mod, args[0], frames) : void 0;
        let opts;
        let optsNode;
        let url;
        if (first?.t === "obj") {
          opts = first;
          optsNode = args[0];
          url = this.prop(opts, "uri", "url");
        } else {
          url = this.ref(mod, args[0], frames);
          opts = this.options(mod, args[1], frames);
          optsNode = opts ? args[1] : void 0;
        }
        const mref = verb ? opRef : this.prop(opts, "method");
        const method = verb ? verbMethod(op) : this.methodFromRef(mref) ?? "GET";
        const body = this.prop(opts, "json", "body", "form", "formData");
        return {
          client: kind,
          callee,
          url,
          base: this.prop(opts, "baseUrl", "prefixUrl") ?? this.prop(instConfig, "baseUrl", "prefixUrl"),
          method,
          methodRef: mref,
          methodSource: verb ? "callee" : mref ? "option" : "default",
          options: optsNode ? this.ref(mod, optsNode, frames) : void 0,
          body: body && !(body.key === "json" && this.isBooleanLiteral(body)) ? body : void 0,
          bodyProperty: body?.key,
          query: this.prop(opts, "qs", "searchParams")
        };
      }
      case "superagent":
      case "unirest": {
        let url;
        let method;
        let mref;
        let source = "callee";
        if (verb) {
          url = this.ref(mod, args[0], frames);
          method = verbMethod(op);
          mref = opRef;
        } else if (op === "" && args.length >= 2) {
          mref = this.ref(mod, args[0], frames);
          method = this.methodFromRef(mref);
          url = this.ref(mod, args[1], frames);
          source = "argument";
        } else return null;
        const chain = this.chainOf(mod, node);
        const send = chain.find((c) => c.callee.property?.name === "send" && c.arguments.length > 0);
        const query = chain.find((c) => c.callee.property?.name === "query" && c.arguments.length > 0);
        let body = send ? this.ref(mod, send.arguments[0], frames) : void 0;
        if (!body && kind === "unirest" && verb && args[2]) body = this.ref(mod, args[2], frames);
        return {
          client: kind,
          callee,
          url,
          method: method ?? "GET",
          methodRef: mref,
          methodSource: method ? source : "default",
          body,
          query: query ? this.ref(mod, query.arguments[0], frames) : void 0,
          chain
        };
      }
      case "needle": {
        let url;
        let method;
        let mref;
        let body;
        let source = "callee";
        if (op === "get" || op === "head") {
          url = this.ref(mod, args[0], frames);
          method = verbMethod(op);
          mref = opRef;
        } else if (verb) {
          url = this.ref(mod, args[0], frames);
          method = verbMethod(op);
          mref = opRef;
          body = this.ref(mod, args[1], frames);
        } else if (op === "" || op === "request") {
          mref = this.ref(mod, args[0], frames);
          method = this.methodFromRef(mref);
          url = this.ref(mod, args[1], frames);
          body = this.ref(mod, args[2], frames);
          source = "argument";
        } else return null;
        return { client: "needle", callee, url, method: method ?? "GET", methodRef: mref, methodSource: method ? source : "default", body };
      }
      case "https":
      case "http": {
        if (op !== "request" && op !== "get") return null;
        const first = args[0] ? this.ev.eval(mod, args[0], frames) : void 0;
        let opts;
        let optsNode;
        let url;
        if (first?.t === "obj") {
          opts = first;
          optsNode = args[0];
        } else {
          url = this.ref(mod, args[0], frames);
          opts = this.options(mod, args[1], frames);
          optsNode = opts ? args[1] : void 0;
        }
        url ??= this.prop(opts, "path");
        const mref = this.prop(opts, "method");
        const method = op === "get" ? "GET" : this.methodFromRef(mref) ?? "GET";
        const protocol = this.prop(opts, "protocol");
        const protoText = protocol ? Evaluator.text(this.ev.eval(protocol.mod, protocol.node, protocol.frames)) : void 0;
        const writes = this.callsOnBinding(mod, node).filter((c) => ["write", "end"].includes(c.callee.property?.name) && c.arguments.length > 0);
        const chainWrites = this.chainOf(mod, node).filter((c) => ["write", "end"].includes(c.callee.property?.name) && c.arguments.length > 0);
        const w = writes[0] ?? chainWrites[0];
        return {
          client: kind,
          callee,
          url,
          method,
          methodRef: op === "get" ? opRef : mref,
          methodSource: op === "get" ? "callee" : mref ? "option" : "default",
          options: optsNode ? this.ref(mod, optsNode, frames) : void 0,
          body: w ? this.ref(mod, w.arguments[0], frames) : void 0,
          insecure: kind === "http" || protoText === "http:"
        };
      }
      case "jquery": {
        if (op === "ajax" || op === "") {
          const first = args[0] ? this.ev.eval(mod, args[0], frames) : void 0;
          let settings;
          let settingsNode;
          let url;
          if (first?.t === "obj") {
            settings = first;
            settingsNode = args[0];
            url = this.prop(settings, "url");
          } else {
            url = this.ref(mod, args[0], frames);
            settings = this.options(mod, args[1], frames);
            settingsNode = settings ? args[1] : void 0;
          }
          if (!url) return null;
          const mref = this.prop(settings, "type", "method");
          const method = this.methodFromRef(mref) ?? "GET";
          const data = this.prop(settings, "data");
          return {
            client: "jquery",
            callee,
            url,
            method,
            methodRef: mref,
            methodSource: mref ? "option" : "default",
            options: settingsNode ? this.ref(mod, settingsNode, frames) : void 0,
            body: method === "GET" ? void 0 : data,
            query: method === "GET" ? data : void 0,
            bodyProperty: data?.key
          };
        }
        if (op === "get" || op === "getJSON" || op === "post") {
          const method = op === "post" ? "POST" : "GET";
          return {
            client: "jquery",
            callee,
            url: this.ref(mod, args[0], frames),
            method,
            methodRef: opRef,
            methodSource: "callee",
            body: method === "POST" ? this.ref(mod, args[1], frames) : void 0
          };
        }
        return null;
      }
      case "urlfetchapp": {
        if (op !== "fetch") return null;
        const params = this.options(mod, args[1], frames);
        const mref = this.prop(params, "method");
        const method = this.methodFromRef(mref) ?? "GET";
        const body = this.prop(params, "payload");
        return {
          client: "urlfetchapp",
          callee,
          url: this.ref(mod, args[0], frames),
          method,
          methodRef: mref,
          methodSource: mref ? "option" : "default",
          options: this.ref(mod, args[1], frames),
          body,
          bodyProperty: body?.key
        };
      }
      case "app-request":
        if (verb) return this.appRequest("app-request", callee, op, mod, args, frames);
        return null;
      default:
        return null;
    }
  }
  isBooleanLiteral(r) {
    const n = unwrapExpr(r.node);
    return n.type === "BooleanLiteral" || n.type === "Literal" && typeof n.value === "boolean";
  }
};
function calleeName(mod, callee) {
  const path = memberPath(callee);
  if (path) return path.join(".");
  return mod.source.slice(callee.start, callee.end).replace(/\s+/g, "").slice(0, 60);
}

// src/audit/js/routes.ts
var ROUTE_METHODS = /* @__PURE__ */ new Set(["get", "post", "put", "delete", "del", "patch", "all", "head", "options", "route"]);
var SERVER_NAMES = /^(app|application|router|routes?|server|srv|fastify|koa|hono|express|\w*Router|\w*router|\w*Server|\w*App)$/;
var CALLBACK_PARAMS = /^(err|error|e|data|body|result)$/;
var REQUEST_PARAMS = /^(req|request|ctx|context|c)$/;
var RESPONSE_PARAMS = /^(res|response|reply|h|next|ctx)$/;
var EMPTY = { calls: /* @__PURE__ */ new Set(), paths: /* @__PURE__ */ new Set() };
var cache3 = /* @__PURE__ */ new WeakMap();
function serverRoutes(mod) {
  let r = cache3.get(mod);
  if (r) return r;
  r = EMPTY;
  for (const call of mod.nodes.calls) {
    if (call.type !== "CallExpression" && call.type !== "OptionalCallExpression") continue;
    const callee = unwrapExpr(call.callee);
    if (!callee || callee.type !== "MemberExpression" && callee.type !== "OptionalMemberExpression" || callee.computed) continue;
    const method = callee.property?.name;
    if (!ROUTE_METHODS.has(method)) continue;
    const path = routePath(mod, call, method, receiverName(callee.object));
    if (!path) continue;
    if (r === EMPTY) r = { calls: /* @__PURE__ */ new Set(), paths: /* @__PURE__ */ new Set() };
    r.calls.add(call);
    for (const p of path) r.paths.add(p);
  }
  cache3.set(mod, r);
  return r;
}
function routePath(mod, call, method, receiver) {
  const args = (call.arguments ?? []).map(unwrapExpr);
  const serverNamed = !!receiver && SERVER_NAMES.test(receiver);
  if (method === "route") {
    const objects = args[0]?.type === "ArrayExpression" ? args[0].elements.map(unwrapExpr) : args.slice(0, 1);
    const paths = [];
    for (const o of objects) {
      if (o?.type !== "ObjectExpression") continue;
      const props = o.properties;
      const path = props.find((p) => propertyKey(p) === "path");
      const handler = props.some((p) => propertyKey(p) === "handler" && isHandler(mod, p.value ?? p, serverNamed) || ["options", "config"].includes(propertyKey(p) ?? ""));
      if (path?.value && handler) paths.push(path.value);
    }
    if (paths.length) return paths;
    if (args.length === 1 && args[0] && isPathLike(args[0])) {
      const up = mod.parent.get(call);
      const next = up && (up.type === "MemberExpression" || up.type === "OptionalMemberExpression") && up.object === call ? mod.parent.get(up) : void 0;
      if (next?.type === "CallExpression" && next.callee === up && (next.arguments ?? []).some((a) => isHandler(mod, a, true))) return [args[0]];
    }
    return null;
  }
  if (args.length < 2 || !args[0] || !isPathLike(args[0])) return null;
  return args.slice(1).some((a) => isHandler(mod, a, serverNamed)) ? [args[0]] : null;
}
function isPathLike(n) {
  return isStringLiteral(n) || n.type === "TemplateLiteral" || n.type === "Identifier" || n.type === "MemberExpression" || n.type === "BinaryExpression" || n.type === "RegExpLiteral";
}
function isHandler(mod, raw, serverNamed) {
  const n = unwrapExpr(raw);
  if (!n) return false;
  if (n.type === "ArrayExpression") return n.elements.some((e) => e && isHandler(mod, e, serverNamed));
  let fn;
  if (isFunctionNode(n)) fn = n;
  else if (n.type === "Identifier" || n.type === "MemberExpression") {
    let root = n;
    while (root.type === "MemberExpression") root = unwrapExpr(root.object);
    const b = root.type === "Identifier" ? (mod.scopeOf.get(root) ?? mod.root).lookup(root.name) : void 0;
    if (b?.init && isFunctionNode(b.init) && root === n) fn = b.init;
    else if (serverNamed && b && (b.kind === "import" || isRequire(b.init))) return true;
  }
  if (!fn) return false;
  const names = (fn.params ?? []).map((p) => p.type === "Identifier" ? p.name : p.type === "AssignmentPattern" && p.left.type === "Identifier" ? p.left.name : "");
  if (serverNamed) return !CALLBACK_PARAMS.test(names[0] ?? "");
  return names.length >= 2 && REQUEST_PARAMS.test(names[0]) && RESPONSE_PARAMS.test(names[1]);
}
function isRequire(n) {
  let u = n && unwrapExpr(n);
  while (u?.type === "MemberExpression") u = unwrapExpr(u.object);
  return u?.type === "CallExpression" && u.callee?.type === "Identifier" && u.callee.name === "require";
}
function receiverName(obj) {
  const o = unwrapExpr(obj);
  if (!o) return void 0;
  if (o.type === "Identifier") return o.name;
  if (o.type === "ThisExpression") return void 0;
  if ((o.type === "MemberExpression" || o.type === "OptionalMemberExpression") && !o.computed) return o.property?.name;
  return void 0;
}

// src/audit/js/analyze.ts
var EMPTY2 = /* @__PURE__ */ new Map();
var RATE_LIMIT_RULE = "transport.rate-limit";
var XML_RULE = "transport.xml";
var RETRY_WORDS = /retry|setTimeout|sleep|(?<![a-z])wait|delay|backoff|back-off|throttl|rate.?limit|too.?many/i;
var STATUS_NAMES = /^(status|statusCode|status_code|code|responseCode|httpStatus|statusText)$/;
var NON_HTTP_RECEIVERS = /(^|\.)(cache|map|store|storage|localStorage|sessionStorage|headers|params|searchParams|config|settings|env|db|redis|memcache|lru|set|weakMap|registry|router|app|express|Object|Reflect|Map|Set)$/i;
var IN_PAGE = /domHelper|\.data\.get\s*\(|page_data|ticketInfo|getTicketInfo/;
var MARKER = /@hdmigrate-(todo|ignore)\(([^)]*)\)\s*:?\s*(.*)/;
var CatalogueFacts = class {
  constructor(cat) {
    this.cat = cat;
    this.words = new RegExp(`(?:^|[^\\w])(?:${segmentWords(cat).map(escapeRegex).join("|")})(?:[^\\w]|$)`);
    const byMethod = (a, b) => order(a) - order(b);
    for (const rule of cat.rules) {
      const w = rule.request?.wrapper;
      if (w) push(this.requestWrappers, w, rule);
      const rw = rule.response?.wrapper;
      if (rw) push(this.responseWrappers, rw, rule);
      for (const m of readMappings(rule)) {
        const leaf = m.v1.split(/[.[\]]+/).filter(Boolean).pop();
        if (leaf === "*" || !isDistinctive(leaf)) continue;
        push(this.distinctiveFields, leaf, rule);
      }
    }
    for (const list of [...this.requestWrappers.values(), ...this.responseWrappers.values(), ...this.distinctiveFields.values()]) list.sort(byMethod);
  }
  cat;
  words;
  /** Request wrapper → rules that take it, POST first. */
  requestWrappers = /* @__PURE__ */ new Map();
  /** Response wrapper → rules that answer with it. */
  responseWrappers = /* @__PURE__ */ new Map();
  /** Distinctive v1-only response field names (`status_name`, `display_id`, `timespent`) → rules. */
  distinctiveFields = /* @__PURE__ */ new Map();
};
function isDistinctiveV1Path(um) {
  if (um.format) return true;
  const segs = um.path.split("/").filter((x) => x && !x.startsWith("{"));
  return segs.length >= 2 || segs.some((x) => x.includes("_"));
}
function functionName(mod, fn) {
  if (fn.id?.name) return fn.id.name;
  const p = mod.parent.get(fn);
  if (p?.type === "VariableDeclarator" && p.id?.type === "Identifier") return p.id.name;
  if (fn.type === "ObjectMethod" || fn.type === "ClassMethod") return propertyKey(fn) ?? void 0;
  if (p && isObjectProperty(p)) return propertyKey(p) ?? void 0;
  return void 0;
}
function readMappings(rule) {
  return fieldMappings(rule, "response").filter(changesForCode);
}
function writeMappings(rule) {
  return fieldMappings(rule, "request").filter((m) => changesForCode(m) && !/^(query|params)\./.test(m.v1));
}
function order(r) {
  return ["POST", "GET", "PUT", "DELETE"].indexOf(r.v1.method);
}
function push(m, k, v) {
  const list = m.get(k);
  if (list) {
    if (!list.includes(v)) list.push(v);
  } else m.set(k, [v]);
}
function isDistinctive(name) {
  return /_/.test(name) || /[a-z][A-Z]/.test(name) || name.length >= 9;
}
function isDistinctiveWrapper(name) {
  return /_/.test(name);
}
var factsCache = /* @__PURE__ */ new WeakMap();
function catalogueFacts(cat) {
  let f = factsCache.get(cat);
  if (!f) {
    f = new CatalogueFacts(cat);
    factsCache.set(cat, f);
  }
  return f;
}
function ownParts(parts, file, root) {
  return parts.filter((p) => !p.dynamic && p.node !== "synthetic" && p.file === file && !p.span.file && p.span.start >= root.start && p.span.end <= root.end);
}
function key(file, start) {
  return `${file}\0${start}`;
}
var Analyzer = class {
  constructor(mod, ev, opts) {
    this.mod = mod;
    this.ev = ev;
    this.cat = opts.catalogue;
    this.facts = catalogueFacts(opts.catalogue);
    this.rec = new ClientRecognizer(ev);
  }
  mod;
  ev;
  sites = [];
  markers = [];
  internal = [];
  consumed = /* @__PURE__ */ new Set();
  siteKeys = /* @__PURE__ */ new Set();
  rec;
  facts;
  cat;
  /** Modules of repo functions that made a v1 request for a call here (HTTP wrappers). */
  wrapperModules = /* @__PURE__ */ new Set();
  calls = [];
  strings = [];
  members = [];
  objects = [];
  numbers = [];
  assignments = [];
  run() {
    this.collect();
    this.findCalls();
    this.findUrls();
    const v1 = this.sites.length > 0;
    this.findWrappers(v1);
    this.findReads(v1);
    if (v1) this.findXml();
    if (v1 || this.mentionsV1Path(this.mod)) this.findRateLimits(this.mod);
    for (const m of this.wrapperModules) if (m !== this.mod) this.findRateLimits(m);
    this.findComments();
    this.sites.sort((a, b) => a.file === b.file ? a.span.start - b.span.start : a.file < b.file ? -1 : 1);
  }
  // ---- helpers --------------------------------------------------------------------------------
  span(node, mod = this.mod) {
    return spanOf(mod, node, this.mod.file);
  }
  addSite(site, extra = {}) {
    const k = `${site.kind}\0${site.file}\0${site.span.start}\0${site.span.end}`;
    if (this.siteKeys.has(k)) return false;
    this.siteKeys.add(k);
    this.sites.push(site);
    this.internal.push({ site, ...extra });
    return true;
  }
  collect() {
    const n = this.mod.nodes;
    this.calls = n.calls;
    this.strings = n.strings;
    this.members = n.members;
    this.objects = n.objects;
    this.numbers = n.numbers;
    this.assignments = n.assignments;
  }
  statementOf(node) {
    let cur = node;
    for (; ; ) {
      const p = this.mod.parent.get(cur);
      if (!p) return cur;
      if (/Statement$|Declaration$/.test(cur.type) && cur.type !== "FunctionDeclaration" && p.type !== "ExportNamedDeclaration") return cur;
      if (p.type === "Program" || p.type === "BlockStatement" || p.type === "SwitchCase") return cur;
      cur = p;
    }
  }
  textOf(v) {
    return Evaluator.text(v);
  }
  // ---- calls ----------------------------------------------------------------------------------
  mayMemo = /* @__PURE__ */ new WeakMap();
  /**
   * Could this expression hold (part of) a v1 URL? A cheap syntactic test before any evaluation:
   * literal text with a v1 path word, or a name bound to such text, a function of the repo, an
   * import of the repo. Parameters and globals alone never make a complete v1 URL.
   */
  mayBeV1(raw) {
    const node = unwrapExpr(raw);
    if (!node || typeof node !== "object") return false;
    const memo = this.mayMemo.get(node);
    if (memo !== void 0) return memo;
    this.mayMemo.set(node, false);
    let r = false;
    const src = () => this.mod.source.slice(node.start, node.end);
    switch (node.type) {
      case "StringLiteral":
      case "Literal":
        r = typeof node.value === "string" && this.facts.words.test(node.value);
        break;
      case "TemplateLiteral":
        r = this.facts.words.test(src()) || node.expressions.some((e) => this.mayBeV1(e));
        break;
      case "BinaryExpression":
      case "LogicalExpression":
        r = this.mayBeV1(node.left) || this.mayBeV1(node.right);
        break;
      case "ConditionalExpression":
        r = this.mayBeV1(node.consequent) || this.mayBeV1(node.alternate);
        break;
      case "AwaitExpression":
      case "SpreadElement":
        r = this.mayBeV1(node.argument);
        break;
      case "Identifier": {
        const b = (this.mod.scopeOf.get(node) ?? this.mod.root).lookup(node.name);
        if (!b) r = false;
        else if (b.kind === "import") r = !!b.importFrom?.source.startsWith(".");
        else if (b.kind === "function") r = true;
        else if (b.kind === "param" || b.kind === "class" || b.kind === "catch") r = false;
        else {
          r = !!b.init && (isFunctionNode(b.init) || this.mayBeV1(b.init) || this.isRequireRelative(b.init)) || b.appends.some((a) => this.mayBeV1(a.right)) || b.assigns.some((a) => this.mayBeV1(a.right));
        }
        break;
      }
      case "MemberExpression":
      case "OptionalMemberExpression": {
        const obj = unwrapExpr(node.object);
        r = obj.type === "ThisExpression" || this.mayBeV1(obj) || node.computed && this.mayBeV1(node.property);
        break;
      }
      case "CallExpression":
      case "OptionalCallExpression":
      case "NewExpression": {
        r = (node.arguments ?? []).some((a) => this.mayBeV1(a));
        if (!r) {
          const callee = unwrapExpr(node.callee);
          const root = memberPath(callee)?.[0];
          const b = root && root !== "this" ? (this.mod.scopeOf.get(callee) ?? this.mod.root).lookup(root) : void 0;
          r = !!b && (b.kind === "function" || b.kind === "import" && !!b.importFrom?.source.startsWith(".") || !!b.init && (isFunctionNode(b.init) || this.isRequireRelative(b.init) || this.mayBeV1(b.init)));
        }
        break;
      }
      case "ObjectExpression":
        r = node.properties.some((p) => p.type === "SpreadElement" ? this.mayBeV1(p.argument) : isObjectProperty(p) && this.mayBeV1(p.value));
        break;
      case "ArrayExpression":
        r = node.elements.some((e) => e && this.mayBeV1(e));
        break;
      default:
        r = false;
    }
    this.mayMemo.set(node, r);
    return r;
  }
  isRequireRelative(n) {
    const u = unwrapExpr(n);
    if (u?.type === "MemberExpression") return this.isRequireRelative(u.object);
    return u?.type === "CallExpression" && u.callee?.type === "Identifier" && u.callee.name === "require" && String(u.arguments?.[0]?.value ?? "").startsWith(".");
  }
  findCalls() {
    const routes = serverRoutes(this.mod).calls;
    for (const call of this.calls) {
      const callee = unwrapExpr(call.callee);
      if (!callee) continue;
      if (routes.has(call)) continue;
      if (!(call.arguments ?? []).some((a) => this.mayBeV1(a))) continue;
      const shape = this.rec.recognize(this.mod, call, EMPTY2);
      if (shape) {
        this.siteFromShape(shape, call);
        continue;
      }
      if (call.type === "NewExpression") continue;
      const fv = this.ev.eval(this.mod, callee, EMPTY2);
      if (fv.t === "fn") {
        if (this.wrapperCall(fv, call, 0)) continue;
      }
      this.genericArgCall(call);
    }
  }
  /** Builds the URL value of a recognised call: base + url + query object. */
  urlOf(shape, frames = EMPTY2) {
    void frames;
    let v = shape.urlValue;
    if (!v && shape.url) v = this.ev.eval(shape.url.mod, shape.url.node, shape.url.frames);
    if (!v || v.t !== "str") return null;
    let parts = v.parts;
    const text = parts.map((p) => p.text).join("");
    if (shape.base && !/^[a-z]+:\/\//i.test(text) && !/^\{[^}]*\}/.test(text)) {
      const b = this.ev.eval(shape.base.mod, shape.base.node, shape.base.frames);
      const bp = this.ev.toParts(b, shape.base.mod, shape.base.node);
      const btext = bp.map((p) => p.text).join("");
      const sep2 = !btext.endsWith("/") && !text.startsWith("/") ? [this.ev.synthetic(shape.base.mod, shape.base.node, "/")] : [];
      parts = [...bp, ...sep2, ...parts];
    }
    if (shape.query) {
      const q = this.ev.eval(shape.query.mod, shape.query.node, shape.query.frames);
      if (q.t === "obj") {
        const keys = q.node.properties.map((p) => propertyKey(p)).filter((k) => !!k);
        if (keys.length > 0) {
          const joined = parts.map((p) => p.text).join("");
          const text2 = (joined.includes("?") ? "&" : "?") + keys.map((k) => `${encodeURIComponent(k)}={${k}}`).join("&");
          parts = [...parts, { ...this.ev.synthetic(shape.query.mod, shape.query.node, text2), dynamic: true }];
        }
      }
    }
    return parts;
  }
  urlInfo(parts, um, span, rule) {
    const m = um.matches.find((x) => x.rule === rule) ?? um.matches[0];
    return {
      pattern: parts.map((p) => p.text).join(""),
      path: um.path,
      template: m.template,
      params: m.params,
      query: um.query,
      format: um.format,
      insecure: um.insecure,
      origin: um.origin,
      span,
      parts
    };
  }
  consume(parts) {
    for (const p of parts) if (!p.dynamic && p.node !== "synthetic") this.consumed.add(key(p.file, p.span.start));
  }
  callInfo(call, shape, client, calleeText) {
    const callee = unwrapExpr(call.callee);
    const info = {
      span: this.span(call),
      statement: this.span(this.statementOf(call)),
      callee: calleeText,
      calleeSpan: this.span(callee),
      client,
      args: (call.arguments ?? []).map((a) => this.span(a))
    };
    if (shape?.options) info.options = this.span(shape.options.node, shape.options.mod);
    if (shape?.body) {
      const b = unwrapExpr(shape.body.node);
      const stringified = this.isJsonStringify(b);
      info.body = this.span(shape.body.node, shape.body.mod);
      if (shape.bodyProperty) info.bodyProperty = shape.bodyProperty;
      if (stringified) info.bodyStringified = true;
    }
    return info;
  }
  /** The expression a request body comes from, through `JSON.stringify(x)`, `c ? undefined : x`, `x && f(x)`, `x ?? undefined`. */
  bodyRoot(n) {
    const nullish = (x) => {
      const u = unwrapExpr(x);
      return !u || u.type === "NullLiteral" || u.type === "Literal" && u.value === null && !u.regex || u.type === "Identifier" && u.name === "undefined" || u.type === "UnaryExpression" && u.operator === "void";
    };
    let cur = unwrapExpr(n);
    for (let i = 0; i < 6 && cur; i++) {
      if (this.isJsonStringify(cur)) cur = unwrapExpr(cur.arguments[0]);
      else if (cur.type === "ConditionalExpression" && (nullish(cur.consequent) || nullish(cur.alternate))) cur = unwrapExpr(nullish(cur.consequent) ? cur.alternate : cur.consequent);
      else if (cur.type === "LogicalExpression" && cur.operator === "&&") cur = unwrapExpr(cur.right);
      else if (cur.type === "LogicalExpression" && (cur.operator === "||" || cur.operator === "??") && nullish(cur.right)) cur = unwrapExpr(cur.left);
      else break;
    }
    return cur;
  }
  isJsonStringify(n) {
    return n?.type === "CallExpression" && memberPath(n.callee)?.join(".") === "JSON.stringify" || false;
  }
  methodSpan(ref) {
    return ref ? this.span(ref.node, ref.mod) : void 0;
  }
  siteFromShape(shape, call) {
    const parts = this.urlOf(shape);
    if (!parts) return false;
    const pattern = parts.map((p) => p.text).join("");
    const um = matchUrl(this.cat, pattern);
    if (!um) return false;
    let method = shape.method ?? null;
    let methodSource = shape.methodSource;
    let choice = chooseRule(this.cat, um, method);
    if (choice.methodMismatch && methodSource === "default") {
      method = null;
      methodSource = null;
      choice = chooseRule(this.cat, um, null);
    }
    const urlSpan = shape.url ? this.span(shape.url.node, shape.url.mod) : this.span(call);
    this.consume(parts);
    const rule = choice.rule;
    const site = {
      kind: "call",
      span: urlSpan,
      file: urlSpan.file ?? this.mod.file,
      rule: rule.id,
      rules: choice.rules,
      method: method ?? (methodSource === null ? null : null),
      methodSource,
      url: this.urlInfo(parts, um, urlSpan, rule),
      call: this.callInfo(call, shape, shape.client, shape.callee),
      message: `${shape.client} ${method ?? "(method unknown)"} ${um.target}`,
      fidelity: rule.fidelity
    };
    if (method) site.method = method;
    else site.method = null;
    if (shape.methodRef && method) site.methodSpan = this.methodSpan(shape.methodRef);
    if (choice.methodMismatch) site.message += ` (v1 has no ${method} here)`;
    if (shape.insecure && site.url) site.url.insecure = true;
    return this.addSite(site, { node: call, shape, body: shape.body });
  }
  /** A call to a function of the repo that makes the request with the path it receives. */
  wrapperCall(fn, call, depth, outer) {
    if (depth > 3) return false;
    const fnNode = fn.node.type === "Property" ? fn.node.value : fn.node;
    if (!fnNode || !isFunctionNode(fnNode)) return false;
    const scope = fn.mod.fnScope.get(fnNode);
    if (!scope) return false;
    const args = outer?.args ?? (call.arguments ?? []).map((a) => {
      const v = this.ev.eval(this.mod, a, EMPTY2);
      return v.t === "unknown" ? { t: "str", parts: [this.ev.placeholder(this.mod, a, v.name === "expr" ? void 0 : v.name)] } : v;
    });
    const bound = /* @__PURE__ */ new Map();
    (fnNode.params ?? []).forEach((p, i) => {
      const id = p.type === "AssignmentPattern" ? p.left : p;
      if (id.type === "Identifier" && args[i]) bound.set(id.name, args[i]);
    });
    const frames = new Map(fn.frames);
    frames.set(scope, bound);
    const inner = [];
    const visit = (n) => {
      if (n.type === "CallExpression" || n.type === "NewExpression" || n.type === "OptionalCallExpression") inner.push(n);
      for (const c of children(n)) visit(c);
    };
    visit(fnNode.body);
    for (const ic of inner) {
      const shape = this.rec.recognize(fn.mod, ic, frames);
      if (!shape || shape.client === "generic") {
        const icallee = unwrapExpr(ic.callee);
        const iv = this.ev.eval(fn.mod, icallee, frames);
        if (iv.t === "fn" && iv.node !== fn.node) {
          const iargs = (ic.arguments ?? []).map((a) => this.ev.eval(fn.mod, a, frames));
          if (this.wrapperCall(iv, ic, depth + 1, { call: outer?.call ?? call, args: iargs, chain: [...outer?.chain ?? [], fn.mod], callerArgs: outer?.callerArgs ?? args })) return true;
        }
        if (!shape) continue;
      }
      const parts = this.urlOf(shape);
      if (!parts) continue;
      const um = matchUrl(this.cat, parts.map((p) => p.text).join(""));
      if (!um) continue;
      {
        const alone = this.rec.recognize(fn.mod, ic, fn.frames);
        const aloneParts = alone ? this.urlOf(alone) : null;
        if (aloneParts && matchUrl(this.cat, aloneParts.map((p) => p.text).join(""))) continue;
      }
      const outerCall = outer?.call ?? call;
      let method = shape.method ?? null;
      let methodSource = shape.methodSource;
      let choice = chooseRule(this.cat, um, method);
      if (choice.methodMismatch && methodSource === "default") {
        method = null;
        methodSource = null;
        choice = chooseRule(this.cat, um, null);
      }
      const argNodes = outerCall.arguments ?? [];
      const callerArgs = outer?.callerArgs ?? args;
      const partKey = (p) => `${p.file}\0${p.span.start}\0${p.span.end}`;
      const urlKeys = new Set(parts.filter((p) => p.node !== "synthetic").map(partKey));
      const byValue = callerArgs.findIndex((v) => v.t === "str" && v.parts.some((p) => p.node !== "synthetic" && urlKeys.has(partKey(p))));
      const mainPart = parts.find((p) => p.file === this.mod.file && !p.dynamic && p.node !== "synthetic");
      const argNode = argNodes[byValue] ?? (mainPart ? argNodes.find((a) => a.start <= mainPart.span.start && mainPart.span.end <= a.end) : void 0);
      const urlSpan = argNode ? this.span(argNode) : this.span(outerCall);
      let methodSpan;
      if (shape.methodRef) {
        const ms = this.span(shape.methodRef.node, shape.methodRef.mod);
        const fromArg = argNodes.find((a) => a.start <= ms.start && ms.end <= a.end && !ms.file);
        methodSpan = fromArg ? this.span(fromArg) : ms;
        if (shape.methodRef.node.type === "Identifier") {
          const b = (shape.methodRef.mod.scopeOf.get(shape.methodRef.node) ?? shape.methodRef.mod.root).lookup(shape.methodRef.node.name);
          if (b?.kind === "param" && b.paramIndex !== void 0 && argNodes[b.paramIndex] && b.fn === fnNode) {
            methodSpan = this.span(argNodes[b.paramIndex]);
            methodSource = "argument";
          }
        }
      }
      this.consume(parts);
      const rule = choice.rule;
      const info = this.callInfo(outerCall, void 0, "wrapper", calleeName(this.mod, unwrapExpr(outerCall.callee)));
      info.innerClient = shape.client;
      const chain = [...outer?.chain ?? [], fn.mod];
      info.wrapperFiles = [...new Set(chain.map((m) => m === this.mod ? this.mod.file : m.file))];
      for (const m of chain) this.wrapperModules.add(m);
      const site = {
        kind: "call",
        span: urlSpan,
        file: this.mod.file,
        rule: rule.id,
        rules: choice.rules,
        method: method ?? null,
        methodSource,
        url: this.urlInfo(parts, um, urlSpan, rule),
        call: info,
        message: `${info.callee}() \u2192 ${shape.client} ${method ?? "(method unknown)"} ${um.target}`,
        fidelity: rule.fidelity
      };
      if (methodSpan && method) site.methodSpan = methodSpan;
      if (shape.insecure && site.url) site.url.insecure = true;
      let body = shape.body;
      if (body) {
        const inner2 = this.bodyRoot(body.node);
        if (inner2?.type === "Identifier") {
          const b = (body.mod.scopeOf.get(inner2) ?? body.mod.root).lookup(inner2.name);
          const bv = b?.kind === "param" && b.fn === fnNode ? bound.get(b.name) : void 0;
          const idx = bv ? callerArgs.indexOf(bv) : -1;
          if (idx >= 0 && argNodes[idx]) {
            body = { mod: this.mod, node: argNodes[idx], frames: EMPTY2 };
            info.body = this.span(argNodes[idx]);
          }
        }
      }
      this.addSite(site, { node: outerCall, shape, body });
      return true;
    }
    return false;
  }
  /** Any other call with a complete v1 API path among its arguments. */
  genericArgCall(call) {
    const callee = unwrapExpr(call.callee);
    const text = calleeName(this.mod, callee);
    if (NON_REQUEST_CALLEES.test(text)) return;
    const args = call.arguments ?? [];
    for (const a of args) {
      if (!this.looksV1(a)) continue;
      const v = this.ev.eval(this.mod, a, EMPTY2);
      if (v.t !== "str") continue;
      const um = matchUrl(this.cat, v.parts.map((p) => p.text).join(""));
      if (!um || !um.format) continue;
      const own = v.parts.filter((p) => !p.dynamic && p.node !== "synthetic");
      if (own.length && own.every((p) => this.consumed.has(key(p.file, p.span.start)))) continue;
      const last = memberPath(callee)?.pop() ?? "";
      if (NON_HTTP_RECEIVERS.test(text.split(".").slice(0, -1).join(".")) && /^(get|set|has|delete)$/.test(last)) continue;
      let method = null;
      let methodSpan;
      let methodSource = null;
      for (const other of args) {
        if (other === a) continue;
        const ov = this.ev.eval(this.mod, other, EMPTY2);
        const t = this.textOf(ov)?.toUpperCase();
        if (t && HTTP_METHODS.has(t) && ov.t === "str" && ov.parts.every((p) => !p.dynamic)) {
          method = t;
          methodSpan = this.span(other);
          methodSource = "argument";
          break;
        }
      }
      if (!method && /^(get|post|put|delete|del|patch)$/i.test(last)) {
        method = verbMethod(last.toLowerCase());
        methodSource = "callee";
        if (callee.type === "MemberExpression") methodSpan = this.span(callee.property);
      }
      const choice = chooseRule(this.cat, um, method);
      this.consume(v.parts);
      const urlSpan = this.span(a);
      const rule = choice.rule;
      const site = {
        kind: "call",
        span: urlSpan,
        file: this.mod.file,
        rule: rule.id,
        rules: choice.rules,
        method: method ?? null,
        methodSource,
        url: this.urlInfo(v.parts, um, urlSpan, rule),
        call: this.callInfo(call, void 0, "wrapper", text),
        message: `${text}() receives v1 path ${um.target}`,
        fidelity: rule.fidelity
      };
      if (methodSpan) site.methodSpan = methodSpan;
      const bodyArg = args.find((x, i) => i > args.indexOf(a) && x.type !== "ArrowFunctionExpression" && x.type !== "FunctionExpression" && !isStringLiteral(x));
      this.addSite(site, { node: call, body: bodyArg ? { mod: this.mod, node: bodyArg, frames: EMPTY2 } : void 0 });
      return;
    }
  }
  /** Cheap test: does the expression's own source text mention a v1 path word, or is it built? */
  looksV1(node) {
    const n = unwrapExpr(node);
    if (!n) return false;
    if (n.type === "Identifier" || n.type === "MemberExpression" || n.type === "CallExpression") return true;
    return this.facts.words.test(this.mod.source.slice(n.start, n.end)) || /\.(json|xml)|format=/.test(this.mod.source.slice(n.start, n.end));
  }
  // ---- URL strings ----------------------------------------------------------------------------
  stringRoot(node) {
    let cur = node;
    for (; ; ) {
      const p = this.mod.parent.get(cur);
      if (!p) return cur;
      if (p.type === "BinaryExpression" && p.operator === "+" || p.type === "TemplateLiteral" || p.type === "ParenthesizedExpression" || p.type === "TSAsExpression") {
        cur = p;
        continue;
      }
      return cur;
    }
  }
  findUrls() {
    const done = new Set(serverRoutes(this.mod).paths);
    for (const s of this.strings) {
      const parent = this.mod.parent.get(s);
      if (!parent) continue;
      if (parent.type === "ImportDeclaration" || parent.type === "ExportNamedDeclaration" || parent.type === "ExportAllDeclaration" || parent.type === "TSLiteralType" || parent.type === "TSExternalModuleReference" || parent.type === "Directive" || (parent.type === "ObjectProperty" || parent.type === "Property") && parent.key === s && !parent.computed) {
        continue;
      }
      const root = this.stringRoot(s);
      if (done.has(root)) continue;
      done.add(root);
      const text = this.mod.source.slice(root.start, root.end);
      if (!this.facts.words.test(text)) continue;
      const v = this.ev.eval(this.mod, root, EMPTY2);
      if (v.t !== "str") continue;
      const pattern = v.parts.map((p) => p.text).join("");
      const um = matchUrl(this.cat, pattern);
      if (!um || !um.format) continue;
      if (ownParts(v.parts, this.mod.file, root).some((p) => this.consumed.has(key(p.file, p.span.start)))) continue;
      let method = null;
      let methodSpan;
      const rp = this.mod.parent.get(root);
      if (rp && isObjectProperty(rp) && rp.value === root) {
        const obj = this.mod.parent.get(rp);
        for (const p of obj?.properties ?? []) {
          const k = propertyKey(p);
          if ((k === "method" || k === "type" || k === "verb") && isObjectProperty(p) && isStringLiteral(p.value)) {
            const m = String(p.value.value).toUpperCase();
            if (HTTP_METHODS.has(m)) {
              method = m;
              methodSpan = this.span(p.value);
            }
          }
        }
      }
      const choice = chooseRule(this.cat, um, method);
      const span = this.span(root);
      const site = {
        kind: "url",
        span,
        file: this.mod.file,
        rule: choice.rule.id,
        rules: choice.rules,
        method: method ?? null,
        methodSource: method ? "sibling" : null,
        url: this.urlInfo(v.parts, um, span, choice.rule),
        message: `v1 URL ${um.target}${method ? ` (${method})` : ""}`,
        fidelity: choice.rule.fidelity
      };
      if (methodSpan) site.methodSpan = methodSpan;
      this.addSite(site, { node: root });
    }
  }
  // ---- wrappers -------------------------------------------------------------------------------
  wrapperSite(rule, rules, w, mod, message) {
    const site = {
      kind: "wrapper",
      span: w.keySpan,
      file: w.keySpan.file ?? mod.file,
      rule: rule.id,
      rules,
      method: rule.v1.method,
      methodSource: "rule",
      wrapper: w,
      message,
      fidelity: rule.fidelity
    };
    this.addSite(site);
  }
  requestFields(rule, mod, valueNode, frames) {
    if (!valueNode) return void 0;
    const v = this.ev.eval(mod, valueNode, frames);
    if (v.t !== "obj") return void 0;
    const maps = writeMappings(rule);
    const out = [];
    for (const p of v.node.properties) {
      const k = propertyKey(p);
      if (!k) continue;
      const m = maps.find((x) => x.v1 === k || x.v1.startsWith(`${k}.`));
      if (m) out.push({ v1: k, v2: m.v2, span: spanOf(v.mod, p.key ?? p, this.mod.file) });
    }
    return out.length ? out : void 0;
  }
  /** Wrapper keys in a request body (object literal, JSON string, FormData, assignments on its variable). */
  bodyWrappers(rule, rules, body, shape) {
    const wrapperNames = /* @__PURE__ */ new Set();
    for (const id of rules) {
      const w = this.cat.get(id)?.request?.wrapper;
      if (w) wrapperNames.add(w);
    }
    if (rule.request?.wrapper) wrapperNames.add(rule.request.wrapper);
    if (wrapperNames.size === 0) return;
    const ruleFor = (w) => rule.request?.wrapper === w ? rule : rules.map((id) => this.cat.get(id)).find((r) => r?.request?.wrapper === w) ?? rule;
    let node = unwrapExpr(body.node);
    if (this.isJsonStringify(node)) node = unwrapExpr(node.arguments[0]);
    if (!node) return;
    const v = this.ev.eval(body.mod, node, body.frames);
    if (v.t === "obj") this.objectWrappers(v, wrapperNames, ruleFor, rules);
    if (v.t === "str") this.stringWrappers(v.parts, wrapperNames, ruleFor, rules);
    const holder = node.type === "Identifier" ? node : void 0;
    if (holder) {
      const b = (body.mod.scopeOf.get(holder) ?? body.mod.root).lookup(holder.name);
      if (b) this.bindingWrappers(body.mod, b, wrapperNames, ruleFor, rules);
    }
    for (const c of shape?.chain ?? []) {
      const name = c.callee.property?.name;
      if ((name === "field" || name === "attach") && c.arguments[0]) this.bracketKeyArg(this.mod, c.arguments[0], wrapperNames, ruleFor, rules);
    }
  }
  objectWrappers(v, names, ruleFor, rules) {
    for (const p of v.node.properties) {
      if (p.type === "SpreadElement" || p.type === "SpreadProperty") {
        const sv = this.ev.eval(v.mod, p.argument, v.frames);
        if (sv.t === "obj") this.objectWrappers(sv, names, ruleFor, rules);
        continue;
      }
      let k = propertyKey(p);
      let form = p.shorthand ? "shorthand" : "object-key";
      if (k === void 0 && p.computed) {
        const kv = this.ev.eval(v.mod, p.key, v.frames);
        k = this.textOf(kv);
        form = "computed-key";
      }
      if (!k) continue;
      const bracket = /^([A-Za-z_]\w*)\[/.exec(k);
      const w = names.has(k) ? k : bracket && names.has(bracket[1]) ? bracket[1] : void 0;
      if (!w) continue;
      const rule = ruleFor(w);
      const info = {
        name: w,
        form: bracket ? "bracket-key" : form,
        keySpan: spanOf(v.mod, p.key, this.mod.file),
        objectSpan: spanOf(v.mod, v.node, this.mod.file)
      };
      if (bracket) info.key = k;
      if (!bracket && isObjectProperty(p)) {
        info.valueSpan = spanOf(v.mod, p.value, this.mod.file);
        info.fields = this.requestFields(rule, v.mod, p.value, v.frames);
      }
      this.wrapperSite(rule, rules, info, v.mod, bracket ? `multipart field ${k}` : `payload wrapped in ${w}`);
    }
  }
  stringWrappers(parts, names, ruleFor, rules) {
    for (const part of parts) {
      if (part.dynamic || part.node === "synthetic") continue;
      for (const w of names) {
        const re = new RegExp(`(["'\\\\]*)${escapeRegex(w)}\\1\\s*:`);
        const m = re.exec(part.text);
        if (!m) continue;
        const rule = ruleFor(w);
        this.wrapperSite(rule, rules, { name: w, form: "json-string", keySpan: { ...part.span } }, this.mod, `JSON payload wrapped in ${w}`);
      }
    }
  }
  bracketKeyArg(mod, arg, names, ruleFor, rules) {
    const kv = this.textOf(this.ev.eval(mod, arg, EMPTY2));
    if (!kv) return;
    const m = /^([A-Za-z_]\w*)\[/.exec(kv);
    if (!m || !names.has(m[1])) return;
    const rule = ruleFor(m[1]);
    this.wrapperSite(rule, rules, { name: m[1], form: "bracket-key", keySpan: spanOf(mod, arg, this.mod.file), key: kv }, mod, `multipart field ${kv}`);
  }
  /** `payload.helpdesk_ticket = {...}`, `payload[WRAPPER].custom_field[k] = v`, `form.append('helpdesk_ticket[x]', v)`. */
  bindingWrappers(mod, b, names, ruleFor, rules) {
    for (const ref of b.refs) {
      const parent = mod.parent.get(ref);
      if (!parent || parent.type !== "MemberExpression" && parent.type !== "OptionalMemberExpression" || parent.object !== ref) continue;
      const gp = mod.parent.get(parent);
      if (gp?.type === "CallExpression" && gp.callee === parent) {
        const name = parent.property?.name;
        if ((name === "append" || name === "set" || name === "field" || name === "attach") && gp.arguments[0]) {
          this.bracketKeyArg(mod, gp.arguments[0], names, ruleFor, rules);
        }
        continue;
      }
      let k;
      if (!parent.computed) k = parent.property.name;
      else k = this.textOf(this.ev.eval(mod, parent.property, EMPTY2));
      if (!k || !names.has(k)) continue;
      let top = parent;
      for (; ; ) {
        const up = mod.parent.get(top);
        if (up && (up.type === "MemberExpression" || up.type === "OptionalMemberExpression") && up.object === top) top = up;
        else break;
      }
      const assign = mod.parent.get(top);
      if (!assign || assign.type !== "AssignmentExpression" || assign.left !== top) continue;
      const rule = ruleFor(k);
      const info = {
        name: k,
        form: parent.computed && !isStringLiteral(parent.property) ? "computed-key" : "member-assign",
        keySpan: spanOf(mod, parent.property, this.mod.file)
      };
      if (top === parent) {
        info.valueSpan = spanOf(mod, assign.right, this.mod.file);
        info.fields = this.requestFields(rule, mod, assign.right, EMPTY2);
      } else {
        const chain = memberPath(top);
        const after = chain ? chain.slice(chain.indexOf(k) + 1) : [];
        const m = writeMappings(rule).find((x) => after[0] !== void 0 && (x.v1 === after[0] || x.v1.startsWith(`${after[0]}.`)));
        if (m && after[0]) info.fields = [{ v1: after[0], v2: m.v2, span: spanOf(mod, top, this.mod.file) }];
      }
      this.wrapperSite(rule, rules, info, mod, top === parent ? `payload wrapped in ${k} (assigned)` : `write into ${k}.${memberPath(top)?.slice(-1)[0] ?? ""}`);
    }
  }
  findWrappers(v1) {
    for (const it of [...this.internal]) {
      if (it.site.kind !== "call" || !it.body || !it.site.rule) continue;
      const rule = this.cat.get(it.site.rule);
      if (!rule) continue;
      this.bodyWrappers(rule, it.site.rules, it.body, it.shape);
    }
    if (!v1) return;
    const fileRules = new Set(this.sites.flatMap((s) => s.rules));
    const ruleForName = (w) => {
      const candidates = this.facts.requestWrappers.get(w);
      if (!candidates) return void 0;
      const inFile = candidates.filter((r) => fileRules.has(r.id));
      const list = inFile.length ? inFile : candidates;
      return { rule: list[0], rules: list.map((r) => r.id) };
    };
    const distinctive = [...this.facts.requestWrappers.keys()].filter(isDistinctiveWrapper);
    for (const obj of this.objects) {
      for (const p of obj.properties) {
        const k = propertyKey(p);
        if (!k) continue;
        const bracket = /^([A-Za-z_]\w*)\[/.exec(k);
        const w = bracket ? bracket[1] : k;
        if (!distinctive.includes(w) && !(bracket && this.facts.requestWrappers.has(w) && fileRules.size > 0)) continue;
        if (this.inPageObject(obj)) continue;
        const r = ruleForName(w);
        if (!r) continue;
        const info = { name: w, form: bracket ? "bracket-key" : p.shorthand ? "shorthand" : "object-key", keySpan: this.span(p.key), objectSpan: this.span(obj) };
        if (bracket) info.key = k;
        else if (isObjectProperty(p)) {
          info.valueSpan = this.span(p.value);
          info.fields = this.requestFields(r.rule, this.mod, p.value, EMPTY2);
        }
        this.wrapperSite(r.rule, r.rules, info, this.mod, bracket ? `multipart field ${k}` : `payload wrapped in ${w}`);
      }
    }
    for (const a of this.assignments) {
      const top = a.left;
      if (top.type !== "MemberExpression") continue;
      let cur = top;
      while (cur && cur.type === "MemberExpression") {
        const k = cur.computed ? this.textOf(this.ev.eval(this.mod, cur.property, EMPTY2)) : cur.property.name;
        if (k && distinctive.includes(k) && this.isObjectish(cur.object)) {
          const r = ruleForName(k);
          if (r) {
            const info = { name: k, form: cur.computed && !isStringLiteral(cur.property) ? "computed-key" : "member-assign", keySpan: this.span(cur.property) };
            if (cur === top) {
              info.valueSpan = this.span(a.right);
              info.fields = this.requestFields(r.rule, this.mod, a.right, EMPTY2);
            }
            this.wrapperSite(r.rule, r.rules, info, this.mod, cur === top ? `payload wrapped in ${k} (assigned)` : `write into ${k}`);
          }
          break;
        }
        cur = cur.object;
      }
    }
    for (const s of this.strings) {
      if (s.type === "TemplateLiteral") continue;
      const parent = this.mod.parent.get(s);
      const value = String(s.value);
      const bracket = /^([A-Za-z_]\w*)\[/.exec(value);
      if (bracket && this.facts.requestWrappers.has(bracket[1]) && parent?.type === "CallExpression" && parent.arguments[0] === s) {
        const name = parent.callee?.property?.name;
        if (name === "append" || name === "field" || name === "attach" || name === "set") {
          const r = ruleForName(bracket[1]);
          if (r) this.wrapperSite(r.rule, r.rules, { name: bracket[1], form: "bracket-key", keySpan: this.span(s), key: value }, this.mod, `multipart field ${value}`);
        }
        continue;
      }
      for (const w of distinctive) {
        if (value.includes(`"${w}"`) && new RegExp(`"${escapeRegex(w)}"\\s*:`).test(value)) {
          const r = ruleForName(w);
          if (r) this.wrapperSite(r.rule, r.rules, { name: w, form: "json-string", keySpan: this.span(s) }, this.mod, `JSON payload wrapped in ${w}`);
        }
      }
    }
  }
  isObjectish(n) {
    const u = unwrapExpr(n);
    return u.type === "Identifier" || u.type === "MemberExpression" || u.type === "ThisExpression";
  }
  /** An object literal that is in-page app data, not a request (`domHelper` fixtures). */
  inPageObject(obj) {
    let cur = obj;
    for (let i = 0; i < 4 && cur; i++) {
      const p = this.mod.parent.get(cur);
      if (!p) return false;
      if (p.type === "CallExpression" && IN_PAGE.test(this.mod.source.slice(p.callee.start, p.callee.end))) return true;
      cur = p;
    }
    return false;
  }
  // ---- response reads -------------------------------------------------------------------------
  tainted = /* @__PURE__ */ new Set();
  findReads(v1) {
    for (const it of [...this.internal]) {
      if (it.site.kind !== "call" || !it.node || !it.site.rule || it.site.file !== this.mod.file) continue;
      const rule = this.cat.get(it.site.rule);
      if (!rule?.response) continue;
      const state = { rule, stage: it.site.call?.client === "wrapper" ? "maybe" : "raw", prefix: [] };
      this.taint(it.node, state, 0);
      this.callbackTaint(it.node, it.shape, rule);
    }
    if (v1) this.shapeReads();
  }
  callbackTaint(call, shape, rule) {
    const args = call.arguments ?? [];
    const fnArg = [...args].reverse().find((a) => isFunctionNode(a));
    const client = shape?.client;
    if (fnArg && (client === "request" || client === "needle")) {
      this.taintParam(fnArg, 1, { rule, stage: "raw", prefix: [] });
      this.taintParam(fnArg, 2, { rule, stage: "body", prefix: [] });
    } else if (fnArg && client === "jquery") {
      this.taintParam(fnArg, 0, { rule, stage: "body", prefix: [] });
    } else if (fnArg && (client === "wrapper" || client === "generic")) {
      const n = fnArg.params?.length ?? 0;
      if (n >= 3) {
        this.taintParam(fnArg, 1, { rule, stage: "raw", prefix: [] });
        this.taintParam(fnArg, 2, { rule, stage: "maybe", prefix: [] });
      } else this.taintParam(fnArg, n === 2 ? 1 : 0, { rule, stage: "maybe", prefix: [] });
    }
    if (client === "jquery" && shape?.options) {
      const v = this.ev.eval(shape.options.mod, shape.options.node, shape.options.frames);
      if (v.t === "obj") {
        const s = this.ev.objectPropertyNode(v, "success");
        const fn = s?.prop.value ?? (s?.prop.type === "ObjectMethod" ? s.prop : void 0);
        if (fn && isFunctionNode(fn)) this.taintParam(fn, 0, { rule, stage: "body", prefix: [] });
      }
    }
    if ((client === "superagent" || client === "unirest") && shape?.chain) {
      const end = shape.chain.find((c) => c.callee.property?.name === "end" && isFunctionNode(c.arguments[0]));
      if (end) {
        const fn = end.arguments[0];
        this.taintParam(fn, (fn.params?.length ?? 0) >= 2 ? 1 : 0, { rule, stage: "raw", prefix: [] });
      }
    }
  }
  taintParam(fn, index, state) {
    const p = fn?.params?.[index];
    if (!p) return;
    const scope = this.mod.fnScope.get(fn);
    if (!scope) return;
    const id = p.type === "AssignmentPattern" ? p.left : p;
    if (id.type === "Identifier") {
      const b = scope.bindings.get(id.name);
      if (b) for (const ref of b.refs) this.taint(ref, state, 1);
    } else if (id.type === "ObjectPattern") {
      this.destructure(id, scope, state);
    }
  }
  destructure(pattern, scope, state) {
    for (const p of pattern.properties) {
      const k = propertyKey(p);
      if (!k || !p.value) continue;
      const target = p.value.type === "AssignmentPattern" ? p.value.left : p.value;
      const next = this.step(state, k);
      if (!next) continue;
      if (target.type === "Identifier") {
        const b = scope.lookup(target.name);
        if (b) for (const ref of b.refs) this.taint(ref, next, 1);
      } else if (target.type === "ObjectPattern") this.destructure(target, scope, next);
    }
  }
  /** Moving one property into a tainted value: transport props first, then the v1 document. */
  step(state, prop) {
    if (state.stage === "maybe") {
      if (prop === "data" || prop === "body" || prop === "responseJSON") return { ...state, stage: "body", prefix: [] };
      if (prop === "response" || prop === "responseText") return { ...state, stage: "text", prefix: [] };
      return { ...state, stage: "body", prefix: [prop] };
    }
    if (state.stage === "raw") {
      if (prop === "data" || prop === "body" || prop === "responseJSON") return { ...state, stage: "body", prefix: [] };
      if (prop === "response" || prop === "responseText" || prop === "text" || prop === "content") return { ...state, stage: "text", prefix: [] };
      return null;
    }
    if (state.stage === "text") return { ...state, stage: "body", prefix: [prop] };
    return { ...state, prefix: [...state.prefix, prop] };
  }
  /** Follows a tainted expression through awaits, variables, `.then`, JSON.parse, member reads. */
  taint(node, state, depth) {
    if (depth > 12) return;
    const k = `${node.start}:${node.end}:${state.stage}:${state.prefix.join(".")}:${state.rule.id}`;
    if (this.tainted.has(k)) return;
    this.tainted.add(k);
    const parent = this.mod.parent.get(node);
    if (!parent) return;
    switch (parent.type) {
      case "AwaitExpression":
      case "ParenthesizedExpression":
      case "TSAsExpression":
      case "TSNonNullExpression":
      case "ChainExpression":
        this.taint(parent, state, depth + 1);
        return;
      case "VariableDeclarator": {
        if (parent.init !== node) return;
        const scope = this.mod.scopeOf.get(parent) ?? this.mod.root;
        if (parent.id.type === "Identifier") {
          const b = scope.lookup(parent.id.name);
          if (b) for (const ref of b.refs) this.taint(ref, state, depth + 1);
        } else if (parent.id.type === "ObjectPattern") this.destructure(parent.id, scope, state);
        return;
      }
      case "AssignmentExpression": {
        if (parent.right !== node || parent.left.type !== "Identifier") return;
        const b = (this.mod.scopeOf.get(parent) ?? this.mod.root).lookup(parent.left.name);
        if (b) {
          for (const ref of b.refs) if (ref.start > parent.start) this.taint(ref, state, depth + 1);
        }
        return;
      }
      case "CallExpression": {
        const callee = unwrapExpr(parent.callee);
        if (parent.callee !== node && memberPath(callee)?.join(".") === "JSON.parse" && parent.arguments[0] === node) {
          this.taint(parent, { ...state, stage: "body", prefix: [] }, depth + 1);
          return;
        }
        if (parent.callee !== node) {
          const idx = parent.arguments.indexOf(node);
          const fv = this.ev.eval(this.mod, callee, EMPTY2);
          if (idx >= 0 && fv.t === "fn" && fv.mod === this.mod) {
            const fnNode = fv.node.type === "Property" ? fv.node.value : fv.node;
            if (isFunctionNode(fnNode)) this.taintParam(fnNode, idx, state);
          }
          if (callee.type === "Identifier" && callee.name === "resolve") this.taintReturn(parent, state, depth, true);
        }
        return;
      }
      case "ReturnStatement":
        this.taintReturn(parent, state, depth, false);
        return;
      case "ArrowFunctionExpression":
        if (parent.body === node) this.taintReturn(node, state, depth, false);
        return;
      case "ForOfStatement":
        if (parent.right === node && parent.left.type === "VariableDeclaration") {
          const id = parent.left.declarations[0]?.id;
          const scope = this.mod.scopeOf.get(parent.left) ?? this.mod.root;
          const next = state.stage === "body" || state.stage === "maybe" ? { ...state, stage: "body", prefix: [...state.prefix, "[]"] } : null;
          if (id?.type === "Identifier" && next) {
            const b = scope.lookup(id.name);
            if (b) for (const ref of b.refs) this.taint(ref, next, depth + 1);
          }
        }
        return;
      case "MemberExpression":
      case "OptionalMemberExpression":
        if (parent.object !== node) return;
        this.taintMember(parent, state, depth);
        return;
      default:
        return;
    }
  }
  /** The value a function returns is tainted: its callers' call expressions are tainted. */
  taintReturn(from, state, depth, viaResolve) {
    let fn = this.mod.parent.get(from);
    while (fn && !isFunctionNode(fn)) fn = this.mod.parent.get(fn);
    if (!fn) return;
    if (viaResolve) {
      const np = this.mod.parent.get(fn);
      if (np?.type === "NewExpression") {
        this.taint(np, state, depth + 1);
        return;
      }
    }
    const p = this.mod.parent.get(fn);
    if (p?.type === "CallExpression" && p.arguments.includes(fn)) {
      const cal = unwrapExpr(p.callee);
      if (cal.type === "MemberExpression" && cal.property?.name === "then") {
        this.taint(p, state, depth + 1);
        return;
      }
    }
    let b;
    if (fn.type === "FunctionDeclaration" && fn.id) b = (this.mod.scopeOf.get(fn) ?? this.mod.root).lookup(fn.id.name);
    else if (p?.type === "VariableDeclarator" && p.id.type === "Identifier") b = (this.mod.scopeOf.get(p) ?? this.mod.root).lookup(p.id.name);
    if (!b) return;
    for (const ref of b.refs) {
      const rp = this.mod.parent.get(ref);
      if (rp?.type === "CallExpression" && rp.callee === ref) this.taint(rp, state, depth + 1);
    }
  }
  taintMember(member2, state, depth) {
    const gp = this.mod.parent.get(member2);
    const prop = member2.computed ? isStringLiteral(member2.property) ? String(member2.property.value) : "[]" : member2.property.name;
    if (gp && (gp.type === "CallExpression" || gp.type === "OptionalCallExpression") && gp.callee === member2) {
      const cb = gp.arguments[0];
      switch (prop) {
        case "then":
          if (cb && isFunctionNode(cb)) this.taintParam(cb, 0, state);
          return;
        case "done":
        case "success":
          if (cb && isFunctionNode(cb)) this.taintParam(cb, 0, { ...state, stage: state.stage === "raw" ? "body" : state.stage });
          return;
        case "json":
          if (state.stage === "raw") this.taint(gp, { ...state, stage: "body", prefix: [] }, depth + 1);
          return;
        case "text":
        case "getContentText":
          if (state.stage === "raw") this.taint(gp, { ...state, stage: "text", prefix: [] }, depth + 1);
          return;
        case "map":
        case "forEach":
        case "filter":
        case "find":
        case "some":
        case "every":
        case "flatMap":
        case "findIndex":
          if ((state.stage === "body" || state.stage === "maybe") && cb && isFunctionNode(cb)) {
            const item = { ...state, stage: "body", prefix: [...state.prefix, "[]"] };
            this.taintParam(cb, 0, item);
            if (prop === "find" || prop === "filter") this.taint(gp, prop === "find" ? item : state, depth + 1);
          }
          return;
        default:
          return;
      }
    }
    const next = this.step(state, prop);
    if (!next) return;
    if (next.stage === "body" && next.prefix.length > 0) {
      const up = this.mod.parent.get(member2);
      const extends_ = up && (up.type === "MemberExpression" || up.type === "OptionalMemberExpression") && up.object === member2 && !(this.mod.parent.get(up)?.type === "CallExpression" && this.mod.parent.get(up).callee === up && ["map", "forEach", "filter", "find", "some", "every", "flatMap"].includes(up.property?.name));
      if (!extends_) this.recordRead(member2, next, true);
    }
    this.taint(member2, next, depth + 1);
  }
  /** Property spans of a member chain, outermost last, aligned with the chain keys. */
  chainSpans(member2, count) {
    const spans = [];
    let cur = member2;
    while (spans.length < count && cur && (cur.type === "MemberExpression" || cur.type === "OptionalMemberExpression")) {
      spans.unshift(this.span(cur.property));
      cur = unwrapExpr(cur.object);
    }
    while (spans.length < count) spans.unshift(this.span(member2));
    return spans;
  }
  recordRead(member2, state, traced) {
    const own = this.ownChainLength(member2);
    const offset = state.prefix.length - own;
    const changes = readChanges(state.rule, state.prefix).filter((c) => c.index >= offset);
    if (changes.length === 0) return;
    const spans = this.chainSpans(member2, own);
    const fields = changes.map((c) => ({
      v1: c.v1,
      v2: c.v2,
      reason: c.reason,
      span: spans[Math.max(0, Math.min(spans.length - 1, c.index - offset))] ?? this.span(member2)
    }));
    const root = memberPath(this.rootOf(member2))?.[0] ?? "expr";
    const read = { chain: state.prefix, fields, root, traced };
    const site = {
      kind: "response-read",
      span: this.span(member2),
      file: this.mod.file,
      rule: state.rule.id,
      rules: [state.rule.id],
      method: state.rule.v1.method,
      methodSource: "rule",
      read,
      message: `reads v1 response ${state.prefix.join(".").replace(/\.\[\]/g, "[]")}`,
      fidelity: worstOf(changes.map((c) => c.fidelity))
    };
    const lineKey = `${site.file}\0${site.span.line}\0${site.rule}`;
    const prev = this.readsByLine.get(lineKey);
    if (prev) {
      for (const f of fields) if (!prev.read.fields.some((x) => x.v1 === f.v1)) prev.read.fields.push(f);
      prev.fidelity = worstOf([prev.fidelity ?? "exact", site.fidelity ?? "exact"]);
      prev.read.traced ||= traced;
      return;
    }
    if (this.addSite(site)) this.readsByLine.set(lineKey, site);
  }
  readsByLine = /* @__PURE__ */ new Map();
  ownChainLength(member2) {
    let n = 0;
    let cur = member2;
    while (cur && (cur.type === "MemberExpression" || cur.type === "OptionalMemberExpression")) {
      n++;
      cur = unwrapExpr(cur.object);
    }
    return n;
  }
  rootOf(member2) {
    let cur = member2;
    while (cur && (cur.type === "MemberExpression" || cur.type === "OptionalMemberExpression")) cur = unwrapExpr(cur.object);
    return cur;
  }
  /** Reads recognised by shape alone, in files that talk to v1: `.helpdesk_ticket.display_id`, `.status_name`. */
  shapeReads() {
    const chosen = new Set(this.sites.map((s) => s.rule));
    const fileRules = new Set(this.sites.flatMap((s) => s.rules));
    const rank = (rules) => [
      ...rules.filter((r) => chosen.has(r.id)),
      ...rules.filter((r) => !chosen.has(r.id) && fileRules.has(r.id)),
      ...rules.filter((r) => !fileRules.has(r.id))
    ];
    const reported = new Set(this.sites.filter((s) => s.kind === "response-read").map((s) => s.span.line));
    for (const m of this.members) {
      const up = this.mod.parent.get(m);
      if (up && (up.type === "MemberExpression" || up.type === "OptionalMemberExpression") && up.object === m) continue;
      if (up && (up.type === "CallExpression" || up.type === "OptionalCallExpression") && up.callee === m) continue;
      if (up?.type === "AssignmentExpression" && up.left === m) continue;
      if (reported.has(m.loc?.start.line ?? this.span(m).line)) continue;
      const chain = this.chainKeys(m);
      if (!chain || chain.length < 2) continue;
      const keys = chain.slice(1);
      if (!keys.some((k) => this.facts.responseWrappers.has(k) || this.facts.distinctiveFields.has(k))) continue;
      const root = this.rootOf(m);
      if (this.isInPageRoot(root)) continue;
      if ((chain[0] === "args" || chain[0] === "payload" || chain[0] === "event") && chain[1] === "data") continue;
      let done = false;
      for (let i = 0; i < keys.length && !done; i++) {
        const rules2 = this.facts.responseWrappers.get(keys[i]);
        if (!rules2) continue;
        const ranked = rank(rules2);
        for (const rule2 of ranked) {
          const sub = keys.slice(i);
          const prefix = rule2.response.shape === "object" ? sub : ["[]", ...sub];
          const changes2 = readChanges(rule2, prefix);
          const beyondWrapper = changes2.some((c) => c.v1 !== keys[i] && isDistinctive(c.v1.split(/[.[\]]+/).filter(Boolean).pop() ?? ""));
          if (changes2.length === 0) continue;
          if (!isDistinctiveWrapper(keys[i]) && !beyondWrapper && keys[i - 1] !== "[]") continue;
          this.recordRead(m, { rule: rule2, stage: "body", prefix }, false);
          done = true;
          break;
        }
      }
      if (done) continue;
      const last = keys[keys.length - 1];
      const rules = this.facts.distinctiveFields.get(last);
      if (!rules) continue;
      const rule = rank(rules)[0];
      const changes = readChanges(rule, rule.response.shape === "object" ? [last] : ["[]", last]);
      if (changes.length === 0) continue;
      this.recordRead(m, { rule, stage: "body", prefix: rule.response.shape === "object" ? [last] : ["[]", last] }, false);
    }
  }
  chainKeys(m) {
    const out = [];
    let cur = m;
    while (cur && (cur.type === "MemberExpression" || cur.type === "OptionalMemberExpression")) {
      if (cur.computed) out.unshift(isStringLiteral(cur.property) ? String(cur.property.value) : "[]");
      else out.unshift(cur.property.name);
      cur = unwrapExpr(cur.object);
    }
    out.unshift(cur?.type === "Identifier" ? cur.name : cur?.type === "ThisExpression" ? "this" : "()");
    return out;
  }
  isInPageRoot(root) {
    if (!root) return true;
    if (root.type === "CallExpression") return IN_PAGE.test(this.mod.source.slice(root.start, root.end));
    if (root.type !== "Identifier") return false;
    const b = (this.mod.scopeOf.get(root) ?? this.mod.root).lookup(root.name);
    if (!b) return false;
    if (b.init && IN_PAGE.test(this.mod.source.slice(b.init.start, b.init.end))) return true;
    if (b.kind === "param" && b.fn) {
      const call = this.mod.parent.get(b.fn);
      if (call?.type === "CallExpression") {
        const cal = unwrapExpr(call.callee);
        const obj = cal.type === "MemberExpression" ? cal.object : cal;
        if (IN_PAGE.test(this.mod.source.slice(obj.start, obj.end))) return true;
      }
    }
    return false;
  }
  // ---- rate limits and XML --------------------------------------------------------------------
  /**
   * Does the module name a v1 path that no other API would (`'/helpdesk/tickets'`, `'/solution/categories'`,
   * any v1 URL with `.json`/`.xml`)? Single generic words (`'/groups'`, `'/contacts'`) do not count.
   */
  mentionsV1Path(mod) {
    for (const s of mod.nodes.strings) {
      let text;
      if (s.type === "TemplateLiteral") text = s.quasis.map((q) => q.value?.cooked ?? "").join("{x}");
      else text = String(s.value);
      if (text.length > 300 || !this.facts.words.test(text)) continue;
      const p = mod.parent.get(s);
      if (p && (p.type === "ImportDeclaration" || p.type === "ExportNamedDeclaration" || p.type === "ExportAllDeclaration")) continue;
      const um = matchUrl(this.cat, text);
      if (um && isDistinctiveV1Path(um)) return true;
    }
    return false;
  }
  isStatusExpr(mod, n) {
    const u = unwrapExpr(n);
    if (!u) return false;
    if (u.type === "Identifier") return /status|code/i.test(u.name);
    if (u.type === "MemberExpression" || u.type === "OptionalMemberExpression") {
      const name = u.computed ? isStringLiteral(u.property) ? u.property.value : "" : u.property.name;
      return STATUS_NAMES.test(String(name));
    }
    if (u.type === "CallExpression") return /getResponseCode|status/i.test(calleeName(mod, u.callee));
    return false;
  }
  /**
   * 403 compared with a status in throttling logic, in a module with helpdesk context (its own v1
   * use, a distinctive v1 path, or the HTTP wrapper other modules' v1 calls go through). Only what
   * the check itself guards counts as throttling evidence (its condition and its branch: Retry-After,
   * a wait, a retry): a 403 that means "access denied" is not reported, even next to a throttling one.
   */
  findRateLimits(mod) {
    const v22 = TRANSPORT.rateLimit.v2.status;
    const src = (n) => mod.source.slice(n.start, n.end);
    for (const lit of mod.nodes.numbers) {
      const p = mod.parent.get(lit);
      if (!p) continue;
      let check;
      let simple = false;
      let viaConstant = false;
      if (p.type === "BinaryExpression" && ["==", "===", "!=", "!=="].includes(p.operator)) {
        if (this.isStatusExpr(mod, p.left === lit ? p.right : p.left)) {
          check = p;
          simple = true;
        }
      } else if (p.type === "SwitchCase" && p.test === lit) {
        const sw = mod.parent.get(p);
        if (sw && this.isStatusExpr(mod, sw.discriminant)) {
          check = p;
          simple = true;
        }
      } else if (p.type === "ArrayExpression") {
        const holder = mod.parent.get(p);
        const lists = [p];
        if (holder?.type === "VariableDeclarator" && holder.init === p && holder.id?.type === "Identifier") {
          lists.push(...(mod.scopeOf.get(holder) ?? mod.root).lookup(holder.id.name)?.refs ?? []);
          viaConstant = true;
        }
        for (const list of lists) {
          const gp = mod.parent.get(list);
          const ggp = gp && mod.parent.get(gp);
          if (gp?.object === list && ggp?.type === "CallExpression" && ggp.callee === gp && ["includes", "indexOf"].includes(gp.property?.name) && ggp.arguments.some((a) => this.isStatusExpr(mod, a)) && this.throttles(mod, ggp)) {
            check = ggp;
            break;
          }
        }
        if (!check) continue;
      } else if (p.type === "VariableDeclarator" && p.init === lit && p.id?.type === "Identifier") {
        const b = (mod.scopeOf.get(p) ?? mod.root).lookup(p.id.name);
        for (const ref of b?.refs ?? []) {
          const rp = mod.parent.get(ref);
          if (rp?.type === "BinaryExpression" && ["==", "===", "!=", "!=="].includes(rp.operator) && this.isStatusExpr(mod, rp.left === ref ? rp.right : rp.left) && this.throttles(mod, rp)) {
            check = rp;
            viaConstant = true;
            break;
          }
        }
      }
      if (!check) continue;
      if (!viaConstant && p.type !== "ArrayExpression" && !this.throttles(mod, check)) continue;
      const both = simple && p.type === "BinaryExpression" && new RegExp(`(^|[^\\d.])${v22}(?![\\d.])`).test(src(this.conditionOf(mod, check)));
      if (both) simple = false;
      const span = spanOf(mod, lit, this.mod.file);
      const site = {
        kind: "rate-limit",
        span,
        file: span.file ?? this.mod.file,
        rule: RATE_LIMIT_RULE,
        rules: [RATE_LIMIT_RULE],
        method: null,
        methodSource: null,
        message: simple ? `403 handled as rate limiting (v2 answers ${v22})` : both ? `403 handled as rate limiting next to ${v22} (in v2 a 403 is never a throttle)` : viaConstant ? `403 in a constant used for rate limiting (v2 throttles with ${v22})` : `403 in a list of retryable statuses (v2 throttles with ${v22})`,
        fidelity: "exact",
        fixable: simple
      };
      this.addSite(site, { node: lit });
    }
  }
  /** The whole condition a comparison is part of (`a && status === 403 && b`). */
  conditionOf(mod, check) {
    let cond = check;
    for (; ; ) {
      const up = mod.parent.get(cond);
      if (up && (up.type === "LogicalExpression" || up.type === "ParenthesizedExpression" || up.type === "UnaryExpression" && up.operator === "!")) cond = up;
      else return cond;
    }
  }
  /** Is this 403 check about throttling? Evidence only from what the check guards. */
  throttles(mod, check) {
    const src = (n) => n ? mod.source.slice(n.start, n.end) : "";
    const fn = this.enclosingFunction(mod, check);
    const name = fn ? functionName(mod, fn) : void 0;
    const evidence = (text) => RETRY_WORDS.test(text) || !!name && new RegExp(`\\b${escapeRegex(name)}\\s*\\(`).test(text);
    if (check.type === "SwitchCase") {
      const cases = mod.parent.get(check)?.cases ?? [];
      for (let i = cases.indexOf(check); i >= 0 && i < cases.length; i++) {
        const body = cases[i].consequent.map(src).join("\n");
        if (cases[i].consequent.length) return evidence(body);
      }
      return false;
    }
    const cond = this.conditionOf(mod, check);
    if (RETRY_WORDS.test(src(cond))) return true;
    const negated = check.type === "BinaryExpression" && (check.operator === "!==" || check.operator === "!=");
    const holder = mod.parent.get(cond);
    if (!negated && holder?.type === "IfStatement" && holder.test === cond) return evidence(src(holder.consequent));
    if (!negated && holder?.type === "ConditionalExpression" && holder.test === cond) return evidence(src(holder.consequent));
    if (holder && /^(While|DoWhile|For)Statement$/.test(holder.type) && holder.test === cond) return evidence(src(holder.body));
    const around = fn ? src(fn) : mod.source;
    const owner = fn ? mod.parent.get(fn) : void 0;
    const key2 = owner && isObjectProperty(owner) ? propertyKey(owner) ?? "" : owner?.type === "CallExpression" ? calleeName(mod, owner.callee) : "";
    return RETRY_WORDS.test(around) || RETRY_WORDS.test(key2);
  }
  enclosingFunction(mod, node) {
    let cur = mod.parent.get(node);
    while (cur && !isFunctionNode(cur)) cur = mod.parent.get(cur);
    return cur;
  }
  findXml() {
    if (!this.sites.some((s) => s.url?.format === "xml")) return;
    const XML_CALL = /(^|\.)(parseString|parseStringPromise|parseFromString|parseXML|parseXml|xml2js|xml2json|toJson)$/;
    for (const call of this.calls) {
      if (call.type === "NewExpression") continue;
      const name = calleeName(this.mod, unwrapExpr(call.callee));
      let hit = XML_CALL.test(name) || name === "XmlService.parse";
      if (!hit && /(^|\.)parse$/.test(name)) {
        const callee = unwrapExpr(call.callee);
        if (callee.type === "MemberExpression") {
          const r = this.ev.eval(this.mod, callee.object, EMPTY2);
          hit = r.t === "inst" && /XMLParser|Parser$/.test(r.of);
        }
      }
      if (!hit) continue;
      this.addSite(
        {
          kind: "xml",
          span: this.span(call),
          file: this.mod.file,
          rule: XML_RULE,
          rules: [XML_RULE],
          method: null,
          methodSource: null,
          message: `parses an XML response (${name})`,
          fidelity: "exact"
        },
        { node: call }
      );
    }
    for (const m of this.members) {
      if (m.computed || m.property?.name !== "responseXML") continue;
      this.addSite({
        kind: "xml",
        span: this.span(m),
        file: this.mod.file,
        rule: XML_RULE,
        rules: [XML_RULE],
        method: null,
        methodSource: null,
        message: "reads responseXML",
        fidelity: "exact"
      });
    }
  }
  // ---- comments and markers -------------------------------------------------------------------
  findComments() {
    for (const c of this.mod.ast.comments ?? []) {
      const text = c.value;
      const start = c.start + 2;
      const mk = MARKER.exec(text);
      if (mk) {
        const at = start + mk.index;
        this.markers.push({
          type: mk[1],
          rule: mk[2].trim(),
          text: mk[3].trim(),
          span: spanAt(this.mod, at, at + mk[0].length, this.mod.file)
        });
        continue;
      }
      if (!this.facts.words.test(text)) continue;
      for (const hit of findTextUrls(this.cat, text, "javascript")) {
        if (!hit.format && !hit.httpContext) continue;
        const span = spanAt(this.mod, start + hit.start, start + hit.end, this.mod.file);
        const choice = chooseRule(this.cat, hit.match, hit.method ?? null);
        this.addSite({
          kind: hit.httpContext ? "call" : "url",
          span,
          file: this.mod.file,
          rule: choice.rule.id,
          rules: choice.rules,
          method: hit.method ?? null,
          methodSource: hit.method ? "argument" : null,
          inComment: true,
          message: `v1 ${hit.httpContext ? "call" : "URL"} in a comment: ${hit.match.target}`,
          fidelity: choice.rule.fidelity
        });
      }
    }
  }
};
function worstOf(list) {
  const order2 = ["exact", "lossy", "manual", "none"];
  return list.reduce((w, f) => order2.indexOf(f) > order2.indexOf(w) ? f : w, "exact");
}
function readChanges(rule, chain) {
  const spec = rule.response;
  if (!spec) return [];
  const out = [];
  let i = 0;
  if (spec.shape === "list" || spec.shape === "list-wrapped" || spec.shape === "summary-list") {
    if (chain[0] !== "[]") return [];
    i = 1;
  }
  if (spec.wrapper && spec.shape !== "list") {
    if (chain[i] === spec.wrapper) {
      out.push({ v1: spec.wrapper, v2: null, reason: `v2 answers the ${spec.wrapper} object itself, not wrapped`, fidelity: "exact", index: i });
      i++;
    } else if (spec.shape !== "object") {
      return [];
    }
  }
  const rest = chain.slice(i);
  const segs = [];
  rest.forEach((k, j) => {
    if (k === "[]" && segs.length) segs[segs.length - 1].text += "[]";
    else segs.push({ text: k, index: i + j });
  });
  const maps = readMappings(rule);
  for (let n = 1; n <= segs.length; n++) {
    const path = segs.slice(0, n).map((s) => s.text).join(".");
    const bare = path.replace(/\[\]$/, "");
    for (const m of maps) {
      if (m.v1 === path || m.v1 === bare) {
        out.push({ v1: m.v1, v2: m.v2, reason: m.reason, fidelity: m.fidelity, index: segs[n - 1].index });
      }
    }
  }
  return out;
}

// src/audit/classify.ts
var ORDER = ["exact", "lossy", "manual", "none"];
var ruleFacts = /* @__PURE__ */ new WeakMap();
function factsOf(rule) {
  let f = ruleFacts.get(rule);
  if (!f) {
    f = { plan: planSummary(rule), credits: creditCost(rule), autofix: isAutoFixable(rule) };
    ruleFacts.set(rule, f);
  }
  return f;
}
var planSummary2 = (rule) => factsOf(rule).plan;
var creditCost2 = (rule) => factsOf(rule).credits;
var isAutoFixable2 = (rule) => factsOf(rule).autofix;
function worse(a, b) {
  if (a === null) return b;
  if (b === null) return a;
  return ORDER.indexOf(a) >= ORDER.indexOf(b) ? a : b;
}
function severityOf(f) {
  if (f === "manual" || f === "none") return "error";
  if (f === "lossy") return "warning";
  return "note";
}
function firstSentence(s) {
  return s.trim().replace(/\s+/g, " ");
}
var targets = /* @__PURE__ */ new Map();
function targetOf(pattern) {
  let t = targets.get(pattern);
  if (t === void 0) {
    t = splitOrigin(normalisePlaceholders(pattern)).rest;
    if (targets.size > 1e4) targets.clear();
    targets.set(pattern, t);
  }
  return t;
}
function v1Of(rule) {
  return `${rule.v1.method} ${rule.v1.paths[0]}`;
}
var fidelityCache = /* @__PURE__ */ new WeakMap();
function requestFidelity(cat, method, target) {
  let cache4 = fidelityCache.get(cat);
  if (!cache4) {
    cache4 = /* @__PURE__ */ new Map();
    fidelityCache.set(cat, cache4);
  }
  const k = `${method} ${target}`;
  let r = cache4.get(k);
  if (!r) {
    r = translateFidelity(cat, method, target);
    if (cache4.size > 5e3) cache4.clear();
    cache4.set(k, r);
  }
  return r;
}
function translateFidelity(cat, method, target) {
  try {
    const t = cat.translate({ method, target });
    const issues = (t.detail?.issues ?? []).filter((i) => !/\{[^}]*\}/.test(i.message));
    let f = null;
    for (const i of issues) f = worse(f, i.fidelity);
    return { fidelity: f, notes: issues.map((i) => i.message) };
  } catch {
    return { fidelity: null, notes: [] };
  }
}
function toFinding(site, ctx) {
  const { cat } = ctx;
  const base = {
    file: ctx.rel,
    line: site.span.line,
    column: site.span.column + 1,
    endLine: site.span.endLine,
    endColumn: site.span.endColumn + 1,
    language: ctx.language,
    kind: site.kind,
    message: site.message,
    snippet: ctx.snippet,
    via: ctx.via
  };
  const extra = {};
  if (site.inComment) extra.inComment = true;
  if (site.call) extra.client = site.call.innerClient ? `${site.call.callee} (${site.call.innerClient})` : site.call.client === "generic" ? site.call.callee : site.call.client;
  if (site.rule === RATE_LIMIT_RULE) {
    const v22 = TRANSPORT.rateLimit.v2;
    return {
      ...base,
      ...extra,
      rule: RATE_LIMIT_RULE,
      family: "transport",
      method: null,
      endpoint: null,
      v1: `${TRANSPORT.rateLimit.v1.status} + ${TRANSPORT.rateLimit.v1.headers.join(", ")}`,
      v2: `${v22.status} + ${v22.headers.join(", ")}`,
      fidelity: "exact",
      autofix: site.fixable === true,
      credits: null,
      costChange: null,
      advice: `Treat ${v22.status} + Retry-After as throttling (watch ${v22.headers.slice(1).join(", ")}); in v2 a ${TRANSPORT.rateLimit.v1.status} means ${TRANSPORT.rateLimit.v2ForbiddenMeans}.`,
      severity: "warning"
    };
  }
  if (site.rule === XML_RULE) {
    return {
      ...base,
      ...extra,
      rule: XML_RULE,
      family: "transport",
      method: null,
      endpoint: null,
      v1: `formats: ${TRANSPORT.formats.v1.join(", ")}`,
      v2: `formats: ${TRANSPORT.formats.v2.join(", ")}`,
      fidelity: "manual",
      autofix: false,
      credits: null,
      costChange: null,
      advice: `v2 answers JSON only (XML gets ${TRANSPORT.formats.xmlRefusal.contentType}/${TRANSPORT.formats.xmlRefusal.accept}): replace this XML parsing with JSON.parse or the client's JSON mode.`,
      severity: "error"
    };
  }
  const rule = site.rule ? cat.get(site.rule) : void 0;
  if (!rule) {
    return {
      ...base,
      ...extra,
      rule: site.rule,
      family: "transport",
      method: site.method,
      endpoint: null,
      v1: null,
      v2: null,
      fidelity: site.fidelity ?? null,
      autofix: false,
      credits: null,
      costChange: null,
      advice: site.message,
      severity: severityOf(site.fidelity ?? null)
    };
  }
  const family = rule.family;
  let fidelity = rule.fidelity;
  let autofix = isAutoFixable2(rule);
  let advice;
  let endpoint = `${rule.v1.method} ${rule.v1.paths[0]}`;
  const credits = creditCost2(rule);
  const isRequest = site.kind === "call" || site.kind === "url";
  if (isRequest && site.url) {
    const target = targetOf(site.url.pattern);
    endpoint = `${site.method ?? "?"} ${target}`;
    const rf = requestFidelity(cat, site.method ?? rule.v1.method, target);
    fidelity = worse(fidelity, rf.fidelity);
    if (site.url.insecure) extra.insecure = true;
    if (site.methodSource === null && site.kind === "call") autofix = false;
    if (fidelity === "manual" || fidelity === "none") autofix = false;
    if (site.inComment) autofix = false;
    const parts = [];
    if (rule.fidelity === "none") parts.push(`No v2 equivalent${rule.substitute ? `: use ${rule.substitute}` : ""}.`);
    else if (fidelity === "manual") parts.push(`Needs a decision: ${rule.decision ?? rf.notes[0] ?? rule.summary}`);
    else parts.push(autofix ? `Auto-fixable (hdmigrate codemod): ${firstSentence(rule.summary)}` : firstSentence(rule.summary));
    if (fidelity === "lossy" && rule.lost?.length) parts.push(`Lost: ${rule.lost[0]}${rule.lost.length > 1 ? ` (and ${rule.lost.length - 1} more)` : ""}.`);
    for (const n of rf.notes) if (!parts.some((p) => p.includes(n))) parts.push(n.endsWith(".") ? n : `${n}.`);
    if (site.url.format === "xml") parts.push(`v2 is JSON only: drop .xml and parse JSON.`);
    if (site.url.insecure) parts.push(`Use https:// (v2 refuses plain http with ssl_required).`);
    if (site.inComment) parts.unshift("In a comment:");
    if (site.method === null && site.rules.length > 1) parts.push(`Method not known here; other candidates: ${site.rules.slice(1).join(", ")}.`);
    advice = parts.join(" ");
    if (site.rules.length > 1) extra.candidates = site.rules;
  } else if (site.kind === "wrapper" && site.wrapper) {
    const w = site.wrapper;
    const fields = (w.fields ?? []).map((f) => f.v1 === f.v2 ? `${f.v1} (value converted)` : `${f.v1} \u2192 ${f.v2 ?? "(dropped)"}`);
    if (w.fields?.length) extra.fields = w.fields.map((f) => ({ v1: f.v1, v2: f.v2 }));
    advice = w.form === "bracket-key" ? `v2 form fields have no ${w.name}[...] prefix${rule.request?.multipart ? ` (files: ${rule.request.multipart.v2Files})` : ""}.` : `Send the ${w.name} fields at the top level (v2 rejects the wrapper with invalid_field)${fields.length ? `; fields: ${fields.join(", ")}` : ""}.`;
    autofix = rule.fidelity !== "none" && rule.fidelity !== "manual";
  } else if (site.kind === "response-read" && site.read) {
    const changes = site.read.fields;
    extra.fields = changes.map((f) => ({ v1: f.v1, v2: f.v2 }));
    fidelity = site.fidelity ?? "exact";
    const gone = changes.filter((c) => c.v2 === null && !c.reason?.includes("not wrapped"));
    const renamed = changes.filter((c) => c.v2 !== null);
    const wrapper = changes.find((c) => c.reason?.includes("not wrapped"));
    const bits = [];
    if (wrapper) bits.push(`v2 is not wrapped in ${wrapper.v1}`);
    if (renamed.length) bits.push(`read ${renamed.map((c) => `${c.v2} (was ${c.v1})`).join(", ")}`);
    if (gone.length) bits.push(`${gone.map((c) => c.v1).join(", ")} has no v2 field${gone[0]?.reason ? ` (${gone[0].reason})` : ""}`);
    advice = `${bits.join("; ")}.`.replace(/^[a-z](?!2)/, (c) => c.toUpperCase());
    autofix = gone.length === 0 && site.read.traced;
    if (gone.length) fidelity = worse(fidelity, "lossy");
  } else {
    advice = firstSentence(rule.summary);
  }
  return {
    ...base,
    ...extra,
    rule: rule.id,
    family,
    method: site.method ?? (isRequest ? null : rule.v1.method),
    endpoint,
    v1: v1Of(rule),
    v2: planSummary2(rule),
    fidelity,
    autofix,
    credits: isRequest ? credits : null,
    costChange: isRequest ? credits - 1 : null,
    advice,
    severity: severityOf(fidelity)
  };
}

// src/audit/iparams.ts
var IPARAM_TYPES = [
  "text",
  "paragraph",
  "dropdown",
  "email",
  "number",
  "phone_number",
  "date",
  "url",
  "radio",
  "checkbox",
  "multiselect",
  "domain",
  "api_key"
];
var ATTRIBUTES = /* @__PURE__ */ new Set([
  "display_name",
  "description",
  "type",
  "options",
  "default_value",
  "required",
  "visible",
  "secure",
  "regex",
  "type_attributes",
  "events",
  "data-bind"
]);
var WITH_OPTIONS = /* @__PURE__ */ new Set(["dropdown", "radio", "multiselect"]);
var SECRET_KEY = /key|auth|token|secret|password|passwd/i;
var DATA_BIND = /* @__PURE__ */ new Set(["product.domain", "product.api_key"]);
var JsonError = class extends Error {
  constructor(message, offset) {
    super(message);
    this.offset = offset;
  }
  offset;
};
function parseJsonWithPositions(text) {
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  const fail = (msg) => {
    throw new JsonError(msg, i);
  };
  const str = () => {
    const start = i;
    if (text[i] !== '"') fail("expected a string");
    i++;
    let out = "";
    while (i < text.length && text[i] !== '"') {
      if (text[i] === "\\") {
        const e = text[i + 1];
        if (e === "u") {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
          continue;
        }
        out += { n: "\n", t: "	", r: "\r", b: "\b", f: "\f" }[e] ?? e;
        i += 2;
        continue;
      }
      if (text[i] === "\n") fail("unterminated string");
      out += text[i];
      i++;
    }
    if (text[i] !== '"') fail("unterminated string");
    i++;
    return { value: out, start, end: i };
  };
  const value = () => {
    ws();
    const start = i;
    const c = text[i];
    if (c === "{") {
      i++;
      const members = [];
      ws();
      if (text[i] === "}") {
        i++;
        return { kind: "object", start, end: i, value: {}, members };
      }
      for (; ; ) {
        ws();
        const k = str();
        ws();
        if (text[i] !== ":") fail('expected ":"');
        i++;
        const node = value();
        members.push({ key: k.value, keyStart: k.start, keyEnd: k.end, node });
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "}") {
          i++;
          break;
        }
        fail('expected "," or "}"');
      }
      const obj = {};
      for (const m of members) obj[m.key] = m.node.value;
      return { kind: "object", start, end: i, value: obj, members };
    }
    if (c === "[") {
      i++;
      const items = [];
      ws();
      if (text[i] === "]") {
        i++;
        return { kind: "array", start, end: i, value: [], items };
      }
      for (; ; ) {
        items.push(value());
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "]") {
          i++;
          break;
        }
        fail('expected "," or "]"');
      }
      return { kind: "array", start, end: i, value: items.map((x) => x.value), items };
    }
    if (c === '"') {
      const s = str();
      return { kind: "string", start, end: s.end, value: s.value };
    }
    const lit = /^(true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 40));
    if (!lit) fail(`unexpected ${c === void 0 ? "end of file" : JSON.stringify(c)}`);
    i += lit[0].length;
    const t = lit[0];
    if (t === "true" || t === "false") return { kind: "boolean", start, end: i, value: t === "true" };
    if (t === "null") return { kind: "null", start, end: i, value: null };
    return { kind: "number", start, end: i, value: Number(t) };
  };
  const root = value();
  ws();
  if (i < text.length) fail("unexpected text after the JSON value");
  return root;
}
function member(node, key2) {
  return node.members?.find((m) => m.key === key2);
}
function checkIparams(text) {
  const out = [];
  let root;
  try {
    root = parseJsonWithPositions(text);
  } catch (e) {
    const off = e instanceof JsonError ? e.offset : 0;
    return [
      {
        rule: "iparams.invalid-json",
        start: off,
        end: off + 1,
        key: "",
        message: `iparams.json is not valid JSON: ${e.message}`,
        advice: "Fix the JSON syntax: the developer kit refuses to pack the app.",
        severity: "error"
      }
    ];
  }
  if (root.kind !== "object") {
    return [
      { rule: "iparams.not-object", start: root.start, end: root.end, key: "", message: "iparams.json must be an object of iparams", advice: 'Use { "<key>": { "display_name": ..., "type": ... } }.', severity: "error" }
    ];
  }
  const push2 = (p) => out.push({ severity: "error", ...p });
  for (const m of root.members ?? []) {
    const key2 = m.key;
    const at = { start: m.keyStart, end: m.keyEnd };
    const def = m.node;
    if (def.kind !== "object") {
      push2({ rule: "iparams.not-object", ...at, key: key2, message: `iparam "${key2}" must be an object`, advice: "Give it display_name and type." });
      continue;
    }
    const get = (k) => member(def, k);
    for (const a of def.members ?? []) {
      if (!ATTRIBUTES.has(a.key)) {
        push2({
          rule: "iparams.unknown-attribute",
          start: a.keyStart,
          end: a.keyEnd,
          key: key2,
          message: `iparam "${key2}" has an unknown attribute "${a.key}"`,
          advice: `Remove it or use one of: ${[...ATTRIBUTES].join(", ")}.`,
          severity: "warning"
        });
      }
    }
    const dn = get("display_name");
    if (!dn) push2({ rule: "iparams.missing-attribute", ...at, key: key2, message: `iparam "${key2}" has no display_name (mandatory)`, advice: 'Add "display_name": the label on the installation page.' });
    else if (dn.node.kind !== "string" || !String(dn.node.value).trim()) push2({ rule: "iparams.bad-value", start: dn.node.start, end: dn.node.end, key: key2, message: `display_name of "${key2}" must be a non-empty string`, advice: "Give the label as text." });
    const typeM = get("type");
    let type;
    if (!typeM) push2({ rule: "iparams.missing-attribute", ...at, key: key2, message: `iparam "${key2}" has no type (mandatory)`, advice: `Add "type": one of ${IPARAM_TYPES.join(", ")}.` });
    else if (typeM.node.kind !== "string" || !IPARAM_TYPES.includes(String(typeM.node.value))) {
      push2({ rule: "iparams.bad-type", start: typeM.node.start, end: typeM.node.end, key: key2, message: `iparam "${key2}" has type ${JSON.stringify(typeM.node.value)}, which is not allowed`, advice: `Use one of ${IPARAM_TYPES.join(", ")}.` });
    } else type = String(typeM.node.value);
    const opts = get("options");
    if (type && WITH_OPTIONS.has(type)) {
      if (!opts) push2({ rule: "iparams.missing-options", ...at, key: key2, message: `${type} iparam "${key2}" has no options`, advice: 'Add "options": the list of choices (strings).' });
      else if (opts.node.kind !== "array" || (opts.node.items ?? []).length === 0 || (opts.node.items ?? []).some((x) => x.kind !== "string")) {
        push2({ rule: "iparams.bad-options", start: opts.node.start, end: opts.node.end, key: key2, message: `options of "${key2}" must be a non-empty array of strings`, advice: "List the choices as strings." });
      }
    } else if (opts && type) {
      push2({ rule: "iparams.unused-options", start: opts.keyStart, end: opts.keyEnd, key: key2, message: `options on ${type} iparam "${key2}" are ignored`, advice: "Options apply to dropdown, radio and multiselect only: remove them or change the type.", severity: "warning" });
    }
    const options = opts?.node.kind === "array" ? opts.node.value : void 0;
    const dv = get("default_value");
    if (dv && type) {
      const v = dv.node.value;
      const bad = (msg, advice) => push2({ rule: "iparams.bad-default", start: dv.node.start, end: dv.node.end, key: key2, message: msg, advice });
      if (type === "multiselect") {
        if (!Array.isArray(v) || v.some((x) => typeof x !== "string")) bad(`default_value of multiselect "${key2}" must be an array of strings`, "Give the preselected options as an array.");
        else if (options && v.some((x) => !options.includes(x))) bad(`default_value of "${key2}" names options that do not exist`, "Preselect only values listed in options.");
      } else if (type === "checkbox") {
        if (typeof v !== "boolean") bad(`default_value of checkbox "${key2}" must be true or false`, "Use a boolean.");
      } else if (typeof v !== "string") {
        bad(`default_value of "${key2}" must be a string`, "Give the default as text.");
      } else if (options && WITH_OPTIONS.has(type) && !options.includes(v)) {
        bad(`default_value ${JSON.stringify(v)} of "${key2}" is not one of its options`, "Preselect a value listed in options.");
      } else if (type === "number" && !/^-?\d{1,10}$/.test(v)) {
        bad(`default_value of number "${key2}" must be an integer of at most 10 digits`, "Use an integer up to 10 digits.");
      }
      if (typeof v === "string" && /^http:\/\//i.test(v)) {
        push2({ rule: "iparams.insecure-url", start: dv.node.start, end: dv.node.end, key: key2, message: `default_value of "${key2}" is a plain http:// URL`, advice: "Use https://: API v2 refuses plain HTTP (ssl_required).", severity: "warning" });
      }
    }
    for (const b of ["required", "visible", "secure"]) {
      const bm = get(b);
      if (bm && bm.node.kind !== "boolean") push2({ rule: "iparams.bad-value", start: bm.node.start, end: bm.node.end, key: key2, message: `${b} of "${key2}" must be true or false`, advice: `Write ${b}: true or false (not a string).` });
    }
    if (type === "domain" || type === "api_key") {
      const ta = get("type_attributes");
      const product = ta?.node.kind === "object" ? member(ta.node, "product") : void 0;
      if (!product || product.node.kind !== "string" || !String(product.node.value)) {
        push2({
          rule: "iparams.missing-product",
          start: ta ? ta.keyStart : at.start,
          end: ta ? ta.keyEnd : at.end,
          key: key2,
          message: `${type} iparam "${key2}" has no type_attributes.product`,
          advice: 'Add "type_attributes": { "product": "<product>" }: it is required for domain and api_key, which are validated at installation.'
        });
      }
    }
    const secure = get("secure")?.node.value === true;
    if ((SECRET_KEY.test(key2) || type === "api_key") && !secure) {
      push2({
        rule: "iparams.not-secure",
        ...at,
        key: key2,
        message: `iparam "${key2}" looks like a secret but is not marked secure`,
        advice: 'Add "secure": true and use it only through the request method (it is then kept from front-end code).',
        severity: "warning"
      });
    }
    const rx = get("regex");
    if (rx) {
      if (rx.node.kind !== "object") push2({ rule: "iparams.bad-regex", start: rx.node.start, end: rx.node.end, key: key2, message: `regex of "${key2}" must be an object of name/expression pairs`, advice: 'Use { "<name>": "<expression>", "<name>-error": "<message>" }.' });
      else {
        const names = new Set((rx.node.members ?? []).map((x) => x.key));
        for (const r of rx.node.members ?? []) {
          if (r.key.endsWith("-error")) {
            if (!names.has(r.key.slice(0, -6))) push2({ rule: "iparams.bad-regex", start: r.keyStart, end: r.keyEnd, key: key2, message: `regex message "${r.key}" of "${key2}" has no expression "${r.key.slice(0, -6)}"`, advice: "Pair every -error message with its expression.", severity: "warning" });
            continue;
          }
          if (!names.has(`${r.key}-error`)) push2({ rule: "iparams.bad-regex", start: r.keyStart, end: r.keyEnd, key: key2, message: `regex "${r.key}" of "${key2}" has no "${r.key}-error" message`, advice: `Add "${r.key}-error": the message shown when the value does not match.` });
          if (r.node.kind !== "string") push2({ rule: "iparams.bad-regex", start: r.node.start, end: r.node.end, key: key2, message: `regex "${r.key}" of "${key2}" must be a string`, advice: "Write the expression as a string." });
          else {
            try {
              new RegExp(String(r.node.value));
            } catch (e) {
              push2({ rule: "iparams.bad-regex", start: r.node.start, end: r.node.end, key: key2, message: `regex "${r.key}" of "${key2}" does not compile: ${e.message}`, advice: "Fix the expression." });
            }
          }
        }
      }
    }
    const ev = get("events");
    if (ev) {
      if (ev.node.kind !== "array") push2({ rule: "iparams.bad-events", start: ev.node.start, end: ev.node.end, key: key2, message: `events of "${key2}" must be an array`, advice: 'Use [ { "change": "<callback>" } ].' });
      else {
        for (const item of ev.node.items ?? []) {
          if (item.kind !== "object") {
            push2({ rule: "iparams.bad-events", start: item.start, end: item.end, key: key2, message: `each event of "${key2}" must be an object`, advice: 'Use { "change": "<callback>" }.' });
            continue;
          }
          for (const e of item.members ?? []) {
            if (e.key !== "change") push2({ rule: "iparams.bad-events", start: e.keyStart, end: e.keyEnd, key: key2, message: `event "${e.key}" of "${key2}" is not supported (only change is)`, advice: "Use the change event and validate in its callback." });
            else if (e.node.kind !== "string" || !String(e.node.value)) push2({ rule: "iparams.bad-events", start: e.node.start, end: e.node.end, key: key2, message: `change event of "${key2}" must name a callback function`, advice: "Give the name of a function in config/assets/iparams.js." });
          }
        }
      }
    }
    const db = get("data-bind");
    if (db && (db.node.kind !== "string" || !DATA_BIND.has(String(db.node.value)))) {
      push2({ rule: "iparams.bad-data-bind", start: db.node.start, end: db.node.end, key: key2, message: `data-bind of "${key2}" must be product.domain or product.api_key`, advice: 'Use "product.domain" or "product.api_key".' });
    }
  }
  return out;
}

// src/audit/js/index.ts
import { isAbsolute, resolve } from "node:path";
function analyzeSource(source, filename, options) {
  let ast = options.ast;
  let parser2 = options.parser;
  const preloaded = !ast && options.loader instanceof FsModuleLoader ? options.loader.cached(isAbsolute(filename) ? filename : resolve(filename)) : null;
  if (preloaded && preloaded.source === source && preloaded.file === filename) {
    ast = preloaded.ast;
    parser2 = preloaded.parser;
  }
  if (!ast) {
    try {
      const parsed = parseForAnalysis(source, filename);
      ast = parsed.ast;
      parser2 = parsed.parser;
    } catch (e) {
      const err = e;
      return { sites: [], markers: [], imports: [], parseError: { message: String(err.message ?? e), line: err.line, column: err.column } };
    }
  }
  const abs = isAbsolute(filename) ? filename : resolve(filename);
  const loader = options.loader === void 0 ? new FsModuleLoader() : options.loader;
  const cached = !options.ast && loader instanceof FsModuleLoader ? loader.cached(abs) : null;
  const mod = cached && cached.source === source && cached.file === filename ? cached : buildModule(filename, abs, source, ast, parser2 ?? "unknown");
  if (loader instanceof FsModuleLoader) loader.put(abs, mod);
  const ev = new Evaluator(mod, loader);
  const analyzer = new Analyzer(mod, ev, { catalogue: options.catalogue });
  try {
    analyzer.run();
  } catch (e) {
    return {
      sites: analyzer.sites,
      markers: analyzer.markers,
      imports: [],
      parser: parser2,
      parseError: { message: `analysis failed: ${e.message}` }
    };
  }
  const imports = loader ? mod.relativeImports.map((s) => loader.resolve(abs, s)).filter((p) => !!p) : [];
  return { sites: analyzer.sites, markers: analyzer.markers, imports, parser: parser2 };
}

// src/audit/patterns.ts
var RETRY_WORDS2 = /retry|retry-after|sleep|wait|backoff|back-off|throttl|rate.?limit|too many/i;
var XML_API = /ElementTree|\bfromstring\b|minidom|lxml|etree|xmltodict|simplexml_load_string|SimpleXMLElement|DOMDocument|Nokogiri::XML|REXML|Hash\.from_xml|XmlDocument|XDocument|XmlReader|XmlSerializer|DocumentBuilder|SAXParser|xml\.Unmarshal|encoding\/xml|parseXML|xml2js|responseXML/;
function commentSyntax(lang) {
  switch (lang) {
    case "python":
      return { line: ["#"], block: [], strings: ['"', "'"] };
    case "ruby":
      return { line: ["#"], block: [["=begin", "=end"]], strings: ['"', "'"] };
    case "shell":
      return { line: ["#"], block: [], strings: ['"', "'"] };
    case "coffeescript":
      return { line: ["#"], block: [["###", "###"]], strings: ['"', "'"] };
    case "php":
      return { line: ["//", "#"], block: [["/*", "*/"]], strings: ['"', "'"] };
    case "vb":
      return { line: ["'", "REM "], block: [], strings: ['"'] };
    case "html":
      return { line: ["//"], block: [["<!--", "-->"], ["/*", "*/"]], strings: ['"', "'", "`"] };
    default:
      return { line: ["//"], block: [["/*", "*/"]], strings: ['"', "'", "`"] };
  }
}
function commentRanges(text, lang) {
  const syn = commentSyntax(lang);
  const out = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (syn.strings.includes(c)) {
      let j = i + 1;
      while (j < n && text[j] !== c && text[j] !== "\n") j += text[j] === "\\" && lang !== "vb" ? 2 : 1;
      i = j + 1;
      continue;
    }
    let matched = false;
    for (const [open, close] of syn.block) {
      if (text.startsWith(open, i)) {
        const end = text.indexOf(close, i + open.length);
        const stop = end < 0 ? n : end + close.length;
        out.push([i, stop]);
        i = stop;
        matched = true;
        break;
      }
    }
    if (matched) continue;
    for (const open of syn.line) {
      if (text.startsWith(open, i) && !(open === "#" && lang === "shell" && i > 0 && /[$\w{]/.test(text[i - 1]))) {
        const end = text.indexOf("\n", i);
        const stop = end < 0 ? n : end;
        out.push([i, stop]);
        i = stop;
        matched = true;
        break;
      }
    }
    if (matched) continue;
    i++;
  }
  return out;
}
function lineStarts(text) {
  const s = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) s.push(i + 1);
  return s;
}
function spanAt2(starts, start, end) {
  const pos = (off) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = lo + hi + 1 >> 1;
      if (starts[mid] <= off) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: off - starts[lo] };
  };
  const a = pos(start);
  const b = pos(end);
  return { start, end, line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
}
function analyzeText(cat, text, lang, file) {
  const facts = catalogueFacts(cat);
  const starts = lineStarts(text);
  const comments = commentRanges(text, lang);
  const inComment = (off) => comments.some(([a, b]) => off >= a && off < b);
  const sites = [];
  const seen = /* @__PURE__ */ new Set();
  const add = (s) => {
    const k = `${s.kind}:${s.span.start}`;
    if (seen.has(k)) return;
    seen.add(k);
    sites.push(s);
  };
  for (const hit of findTextUrls(cat, text, lang, facts.words)) {
    const comment = inComment(hit.start);
    if (!hit.format && !hit.httpContext) continue;
    const choice = chooseRule(cat, hit.match, hit.method ?? null);
    const span = spanAt2(starts, hit.start, hit.end);
    add({
      kind: hit.httpContext ? "call" : "url",
      span,
      file,
      rule: choice.rule.id,
      rules: choice.rules,
      method: hit.method && !choice.methodMismatch ? hit.method : null,
      methodSource: hit.method ? "argument" : null,
      url: {
        pattern: hit.pattern,
        path: hit.match.path,
        template: hit.match.matches.find((m) => m.rule === choice.rule)?.template ?? hit.match.matches[0].template,
        params: hit.match.matches[0].params,
        query: hit.match.query,
        format: hit.format,
        insecure: hit.match.insecure,
        origin: hit.match.origin,
        span,
        parts: []
      },
      inComment: comment || void 0,
      message: `${hit.client ?? "URL"} ${hit.method ?? ""} ${hit.match.target}`.replace(/\s+/g, " ").trim(),
      fidelity: choice.rule.fidelity,
      call: hit.httpContext ? {
        span,
        statement: span,
        callee: hit.client ?? "http",
        calleeSpan: span,
        client: "generic",
        args: []
      } : void 0
    });
  }
  const code = sites.filter((s) => !s.inComment);
  if (code.length === 0) return { sites };
  const chosen = new Set(code.map((s) => s.rule));
  const fileRules = new Set(code.flatMap((s) => s.rules));
  const rank = (rules) => [
    ...rules.filter((r) => chosen.has(r.id)),
    ...rules.filter((r) => !chosen.has(r.id) && fileRules.has(r.id)),
    ...rules.filter((r) => !fileRules.has(r.id))
  ];
  for (const [w, rulesAll] of facts.requestWrappers) {
    const generic = !isDistinctiveWrapper(w);
    const ranked = rank(rulesAll);
    if (generic && !fileRules.has(ranked[0].id)) continue;
    const rule = ranked[0];
    const ew = escapeRegex(w);
    const forms = [
      [new RegExp(`\\[\\s*["']${ew}["']\\s*\\]\\s*=(?!=)`, "g"), "member-assign"],
      [new RegExp(`["']${ew}["']\\s*(?::|=>|,)`, "g"), "object-key"],
      [new RegExp(`(?<![\\w.$"'])${ew}:\\s*(?:[{\\[]|$)`, "gm"), "object-key"],
      [new RegExp(`:${ew}\\s*=>`, "g"), "object-key"],
      [new RegExp(`\\b${ew}\\s*=\\s*new\\b`, "g"), "object-key"],
      [new RegExp(`json:"${ew}"`, "g"), "object-key"],
      [new RegExp(`(?<![\\w.$])${ew}\\[[\\w\\]\\[]*\\]`, "g"), "bracket-key"]
    ];
    for (const [re, form] of forms) {
      for (let m = re.exec(text); m; m = re.exec(text)) {
        if (inComment(m.index)) continue;
        if (form === "bracket-key" && !/^\w+(\[\w*\])+$/.test(m[0])) continue;
        const at = m.index + m[0].indexOf(w);
        const span = spanAt2(starts, at, at + (form === "bracket-key" ? m[0].length : w.length));
        add({
          kind: "wrapper",
          span,
          file,
          rule: rule.id,
          rules: ranked.map((r) => r.id),
          method: rule.v1.method,
          methodSource: "rule",
          wrapper: { name: w, form, keySpan: span, key: form === "bracket-key" ? m[0] : void 0 },
          message: form === "bracket-key" ? `multipart field ${m[0]}` : `payload wrapped in ${w}`,
          fidelity: rule.fidelity
        });
      }
    }
  }
  const nearest = (rules, at) => {
    const before = code.filter((s) => s.span.start < at).sort((a, b) => b.span.start - a.span.start);
    const order2 = [];
    for (const s of before) {
      const r = rules.find((x) => x.id === s.rule);
      if (r && !order2.includes(r)) order2.push(r);
    }
    return [...order2, ...rank(rules).filter((r) => !order2.includes(r))];
  };
  const covered = [];
  const readsByLine = /* @__PURE__ */ new Map();
  const addRead = (site) => {
    const k = `${site.span.line}\0${site.rule}`;
    const prev = readsByLine.get(k);
    if (prev) {
      for (const f of site.read.fields) if (!prev.read.fields.some((x) => x.v1 === f.v1)) prev.read.fields.push(f);
      prev.fidelity = worstOf([prev.fidelity ?? "exact", site.fidelity ?? "exact"]);
      return;
    }
    readsByLine.set(k, site);
    add(site);
  };
  const ACCESS = /(\[\s*["'](\w+)["']\s*\]|->(\w+)|\.(\w+)\b(?!\s*\())/y;
  const readNames = /* @__PURE__ */ new Set([...facts.responseWrappers.keys(), ...facts.distinctiveFields.keys()]);
  for (const name of readNames) {
    const re = new RegExp(`(\\[\\s*["']${escapeRegex(name)}["']\\s*\\]|->${escapeRegex(name)}\\b|\\.${escapeRegex(name)}\\b)`, "g");
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (inComment(m.index)) continue;
      if (covered.some(([a, b]) => m.index >= a && m.index < b)) continue;
      const after = text.slice(m.index + m[0].length);
      if (/^\s*=(?!=)/.test(after)) continue;
      const chain = [name];
      let pos = m.index + m[0].length;
      for (; ; ) {
        ACCESS.lastIndex = pos;
        const a = ACCESS.exec(text);
        if (!a) break;
        chain.push(a[2] ?? a[3] ?? a[4]);
        pos = ACCESS.lastIndex;
      }
      const before = text.slice(Math.max(0, m.index - 12), m.index);
      const indexed = /\[\s*\w+\s*\]\s*$/.test(before);
      let recorded = false;
      const wrapperRules = facts.responseWrappers.get(name);
      if (wrapperRules) {
        for (const rule of nearest(wrapperRules, m.index)) {
          const prefix = rule.response.shape === "object" ? chain : ["[]", ...chain];
          const changes = readChanges(rule, prefix);
          if (changes.length === 0) continue;
          const beyond = changes.some((c) => c.v1 !== name);
          if (!isDistinctiveWrapper(name) && !beyond && !indexed && !fileRules.has(rule.id)) continue;
          addRead(readSite(file, spanAt2(starts, m.index, pos), rule, prefix, changes));
          covered.push([m.index, pos]);
          recorded = true;
          break;
        }
      }
      if (recorded) continue;
      const fieldRules = facts.distinctiveFields.get(name);
      if (fieldRules && chain.length === 1) {
        const rule = nearest(fieldRules, m.index)[0];
        const prefix = rule.response.shape === "object" ? [name] : ["[]", name];
        const changes = readChanges(rule, prefix);
        if (changes.length) addRead(readSite(file, spanAt2(starts, m.index, pos), rule, prefix, changes));
      }
    }
  }
  if (RETRY_WORDS2.test(text)) {
    const re = /\b403\b/g;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (inComment(m.index)) continue;
      const ls = text.lastIndexOf("\n", m.index) + 1;
      const le = text.indexOf("\n", m.index);
      const line = text.slice(ls, le < 0 ? text.length : le);
      if (!/status|code|Forbidden|response|when|case/i.test(line)) continue;
      add({
        kind: "rate-limit",
        span: spanAt2(starts, m.index, m.index + 3),
        file,
        rule: RATE_LIMIT_RULE,
        rules: [RATE_LIMIT_RULE],
        method: null,
        methodSource: null,
        message: "403 handled as rate limiting (v2 answers 429)",
        fidelity: "exact",
        fixable: /(==|!=|===|!==|\beq|\bne)\s*403\b|\bwhen\s+403\b|\bcase\s+403\b/.test(line)
      });
    }
  }
  if (code.some((s) => s.url?.format === "xml")) {
    const re = new RegExp(XML_API.source, "g");
    const lines = /* @__PURE__ */ new Set();
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (inComment(m.index)) continue;
      const line = spanAt2(starts, m.index, m.index).line;
      if (lines.has(line)) continue;
      lines.add(line);
      add({
        kind: "xml",
        span: spanAt2(starts, m.index, m.index + m[0].length),
        file,
        rule: XML_RULE,
        rules: [XML_RULE],
        method: null,
        methodSource: null,
        message: `parses an XML response (${m[0]})`,
        fidelity: "exact"
      });
    }
  }
  sites.sort((a, b) => a.span.start - b.span.start);
  return { sites };
}
function readSite(file, span, rule, prefix, changes) {
  return {
    kind: "response-read",
    span,
    file,
    rule: rule.id,
    rules: [rule.id],
    method: rule.v1.method,
    methodSource: "rule",
    read: { chain: prefix, fields: changes.map((c) => ({ v1: c.v1, v2: c.v2, reason: c.reason, span })), root: "", traced: false },
    message: `reads v1 response ${prefix.join(".").replace(/\.\[\]/g, "[]")}`,
    fidelity: worstOf(changes.map((c) => c.fidelity))
  };
}

// src/audit/walk.ts
import { readdirSync, readFileSync as readFileSync2, statSync as statSync2 } from "node:fs";
import { join, relative, sep } from "node:path";
import ignore from "ignore";
import picomatch from "picomatch";
var SKIP_DIRS = {
  node_modules: "dependency",
  bower_components: "dependency",
  jspm_packages: "dependency",
  vendor: "dependency",
  ".venv": "dependency",
  venv: "dependency",
  __pycache__: "generated",
  ".git": "generated",
  ".hg": "generated",
  ".svn": "generated",
  dist: "generated",
  build: "generated",
  out: "generated",
  ".next": "generated",
  ".nuxt": "generated",
  coverage: "generated",
  target: "generated",
  obj: "generated",
  ".hdmigrate": "generated",
  ".cache": "generated"
};
var ARCHIVES = /\.(zip|tar|tgz|gz|bz2|xz|7z|rar|jar|war|ear|nupkg|gem|whl|egg)$/i;
var EXT_LANG = {
  js: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  jsx: "javascript",
  gs: "javascript",
  ts: "typescript",
  tsx: "typescript",
  mts: "typescript",
  cts: "typescript",
  py: "python",
  php: "php",
  phtml: "php",
  rb: "ruby",
  rake: "ruby",
  coffee: "coffeescript",
  sh: "shell",
  bash: "shell",
  zsh: "shell",
  ksh: "shell",
  ps1: "shell",
  java: "java",
  kt: "java",
  groovy: "java",
  scala: "java",
  cs: "csharp",
  vb: "vb",
  vbs: "vb",
  bas: "vb",
  go: "go",
  html: "html",
  htm: "html",
  ejs: "html",
  hbs: "html",
  erb: "html",
  vue: "html",
  svelte: "html"
};
function configKind(rel) {
  if (/(^|\/)config\/iparams?\.json$/.test(rel) || /(^|\/)iparams?\.json$/.test(rel)) return "iparams";
  if (/(^|\/)config\/requests\.json$/.test(rel)) return "requests";
  return null;
}
function languageOf(file) {
  if (configKind(file)) return "json";
  const m = /\.([A-Za-z0-9]+)$/.exec(file);
  if (!m) return null;
  return EXT_LANG[m[1].toLowerCase()] ?? null;
}
function readIgnore(dir2) {
  try {
    return readFileSync2(join(dir2, ".gitignore"), "utf8");
  } catch {
    return null;
  }
}
function walk2(root, opts = {}) {
  const files = [];
  const skipped = [];
  const include = opts.include?.length ? picomatch(opts.include, { dot: true }) : null;
  const exclude = opts.exclude?.length ? picomatch(opts.exclude, { dot: true }) : null;
  const useGitignore = opts.gitignore !== false;
  const stack = [];
  const ignored = (rel, isDir) => {
    for (const { base, ig } of stack) {
      const sub = base ? rel.startsWith(`${base}/`) ? rel.slice(base.length + 1) : null : rel;
      if (sub && ig.ignores(isDir ? `${sub}/` : sub)) return true;
    }
    return false;
  };
  const visit = (dir2, relDir) => {
    let pushed = false;
    if (useGitignore) {
      const text = readIgnore(dir2);
      if (text) {
        stack.push({ base: relDir, ig: ignore().add(text) });
        pushed = true;
      }
    }
    let entries;
    try {
      entries = readdirSync(dir2, { withFileTypes: true });
    } catch (e) {
      skipped.push({ file: relDir || ".", reason: "unreadable", detail: e.code });
      if (pushed) stack.pop();
      return;
    }
    entries.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
    for (const e of entries) {
      const rel = relDir ? `${relDir}/${e.name}` : e.name;
      if (e.isDirectory()) {
        const reason = SKIP_DIRS[e.name];
        if (reason) {
          if (e.name !== ".git" && e.name !== ".hdmigrate") skipped.push({ file: `${rel}/`, reason });
          continue;
        }
        if (useGitignore && ignored(rel, true)) continue;
        if (exclude && (exclude(rel) || exclude(`${rel}/`))) continue;
        visit(join(dir2, e.name), rel);
        continue;
      }
      if (e.isSymbolicLink()) {
        let target;
        try {
          target = statSync2(join(dir2, e.name));
        } catch (err) {
          if (languageOf(rel) && !(useGitignore && ignored(rel, false))) {
            skipped.push({ file: rel, reason: "unreadable", detail: `broken link (${err.code})` });
          }
          continue;
        }
        if (!target.isFile()) continue;
      } else if (!e.isFile()) continue;
      if (useGitignore && ignored(rel, false)) continue;
      if (exclude && exclude(rel)) continue;
      if (include && !include(rel)) continue;
      if (ARCHIVES.test(e.name)) {
        skipped.push({ file: rel, reason: "archive" });
        continue;
      }
      const language = languageOf(rel);
      if (!language) continue;
      if (/\.min\.(js|css)$/.test(e.name)) {
        skipped.push({ file: rel, reason: "minified" });
        continue;
      }
      files.push({ abs: join(dir2, e.name), rel, language });
    }
    if (pushed) stack.pop();
  };
  visit(root, "");
  return { files, skipped };
}
function toPosix(p) {
  return sep === "/" ? p : p.split(sep).join("/");
}
function relPath(root, abs) {
  return toPosix(relative(root, abs));
}

// src/audit/file-analysis.ts
var MARKER2 = /@hdmigrate-(todo|ignore)\(([^)]*)\)\s*:?\s*(.*)/g;
var lineIndex = /* @__PURE__ */ new Map();
function lineStarts2(text) {
  let s = lineIndex.get(text);
  if (!s) {
    s = [0];
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) s.push(i + 1);
    if (lineIndex.size > 50) lineIndex.clear();
    lineIndex.set(text, s);
  }
  return s;
}
function lineOf(text, line) {
  const starts = lineStarts2(text);
  const start = starts[line - 1];
  if (start === void 0) return "";
  const end = text.indexOf("\n", start);
  const s = text.slice(start, end < 0 ? text.length : end).trim();
  return s.length > 200 ? `${s.slice(0, 197)}...` : s;
}
var sourceCache = /* @__PURE__ */ new Map();
function sourceOf(abs) {
  let s = sourceCache.get(abs);
  if (s === void 0) {
    try {
      s = readFileSync3(abs, "utf8");
    } catch {
      s = "";
    }
    if (sourceCache.size > 500) sourceCache.clear();
    sourceCache.set(abs, s);
  }
  return s;
}
function scriptOnly(html) {
  const out = html.replace(/[^\n]/g, " ").split("");
  const re = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
  let any = false;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const attrs = m[1] ?? "";
    if (/\bsrc\s*=/.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && !/javascript|ecmascript|module|babel|jsx/.test(type)) continue;
    const start = m.index + m[0].indexOf(">") + 1;
    const body = m[2];
    for (let i = 0; i < body.length; i++) out[start + i] = body[i];
    if (start + body.length < out.length && out[start + body.length] !== "\n") out[start + body.length] = ";";
    any = true;
  }
  return any ? out.join("") : null;
}
function markersIn(text, lang, rel) {
  if (!text.includes("@hdmigrate-")) return [];
  const ranges = commentRanges(text, lang);
  const out = [];
  MARKER2.lastIndex = 0;
  for (let m = MARKER2.exec(text); m; m = MARKER2.exec(text)) {
    if (!ranges.some(([a, b]) => m.index >= a && m.index < b)) continue;
    const before = text.slice(0, m.index);
    const line = before.split("\n").length;
    out.push({ file: rel, line, column: m.index - before.lastIndexOf("\n"), type: m[1], rule: m[2].trim(), text: m[3].trim() });
  }
  return out;
}
function analyzeFile(task, text, ctx) {
  const result = { rel: task.rel, findings: [], markers: [], consumed: [], urlParts: [], parsed: false };
  try {
    analyzeInto(task, text, ctx, result);
  } catch (e) {
    result.skipped = { file: task.rel, reason: "parse-error", detail: `audit failed: ${e.message}` };
  }
  return result;
}
function analyzeInto(task, text, ctx, result) {
  const { cat } = ctx;
  const config = configKind(task.rel);
  if (config === "iparams") {
    for (const p of checkIparams(text)) {
      const before = text.slice(0, p.start);
      const line = before.split("\n").length;
      const column = p.start - before.lastIndexOf("\n");
      result.findings.push({
        file: task.rel,
        line,
        column,
        endLine: line,
        endColumn: column + Math.max(1, p.end - p.start),
        language: "json",
        kind: "iparams",
        rule: p.rule,
        family: "iparams",
        method: null,
        endpoint: null,
        v1: null,
        v2: null,
        fidelity: null,
        autofix: false,
        credits: null,
        costChange: null,
        advice: p.advice,
        message: p.message,
        snippet: lineOf(text, line),
        via: "json",
        severity: p.severity
      });
    }
    return;
  }
  if (config === "requests") {
    requestTemplates(task, text, ctx, result);
    return;
  }
  let sites = [];
  let via = "pattern";
  if (task.language === "javascript" || task.language === "typescript" || task.language === "html") {
    const source = task.language === "html" ? scriptOnly(text) : text;
    if (source !== null) {
      const name = task.language === "html" ? `${task.abs}.js` : task.abs;
      const r = analyzeSource(source, name, { catalogue: cat, loader: ctx.loader });
      if (r.parseError) {
        result.skipped = {
          file: task.rel,
          reason: "parse-error",
          detail: `${r.parseError.message}${r.parseError.line ? ` (line ${r.parseError.line})` : ""}; audited by pattern instead`
        };
      } else {
        result.parsed = true;
        via = "ast";
        const fix = (f) => f === name ? task.abs : f;
        sites = r.sites.map((s) => ({
          ...s,
          file: fix(s.file),
          url: s.url ? { ...s.url, parts: s.url.parts.map((p) => ({ ...p, file: fix(p.file) })) } : void 0
        }));
        for (const m of r.markers) {
          result.markers.push({ file: task.rel, line: m.span.line, column: m.span.column + 1, type: m.type, rule: m.rule, text: m.text });
        }
      }
    }
    if (!result.parsed) {
      sites = analyzeText(cat, text, task.language, task.abs).sites;
      result.markers.push(...markersIn(text, task.language, task.rel));
    }
  } else {
    sites = analyzeText(cat, text, task.language, task.abs).sites;
    result.markers.push(...markersIn(text, task.language, task.rel));
  }
  analyseSites(task, text, ctx, result, sites, via);
  embeddedReads(result.findings, ctx.cat);
}
function analyseSites(task, text, ctx, result, sites, via) {
  const { cat } = ctx;
  for (const site of sites) {
    const abs = isAbsolute2(site.file) ? site.file : join2(dirname2(task.abs), site.file);
    const rel = abs === task.abs ? task.rel : relPath(ctx.root, abs);
    if (rel.startsWith("..")) continue;
    const language = abs === task.abs ? task.language : languageOf(rel) ?? task.language;
    const src = abs === task.abs ? text : sourceOf(abs);
    const finding = toFinding(site, { cat, rel, language, snippet: lineOf(src, site.span.line), via });
    result.findings.push(finding);
    const relOf = (file) => file === task.abs || file === `${task.abs}.js` ? task.rel : relPath(ctx.root, file);
    if (site.kind === "call" && site.url) {
      for (const p of site.url.parts) if (!p.dynamic && p.node !== "synthetic") result.consumed.push(`${relOf(p.file)}\0${p.span.start}`);
    }
    if (site.kind === "url" && site.url) {
      result.urlParts.push({
        index: result.findings.length - 1,
        keys: ownParts(site.url.parts, site.file, site.span).map((p) => `${relOf(p.file)}\0${p.span.start}`)
      });
    }
  }
}
function embeddedReads(findings, cat) {
  for (const call of findings) {
    if (call.kind !== "call" || !call.rule) continue;
    const rule = cat.get(call.rule);
    const keys = Object.keys(rule?.response?.embed ?? {});
    if (!rule || !keys.length) continue;
    const maps = fieldMappings(rule, "response");
    const embed = keys.flatMap((k) => [k, ...maps.filter((m) => m.v2 === k).map((m) => m.v1)]);
    const read = findings.find(
      (f) => f.kind === "response-read" && f.rule === call.rule && f.fields?.some((x) => embed.some((e) => x.v1 === e || x.v1.startsWith(`${e}[]`) || x.v1.startsWith(`${e}.`)))
    );
    if (!read) continue;
    const names = [...new Set(read.fields.map((x) => x.v1.split(/[.[]/)[0]).filter((n) => embed.includes(n)))];
    call.autofix = false;
    call.advice += ` The code reads ${names.join(", ")} (line ${read.line}), which v2 returns only from the second call.`;
  }
}
function requestTemplates(task, text, ctx, result) {
  let root;
  try {
    root = parseJsonWithPositions(text);
  } catch {
    return;
  }
  for (const m of root.members ?? []) {
    const schema = m.node.members?.find((x) => x.key === "schema")?.node;
    if (!schema) continue;
    const get = (k) => schema.members?.find((x) => x.key === k);
    const path = get("path");
    if (!path || path.node.kind !== "string") continue;
    const host = get("host")?.node.value;
    const protocol = get("protocol")?.node.value;
    const method = String(get("method")?.node.value ?? "GET").toUpperCase();
    const pattern = `${protocol === "http" ? "http" : "https"}://${typeof host === "string" ? host : "{host}"}${String(path.node.value)}`;
    const um = matchUrl(ctx.cat, pattern);
    if (!um) continue;
    const choice = chooseRule(ctx.cat, um, method);
    const before = text.slice(0, path.node.start);
    const line = before.split("\n").length;
    const column = path.node.start - before.lastIndexOf("\n") - 1;
    const span = { start: path.node.start, end: path.node.end, line, column, endLine: line, endColumn: column + (path.node.end - path.node.start) };
    const site = {
      kind: "call",
      span,
      file: task.abs,
      rule: choice.rule.id,
      rules: choice.rules,
      method: choice.methodMismatch ? null : method,
      methodSource: "option",
      url: {
        pattern,
        path: um.path,
        template: um.matches[0].template,
        params: um.matches[0].params,
        query: um.query,
        format: um.format,
        insecure: um.insecure,
        origin: um.origin,
        span,
        parts: []
      },
      message: `request template "${m.key}": ${method} ${um.target}`,
      fidelity: choice.rule.fidelity
    };
    const f = toFinding(site, { cat: ctx.cat, rel: task.rel, language: "json", snippet: lineOf(text, line), via: "json" });
    f.client = "request-template";
    result.findings.push(f);
  }
}

// src/audit/scan.ts
import * as fs from "node:fs";
import { Worker } from "node:worker_threads";
function scanFile(fsm, file, cfg, state) {
  if (!state.re) state.re = new RegExp(cfg.prefilter);
  if (!state.quick) state.quick = new RegExp(cfg.needles.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"));
  const wf = { abs: file.abs, rel: file.rel, language: file.language };
  let fd;
  try {
    fd = fsm.openSync(file.abs, "r");
  } catch (e) {
    return { kind: "skipped", skipped: { file: file.rel, reason: "unreadable", detail: e.code ?? String(e) } };
  }
  if (!state.buf || state.buf.length < cfg.maxSize + 1) state.buf = Buffer.allocUnsafe(cfg.maxSize + 1);
  let buf;
  try {
    let off = 0;
    for (; ; ) {
      const want = state.buf.length - off;
      const n = fsm.readSync(fd, state.buf, off, want, null);
      if (n <= 0) break;
      off += n;
      if (off >= state.buf.length || n < want) break;
    }
    if (off > cfg.maxSize) {
      const size = fsm.fstatSync(fd).size;
      return { kind: "skipped", skipped: { file: file.rel, reason: "huge", detail: `${size} bytes` } };
    }
    buf = state.buf.subarray(0, off);
  } catch (e) {
    return { kind: "skipped", skipped: { file: file.rel, reason: "unreadable", detail: e.code ?? String(e) } };
  } finally {
    fsm.closeSync(fd);
  }
  const head = buf.length > 8e3 ? buf.subarray(0, 8e3) : buf;
  if (head.indexOf(0) >= 0) return { kind: "skipped", skipped: { file: file.rel, reason: "binary" } };
  const isJs2 = file.language === "javascript" || file.language === "typescript";
  const text = buf.toString("utf8");
  {
    if (file.config || state.quick.test(text) && state.re.test(text)) {
      if ((isJs2 || file.language === "html") && text.length > cfg.minifiedLine) {
        let max = 0;
        let last = 0;
        for (; ; ) {
          const i = text.indexOf("\n", last);
          const end = i < 0 ? text.length : i;
          if (end - last > max) max = end - last;
          if (i < 0) break;
          last = i + 1;
        }
        if (max > cfg.minifiedLine) {
          return { kind: "skipped", skipped: { file: file.rel, reason: "minified", detail: `lines longer than ${cfg.minifiedLine} characters` } };
        }
      }
      return { kind: "candidate", file: wf, text, size: buf.length };
    }
  }
  if (!isJs2) return { kind: "none" };
  const imports = [];
  let at = buf.indexOf("./");
  while (at >= 0) {
    let start = at;
    if (start > 0 && buf[start - 1] === 46) start--;
    const q = buf[start - 1];
    if (q === 39 || q === 34 || q === 96) {
      const end = buf.indexOf(q, start);
      if (end > start && end - start < 300) {
        const spec = buf.toString("utf8", start, end);
        if (!/[\s]/.test(spec)) imports.push(spec);
      }
    }
    at = buf.indexOf("./", at + 2);
  }
  return imports.length ? { kind: "imports", file: wf, imports } : { kind: "none" };
}
function createScanWorker(cfg) {
  const next = new Int32Array(new SharedArrayBuffer(4));
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const fs = require('node:fs');
    const __name = (f) => f;
    const scanFile = (${scanFile.toString()});
    const state = {};
    const next = workerData.next;
    parentPort.once('message', (files) => {
      // candidates go out at once; the relative imports of the other files (most of the tree) are
      // kept as [index, specifiers] and sent in one message at the end: the caller has the list
      let batch = [];
      const imports = [];
      for (;;) {
        const i = Atomics.add(next, 0, 1);
        if (i >= files.length) break;
        const r = scanFile(fs, files[i], workerData.cfg, state);
        if (r.kind === 'none') continue;
        if (r.kind === 'imports') { imports.push(i, r.imports); continue; }
        batch.push(r.kind === 'candidate' ? { kind: 'candidate', i, text: r.text, size: r.size } : r);
        if (r.kind === 'candidate' || batch.length >= 200) { parentPort.postMessage(batch); batch = []; }
      }
      if (batch.length) parentPort.postMessage(batch);
      if (imports.length) parentPort.postMessage({ imports });
      parentPort.close();
    });
  `;
  const w = new Worker(code, { eval: true, workerData: { cfg, next } });
  let onResult = null;
  let list = [];
  const fileAt = (i) => {
    const f = list[i];
    return { abs: f.abs, rel: f.rel, language: f.language };
  };
  const exited = new Promise((resolve3, reject) => {
    w.on("message", (msg) => {
      if (!Array.isArray(msg)) {
        for (let k = 0; k < msg.imports.length; k += 2) onResult?.({ kind: "imports", file: fileAt(msg.imports[k]), imports: msg.imports[k + 1] });
        return;
      }
      for (const r of msg) onResult?.("i" in r ? { kind: "candidate", file: fileAt(r.i), text: r.text, size: r.size } : r);
    });
    w.on("error", reject);
    w.on("exit", (codeNum) => codeNum === 0 ? resolve3() : reject(new Error(`scan worker exited with ${codeNum}`)));
  });
  exited.catch(() => {
  });
  return {
    start(files, cb) {
      onResult = cb;
      list = files;
      w.postMessage(files);
      return { done: exited, takeNext: () => Atomics.add(next, 0, 1) };
    },
    terminate() {
      void w.terminate();
    }
  };
}

// src/audit/model.ts
var REPORT_VERSION = 1;

// src/audit/traffic.ts
import { readFileSync as readFileSync4 } from "node:fs";
var TrafficError = class extends Error {
};
function parseUsageLog(text, cat, source = "usage log") {
  const data = { source, lines: 0, invalid: 0, unmatched: 0, byRule: /* @__PURE__ */ new Map() };
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    data.lines++;
    let obj;
    try {
      obj = JSON.parse(line);
    } catch {
      data.invalid++;
      continue;
    }
    if (!obj || typeof obj !== "object" || typeof obj.method !== "string" || typeof obj.path !== "string") {
      data.invalid++;
      continue;
    }
    let rule = typeof obj.rule === "string" && cat.get(obj.rule) ? obj.rule : null;
    if (!rule) {
      const m = ["GET", "POST", "PUT", "DELETE"].includes(obj.method.toUpperCase()) ? cat.match(obj.method.toUpperCase(), obj.path) : null;
      rule = m?.rule.id ?? null;
    }
    if (!rule) {
      data.unmatched++;
      continue;
    }
    let c = data.byRule.get(rule);
    if (!c) {
      c = { calls: 0, statuses: {} };
      data.byRule.set(rule, c);
    }
    c.calls++;
    const st = String(obj.status ?? "unknown");
    c.statuses[st] = (c.statuses[st] ?? 0) + 1;
    if (typeof obj.ts === "string") {
      if (!c.firstSeen || obj.ts < c.firstSeen) c.firstSeen = obj.ts;
      if (!c.lastSeen || obj.ts > c.lastSeen) c.lastSeen = obj.ts;
    }
  }
  return data;
}
function readUsageLog(file, cat) {
  let text;
  try {
    text = readFileSync4(file, "utf8");
  } catch (e) {
    throw new TrafficError(`cannot read usage log ${file}: ${e.code ?? e.message}`);
  }
  return parseUsageLog(text, cat, file);
}
function mergeTraffic(findings, data) {
  const inCode = /* @__PURE__ */ new Set();
  for (const f of findings) {
    if (!f.rule || f.kind === "iparams") continue;
    const c = data.byRule.get(f.rule);
    if (c) f.traffic = c;
    if ((f.kind === "call" || f.kind === "url") && !f.inComment) inCode.add(f.rule);
  }
  let calls = 0;
  const unseen = [];
  for (const [rule, c] of data.byRule) {
    calls += c.calls;
    if (!inCode.has(rule)) unseen.push({ rule, calls: c.calls });
  }
  unseen.sort((a, b) => b.calls - a.calls || a.rule.localeCompare(b.rule));
  return {
    source: data.source,
    lines: data.lines,
    invalid: data.invalid,
    calls,
    unseenInCode: unseen,
    notSeenAtRuntime: [...inCode].filter((r) => !data.byRule.has(r)).sort(),
    unmatched: data.unmatched
  };
}

// src/audit/index.ts
var VERSION = "0.1.0";
var DEFAULT_MAX = 2 * 1024 * 1024;
var MINIFIED_LINE = 2500;
var POOL_MIN_BYTES = 15e5;
var POOL_MIN_FILES = 400;
var SCAN_WORKER_MIN_FILES = 3e3;
function scanConfig(cat, maxSize) {
  const needles = /* @__PURE__ */ new Set(["@hdmigrate-"]);
  for (const r of cat.rules) {
    for (const p of r.v1.paths) {
      const seg = p.split("/").filter(Boolean)[0];
      if (seg && !seg.startsWith(":")) needles.add(seg);
    }
    if (r.request?.wrapper?.includes("_")) needles.add(r.request.wrapper);
  }
  return { maxSize, needles: [...needles], prefilter: prefilterFor(cat).source, minifiedLine: MINIFIED_LINE };
}
var prefilterCache = /* @__PURE__ */ new WeakMap();
function prefilterFor(cat) {
  let re = prefilterCache.get(cat);
  if (re) return re;
  const first = /* @__PURE__ */ new Set();
  const wrappers = /* @__PURE__ */ new Set();
  for (const r of cat.rules) {
    for (const p of r.v1.paths) {
      const seg = p.split("/").filter(Boolean)[0];
      if (seg && !seg.startsWith(":")) first.add(seg);
    }
    if (r.request?.wrapper?.includes("_")) wrappers.add(r.request.wrapper);
  }
  const words = [...first].map(escapeRegex).join("|");
  const wrap = [...wrappers].map(escapeRegex).join("|");
  re = new RegExp(`[/'"\`](?:${words})(?:[/'"\`.?\\s]|$)|${wrap ? `${wrap}|` : ""}@hdmigrate-`);
  prefilterCache.set(cat, re);
  return re;
}
function stemOf(p) {
  const b = basename(p).replace(/\.[^.]+$/, "");
  return b === "index" ? basename(dirname3(p)) : b;
}
var ORDER2 = ["exact", "lossy", "manual", "none"];
function isJs(lang) {
  return lang === "javascript" || lang === "typescript";
}
async function runAudit(opts) {
  const t0 = Date.now();
  const cat = opts.catalogue ?? loadCatalogue(opts.overlay);
  let root = resolve2(opts.root);
  const maxSize = opts.maxFileSize ?? DEFAULT_MAX;
  const cfg = scanConfig(cat, maxSize);
  const cores = typeof availableParallelism === "function" ? availableParallelism() : cpus().length;
  let scanWorker = null;
  if (opts.jobs !== 1 && cores > 1) {
    try {
      scanWorker = createScanWorker(cfg);
    } catch {
      scanWorker = null;
    }
  }
  let walked;
  const st = statSync3(root);
  if (st.isFile()) {
    const single = basename(root);
    root = dirname3(root);
    walked = walk2(root, { include: [single], gitignore: false });
  } else {
    walked = walk2(root, { include: opts.include, exclude: opts.exclude, gitignore: opts.gitignore });
  }
  const tWalk = Date.now();
  const skipped = [...walked.skipped];
  const loader = new FsModuleLoader();
  const ctx = { root, cat, loader };
  const queue = [];
  const candidates = [];
  const others = [];
  const results = [];
  const total = walked.files.length;
  let scanned = 0;
  let analysed = 0;
  const handle = (r) => {
    scanned++;
    if (opts.onProgress && scanned % 500 === 0) opts.onProgress(scanned, total, "scan");
    if (r.kind === "candidate") {
      const c = { ...r.file, text: r.text, size: r.size };
      candidates.push(c);
      queue.push(c);
    } else if (r.kind === "skipped") skipped.push(r.skipped);
    else if (r.kind === "imports") others.push({ file: r.file, imports: r.imports });
  };
  const analyseOne = (c) => {
    results.push(analyzeFile(c, c.text, ctx));
    analysed++;
    opts.onProgress?.(analysed, Math.max(analysed, candidates.length), "analyse");
  };
  const files = walked.files.map((f) => ({ ...f, config: configKind(f.rel) !== null }));
  const streaming = scanWorker !== null && files.length >= SCAN_WORKER_MIN_FILES;
  if (!streaming) scanWorker?.terminate();
  let scannedInWorker = false;
  let waited = 0;
  let mainScanned = 0;
  let lastResultAt = 0;
  let scanWorkerMs = 0;
  if (streaming) {
    let done = false;
    let failed = false;
    let wake = null;
    const worker = scanWorker.start(files, (r) => {
      lastResultAt = Date.now();
      if (r.kind === "none") return;
      handle(r);
      wake?.();
    });
    const scan = worker.done.then(
      () => {
        done = true;
        wake?.();
      },
      () => {
        failed = done = true;
        wake?.();
      }
    );
    const state = {};
    let ownScanned = 0;
    let filesLeft = true;
    for (; ; ) {
      const next = queue.shift();
      if (next) {
        analyseOne(next);
        await new Promise((r) => setImmediate(r));
        continue;
      }
      if (done) break;
      if (filesLeft) {
        for (let k = 0; k < 16; k++) {
          const i = worker.takeNext();
          if (i >= files.length) {
            filesLeft = false;
            break;
          }
          const r = scanFile(fs, files[i], cfg, state);
          ownScanned++;
          if (r.kind !== "none") handle(r);
          else scanned++;
        }
        await new Promise((r) => setImmediate(r));
        continue;
      }
      const w0 = Date.now();
      await new Promise((r) => wake = r);
      waited += Date.now() - w0;
      wake = null;
    }
    await scan;
    scanWorkerMs = Date.now() - tWalk;
    mainScanned = ownScanned;
    scannedInWorker = !failed;
    if (failed) {
      for (const list of [queue, candidates, others, results]) list.length = 0;
      skipped.length = walked.skipped.length;
      analysed = 0;
    }
  }
  if (!scannedInWorker) {
    const state = {};
    for (const f of files) handle(scanFile(fs, f, cfg, state));
  }
  for (let round = 0; round < 3 && others.length; round++) {
    const stems = new Set(candidates.filter((c) => isJs(c.language)).map((c) => stemOf(c.abs)));
    const byAbs = new Set(candidates.map((c) => c.abs));
    let added = 0;
    for (let i = others.length - 1; i >= 0; i--) {
      const o = others[i];
      const hit = o.imports.some((spec) => {
        if (!stems.has(stemOf(spec.replace(/\/$/, "")))) return false;
        const abs = loader.resolve(o.file.abs, spec);
        return !!abs && byAbs.has(abs);
      });
      if (!hit) continue;
      let text = "";
      try {
        text = readFileSync5(o.file.abs, "utf8");
      } catch {
      }
      const c = { ...o.file, text, size: text.length };
      candidates.push(c);
      queue.push(c);
      others.splice(i, 1);
      added++;
    }
    if (!added) break;
  }
  const tScan = Date.now();
  const bytes = queue.reduce((n, c) => n + c.size, 0);
  const jobs = opts.jobs ?? (bytes >= POOL_MIN_BYTES || queue.length >= POOL_MIN_FILES ? cores : 1);
  let analysisWorkers = 0;
  if (jobs > 1 && queue.length > 1) {
    const share = Math.floor(queue.length / jobs);
    const mine = queue.splice(0, share);
    const tasks = queue.splice(0).map((c) => ({ abs: c.abs, rel: c.rel, language: c.language }));
    const pool = runPool(tasks, Math.max(1, Math.min(jobs - 1, tasks.length)), root, opts.overlay, (d) => opts.onProgress?.(analysed + d, candidates.length, "analyse"));
    for (const c of mine) {
      analyseOne(c);
      await new Promise((r) => setImmediate(r));
    }
    try {
      results.push(...await pool);
      analysisWorkers = Math.max(1, Math.min(jobs - 1, tasks.length));
    } catch {
      const doneRel = new Set(results.map((r) => r.rel));
      for (const t of tasks) if (!doneRel.has(t.rel)) analyseOne(candidates.find((c) => c.rel === t.rel));
    }
  } else {
    for (const c of queue.splice(0)) analyseOne(c);
  }
  const order2 = new Map(walked.files.map((f, i) => [f.rel, i]));
  results.sort((a, b) => (order2.get(a.rel) ?? 0) - (order2.get(b.rel) ?? 0));
  skipped.sort((a, b) => a.file.localeCompare(b.file));
  const tAnalyse = Date.now();
  const report = buildReport(results, {
    root,
    cat,
    skipped,
    scanned: walked.files.length,
    candidates: candidates.length,
    files: walked.files,
    traffic: opts.traffic,
    t0
  });
  report.summary.phases = { walk: tWalk - t0, scan: tScan - tWalk, analyse: tAnalyse - tScan, merge: Date.now() - tAnalyse };
  if (scannedInWorker) Object.assign(report.summary.phases, { scanWorkerLastResult: lastResultAt - tWalk, mainWaited: waited, streamEnd: scanWorkerMs, mainScanned });
  report.summary.threads = { scanWorker: scannedInWorker, analysisWorkers };
  return report;
}
function startTsWorker(entry, workerData) {
  const api = import.meta.resolve("tsx/esm/api");
  const code = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker2(code, { eval: true, workerData });
}
function runPool(tasks, n, root, overlay, onProgress) {
  const chunks = Array.from({ length: n }, () => []);
  tasks.forEach((t, i) => chunks[i % n].push(t));
  const results = [];
  let done = 0;
  return new Promise((resolvePromise, reject) => {
    let finished = 0;
    let failed = false;
    for (const chunk of chunks) {
      const w = startTsWorker(new URL("./worker.ts", import.meta.url), { root, overlay, tasks: chunk });
      w.on("message", (msg) => {
        if ("done" in msg) return;
        results.push(msg);
        done++;
        onProgress?.(done, tasks.length, "analyse");
      });
      w.on("error", (e) => {
        if (!failed) {
          failed = true;
          reject(e);
        }
      });
      w.on("exit", () => {
        finished++;
        if (finished === chunks.length && !failed) {
          const order2 = new Map(tasks.map((t, i) => [t.rel, i]));
          results.sort((a, b) => (order2.get(a.rel) ?? 0) - (order2.get(b.rel) ?? 0));
          resolvePromise(results);
        }
      });
    }
  });
}
function findingKey(f) {
  return `${f.file}\0${f.line}\0${f.column}\0${f.kind}\0${f.rule}`;
}
function buildReport(results, input) {
  const skipped = [...input.skipped];
  const markers = [];
  const consumed = /* @__PURE__ */ new Set();
  let parsed = 0;
  for (const r of results) {
    if (r.skipped) skipped.push(r.skipped);
    markers.push(...r.markers);
    for (const c of r.consumed) consumed.add(c);
    if (r.parsed) parsed++;
  }
  const seen = /* @__PURE__ */ new Set();
  let findings = [];
  for (const r of results) {
    const dropped = /* @__PURE__ */ new Set();
    for (const u of r.urlParts) if (u.keys.some((k) => consumed.has(k))) dropped.add(u.index);
    r.findings.forEach((f, i) => {
      if (dropped.has(i)) return;
      const k = findingKey(f);
      if (seen.has(k)) return;
      seen.add(k);
      findings.push(f);
    });
  }
  const twins = [];
  const rels = new Set(input.files.map((f) => f.rel));
  const byFile = /* @__PURE__ */ new Map();
  for (const f of findings) {
    const list = byFile.get(f.file);
    if (list) list.push(f);
    else byFile.set(f.file, [f]);
  }
  const drop = /* @__PURE__ */ new Set();
  for (const gen of [...byFile.keys()].sort()) {
    if (!/\.(c|m)?jsx?$/.test(gen)) continue;
    const stem = gen.slice(0, -extname(gen).length);
    const source = [".ts", ".tsx", ".mts", ".cts"].map((e) => stem + e).find((s) => rels.has(s)) ?? sourceFromMap(input.root, gen, rels);
    if (!source) continue;
    twins.push({ source, generated: gen });
    const srcFindings = (byFile.get(source) ?? []).slice();
    for (const g of byFile.get(gen)) {
      const idx = srcFindings.findIndex((s) => s.kind === g.kind && s.rule === g.rule && s.method === g.method);
      if (idx >= 0) {
        const s = srcFindings.splice(idx, 1)[0];
        (s.twins ??= []).push(`${gen}:${g.line}`);
        drop.add(g);
      } else {
        g.generatedFrom = source;
      }
    }
  }
  findings = findings.filter((f) => !drop.has(f));
  const ignores = markers.filter((m) => m.type === "ignore");
  if (ignores.length) {
    for (const f of findings) {
      if (ignores.some((m) => m.file === f.file && (m.line === f.line || m.line === f.line - 1) && (m.rule === f.rule || m.rule === "*" || m.rule === f.family))) {
        f.ignored = true;
      }
    }
  }
  findings.sort((a, b) => a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column || a.kind.localeCompare(b.kind));
  skipped.sort((a, b) => a.file.localeCompare(b.file));
  markers.sort((a, b) => a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line);
  const summary = summarize(findings, markers, skipped, input, parsed);
  summary.twins = twins;
  if (input.traffic) summary.traffic = mergeTraffic(findings, readUsageLog(input.traffic, input.cat));
  summary.durationMs = Date.now() - input.t0;
  return { summary, findings, markers, skipped };
}
function sourceFromMap(root, gen, rels) {
  try {
    const text = readFileSync5(join3(root, gen), "utf8");
    const m = /\/\/[#@] sourceMappingURL=([^\s]+)\s*$/.exec(text);
    if (!m || m[1].startsWith("data:")) return void 0;
    const mapRel = join3(dirname3(gen), m[1]);
    const map = JSON.parse(readFileSync5(join3(root, mapRel), "utf8"));
    for (const s of map.sources ?? []) {
      const rel = join3(dirname3(mapRel), map.sourceRoot ?? "", s).split("\\").join("/");
      if (rels.has(rel)) return rel;
    }
  } catch {
    return void 0;
  }
  return void 0;
}
function summarize(findings, markers, skipped, input, parsed) {
  const counted = findings.filter((f) => !f.ignored && !f.inComment);
  const byKind = {};
  const byFidelity = { exact: 0, lossy: 0, manual: 0, none: 0 };
  const families = /* @__PURE__ */ new Map();
  const rules = /* @__PURE__ */ new Map();
  const files = /* @__PURE__ */ new Map();
  let autofix = 0;
  let creditDelta = 0;
  for (const f of counted) {
    byKind[f.kind] = (byKind[f.kind] ?? 0) + 1;
    if (f.fidelity) byFidelity[f.fidelity]++;
    if (f.autofix) autofix++;
    if (f.kind === "call" && f.costChange) creditDelta += f.costChange;
    let fam = families.get(f.family);
    if (!fam) {
      fam = { family: f.family, findings: 0, autofix: 0, byFidelity: { exact: 0, lossy: 0, manual: 0, none: 0 } };
      families.set(f.family, fam);
    }
    fam.findings++;
    if (f.autofix) fam.autofix++;
    if (f.fidelity) fam.byFidelity[f.fidelity]++;
    if (f.rule) {
      const r = rules.get(f.rule) ?? { rule: f.rule, findings: 0, fidelity: f.fidelity, autofix: true };
      r.findings++;
      if (f.fidelity && (!r.fidelity || ORDER2.indexOf(f.fidelity) > ORDER2.indexOf(r.fidelity))) r.fidelity = f.fidelity;
      if (!f.autofix) r.autofix = false;
      rules.set(f.rule, r);
    }
    const fs2 = files.get(f.file) ?? { file: f.file, findings: 0, autofix: 0, worst: null, manual: 0 };
    fs2.findings++;
    if (f.autofix) fs2.autofix++;
    else fs2.manual++;
    if (f.fidelity && (!fs2.worst || ORDER2.indexOf(f.fidelity) > ORDER2.indexOf(fs2.worst))) fs2.worst = f.fidelity;
    files.set(f.file, fs2);
  }
  const worstFiles = [...files.values()].sort(
    (a, b) => b.manual - a.manual || ORDER2.indexOf(b.worst ?? "exact") - ORDER2.indexOf(a.worst ?? "exact") || b.findings - a.findings || a.file.localeCompare(b.file)
  );
  return {
    tool: { name: "hdmigrate", version: VERSION, reportVersion: REPORT_VERSION },
    root: input.root,
    files: { scanned: input.scanned, candidates: input.candidates, parsed, withFindings: files.size, skipped: skipped.length },
    findings: counted.length,
    autofix,
    manual: counted.length - autofix,
    inComments: findings.filter((f) => f.inComment && !f.ignored).length,
    ignored: findings.filter((f) => f.ignored).length,
    byKind,
    byFidelity,
    byFamily: [...families.values()].sort((a, b) => b.findings - a.findings || a.family.localeCompare(b.family)),
    byRule: [...rules.values()].sort((a, b) => b.findings - a.findings || a.rule.localeCompare(b.rule)),
    worstFiles,
    markers: { todo: markers.filter((m) => m.type === "todo").length, ignore: markers.filter((m) => m.type === "ignore").length },
    creditDelta,
    twins: [],
    durationMs: 0
  };
}

// ../../tmp/prof/ra1.mts
var dir = readFileSync6("/tmp/prof/tree.txt", "utf8").trim();
for (let i = 0; i < 12; i++) await runAudit({ root: dir, jobs: 1 });
