import { describe, expect, it } from 'vitest';
import { handsOn } from '../../src/analysis/hands-on.ts';

// Each text imports './contacts'; does it hand that module's functions on to its own importers?
const handed: Array<[string, string]> = [
  ['a CommonJS re-export', `module.exports = require('./contacts');`],
  ['a re-export whose path a comment also names', `/**\n * Implementation lives in './contacts'.\n */\nmodule.exports = require('./contacts');`],
  ['a required module exported by its name', `const contacts = require('./contacts');\nmodule.exports = contacts;`],
  ['destructured, then exported in an object', `const { getContact } = require('./contacts');\nmodule.exports = { getContact };`],
  ['a multi-line export object', `const { getContact, listContacts } = require('./contacts');\nmodule.exports = {\n  listContacts,\n  getContact,\n};`],
  ['Object.assign onto module.exports', `Object.assign(module.exports, require('./contacts'));`],
  ['a spread of the required module', `module.exports = { ...require('./contacts'), ...require('./groups') };`],
  ['one export taken from the required module', `exports.getContact = require('./contacts').getContact;`],
  ['a member of a bound module, exported as a value', `const contacts = require('./contacts');\nmodule.exports = { getContact: contacts.getContact };`],
  ['a module used here and exported too', `const contacts = require('./contacts');\nasync function greet(id) {\n  const c = await contacts.getContact(id);\n  console.log(c.user.name);\n}\nmodule.exports = contacts;\nmodule.exports.greet = greet;`],
  ['export * from', `export * from './contacts';`],
  ['export * as from', `export * as contacts from './contacts';`],
  ['export { … } from, beside an import of the same module', `import { getContact } from './contacts';\nexport { getContact } from './contacts';\nexport async function show(id) {\n  return (await getContact(id)).name;\n}`],
  ['a namespace import exported', `import * as api from './contacts';\nexport { api };`],
  ['import = require, export =', `import api = require('./contacts');\nexport = api;`],
  ['a named import exported again', `import { getContact as get } from './contacts';\nexport { get };`],
  ['a default import exported as default', `import contacts from './contacts';\nexport default contacts;`],
  ['a named import in an exported object', `import { getContact } from './contacts';\nexport const api = { getContact };`],
  ['a spread of a bound module', `const c = require('./contacts');\nmodule.exports = { ...c, version: '2' };`],
  ['an alias of a bound module', `const c = require('./contacts');\nconst api = c;\nmodule.exports = api;`],
  ['a bound module set on a global', `const c = require('./contacts');\nconst api = c;\nglobal.api = { ...api };`],
  ['a namespace set on window, nothing exported', `import * as api from './contacts';\nwindow.helpdeskApi = api;`],
  ['a global set by a computed key', `const c = require('./contacts');\nglobalThis['fd'] = c;`],
  ['Object.assign onto window', `import { getContact } from './contacts';\nObject.assign(window, { getContact });`],
  ['a member called through .call, its answer returned', `const c = require('./contacts');\nexports.get = (id) => c.getContact.call(null, id);`],
  ['a named import through .apply', `import { getContact } from './contacts';\nexport const get = (...a) => getContact.apply(null, a);`],
  ["TypeScript's compiled export *", `"use strict";\nObject.defineProperty(exports, "__esModule", { value: true });\n__exportStar(require("./contacts"), exports);`],
  ["TypeScript's compiled re-export", `const contacts_1 = require("./contacts");\nObject.defineProperty(exports, "getContact", { enumerable: true, get: function () { return contacts_1.getContact; } });`],
  ['a default import through __importDefault, exported', `const contacts_1 = __importDefault(require("./contacts"));\nexports.default = contacts_1.default;`],
  ['an exported loader that imports it at run time', `export async function load() {\n  const m = await import('./contacts');\n  return m.default;\n}`],
  ['a class that holds it in a static field', `const contacts = require('./contacts');\nclass Api { static contacts = contacts; }\nmodule.exports = Api;`],
  ['a bound function handed to another function', `const { getContact } = require('./contacts');\nmodule.exports = { getContact: memoize(getContact) };`],
];

const used: Array<[string, string]> = [
  ['called, nothing exported', `const api = require('./contacts');\napi.getContact(1).then((c) => console.log(c.name));`],
  ['called inside an exported function', `const api = require('./contacts');\nmodule.exports = function handler(req, res) {\n  return api.getContact(req.params.id);\n};`],
  ['called in an exported arrow', `const api = require('./contacts');\nmodule.exports = { show: (id) => api.getContact(id) };`],
  ['an ESM function that calls the import', `import { getContact } from './contacts';\nexport async function show(id) {\n  const c = await getContact(id);\n  return c.name;\n}`],
  ['the path named in a comment, other things exported', `// the helpdesk calls live in './contacts'\nconst api = require('./contacts');\nfunction run() { return api.getContact(1); }\nmodule.exports = { run };`],
  ['a name only in a comment of the export', `const contacts = require('./contacts');\nmodule.exports = { run /* not contacts */ };\nfunction run() { return contacts.getContact(1); }`],
  ['another module re-exported', `const contacts = require('./contacts');\nmodule.exports = require('./groups');\ncontacts.getContact(1);`],
  ['only a type re-exported', `export type { Contact } from './contacts';\nexport const VERSION = '1.0';`],
  ['a type-only import, exported', `import type { Contact } from './contacts';\nexport type Row = Contact;`],
  ['a module that exports nothing', `const c = require('./contacts');\nconst api = c;\nconsole.log(Object.keys({ ...api }));`],
  ['a global only compared', `const c = require('./contacts');\nif (window.api === undefined) c.getContact(1);`],
  ['its type asked', `import { fetchTicket } from './contacts';\nconst seen = new Map<number, Awaited<ReturnType<typeof fetchTicket>>>();\nexport async function board(id) {\n  seen.set(id, await fetchTicket(id));\n}`],
  ['a method called with optional chaining', `import * as api from './contacts';\nexport async function show(id) {\n  return (await api?.getContact?.(id)).name;\n}`],
];

describe('handsOn', () => {
  for (const [name, text] of handed) it(`hands on: ${name}`, () => expect(handsOn(text, './contacts')).toBe(true));
  for (const [name, text] of used) it(`uses only: ${name}`, () => expect(handsOn(text, './contacts')).toBe(false));
  it('is false for a file that does not import the module', () => expect(handsOn(`module.exports = require('./groups');`, './contacts')).toBe(false));
});
