import { ERRORS, type ErrorCode } from '@jiema/shared';

/** The one error type of the server: a catalogue code plus message parameters; mapped to HTTP in error-handler.ts. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
  ) {
    super(code);
    this.status = ERRORS[code].status;
  }
}
