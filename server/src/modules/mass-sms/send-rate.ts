import type { Db } from '../../db/client';
import { ensureSendRate, takeSendTokens } from './send-rate.repository';

/**
 * A connector's msg/s limit held across processes: each process takes tokens from the bucket in the
 * database a tenth of a second's worth at a time and spends them locally, so all the processes bound to
 * the connector together send at most `ratePerSecond` (plus one burst).
 */
export class SharedSendRate {
  private allowance = 0;
  private refilling: Promise<void> | null = null;
  private ready: Promise<void> | null = null;
  /** No take from the database before this time (ms). */
  private nextTakeAt = 0;
  private readonly burst: number;

  constructor(
    private readonly db: Db,
    private readonly connectorId: number,
    private readonly ratePerSecond: number,
  ) {
    this.burst = Math.max(1, Math.ceil(ratePerSecond / 10));
  }

  async take(): Promise<void> {
    while (this.allowance <= 0) {
      this.refilling ??= this.refill().finally(() => {
        this.refilling = null;
      });
      await this.refilling;
    }
    this.allowance -= 1;
  }

  private async refill() {
    const wait = this.nextTakeAt - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    this.ready ??= ensureSendRate(this.db, this.connectorId, this.burst).catch((error) => {
      this.ready = null;
      throw error;
    });
    let granted = 0;
    try {
      await this.ready;
      granted = await takeSendTokens(this.db, this.connectorId, this.ratePerSecond, this.burst, this.burst);
      this.allowance += granted;
    } catch {
      // The database is unreachable: nothing is sent until it answers (the limit must hold).
    }
    // Little or nothing left (the processes together drain the bucket at its rate): the next take waits
    // until half a burst has come back. Asking again at once got the two or three tokens refilled
    // meanwhile, a database write and its WAL flush for every few messages (bench/busy-day.mjs: 156
    // takes a second for 500 msg/s).
    if (granted < this.burst / 2)
      this.nextTakeAt = Date.now() + Math.max(5, Math.ceil((this.burst / 2 / this.ratePerSecond) * 1000));
  }
}
