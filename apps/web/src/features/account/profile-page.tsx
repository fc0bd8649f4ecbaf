import { useState } from 'react';
import {
  ACCESS_MSG,
  ACCOUNT_HANDLE_PATTERN,
  ACCOUNT_PASSWORD_PATTERN,
  EMAIL_PATTERN,
  FLASH,
  RULE_MESSAGES,
  profileFlash,
  type ProfileWire,
} from '@app/shared';
import { ApiError, apiUrl } from '../../api/client';
import { useUser } from '../auth/use-user';
import { generateValue, useProfileUpdate, type GenerateWhat } from './mutations';
import { TwoFactorSection } from './two-factor-section';
import { PasskeysSection } from './passkeys-section';
import { BrowserNotifications } from './browser-notifications';
import './account.css';
import { useTitle } from '../../lib/title';
import { ApiTokensSection } from './api-tokens-section';
import { SitePrefixSection } from './site-prefix-section';
import { SpamSection } from './spam-section';
import {
  CurrentPassword,
  Field,
  GenerateButton,
  Section,
  useFieldErrors,
  type SaveOutcome,
  type SectionProps,
} from './profile-form';

type SectionKey = 'name' | 'handle' | 'password' | 'email' | 'mobile';

/**
 * /account/profile (docs/product.md §2 "Profile", §5): name, username, password, email and phone. Each field
 * goes view → edit → save or cancel; name, username and password can be generated. The server
 * answers every rule with its flash (the current-password rules included), which the API client
 * shows; an e-mail change gets the permanent notice of docs/product.md §8.
 */
export default function ProfilePage() {
  useTitle('Profile');
  const user = useUser();
  const update = useProfileUpdate(user.id);
  const [open, setOpen] = useState<SectionKey | null>(null);
  const [emailNotice, setEmailNotice] = useState(false);

  /** Sends the changed fields; when saved the section closes. The API client flashes a refusal. */
  const save = async (body: ProfileWire): Promise<SaveOutcome> => {
    try {
      await update.mutateAsync(body);
      setOpen(null);
      return { status: 'saved', message: null };
    } catch (err) {
      const message = err instanceof ApiError ? (err.body?.msg ?? null) : null;
      if (message === FLASH.cannotChangeEmail) setEmailNotice(true);
      return { status: message === ACCESS_MSG.wrongCurrentPassword ? 'wrong-password' : 'failed', message };
    }
  };
  const generate = async (what: GenerateWhat): Promise<string> => {
    try {
      return await generateValue(user.id, what);
    } catch {
      return '';
    }
  };
  const sectionProps = (key: SectionKey) => ({
    editing: open === key,
    onEdit: () => setOpen(key),
    onCancel: () => setOpen(null),
    busy: update.isPending,
  });

  return (
    <div className="profile">
      <NameSection {...sectionProps('name')} value={user.name ?? ''} save={save} generate={() => generate('name')} />
      <HandleSection {...sectionProps('handle')} value={user.handle ?? ''} save={save} generate={() => generate('handle')} />
      <PasswordSection {...sectionProps('password')} save={save} generate={() => generate('password')} />
      <EmailSection {...sectionProps('email')} value={user.email} save={save} notice={emailNotice} />
      <MobileSection {...sectionProps('mobile')} value={user.mobile ?? ''} save={save} />
      <TwoFactorSection userId={user.id} />
      <ApiTokensSection userId={user.id} />
      <SitePrefixSection user={user} />
      <PasskeysSection userId={user.id} />
      <SpamSection userId={user.id} />
      {/* docs/product.md §2 "Profile", §7 "Export and import": every alias and its mail in one .zip. */}
      <section className="card profile-section" aria-label="Your data">
        <a className="btn" href={apiUrl('GET /api/account/:id/export', { params: { id: user.id } })} download>
          Export all my data (.zip)
        </a>
      </section>
      <BrowserNotifications userId={user.id} />
    </div>
  );
}

function NameSection(props: SectionProps & { value: string; generate: () => Promise<string> }) {
  const [name, setName] = useState(props.value);
  const edit = () => {
    setName(props.value);
    props.onEdit();
  };
  const trimmed = name.trim();
  return (
    <Section
      title="Profile name"
      view={props.value || <span className="muted">Not set</span>}
      editing={props.editing}
      onEdit={edit}
      onCancel={props.onCancel}
      busy={props.busy}
      canSave={trimmed !== '' && trimmed !== props.value}
      onSubmit={() => void props.save({ name: trimmed })}
    >
      <Field
        label="Name"
        name="name"
        autoComplete="name"
        autoFocus
        value={name}
        onChange={setName}
        after={<GenerateButton label="Generate a name" onGenerate={async () => setName((await props.generate()) || name)} />}
      />
    </Section>
  );
}

function HandleSection(props: SectionProps & { value: string; generate: () => Promise<string> }) {
  const [handle, setHandle] = useState(props.value);
  const [old, setOld] = useState('');
  const errors = useFieldErrors(props.save);
  const edit = () => {
    setHandle(props.value);
    setOld('');
    errors.clear();
    props.onEdit();
  };
  const trimmed = handle.trim();
  return (
    <Section
      title="Username"
      view={<span className="mono">{props.value}</span>}
      editing={props.editing}
      onEdit={edit}
      onCancel={props.onCancel}
      busy={props.busy}
      canSave={trimmed !== '' && trimmed.toLowerCase() !== props.value}
      onSubmit={async () => {
        const check = ACCOUNT_HANDLE_PATTERN.test(trimmed) ? null : profileFlash('username', RULE_MESSAGES.accountHandle);
        if ((await errors.submit({ handle: trimmed, old_password: old }, check)) === 'wrong-password') setOld('');
      }}
    >
      <Field
        label="New username"
        name="username"
        autoComplete="username"
        autoFocus
        value={handle}
        onChange={setHandle}
        error={errors.field}
        after={
          <GenerateButton label="Generate a username" onGenerate={async () => setHandle((await props.generate()) || handle)} />
        }
      />
      <CurrentPassword value={old} onChange={setOld} error={errors.current} />
    </Section>
  );
}

function PasswordSection(props: SectionProps & { generate: () => Promise<string> }) {
  const [password, setPassword] = useState('');
  const [old, setOld] = useState('');
  const [show, setShow] = useState(false);
  const errors = useFieldErrors(props.save);
  const edit = () => {
    setPassword('');
    setOld('');
    setShow(false);
    errors.clear();
    props.onEdit();
  };
  return (
    <Section
      title="Password"
      view={<span aria-label="hidden">••••••••</span>}
      editing={props.editing}
      onEdit={edit}
      onCancel={props.onCancel}
      busy={props.busy}
      canSave={password !== ''}
      onSubmit={async () => {
        const check = ACCOUNT_PASSWORD_PATTERN.test(password) ? null : profileFlash('password', RULE_MESSAGES.accountPassword);
        if ((await errors.submit({ password, old_password: old }, check)) === 'wrong-password') setOld('');
      }}
    >
      <Field
        label="New password"
        name="new-password"
        type={show ? 'text' : 'password'}
        autoComplete="new-password"
        autoFocus
        value={password}
        onChange={setPassword}
        error={errors.field}
        after={
          <>
            <button type="button" className="btn" aria-pressed={show} onClick={() => setShow((v) => !v)}>
              {show ? 'Hide' : 'Show'}
            </button>
            <GenerateButton
              label="Generate a password"
              onGenerate={async () => {
                const p = await props.generate();
                if (p) {
                  setPassword(p);
                  setShow(true);
                }
              }}
            />
          </>
        }
      />
      <CurrentPassword value={old} onChange={setOld} error={errors.current} />
    </Section>
  );
}

function EmailSection(props: SectionProps & { value: string; notice: boolean }) {
  const [email, setEmail] = useState(props.value);
  const [old, setOld] = useState('');
  const errors = useFieldErrors(props.save);
  const edit = () => {
    setEmail(props.value);
    setOld('');
    errors.clear();
    props.onEdit();
  };
  const trimmed = email.trim();
  return (
    <Section
      title="Email"
      view={<span className="mono">{props.value}</span>}
      editing={props.editing}
      onEdit={edit}
      onCancel={props.onCancel}
      busy={props.busy}
      canSave={trimmed !== '' && trimmed.toLowerCase() !== props.value.toLowerCase()}
      onSubmit={async () => {
        const check = EMAIL_PATTERN.test(trimmed) ? null : profileFlash('email', RULE_MESSAGES.email);
        if ((await errors.submit({ email: trimmed, old_password: old }, check)) === 'wrong-password') setOld('');
      }}
      notice={
        props.notice ? (
          <p className="notice notice-warning" role="status">
            {FLASH.cannotChangeEmail}
          </p>
        ) : null
      }
    >
      <Field
        label="New email"
        name="email"
        type="email"
        autoComplete="email"
        autoFocus
        value={email}
        onChange={setEmail}
        error={errors.field}
      />
      <CurrentPassword value={old} onChange={setOld} error={errors.current} />
    </Section>
  );
}

function MobileSection(props: SectionProps & { value: string }) {
  const [mobile, setMobile] = useState(props.value);
  const edit = () => {
    setMobile(props.value);
    props.onEdit();
  };
  return (
    <Section
      title="Phone"
      view={props.value ? <span className="mono">{props.value}</span> : <span className="muted">Not set</span>}
      editing={props.editing}
      onEdit={edit}
      onCancel={props.onCancel}
      busy={props.busy}
      canSave={mobile.trim() !== props.value}
      onSubmit={() => void props.save({ mobile: mobile.trim() || null })}
    >
      <Field label="Phone number" name="tel" type="tel" autoComplete="tel" autoFocus value={mobile} onChange={setMobile} />
    </Section>
  );
}
