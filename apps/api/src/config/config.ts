import { z } from 'zod';
import type { AiSettings } from '@pharmacy/jobs';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['true', '1', 'yes'].includes(value));

/** Every environment variable the product reads. `.env.example` lists them with their defaults. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  APP_ROLE: z.enum(['all', 'api', 'projector']).default('all'),
  /** Run the background jobs (BullMQ) in this process when the role includes them. */
  BACKGROUND_JOBS: booleanFlag.default(true),
  /** When the nightly expiry scan runs (cron pattern, in TIME_ZONE). */
  EXPIRY_SCAN_CRON: z
    .string()
    .trim()
    .regex(/^(\S+\s+){4}\S+$/, 'must be a cron pattern of five fields, e.g. "5 0 * * *"')
    .default('5 0 * * *'),
  /** When the nightly verification of the read models against a replay of the log runs (cron, in TIME_ZONE). */
  VERIFY_CRON: z
    .string()
    .trim()
    .regex(/^(\S+\s+){4}\S+$/, 'must be a cron pattern of five fields, e.g. "30 2 * * *"')
    .default('30 2 * * *'),
  /** An OpenAI-compatible server for the assistant (OpenAI, Ollama, vLLM, llama.cpp); without it the local assistant answers. */
  OPENAI_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** A model that reads images, for Add Product by Photo (unset: photos are read by barcode and OCR only). */
  OPENAI_VISION_MODEL: z.string().min(1).optional(),
  /** Per request to the model, and further attempts after a failed one. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
  AI_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  EVENT_STORE: z.enum(['postgres', 'eventstoredb']).default('postgres'),
  EVENTSTORE_CONNECTION_STRING: z.string().startsWith('esdb').optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO_DATA: booleanFlag.optional(),
  PROJECTION_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /** /ready answers 503 while any read model is further behind the event log than this (seconds). */
  READY_MAX_PROJECTION_LAG_SECONDS: z.coerce.number().min(1).max(86_400).default(60),
  /** When set, /metrics requires `Authorization: Bearer <token>`; unset, it is open (keep it off the public network). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** How many hot streams (a pharmacy's stock) keep their decided state in memory in this process. */
  HOT_STREAMS: z.coerce.number().int().min(1).max(100_000).default(256),
  WEB_DIST_DIR: z.string().optional(),
  /** Signs session cookies and keys the one-time-code hashes. Generated and kept in DATA_DIR when unset outside production. */
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Send cookies only over HTTPS. Default: on in production; elsewhere the
   * cookie is marked Secure when the request came over HTTPS (directly, or
   * through a proxy TRUST_PROXY trusts).
   */
  COOKIE_SECURE: booleanFlag.optional(),
  /**
   * Which proxies in front of the server are believed about the client's
   * address and scheme (X-Forwarded-For / -Proto), as Express's "trust proxy":
   * `loopback` (default: a proxy on this machine), `false` (none), a number of
   * hops, or addresses and subnets separated by commas (`10.0.0.0/8, 192.168.1.5`).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('loopback')
    .transform((value): boolean | number | string =>
      value === 'false' ? false : value === 'true' ? true : /^\d+$/.test(value) ? Number(value) : value,
    ),
  /** smtp(s)://user:pass@host:port for the sign-in codes; unset: codes go to the log and OUTBOX_FILE. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().default('Pharmacy Management <no-reply@pharmacy.local>'),
  /** Where sign-in codes are appended when there is no SMTP_URL. Default: DATA_DIR/outbox.log. */
  OUTBOX_FILE: z.string().optional(),
  /** The first administrator, created at start-up when no administrator exists. */
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  /** Sign-in attempts allowed per client address in 10 minutes (each sign-in path). */
  SIGNIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  /** Sign-in codes that may be requested for one e-mail address in 10 minutes. */
  SIGNIN_CODES_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  /** Sign-in attempts at /pharmacist-login for one username in 10 minutes (five wrong ones lock the account anyway). */
  SIGNIN_LIMIT_PER_USERNAME: z.coerce.number().int().min(1).default(20),
  /**
   * The oldest offline sale the server records, in hours after it was made (ADR 0015): an older one is
   * refused (422 OFFLINE_SALE_TOO_OLD) and stays set aside at the till for a manager, never recorded at a
   * date nobody checks. Three days cover a long weekend without a network.
   */
  OFFLINE_SALE_MAX_AGE_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 90)
    .default(72),
  /** A sale made offline from a copy of the prices older than this many hours is flagged for review (ADR 0015). */
  OFFLINE_PRICE_WINDOW_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
  /** The pharmacies' time zone: decides what "today" is for expiry dates. */
  TIME_ZONE: z
    .string()
    .default('UTC')
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-CA', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Asia/Amman'),
});

export type AppConfig = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Validates the environment once, at start-up; one line per problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = configSchema.safeParse(present);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'config'}: ${issue.message}`);
  if (present.EVENT_STORE === 'eventstoredb' && !present.EVENTSTORE_CONNECTION_STRING) {
    problems.push(
      'EVENTSTORE_CONNECTION_STRING: is required when EVENT_STORE=eventstoredb (e.g. esdb://localhost:2113?tls=false)',
    );
  }
  if (present.NODE_ENV === 'production' && !present.SESSION_SECRET) {
    problems.push('SESSION_SECRET: is required in production (at least 32 random characters)');
  }
  if (Boolean(present.ADMIN_EMAIL) !== Boolean(present.ADMIN_PASSWORD)) {
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither');
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  return parsed.data;
}

/** The assistant's model, when one is configured (OPENAI_BASE_URL). */
export function modelSettings(config: AppConfig): AiSettings | null {
  if (!config.OPENAI_BASE_URL) return null;
  return {
    baseUrl: config.OPENAI_BASE_URL,
    apiKey: config.OPENAI_API_KEY ?? 'not-needed',
    model: config.OPENAI_MODEL,
    timeoutMs: config.AI_TIMEOUT_MS,
    retries: config.AI_RETRIES,
    ...(config.OPENAI_VISION_MODEL ? { visionModel: config.OPENAI_VISION_MODEL } : {}),
  };
}
