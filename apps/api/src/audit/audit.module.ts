import { Module } from '@nestjs/common';
import { AuditHttpController } from './audit.http.controller';
import { AuditService } from './audit.service';

@Module({ controllers: [AuditHttpController], providers: [AuditService] })
export class AuditModule {}
