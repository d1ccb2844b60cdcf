/**
 * @studio/proto is generated from proto/ (scripts/lib/proto-types.ts): the committed types must be what the
 * generator makes of today's contracts, with the runtime loader's options.
 */
import { describe, expect, it } from 'vitest';
import { barrelSource, constantName, generatorFlags, REGENERATE_COMMAND, staleProtoTypes } from './lib/proto-types.js';

describe('proto-gen', () => {
  it('libs/proto/src is a fresh generation of proto/ (else run the command named in the failure and commit)', () => {
    const stale = staleProtoTypes();
    expect(stale, `@studio/proto is out of date with proto/: run \`${REGENERATE_COMMAND}\` and commit libs/proto/src`).toEqual([]);
  }, 60_000);

  it('turns the loader options into the generator flags that type what the loader produces', () => {
    expect(generatorFlags({ keepCase: true, longs: String, enums: String, defaults: true, oneofs: true })).toEqual([
      '--keepCase',
      '--defaults',
      '--oneofs',
      '--longs=String',
      '--enums=String',
    ]);
    expect(generatorFlags({ longs: Number, bytes: Array, arrays: true })).toEqual(['--arrays', '--longs=Number', '--bytes=Array']);
    expect(() => generatorFlags({ longs: BigInt })).toThrow(/longs/);
  });

  it('names the typed file constant after the contract', () => {
    expect(constantName({ name: 'index-source', file: 'index/v1/index_source.proto', packageDir: 'index/v1' })).toBe('INDEX_SOURCE_PROTO');
  });

  it('writes one barrel per contract: its file, its ProtoGrpcType and every type of its package', () => {
    const source = barrelSource({ name: 'upload', file: 'upload/v1/upload.proto', packageDir: 'upload/v1' }, [
      'UploadInternal.ts',
      'KeeperPhoto.ts',
    ]);
    expect(source).toContain(`export const UPLOAD_PROTO: ProtoFile<ProtoGrpcType> = { file: 'upload/v1/upload.proto' };`);
    expect(source).toContain(`import type { ProtoGrpcType } from './generated/upload.js';`);
    expect(source.indexOf('KeeperPhoto.js')).toBeLessThan(source.indexOf('UploadInternal.js'));
  });
});
