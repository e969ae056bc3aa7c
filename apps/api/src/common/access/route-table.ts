import { RequestMethod, type INestApplication } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import { declaredAccess, type DeclaredAccess } from './access';
import { REACHES, type Reach } from './policy';

/** One route the HTTP server answers, with the policy declared for it (null where none is). */
export interface RouteEntry {
  method: string;
  /** As the router matches it: `/api/sales/:id`. */
  path: string;
  /** `Controller.method`, or `outside Nest` for a route mounted on Express directly. */
  handler: string;
  access: DeclaredAccess;
  reaches: readonly Reach[] | null;
}

/**
 * Routes mounted on Express outside Nest, where no decorator can go: each
 * must be declared here, or the authorization matrix fails on it.
 */
export const routesOutsideNest: ReadonlyArray<{ method: string; path: string; why: string }> = [
  { method: 'GET', path: '/health', why: 'liveness probe: says only that the process answers' },
  { method: 'GET', path: '/ready', why: 'readiness probe: the dependencies’ health, no pharmacy data' },
  {
    method: 'GET',
    path: '/metrics',
    why: 'Prometheus counters by route pattern; a bearer token when METRICS_TOKEN is set',
  },
];

interface ControllerRoute {
  handler: string;
  targets: [(...args: never[]) => unknown, abstract new (...args: never[]) => unknown];
}

interface RouterLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

/**
 * The routes of the running app, read from its Express router (what really
 * answers), each matched to its Nest handler for the policy its decorators
 * declare. Throws when a controller's route is not on the router: then the
 * table would be read wrong, and a route could escape the matrix.
 */
export function routeTable(app: INestApplication): RouteEntry[] {
  const reflector = app.get(Reflector);
  const controllerRoutes = routesOfControllers(app);
  const entries = routerRoutes(app).map(({ method, path }): RouteEntry => {
    const key = `${method} ${path}`;
    const route = controllerRoutes.get(key);
    controllerRoutes.delete(key);
    if (route) {
      return {
        method,
        path,
        handler: route.handler,
        access: declaredAccess(reflector, route.targets),
        reaches: reflector.getAllAndOverride<Reach[] | undefined>(REACHES, route.targets) ?? null,
      };
    }
    const outside = routesOutsideNest.find((declared) => declared.method === method && declared.path === path);
    return {
      method,
      path,
      handler: 'outside Nest',
      access: { audience: outside ? 'public' : 'signed-in', refusal: null, ownAccount: false },
      reaches: outside ? [{ kind: 'none' }] : null,
    };
  });
  if (controllerRoutes.size > 0) {
    throw new Error(`controller routes not found on the router: ${[...controllerRoutes.keys()].join(', ')}`);
  }
  return entries;
}

/** The routes without a declared policy: each one fails the authorization matrix. */
export function undeclaredRoutes(table: readonly RouteEntry[]): string[] {
  return table
    .filter((route) => route.reaches === null || route.reaches.length === 0)
    .map((route) => `${route.method} ${route.path} (${route.handler})`);
}

/** Every route handler of every controller, by `METHOD /path` as Nest registers it. */
function routesOfControllers(app: INestApplication): Map<string, ControllerRoute> {
  const discovery = new DiscoveryService(app.get(ModulesContainer));
  const scanner = new MetadataScanner();
  const routes = new Map<string, ControllerRoute>();
  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as ControllerRoute['targets'][1] | null;
    if (!controller) continue;
    const prefixes = pathsOf(Reflect.getMetadata(PATH_METADATA, controller));
    for (const name of scanner.getAllMethodNames(controller.prototype)) {
      const handler = (controller.prototype as Record<string, unknown>)[name] as ControllerRoute['targets'][0];
      const requestMethod = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (requestMethod === undefined) continue;
      for (const prefix of prefixes) {
        for (const path of pathsOf(Reflect.getMetadata(PATH_METADATA, handler))) {
          routes.set(`${RequestMethod[requestMethod]} ${joinPath(prefix, path)}`, {
            handler: `${controller.name}.${name}`,
            targets: [handler, controller],
          });
        }
      }
    }
  }
  return routes;
}

/** Every (method, path) the Express router holds a route for. */
function routerRoutes(app: INestApplication): Array<{ method: string; path: string }> {
  const express = app.getHttpAdapter().getInstance() as { router: { stack: RouterLayer[] } };
  return express.router.stack.flatMap((layer) =>
    layer.route
      ? Object.keys(layer.route.methods).map((method) => ({ method: method.toUpperCase(), path: layer.route!.path }))
      : [],
  );
}

function pathsOf(metadata: unknown): string[] {
  if (Array.isArray(metadata)) return metadata.map(String);
  return [typeof metadata === 'string' ? metadata : '/'];
}

function joinPath(prefix: string, path: string): string {
  const joined = `/${prefix}/${path}`.replace(/\/+/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}
