import { useQuery } from '@tanstack/react-query';
import { type Certificate, fetchZones, type HostedZone, SSL_POLL_MS, sslPending, zonesKey } from './domainsApi';

/**
 * The community's zones with their certificates. While a watched certificate is still 'checking' or 'failed', the
 * list is asked for again every 60 s (the server's check runs each minute), and stops once all are 'OK'.
 */
export function useZones(communityId: number, watched: (zones: HostedZone[]) => Certificate[] = allCertificates) {
  return useQuery({
    queryKey: zonesKey(communityId),
    queryFn: () => fetchZones(communityId),
    enabled: communityId > 0,
    refetchInterval: (query) => (query.state.data && sslPending(watched(query.state.data)) ? SSL_POLL_MS : false),
  });
}

const allCertificates = (zones: HostedZone[]) => zones.flatMap((z) => z.certificates.filter((c) => c.is_active));
