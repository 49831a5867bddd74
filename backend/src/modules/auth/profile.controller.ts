import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../common/auth/decorators';
import type { AuthContext } from '../../common/auth/auth-context';
import { ok } from '../../common/http/envelope';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { OwnProfileDto, UpdateOwnProfileDto } from './dto/profile.dto';
import { NO_OWN_EMPLOYEE, ProfileService } from './profile.service';

export const PROFILE_SAVED = 'Profile updated successfully';

/** Settings → Profile: every signed-in user with an employee record keeps their own contact details. */
@ApiTags('auth')
@Controller('auth/me/profile')
export class ProfileController {
  constructor(private readonly profile: ProfileService) {}

  @Get()
  @ApiOperation({ summary: "The caller's own employee record: name, position, department and the contact details they may change" })
  @ApiEnvelope(OwnProfileDto)
  @ApiNotFoundResponse({ description: NO_OWN_EMPLOYEE })
  get(@Auth() ctx: AuthContext): Promise<OwnProfileDto> {
    return this.profile.get(ctx);
  }

  @Put()
  @ApiOperation({
    summary:
      "Saves the caller's own phone, address and emergency contact; fields left out keep their value. Any other field (position, department, salary, status, role...) is refused",
  })
  @ApiEnvelope(OwnProfileDto)
  @ApiBadRequestResponse({ description: 'A field is too long, or the body has a field that cannot be changed here; errors name it' })
  @ApiNotFoundResponse({ description: NO_OWN_EMPLOYEE })
  async update(@Auth() ctx: AuthContext, @Body() dto: UpdateOwnProfileDto) {
    return ok(await this.profile.update(ctx, dto), PROFILE_SAVED);
  }
}
