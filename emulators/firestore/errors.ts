import { status } from '@grpc/grpc-js';

/** An error carrying a gRPC status code; handlers turn it into the RPC's status. */
export class RpcError extends Error {
  constructor(
    readonly code: status,
    message: string,
  ) {
    super(message);
  }
}

export const invalid = (msg: string) => new RpcError(status.INVALID_ARGUMENT, msg);
export const aborted = (msg: string) => new RpcError(status.ABORTED, msg);
export const notFound = (msg: string) => new RpcError(status.NOT_FOUND, msg);
export const alreadyExists = (msg: string) => new RpcError(status.ALREADY_EXISTS, msg);
export const failedPrecondition = (msg: string) => new RpcError(status.FAILED_PRECONDITION, msg);

/** Normalises anything thrown inside a handler to a gRPC ServiceError-like object. */
export function toServiceError(err: unknown): { code: status; details: string; message: string } {
  if (err instanceof RpcError) return { code: err.code, details: err.message, message: err.message };
  const message = err instanceof Error ? err.message : String(err);
  return { code: status.INTERNAL, details: message, message };
}
