import type { Contact, contactEndpoints, taskEndpoints } from '@fieldbook/contract';
import { describe, expectTypeOf, it } from 'vitest';
import { callEndpoint, type EndpointCall } from './call-endpoint';

// Compile-time checks (tsc -b runs over this file): the contract decides what a call takes and answers.
describe('callEndpoint types', () => {
  it('answers the endpoint response type and takes its params, query and body', () => {
    expectTypeOf(callEndpoint<typeof contactEndpoints.get>).returns.resolves.toEqualTypeOf<Contact>();
    expectTypeOf<EndpointCall<typeof contactEndpoints.get>['params']>().toEqualTypeOf<{ id: string }>();
    // @ts-expect-error a path param the endpoint does not have
    const wrongParam: EndpointCall<typeof contactEndpoints.get> = { params: { contactId: 'x' } };
    // @ts-expect-error a body on an endpoint without one
    const bodyOnGet: EndpointCall<typeof taskEndpoints.get> = { params: { id: 'x' }, body: {} };
    // @ts-expect-error the assign body needs assigned_to
    const missingField: EndpointCall<typeof taskEndpoints.assign> = { params: { id: 'x' }, body: {} };
    void [wrongParam, bodyOnGet, missingField];
  });
});
