/**
 * The subset of npm `smpp` (farhadi/node-smpp 0.6.0-rc.4, CommonJS, no published types) this module
 * uses. Read from its lib/smpp.js, lib/pdu.js and lib/defs.js.
 */
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer } from 'node:net';

  /** A decoded PDU: mandatory parameters and known TLVs become properties named as in SMPP 3.4. */
  export class PDU {
    /** A command and its fields, or a whole PDU off the wire (header included) to decode. */
    constructor(command: string | Buffer, options?: Record<string, unknown>);
    command: string;
    command_id: number;
    command_status: number;
    sequence_number: number;
    [field: string]: unknown;
    isResponse(): boolean;
    response(options?: Record<string, unknown>): PDU;
    toBuffer(): Buffer;
    fromBuffer(buffer: Buffer): void;
  }

  export type ResponseCallback = (pdu: PDU) => void;

  export class Session extends EventEmitter {
    closed: boolean;
    socket: import('node:net').Socket;
    _callbacks: Record<number, ResponseCallback>;
    send(
      pdu: PDU,
      responseCallback?: ResponseCallback,
      sendCallback?: ResponseCallback,
      failureCallback?: (pdu: PDU, error?: Error) => void,
    ): boolean;
    pause(): void;
    resume(): void;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    [command: string]: unknown;
  }

  export interface Server extends NetServer {
    sessions: Session[];
  }

  export function connect(options: Record<string, unknown>, listener?: (session: Session) => void): Session;
  export function createServer(
    options: Record<string, unknown>,
    listener: (session: Session) => void,
  ): Server;

  const smpp: {
    PDU: typeof PDU;
    Session: typeof Session;
    connect: typeof connect;
    createServer: typeof createServer;
  } & Record<string, unknown>;
  export default smpp;
}
