import { ApiProperty, PickType } from '@nestjs/swagger';
import { EmployeeDetailsDto } from '../../employees/dto/employee.dto';

/**
 * The contact details anyone may change on their own employee record: phone, address and the
 * emergency contact. Nothing that bears rights, pay or standing (position, department, salary,
 * status, role...): such a field in the body is a 400.
 */
export const OWN_PROFILE_FIELDS = [
  'phone',
  'address',
  'city',
  'state',
  'country',
  'postal_code',
  'emergency_contact_name',
  'emergency_contact_phone',
  'emergency_contact_relationship',
] as const;
export type OwnProfileField = (typeof OWN_PROFILE_FIELDS)[number];

export class UpdateOwnProfileDto extends PickType(EmployeeDetailsDto, OWN_PROFILE_FIELDS) {}

export class OwnProfileDto {
  @ApiProperty() employee_id!: number;
  @ApiProperty() employee_code!: string;
  @ApiProperty() first_name!: string;
  @ApiProperty() last_name!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ type: String, nullable: true }) position_title!: string | null;
  @ApiProperty({ type: String, nullable: true }) department_name!: string | null;
  @ApiProperty({ type: String, nullable: true }) phone!: string | null;
  @ApiProperty({ type: String, nullable: true }) address!: string | null;
  @ApiProperty({ type: String, nullable: true }) city!: string | null;
  @ApiProperty({ type: String, nullable: true }) state!: string | null;
  @ApiProperty({ type: String, nullable: true }) country!: string | null;
  @ApiProperty({ type: String, nullable: true }) postal_code!: string | null;
  @ApiProperty({ type: String, nullable: true }) emergency_contact_name!: string | null;
  @ApiProperty({ type: String, nullable: true }) emergency_contact_phone!: string | null;
  @ApiProperty({ type: String, nullable: true }) emergency_contact_relationship!: string | null;
}
