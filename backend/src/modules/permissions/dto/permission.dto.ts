import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class ModuleDto {
  @ApiProperty() id!: number;
  @ApiProperty({ example: 'employees' }) module_key!: string;
  @ApiProperty({ example: 'Employees' }) module_name!: string;
  @ApiPropertyOptional({ nullable: true, type: String }) description?: string | null;
}

export class EffectivePermissionDto {
  @ApiProperty() module_id!: number;
  @ApiProperty({ type: ModuleDto }) module!: ModuleDto;
  @ApiProperty() can_view!: boolean;
  @ApiProperty() can_create!: boolean;
  @ApiProperty() can_edit!: boolean;
  @ApiProperty() can_delete!: boolean;
}
