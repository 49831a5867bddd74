import { Injectable } from '@nestjs/common';
import type { LandingPageDto } from './dto/landing-page.dto';

/** How long one instance serves the active page from memory (other instances see a change within it). */
export const ACTIVE_PAGE_TTL_MS = 30_000;

/**
 * The active landing page, kept briefly in memory for the public read and the server-rendered
 * meta tags. Every CMS write invalidates it; a load that started before a write is not stored.
 */
@Injectable()
export class ActivePageCache {
  private value: { page: LandingPageDto | null; expires: number } | null = null;
  private pending: Promise<LandingPageDto | null> | null = null;
  private generation = 0;

  async get(load: () => Promise<LandingPageDto | null>): Promise<LandingPageDto | null> {
    if (this.value && this.value.expires > Date.now()) return this.value.page;
    if (this.pending) return this.pending;
    const generation = this.generation;
    const pending = load()
      .then((page) => {
        if (generation === this.generation) this.value = { page, expires: Date.now() + ACTIVE_PAGE_TTL_MS };
        return page;
      })
      .finally(() => {
        if (this.pending === pending) this.pending = null;
      });
    this.pending = pending;
    return pending;
  }

  invalidate(): void {
    this.generation++;
    this.value = null;
    this.pending = null;
  }
}
