/**
 * Modules of the project being migrated: parsed on demand (once), with their scopes, so constants,
 * helpers and response flows can be followed across relative imports.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { importCandidates } from '../analysis/module.ts';
import { ParsedFile, parserFor } from './parse.ts';
import { moduleOf, type Module, type ModuleLoader } from './pieces.ts';

/** Where sources come from: the disk, or a map (tests, editors). */
export interface SourceProvider {
  read(file: string): string | null;
}

export const diskSources: SourceProvider = {
  read(file) {
    try {
      if (!statSync(file).isFile()) return null;
      return readFileSync(file, 'utf8');
    } catch {
      return null;
    }
  },
};

export function mapSources(files: Map<string, string>, fallback?: SourceProvider): SourceProvider {
  return {
    read(file) {
      const hit = files.get(path.resolve(file));
      if (hit !== undefined) return hit;
      return fallback ? fallback.read(file) : null;
    },
  };
}

export class Modules implements ModuleLoader {
  private readonly cache = new Map<string, Module | null>();
  /** Files that failed to parse (reported by whoever asked for them as a site file). */
  readonly failures = new Map<string, string>();

  private readonly texts = new Map<string, string | null>();

  constructor(readonly sources: SourceProvider = diskSources) {}

  /** The text of a file (cached). */
  read(file: string): string | null {
    const abs = path.resolve(file);
    if (!this.texts.has(abs)) this.texts.set(abs, this.sources.read(abs));
    return this.texts.get(abs)!;
  }

  /** The module of a file (absolute path), or null when it cannot be read or parsed. */
  get(file: string): Module | null {
    const abs = path.resolve(file);
    if (this.cache.has(abs)) return this.cache.get(abs)!;
    let mod: Module | null = null;
    const source = this.read(abs);
    if (source !== null && parserFor(abs)) {
      try {
        const pf = ParsedFile.parse(abs, source);
        mod = moduleOf(pf);
      } catch (e) {
        this.failures.set(abs, (e as Error).message);
        mod = null;
      }
    }
    this.cache.set(abs, mod);
    return mod;
  }

  /** Registers an already parsed module (the file being transformed). */
  put(mod: Module): void {
    this.cache.set(path.resolve(mod.pf.file), mod);
    this.texts.set(path.resolve(mod.pf.file), mod.pf.source);
  }

  resolve(fromFile: string, specifier: string): string | null {
    for (const c of importCandidates(path.resolve(fromFile), specifier)) {
      if (!parserFor(c)) continue;
      if (this.read(c) !== null) return c;
    }
    return null;
  }

  load(fromFile: string, specifier: string): Module | null {
    const file = this.resolve(fromFile, specifier);
    return file ? this.get(file) : null;
  }
}
