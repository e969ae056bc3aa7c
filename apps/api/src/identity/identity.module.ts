import { Global, Module } from '@nestjs/common';
import { AuthHttpController, AuthNavigationController } from './http/auth.http.controller';
import { SettingsHttpController } from './http/settings.http.controller';
import { AdminUsersHttpController, UsersHttpController } from './http/users.http.controller';
import { IdentityService } from './identity.service';
import { PassportSetup } from './passport.setup';
import { SettingsService } from './settings.service';
import { TotpService } from './totp.service';
import { UsersAdminService } from './users-admin.service';

/** Users, sign-in, sessions, settings. Plain tables, not events; every change audited. */
@Global()
@Module({
  controllers: [
    AuthHttpController,
    AuthNavigationController,
    AdminUsersHttpController,
    UsersHttpController,
    SettingsHttpController,
  ],
  providers: [IdentityService, TotpService, UsersAdminService, SettingsService, PassportSetup],
  exports: [IdentityService, UsersAdminService, SettingsService],
})
export class IdentityModule {}
