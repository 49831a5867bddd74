import { Body, Controller, Get, Put, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiBadRequestResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, RequireModule, Roles } from '../../common/auth/decorators';
import type { AuthContext } from '../../common/auth/auth-context';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ok } from '../../common/http/envelope';
import { AttendanceSettingsViewDto, UpdateAttendanceSettingsDto } from './dto/attendance-settings.dto';
import { sampleIpRanges } from './ip-ranges';
import { NotificationPreferencesDto, UpdateNotificationPreferencesDto } from './dto/notification-preferences.dto';
import { NotificationPreferencesService } from './notification-preferences.service';
import { SettingsService } from './settings.service';
import { SelfServiceSettingsDto, UpdateSelfServiceSettingsDto } from './dto/self-service.dto';
import { LineManagerSettingsDto, UpdateLineManagerSettingsDto } from './dto/line-managers.dto';
import { SELF_SERVICE_OFF } from '../../common/auth/self-service';

/** The settings with the caller's address and the sample ranges around it (hr.md 9). */
const withClientAddress = <T extends object>(settings: T, req: FastifyRequest) => ({
  ...settings,
  client_ip: req.ip ?? null,
  sample_ip_ranges: sampleIpRanges(req.ip),
});

@ApiTags('settings')
@Controller('settings')
export class SettingsController {
  constructor(
    private readonly settings: SettingsService,
    private readonly notifications: NotificationPreferencesService,
  ) {}

  @Get('attendance')
  @RequireModule('settings', 'view')
  @ApiOperation({ summary: "The company's attendance settings (General, Geolocation, Device, Network)" })
  @ApiEnvelope(AttendanceSettingsViewDto)
  async attendance(@Auth() ctx: AuthContext, @Req() req: FastifyRequest): Promise<AttendanceSettingsViewDto> {
    return withClientAddress(await this.settings.getAttendance(ctx), req);
  }

  @Put('attendance')
  @Roles('company_admin', 'superadmin')
  @RequireModule('settings', 'edit')
  @ApiOperation({ summary: "Saves the company's attendance settings; fields left out keep their value" })
  @ApiEnvelope(AttendanceSettingsViewDto)
  @ApiBadRequestResponse({ description: 'A value is out of its bounds; errors name it, e.g. geolocation.accuracy_threshold' })
  async saveAttendance(@Auth() ctx: AuthContext, @Body() dto: UpdateAttendanceSettingsDto, @Req() req: FastifyRequest) {
    return ok(withClientAddress(await this.settings.updateAttendance(ctx, dto), req), 'Settings saved successfully');
  }

  @Get('self-service')
  @RequireModule('settings', 'view')
  @ApiOperation({
    summary: "The company's self-service policy (Settings → Permissions): what every active employee may do on their own records",
  })
  @ApiEnvelope(SelfServiceSettingsDto)
  selfService(@Auth() ctx: AuthContext): Promise<SelfServiceSettingsDto> {
    return this.settings.getSelfService(ctx);
  }

  @Put('self-service')
  @Roles('company_admin', 'superadmin')
  @RequireModule('settings', 'edit')
  @ApiOperation({
    summary: 'Turns the self-service policy on or off; takes effect on the next request of every employee',
    description: `Off: an employee without the matrix right is refused with '${SELF_SERVICE_OFF}'.`,
  })
  @ApiEnvelope(SelfServiceSettingsDto)
  @ApiBadRequestResponse({ description: 'enabled is missing or not true or false' })
  async saveSelfService(@Auth() ctx: AuthContext, @Body() dto: UpdateSelfServiceSettingsDto) {
    const saved = await this.settings.updateSelfService(ctx, dto.enabled);
    return ok(saved, saved.enabled ? 'Self-service turned on' : 'Self-service turned off');
  }

  @Get('line-managers')
  @RequireModule('settings', 'view')
  @ApiOperation({
    summary: "The company's line-manager policy (Settings → Permissions): what every employee with reports may do on the team's records",
  })
  @ApiEnvelope(LineManagerSettingsDto)
  lineManagers(@Auth() ctx: AuthContext): Promise<LineManagerSettingsDto> {
    return this.settings.getLineManagers(ctx);
  }

  @Put('line-managers')
  @Roles('company_admin', 'superadmin')
  @RequireModule('settings', 'edit')
  @ApiOperation({
    summary: 'Turns the line-manager policy on or off; takes effect on the next request of every manager',
  })
  @ApiEnvelope(LineManagerSettingsDto)
  @ApiBadRequestResponse({ description: 'enabled is missing or not true or false' })
  async saveLineManagers(@Auth() ctx: AuthContext, @Body() dto: UpdateLineManagerSettingsDto) {
    const saved = await this.settings.updateLineManagers(ctx, dto.enabled);
    return ok(saved, saved.enabled ? 'Line managers turned on' : 'Line managers turned off');
  }

  @Get('notifications')
  @ApiOperation({ summary: "The signed-in user's notification preferences" })
  @ApiEnvelope(NotificationPreferencesDto)
  notificationPreferences(@Auth() ctx: AuthContext): Promise<NotificationPreferencesDto> {
    return this.notifications.forUser(ctx.userId);
  }

  @Put('notifications')
  @ApiOperation({ summary: "Saves the signed-in user's notification preferences; fields left out keep their value" })
  @ApiEnvelope(NotificationPreferencesDto)
  async saveNotificationPreferences(@Auth() ctx: AuthContext, @Body() dto: UpdateNotificationPreferencesDto) {
    return ok(await this.notifications.update(ctx.userId, dto), 'Notification preferences saved successfully');
  }
}
