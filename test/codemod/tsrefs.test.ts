/**
 * The type pass's reference finder must give exactly what the language service's findReferences
 * gives, while asking the checker only where declarations do not settle a use.
 */
import { Node, Project, SyntaxKind, ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { LIB_FILE_NAME, LIB_TEXT } from '../../src/codemod/tslib.ts';
import { PropertyReferences } from '../../src/codemod/tsrefs.ts';

const FILES: Record<string, string> = {
  '/p/types.ts': `
export interface Ticket { display_id: number; subject: string; }
export interface WidgetTicket { display_id: number; }
export interface Urgent extends Ticket { display_id: number; level: number; }
export type Row = { ticket: Ticket };
`,
  '/p/api.ts': `
import { Ticket } from './types';
export async function fetchTicket(id: number): Promise<Ticket> { return { display_id: id, subject: '' }; }
export function chunk<T>(xs: T[], n: number): T[][] { return [xs.slice(0, n)]; }
export const first = (xs: Ticket[]): Ticket => xs[0]!;
`,
  '/p/use.ts': `
import { fetchTicket, chunk, first } from './api';
import type { Ticket, WidgetTicket, Urgent, Row } from './types';
export function label(t: Ticket): string { return String(t.display_id); }
export function widget(w: WidgetTicket): number { return w.display_id; }
export async function load(ids: number[]) {
  for (const batch of chunk(ids, 10)) {
    const tickets = await Promise.all(batch.map((id) => fetchTicket(id)));
    for (const t of tickets) console.log(t.display_id);
    const open = tickets.filter((t) => t.display_id > 1).map((t) => t.display_id);
    console.log(first(tickets).display_id, open);
  }
}
const seen = new Map<number, Ticket>();
export const again = (id: number) => seen.get(id)?.display_id;
export const made: Ticket = { display_id: 1, subject: 'x' };
export const { display_id: picked } = made;
export const urgent = (u: Urgent) => u.display_id;
export const row = (r: Row) => r.ticket.display_id;
export const byKey = (t: Ticket) => t['display_id'];
export const loose = (x: any) => x.display_id;
`,
};

function setup() {
  const project = new Project({ useInMemoryFileSystem: true, compilerOptions: { noLib: true, strict: true, target: ts.ScriptTarget.ES2020 } });
  project.createSourceFile(LIB_FILE_NAME, LIB_TEXT);
  for (const [f, text] of Object.entries(FILES)) project.createSourceFile(f, text);
  const decl = project.getSourceFileOrThrow('/p/types.ts').getInterfaceOrThrow('Ticket').getPropertyOrThrow('display_id');
  return { project, decl };
}

const where = (n: ts.Node) => `${n.getSourceFile().fileName}:${n.getStart()}`;

describe('PropertyReferences', () => {
  it('finds what findReferences finds, declarations first', () => {
    const { project, decl } = setup();
    const program = project.getProgram().compilerObject;
    const finder = new PropertyReferences(program);
    const files = program.getSourceFiles().filter((sf) => sf.fileName.startsWith('/p/'));
    const ours = finder.find(decl.compilerNode, files).map(where).sort();
    const nameNode = decl.getNameNode();
    if (!Node.isIdentifier(nameNode)) throw new Error('an identifier name');
    const theirs = nameNode
      .findReferencesAsNodes()
      .filter((n) => n.getSourceFile().getFilePath().startsWith('/p/') && n !== nameNode)
      .map((n) => where(n.compilerNode))
      .sort();
    expect(ours).toEqual(theirs);
    // label, widget, the for-of, both callbacks, first(), the Row read: settled by declarations;
    // the Map read, the literals, the destructuring, the override, the element access and the
    // `any` read went to the checker
    expect(finder.stats.declared).toBe(7);
    expect(finder.stats.checker).toBe(9);
  });

  it('never counts a same-named field of another type', () => {
    const { project, decl } = setup();
    const program = project.getProgram().compilerObject;
    const refs = new PropertyReferences(program).find(decl.compilerNode, program.getSourceFiles());
    const use = project.getSourceFileOrThrow('/p/use.ts');
    const widgetRead = use.getFunctionOrThrow('widget').getDescendantsOfKind(SyntaxKind.PropertyAccessExpression)[0]!;
    const anyRead = use.getVariableDeclarationOrThrow('loose').getDescendantsOfKind(SyntaxKind.PropertyAccessExpression)[0]!;
    const at = new Set(refs.map(where));
    expect(at.has(where(widgetRead.getNameNode().compilerNode))).toBe(false);
    expect(at.has(where(anyRead.getNameNode().compilerNode))).toBe(false);
    expect(Node.isPropertySignature(decl)).toBe(true);
  });
});
