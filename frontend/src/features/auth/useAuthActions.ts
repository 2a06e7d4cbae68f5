import type { SessionUserFragment } from '@/gql/graphql';
import { getSession, loginPathFor, setSession, type Role, type SessionUser } from '@/lib/session';

/** GraphQL enum names (Admin, Doctor, User) → the session's role values. */
export function toSessionUser(u: SessionUserFragment): SessionUser {
  return { id: u.id, name: u.name, email: u.email, role: u.role.toLowerCase() as Role, avatarUrl: u.avatarUrl ?? null, hasPassword: u.hasPassword };
}

/**
 * Logout: revoke the session on the server (a doctor goes offline), then forget it here. The header
 * holds no Apollo (the shell paints without it): the client and the mutation's document are fetched
 * when the button is pressed, if no screen has brought them yet.
 */
export function useLogout() {
  return async () => {
    const role = getSession()?.user.role;
    try {
      const [{ appApolloClient }, { LogoutDocument }] = await Promise.all([import('@/lib/apollo'), import('@/gql/documents/LogoutDocument')]);
      await appApolloClient().mutate({ mutation: LogoutDocument });
    } catch {
      /* an expired session is logged out anyway */
    }
    setSession(null);
    return loginPathFor(role);
  };
}
