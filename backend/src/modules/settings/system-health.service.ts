import { Injectable, Optional } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { SystemHealthDto } from './dto/system.dto';

/** Figures of the running system for the superadmin's health check. */
@Injectable()
export class SystemHealthService {
  constructor(
    private readonly em: EntityManager,
    private readonly orm: MikroORM,
    @Optional() private readonly scheduler?: SchedulerRegistry,
  ) {}

  async health(): Promise<SystemHealthDto> {
    const database = await this.database();
    const migrations = await this.migrations();
    const memory = process.memoryUsage();
    const healthy = database.ok && migrations.pending.length === 0;
    return {
      status: healthy ? 'ok' : 'degraded',
      checked_at: new Date().toISOString(),
      database,
      migrations,
      jobs: this.jobs(),
      process: {
        uptime_seconds: Math.round(process.uptime()),
        node_version: process.version,
        pid: process.pid,
        memory_rss_bytes: memory.rss,
        memory_heap_used_bytes: memory.heapUsed,
        memory_heap_total_bytes: memory.heapTotal,
      },
    };
  }

  private async database(): Promise<SystemHealthDto['database']> {
    const conn = this.em.getConnection();
    const started = process.hrtime.bigint();
    try {
      await conn.execute('select 1');
      const roundTrip = Number(process.hrtime.bigint() - started) / 1e6;
      const [info] = await conn.execute<Array<{ version: string; size: string | null }>>(
        'select current_setting(\'server_version\') as version, pg_database_size(current_database())::text as size',
      );
      return {
        ok: true,
        round_trip_ms: Math.round(roundTrip * 100) / 100,
        server_version: info?.version ?? null,
        size_bytes: info?.size ? Number(info.size) : null,
        error: null,
      };
    } catch (e) {
      return { ok: false, round_trip_ms: null, server_version: null, size_bytes: null, error: (e as Error).message };
    }
  }

  private async migrations(): Promise<SystemHealthDto['migrations']> {
    const migrator = this.orm.getMigrator();
    const [executed, pending] = await Promise.all([migrator.getExecutedMigrations(), migrator.getPendingMigrations()]);
    const last = executed[executed.length - 1];
    return {
      applied: executed.length,
      pending: pending.map((m) => m.name),
      last_applied: last ? last.name : null,
      last_applied_at: last?.executed_at ? new Date(last.executed_at).toISOString() : null,
    };
  }

  private jobs(): SystemHealthDto['jobs'] {
    if (!this.scheduler) return [];
    const jobs: SystemHealthDto['jobs'] = [];
    for (const [name, job] of this.scheduler.getCronJobs()) {
      let next: string | null = null;
      try {
        next = job.nextDate().toJSDate().toISOString();
      } catch {
        next = null;
      }
      const last = job.lastDate();
      jobs.push({ name, type: 'cron', running: job.isActive, next_run_at: next, last_run_at: last ? last.toISOString() : null });
    }
    for (const name of this.scheduler.getIntervals()) {
      jobs.push({ name, type: 'interval', running: true, next_run_at: null, last_run_at: null });
    }
    for (const name of this.scheduler.getTimeouts()) {
      jobs.push({ name, type: 'timeout', running: true, next_run_at: null, last_run_at: null });
    }
    return jobs.sort((a, b) => a.name.localeCompare(b.name));
  }
}
