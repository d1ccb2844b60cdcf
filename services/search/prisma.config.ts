/** Prisma CLI configuration for the search database (offline wasm engine; see @studio/prisma-config). */
import { servicePrismaConfig } from '@studio/prisma-config';

export default servicePrismaConfig('search');
