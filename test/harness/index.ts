export { createTestDatabase, testRedisUrl, type TestDatabase } from './database';
export { demoAccounts, startTestApp, type TestApp } from './app';
export { startLocalRedis } from './redis';
export { demoPharmacyIds, isoDaysFromNow, unique } from './fixtures';
export { FaultyStore } from './faults';
export { completion, fakeOpenAi, modelEnv } from './fake-openai';
export { gtinCheckDigit, packPhoto, type Pack } from './pack-photo';
export { seededRandom } from './seeded';
