/** Input of POST /client-sessions: the portal token, or `magic_code` as an alias of it. */
import { z } from 'zod';
import { AppError } from '@studio/errors';

const credential = z.string().min(1).max(512);

export const openSessionBody = z.object({ portal_token: credential.optional(), magic_code: credential.optional() }).meta({
  // OpenAPI: the rule presentedToken enforces (one of the two is required; both given must be equal).
  description: 'The portal token, or magic_code as its alias; when both are given they must be equal.',
  anyOf: [{ required: ['portal_token'] }, { required: ['magic_code'] }],
});

export function presentedToken(body: z.output<typeof openSessionBody>): string {
  const { portal_token: token, magic_code: code } = body;
  if (token === undefined && code === undefined) {
    throw new AppError('invalid_input', 'portal_token (or magic_code) is required', {
      issues: [{ path: 'body.portal_token', message: 'required' }],
    });
  }
  if (token !== undefined && code !== undefined && token !== code) {
    throw new AppError('invalid_input', 'portal_token and magic_code differ', {
      issues: [{ path: 'body.magic_code', message: 'differs from portal_token' }],
    });
  }
  return (token ?? code)!;
}
