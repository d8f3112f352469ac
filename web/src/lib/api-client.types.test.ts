import { routes } from '@mm/contract';
import { describe, expectTypeOf, it } from 'vitest';
import type * as client from './api-client.ts';

// Types only: the client itself needs a browser, and no request may leave.
declare const apiRequest: typeof client.apiRequest;
declare const apiDownload: typeof client.apiDownload;

/**
 * The route table types every call (issue 14): a change of a path parameter, a body field or an answer field in the
 * contract fails `npm run typecheck` here as in the callers. Each `@ts-expect-error` is a call the table must refuse:
 * were the contract loosened so that it compiled, the directive itself would fail the type check.
 */
describe('apiRequest(route, input)', () => {
  it('takes its input and answer types from the route table', () => {
    // Checked by the compiler only: never called.
    const typeOnly = () => {
      expectTypeOf(apiRequest(routes.userInfo, { params: { userId: 1 } }))
        .resolves.toHaveProperty('data')
        .toHaveProperty('last_name')
        .toEqualTypeOf<string>();
      expectTypeOf(apiRequest(routes.login, { body: { email: 'a@example.com', password: 'x' } }))
        .resolves.toHaveProperty('data')
        .toHaveProperty('token')
        .toEqualTypeOf<string>();

      // @ts-expect-error a path parameter the path does not name
      void apiRequest(routes.userInfo, { params: { user: 1 } });
      // @ts-expect-error the path parameter is missing
      void apiRequest(routes.userInfo, {});
      // @ts-expect-error a call with a body needs it
      void apiRequest(routes.updateProfile);
      // @ts-expect-error a body field of the wrong type
      void apiRequest(routes.updateProfile, { body: { name: 5, email: 'a@example.com' } });
      // @ts-expect-error a body field the contract does not have
      void apiRequest(routes.changePassword, { body: { old_password: 'a', password: 'b', password_confirmation: 'b', extra: 1 } });
      // @ts-expect-error a body the call does not take
      void apiRequest(routes.profile, { body: {} });
      // @ts-expect-error a download is not an envelope call
      void apiRequest(routes.certificatesPdf, { params: { id: 1 } });
      // @ts-expect-error an envelope call is not a download
      void apiDownload(routes.profile);
      // @ts-expect-error a field the answer does not have
      void apiRequest(routes.profile).then(({ data }) => data.surname);
    };
    expectTypeOf(typeOnly).toBeFunction();
  });
});
