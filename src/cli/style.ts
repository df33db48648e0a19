/**
 * Terminal presentation shared by every command: colour (node:util styleText, honouring NO_COLOR,
 * FORCE_COLOR, --no-color and whether the stream is a terminal), counted nouns with the right plural,
 * and a progress line that is always erased, also on Ctrl-C.
 */
import { styleText } from 'node:util';

type Stream = NodeJS.WriteStream | { isTTY?: boolean };
export type Painter = Record<'bold' | 'dim' | 'red' | 'yellow' | 'green' | 'cyan', (s: string) => string>;

/**
 * Should output to `stream` be coloured? `--no-color` and NO_COLOR (any non-empty value, no-color.org)
 * turn it off; FORCE_COLOR (non-empty and not 0) turns it on; otherwise only on a terminal.
 */
export function useColor(stream: Stream = process.stdout, flag?: boolean, env: NodeJS.ProcessEnv = process.env): boolean {
  if (flag === false) return false;
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '') return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return stream.isTTY === true;
}

/** Styling functions that are the identity when colour is off. */
export function painter(on: boolean): Painter {
  // we decide about the stream ourselves (useColor), so styleText must not check process.stdout again
  const wrap = (format: Parameters<typeof styleText>[0]) => (s: string) => (on ? styleText(format, s, { validateStream: false }) : s);
  return { bold: wrap('bold'), dim: wrap('dim'), red: wrap('red'), yellow: wrap('yellow'), green: wrap('green'), cyan: wrap('cyan') };
}

const IRREGULAR: Record<string, string> = { entry: 'entries', match: 'matches', fix: 'fixes', this: 'these', is: 'are', was: 'were', needs: 'need' };

/** `count(1, 'file')` → "1 file", `count(3, 'file')` → "3 files", `count(2, 'entry')` → "2 entries". */
export function count(n: number, singular: string, plural?: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? singular : (plural ?? IRREGULAR[singular] ?? `${singular}s`)}`;
}

/** The noun alone, for sentences where the number stands elsewhere. */
export function noun(n: number, singular: string, plural?: string): string {
  return n === 1 ? singular : (plural ?? IRREGULAR[singular] ?? `${singular}s`);
}

export interface Progress {
  /** Redraws the line (at most every 100 ms, and always for the last item). */
  update(done: number, total: number, what?: string): void;
  /** Erases the line and stops listening for Ctrl-C. */
  done(): void;
}

/**
 * A one-line progress indicator on stderr, only when stderr is a terminal (or `enabled`). The line is
 * erased when done and when the process is interrupted (SIGINT/SIGTERM), so a Ctrl-C leaves a clean
 * prompt; the signal then ends the process as it would have (exit 128+n).
 *
 * A JavaScript signal listener only runs when the event loop turns. While the work holds the loop for
 * long (a single-threaded pass over many files), the listener is taken off, so Ctrl-C still stops the
 * process at once (the line may then stay); a heartbeat timer tells the two situations apart.
 */
export function progress(label: string, opts: { enabled?: boolean; stream?: NodeJS.WriteStream } = {}): Progress {
  const stream = opts.stream ?? process.stderr;
  const enabled = opts.enabled ?? stream.isTTY === true;
  if (!enabled) return { update() {}, done() {} };
  let last = 0;
  let drawn = false;
  let listening = false;
  let beat = Date.now();
  const heartbeat = setInterval(() => {
    beat = Date.now();
    listen(true);
  }, 50).unref();
  const erase = () => {
    if (drawn) stream.write('\r\x1b[K');
    drawn = false;
  };
  const onSignal = (signal: NodeJS.Signals) => {
    erase();
    listen(false);
    clearInterval(heartbeat);
    process.kill(process.pid, signal);
  };
  function listen(on: boolean): void {
    if (on === listening) return;
    listening = on;
    for (const sig of ['SIGINT', 'SIGTERM'] as const) {
      if (on) process.on(sig, onSignal);
      else process.off(sig, onSignal);
    }
  }
  listen(true);
  return {
    update(done, total, what) {
      const now = Date.now();
      // the loop has not turned for a while: let a signal act natively (see above)
      if (now - beat > 250) listen(false);
      if (now - last < 100 && done !== total) return;
      last = now;
      drawn = true;
      stream.write(`\r\x1b[K${label}: ${what ? `${what} ` : ''}${done}/${count(total, 'file')}`);
    },
    done() {
      erase();
      listen(false);
      clearInterval(heartbeat);
    },
  };
}
