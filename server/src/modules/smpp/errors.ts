/** Why an SMPP request did not succeed; `transient` says whether trying again later makes sense. */
export class SmppError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
    readonly commandStatus?: number,
  ) {
    super(message);
    this.name = 'SmppError';
  }
}

/** A submit given up by its sender before any part of it was sent (`OutboundSms.stillWanted`). */
export class WithdrawnError extends Error {
  constructor() {
    super('withdrawn before submit');
    this.name = 'WithdrawnError';
  }
}

/** command_status values after which the same submit may succeed later (SMPP 3.4 §5.1.3). */
const TRANSIENT_STATUSES = new Set([0x08, 0x14, 0x58, 0x64]);

export const isTransientStatus = (status: number) => TRANSIENT_STATUSES.has(status);

export const statusHex = (status: number) => `0x${status.toString(16).padStart(8, '0')}`;
