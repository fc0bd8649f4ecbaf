import { Placeholder } from '../layout/placeholder';

/** /alias/{aliasId}/notes (SPEC §2 "Alias notes"). To be built; the route and its guard are in place. */
export default function AliasNotesPage() {
  return <Placeholder title="Notes" />;
}
