import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Permission, StaffMe } from '../../contract/backoffice.ts';
import { backofficeApi, ApiError } from './api.ts';

export const ME_QUERY = ['backoffice', 'me'] as const;

/** The signed-in member (null when not signed in), refreshed now and then so a role change shows. */
export function useMe() {
  return useQuery({
    queryKey: ME_QUERY,
    queryFn: async () => {
      try {
        return await backofficeApi<StaffMe>('auth/me');
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

/** Whether the member may do this: the interface hides what the server would refuse anyway. */
export function useCan(): (permission: Permission) => boolean {
  const { data } = useMe();
  return (permission) => !!data?.permissions.includes(permission);
}

/** Shows its children only to members with the permission. */
export function Can({ permission, children, otherwise = null }: { permission: Permission; children: ReactNode; otherwise?: ReactNode }) {
  return useCan()(permission) ? children : otherwise;
}
