import { Placeholder } from '../layout/placeholder';

/** /account/invitations, admin only (SPEC §2 "Invitations"). To be built; the route and its guard are in place. */
export default function InvitationsPage() {
  return <Placeholder title="Invitations" />;
}
