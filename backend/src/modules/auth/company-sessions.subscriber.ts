import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { EntityName, EventArgs, EventSubscriber } from '@mikro-orm/core';
import { Company } from '../companies/company.entity';
import { endSessionsOfCompany } from '../users/sessions';

/**
 * When a company stops being active (suspended or cancelled), every session of its users ends,
 * in the transaction that changes the status. They may sign in again: a company that is not
 * active reads but does not write.
 */
@Injectable()
export class CompanySessionsSubscriber implements EventSubscriber<Company>, OnModuleInit {
  constructor(private readonly em: EntityManager) {}

  onModuleInit(): void {
    this.em.getEventManager().registerSubscriber(this);
  }

  getSubscribedEntities(): EntityName<Company>[] {
    return [Company];
  }

  async afterUpdate(args: EventArgs<Company>): Promise<void> {
    const change = args.changeSet;
    if (!change || !('subscription_status' in change.payload)) return;
    if (change.originalEntity?.subscription_status !== 'active' || args.entity.subscription_status === 'active') return;
    await endSessionsOfCompany(args.em as EntityManager, args.entity.id);
  }
}
