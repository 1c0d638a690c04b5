import { powerDnsInstalled, startPowerDns } from '../apps/server/test/powerdns';

/**
 * Starts PowerDNS on the ports the config gave the app as its resolver, so the domain journeys can pass the
 * wizard's step 3 through real DNS. Without Debian's pdns-server (CI installs it) those steps are skipped.
 */
export default async function globalSetup() {
  if (!powerDnsInstalled) return;
  const pdns = await startPowerDns({
    dns: Number(process.env.E2E_DNS_PORT),
    api: Number(process.env.E2E_DNS_API_PORT),
  });
  return () => pdns.close();
}
