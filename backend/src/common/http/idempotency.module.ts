import { Module, OnModuleInit } from '@nestjs/common';
import { RecordCleanupRegistry } from '../../modules/settings/record-cleanup.registry';
import { IdempotencyInterceptor } from './idempotency.interceptor';

/** Provides the Idempotency-Key interceptor (installed in bootstrap, inside the tenant transaction) and cleans expired keys. */
@Module({
  providers: [IdempotencyInterceptor],
  exports: [IdempotencyInterceptor],
})
export class IdempotencyModule implements OnModuleInit {
  constructor(private readonly cleanup: RecordCleanupRegistry) {}

  onModuleInit(): void {
    this.cleanup.register({
      name: 'expired idempotency keys',
      clean: async ({ em }) => {
        const rows = await em.execute<Array<{ id: number }>>('delete from idempotency_keys where expires_at < now() returning id');
        return rows.length;
      },
    });
  }
}
