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

/** The transaction and the company, once its first admin (if it has one) exists too. */
export type CompanyReady = (created: Pick<NewCompany, 'em' | 'company'>) => Promise<void>;

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

  private readonly ready = new Map<string, CompanyReady>();

  /**
   * What is done once the new company and its first admin exist, still in the creating
   * transaction: what is sent to the admin (the first invoice of a plan without a trial) needs
   * someone to send it to.
   */
  registerReady(name: string, step: CompanyReady): void {
    if (this.ready.has(name)) this.logger.warn(`company ready step ${name} registered twice; the last one wins`);
    this.ready.set(name, step);
  }

  async runReady(created: Pick<NewCompany, 'em' | 'company'>): Promise<void> {
    for (const step of this.ready.values()) await step(created);
  }
}
