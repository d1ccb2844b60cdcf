/** Prisma CLI configuration for the webhooks database (offline wasm engine; see @studio/prisma-config). */
import { servicePrismaConfig } from '@studio/prisma-config';

export default servicePrismaConfig('webhooks');
