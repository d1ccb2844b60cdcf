/**
 * `npm run proto:gen`: regenerates @studio/proto (libs/proto/src) from the contracts in proto/. Run it after
 * changing a .proto file and commit the result; scripts/proto-gen.spec.ts fails while the two disagree.
 */
import path from 'node:path';
import { PROTO_TYPES_DIR, ROOT, writeProtoTypes } from './lib/proto-types.js';

const files = writeProtoTypes();
console.log(`[proto:gen] wrote ${files.length} files into ${path.relative(ROOT, PROTO_TYPES_DIR)}`);
