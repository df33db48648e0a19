/** A request the shim refuses before anything goes upstream: the status and one clear sentence. */
export class ShimInputError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ShimInputError';
  }
}
