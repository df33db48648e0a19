/**
 * What a v1 response read hits in its rule's response: the wrapper v2 drops and the fields that
 * change. Pure; shared by the JS read finder and the pattern scanner of other languages.
 */
import { reshapesValue, worstFidelity, type FieldMapping, type Overlay, type Rule } from '../catalogue/index.ts';
import { convertKey } from '../catalogue/converters.ts';
import { readMappings } from './catalogue-facts.ts';

export interface ReadChange {
  v1: string;
  v2: string | null;
  reason?: string;
  fidelity: FieldMapping['fidelity'];
  /** v2 sends the value in another form (decimal hours → "hh:mm"), said in `reason`. */
  reshaped?: boolean;
  /** Index in the chain of the key this change is about. */
  index: number;
}

/** One change a read meets, said for a marker: `display_id is id in v2`, `helpdesk_ticket: v2 is not wrapped`. */
export function readChangeText(c: { v1: string; v2: string | null; reason?: string; reshaped?: boolean }): string {
  if (c.v2 !== null && c.v2 === c.v1) return `${c.v1} changes in v2${c.reason ? `: ${c.reason}` : ''}`;
  // (a renamed field whose value changes form too: following the rename alone reads it wrong)
  if (c.v2 !== null) return `${c.v1} is ${c.v2} in v2${c.reshaped && c.reason ? `, and its value changes: ${c.reason}` : ''}`;
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
export function readChanges(rule: Rule, chain: string[], overlay: Overlay = {}): ReadChange[] {
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
        out.push({ v1: m.v1, v2: m.v2, reason: m.reason, fidelity: m.fidelity, index: segs[n - 1]!.index, ...(reshapesValue(m) ? { reshaped: true } : {}) });
        // a key read inside an object whose keys v2 renames (`custom_field.cf_region_4711`)
        const key = segs[n];
        if (m.keys && m.v2 && path.endsWith('[]')) {
          // a computed key (`custom_field[name + '_318502']`): its v2 name is not known here
          out.push({ v1: `${m.v1}[]`, v2: `${m.v2}[]`, reason: m.reason ?? m.keys, fidelity: 'manual', index: segs[n - 1]!.index + 1 });
        } else if (m.keys && m.v2 && key && !key.text.endsWith('[]')) {
          const k = convertKey(m.keys, key.text, overlay, m.v2);
          if (k.value !== key.text || k.issues.length) {
            out.push({ v1: `${m.v1}.${key.text}`, v2: `${m.v2}.${k.value}`, reason: k.issues[0]?.message ?? m.reason, fidelity: k.issues.length ? 'lossy' : 'exact', index: key.index });
          }
        }
      }
    }
  }
  return out;
}

export function isTypeScriptFile(file: string): boolean {
  return /\.[cm]?tsx?$/.test(file);
}

/**
 * A field v2 keeps under a host object of another name at the same depth (`user.email` →
 * `contact.email`): in TypeScript the codemod leaves such reads to a human, since the declared
 * type of the answer (`{ user: { email: string } }`) keeps the v1 host and tsc would fail.
 */
export function movesToRenamedHost(c: { v1: string; v2: string | null }): boolean {
  const up = (p: string) => (p.includes('.') ? p.slice(0, p.lastIndexOf('.')) : '');
  const v1 = c.v1.replace(/\[\]/g, '');
  const v2 = c.v2?.replace(/\[\]/g, '');
  return !!v2 && up(v1) !== '' && up(v2) !== '' && up(v1) !== up(v2) && up(up(v1)) === up(up(v2));
}

/** The changes as the codemod can make them in this file (see movesToRenamedHost). */
export function readChangesIn(file: string, changes: ReadChange[]): ReadChange[] {
  if (!isTypeScriptFile(file)) return changes;
  return changes.map((c) => (movesToRenamedHost(c) ? { ...c, fidelity: 'manual', reason: `${c.v1} is ${c.v2} in v2: rename the host object in the reads and in the declared type (TypeScript)` } : c));
}
