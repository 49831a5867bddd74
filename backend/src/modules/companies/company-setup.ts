import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ModuleKey } from '../../common/auth/auth-context';
import type { Company } from './company.entity';

export interface NewCompany {
  /** the transaction creating the company: write with it, and set `company` on tenant rows */
  em: EntityManager;
  company: Company;
  /** module keys of the company's plan */
  modules: ReadonlySet<ModuleKey>;
  /** feature codes of the company's plan */
  features: ReadonlySet<string>;
}

export type CompanyInitializer = (created: NewCompany) => Promise<void>;

/**
 * The defaults a new company gets (leave types, settings...): a module registers an initializer
 * (`setup.register('leave-types', fn)` in its onModuleInit), and every company creation (free
 * trial or superadmin) runs them all in its transaction, so a failing one creates nothing.
 */
@Injectable()
export class CompanySetup {
  private readonly logger = new Logger('CompanySetup');
  private readonly initializers = new Map<string, CompanyInitializer>();

  register(name: string, initializer: CompanyInitializer): void {
    if (this.initializers.has(name)) this.logger.warn(`company initializer ${name} registered twice; the last one wins`);
    this.initializers.set(name, initializer);
  }

  async run(created: NewCompany): Promise<void> {
    for (const initializer of this.initializers.values()) await initializer(created);
  }
}
