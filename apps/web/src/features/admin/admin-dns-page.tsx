import { PublishRecords } from '../account/publish-records';
import { AdminPage } from './admin-nav';

/** /admin/dns: the records the operator publishes for the shared domain. */
export default function AdminDnsPage() {
  return (
    <AdminPage title="DNS">
      <div className="card">
        <PublishRecords />
      </div>
    </AdminPage>
  );
}
