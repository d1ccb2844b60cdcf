/** Connection settings of the real servers tests talk to, parsed once from the environment. */
import { z } from 'zod';
import { env, parseConfig } from '@studio/config';

const schema = z.object({
  TEST_PG_ADMIN_URL: env.url('postgresql://postgres@127.0.0.1:5432/postgres'),
  TEST_REDIS_URL: env.url('redis://127.0.0.1:6379/0'),
  TEST_AMQP_URL: env.url('amqp://guest:guest@127.0.0.1:5672'),
});

export const testConfig = parseConfig(schema, process.env);
