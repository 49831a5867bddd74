import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { IsObject } from 'class-validator';

/** The setting of one position (spec field names: camelCase, as the console sends them). */
export class PlatformAccessValueDto {
  @ApiProperty({ default: false }) allowWebAccess!: boolean;
  @ApiProperty({ default: true }) allowPWAAccess!: boolean;
  @ApiProperty({ default: false, description: 'true forces allowWebAccess false' }) forcePWA!: boolean;
  @ApiProperty({ default: '', description: 'notes', maxLength: 500 }) description!: string;
}

export class PlatformAccessSettingsDto {
  @ApiProperty({
    description: 'keyed by position id; every position of the company, with the defaults where none is stored',
    type: 'object',
    additionalProperties: { $ref: getSchemaPath(PlatformAccessValueDto) },
    example: { '12': { allowWebAccess: false, allowPWAAccess: true, forcePWA: false, description: '' } },
  })
  settings!: Record<string, PlatformAccessValueDto>;
}

export class SavePlatformAccessSettingsDto {
  @ApiProperty({
    description:
      'keyed by position id. Positions listed are saved (one transaction); others keep their setting. ' +
      'An unknown or foreign position id answers 404 and nothing is written.',
    type: 'object',
    // a value's fields are each optional (the defaults fill them) and no other is taken
    additionalProperties: {
      type: 'object',
      additionalProperties: false,
      properties: {
        allowWebAccess: { type: 'boolean', default: false },
        allowPWAAccess: { type: 'boolean', default: true },
        forcePWA: { type: 'boolean', default: false, description: 'true forces allowWebAccess false' },
        description: { type: 'string', default: '', description: 'notes', maxLength: 500 },
      },
    },
  })
  @IsObject({ message: 'Settings must be an object keyed by position id' })
  settings!: Record<string, unknown>;
}

/** The signed-in user's own rule (platform.md 6). */
export class MyPlatformAccessDto {
  @ApiProperty() allowWebAccess!: boolean;
  @ApiProperty() allowPWAAccess!: boolean;
  @ApiProperty() forcePWA!: boolean;
  @ApiProperty({
    enum: ['role', 'position', 'default'],
    description: "role: fixed by the role (superadmin web only, company_admin either); position: the position's setting; default: no setting",
  })
  source!: 'role' | 'position' | 'default';
  @ApiPropertyOptional({ nullable: true, type: Number }) position_id?: number | null;
}
