/**
 * `xml` sites: code that parses an XML response (`xml2js.parseString`, `DOMParser.parseFromString`,
 * `new XMLParser().parse`, `responseXML`). v2 answers JSON only, so this parsing goes. Looked for
 * only in files whose v1 calls ask for `.xml`.
 */
import type { Analysis } from './analysis.ts';
import { calleeName } from './clients.ts';
import { EMPTY_FRAMES, unwrapExpr } from './evaluate.ts';

export const XML_RULE = 'transport.xml';

const XML_CALL = /(^|\.)(parseString|parseStringPromise|parseFromString|parseXML|parseXml|xml2js|xml2json|toJson)$/;

export function findXml(a: Analysis): void {
  if (!a.sites.some((s) => s.url?.format === 'xml')) return;
  for (const call of a.mod.nodes.calls) {
    if (call.type === 'NewExpression') continue;
    const name = calleeName(a.mod, unwrapExpr(call.callee));
    let hit = XML_CALL.test(name) || name === 'XmlService.parse';
    if (!hit && /(^|\.)parse$/.test(name)) {
      const callee = unwrapExpr(call.callee);
      if (callee.type === 'MemberExpression') {
        const r = a.ev.eval(a.mod, callee.object, EMPTY_FRAMES);
        hit = r.t === 'inst' && /XMLParser|Parser$/.test(r.of);
      }
    }
    if (!hit) continue;
    a.addSite(
      {
        kind: 'xml',
        span: a.span(call),
        file: a.mod.file,
        rule: XML_RULE,
        rules: [XML_RULE],
        method: null,
        methodSource: null,
        message: `parses an XML response (${name})`,
        fidelity: 'exact',
      },
      { node: call },
    );
  }
  for (const m of a.mod.nodes.members) {
    if (m.computed || m.property?.name !== 'responseXML') continue;
    a.addSite({
      kind: 'xml',
      span: a.span(m),
      file: a.mod.file,
      rule: XML_RULE,
      rules: [XML_RULE],
      method: null,
      methodSource: null,
      message: 'reads responseXML',
      fidelity: 'exact',
    });
  }
}
