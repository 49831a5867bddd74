import { Logger } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../../config/config';
import { User } from '../../modules/users/user.entity';
import { hashPassword } from '../../modules/users/password';
import { DEMO_ACCOUNTS, hashDemoPasswords, seedDemoCompany } from './demo-company';

/** Ensures the superadmin exists and, on a database with no company yet, seeds the demo company. */
export async function seedDatabase(em: EntityManager, config: AppConfig): Promise<{ demoSeeded: boolean }> {
  const logger = new Logger('Seed');
  const seedDemo = config.seedDemo && !(await hasCompany(em));
  // the demo's password hashes are computed alongside the superadmin's
  const demoHashes = seedDemo ? hashDemoPasswords() : undefined;
  const existing = await em.findOne(User, { email: config.superadminEmail }, { filters: false });
  if (!existing) {
    const taken = await em.count(User, { username: 'superadmin' }, { filters: false });
    em.create(User, {
      username: taken ? `superadmin-${Date.now()}` : 'superadmin',
      email: config.superadminEmail,
      password_hash: await hashPassword(config.superadminPassword),
      role: 'superadmin',
      first_name: 'Platform',
      last_name: 'Admin',
    });
    await em.flush();
    logger.log(`created superadmin ${config.superadminEmail}`);
  } else if (existing.role !== 'superadmin') {
    logger.warn(`${config.superadminEmail} exists but is a ${existing.role}; no superadmin was created`);
  }

  if (!seedDemo) return { demoSeeded: false };
  const started = performance.now();
  await em.transactional((tx) => seedDemoCompany(tx as EntityManager, new Date(), demoHashes));
  logger.log(`seeded the demo companies (${DEMO_ACCOUNTS.length} accounts) in ${Math.round(performance.now() - started)} ms`);
  return { demoSeeded: true };
}

async function hasCompany(em: EntityManager): Promise<boolean> {
  const companies = await em.getConnection().execute<{ n: string }[]>('select count(*) as n from companies');
  return Number(companies[0].n) > 0;
}
