import { useEffect, useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { CopyButton } from '../../components/copy-button';
import { FormActions } from '../../components/form-actions';
import { useConfirmTotp, useDisableTotp, useStartTotp, type TotpEnrolment } from './mutations';
import { totpQuery } from './queries';

type Step =
  { kind: 'view' } | { kind: 'enrol'; enrolment: TotpEnrolment } | { kind: 'codes'; codes: string[] } | { kind: 'disable' };

/**
 * Profile › Two-factor authentication (docs/product.md §5): set up with a QR code (or the secret typed
 * in) and a first code, the recovery codes shown once, and turning it off with a code or the password.
 * The API client flashes every refusal.
 */
export function TwoFactorSection({ userId }: { userId: number }) {
  const id = useId();
  const status = useQuery(totpQuery(userId));
  const start = useStartTotp(userId);
  const [step, setStep] = useState<Step>({ kind: 'view' });
  const enabled = status.data?.enabled === true;

  const begin = () =>
    start.mutate(undefined, {
      onSuccess: (enrolment) => setStep({ kind: 'enrol', enrolment }),
    });
  const done = () => setStep({ kind: 'view' });

  return (
    <section className="card profile-section" aria-labelledby={id}>
      <div className="profile-head">
        <h2 id={id}>Two-factor authentication</h2>
        {step.kind === 'view' &&
          status.data &&
          (enabled ? (
            <button type="button" className="btn btn-sm" onClick={() => setStep({ kind: 'disable' })}>
              Turn off
            </button>
          ) : (
            <button type="button" className="btn btn-sm" disabled={start.isPending} onClick={begin}>
              Set up
            </button>
          ))}
      </div>
      {step.kind === 'view' && (
        <div className="profile-value">
          {!status.data ? (
            <span className="muted">…</span>
          ) : enabled ? (
            <span>
              On — a code from your authenticator app is asked at sign-in.{' '}
              <span className="muted">Recovery codes left: {status.data.recovery_codes_left}</span>
            </span>
          ) : (
            <span className="muted">Off</span>
          )}
        </div>
      )}
      {step.kind === 'enrol' && (
        <Enrol
          userId={userId}
          enrolment={step.enrolment}
          onCodes={(codes) => setStep({ kind: 'codes', codes })}
          onCancel={done}
        />
      )}
      {step.kind === 'codes' && <RecoveryCodes codes={step.codes} onDone={done} />}
      {step.kind === 'disable' && <Disable userId={userId} onDone={done} />}
    </section>
  );
}

/** The otpauth:// address as an SVG QR code, drawn here: the secret never leaves the page. */
function useQrCode(text: string): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toString(text, { type: 'svg', margin: 1 }).then((svg) => {
      if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [text]);
  return src;
}

function Enrol(props: { userId: number; enrolment: TotpEnrolment; onCodes: (codes: string[]) => void; onCancel: () => void }) {
  const confirm = useConfirmTotp(props.userId);
  const qr = useQrCode(props.enrolment.otpauth_url);
  const [code, setCode] = useState('');
  const fieldId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim() || confirm.isPending) return;
    confirm.mutate(code.trim(), { onSuccess: props.onCodes, onError: () => setCode('') });
  };
  return (
    <form className="form profile-form" onSubmit={submit} noValidate>
      <p>Scan this code with your authenticator app, or type the key in, then enter the code the app shows.</p>
      {qr && <img className="totp-qr" src={qr} alt="QR code for your authenticator app" width={192} height={192} />}
      <div className="field">
        <span className="small muted">Key</span>
        <div className="field-row">
          <code className="mono" data-testid="totp-secret">
            {props.enrolment.secret}
          </code>
          <CopyButton value={props.enrolment.secret} label="key" />
        </div>
      </div>
      <div className="field">
        <label htmlFor={fieldId}>Code from the app</label>
        <input
          id={fieldId}
          name="one-time-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </div>
      <FormActions
        label="Turn on"
        busyLabel="Checking…"
        busy={confirm.isPending}
        disabled={!code.trim()}
        onCancel={props.onCancel}
      />
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="profile-value">
      <p className="notice notice-warning" role="status">
        Save these recovery codes somewhere safe now: they are shown only this once. Each one signs you in once if you lose your
        authenticator app.
      </p>
      <ul className="mono recovery-codes" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="actions">
        <CopyButton value={codes.join('\n')} label="recovery codes" />
        <button type="button" className="btn btn-primary" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

function Disable({ userId, onDone }: { userId: number; onDone: () => void }) {
  const disable = useDisableTotp(userId);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const codeId = useId();
  const passwordId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (disable.isPending) return;
    disable.mutate(code.trim() ? { code: code.trim() } : { password }, {
      onSuccess: onDone,
      onError: () => {
        setCode('');
        setPassword('');
      },
    });
  };
  return (
    <form className="form profile-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={codeId}>Authentication code or recovery code</label>
        <input
          id={codeId}
          name="one-time-code"
          autoComplete="one-time-code"
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={passwordId}>Or your password</label>
        <input
          id={passwordId}
          name="current-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <FormActions label="Turn off" danger busy={disable.isPending} disabled={!code.trim() && !password} onCancel={onDone} />
    </form>
  );
}
