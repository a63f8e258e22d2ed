import "server-only";
import { operatorProvider, ssoForDistrict, ssoForEmail, type SsoProviderConfig } from "./find-sso-connection";

const shown = (p: SsoProviderConfig | null) => (p ? { id: p.id, name: p.name, required_for_staff: p.requireSso ? (1 as const) : (0 as const) } : null);

/**
 * The provider a sign-in form offers: the district's named by its shared link, else the one the
 * address's domain routes to, else the operator's. Never depends on whether the person exists.
 */
export async function lookupSso(query: { email?: string; district?: string }) {
  const byDistrict = query.district && /^[A-Za-z0-9_-]{1,64}$/.test(query.district) ? await ssoForDistrict(query.district) : null;
  const byEmail = !byDistrict && query.email?.includes("@") ? await ssoForEmail(query.email) : null;
  return { provider: shown(byDistrict ?? byEmail ?? operatorProvider()) };
}
