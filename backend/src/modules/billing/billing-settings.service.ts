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
  payment_instructions: s.payment_instructions ?? null,
});

/** The platform's billing settings (one row). */
@Injectable()
export class BillingSettingsService {
  constructor(private readonly em: EntityManager) {}

  /** The settings (the migration writes the row; reads never write, so they work in read-only transactions). */
  async get(em: EntityManager = this.em): Promise<BillingSettingsDto> {
    const row = await em.findOne(BillingSettings, { id: 1 }, { refresh: true });
    return toDto(row ?? new BillingSettings());
  }

  async update(dto: UpdateBillingSettingsDto): Promise<BillingSettingsDto> {
    await this.em.execute(`insert into billing_settings (id) values (1) on conflict (id) do nothing`);
    const fields = Object.fromEntries(Object.entries(dto).filter(([, v]) => v !== undefined));
    if (Object.keys(fields).length) await this.em.nativeUpdate(BillingSettings, { id: 1 }, { ...fields, updated_at: new Date() });
    return this.get();
  }
}
