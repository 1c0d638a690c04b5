import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkZone, type HostedZone, zonesKey } from './domainsApi';

/**
 * 'Testar conexão': the server looks the name servers up now and answers the zone with 'domains.nsOk' or
 * 'domains.nsPending'; the list takes the zone's new state.
 */
export function useZoneCheck(communityId: number, zoneId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => checkZone(communityId, zoneId),
    onSuccess: ({ message: _message, ...zone }) => {
      queryClient.setQueryData<HostedZone[]>(zonesKey(communityId), (zones) =>
        zones?.map((z) => (z.id === zone.id ? zone : z)),
      );
    },
  });
}
