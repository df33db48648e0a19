/** Errors of the HTTP layer. Their messages are built from redacted text only. */

/** The caller asked for something the client refuses: a bad base URL, plain http without opt-in, a bad path. */
export class HttpUsageError extends Error {
  override name = 'HttpUsageError';
}

/** No usable answer: the connection failed (refused, reset, timed out) and the retries are spent. */
export class HttpConnectionError extends Error {
  override name = 'HttpConnectionError';
  constructor(
    message: string,
    /** the network error code, e.g. ECONNRESET, UND_ERR_HEADERS_TIMEOUT */
    readonly code: string | undefined,
    /** attempts made, the first included */
    readonly attempts: number,
  ) {
    super(message);
  }
}
