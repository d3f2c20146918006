/** The npm "sms-activate" client ships no types: what the published-clients test uses of it. */
declare module 'sms-activate' {
  import type { AxiosInstance } from 'axios';
  export default class SMSActivate {
    constructor(apiToken: string);
    session: AxiosInstance;
    getBalance(withCashBack?: boolean): Promise<number | null>;
    getNumber(
      service: string,
      country?: number,
      forward?: boolean,
    ): Promise<{ id: number; number: number } | null>;
    setStatus(id: number, status: number, forward?: boolean): Promise<string>;
    getCode(id: number): Promise<string | null>;
    getStatus(id: number | string): Promise<string>;
  }
}
