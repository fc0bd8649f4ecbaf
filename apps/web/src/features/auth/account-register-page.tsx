import { Placeholder } from '../layout/placeholder';

/**
 * /account/register: a signed-in, unregistered account chooses a username and password
 * (PUT /api/register, DESIGN §4). To be built; the route and its guard are in place.
 */
export default function AccountRegisterPage() {
  return <Placeholder title="Complete your registration" />;
}
