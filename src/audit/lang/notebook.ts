/**
 * Jupyter notebooks (`.ipynb`): the code cells of a Python notebook, read as Python, and the
 * shell escapes in them (`!curl …`, a `%%bash` cell) read as shell, each at the notebook's own
 * line. A notebook is JSON whose code cells hold their source as an array of lines
 * (`"source": ["import requests\n", …]`); Jupyter writes one element a line, so each code line is
 * put on the line of its element and every other line is blank. The three texts returned have
 * the same lines and the same offsets, so a finding of either audit is a finding of the file.
 * (A notebook written compactly, several elements a line, keeps each cell's code in order from
 * the cell's first line: lines are then approximate.)
 */

import { lineStartsOf, positionOf } from '../../analysis/module.ts';

export interface NotebookSources {
  /** Python and shell lines together: the text findings, snippets and markers are read from. */
  text: string;
  /** The Python of the code cells, shell lines blank. */
  python: string;
  /** The shell escapes (`!cmd` without its `!`, `%%bash` cells), every other line blank. */
  shell: string;
  /** The notebook's line (1-based) of each line of `text` (0-based): a compact notebook's code has more lines than the file. */
  fileLine: number[];
}

interface Cell {
  cell_type?: string;
  source?: string | string[];
}

/** The code of a notebook by kind, at the notebook's lines; null when the text is no Python notebook. */
export function notebookSources(raw: string): NotebookSources | null {
  let nb: { cells?: Cell[]; metadata?: { kernelspec?: { language?: string }; language_info?: { name?: string } } };
  try {
    nb = JSON.parse(raw);
  } catch {
    return null;
  }
  const cells = Array.isArray(nb?.cells) ? nb.cells : null;
  if (!cells) return null;
  const language = nb.metadata?.language_info?.name ?? nb.metadata?.kernelspec?.language;
  if (language && !/^python/i.test(language)) return null;
  // the `"source":` keys of the raw text, one per cell, in order (an escaped quote in a string is `\"`)
  const keys = [...raw.matchAll(/(?<!\\)"source"\s*:\s*/g)].map((m) => m.index! + m[0].length);
  if (keys.length !== cells.length) return null;
  const lineStarts = lineStartsOf(raw);
  // (0-based line of an offset)
  const lineAt = (offset: number) => positionOf({ lineStarts }, offset).line - 1;
  const n = lineStarts.length;
  const py: string[] = new Array(n).fill('');
  const sh: string[] = new Array(n).fill('');
  const used = new Set<number>();
  const origin: number[] = Array.from({ length: n }, (_, i) => i);
  cells.forEach((cell, k) => {
    if (cell?.cell_type !== 'code') return;
    const elements = sourceElements(raw, keys[k]!);
    if (!elements.length) return;
    const code = elements.map((e) => e.value).join('');
    const lines = code.replace(/\n$/, '').split('\n');
    // one element a line, each on its own line of the file: in place; else in order from the first
    const inPlace = elements.length === lines.length && new Set(elements.map((e) => lineAt(e.at))).size === elements.length;
    let cursor = lineAt(elements[0]!.at);
    const shellCell = /^%%(bash|sh|script\s+(ba)?sh)\b/.test(lines[0] ?? '');
    lines.forEach((line, i) => {
      let at = inPlace ? lineAt(elements[i]!.at) : cursor;
      while (!inPlace && used.has(at)) at++;
      while (py.length <= at) {
        py.push('');
        sh.push('');
        origin.push(lineAt(elements[0]!.at));
      }
      // (not in place: the line of the element the code line comes from, at best the cell's first)
      if (!inPlace) origin[at] = lineAt(elements[Math.min(i, elements.length - 1)]!.at);
      used.add(at);
      cursor = at + 1;
      if (shellCell) {
        if (i > 0) sh[at] = line;
        return;
      }
      // `!curl …` (IPython's shell escape), also `x = !curl …`; `%magic` lines are neither
      const bang = /^(\s*)(?:[A-Za-z_]\w*\s*=\s*)?!(.*)$/.exec(line);
      if (bang) sh[at] = bang[1] + bang[2]!;
      else if (/^\s*%/.test(line)) return;
      else py[at] = line;
    });
  });
  // the same length a line in all three texts: the blank side is spaces
  const text: string[] = [];
  const python: string[] = [];
  const shell: string[] = [];
  for (let i = 0; i < py.length; i++) {
    const p = py[i] ?? '';
    const s = sh[i] ?? '';
    const line = p || s;
    text.push(line);
    python.push(p ? p : ' '.repeat(line.length));
    shell.push(s ? s : ' '.repeat(line.length));
  }
  return { text: text.join('\n'), python: python.join('\n'), shell: shell.join('\n'), fileLine: origin.map((l) => Math.min(l, n - 1) + 1) };
}

/** The strings of a `source` value at `from`: an array's elements or one string, with their offsets. */
function sourceElements(raw: string, from: number): Array<{ at: number; value: string }> {
  const out: Array<{ at: number; value: string }> = [];
  let i = from;
  const readString = (): boolean => {
    if (raw[i] !== '"') return false;
    let j = i + 1;
    while (j < raw.length && raw[j] !== '"') j += raw[j] === '\\' ? 2 : 1;
    try {
      out.push({ at: i, value: JSON.parse(raw.slice(i, j + 1)) as string });
    } catch {
      return false;
    }
    i = j + 1;
    return true;
  };
  if (raw[i] === '"') {
    readString();
    return out;
  }
  if (raw[i] !== '[') return out;
  i++;
  for (;;) {
    while (i < raw.length && /[\s,]/.test(raw[i]!)) i++;
    if (raw[i] !== '"' || !readString()) break;
  }
  return out;
}
