/**
 * The standard library the type pass compiles against, instead of TypeScript's (`noLib`).
 *
 * The type pass only asks where v1-shaped properties are declared and used; for that the checker
 * needs the generic shapes values flow through (arrays and their callbacks, promises and `await`,
 * `Promise.all`, maps and sets, iteration, the utility types), not the thousands of DOM, Intl or
 * typed-array declarations of a project's `lib` setting. Parsing and binding those (plus every
 * `@types/*` package the project has) dominated the pass: ~0.3–0.5 s per project and run.
 * Declarations here follow lib.es5.d.ts / lib.es2015.*.d.ts (signatures trimmed to what typing
 * needs); anything missing types as `any`, which only means a use is not followed.
 */
export const LIB_FILE_NAME = '/__hdmigrate__/lib.hdmigrate.d.ts';

export const LIB_TEXT = `
interface Object { constructor: Function; toString(): string; valueOf(): Object; hasOwnProperty(v: PropertyKey): boolean; }
interface ObjectConstructor {
  new (value?: any): Object; (value?: any): any; readonly prototype: Object;
  keys(o: object): string[];
  values<T>(o: { [s: string]: T } | ArrayLike<T>): T[]; values(o: {}): any[];
  entries<T>(o: { [s: string]: T } | ArrayLike<T>): [string, T][]; entries(o: {}): [string, any][];
  fromEntries<T = any>(entries: Iterable<readonly [PropertyKey, T]>): { [k: string]: T };
  assign<T extends {}, U>(target: T, source: U): T & U; assign<T extends {}, U, V>(target: T, s1: U, s2: V): T & U & V; assign(target: object, ...sources: any[]): any;
  freeze<T>(o: T): Readonly<T>; create(o: object | null, p?: any): any;
  getPrototypeOf(o: any): any; defineProperty<T>(o: T, p: PropertyKey, a: any): T;
}
declare var Object: ObjectConstructor;
interface Function { apply(this: Function, thisArg: any, argArray?: any): any; call(this: Function, thisArg: any, ...argArray: any[]): any; bind(this: Function, thisArg: any, ...argArray: any[]): any; readonly length: number; readonly name: string; prototype: any; }
interface FunctionConstructor { new (...args: string[]): Function; (...args: string[]): Function; readonly prototype: Function; }
declare var Function: FunctionConstructor;
interface CallableFunction extends Function {}
interface NewableFunction extends Function {}
interface IArguments { [index: number]: any; length: number; callee: Function; }
interface String {
  readonly length: number; readonly [index: number]: string;
  charAt(pos: number): string; charCodeAt(index: number): number; concat(...strings: string[]): string;
  indexOf(s: string, position?: number): number; lastIndexOf(s: string, position?: number): number;
  includes(s: string, position?: number): boolean; startsWith(s: string, position?: number): boolean; endsWith(s: string, endPosition?: number): boolean;
  match(regexp: string | RegExp): RegExpMatchArray | null; matchAll(regexp: RegExp): IterableIterator<RegExpMatchArray>;
  replace(searchValue: string | RegExp, replaceValue: string | ((substring: string, ...args: any[]) => string)): string;
  replaceAll(searchValue: string | RegExp, replaceValue: string | ((substring: string, ...args: any[]) => string)): string;
  search(regexp: string | RegExp): number; slice(start?: number, end?: number): string; split(separator: string | RegExp, limit?: number): string[];
  substring(start: number, end?: number): string; substr(from: number, length?: number): string;
  toLowerCase(): string; toUpperCase(): string; trim(): string; trimStart(): string; trimEnd(): string;
  padStart(maxLength: number, fillString?: string): string; padEnd(maxLength: number, fillString?: string): string;
  repeat(count: number): string; at(index: number): string | undefined; localeCompare(that: string): number; toString(): string; valueOf(): string;
  [Symbol.iterator](): IterableIterator<string>;
}
interface StringConstructor { new (value?: any): String; (value?: any): string; readonly prototype: String; fromCharCode(...codes: number[]): string; raw(template: { raw: readonly string[] | ArrayLike<string> }, ...substitutions: any[]): string; }
declare var String: StringConstructor;
interface Boolean { valueOf(): boolean; }
interface BooleanConstructor { new (value?: any): Boolean; <T>(value?: T): boolean; readonly prototype: Boolean; }
declare var Boolean: BooleanConstructor;
interface Number { toString(radix?: number): string; toFixed(fractionDigits?: number): string; valueOf(): number; toLocaleString(locales?: string | string[], options?: any): string; }
interface NumberConstructor { new (value?: any): Number; (value?: any): number; readonly prototype: Number; isInteger(n: unknown): boolean; isFinite(n: unknown): boolean; isNaN(n: unknown): boolean; parseInt(s: string, radix?: number): number; parseFloat(s: string): number; readonly MAX_SAFE_INTEGER: number; }
declare var Number: NumberConstructor;
interface BigInt { toString(radix?: number): string; }
interface Symbol { toString(): string; valueOf(): symbol; readonly description: string | undefined; }
interface SymbolConstructor { readonly prototype: Symbol; (description?: string | number): symbol; for(key: string): symbol; readonly iterator: unique symbol; readonly asyncIterator: unique symbol; readonly hasInstance: unique symbol; readonly toStringTag: unique symbol; }
declare var Symbol: SymbolConstructor;
interface RegExp { exec(string: string): RegExpExecArray | null; test(string: string): boolean; readonly source: string; readonly flags: string; readonly global: boolean; lastIndex: number; }
interface RegExpMatchArray extends Array<string> { index?: number; input?: string; groups?: { [key: string]: string }; }
interface RegExpExecArray extends Array<string> { index: number; input: string; groups?: { [key: string]: string }; }
interface RegExpConstructor { new (pattern: RegExp | string, flags?: string): RegExp; (pattern: RegExp | string, flags?: string): RegExp; readonly prototype: RegExp; }
declare var RegExp: RegExpConstructor;
interface Date { getTime(): number; toISOString(): string; toJSON(key?: any): string; valueOf(): number; toString(): string; getFullYear(): number; getMonth(): number; getDate(): number; getDay(): number; getHours(): number; getMinutes(): number; getSeconds(): number; toLocaleDateString(locales?: string | string[], options?: any): string; toLocaleString(locales?: string | string[], options?: any): string; }
interface DateConstructor { new (value?: number | string | Date): Date; new (year: number, monthIndex: number, date?: number, hours?: number, minutes?: number, seconds?: number, ms?: number): Date; (): string; readonly prototype: Date; now(): number; parse(s: string): number; UTC(year: number, monthIndex?: number, date?: number, hours?: number, minutes?: number, seconds?: number, ms?: number): number; }
declare var Date: DateConstructor;
interface Error { name: string; message: string; stack?: string; cause?: unknown; }
interface ErrorConstructor { new (message?: string, options?: { cause?: unknown }): Error; (message?: string, options?: { cause?: unknown }): Error; readonly prototype: Error; }
declare var Error: ErrorConstructor;
declare var TypeError: ErrorConstructor;
declare var RangeError: ErrorConstructor;
declare var SyntaxError: ErrorConstructor;
interface JSON { parse(text: string, reviver?: (this: any, key: string, value: any) => any): any; stringify(value: any, replacer?: ((this: any, key: string, value: any) => any) | (number | string)[] | null, space?: string | number): string; }
declare var JSON: JSON;
interface Math { abs(x: number): number; ceil(x: number): number; floor(x: number): number; round(x: number): number; max(...values: number[]): number; min(...values: number[]): number; random(): number; pow(x: number, y: number): number; sqrt(x: number): number; trunc(x: number): number; }
declare var Math: Math;
declare var NaN: number;
declare var Infinity: number;
declare function parseInt(string: string, radix?: number): number;
declare function parseFloat(string: string): number;
declare function isNaN(number: number): boolean;
declare function encodeURIComponent(uriComponent: string | number | boolean): string;
declare function decodeURIComponent(encodedURIComponent: string): string;
declare function encodeURI(uri: string): string;
declare function decodeURI(encodedURI: string): string;
interface TemplateStringsArray extends ReadonlyArray<string> { readonly raw: readonly string[]; }
interface ArrayLike<T> { readonly length: number; readonly [n: number]: T; }
interface ConcatArray<T> { readonly length: number; readonly [n: number]: T; join(separator?: string): string; slice(start?: number, end?: number): T[]; }
interface ReadonlyArray<T> {
  readonly length: number; readonly [n: number]: T;
  toString(): string; concat(...items: (T | ConcatArray<T>)[]): T[]; join(separator?: string): string; slice(start?: number, end?: number): T[];
  indexOf(searchElement: T, fromIndex?: number): number; lastIndexOf(searchElement: T, fromIndex?: number): number; includes(searchElement: T, fromIndex?: number): boolean; at(index: number): T | undefined;
  every<S extends T>(predicate: (value: T, index: number, array: readonly T[]) => value is S, thisArg?: any): this is readonly S[];
  every(predicate: (value: T, index: number, array: readonly T[]) => unknown, thisArg?: any): boolean;
  some(predicate: (value: T, index: number, array: readonly T[]) => unknown, thisArg?: any): boolean;
  forEach(callbackfn: (value: T, index: number, array: readonly T[]) => void, thisArg?: any): void;
  map<U>(callbackfn: (value: T, index: number, array: readonly T[]) => U, thisArg?: any): U[];
  filter<S extends T>(predicate: (value: T, index: number, array: readonly T[]) => value is S, thisArg?: any): S[];
  filter(predicate: (value: T, index: number, array: readonly T[]) => unknown, thisArg?: any): T[];
  find<S extends T>(predicate: (value: T, index: number, obj: readonly T[]) => value is S, thisArg?: any): S | undefined;
  find(predicate: (value: T, index: number, obj: readonly T[]) => unknown, thisArg?: any): T | undefined;
  findIndex(predicate: (value: T, index: number, obj: readonly T[]) => unknown, thisArg?: any): number;
  findLast(predicate: (value: T, index: number, obj: readonly T[]) => unknown, thisArg?: any): T | undefined;
  reduce(callbackfn: (previousValue: T, currentValue: T, currentIndex: number, array: readonly T[]) => T): T;
  reduce<U>(callbackfn: (previousValue: U, currentValue: T, currentIndex: number, array: readonly T[]) => U, initialValue: U): U;
  flatMap<U, This = undefined>(callback: (this: This, value: T, index: number, array: T[]) => U | ReadonlyArray<U>, thisArg?: This): U[];
  flat<A, D extends number = 1>(this: A, depth?: D): FlatArray<A, D>[];
  entries(): IterableIterator<[number, T]>; keys(): IterableIterator<number>; values(): IterableIterator<T>;
  [Symbol.iterator](): IterableIterator<T>;
}
interface Array<T> {
  length: number; [n: number]: T;
  toString(): string; pop(): T | undefined; push(...items: T[]): number; concat(...items: (T | ConcatArray<T>)[]): T[]; join(separator?: string): string;
  reverse(): T[]; shift(): T | undefined; slice(start?: number, end?: number): T[]; sort(compareFn?: (a: T, b: T) => number): this;
  splice(start: number, deleteCount?: number, ...items: T[]): T[]; unshift(...items: T[]): number; fill(value: T, start?: number, end?: number): this;
  indexOf(searchElement: T, fromIndex?: number): number; lastIndexOf(searchElement: T, fromIndex?: number): number; includes(searchElement: T, fromIndex?: number): boolean; at(index: number): T | undefined;
  every<S extends T>(predicate: (value: T, index: number, array: T[]) => value is S, thisArg?: any): this is S[];
  every(predicate: (value: T, index: number, array: T[]) => unknown, thisArg?: any): boolean;
  some(predicate: (value: T, index: number, array: T[]) => unknown, thisArg?: any): boolean;
  forEach(callbackfn: (value: T, index: number, array: T[]) => void, thisArg?: any): void;
  map<U>(callbackfn: (value: T, index: number, array: T[]) => U, thisArg?: any): U[];
  filter<S extends T>(predicate: (value: T, index: number, array: T[]) => value is S, thisArg?: any): S[];
  filter(predicate: (value: T, index: number, array: T[]) => unknown, thisArg?: any): T[];
  find<S extends T>(predicate: (value: T, index: number, obj: T[]) => value is S, thisArg?: any): S | undefined;
  find(predicate: (value: T, index: number, obj: T[]) => unknown, thisArg?: any): T | undefined;
  findIndex(predicate: (value: T, index: number, obj: T[]) => unknown, thisArg?: any): number;
  findLast(predicate: (value: T, index: number, obj: T[]) => unknown, thisArg?: any): T | undefined;
  reduce(callbackfn: (previousValue: T, currentValue: T, currentIndex: number, array: T[]) => T): T;
  reduce<U>(callbackfn: (previousValue: U, currentValue: T, currentIndex: number, array: T[]) => U, initialValue: U): U;
  reduceRight<U>(callbackfn: (previousValue: U, currentValue: T, currentIndex: number, array: T[]) => U, initialValue: U): U;
  flatMap<U, This = undefined>(callback: (this: This, value: T, index: number, array: T[]) => U | ReadonlyArray<U>, thisArg?: This): U[];
  flat<A, D extends number = 1>(this: A, depth?: D): FlatArray<A, D>[];
  entries(): IterableIterator<[number, T]>; keys(): IterableIterator<number>; values(): IterableIterator<T>;
  [Symbol.iterator](): IterableIterator<T>;
}
interface ArrayConstructor {
  new <T>(...items: T[]): T[]; <T>(...items: T[]): T[]; readonly prototype: any[];
  isArray(arg: any): arg is any[];
  from<T>(arrayLike: ArrayLike<T> | Iterable<T>): T[]; from<T, U>(arrayLike: ArrayLike<T> | Iterable<T>, mapfn: (v: T, k: number) => U, thisArg?: any): U[];
  of<T>(...items: T[]): T[];
}
declare var Array: ArrayConstructor;
type FlatArray<Arr, Depth extends number> = { done: Arr; recur: Arr extends ReadonlyArray<infer InnerArr> ? FlatArray<InnerArr, [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20][Depth]> : Arr; }[Depth extends -1 ? 'done' : 'recur'];
interface IteratorYieldResult<TYield> { done?: false; value: TYield; }
interface IteratorReturnResult<TReturn> { done: true; value: TReturn; }
type IteratorResult<T, TReturn = any> = IteratorYieldResult<T> | IteratorReturnResult<TReturn>;
interface Iterator<T, TReturn = any, TNext = any> { next(...[value]: [] | [TNext]): IteratorResult<T, TReturn>; return?(value?: TReturn): IteratorResult<T, TReturn>; throw?(e?: any): IteratorResult<T, TReturn>; }
interface Iterable<T, TReturn = any, TNext = any> { [Symbol.iterator](): Iterator<T, TReturn, TNext>; }
interface IterableIterator<T, TReturn = any, TNext = any> extends Iterator<T, TReturn, TNext> { [Symbol.iterator](): IterableIterator<T, TReturn, TNext>; }
interface IteratorObject<T, TReturn = unknown, TNext = unknown> extends Iterator<T, TReturn, TNext> { [Symbol.iterator](): IteratorObject<T, TReturn, TNext>; }
interface Generator<T = unknown, TReturn = any, TNext = any> extends IteratorObject<T, TReturn, TNext> { next(...[value]: [] | [TNext]): IteratorResult<T, TReturn>; return(value: TReturn): IteratorResult<T, TReturn>; throw(e: any): IteratorResult<T, TReturn>; [Symbol.iterator](): Generator<T, TReturn, TNext>; }
interface AsyncIterator<T, TReturn = any, TNext = any> { next(...[value]: [] | [TNext]): Promise<IteratorResult<T, TReturn>>; }
interface AsyncIterable<T, TReturn = any, TNext = any> { [Symbol.asyncIterator](): AsyncIterator<T, TReturn, TNext>; }
interface AsyncIterableIterator<T, TReturn = any, TNext = any> extends AsyncIterator<T, TReturn, TNext> { [Symbol.asyncIterator](): AsyncIterableIterator<T, TReturn, TNext>; }
interface AsyncGenerator<T = unknown, TReturn = any, TNext = any> extends AsyncIterator<T, TReturn, TNext> { [Symbol.asyncIterator](): AsyncGenerator<T, TReturn, TNext>; }
interface PromiseLike<T> { then<TResult1 = T, TResult2 = never>(onfulfilled?: ((value: T) => TResult1 | PromiseLike<TResult1>) | undefined | null, onrejected?: ((reason: any) => TResult2 | PromiseLike<TResult2>) | undefined | null): PromiseLike<TResult1 | TResult2>; }
interface Promise<T> {
  then<TResult1 = T, TResult2 = never>(onfulfilled?: ((value: T) => TResult1 | PromiseLike<TResult1>) | undefined | null, onrejected?: ((reason: any) => TResult2 | PromiseLike<TResult2>) | undefined | null): Promise<TResult1 | TResult2>;
  catch<TResult = never>(onrejected?: ((reason: any) => TResult | PromiseLike<TResult>) | undefined | null): Promise<T | TResult>;
  finally(onfinally?: (() => void) | undefined | null): Promise<T>;
}
interface PromiseConstructor {
  readonly prototype: Promise<any>;
  new <T>(executor: (resolve: (value: T | PromiseLike<T>) => void, reject: (reason?: any) => void) => void): Promise<T>;
  all<T extends readonly unknown[] | []>(values: T): Promise<{ -readonly [P in keyof T]: Awaited<T[P]>; }>;
  all<T>(values: Iterable<T | PromiseLike<T>>): Promise<Awaited<T>[]>;
  allSettled<T extends readonly unknown[] | []>(values: T): Promise<{ -readonly [P in keyof T]: PromiseSettledResult<Awaited<T[P]>>; }>;
  race<T extends readonly unknown[] | []>(values: T): Promise<Awaited<T[number]>>;
  any<T extends readonly unknown[] | []>(values: T): Promise<Awaited<T[number]>>;
  reject<T = never>(reason?: any): Promise<T>;
  resolve(): Promise<void>; resolve<T>(value: T): Promise<Awaited<T>>; resolve<T>(value: T | PromiseLike<T>): Promise<Awaited<T>>;
}
interface PromiseFulfilledResult<T> { status: 'fulfilled'; value: T; }
interface PromiseRejectedResult { status: 'rejected'; reason: any; }
type PromiseSettledResult<T> = PromiseFulfilledResult<T> | PromiseRejectedResult;
declare var Promise: PromiseConstructor;
type Awaited<T> = T extends null | undefined ? T : T extends object & { then(onfulfilled: infer F, ...args: infer _): any; } ? F extends (value: infer V, ...args: infer _) => any ? Awaited<V> : never : T;
interface Map<K, V> { clear(): void; delete(key: K): boolean; forEach(callbackfn: (value: V, key: K, map: Map<K, V>) => void, thisArg?: any): void; get(key: K): V | undefined; has(key: K): boolean; set(key: K, value: V): this; readonly size: number; entries(): IterableIterator<[K, V]>; keys(): IterableIterator<K>; values(): IterableIterator<V>; [Symbol.iterator](): IterableIterator<[K, V]>; }
interface MapConstructor { new (): Map<any, any>; new <K, V>(entries?: readonly (readonly [K, V])[] | Iterable<readonly [K, V]> | null): Map<K, V>; readonly prototype: Map<any, any>; }
declare var Map: MapConstructor;
interface ReadonlyMap<K, V> { forEach(callbackfn: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: any): void; get(key: K): V | undefined; has(key: K): boolean; readonly size: number; entries(): IterableIterator<[K, V]>; keys(): IterableIterator<K>; values(): IterableIterator<V>; [Symbol.iterator](): IterableIterator<[K, V]>; }
interface WeakMap<K extends object, V> { delete(key: K): boolean; get(key: K): V | undefined; has(key: K): boolean; set(key: K, value: V): this; }
interface WeakMapConstructor { new <K extends object = object, V = any>(entries?: readonly (readonly [K, V])[] | null): WeakMap<K, V>; readonly prototype: WeakMap<object, any>; }
declare var WeakMap: WeakMapConstructor;
interface Set<T> { add(value: T): this; clear(): void; delete(value: T): boolean; forEach(callbackfn: (value: T, value2: T, set: Set<T>) => void, thisArg?: any): void; has(value: T): boolean; readonly size: number; entries(): IterableIterator<[T, T]>; keys(): IterableIterator<T>; values(): IterableIterator<T>; [Symbol.iterator](): IterableIterator<T>; }
interface SetConstructor { new <T = any>(values?: readonly T[] | Iterable<T> | null): Set<T>; readonly prototype: Set<any>; }
declare var Set: SetConstructor;
interface ReadonlySet<T> { forEach(callbackfn: (value: T, value2: T, set: ReadonlySet<T>) => void, thisArg?: any): void; has(value: T): boolean; readonly size: number; entries(): IterableIterator<[T, T]>; keys(): IterableIterator<T>; values(): IterableIterator<T>; [Symbol.iterator](): IterableIterator<T>; }
type PropertyKey = string | number | symbol;
interface PropertyDescriptor { configurable?: boolean; enumerable?: boolean; value?: any; writable?: boolean; get?(): any; set?(v: any): void; }
interface ThisType<T> {}
type Partial<T> = { [P in keyof T]?: T[P]; };
type Required<T> = { [P in keyof T]-?: T[P]; };
type Readonly<T> = { readonly [P in keyof T]: T[P]; };
type Pick<T, K extends keyof T> = { [P in K]: T[P]; };
type Record<K extends keyof any, T> = { [P in K]: T; };
type Exclude<T, U> = T extends U ? never : T;
type Extract<T, U> = T extends U ? T : never;
type Omit<T, K extends keyof any> = Pick<T, Exclude<keyof T, K>>;
type NonNullable<T> = T & {};
type Parameters<T extends (...args: any) => any> = T extends (...args: infer P) => any ? P : never;
type ConstructorParameters<T extends abstract new (...args: any) => any> = T extends abstract new (...args: infer P) => any ? P : never;
type ReturnType<T extends (...args: any) => any> = T extends (...args: any) => infer R ? R : any;
type InstanceType<T extends abstract new (...args: any) => any> = T extends abstract new (...args: any) => infer R ? R : any;
type Uppercase<S extends string> = intrinsic;
type Lowercase<S extends string> = intrinsic;
type Capitalize<S extends string> = intrinsic;
type Uncapitalize<S extends string> = intrinsic;
type NoInfer<T> = intrinsic;
`;
