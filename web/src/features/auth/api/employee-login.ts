import { type EmployeeLoginRequest, routes } from '@mm/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Signs in a member without e-mail: organization code, employee number and password. */
export function employeeLogin(body: EmployeeLoginRequest) {
  return apiRequest(routes.employeeLogin, { body });
}

export function useEmployeeLogin() {
  return useMutation({ mutationFn: employeeLogin });
}
