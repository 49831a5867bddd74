import { Entity, Property, Unique } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';

/**
 * One band of a company's progressive income tax on monthly taxable income: the part of the
 * income above lower_bound and up to upper_bound (no limit when null) is taxed at rate percent.
 */
@Entity({ tableName: 'tax_brackets' })
@Unique({ properties: ['company', 'lower_bound'] })
export class TaxBracket extends TenantScopedEntity {
  @Property({ type: 'decimal', precision: 14, scale: 2 })
  lower_bound!: string;

  @Property({ type: 'decimal', precision: 14, scale: 2, nullable: true })
  upper_bound?: string | null;

  @Property({ type: 'decimal', precision: 5, scale: 2 })
  rate!: string;
}
