/**
 * CoffeeScript through the JS/TS analysis: compiled with the `coffeescript` package (with its
 * source map), analysed as JavaScript, every site's spans mapped back to the `.coffee` source.
 */
import { createRequire } from 'node:module';
import { lineStartsOf } from '../../analysis/module.ts';
import type { Site, Span } from '../../analysis/types.ts';

const require = createRequire(import.meta.url);

interface SourceMap {
  /** generated [line, column] (0-based) → source [line, column], or undefined. */
  sourceLocation(pos: [number, number]): [number, number] | undefined;
}

interface CoffeeCompiler {
  compile(src: string, o: { sourceMap: true; bare: boolean; filename?: string }): { js: string; sourceMap: SourceMap };
}

let compiler: CoffeeCompiler | null = null;

export interface CompiledCoffee {
  js: string;
  /** Maps a span of the compiled JS to the CoffeeScript source. */
  toSource(span: Span): Span;
}

/** Compiles CoffeeScript; throws the compiler's error (with its location) when the source does not compile. */
export function compileCoffee(source: string, filename: string): CompiledCoffee {
  compiler ??= require('coffeescript') as CoffeeCompiler;
  const { js, sourceMap } = compiler.compile(source, { sourceMap: true, bare: true, filename });
  const coffeeStarts = lineStartsOf(source);
  const jsStarts = lineStartsOf(js);
  const at = (line0: number, col: number): { line: number; column: number } => {
    // the nearest mapped position at or before the column, else the line's first mapping
    for (let c = col; c >= 0; c--) {
      const loc = sourceMap.sourceLocation([line0, c]);
      if (loc) return { line: loc[0], column: loc[1] };
    }
    for (let c = col + 1; c < col + 200; c++) {
      const loc = sourceMap.sourceLocation([line0, c]);
      if (loc) return { line: loc[0], column: loc[1] };
    }
    return { line: 0, column: 0 };
  };
  const toSource = (span: Span): Span => {
    const a = at(span.line - 1, span.column);
    const sameLine = span.endLine === span.line;
    const b = sameLine ? { line: a.line, column: a.column + (span.endColumn - span.column) } : at(span.endLine - 1, span.endColumn);
    const lineLen = (l: number) => (coffeeStarts[l + 1] ?? source.length + 1) - (coffeeStarts[l] ?? 0) - 1;
    const endColumn = Math.min(b.column, Math.max(0, lineLen(b.line)));
    const start = (coffeeStarts[a.line] ?? 0) + a.column;
    const end = Math.max(start, (coffeeStarts[b.line] ?? 0) + endColumn);
    void jsStarts;
    return { start, end, line: a.line + 1, column: a.column, endLine: b.line + 1, endColumn };
  };
  return { js, toSource };
}

/** Moves every span of the sites from the compiled JS to the CoffeeScript file. */
export function mapSitesToCoffee(sites: Site[], compiled: CompiledCoffee, jsName: string, coffeeFile: string): Site[] {
  const map = (s: Span | undefined): Span | undefined => (s ? compiled.toSource(s) : s);
  const fix = (f: string) => (f === jsName ? coffeeFile : f);
  return sites.map((site) => {
    if (site.file !== jsName) return site;
    const out: Site = { ...site, file: coffeeFile, span: map(site.span)! };
    if (site.url) {
      out.url = {
        ...site.url,
        span: map(site.url.span)!,
        parts: site.url.parts.map((p) => (p.file === jsName ? { ...p, file: fix(p.file), span: map(p.span)! } : p)),
      };
    }
    if (site.call) out.call = { ...site.call, span: map(site.call.span)!, statement: map(site.call.statement)!, calleeSpan: map(site.call.calleeSpan)! };
    if (site.read) out.read = { ...site.read, fields: site.read.fields.map((f) => ({ ...f, span: map(f.span)! })) };
    if (site.wrapper) out.wrapper = { ...site.wrapper, keySpan: map(site.wrapper.keySpan)! };
    return out;
  });
}
