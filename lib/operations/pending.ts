import { z } from 'zod';
import { OpenObject, dataEnvelope } from '../schemas/common';
import { type OperationDef, defineOperation } from './types';

/**
 * An operation of the public interface whose issue has not landed yet: declared here with the
 * spec's path, method, auth, scopes, idempotency and schema names, but no route, so it answers
 * 404 route_not_found. Its issue replaces the open schemas with real ones.
 */
// One schema object per component name: several operations share a request or response name.
const named = new Map<string, ReturnType<typeof dataEnvelope> | typeof OpenObject>();
function once<T extends ReturnType<typeof dataEnvelope> | typeof OpenObject>(name: string, make: () => T): T {
  if (!named.has(name)) named.set(name, make());
  return named.get(name) as T;
}

export function pendingOperation(
  def: Omit<OperationDef, 'response' | 'body' | 'params' | 'errors' | 'tag'> & {
    tag: string;
    pathParams?: readonly string[];
    hasBody?: boolean;
  },
) {
  const { pathParams = [], hasBody, ...rest } = def;
  return defineOperation({
    ...rest,
    params: pathParams.length
      ? z.strictObject(Object.fromEntries(pathParams.map((p) => [p, z.string().min(1).max(200)])))
      : undefined,
    body: hasBody ? once(def.requestName!, () => OpenObject.meta({ id: def.requestName })) : undefined,
    response: once(def.responseName, () => dataEnvelope(OpenObject, def.responseName)),
    errors: [],
    pending: true,
  });
}
