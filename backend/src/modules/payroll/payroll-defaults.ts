import type { EntityManager } from '@mikro-orm/postgresql';
import type { Company } from '../companies/company.entity';
import { SalaryComponent } from './salary-component.entity';
import { TaxBracket } from './tax-bracket.entity';

/**
 * The progressive tax table a new company starts with, on monthly taxable income (the company
 * edits it under Payroll settings): 0 % up to 1,000, 10 % to 4,000, 20 % to 8,000, 30 % above.
 */
export const DEFAULT_TAX_BRACKETS = [
  { lower_bound: '0.00', upper_bound: '1000.00', rate: '0.00' },
  { lower_bound: '1000.00', upper_bound: '4000.00', rate: '10.00' },
  { lower_bound: '4000.00', upper_bound: '8000.00', rate: '20.00' },
  { lower_bound: '8000.00', upper_bound: null, rate: '30.00' },
] as const;

/** Writes the default tax table of a new company (flushed by the caller's transaction). */
export function seedTaxBrackets(em: EntityManager, company: Company): void {
  for (const b of DEFAULT_TAX_BRACKETS) em.create(TaxBracket, { company, ...b });
}

/** The demo company's payroll settings: the default tax table and two company-wide components. */
export function seedDemoPayroll(em: EntityManager, company: Company): void {
  seedTaxBrackets(em, company);
  em.create(SalaryComponent, {
    company,
    component_name: 'Transport allowance',
    component_code: 'TRANSPORT',
    component_type: 'allowance',
    calculation_type: 'fixed',
    amount: '150.00',
    is_taxable: true,
    applies_to_all: true,
  });
  em.create(SalaryComponent, {
    company,
    component_name: 'Pension contribution',
    component_code: 'PENSION',
    component_type: 'deduction',
    calculation_type: 'percentage',
    percentage: '5.0000',
    is_taxable: false,
    applies_to_all: true,
    description: 'Taken before tax',
  });
}
