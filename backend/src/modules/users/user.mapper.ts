import type { UserResponseDto } from '../auth/dto/user-response.dto';
import type { Company } from '../companies/company.entity';
import type { User } from './user.entity';

/** The user as the API shows it; under impersonation the company is the impersonated one. */
export function toUserResponse(user: User, impersonated?: Company | null): UserResponseDto {
  const company = impersonated ?? user.company ?? null;
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    first_name: user.first_name ?? null,
    last_name: user.last_name ?? null,
    company_id: company?.id ?? null,
    company_name: company?.company_name ?? null,
    time_zone: company?.time_zone ?? null,
    employee_id: user.employee?.id ?? null,
    is_active: user.is_active,
    email_verified: !!user.email_verified_at,
    ...(impersonated ? { impersonating: true } : {}),
  };
}
