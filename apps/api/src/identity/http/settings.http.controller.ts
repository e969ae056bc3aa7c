import { Body, Controller, Get, Put } from '@nestjs/common';
import { profileSchema, systemSettingsSchema, type ProfileInput, type SystemSettings } from '@pharmacy/contracts';
import type { z } from 'zod';
import { AdminOnly, OwnAccount, type Principal } from '../../common/access/access';
import { Reaches, reach } from '../../common/access/policy';
import { Caller, Origin } from '../../common/request-context';
import { ZodValidationPipe } from '../../common/validation';
import type { RequestOrigin } from '../audit';
import { IdentityService } from '../identity.service';
import { SettingsService } from '../settings.service';

/** Settings are persisted (the specification leaves them unsaved). */
@Controller('api/settings')
export class SettingsHttpController {
  constructor(
    private readonly settings: SettingsService,
    private readonly identity: IdentityService,
  ) {}

  @Get()
  @Reaches(reach.none())
  system(): Promise<SystemSettings> {
    return this.settings.system();
  }

  @Put()
  @AdminOnly('Only administrators can change system settings.')
  @Reaches(reach.none())
  updateSystem(
    @Body(new ZodValidationPipe(systemSettingsSchema)) body: z.output<typeof systemSettingsSchema>,
    @Caller() caller: Principal,
    @Origin() origin: RequestOrigin,
  ): Promise<SystemSettings> {
    return this.settings.updateSystem(body, caller.id, origin);
  }

  @Get('profile')
  @Reaches(reach.ownAccount())
  profile(@Caller() caller: Principal): Promise<ProfileInput> {
    return this.settings.profile(caller.id);
  }

  @Put('profile')
  @OwnAccount()
  @Reaches(reach.ownAccount(), reach.pharmacy('body', 'defaultPharmacyId'))
  async updateProfile(
    @Body(new ZodValidationPipe(profileSchema)) body: z.output<typeof profileSchema>,
    @Caller() caller: Principal,
    @Origin() origin: RequestOrigin,
  ): Promise<ProfileInput> {
    const allowed = await this.identity.allowedPharmacies(caller.user);
    return this.settings.updateProfile(
      caller.id,
      body,
      allowed.map((p) => p.id),
      origin,
    );
  }
}
