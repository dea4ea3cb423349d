import { endpointPath, type EndpointBody, type EndpointDef, type EndpointParams, type EndpointQuery, type EndpointResponse } from '@fieldbook/contract';
import type { z } from 'zod';
import { apiRequest, type QueryValue } from './api-client';

type HasSchema<S> = S extends z.ZodType ? true : false;

/** What a call of `E` takes: its params (when the path has any), query, body, and the request options. */
export type EndpointCall<E extends EndpointDef> = { signal?: AbortSignal; timeoutMs?: number; idempotencyKey?: string } & (HasSchema<E['params']> extends true
  ? { params: EndpointParams<E> }
  : { params?: never }) &
  (HasSchema<E['query']> extends true ? { query?: Partial<EndpointQuery<E>> } : { query?: never }) &
  (HasSchema<E['body']> extends true ? { body: EndpointBody<E> } : { body?: never });

/**
 * Calls an endpoint of the contract through the request layer (token, timeout, retries, refresh) and parses the
 * answer with the endpoint's response schema. The method and path come from the definition — never written here.
 *
 *   const contact = await callEndpoint(contactEndpoints.get, { params: { id } });
 */
export function callEndpoint<E extends EndpointDef>(endpoint: E, call: EndpointCall<E>): Promise<EndpointResponse<E>> {
  const { params, query, body, signal, timeoutMs, idempotencyKey } = call as {
    params?: Record<string, string>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    signal?: AbortSignal;
    timeoutMs?: number;
    idempotencyKey?: string;
  };
  return apiRequest(endpoint.response, endpointPath(endpoint.path, params), {
    method: endpoint.method,
    ...(query ? { query } : {}),
    ...(body !== undefined ? { body } : {}),
    ...(signal ? { signal } : {}),
    ...(timeoutMs ? { timeoutMs } : {}),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  }) as Promise<EndpointResponse<E>>;
}
