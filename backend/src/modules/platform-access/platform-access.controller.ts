import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiExtraModels, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, RequireModule, Roles } from '../../common/auth/decorators';
import type { AuthContext } from '../../common/auth/auth-context';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ok } from '../../common/http/envelope';
import {
  MyPlatformAccessDto,
  PlatformAccessSettingsDto,
  PlatformAccessValueDto,
  SavePlatformAccessSettingsDto,
} from './dto/platform-access.dto';
import { PlatformAccessService } from './platform-access.service';

@ApiTags('platform-access')
@ApiExtraModels(PlatformAccessValueDto)
@Controller('hr/platform-access-settings')
export class PlatformAccessController {
  constructor(private readonly platformAccess: PlatformAccessService) {}

  @Get()
  @Roles('company_admin', 'superadmin')
  @RequireModule('settings', 'view')
  @ApiOperation({ summary: "Web / PWA access of every position of the caller's company" })
  @ApiEnvelope(PlatformAccessSettingsDto)
  async list(@Auth() ctx: AuthContext): Promise<PlatformAccessSettingsDto> {
    return { settings: await this.platformAccess.settings(ctx) };
  }

  @Post()
  @HttpCode(200)
  @Roles('company_admin', 'superadmin')
  @RequireModule('settings', 'edit')
  @ApiOperation({ summary: 'Saves the web / PWA access of the positions listed' })
  @ApiEnvelope(PlatformAccessSettingsDto)
  @ApiBadRequestResponse({ description: 'A value is invalid; errors name it (e.g. settings.12.forcePWA)' })
  @ApiNotFoundResponse({ description: "A position id is not one of the caller's company" })
  async save(@Auth() ctx: AuthContext, @Body() dto: SavePlatformAccessSettingsDto) {
    return ok({ settings: await this.platformAccess.save(ctx, dto.settings) }, 'Platform access settings saved successfully');
  }
}

@ApiTags('platform-access')
@Controller('auth')
export class MyPlatformAccessController {
  constructor(private readonly platformAccess: PlatformAccessService) {}

  @Get('platform-access')
  @ApiOperation({ summary: "The signed-in user's platform rule: may it use the web console, the app (PWA), or only the app" })
  @ApiEnvelope(MyPlatformAccessDto)
  mine(@Auth() ctx: AuthContext): Promise<MyPlatformAccessDto> {
    return this.platformAccess.mine(ctx);
  }
}
