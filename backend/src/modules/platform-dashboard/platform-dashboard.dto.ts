import { ApiProperty } from '@nestjs/swagger';

export class PlanCountDto {
  @ApiProperty() package_id!: number;
  @ApiProperty() package_code!: string;
  @ApiProperty() package_name!: string;
  @ApiProperty({ description: 'Companies on the package' }) companies!: number;
  @ApiProperty({ description: 'Active companies on the package' }) active!: number;
  @ApiProperty({ example: '237.00', description: 'Monthly recurring revenue of the active paid subscriptions (an annual one at a twelfth of its price)' }) mrr!: string;
}

export class RecentCompanyDto {
  @ApiProperty() id!: number;
  @ApiProperty() company_name!: string;
  @ApiProperty() company_code!: string;
  @ApiProperty() subscription_plan!: string;
  @ApiProperty({ type: String, nullable: true, description: "The package's display name (Basic, Enterprise)" }) package_name!: string | null;
  @ApiProperty() subscription_status!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) trial_ends_at!: Date | null;
  @ApiProperty() created_at!: Date;
}

export class PlatformDashboardDto {
  @ApiProperty() total_companies!: number;
  @ApiProperty({ description: 'Companies whose subscription_status is active' }) active_clients!: number;
  @ApiProperty({ description: 'Companies in a running free trial' }) trial_companies!: number;
  @ApiProperty({ description: 'Accounts of the platform, superadmins excepted' }) total_users!: number;
  @ApiProperty({
    example: '1234.00',
    description: "Monthly recurring revenue in dollars: the monthly price of each active company's package",
  })
  mrr!: string;
  @ApiProperty({ type: [PlanCountDto] }) plans!: PlanCountDto[];
  @ApiProperty({ type: [RecentCompanyDto], description: 'The 5 newest companies' }) recent_companies!: RecentCompanyDto[];
}
