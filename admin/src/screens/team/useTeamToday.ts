import { useQuery } from '@tanstack/react-query';
import { useSyncedReload } from '../../pwa/useSyncedReload';
import { teamApi } from './api';

/** Today's attendance of the people the user covers; read again when the connection returns. */
export const useTeamToday = () => {
  const query = useQuery({ queryKey: ['team', 'today'], queryFn: () => teamApi.today(), retry: false });
  useSyncedReload(() => query.refetch());
  return query;
};
