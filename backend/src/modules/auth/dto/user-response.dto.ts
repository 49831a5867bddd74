import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CompanyResponseDto } from '../../companies/dto/company.dto';
import { ROLES, type Role } from '../../users/user.entity';

export class UserResponseDto {
  @ApiProperty() id!: number;
  @ApiProperty() username!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ enum: ROLES }) role!: Role;
  @ApiProperty({ nullable: true, type: String }) first_name!: string | null;
  @ApiProperty({ nullable: true, type: String }) last_name!: string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'While impersonating: the impersonated company' })
  company_id!: number | null;
  @ApiProperty({ nullable: true, type: String }) company_name!: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'America/New_York', description: "The company's IANA time zone: the console shows every date and time in it" })
  time_zone!: string | null;
  @ApiProperty({ nullable: true, type: Number }) employee_id!: number | null;
  @ApiProperty() is_active!: boolean;
  @ApiProperty({
    description:
      'Whether the e-mail address is confirmed: a self-registered address (and a free trial\'s admin) is not until the mailed link is opened ' +
      '(POST /api/auth/verify-email/resend mails a new link); accounts made by a company or the platform are',
  })
  email_verified!: boolean;
  @ApiPropertyOptional({ description: 'Present while a superadmin impersonates a company' })
  impersonating?: boolean;
}

export class LoginResponseDto {
  @ApiProperty({ type: UserResponseDto }) user!: UserResponseDto;
  @ApiProperty({ description: 'Bearer token, valid for ACCESS_TOKEN_TTL_SECONDS' }) access_token!: string;
}

export class CompanySwitchResponseDto extends LoginResponseDto {
  @ApiProperty({ type: CompanyResponseDto, nullable: true, description: 'The impersonated company; null after stopping' })
  company!: CompanyResponseDto | null;
}

export class StartTrialResponseDto extends LoginResponseDto {
  @ApiProperty({ type: CompanyResponseDto, description: 'The new company, in trial' })
  company!: CompanyResponseDto;
}
