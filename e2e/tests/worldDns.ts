import { powerDnsInstalled } from '../../apps/server/test/powerdns';

/**
 * The world's DNS as the journeys see it: the PowerDNS that global-setup.ts started, which the app's name-server
 * check asks. A journey changes it as an organiser would at the registrar or at an external DNS provider.
 */
export const worldDnsAvailable = powerDnsInstalled;

const api = () => `http://127.0.0.1:${process.env.E2E_DNS_API_PORT}/api/v1/servers/localhost/zones`;
const headers = { 'x-api-key': 'mutirao-test-key', 'content-type': 'application/json' };
const fqdn = (name: string) => `${name.replace(/\.$/, '')}.`;

/** Serves `domain` with the given name servers, as a registrar does once the organiser changed them. */
export async function delegate(domain: string, nameServers: string[]) {
  const response = await fetch(api(), {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: fqdn(domain), kind: 'Native', nameservers: nameServers.map(fqdn) }),
  });
  if (response.status !== 201) throw new Error(`PowerDNS refused the zone: ${await response.text()}`);
}

/** Sets one record set in a zone already served, as the owner of an external domain does at its provider. */
export async function setRecord(domain: string, name: string, type: string, content: string) {
  const response = await fetch(`${api()}/${fqdn(domain)}`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({
      rrsets: [{ name: fqdn(name), type, ttl: 60, changetype: 'REPLACE', records: [{ content, disabled: false }] }],
    }),
  });
  if (response.status !== 204) throw new Error(`PowerDNS refused the record: ${await response.text()}`);
}
