/** Small accessors the language tables share. */
import type { SyntaxNode } from './grammars.ts';

export const field = (n: SyntaxNode, f: string) => n.childForFieldName(f);
export const named = (n: SyntaxNode | null): SyntaxNode[] => (n ? n.namedChildren.filter((c) => !/comment/.test(c.type)) : []);
export const lastName = (text: string) => text.replace(/^.*(::|->|\.)/s, '').replace(/^[$@]+/, '');

export function binary(n: SyntaxNode, types: string[], ops: string[]): [SyntaxNode, SyntaxNode] | null {
  if (!types.includes(n.type)) return null;
  const left = field(n, 'left') ?? n.namedChild(0);
  const right = field(n, 'right') ?? n.namedChild(n.namedChildCount - 1);
  const op = field(n, 'operator')?.text ?? n.children.find((c) => !c.isNamed)?.text;
  return left && right && op && ops.includes(op) ? [left, right] : null;
}

export function operatorOf(n: SyntaxNode): string | undefined {
  return field(n, 'operator')?.text ?? n.children.find((c) => !c.isNamed)?.text;
}

