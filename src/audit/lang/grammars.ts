/**
 * tree-sitter grammars for the languages audited by syntax tree: web-tree-sitter's WebAssembly
 * runtime and the prebuilt grammars of `tree-sitter-wasms` (both plain npm packages: no native
 * build, nothing fetched at run time). Each grammar is loaded on first need, once per thread.
 *
 * Versions go together: `tree-sitter-wasms` 0.1.13 grammars are built by tree-sitter-cli 0.20 and
 * load in web-tree-sitter 0.22.x only (0.25+ rejects their dylink section); test/audit/lang checks
 * that every grammar loads.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Language } from '../model.ts';
import type ParserType from 'web-tree-sitter';

const require = createRequire(import.meta.url);
const Parser = require('web-tree-sitter') as typeof ParserType;

export type SyntaxNode = ParserType.SyntaxNode;
export type Tree = ParserType.Tree;

/** Languages parsed by tree-sitter, and the grammar file of each. */
export const GRAMMAR_FILES: Partial<Record<Language, string>> = {
  python: 'tree-sitter-python.wasm',
  php: 'tree-sitter-php.wasm',
  ruby: 'tree-sitter-ruby.wasm',
  csharp: 'tree-sitter-c_sharp.wasm',
  java: 'tree-sitter-java.wasm',
  kotlin: 'tree-sitter-kotlin.wasm',
  go: 'tree-sitter-go.wasm',
  shell: 'tree-sitter-bash.wasm',
};

export function hasGrammar(lang: Language): boolean {
  return GRAMMAR_FILES[lang] !== undefined;
}

let runtime: Promise<void> | null = null;
const loading = new Map<Language, Promise<ParserType.Language | null>>();
const parsers = new Map<Language, ParserType>();
const failures = new Map<Language, string>();
const languages = new Map<Language, ParserType.Language>();

function grammarPath(file: string): string {
  return join(dirname(require.resolve('tree-sitter-wasms/package.json')), 'out', file);
}

/** Loads the grammar of `lang` (once); resolves to false when it cannot be loaded (the audit falls back to patterns). */
export function loadGrammar(lang: Language): Promise<boolean> {
  const file = GRAMMAR_FILES[lang];
  if (!file) return Promise.resolve(false);
  if (parsers.has(lang)) return Promise.resolve(true);
  let p = loading.get(lang);
  if (!p) {
    runtime ??= Parser.init();
    p = runtime
      .then(() => Parser.Language.load(grammarPath(file)))
      .then(
        (language) => {
          const parser = new Parser();
          parser.setLanguage(language);
          parsers.set(lang, parser);
          languages.set(lang, language);
          return language;
        },
        (e: unknown) => {
          failures.set(lang, e instanceof Error ? e.message || e.name : String(e));
          return null;
        },
      );
    loading.set(lang, p);
  }
  return p.then((l) => l !== null);
}

/** The parser of a loaded grammar (null before `loadGrammar` resolved, or when it failed). */
export function parserFor(lang: Language): ParserType | null {
  return parsers.get(lang) ?? null;
}

/** A fresh parser for `lang`, after a parse that threw (its state is not to be trusted afterwards). */
export function resetParser(lang: Language): void {
  const language = languages.get(lang);
  if (!language) return;
  try {
    parsers.get(lang)?.delete();
  } catch {
    // (the old parser may be past deleting: it is dropped all the same)
  }
  const parser = new Parser();
  parser.setLanguage(language);
  parsers.set(lang, parser);
}

export function grammarFailure(lang: Language): string | undefined {
  return failures.get(lang);
}
