/**
 * Node scripts without an extension: `bin/www` of an Express generator, `bin/cli`, a cron job
 * started as `./sync`. They are JavaScript when they sit in a `bin/` folder or start with a
 * shebang that runs node; only their first bytes are read to tell.
 */
import { closeSync, openSync, readSync } from 'node:fs';

const SHEBANG_NODE = /^#!.*\b(node|nodejs|ts-node|tsx|deno|bun)\b/;

/** The language of an extensionless file: `javascript` for a Node script, otherwise null. */
export function scriptLanguage(abs: string, rel: string): 'javascript' | null {
  const name = rel.slice(rel.lastIndexOf('/') + 1);
  if (name.includes('.') || name === '') return null;
  const head = firstBytes(abs, 160);
  if (head === null || head.includes('\u0000')) return null;
  if (SHEBANG_NODE.test(head)) return 'javascript';
  if (head.startsWith('#!')) return null; // a shell or python script
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
