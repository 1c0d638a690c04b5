/** The time zone of a community that has not chosen one: most communities are in Brazil's official time. */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

/**
 * The time zone a community's dates are shown in (e-mails, receipts), from the community row already read. Every date
 * the server writes for people goes through here, so a community setting, when there is one, is read in this one
 * place. Communities cannot choose one yet, so it is always DEFAULT_TIME_ZONE.
 */
export function timeZoneOf(_community: { id: number }): string {
  return DEFAULT_TIME_ZONE;
}
