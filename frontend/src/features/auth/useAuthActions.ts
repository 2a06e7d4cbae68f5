import { useMutation } from '@apollo/client/react';
import { LogoutDocument, type SessionUserFragment } from '@/gql/graphql';
import { getSession, loginPathFor, setSession, type Role, type SessionUser } from '@/lib/session';

/** GraphQL enum names (Admin, Doctor, User) → the session's role values. */
export function toSessionUser(u: SessionUserFragment): SessionUser {
  return { id: u.id, name: u.name, email: u.email, role: u.role.toLowerCase() as Role, avatarUrl: u.avatarUrl ?? null, hasPassword: u.hasPassword };
}

/** Logout: revoke the session on the server (a doctor goes offline), then forget it here. */
export function useLogout() {
  const [logout] = useMutation(LogoutDocument);
  return async () => {
    const role = getSession()?.user.role;
    try {
      await logout();
    } catch {
      /* an expired session is logged out anyway */
    }
    setSession(null);
    return loginPathFor(role);
  };
}
