import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Get, Module, Post, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Express } from 'express';
import { AdminOnly, Public } from './access';
import { Reaches, reach } from './policy';
import { routeTable, undeclaredRoutes } from './route-table';

@Controller('api/things')
class ThingsController {
  @Get()
  @Reaches(reach.pharmacy('query', 'pharmacyId'))
  list() {
    return [];
  }

  /** Declares who may call it, but not what it reaches. */
  @Get(':id')
  @Public()
  forgotten() {
    return {};
  }

  @Post()
  @AdminOnly()
  @Reaches(reach.none())
  create() {
    return {};
  }
}

@Controller('api/settled')
@Reaches(reach.ownAccount())
class WholeControllerDeclared {
  @Get()
  read() {
    return {};
  }
}

@Module({ controllers: [ThingsController, WholeControllerDeclared] })
class FakeModule {}

describe('the route table the authorization matrix reads', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await NestFactory.create(FakeModule, { logger: false });
    const express = app.getHttpAdapter().getInstance() as Express;
    const answer = (_request: unknown, response: { json(body: unknown): void }) => response.json({});
    express.get('/raw', answer);
    express.get('/health', answer);
    await app.init();
  });
  afterAll(async () => {
    await app.close();
  });

  it('names every route without a declared reach, in or outside Nest', () => {
    expect(undeclaredRoutes(routeTable(app)).sort()).toEqual([
      'GET /api/things/:id (ThingsController.forgotten)',
      'GET /raw (outside Nest)',
    ]);
  });

  it("reads each route's access and reaches, a controller's declaration applying to its routes", () => {
    const byRoute = new Map(routeTable(app).map((route) => [`${route.method} ${route.path}`, route]));
    expect(byRoute.get('GET /api/things')).toMatchObject({
      handler: 'ThingsController.list',
      access: { audience: 'signed-in', ownAccount: false },
      reaches: [{ kind: 'pharmacy', in: 'query', fields: ['pharmacyId'] }],
    });
    expect(byRoute.get('POST /api/things')?.access.audience).toBe('admin');
    expect(byRoute.get('GET /api/things/:id')?.access.audience).toBe('public');
    expect(byRoute.get('GET /api/settled')?.reaches).toEqual([{ kind: 'own-account' }]);
    expect(byRoute.get('GET /health')).toMatchObject({ handler: 'outside Nest', reaches: [{ kind: 'none' }] });
  });
});
