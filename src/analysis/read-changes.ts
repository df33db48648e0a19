/**
 * What a v1 response read hits in its rule's response: the wrapper v2 drops and the fields that
 * change. Pure; shared by the JS read finder and the pattern scanner of other languages.
 */
import { worstFidelity, type FieldMapping, type Rule } from '../catalogue/index.ts';
import { readMappings } from './catalogue-facts.ts';

export interface ReadChange {
  v1: string;
  v2: string | null;
  reason?: string;
  fidelity: FieldMapping['fidelity'];
  /** Index in the chain of the key this change is about. */
  index: number;
}

/** One change a read meets, said for a marker: `display_id is id in v2`, `helpdesk_ticket: v2 is not wrapped`. */
export function readChangeText(c: { v1: string; v2: string | null; reason?: string }): string {
  if (c.v2 !== null && c.v2 === c.v1) return `${c.v1} changes in v2${c.reason ? `: ${c.reason}` : ''}`;
  if (c.v2 !== null) return `${c.v1} is ${c.v2} in v2`;
  if (c.reason?.includes('not wrapped')) return `${c.v1}: ${c.reason} (drop .${c.v1} from the read)`;
  return `${c.v1} has no v2 field${c.reason ? ` (${c.reason})` : ''}`;
}

export function worstOf(list: FieldMapping['fidelity'][]): FieldMapping['fidelity'] {
  return worstFidelity(list);
}

/**
 * What a v1 response read (chain after the transport) hits in the rule's response: the wrapper
 * (v2 has none) and fields that change. The chain uses `[]` for array indexes.
 */
export function readChanges(rule: Rule, chain: string[]): ReadChange[] {
  const spec = rule.response;
  if (!spec) return [];
  const out: ReadChange[] = [];
  let i = 0;
  if (spec.shape === 'list' || spec.shape === 'list-wrapped' || spec.shape === 'summary-list') {
    if (chain[0] !== '[]') return [];
    i = 1;
  }
  if (spec.wrapper && spec.shape !== 'list') {
    if (chain[i] === spec.wrapper) {
      out.push({ v1: spec.wrapper, v2: null, reason: `v2 answers the ${spec.wrapper} object itself, not wrapped`, fidelity: 'exact', index: i });
      i++;
    } else if (spec.shape !== 'object') {
      return [];
    }
  }
  // path string of the rest with `[]` attached: notes[].note.body_html
  const rest = chain.slice(i);
  const segs: Array<{ text: string; index: number }> = [];
  rest.forEach((k, j) => {
    if (k === '[]' && segs.length) segs[segs.length - 1]!.text += '[]';
    else segs.push({ text: k, index: i + j });
  });
  const maps = readMappings(rule);
  for (let n = 1; n <= segs.length; n++) {
    const path = segs
      .slice(0, n)
      .map((s) => s.text)
      .join('.');
    const bare = path.replace(/\[\]$/, '');
    for (const m of maps) {
      if (m.v1 === path || m.v1 === bare) {
        out.push({ v1: m.v1, v2: m.v2, reason: m.reason, fidelity: m.fidelity, index: segs[n - 1]!.index });
      }
    }
  }
  return out;
}
