export { createTestDatabase, testRedisUrl, type TestDatabase } from './database';
export { startTestApp, type TestApp } from './app';
export { startLocalRedis } from './redis';
