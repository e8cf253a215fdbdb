import { ResultCode } from '@shetuan/shared';

/**
 * A refusal the user can understand: the envelope carries code and msg (Chinese, shown to the user).
 * HTTP status stays 200 by default: the body code is what the clients act on (docs/api.md).
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    public readonly code: number,
    message: string,
    public readonly data: unknown = null,
    public readonly httpStatus = 200,
  ) {
    super(message);
  }
}

export const badInput = (msg: string, data: unknown = null) => new AppError(ResultCode.FAILED, msg, data, 400);
