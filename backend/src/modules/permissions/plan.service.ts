import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ModuleKey } from '../../common/auth/auth-context';

/**
 * The modules a company's plan grants. Every company currently has the full catalogue:
 * packages and their features narrow it once the package catalogue exists.
 */
@Injectable()
export class PlanService {
  private allKeys?: Set<ModuleKey>;

  constructor(private readonly em: EntityManager) {}

  async moduleKeys(_companyId: number): Promise<Set<ModuleKey>> {
    if (!this.allKeys) {
      const rows: Array<{ module_key: ModuleKey }> = await this.em
        .getConnection()
        .execute('select module_key from modules order by sort_order');
      this.allKeys = new Set(rows.map((r) => r.module_key));
    }
    return new Set(this.allKeys);
  }
}
