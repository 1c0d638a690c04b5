/**
 * The services that have a sandbox driver (nothing leaves the server). In production the server runs one on its
 * sandbox only when ALLOW_SANDBOX names it, and the admin app then shows a banner naming it on every screen.
 */
export const SANDBOX_SERVICES = ['payments', 'mail', 'telephony', 'mailing', 'chatbot', 'dns'] as const;
export type SandboxService = (typeof SANDBOX_SERVICES)[number];

export function isSandboxService(name: string): name is SandboxService {
  return (SANDBOX_SERVICES as readonly string[]).includes(name);
}
