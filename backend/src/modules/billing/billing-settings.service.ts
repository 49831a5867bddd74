import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { BillingSettings } from './billing-settings.entity';
import type { BillingSettingsDto, UpdateBillingSettingsDto } from './dto/billing.dto';

const toDto = (s: BillingSettings): BillingSettingsDto => ({
  currency: s.currency,
  due_days: s.due_days,
  grace_days: s.grace_days,
  reminder_days: s.reminder_days,
  seller_name: s.seller_name,
  seller_address: s.seller_address ?? null,
  seller_email: s.seller_email ?? null,
  seller_tax_id: s.seller_tax_id ?? null,
});

/** The platform's billing settings (one row; created with defaults when missing). */
@Injectable()
export class BillingSettingsService {
  constructor(private readonly em: EntityManager) {}

  async get(em: EntityManager = this.em): Promise<BillingSettingsDto> {
    await em.execute(`insert into billing_settings (id) values (1) on conflict (id) do nothing`);
    return toDto(await em.findOneOrFail(BillingSettings, { id: 1 }, { refresh: true }));
  }

  async update(dto: UpdateBillingSettingsDto): Promise<BillingSettingsDto> {
    await this.get();
    const fields = Object.fromEntries(Object.entries(dto).filter(([, v]) => v !== undefined));
    if (Object.keys(fields).length) await this.em.nativeUpdate(BillingSettings, { id: 1 }, { ...fields, updated_at: new Date() });
    return this.get();
  }
}
