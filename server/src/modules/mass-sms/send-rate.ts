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
    this.ready ??= ensureSendRate(this.db, this.connectorId, this.burst).catch((error) => {
      this.ready = null;
      throw error;
    });
    try {
      await this.ready;
      const granted = await takeSendTokens(
        this.db,
        this.connectorId,
        this.ratePerSecond,
        this.burst,
        this.burst,
      );
      this.allowance += granted;
      if (granted > 0) return;
    } catch {
      // The database is unreachable: nothing is sent until it answers (the limit must hold).
    }
    // Empty (others took it): wait about as long as one token takes to come back.
    await new Promise((resolve) => setTimeout(resolve, Math.max(5, Math.ceil(1000 / this.ratePerSecond))));
  }
}
