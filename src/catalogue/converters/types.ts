/** The converter contract: a v1 → v2 function, its v2 → v1 inverse, and whether the pair is exact. */
import type { Issue, MessageKind, Overlay } from '../types.ts';

export interface ConvertContext {
  overlay: Overlay;
  kind: MessageKind;
  /** Path of the value being converted, for messages. */
  path: string;
  /** The whole document being translated (`{ params, query, body }` for requests). */
  root?: Record<string, unknown>;
  report(fidelity: Issue['fidelity'], message: string): void;
}

export interface Converter {
  description: string;
  /** backward(forward(x)) gives x back for every x forward carries without reporting. */
  exact: boolean;
  forward(value: unknown, ctx: ConvertContext): unknown;
  backward(value: unknown, ctx: ConvertContext): unknown;
}

export interface KeyConverter {
  description: string;
  exact: boolean;
  forward(key: string, ctx: ConvertContext): string;
  backward(key: string, ctx: ConvertContext): string;
}

export const isBlank = (v: unknown) => v === null || v === undefined;
