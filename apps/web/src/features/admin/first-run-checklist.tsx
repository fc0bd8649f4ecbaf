import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { FIRST_RUN_STEPS, type FirstRunStep } from '@app/shared';
import { CheckIcon } from '../../components/icons';
import { to } from '../../router/paths';
import { useDismissFirstRun } from './mutations';
import { adminFirstRunQuery } from './queries';

const STEPS: Record<FirstRunStep, { title: string; how: string; link: string; action: string }> = {
  password: {
    title: 'Change the printed password',
    how: 'The password printed at the first start is in your terminal history. Choose your own.',
    link: to('accountProfile'),
    action: 'Profile',
  },
  two_factor: {
    title: 'Turn on two-factor authentication',
    how: 'An authenticator app or a passkey, so a stolen password alone does not open the admin account.',
    link: to('accountProfile'),
    action: 'Profile',
  },
  public_address: {
    title: 'Set the public address and DNS',
    how: 'Set PUBLIC_URL and MAIL_DOMAIN to your own names, then publish the MX, SPF, DKIM and DMARC records.',
    link: to('adminDns'),
    action: 'DNS records',
  },
  alias: {
    title: 'Create an alias',
    how: 'Your first address, to see mail arrive.',
    link: to('aliasNew'),
    action: 'New alias',
  },
  test_mail: {
    title: 'Send a test mail',
    how: 'Proves that mail leaves this server through the relay (SMTP_RELAY_URL).',
    link: to('adminTests'),
    action: 'Tests',
  },
};

/** The admin's first-run checklist (docs/product.md §4 "First run"): each step ticks from the server's state. */
export function FirstRunChecklist() {
  const { data } = useQuery(adminFirstRunQuery);
  const dismiss = useDismissFirstRun();
  if (!data || data.dismissed) return null;
  const done = FIRST_RUN_STEPS.filter((s) => data.steps[s]).length;
  return (
    <section className="card first-run" aria-labelledby="first-run-title">
      <div className="first-run-head">
        <h3 id="first-run-title">Set up this server</h3>
        <span className="muted small">
          {done} of {FIRST_RUN_STEPS.length} done
        </span>
        <button type="button" className="btn btn-sm" onClick={() => dismiss.mutate()} disabled={dismiss.isPending}>
          Hide checklist
        </button>
      </div>
      <ol className="first-run-steps">
        {FIRST_RUN_STEPS.map((key) => {
          const step = STEPS[key];
          const ok = data.steps[key];
          return (
            <li key={key} className={ok ? 'is-done' : undefined}>
              <span className="first-run-mark" aria-hidden="true">
                {ok && <CheckIcon size={14} />}
              </span>
              <div>
                <strong>
                  <span className="visually-hidden">{ok ? 'Done: ' : 'To do: '}</span>
                  {step.title}
                </strong>
                <p className="muted small">{step.how}</p>
              </div>
              {!ok && (
                <Link className="btn btn-sm" to={step.link}>
                  {step.action}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
