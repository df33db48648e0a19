import { loadOverlay, OverlayError, type Overlay } from '../catalogue/index.ts';
import { UsageError } from './errors.ts';

/** Reads `--overlay <file>` for any command; a bad file is a usage error naming the problem. */
export function readOverlayOption(file: string | undefined): Overlay | undefined {
  if (!file) return undefined;
  try {
    return loadOverlay(file);
  } catch (e) {
    if (e instanceof OverlayError) throw new UsageError(e.message);
    throw e;
  }
}
