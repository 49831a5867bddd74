import { Injectable } from '@nestjs/common';

/** What "now" is for billing: the real time, or one a test sets to walk a subscription through its periods. */
@Injectable()
export class BillingClock {
  private fixed: Date | null = null;

  now(): Date {
    return this.fixed ? new Date(this.fixed) : new Date();
  }

  /** Tests only: null returns to the real time. */
  set(at: Date | null): void {
    this.fixed = at ? new Date(at) : null;
  }
}
