import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { IsOptionalNotNull } from '../../../common/http/fields';

export const MIN_MONTHS = 1;
export const MAX_MONTHS = 36;
export const DEFAULT_MONTHS = 12;
const MONTHS_MESSAGE = `Months must be a whole number from ${MIN_MONTHS} to ${MAX_MONTHS}`;

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value);

export class AnalyticsQueryDto {
  @ApiPropertyOptional({ minimum: MIN_MONTHS, maximum: MAX_MONTHS, default: DEFAULT_MONTHS, description: 'Calendar months shown, the current one included' })
  @IsOptionalNotNull()
  @Transform(toInt)
  @IsInt({ message: MONTHS_MESSAGE })
  @Min(MIN_MONTHS, { message: MONTHS_MESSAGE })
  @Max(MAX_MONTHS, { message: MONTHS_MESSAGE })
  months?: number;
}

const MRR_RULE =
  "A company's MRR in a month is what it pays on the month's last day (today for the current month), normalised to a month: " +
  "the plan lines of the non-void invoice whose period covers that day divided by the period's months (an annual plan at a twelfth; " +
  "an upgrade invoice at its package's price; an unpaid invoice for a first plan counts only once paid). Before a company's first invoice, " +
  'its current package and cycle count from its creation if it is out of trial and not on a free package. Trials and free packages count 0, ' +
  'and so does every month from a suspension or cancellation the company is still in.';

export class AnalyticsMonthDto {
  @ApiProperty({ example: '2026-11', description: 'Calendar month (UTC)' }) month!: string;
  @ApiProperty({ description: "Companies that exist at the month's end (today for the current month)" }) companies!: number;
  @ApiProperty({ description: 'Companies created in the month' }) new_companies!: number;
  @ApiProperty({
    description: 'Companies created in the month with a free trial (still in it, or that left it: an audit row of a status change from trialing)',
  })
  trials_started!: number;
  @ApiProperty({
    description:
      'Of trials_started, the companies that converted: they paid an invoice, or they are now out of trial on an active or past-due paid subscription',
  })
  trials_converted!: number;
  @ApiProperty({
    description:
      'Companies suspended or cancelled in the month: audit rows of a status change to suspended or cancelled, and a company in such a status without one at its last update',
  })
  churned!: number;
  @ApiProperty({ example: '1234.00', description: `Monthly recurring revenue. ${MRR_RULE}` }) mrr!: string;
  @ApiProperty({ example: '99.00', description: "MRR of the companies at 0 the month before and above 0 in this one (a returning company included)" })
  mrr_new!: string;
  @ApiProperty({ example: '20.00', description: 'Increase of the companies that paid more than the month before' }) mrr_expansion!: string;
  @ApiProperty({ example: '10.00', description: 'Decrease of the companies that pay less than the month before, still above 0' }) mrr_contraction!: string;
  @ApiProperty({
    example: '49.00',
    description: 'MRR of the month before of the companies at 0 in this one; mrr = previous mrr + new + expansion − contraction − churn',
  })
  mrr_churn!: string;
}

export class ActiveUsersDayDto {
  @ApiProperty({ type: String, format: 'date', example: '2026-11-26' }) date!: string;
  @ApiProperty({ description: 'Users (superadmins excepted) who signed in or renewed their session that day (UTC)' }) users!: number;
}

export class ActiveUsersWeekDto {
  @ApiProperty({ type: String, format: 'date', example: '2026-11-23', description: 'The Monday the week starts on (UTC)' }) week_start!: string;
  @ApiProperty({ description: 'Users (superadmins excepted) who signed in or renewed their session in the week' }) users!: number;
}

export class ModuleUsageDto {
  @ApiProperty() package_id!: number;
  @ApiProperty() package_code!: string;
  @ApiProperty() package_name!: string;
  @ApiProperty({ enum: ['employees', 'attendance', 'leave', 'payroll', 'tasks', 'kpi'] }) module!: string;
  @ApiProperty({ description: 'Companies on the package now' }) companies!: number;
  @ApiProperty({
    description:
      'Of them, the companies that used the module in the last 30 days: an employee added, attendance for a day of them, a leave request made, a payroll run, a task created or a KPI value recorded',
  })
  active_companies!: number;
}

export const AT_RISK_REASONS = ['trial_ending', 'past_due', 'inactive'] as const;
export type AtRiskReason = (typeof AT_RISK_REASONS)[number];

export class AtRiskCompanyDto {
  @ApiProperty() company_id!: number;
  @ApiProperty() company_name!: string;
  @ApiProperty() package_name!: string;
  @ApiProperty({ enum: ['trialing', 'active', 'past_due', 'suspended', 'cancelled'] }) billing_status!: string;
  @ApiProperty({
    enum: AT_RISK_REASONS,
    description:
      'trial_ending: in trial, the trial ends within 7 days or has ended, and no plan is chosen; past_due: an invoice is past its due date; ' +
      'inactive: an active company older than 30 days whose users neither signed in nor renewed a session in the last 30 days',
  })
  reason!: AtRiskReason;
  @ApiProperty({
    type: String,
    format: 'date',
    nullable: true,
    description: "trial_ending: the trial's end; past_due: the oldest overdue invoice's due date; inactive: the last sign-in (null if none)",
  })
  date!: string | null;
  @ApiProperty({ example: 'Trial ends on 2026-11-30', description: 'What the reason is, in words' }) detail!: string;
}

export class AnalyticsDto {
  @ApiProperty({ example: 'USD', description: "The platform's invoicing currency" }) currency!: string;
  @ApiProperty({ type: [AnalyticsMonthDto], description: 'The months of the window, oldest first, the current one last' }) months!: AnalyticsMonthDto[];
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 42.9,
    description: 'trials_converted / trials_started over the window, in percent with one decimal (null without trials)',
  })
  conversion_rate!: number | null;
  @ApiProperty({ type: [ActiveUsersDayDto], description: 'The last 30 days, today last' }) active_users_daily!: ActiveUsersDayDto[];
  @ApiProperty({ type: [ActiveUsersWeekDto], description: 'The last 12 weeks (Monday to Sunday), the current one last' })
  active_users_weekly!: ActiveUsersWeekDto[];
  @ApiProperty({ type: [ModuleUsageDto], description: 'Per package and module' }) module_usage!: ModuleUsageDto[];
  @ApiProperty({ type: [AtRiskCompanyDto], description: 'Companies at risk, by reason then date' }) at_risk!: AtRiskCompanyDto[];
}
