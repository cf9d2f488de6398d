/**
 * THE configuration: every environment variable the app, the worker, the operator commands, the
 * tests and the benchmarks read, declared once with its type, default and meaning. The operators'
 * tables under "Configuration" in docs/OPERATORS.md are generated from these declarations (`npm run config:docs`), and
 * a test fails while they differ.
 *
 * The environment is parsed once per process, on first use, and kept. A value that does not parse
 * is never replaced by a default: the server (next.config.ts, instrumentation.ts) and every
 * command stop at start with a line naming the variable, what is wrong and what it accepts. An
 * empty value counts as unset. Tests that change process.env call `reloadConfig()`.
 *
 * next.config.ts loads this file with Node's own type stripping: relative imports name their
 * extension, and nothing here may need a bundler.
 */
import path from 'node:path';
import { z } from 'zod';
import { processWide } from './process-wide.ts';

/** Who reads a variable: the app and its commands, the platform that runs it, or tests and benchmarks only. */
export type VariableUse = 'app' | 'platform' | 'tests';

type Declaration<S extends z.ZodType<unknown, string | undefined>> = {
  schema: S;
  /** The default as docs/OPERATORS.md shows it (markdown); derived from the schema when it has one. */
  shownDefault: string;
  /** One line for docs/OPERATORS.md. */
  meaning: string;
  use: VariableUse;
  /** Never echoed in a message: passwords, tokens, connection strings. */
  secret: boolean;
};

const code = (text: string | number) => `\`${text}\``;

/** Where `next dev` and `next start` listen when neither `-p` nor PORT says otherwise. */
export const DEFAULT_PORT = 3000;

function variable<S extends z.ZodType<unknown, string | undefined>>(
  schema: S,
  doc: { meaning: string; default?: string; use?: VariableUse; secret?: boolean },
): Declaration<S> {
  const fallback = schema instanceof z.ZodDefault ? (schema.def.defaultValue as unknown) : undefined;
  const shownDefault = doc.default ?? (typeof fallback === 'string' || typeof fallback === 'number' ? code(fallback) : 'unset');
  return { schema, shownDefault, meaning: doc.meaning, use: doc.use ?? 'app', secret: doc.secret ?? false };
}

// The kinds of value. Each error message says what the variable accepts.

function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `expected one of ${values.join(', ')}` });
}

/** `1` on, `0` or unset off. */
function flag() {
  return z.enum(['0', '1'], { error: 'expected 1 (on) or 0 (off)' }).optional().transform((v) => v === '1');
}

function wholeNumber(min: number, max?: number) {
  const expected = max === undefined ? `expected a whole number, ${min} or more` : `expected a whole number from ${min} to ${max}`;
  return z
    .string()
    .refine((s) => /^\d{1,15}$/.test(s) && Number(s) >= min && (max === undefined || Number(s) <= max), { error: expected })
    .transform(Number);
}

function nonNegativeNumber() {
  return z
    .string()
    .refine((s) => /^\d{1,15}(\.\d+)?$/.test(s), { error: 'expected a number, 0 or more (e.g. 30 or 0.5)' })
    .transform(Number);
}

function absoluteUrl(protocols: readonly string[], expected: string) {
  return z.string().refine((s) => URL.canParse(s) && protocols.includes(new URL(s).protocol), { error: `expected ${expected}` });
}

const postgresUrl = () => absoluteUrl(['postgres:', 'postgresql:'], 'a postgres:// or postgresql:// URL');
const redisUrl = () => absoluteUrl(['redis:', 'rediss:'], 'a redis:// or rediss:// URL');
const httpUrl = () => absoluteUrl(['http:', 'https:'], 'an absolute http:// or https:// URL');

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/** The minimum length of API_KEY_SECRET: the pepper of API key hashes and the root of the derived keys. */
export const SERVER_SECRET_MIN_LENGTH = 32;

/**
 * The rate-limit policies whose quota RATE_LIMIT_<POLICY> may override. The policy table itself
 * (quotas, what each counts per) is lib/operations/rate-limit-policies.ts, which is held to
 * exactly these names.
 */
export const rateLimitPolicyNames = ['public', 'search', 'keyRead', 'keyWrite', 'hosted', 'storefront', 'challenge', 'oauth', 'signIn', 'authFailure'] as const;
export type RateLimitPolicyName = (typeof rateLimitPolicyNames)[number];
export type RateLimitQuota = { limit: number; windowSeconds: number };

/** `keyRead` -> `RATE_LIMIT_KEY_READ`. */
export function rateLimitVariable(name: RateLimitPolicyName): string {
  return `RATE_LIMIT_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

const RATE_LIMIT_FAMILY = 'RATE_LIMIT_<POLICY>';
const RATE_LIMIT_PREFIX_VARIABLE = 'RATE_LIMIT_PREFIX';
const RATE_LIMIT_QUOTA = /^([1-9]\d{0,8})\/([1-9]\d{0,8})$/;

/** Every variable, in the order docs/OPERATORS.md lists them. */
export const variables = {
  DATABASE_URL: variable(postgresUrl().optional(), {
    default: 'unset: the embedded PGlite',
    meaning: 'PostgreSQL connection string (`postgres://user:pass@host:5432/db`). Required in production.',
    secret: true,
  }),
  DATABASE_POOL_MAX: variable(wholeNumber(1, 1000).default(10), { meaning: 'connections per app instance to PostgreSQL' }),
  DATABASE_PREPARED_STATEMENTS: variable(oneOf(['on', 'off']).default('on'), {
    meaning:
      '`off` sends the hot statements unnamed instead of as named prepared statements (on PostgreSQL and on the embedded PGlite): for a connection pooler in transaction mode that cannot keep them (PgBouncer before 1.21, or with `max_prepared_statements = 0`)',
  }),
  PGLITE_SHARED_BUFFERS: variable(
    z
      .string()
      .regex(/^\d{1,6}(kB|MB|GB)$/, { error: 'expected a size such as 32MB (a number then kB, MB or GB)' })
      .default('32MB'),
    {
      meaning:
        "the embedded database's buffer cache (`shared_buffers`), held in its WebAssembly memory, which never shrinks: PostgreSQL's own default of 128MB costs about 100 MB more resident memory",
    },
  ),
  PGLITE_WORKER: variable(oneOf(['on', 'off']).default('on'), {
    meaning:
      "`off` runs the server's embedded database on the server's own thread instead of a worker thread: less resident memory (30 MB less at the end of a 2-minute soak, 120 MB less after `npm run bench`) and fewer answers per second (the soak answered 37% fewer requests); see `bench/README.md`",
  }),
  PGLITE_DATA_DIR: variable(z.string().optional(), {
    default: code('.data/pglite'),
    meaning:
      'where the embedded database lives; a relative path is taken from the project folder. One process owns it (lock `<dir>.lock`, socket `<dir>.sock/`); see "The embedded database has one owner". `npm run db:seed` writes its demo facts to `<dir>.demo.json` (to `.data/demo.json` for the default folder)',
  }),
  PUBLIC_BASE_URL: variable(httpUrl().optional(), {
    default: code('http://localhost:<PORT>'),
    meaning: 'absolute base of this deployment, for links and the media URLs in API responses (pages use root-relative ones)',
  }),
  API_KEY_SECRET: variable(
    z.string().min(SERVER_SECRET_MIN_LENGTH, { error: `expected at least ${SERVER_SECRET_MIN_LENGTH} characters (e.g. openssl rand -base64 48)` }).optional(),
    {
      default: 'generated once into `.data/api-key-secret`',
      meaning:
        'the server secret (32+ characters): keyed hashes of API keys, and (derived from it) address tokens, store access tokens and proof-of-work puzzle signatures. Set it in production, the same on every instance sharing a database.',
      secret: true,
    },
  ),
  AUTH_SECRET: variable(z.string().optional(), {
    default: 'derived from the server secret',
    meaning: 'the key of the merchant session cookies (Auth.js); set it to rotate sessions independently of `API_KEY_SECRET`',
    secret: true,
  }),
  MEDIA_STORAGE: variable(oneOf(['local', 's3', 'vercel-blob']).default('local'), {
    meaning:
      'where uploaded product images are stored: `local` (files under `MEDIA_DIR`, one server or a shared volume), `s3` (an S3-compatible bucket, `S3_*`), `vercel-blob` (Vercel Blob, `BLOB_READ_WRITE_TOKEN`). Whichever it is, they are served from this host under `/media/u/`',
  }),
  MEDIA_DIR: variable(z.string().optional(), {
    default: code('.data/media'),
    meaning: 'the folder of `MEDIA_STORAGE=local`; a relative path is taken from the project folder',
  }),
  MEDIA_MAX_UPLOAD_BYTES: variable(wholeNumber(1024, 100 * 1024 * 1024).default(10 * 1024 * 1024), {
    meaning: 'the largest image upload, in bytes of the whole multipart body (at most 100 MiB); a larger one is refused 413 while it arrives',
  }),
  MEDIA_MAX_INPUT_PIXELS: variable(wholeNumber(1, 1_000_000_000).default(50_000_000), {
    meaning: 'the most pixels (width × height) an uploaded image may have; more is refused 422 before it is decoded (a small file can declare a huge picture)',
  }),
  S3_BUCKET: variable(z.string().optional(), { meaning: 'the bucket of `MEDIA_STORAGE=s3` (required with it)' }),
  S3_REGION: variable(z.string().default('us-east-1'), { meaning: 'the region of `S3_BUCKET` (what SigV4 signs with)' }),
  S3_ENDPOINT: variable(httpUrl().optional(), {
    default: 'unset: AWS S3 of `S3_REGION`',
    meaning: 'the endpoint of an S3-compatible service (MinIO, Cloudflare R2, Ceph...), e.g. `https://<account>.r2.cloudflarestorage.com`',
  }),
  S3_FORCE_PATH_STYLE: variable(flag(), { meaning: '`1` addresses the bucket in the path (`<endpoint>/<bucket>/<key>`), as MinIO and most self-hosted services need' }),
  S3_ACCESS_KEY_ID: variable(z.string().optional(), {
    default: "unset: the AWS SDK's default credential chain",
    meaning: 'the access key of `MEDIA_STORAGE=s3`, with `S3_SECRET_ACCESS_KEY` (one without the other is refused)',
  }),
  S3_SECRET_ACCESS_KEY: variable(z.string().optional(), { meaning: 'the secret of `S3_ACCESS_KEY_ID`', secret: true }),
  S3_KEY_PREFIX: variable(z.string().regex(/^[A-Za-z0-9._/-]{0,200}$/, { error: 'expected up to 200 characters of A-Z a-z 0-9 . _ / -' }).default(''), {
    default: 'unset: none',
    meaning: 'a prefix of every object key in `S3_BUCKET` (e.g. `media/`), to share a bucket',
  }),
  BLOB_READ_WRITE_TOKEN: variable(z.string().optional(), {
    meaning: 'the token of `MEDIA_STORAGE=vercel-blob` (Vercel sets it when a Blob store is connected to the project)',
    secret: true,
  }),
  REDIS_URL: variable(redisUrl().optional(), { meaning: 'a shared Redis for rate limits across self-hosted instances', secret: true }),
  UPSTASH_REDIS_REST_URL: variable(absoluteUrl(['https:', 'http:'], 'the https:// URL of the Upstash REST API').optional(), {
    meaning:
      'Upstash Redis for rate limits (the Vercel deployment), with `UPSTASH_REDIS_REST_TOKEN`; takes precedence over `REDIS_URL`. When the shared store fails, each instance falls back to its in-process limiter (logged) rather than refusing traffic.',
  }),
  UPSTASH_REDIS_REST_TOKEN: variable(z.string().optional(), { meaning: 'the token of `UPSTASH_REDIS_REST_URL` (one without the other is refused)', secret: true }),
  RATE_LIMIT_PREFIX: variable(z.string().default('sc:rl'), { meaning: 'key prefix of the rate-limit counters in Redis / Upstash' }),
  REDIS_COMMAND_TIMEOUT_MS: variable(wholeNumber(50, 60_000).default(500), {
    meaning:
      'how long a rate-limit check may wait for `REDIS_URL` before the instance fails open to its in-process limiter for 5 s (logged); the wait includes the time a busy instance takes to read the answer',
  }),
  TRUSTED_PROXY_HOPS: variable(wholeNumber(0, 16).default(0), {
    meaning:
      'self-hosted: how many proxies (0 to 16) in front of the app append to `X-Forwarded-For`; the client address is the entry that many hops from the right. `0` (no proxy declared): every client shares the address `unproxied` (one API rate-limit budget; sign-in and store passwords count per account and per browser instead, see "No proxy declared"). Ignored on Vercel (`VERCEL=1`), where `X-Real-IP` set by Vercel\'s edge is used. See "Client address" below.',
  }),
  DEFAULT_LOCALE: variable(oneOf(['en-US', 'zh-CN']).default('en-US'), { meaning: 'the default locale announced by `GET /api/v1/bootstrap`' }),
  DEFAULT_MARKET: variable(oneOf(['CN', 'US']).default('US'), { meaning: 'the default market announced by `GET /api/v1/bootstrap`' }),
  // GET /api/v1/public/contact answers what is set here and nothing else: no channel is invented.
  CONTACT_NAME: variable(z.string().default('Storefront Commerce'), { meaning: "the operator's name in `GET /api/v1/public/contact`" }),
  CONTACT_EMAIL: variable(z.email({ error: 'expected an email address' }).optional(), {
    default: 'unset: no email channel',
    meaning: "the operator's support email in `GET /api/v1/public/contact`, which lists only the channels set here (with none, `channels` is empty)",
  }),
  CONTACT_PHONE: variable(z.string().optional(), { default: 'unset: no phone channel', meaning: "the operator's support phone in `GET /api/v1/public/contact`" }),
  CONTACT_URL: variable(
    z.string().refine((s) => (s.startsWith('/') && !s.startsWith('//')) || (URL.canParse(s) && ['http:', 'https:'].includes(new URL(s).protocol)), {
      error: 'expected an absolute http:// or https:// URL, or a path of this deployment starting with /',
    }).optional(),
    { default: 'unset: no web channel', meaning: "the operator's support page in `GET /api/v1/public/contact`: an absolute http(s) URL, or a path of this deployment" },
  ),
  CONTACT_HOURS_EN_US: variable(z.string().optional(), {
    default: 'unset: `CONTACT_HOURS_ZH_CN`, else none',
    meaning: 'when those channels answer, in English (e.g. `Mon–Fri 9:00–18:00 CET`)',
  }),
  CONTACT_HOURS_ZH_CN: variable(z.string().optional(), {
    default: 'unset: `CONTACT_HOURS_EN_US`, else none',
    meaning: 'when those channels answer, in Chinese (e.g. `周一至周五 9:00–18:00`)',
  }),
  // Manual payment (bank transfer or pay on delivery): what the confirmation and order pages tell
  // the shopper. Unset, they say the store will send the instructions, and show no account.
  BANK_TRANSFER_ACCOUNT: variable(z.string().max(80).optional(), {
    default: 'unset: no account shown; the pages say the store will contact the shopper',
    meaning: 'the account (number or IBAN) shoppers who chose bank transfer pay into, shown with the order number as the payment reference',
  }),
  BANK_TRANSFER_ACCOUNT_NAME: variable(z.string().max(120).optional(), { meaning: 'the account holder shown with `BANK_TRANSFER_ACCOUNT`' }),
  BANK_TRANSFER_BANK: variable(z.string().max(120).optional(), { meaning: 'the bank shown with `BANK_TRANSFER_ACCOUNT`' }),
  BANK_TRANSFER_DAYS: variable(wholeNumber(1, 60).default(7), {
    meaning: 'days after the order within which a bank transfer is due (the deadline the order page shows)',
  }),
  STRIPE_API_BASE: variable(z.url().optional(), {
    default: 'unset: https://api.stripe.com',
    meaning: 'where the Stripe SDK sends API calls (`http://127.0.0.1:<port>` for the local fake the tests run); never set in production',
  }),
  STRIPE_API_TIMEOUT_MS: variable(wholeNumber(100).default(10000), {
    meaning: 'how long a call to Stripe may take before it counts as the provider not answering (the SDK retries once; the shopper sees "try again", nothing is charged twice thanks to the idempotency key)',
  }),
  ALIPAY_GATEWAY: variable(z.url().default('https://openapi.alipay.com/gateway.do'), {
    meaning: 'the Alipay open platform gateway the official SDK calls (`https://openapi-sandbox.dl.alipaydev.com/gateway.do` for Alipay\'s sandbox, `http://127.0.0.1:<port>/gateway.do` for the local fake the tests run)',
  }),
  ALIPAY_TIMEOUT_MS: variable(wholeNumber(100).default(10000), {
    meaning: 'how long a call to Alipay may take before it counts as the provider not answering (the shopper sees "try again"; the trade number is derived from the session, so a retry never opens a second trade)',
  }),
  CRON_SECRET: variable(z.string().optional(), {
    default: 'unset: the cron route answers 404',
    meaning: 'secret of `GET /api/cron/background-work` (sent as `Authorization: Bearer <CRON_SECRET>`, as Vercel Cron does)',
    secret: true,
  }),
  WEBHOOKS_ALLOW_LOOPBACK: variable(flag(), {
    meaning: '`1` lets webhooks go to `127.0.0.1`/`::1` over http, for tests and local receivers; refused at start when `NODE_ENV=production`, unless `PUBLIC_BASE_URL` is itself `http://127.0.0.1:<port>` (a production build run on this machine, as the browser tests do)',
  }),
  BACKGROUND_WORK_INTERVAL_MS: variable(wholeNumber(0).default(5000), {
    meaning:
      'a server process (`npm start`, `npm run dev`) runs the background work (checkout expiry, webhook delivery, sweeps) on a timer this often, whatever the traffic, and after each write; `0`: none of it, `npm run worker` (PostgreSQL) does it all (`npm run stack` sets 0 on its instances when it runs workers). On Vercel cron drives it and the after-write pass stays',
  }),
  // E-mail to shoppers and merchants (lib/notifications). Unset SMTP_URL: the embedded mailbox.
  SMTP_URL: variable(absoluteUrl(['smtp:', 'smtps:'], 'an smtp:// or smtps:// URL (smtps: TLS from the start)').optional(), {
    default: 'unset: messages are kept in the database only, readable in the development mailbox and `npm run mail`',
    meaning:
      'the SMTP server order e-mails go out through, e.g. `smtp://user:pass@smtp.example.com:587` (STARTTLS when the server offers it) or `smtps://…:465`; the worker sends, retries with backoff, and marks a message failed on a permanent (5xx) refusal',
    secret: true,
  }),
  MAIL_FROM: variable(z.string().email({ error: 'expected an e-mail address' }).optional(), {
    default: 'unset: `no-reply@<host of PUBLIC_BASE_URL>`',
    meaning: "the sender address of every message; the store's name is its display name",
  }),
  DEV_MAILBOX: variable(oneOf(['on', 'off']).optional(), {
    default: '`on` unless `NODE_ENV=production`',
    meaning: 'the development mailbox page `/dev/mailbox` (every message the deployment made, with its links): `on` shows it in production too (a staging or test deployment), `off` hides it everywhere',
  }),
  WORKER_IDLE_MS: variable(wholeNumber(0).default(1000), { meaning: 'pause of `npm run worker` between passes when there is nothing to do' }),
  LOG_LEVEL: variable(oneOf(logLevels).optional(), {
    default: '`info` (`warn` under vitest)',
    meaning: `the least severe log line written (JSON lines on stdout): ${logLevels.map(code).join(', ')}`,
  }),
  NEXT_DIST_DIR: variable(z.string().default('.next'), { meaning: 'build output folder (lets a benchmark build sit beside a dev server)' }),
  BUILD_SKIP_TYPECHECK: variable(flag(), {
    meaning: '`1`: `next build` skips its own TypeScript pass, for a build right after `npm run typecheck` (which checks every file Next would, and the tests); `.ci/run` sets it',
  }),
  PUBLIC_READ_CACHE_MAX_AGE_SECONDS: variable(nonNegativeNumber().default(30), {
    meaning: 'maximum age of an entry in the public-read cache (see "Public-read cache"); `0` turns the cache off',
  }),
  PUBLIC_READ_CACHE_CHECK_MS: variable(nonNegativeNumber().default(1000), {
    meaning: 'how often each instance reads the public-read version (the sum of its rows): the bound on how long a change committed elsewhere is served stale',
  }),
  PUBLIC_READ_CACHE_MAX_ENTRIES: variable(wholeNumber(0).default(5000), {
    meaning: 'size cap of the public-read cache per instance, in entries (least recently used entries go first)',
  }),
  PUBLIC_READ_CACHE_MAX_MB: variable(nonNegativeNumber().default(32), {
    meaning: 'size cap of the public-read cache per instance, in megabytes of response bodies (least recently used entries go first)',
  }),
  CREDENTIAL_CACHE_MAX_AGE_SECONDS: variable(nonNegativeNumber().default(60), {
    meaning: 'maximum age of an API key\'s row in the credential cache (see "Credential cache"); `0` turns the cache off (every request reads its key)',
  }),
  CREDENTIAL_CACHE_CHECK_MS: variable(nonNegativeNumber().default(1000), {
    meaning:
      'how often each instance reads the credential version row: the bound on how long a key revoked or an app uninstalled elsewhere still authenticates on an instance that cached it',
  }),
  CREDENTIAL_CACHE_MAX_ENTRIES: variable(wholeNumber(0).default(10_000), {
    meaning: 'size cap of the credential cache per instance (least recently used keys go first)',
  }),

  NODE_ENV: variable(oneOf(['development', 'production', 'test']).optional(), {
    use: 'platform',
    meaning:
      '`development` under `next dev`, `production` under `next build` and `next start`, `test` under vitest; unset for commands. Outside `development` cookies are `Secure` and the page policy allows no eval; `production` refuses `WEBHOOKS_ALLOW_LOOPBACK=1` and http return URLs (but for a deployment on localhost)',
  }),
  VERCEL: variable(flag(), { use: 'platform', meaning: '`1` on Vercel: the client address is `X-Real-IP`, which Vercel\'s edge sets' }),
  PORT: variable(wholeNumber(1, 65535).optional(), {
    use: 'platform',
    default: code(DEFAULT_PORT),
    meaning:
      "the port `next dev` and `next start` listen on (`-p` wins); the server sets it to the port it really listens on, and `npm run dev` to the one it chose (the first free one from 3000 when neither is given), so the default `PUBLIC_BASE_URL` follows the server's port",
  }),
  NEXT_PHASE: variable(z.string().optional(), {
    use: 'platform',
    meaning: 'set by Next.js; during `next build` (`phase-production-build`) the embedded database is reached through a running server, never opened',
  }),
  NEXT_RUNTIME: variable(oneOf(['nodejs', 'edge']).optional(), {
    use: 'platform',
    meaning: 'set by Next.js; `instrumentation.ts` claims the embedded database and checks this configuration in the `nodejs` runtime only (it reads this one itself: Next replaces it at build time)',
  }),
  CI: variable(z.string().optional(), { use: 'platform', meaning: 'set by CI services: the browser tests serve the build CI just made, retry once and forbid `.only`' }),

  VITEST: variable(z.string().optional(), { use: 'tests', meaning: 'set by vitest: logs default to `warn`' }),
  TEST_DATABASE_URL: variable(postgresUrl().optional(), {
    use: 'tests',
    default: 'unset: an in-memory PGlite per test file',
    meaning: 'a PostgreSQL server for the tests; every test file gets a fresh database cloned from a migrated, seeded template',
    secret: true,
  }),
  TEST_ACTIVE_DATABASE_URL: variable(postgresUrl().optional(), {
    use: 'tests',
    meaning: "set by the test setup (with `TEST_DATABASE_URL`): the test file's own database, for tests that start a second process or client on it",
    secret: true,
  }),
  TEST_REDIS_URL: variable(redisUrl().optional(), {
    use: 'tests',
    default: 'unset: those tests are skipped and say so',
    meaning: 'Redis for the shared rate-limit tests',
    secret: true,
  }),
  FUZZ_RUNS: variable(wholeNumber(1).default(60), { use: 'tests', meaning: 'inputs per operation of the hostile-input fuzzer (`tests/fuzz-operations.test.ts`)' }),
  UPDATE_OPENAPI_EXAMPLES: variable(flag(), {
    use: 'tests',
    meaning: '`1` (`npm run openapi:examples`) records the OpenAPI response examples instead of comparing them',
  }),
  UPDATE_NGINX_COMPOSE: variable(flag(), {
    use: 'tests',
    meaning: '`1` writes `deploy/nginx.compose.conf` from the template instead of comparing them (`tests/topology-config.test.ts`)',
  }),
  TOPOLOGY_TEST: variable(flag(), {
    use: 'tests',
    meaning: '`1` runs `tests/topology.test.ts` in `npm run test:integration` (nginx, 2 instances of the production build, 2 workers, on PostgreSQL and Redis); `.ci/run` sets it',
  }),
  TOPOLOGY_TEST_PORT: variable(wholeNumber(1, 65_535).default(3360), { use: 'tests', meaning: 'the port nginx listens on in `tests/topology.test.ts` (instances take the next ones)' }),
  UPSTREAM_KEEPALIVE_TEST_PORT: variable(wholeNumber(1, 65_535).default(3376), {
    use: 'tests',
    meaning: 'the port nginx listens on in `tests/upstream-keepalive.test.ts` (its instance takes the next one)',
  }),
  BENCH_POSTGRES_URL: variable(postgresUrl().default('postgres://postgres@127.0.0.1:5432/postgres'), {
    use: 'tests',
    meaning: 'the PostgreSQL server the server benchmarks create their databases on',
    secret: true,
  }),
  BENCH_SERVER_NODE_OPTIONS: variable(z.string().optional(), {
    use: 'tests',
    meaning: 'Node/V8 options added to the benchmarked server only, to compare a flag on the same build; see `bench/README.md`',
  }),
  BENCH_TAIL_BASELINE_CHILD: variable(flag(), { use: 'tests', meaning: 'set by `npm run bench:tail -- --baseline` in the bare `node:http` server it forks' }),
  E2E_PORT: variable(wholeNumber(1, 65_535).default(3210), { use: 'tests', meaning: "the port of the browser tests' first lane; lane i serves on `E2E_PORT` + i" }),
  E2E_LANES: variable(wholeNumber(1, 8).default(2), {
    use: 'tests',
    meaning: 'how many lanes the browser tests run in, each its own server and database with one browser (`e2e/lanes.ts`); 1 with `E2E_DATABASE_URL`',
  }),
  E2E_REPORT_DIR: variable(z.string().default('playwright-report'), { use: 'tests', meaning: "the folder of Playwright's HTML report in CI" }),
  E2E_NEXT_DIST_DIR: variable(z.string().optional(), {
    use: 'tests',
    default: code('.next-e2e'),
    meaning: "the browser tests' build folder (in CI, unset: the build CI just made, `.next`)",
  }),
  E2E_SKIP_BUILD: variable(flag(), { use: 'tests', meaning: '`1` serves the build already in `E2E_NEXT_DIST_DIR` instead of building' }),
  E2E_SCREENSHOTS: variable(flag(), { use: 'tests', meaning: "`1` takes the browser journeys' full-page screenshots under `CI` too (`e2e/screenshots.ts`); outside CI they are always taken" }),
  E2E_DATABASE_URL: variable(postgresUrl().optional(), {
    use: 'tests',
    default: 'unset: a fresh embedded PGlite',
    meaning: 'a PostgreSQL database for the browser tests',
    secret: true,
  }),
  E2E_POSTGRES_URL: variable(postgresUrl().optional(), {
    use: 'tests',
    default: 'unset: a fresh embedded PGlite per lane',
    meaning: "a PostgreSQL server on which each browser-test lane creates its own database (`sc_e2e_<port>`), dropped when the lane's server stops; CI sets it",
    secret: true,
  }),
  E2E_OUTPUT_DIR: variable(z.string().default('test-results/e2e'), { use: 'tests', meaning: "Playwright's output folder" }),
  E2E_CHROMIUM: variable(z.string().default('/usr/bin/chromium'), { use: 'tests', meaning: 'the browser the browser tests drive' }),
};

export type VariableName = keyof typeof variables;

/** Variables declared as a family: any name of the pattern, each checked against the known ones. */
export const variableFamilies: Record<string, { shownDefault: string; meaning: string; use: VariableUse; after: VariableName }> = {
  [RATE_LIMIT_FAMILY]: {
    shownDefault: "the policy's (see `lib/operations/rate-limit-policies.ts`)",
    meaning: `override a policy's quota as \`<limit>/<window seconds>\`, e.g. \`RATE_LIMIT_PUBLIC=300/60\`; the policies: ${rateLimitPolicyNames.map((n) => code(rateLimitVariable(n).slice('RATE_LIMIT_'.length))).join(', ')}; any other name is refused`,
    use: 'app',
    /** Where docs/OPERATORS.md lists it. */
    after: 'RATE_LIMIT_PREFIX',
  },
};

type Shape = { [K in VariableName]: (typeof variables)[K]['schema'] };
const shape = Object.fromEntries(Object.entries(variables).map(([name, v]) => [name, v.schema])) as Shape;

/**
 * Whether the deployment itself is a production build on this machine (`next start` behind
 * http://127.0.0.1 or http://[::1], as the browser tests run it): only then may it deliver
 * webhooks to a receiver on the loopback. The default base URL (localhost) does not count, so a
 * deployment that forgot PUBLIC_BASE_URL still refuses.
 */
function servedOnLoopbackAddress(base: string): boolean {
  const url = new URL(base);
  return url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === '[::1]');
}

/** The declared variables, and the rules that join two of them. */
export const ConfigVariables = z.object(shape).superRefine((v, ctx) => {
  if (v.WEBHOOKS_ALLOW_LOOPBACK && v.NODE_ENV === 'production' && !(v.PUBLIC_BASE_URL && servedOnLoopbackAddress(v.PUBLIC_BASE_URL))) {
    ctx.addIssue({ code: 'custom', path: ['WEBHOOKS_ALLOW_LOOPBACK'], message: 'refused when NODE_ENV=production: webhooks never go to this machine in production' });
  }
  if (v.MEDIA_STORAGE === 's3' && !v.S3_BUCKET) {
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required when MEDIA_STORAGE=s3' });
  }
  if (Boolean(v.S3_ACCESS_KEY_ID) !== Boolean(v.S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({ code: 'custom', path: [v.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together' });
  }
  if (v.MEDIA_STORAGE === 'vercel-blob' && !v.BLOB_READ_WRITE_TOKEN) {
    ctx.addIssue({ code: 'custom', path: ['BLOB_READ_WRITE_TOKEN'], message: 'required when MEDIA_STORAGE=vercel-blob' });
  }
  if (v.UPSTASH_REDIS_REST_URL && !v.UPSTASH_REDIS_REST_TOKEN) {
    ctx.addIssue({ code: 'custom', path: ['UPSTASH_REDIS_REST_TOKEN'], message: 'required when UPSTASH_REDIS_REST_URL is set' });
  }
  if (v.UPSTASH_REDIS_REST_TOKEN && !v.UPSTASH_REDIS_REST_URL) {
    ctx.addIssue({ code: 'custom', path: ['UPSTASH_REDIS_REST_URL'], message: 'required when UPSTASH_REDIS_REST_TOKEN is set' });
  }
});
export type ConfigVariables = z.output<typeof ConfigVariables>;

/** The declared variables, parsed, and the facts that follow from them. */
export type Config = Readonly<
  Omit<ConfigVariables, 'PUBLIC_BASE_URL'> & {
    /** As set, or `http://localhost:<PORT>` (PORT's default 3000): the server's own port when unset. */
    PUBLIC_BASE_URL: string;
    isProduction: boolean;
    isDevelopment: boolean;
    logLevel: LogLevel;
    /** Absolute. */
    pgliteDataDir: string;
    /** Absolute: the folder of `MEDIA_STORAGE=local`. */
    mediaDir: string;
    publicBaseUrl: URL;
    /** RATE_LIMIT_<POLICY> overrides, by policy. */
    rateLimits: Readonly<Partial<Record<RateLimitPolicyName, RateLimitQuota>>>;
  }
>;

/** The environment refused: one line per problem. */
export class ConfigError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

type Environment = Readonly<Record<string, string | undefined>>;

const unsetWhenEmpty = (value: string | undefined) => (value === '' ? undefined : value);

function problem(name: string, raw: string | undefined, secret: boolean, message: string): string {
  if (raw === undefined) return `${name} is not set: ${message}`;
  const shown = secret ? `<${raw.length} characters, not shown>` : JSON.stringify(raw);
  return `${name}=${shown} is invalid: ${message}`;
}

function parseRateLimits(env: Environment, problems: string[]): Partial<Record<RateLimitPolicyName, RateLimitQuota>> {
  const byVariable = new Map(rateLimitPolicyNames.map((name) => [rateLimitVariable(name), name]));
  const quotas: Partial<Record<RateLimitPolicyName, RateLimitQuota>> = {};
  for (const [key, value] of Object.entries(env)) {
    if (!key.startsWith('RATE_LIMIT_') || key === RATE_LIMIT_PREFIX_VARIABLE) continue;
    const raw = unsetWhenEmpty(value);
    if (raw === undefined) continue;
    const name = byVariable.get(key);
    if (!name) {
      problems.push(problem(key, raw, false, `not a rate-limit policy: expected one of ${[...byVariable.keys()].join(', ')}`));
      continue;
    }
    const m = RATE_LIMIT_QUOTA.exec(raw);
    if (!m) problems.push(problem(key, raw, false, 'expected <limit>/<window seconds>, both whole numbers of at least 1 (e.g. 300/60)'));
    else quotas[name] = { limit: Number(m[1]), windowSeconds: Number(m[2]) };
  }
  return quotas;
}

/** Parses an environment (process.env, or a test's own) into the configuration, or throws ConfigError naming every problem. */
export function parseConfig(env: Environment): Config {
  const raw = Object.fromEntries(Object.keys(variables).map((name) => [name, unsetWhenEmpty(env[name])]));
  const problems: string[] = [];
  const parsed = ConfigVariables.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]) as VariableName;
      problems.push(problem(name, raw[name], variables[name].secret, issue.message));
    }
  }
  const rateLimits = parseRateLimits(env, problems);
  if (!parsed.success || problems.length) throw new ConfigError(problems);
  const v = parsed.data;
  const publicBaseUrl = v.PUBLIC_BASE_URL ?? `http://localhost:${v.PORT ?? DEFAULT_PORT}`;
  return {
    ...v,
    PUBLIC_BASE_URL: publicBaseUrl,
    isProduction: v.NODE_ENV === 'production',
    isDevelopment: v.NODE_ENV === 'development',
    logLevel: v.LOG_LEVEL ?? (v.VITEST ? 'warn' : 'info'),
    pgliteDataDir: v.PGLITE_DATA_DIR ? path.resolve(/*turbopackIgnore: true*/ process.cwd(), v.PGLITE_DATA_DIR) : defaultPgliteDataDir(),
    mediaDir: path.resolve(/*turbopackIgnore: true*/ process.cwd(), v.MEDIA_DIR ?? path.join('.data', 'media')),
    publicBaseUrl: new URL(publicBaseUrl),
    rateLimits,
  };
}

/** The embedded database's folder when PGLITE_DATA_DIR is unset. */
export function defaultPgliteDataDir(): string {
  return path.join(/*turbopackIgnore: true*/ process.cwd(), '.data', 'pglite');
}

const slot = () => processWide('config', () => ({ current: undefined as Config | undefined }));

/** The process's configuration, parsed on first use. Throws ConfigError while the environment is invalid. */
export function config(): Config {
  const held = slot();
  return (held.current ??= parseConfig(process.env));
}

/** Tests changed process.env: the next `config()` parses it again. */
export function reloadConfig(): void {
  slot().current = undefined;
}

/**
 * The logger's level when the logger is made, which is before the configuration is checked: an
 * invalid LOG_LEVEL means the default here, and the check at start refuses it.
 */
export function initialLogLevel(): LogLevel {
  const level = variables.LOG_LEVEL.schema.safeParse(unsetWhenEmpty(process.env.LOG_LEVEL));
  return (level.success ? level.data : undefined) ?? (unsetWhenEmpty(process.env.VITEST) ? 'warn' : 'info');
}

/** What a process that cannot start prints: the problems and where the variables are described. */
export function describeRefusal(err: ConfigError): string {
  return `The configuration is invalid:\n${err.problems.map((p) => `  ${p}`).join('\n')}\nSee "Configuration" in docs/OPERATORS.md.`;
}

/**
 * The check at start of the server and of every command: an invalid environment stops the process
 * (exit code 1) with one line per problem and no stack trace, before it serves or does anything.
 */
export function exitOnInvalidConfig(): void {
  try {
    config();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`\n${describeRefusal(err)}\n\n`);
    process.exit(1);
  }
}
