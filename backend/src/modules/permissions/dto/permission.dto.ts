import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, Min, ValidateNested } from 'class-validator';
import { RECORD_SCOPES, type RecordScope } from '../../../common/auth/auth-context';
import { IsOptionalNotNull } from '../../../common/http/fields';

export class ModuleDto {
  @ApiProperty() id!: number;
  @ApiProperty({ example: 'employees' }) module_key!: string;
  @ApiProperty({ example: 'Employees' }) module_name!: string;
  @ApiPropertyOptional({ nullable: true, type: String }) description?: string | null;
}

function SCOPE_WORDS(action: string): string {
  return (
    `Whose employee records the ${action} right covers: own (the employee's own), team (everyone who reports to them, ` +
    'directly or through others), department (their department), company; null without the right'
  );
}

export class EffectivePermissionDto {
  @ApiProperty() module_id!: number;
  @ApiProperty({ type: ModuleDto }) module!: ModuleDto;
  @ApiProperty() can_view!: boolean;
  @ApiProperty() can_create!: boolean;
  @ApiProperty() can_edit!: boolean;
  @ApiProperty() can_delete!: boolean;
  @ApiPropertyOptional({
    description: "Some of these rights come from the company's self-service policy: on the caller's own records only",
  })
  self_service?: boolean;
  @ApiPropertyOptional({
    description: "Some of these rights come from the company's line-manager policy: on the team's records only",
  })
  line_manager?: boolean;
  @ApiProperty({ enum: RECORD_SCOPES, nullable: true, description: SCOPE_WORDS('view') }) view_scope!: RecordScope | null;
  @ApiProperty({ enum: RECORD_SCOPES, nullable: true, description: SCOPE_WORDS('create') }) create_scope!: RecordScope | null;
  @ApiProperty({ enum: RECORD_SCOPES, nullable: true, description: SCOPE_WORDS('edit') }) edit_scope!: RecordScope | null;
  @ApiProperty({ enum: RECORD_SCOPES, nullable: true, description: SCOPE_WORDS('delete') }) delete_scope!: RecordScope | null;
}

/** One stored entry of a position's or a department's matrix. */
export class PermissionEntryDto extends EffectivePermissionDto {
  @ApiProperty() id!: number;
  @ApiProperty({ nullable: true, type: Number }) position_id!: number | null;
  @ApiProperty({ nullable: true, type: Number }) department_id!: number | null;
}

export class PermissionEntryInputDto {
  @ApiProperty({ description: 'id of a module of GET /permissions/modules' })
  @IsInt({ message: 'Module ID must be an id' })
  @Min(1, { message: 'Module ID must be an id' })
  module_id!: number;

  @ApiPropertyOptional({ default: false })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'Can view must be true or false' })
  can_view?: boolean;

  @ApiPropertyOptional({ enum: RECORD_SCOPES, description: "Default: what the flags alone meant before scopes (payroll without create or edit, leave without edit and attendance view: own; otherwise company). Whose records the view right covers" })
  @IsOptionalNotNull()
  @IsIn(RECORD_SCOPES, { message: 'View scope must be one of: own, team, department, company' })
  view_scope?: RecordScope;

  @ApiPropertyOptional({ default: false, description: 'needs can_view' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'Can create must be true or false' })
  can_create?: boolean;

  @ApiPropertyOptional({ enum: RECORD_SCOPES, description: "Default: what the flags alone meant before scopes (payroll without create or edit, leave without edit and attendance view: own; otherwise company). Whose records the create right covers" })
  @IsOptionalNotNull()
  @IsIn(RECORD_SCOPES, { message: 'Create scope must be one of: own, team, department, company' })
  create_scope?: RecordScope;

  @ApiPropertyOptional({ default: false, description: 'needs can_view' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'Can edit must be true or false' })
  can_edit?: boolean;

  @ApiPropertyOptional({ enum: RECORD_SCOPES, description: "Default: what the flags alone meant before scopes (payroll without create or edit, leave without edit and attendance view: own; otherwise company). Whose records the edit right covers" })
  @IsOptionalNotNull()
  @IsIn(RECORD_SCOPES, { message: 'Edit scope must be one of: own, team, department, company' })
  edit_scope?: RecordScope;

  @ApiPropertyOptional({ default: false, description: 'needs can_view' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'Can delete must be true or false' })
  can_delete?: boolean;

  @ApiPropertyOptional({ enum: RECORD_SCOPES, description: "Default: what the flags alone meant before scopes (payroll without create or edit, leave without edit and attendance view: own; otherwise company). Whose records the delete right covers" })
  @IsOptionalNotNull()
  @IsIn(RECORD_SCOPES, { message: 'Delete scope must be one of: own, team, department, company' })
  delete_scope?: RecordScope;
}

export class SavePermissionsDto {
  @ApiProperty({
    type: [PermissionEntryInputDto],
    description:
      'The whole matrix: replaces every entry of the position or department. A module left out, or sent with ' +
      'every flag false, has no entry. can_create, can_edit and can_delete without can_view are refused (400).',
  })
  @IsArray({ message: 'Permissions must be a list' })
  @ArrayMaxSize(200, { message: 'Permissions has too many entries' })
  @ValidateNested({ each: true })
  @Type(() => PermissionEntryInputDto)
  permissions!: PermissionEntryInputDto[];
}
