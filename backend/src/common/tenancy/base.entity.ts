import { Filter, ManyToOne, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import type { Company } from '../../modules/companies/company.entity';

export const TENANT_FILTER = 'tenant';

export abstract class BaseEntity {
  @PrimaryKey({ autoincrement: true })
  id!: number;

  @Property({ columnType: 'timestamptz', defaultRaw: 'now()' })
  created_at: Opt<Date> = new Date();

  @Property({ columnType: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updated_at: Opt<Date> = new Date();
}

/**
 * Every row owned by a company. The tenant filter is on by default and limits reads to the
 * request's company; with no company set it matches nothing, so code that must read across
 * companies says so with `filters: { tenant: false }` where it stands.
 */
@Filter({
  name: TENANT_FILTER,
  default: true,
  args: false,
  cond: (args?: { companyId?: number }) => (args?.companyId ? { company: args.companyId } : { company: -1 }),
})
export abstract class TenantScopedEntity extends BaseEntity {
  @ManyToOne({ entity: 'Company', deleteRule: 'cascade', index: true })
  company!: Rel<Company>;
}
