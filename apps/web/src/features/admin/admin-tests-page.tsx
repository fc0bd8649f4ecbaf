import { FLASH, testEmailErrorFlash } from '@app/shared';
import { AdminPage } from './admin-nav';
import { useSendTestEmail } from './mutations';

/**
 * /admin/tests (docs/product.md §2, §4, §8): Send Test Email; idle, busy ('One Moment...'), then success or
 * error, with the result text of docs/product.md §8.
 */
export default function AdminTestsPage() {
  const send = useSendTestEmail();
  const result = send.data;
  let text: string | null = null;
  let ok = false;
  if (result) {
    ok = result.success;
    text = ok ? FLASH.emailSent : testEmailErrorFlash(result.email?.ErrorMessage, result.email?.ErrorRelatedTo);
  } else if (send.isError) {
    text = testEmailErrorFlash(null, []);
  }
  return (
    <AdminPage title="Tests">
      <div className="card">
        <p>Sends a test e-mail to the admin’s address through the outbound relay.</p>
        <button type="button" className="btn btn-primary" disabled={send.isPending} onClick={() => send.mutate()}>
          {send.isPending ? 'One Moment...' : 'Send Test Email'}
        </button>
        {!send.isPending && text && (
          <p className={`test-result notice ${ok ? '' : 'notice-danger'}`} role="status">
            {text}
          </p>
        )}
      </div>
    </AdminPage>
  );
}
