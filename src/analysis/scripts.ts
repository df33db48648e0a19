/**
 * Node scripts without an extension: `bin/www` of an Express generator, `bin/cli`, a cron job
 * started as `./sync`. They are JavaScript when they sit in a `bin/` folder or start with a
 * shebang that runs node, shell when their shebang runs a shell (`bin/fd-export`, `#!/bin/bash`);
 * only their first bytes are read to tell.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { extname } from 'node:path';

/** Extensions of the sources `hdmigrate codemod` rewrites (JavaScript and TypeScript). */
export const REWRITTEN_EXTENSIONS: ReadonlySet<string> = new Set(['.js', '.mjs', '.cjs', '.jsx', '.ts', '.mts', '.cts', '.tsx']);

/**
 * Does `hdmigrate codemod` rewrite this file? JS/TS sources by extension and Node scripts without
 * one; HTML pages, CoffeeScript, VB.NET and the other languages the audit reads are left to a human.
 * The one answer both tools give (an audit finding is auto-fixable only where the codemod edits).
 */
export function rewrittenByCodemod(rel: string, language: string): boolean {
  const ext = extname(rel).toLowerCase();
  return ext === '' ? language === 'javascript' : REWRITTEN_EXTENSIONS.has(ext);
}

const SHEBANG_NODE = /^#!.*\b(node|nodejs|ts-node|tsx|deno|bun)\b/;
/** `#!/bin/sh`, `#!/bin/bash -e`, `#!/usr/bin/env bash`, `#!/usr/bin/env -S zsh -f`, `#!/usr/local/bin/dash`. */
const SHEBANG_SHELL = /^#![ \t]*(?:\S*\/)?(?:env[ \t]+(?:-\S*[ \t]+)*)?(?:\S*\/)?(?:ba|z|k|da|a|mk)?sh(?=[ \t\r\n]|$)/;

/** `#!/usr/bin/env python3`, `#!/usr/bin/ruby -w`, `#!/usr/bin/env -S php -q`: the interpreter's language. */
const SHEBANG_OTHER = /^#![ \t]*(?:\S*\/)?(?:env[ \t]+(?:-\S*[ \t]+)*)?(?:\S*\/)?(python|ruby|php)[\d.]*(?=[ \t\r\n]|$)/;

/** The language of an extensionless file: `javascript` for a Node script, `shell` for a shell one, python/ruby/php by their shebang, otherwise null. */
export function scriptLanguage(abs: string, rel: string): 'javascript' | 'shell' | 'python' | 'ruby' | 'php' | null {
  const name = rel.slice(rel.lastIndexOf('/') + 1);
  if (name.includes('.') || name === '') return null;
  const head = firstBytes(abs, 160);
  if (head === null || head.includes('\u0000')) return null;
  if (SHEBANG_NODE.test(head)) return 'javascript';
  if (SHEBANG_SHELL.test(head)) return 'shell';
  const other = SHEBANG_OTHER.exec(head);
  if (other) return other[1] as 'python' | 'ruby' | 'php';
  if (head.startsWith('#!')) return null; // a perl, fish … script
  // `bin/www` and friends: Node code by convention (require/import/var at the top)
  if (/(^|\/)bin\/[^/]+$/.test(rel) && /^\s*(\/\/|\/\*|'use strict'|"use strict"|var |const |let |import |require\(|module\.exports)/.test(head)) return 'javascript';
  return null;
}

function firstBytes(abs: string, n: number): string | null {
  let fd: number | undefined;
  try {
    fd = openSync(abs, 'r');
    const buf = Buffer.alloc(n);
    const len = readSync(fd, buf, 0, n, 0);
    return buf.subarray(0, len).toString('latin1');
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
