import { z } from 'zod';
import { msg } from '../messages';

/**
 * Domains of a community and of its pages (spec 01 §3 DNS hosted zone and record, §5 domain add, custom domain and
 * record types, §9 'www.' storage). Names are compared in lower case, without a trailing dot.
 */

/** spec 01 §5 "DNS record types". */
export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'NAPTR', 'NS', 'PTR', 'SOA', 'SPF', 'SRV', 'TXT'] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];
/** Types whose value holds several lines, one value each (spec 01 §3 "multi-line for NS and MX"). */
export const MULTI_LINE_RECORD_TYPES: readonly DnsRecordType[] = [
  'NS',
  'MX',
  'A',
  'AAAA',
  'TXT',
  'SPF',
  'SRV',
  'NAPTR',
];

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** 'HTTPS://WWW.Example.org/' → 'www.example.org': what a person pastes, as a host name. */
export function normalizeDomain(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/\.$/, '');
}

/** A host name of at least two labels, each a valid DNS label, the last one alphabetic (or punycode). */
export function isDomainName(name: string): boolean {
  if (name.length > 253) return false;
  const labels = name.split('.');
  return labels.length >= 2 && labels.every((l) => LABEL.test(l)) && TLD.test(labels[labels.length - 1] as string);
}

/** spec 01 §9: custom domains are stored with 'www.' and shown without it. */
export const withWww = (domain: string) => (domain.startsWith('www.') ? domain : `www.${domain}`);
export const withoutWww = (domain: string) => domain.replace(/^www\./, '');

/** The zone a host belongs to: the longest registered domain that is the host or one of its parents. */
export function zoneOf<T extends { domain_name: string }>(host: string, zones: readonly T[]): T | undefined {
  const name = normalizeDomain(host);
  return zones
    .filter((z) => {
      const zone = normalizeDomain(z.domain_name);
      return name === zone || name.endsWith(`.${zone}`);
    })
    .sort((a, b) => b.domain_name.length - a.domain_name.length)[0];
}

/** spec 01 §5 "Domain add": required, and a domain name. */
export const dnsHostedZoneSchema = z.object({
  domain_name: z
    .string({ error: msg('domains.domainRequired') })
    .transform(normalizeDomain)
    .pipe(
      z
        .string()
        .min(1, msg('domains.domainRequired'))
        .refine((v) => v === '' || isDomainName(v), msg('domains.domainInvalid')),
    ),
  /** Managed at another DNS provider: no zone of ours, the owner points the records at us. */
  is_external_domain: z.boolean().optional().default(false),
});
export type DnsHostedZoneInput = z.input<typeof dnsHostedZoneSchema>;

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const isIpv6 = (v: string) => {
  if (!/^[0-9a-f:.]+$/i.test(v) || !v.includes(':')) return false;
  const halves = v.split('::');
  if (halves.length > 2) return false;
  const groups = halves.flatMap((h) => (h ? h.split(':') : []));
  const full = halves.length === 1;
  return groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g)) && (full ? groups.length === 8 : groups.length < 8);
};
const isHost = (v: string) => isDomainName(normalizeDomain(v)) || v === '@';
const n16 = (v: string | undefined) => v !== undefined && /^\d{1,5}$/.test(v) && Number(v) <= 65535;

/** Whether one line is a valid value of the type (the provider checks again; this names the mistake early). */
export function recordValueValid(type: DnsRecordType, line: string): boolean {
  const parts = line.trim().split(/\s+/);
  switch (type) {
    case 'A':
      return IPV4.test(line.trim());
    case 'AAAA':
      return isIpv6(line.trim());
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return parts.length === 1 && isHost(parts[0] as string);
    case 'MX':
      return parts.length === 2 && n16(parts[0]) && isHost(parts[1] as string);
    case 'SRV':
      return parts.length === 4 && n16(parts[0]) && n16(parts[1]) && n16(parts[2]) && isHost(parts[3] as string);
    case 'SOA':
      return parts.length === 7 && parts.slice(2).every((p) => /^\d+$/.test(p));
    case 'NAPTR':
      return parts.length === 6 && n16(parts[0]) && n16(parts[1]);
    case 'TXT':
    case 'SPF':
      return line.trim().length > 0 && line.length <= 4000;
  }
}

/** The record's lines: one per value, blank lines dropped. */
export const recordLines = (value: string) =>
  value
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

export const dnsRecordSchema = z
  .object({
    name: z
      .string({ error: msg('domains.recordNameInvalid') })
      .transform(normalizeDomain)
      .pipe(z.string().min(1, msg('domains.recordNameInvalid'))),
    record_type: z.enum(DNS_RECORD_TYPES, { error: msg('domains.recordTypeInvalid') }),
    value: z
      .string({ error: msg('domains.recordValueRequired') })
      .trim()
      .min(1, msg('domains.recordValueRequired')),
    ttl: z.coerce.number().int().min(60).max(604_800).optional().default(3600),
  })
  .superRefine((record, ctx) => {
    const lines = recordLines(record.value);
    if (lines.length > 1 && !MULTI_LINE_RECORD_TYPES.includes(record.record_type))
      ctx.addIssue({ code: 'custom', path: ['value'], message: msg('domains.recordSingleValue') });
    else if (!lines.every((l) => recordValueValid(record.record_type, l)))
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: msg('domains.recordValueInvalid', { type: record.record_type }),
      });
  })
  .transform((record) => ({ ...record, value: recordLines(record.value).join('\n') }));
export type DnsRecordInput = z.input<typeof dnsRecordSchema>;
export type DnsRecordValues = z.output<typeof dnsRecordSchema>;

/** A record's name must be the zone or inside it. */
export const recordInZone = (name: string, zone: string) => name === zone || name.endsWith(`.${zone}`);

/**
 * The form a page's custom domain is stored in, which is also the host its address uses (`publicPageUrl`). Spec 01
 * §9 stores custom domains with 'www.': that is the host that works at a zone's apex, where DNS allows no CNAME (an
 * external domain's check asks for exactly `www.{zone}`). A name below its zone (`onibus.example.org`) is a host of
 * its own, kept as typed: 'www.onibus.example.org' is a name nobody created. Either way it is shown without 'www.'.
 */
export function storedCustomDomain(name: string, zones: readonly { domain_name: string }[]): string {
  const bare = withoutWww(normalizeDomain(name));
  const apex = zones.some((z) => normalizeDomain(z.domain_name) === bare);
  return apex ? withWww(bare) : bare;
}

/**
 * A page's custom domain (spec 01 §5): blank clears it (refused on a page that has one: 'O endereço não pode ficar em
 * branco'), at least two labels ('Esse domínio não é válido.'), and inside a zone of the community ('Você precisa
 * usar um domínio cadastrado na Comunidade'). Answers the stored form (`storedCustomDomain`) or the message.
 */
export function checkCustomDomain(
  raw: string | null | undefined,
  zones: readonly { domain_name: string }[],
  hadOne: boolean,
): { domain: string | null } | { error: string } {
  const name = normalizeDomain(raw ?? '');
  if (!name) return hadOne ? { error: 'domains.customDomainBlank' } : { domain: null };
  if (!isDomainName(name)) return { error: 'domains.customDomainInvalid' };
  if (!zoneOf(withoutWww(name), zones) && !zoneOf(name, zones)) return { error: 'domains.customDomainNotInCommunity' };
  return { domain: storedCustomDomain(name, zones) };
}

/** The `domains` section of the catalogues. Spec messages are quoted verbatim in pt-BR. */
export const domainsMessages = {
  'pt-BR': {
    domainRequired: 'Domínio é obrigatório.',
    domainInvalid: 'Domínio inválido',
    domainTaken: 'Esse domínio já foi adicionado. Confira a lista de domínios.',
    recordNameInvalid: 'Informe o nome do registro',
    recordNameOutside: 'O nome precisa terminar com o domínio {zone}',
    recordTypeInvalid: 'Tipo de registro inválido',
    recordValueRequired: 'Informe o valor do registro',
    recordValueInvalid: 'Valor inválido para um registro {type}',
    recordSingleValue: 'Este tipo de registro aceita um valor só',
    recordTaken: 'Já existe um registro com esse nome e tipo',
    customDomainBlank: 'O endereço não pode ficar em branco',
    customDomainRequired: 'Informe o endereço da página para publicá-la.',
    customDomainInvalid: 'Esse domínio não é válido.',
    customDomainNotInCommunity: 'Você precisa usar um domínio cadastrado na comunidade',
    customDomainTaken: 'Esse endereço já está sendo usado em outra página.',
    customDomainSaved: 'Domínio registrado com sucesso!',
    dnsSaved: 'Dados de domínio salvos com sucesso',
    nsOk: 'Os servidores DNS foram sincronizados...',
    nsPending: 'A alteração de servidores DNS ainda está pendente',
    wwwOk: 'O domínio já aponta para o Mutirão.',
    wwwPending: 'O endereço www ainda não aponta para o Mutirão. A mudança pode levar até 48 horas para valer.',
    providerFailed: 'O provedor de DNS recusou o pedido: {detail}',
    providerDown: 'O provedor de DNS não respondeu. Tente de novo em alguns minutos.',
    operationInvalid: 'A operação deve ser append ou remove',
  },
  es: {
    domainRequired: 'El dominio es obligatorio.',
    domainInvalid: 'Dominio inválido',
    domainTaken: 'Ese dominio ya fue agregado. Revisa la lista de dominios.',
    recordNameInvalid: 'Indica el nombre del registro',
    recordNameOutside: 'El nombre debe terminar con el dominio {zone}',
    recordTypeInvalid: 'Tipo de registro inválido',
    recordValueRequired: 'Indica el valor del registro',
    recordValueInvalid: 'Valor inválido para un registro {type}',
    recordSingleValue: 'Este tipo de registro acepta un solo valor',
    recordTaken: 'Ya existe un registro con ese nombre y tipo',
    customDomainBlank: 'La dirección no puede quedar en blanco',
    customDomainRequired: 'Indica la dirección de la página para publicarla.',
    customDomainInvalid: 'Ese dominio no es válido.',
    customDomainNotInCommunity: 'Necesitas usar un dominio registrado en la comunidad',
    customDomainTaken: 'Esa dirección ya está en uso en otra página.',
    customDomainSaved: '¡Dominio registrado con éxito!',
    dnsSaved: 'Datos de dominio guardados con éxito',
    nsOk: 'Los servidores DNS fueron sincronizados...',
    nsPending: 'El cambio de servidores DNS aún está pendiente',
    wwwOk: 'El dominio ya apunta a Mutirão.',
    wwwPending: 'La dirección www aún no apunta a Mutirão. El cambio puede tardar hasta 48 horas.',
    providerFailed: 'El proveedor de DNS rechazó el pedido: {detail}',
    providerDown: 'El proveedor de DNS no respondió. Inténtalo de nuevo en unos minutos.',
    operationInvalid: 'La operación debe ser append o remove',
  },
  en: {
    domainRequired: 'Domain is required.',
    domainInvalid: 'Invalid domain',
    domainTaken: 'This domain was already added. Check the list of domains.',
    recordNameInvalid: 'Give the record a name',
    recordNameOutside: 'The name must end with the domain {zone}',
    recordTypeInvalid: 'Invalid record type',
    recordValueRequired: 'Give the record a value',
    recordValueInvalid: 'Invalid value for a {type} record',
    recordSingleValue: 'This record type takes a single value',
    recordTaken: 'A record with this name and type already exists',
    customDomainBlank: 'The address cannot be blank',
    customDomainRequired: 'Enter the page address to publish it.',
    customDomainInvalid: 'This domain is not valid.',
    customDomainNotInCommunity: 'You need to use a domain registered in the community',
    customDomainTaken: 'This address is already used by another page.',
    customDomainSaved: 'Domain registered successfully!',
    dnsSaved: 'Domain data saved successfully',
    nsOk: 'The DNS servers are in sync...',
    nsPending: 'The DNS server change is still pending',
    wwwOk: 'The domain now points at Mutirão.',
    wwwPending: 'The www address does not point at Mutirão yet. The change can take up to 48 hours.',
    providerFailed: 'The DNS provider refused the request: {detail}',
    providerDown: 'The DNS provider did not answer. Try again in a few minutes.',
    operationInvalid: 'The operation must be append or remove',
  },
} as const;
