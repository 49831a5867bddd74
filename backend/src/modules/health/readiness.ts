import { Injectable, type BeforeApplicationShutdown, type OnModuleDestroy } from '@nestjs/common';

/** Whether the application takes new work: false from the moment it starts shutting down. */
@Injectable()
export class Readiness implements OnModuleDestroy, BeforeApplicationShutdown {
  private stopping = false;

  get shuttingDown(): boolean {
    return this.stopping;
  }

  /** Readiness answers 503 from now on, while requests under way still complete. */
  beginShutdown(): void {
    this.stopping = true;
  }

  onModuleDestroy(): void {
    this.beginShutdown();
  }

  beforeApplicationShutdown(): void {
    this.beginShutdown();
  }
}
