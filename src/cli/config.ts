/**
 * Project defaults: `hdmigrate.config.json` in the current folder, for options repeated on every run.
 *
 *   { "overlay": "hdmigrate.overlay.json", "exclude": ["legacy/**"],
 *     "audit": { "failOn": ["manual"], "format": "sarif", "out": "hdmigrate.sarif" },
 *     "codemod": { "types": false } }
 *
 * Top-level keys apply to every command that has that option; a section named after a command
 * applies to it alone. Keys are the long option names in camelCase (`--fail-on` → `failOn`,
 * `--no-gitignore` → `gitignore: false`). The command line wins over the file, the file over the
 * built-in defaults; relative paths in the file are relative to the file's folder.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import type { Command, Option } from 'commander';
import { UsageError } from './errors.ts';
import { didYouMean } from './suggest.ts';

export const CONFIG_FILE = 'hdmigrate.config.json';
/** Options whose value is a path, resolved against the config file's folder. */
const PATH_OPTIONS = new Set(['overlay', 'traffic', 'out', 'data']);

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

export function readConfig(cwd = process.cwd()): { file: string; data: Record<string, Json> } | undefined {
  const file = resolve(cwd, CONFIG_FILE);
  if (!existsSync(file)) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new UsageError(`${CONFIG_FILE}: not valid JSON (${(e as Error).message})`);
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new UsageError(`${CONFIG_FILE}: expected a JSON object`);
  return { file, data: data as Record<string, Json> };
}

/** Fills options the user did not give on the command line from the config file. */
export function applyConfig(command: Command, cwd = process.cwd()): void {
  const config = readConfig(cwd);
  if (!config) return;
  const name = command.name();
  // sections are named after the program's commands, whatever commands it has
  const commands = new Set((command.parent?.commands ?? []).map((c) => c.name()));
  const byKey = new Map(command.options.map((o: Option) => [o.attributeName(), o]));
  const apply = (key: string, value: Json, where: string, strict: boolean) => {
    const option = byKey.get(key);
    if (!option) {
      if (strict) throw new UsageError(`${CONFIG_FILE}: ${where}${key} is not an option of hdmigrate ${name}${didYouMean(key, byKey.keys())}`);
      return;
    }
    const source = command.getOptionValueSource(key);
    if (source === 'cli' || source === 'env') return;
    command.setOptionValueWithSource(key, convert(option, value, `${where}${key}`, config.file), 'config');
  };
  for (const [key, value] of Object.entries(config.data)) {
    if (commands.has(key)) continue;
    if (key === '$schema') continue;
    apply(key, value, '', false);
  }
  const section = config.data[name];
  if (section !== undefined) {
    if (!section || typeof section !== 'object' || Array.isArray(section)) throw new UsageError(`${CONFIG_FILE}: "${name}" must be an object of options`);
    for (const [key, value] of Object.entries(section)) apply(key, value, `${name}.`, true);
  }
}

function convert(option: Option, value: Json, where: string, file: string): unknown {
  const bad = (why: string) => new UsageError(`${CONFIG_FILE}: ${where}: ${why}`);
  const parse = (v: Json, prev: unknown): unknown => {
    if (typeof v === 'object' && v !== null) throw bad('expected a string, number or boolean');
    let text = String(v);
    if (PATH_OPTIONS.has(option.attributeName()) && typeof v === 'string' && !isAbsolute(v)) text = resolve(dirname(file), v);
    if (option.argChoices && !option.argChoices.includes(text)) throw bad(`"${text}" is not one of ${option.argChoices.join(', ')}`);
    if (!option.parseArg) return text;
    try {
      return option.parseArg(text, prev as never);
    } catch (e) {
      throw bad((e as Error).message);
    }
  };
  if (option.isBoolean() || option.negate) {
    if (typeof value !== 'boolean') throw bad('expected true or false');
    return value;
  }
  if (Array.isArray(value)) {
    let acc: unknown = undefined;
    for (const v of value) acc = parse(v, acc);
    return acc;
  }
  return parse(value, undefined);
}
